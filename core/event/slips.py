"""A result as a slip says it: by a player (an id or a name) and that player's score, not by a board.

A judge reads out "37 beat 12" or "Ivanov lost"; the `:` line of the TUI
takes `#37 1` or `Ivanov 0` and finds the board (TSH takes players the same
way). Two steps, both here so no rule lives in the shell:

* `players_on_boards(event, rnd, who)`: the boards of `rnd` whose player is
  `who`: `#37` (or `№37`, Shift+3 on a Russian keyboard) is the player with id 37; anything else is a name, matched
  without regard to case, commas or dots, ё as е, at the start of the whole
  name or of any word of it (`Ivanov`, `ivanov i`, `Dmitry`). A name typed
  whole, or a word of a name typed whole, is taken before names that only
  begin so (`Ivanov` is Ivanov, Dmitry rather than Ivanova, Olga); several
  left is a question for the judge, none is said (`who_elsewhere` says where
  such a player is when not on this round's boards).
* `player_result(text, first)`: the board's result from the player's score:
  `1` `0` `=` (`1/2`, `½`, `0.5`), `+` (won by forfeit: the opponent did not
  come), `-` (lost by forfeit), `1t` `0t` `=t` (705.3), `1a` `0a` (704.4); a
  whole result (`1-0`, `0-1f` ...) is read from the player's side, so
  `Ivanov 1-0` is a win for Ivanov whichever colour he had.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter_tournament.core.errors import IllegalChange, InvalidResult
from arbiter_tournament.core.event.model import Event, Round
from arbiter_tournament.core.event.results import Result


@dataclass(frozen=True)
class OnBoard:
    """A player found on a board of a round: `first` when they are the board's first player."""

    pid: int
    board: int
    first: bool


_SHORT = {
    "1": "1-0", "0": "0-1", "=": "1/2", "1/2": "1/2", "0.5": "1/2", ".5": "1/2",
    "+": "+-", "-": "-+", "1f": "+-", "0f": "-+",
    "1t": "1-0t", "0t": "0-1t", "=t": "=t", "1/2t": "=t",
    "1a": "1-0a", "0a": "0-1a",
}

_MIRROR = {
    Result.FIRST_WINS: Result.SECOND_WINS, Result.SECOND_WINS: Result.FIRST_WINS,
    Result.FORFEIT_FIRST_WINS: Result.FORFEIT_SECOND_WINS, Result.FORFEIT_SECOND_WINS: Result.FORFEIT_FIRST_WINS,
    Result.TECHNICAL_FIRST_WINS: Result.TECHNICAL_SECOND_WINS,
    Result.TECHNICAL_SECOND_WINS: Result.TECHNICAL_FIRST_WINS,
    Result.AGREED_FIRST_WINS: Result.AGREED_SECOND_WINS, Result.AGREED_SECOND_WINS: Result.AGREED_FIRST_WINS,
}


def mirrored(result: Result) -> Result:
    """The same game's result with the players' sides swapped (a draw, a double forfeit stay)."""
    return _MIRROR.get(result, result)


def parse_score(text: str) -> Result:
    """A player's score as typed (see the module), as a result with the player first."""
    key = text.strip().lower().replace(" ", "").replace("½", "1/2")
    try:
        result = Result.parse(_SHORT.get(key, key))
    except InvalidResult:
        raise InvalidResult("'{text}' is not a player's score; type 1 0 = + - (1t 0t =t technical, 1a 0a agreed) "
                            "or a result such as 1-0 read from the player's side", text=text.strip()) from None
    if result is Result.BYE:
        raise InvalidResult("'{text}' is not a player's score; type 1 0 = + - (1t 0t =t technical, 1a 0a agreed) "
                            "or a result such as 1-0 read from the player's side", text=text.strip())
    return result


def player_result(text: str, first: bool) -> Result:
    """The board's result when the player who is first (`first`) or second on it scored `text`."""
    result = parse_score(text)
    return result if first else mirrored(result)


def fold(text: str) -> str:
    """A name as it is matched: case, commas, dots and extra spaces left out, ё as е."""
    text = text.casefold().replace("ё", "е").replace(",", " ").replace(".", " ")
    return " ".join(text.split())


def _rank(name: str, typed: str) -> int | None:
    """How well the folded `typed` matches the folded `name`: 0 the whole name, 1 whole words of it (from the
    start of the name or of a word), 2 the start of the name or of a word, None not at all."""
    if name == typed:
        return 0
    words = name.split(" ")
    starts = [" ".join(words[i:]) for i in range(len(words))]
    best = None
    for s in starts:
        if s.startswith(typed):
            whole = len(s) == len(typed) or s[len(typed)] == " "
            rank = 1 if whole else 2
            best = rank if best is None else min(best, rank)
    return best


ID = re.compile(r"[#№]\s*([0-9]{1,19})")  # № is Shift+3 on a Russian keyboard


def matching(names: dict[int, str], who: str) -> list[int]:
    """The ids among `names` that `who` means (`#37` an id; else a name, the closest matches only)."""
    m = ID.fullmatch(who.strip())
    if m:
        pid = int(m.group(1))
        return [pid] if pid in names else []
    typed = fold(who)
    if not typed:
        return []
    ranked = [(r, pid) for pid, name in names.items() if (r := _rank(fold(name), typed)) is not None]
    if not ranked:
        return []
    top = min(r for r, _ in ranked)
    return sorted(pid for r, pid in ranked if r == top)


def players_on_boards(event: Event, rnd: Round, who: str) -> list[OnBoard]:
    """The boards of `rnd` with a player `who` means (see the module), in board order."""
    seats: dict[int, OnBoard] = {}
    for g in rnd.games:
        seats[g.first] = OnBoard(g.first, g.board, True)
        if g.second is not None:
            seats[g.second] = OnBoard(g.second, g.board, False)
    names = {pid: event.player(pid).name for pid in seats}
    return sorted((seats[pid] for pid in matching(names, who)), key=lambda s: (s.board, not s.first))


def who_elsewhere(event: Event, rnd: Round, who: str) -> None:
    """Raise the judge's answer when `who` is on no board of `rnd`: no such player, or where the player is."""
    pids = matching({p.id: p.name for p in event.players}, who)
    if not pids:
        raise IllegalChange("no player matches '{who}'", who=who.strip())
    if len(pids) == 1:
        p = event.player(pids[0])
        if rnd.table is None:
            raise IllegalChange("{name} ({pid}) has no board in round {round}", name=p.name, pid=p.id,
                                round=rnd.number)
        raise IllegalChange("{name} ({pid}) has no board in round {round} of table {table}", name=p.name, pid=p.id,
                            round=rnd.number, table=rnd.table)
    raise IllegalChange("no player on the boards of round {round} matches '{who}'", round=rnd.number,
                        who=who.strip())


SCOREISH = re.compile(r"[0-9+\-=/½.:]+[tfa]?", re.I)  # what can only be meant as a score (`2`, `1-1`)


def split_slip(text: str) -> tuple[str, str | None]:
    """`Ivanov, Ivan 1` -> ("Ivanov, Ivan", "1"); `#37` -> ("#37", None): after `#id` the rest is the score;
    after a name the longest ending of up to three words that is a player's score (or can only be meant as one:
    `2`) is the score, what comes before it the player."""
    m = re.match(r"\s*([#№]\s*[0-9]+)\s*(.*?)\s*$", text)
    if m:
        return m.group(1), m.group(2) or None
    words = text.split()
    for k in (3, 2, 1):
        if len(words) > k:
            tail = " ".join(words[-k:])
            try:
                parse_score(tail)
            except InvalidResult:
                continue
            return " ".join(words[:-k]), tail
    if len(words) > 1 and SCOREISH.fullmatch(words[-1]):
        return " ".join(words[:-1]), words[-1]
    return text.strip(), None
