"""The kinds of change the journal describes: one English template each, with named fields.

Each template is a key of the catalog (its Russian in core/msg/ru.py). The
commands (core/commands) make their journal line from one of them
(core/msg/journal.py: `describe`); an old journal's English is matched back
to the template it came from (core/msg/journal_legacy.py). Both read this
list, so neither imports the other for it.
"""

from __future__ import annotations

TEMPLATES: tuple[str, ...] = (
    # results (the TUI's keys and ':' line, `arbiter result`)
    "result {stage} round {round} board {board}: {result}",
    "result {stage} round {round} table {table} board {board}: {result}",
    "result {stage} round {round} board {board}: cleared",
    "result {stage} round {round} table {table} board {board}: cleared",
    "moves {stage} round {round} board {board}: {moves}",
    "technical draws (705.3) round {round} boards {boards}",
    # the round clock (705.3)
    "round clock {stage} round {round}",
    "round clock {stage} round {round} table {table}",
    "round clock {stage}: {minutes} minutes on every table",
    "round clock {stage} round {round}: {minutes} minutes",
    "round clock {stage} round {round} table {table}: {minutes} minutes",
    # pairing (the TUI's preview, `arbiter pair`)
    "pair next round",
    "pair next round of table {table}",
    "pair next round (by hand: {changes})",
    "pair next round of table {table} (by hand: {changes})",
    "pair round {rounds}",
    "pair round {rounds} of table {table}",
    "pair round {rounds} (by hand: {changes})",
    "pair round {rounds} of table {table} (by hand: {changes})",
    "pair next round, allowing a rematch of {pair}",
    "pair next round of table {table}, allowing a rematch of {pair}",
    "pair round {round} by hand",
    "pair round {rounds} with the fewest rematches: {pair}",
    "pair round {rounds} of table {table} with the fewest rematches: {pair}",
    "pair round {rounds} with the fewest rematches: {pair} (by hand: {changes})",
    "pair round {rounds} of table {table} with the fewest rematches: {pair} (by hand: {changes})",
    "pair next round with the fewest rematches",
    "pair next round of table {table} with the fewest rematches",
    "pair round {round} by hand: {pair}",
    "take back the pairing of round {round}",
    # changes by hand to a pairing
    "swap colours on board {board}",
    "exchange players {a} and {b}",
    "bye by hand for player {pid}",
    # the event (`arbiter event set`)
    "set the event's details",
    # stages
    "start the top",
    "start the play-off",
    "take back the play-off",
    # players
    "add player {name}",
    "edit player {pid}",
    "withdraw player {pid}",
    "move player {pid} to table {table}",
    "import {n} players from {file}",
    "update ratings from {file}: {n} changed",
    "half bye for player {pid} in round {round}",
    "zero bye for player {pid} in round {round}",
    "full bye for player {pid} in round {round}",
    "none bye for player {pid} in round {round}",
    "forbid pairing {a} with {b}",
    "allow pairing {a} with {b}",
    "forbid games within club {club}",
    "allow games within club {club}",
    # teams
    "roster of team {team}",
    "line-up of team {team} for round {round}",
    "clear the line-up of team {team} for round {round}",
    "forbid teams {team} and {other} to meet",
    "allow teams {team} and {other} to meet",
    "fix the team numbers",
    "swap the order of match {match}",
    "exchange teams {team} and {other}",
    "bye by hand for team {team}",
    # several changes saved together (core/commands/batch.py: `arbiter result FILE 1 1-0 2 = ...`)
    "at once: {changes}",
    # undo and redo (core/store journals them as "undo <what>", "redo <what>")
    "undo {what}",
    "redo {what}",
    # players to tables (core/event/seating.py: the TUI's players screen, `arbiter players distribute`)
    "seat players at tables by rating",
    "seat players at tables by lot",
    # the end of the event (core/final/changes.py: `arbiter categories|prizes|draw-lots`, the TUI's forms)
    "add category {name}",
    "edit category {name}",
    "rename category {name} to {other}",
    "move category {name} to position {n}",
    "remove category {name}",
    "add prize {name}",
    "edit prize {name}",
    "rename prize {name} to {other}",
    "move prize {name} to position {n}",
    "remove prize {name}",
    "prize sharing: none",
    "prize sharing: equal",
    "prize sharing: hort",
    "prize sharing: winners",
    "trophies at a shared place: by the Swiss order",
    "trophies at a shared place: by lot",
    "prize split (704.4) of players {players}: parts {parts}",
    "take back the prize split of player {pid}",
    "draw lots for the final ranking: {draws}",
    "ties after every tie-break: shared places",
    "ties after every tie-break: by lot",
    # players' codes and reports from their phones (core/commands/reports.py; docs/players.md)
    "codes for {n} players",
    "new code for player {pid}",
    "result {stage} round {round} board {board}: {result}, reported by {players}",
    "result {stage} round {round} table {table} board {board}: {result}, reported by {players}",
    "half bye for player {pid} in round {round}, asked by the player",
    "zero bye for player {pid} in round {round}, asked by the player",
    "full bye for player {pid} in round {round}, asked by the player",
    "withdraw player {pid}, asked by the player",
    "players' reports: {name}; byes asked from the phone: {n} {other}",
)
