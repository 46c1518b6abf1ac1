"""The judge's day as events (issue 13): 30 players dealt to 2 tables, 5 Swiss rounds, a top of 8 with a
third-place match, then the end of the top. Results are drawn from the ratings with a fixed seed, every
pairing is the engine's: the TUI tests and the tmux run start from these."""

from __future__ import annotations

import random
from functools import lru_cache

from arbiter_tournament.core.event import commands, seating
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.knockout import stage as top
from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.results import Result

SURNAMES = ("Adams", "Brown", "Clark", "Dunn", "Ellis", "Frost", "Grant", "Hale", "Irwin", "Jones", "Klein", "Lopez",
            "Moore", "Nash", "Owens", "Price", "Quinn", "Reed", "Stone", "Tate", "Upton", "Vance", "Watts", "Young",
            "Zimmer", "Abbott", "Baker", "Cole", "Drake", "Evans")
CLUBS = ("Dynamo", "Spartak", "Rooks", "Knights", "Zenit", "")


def csv_rows(n: int = 30, seed: int = 3) -> list[dict]:
    """Players as a CSV without a table column gives them (`csvio.read_players`)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        row = {"name": f"{SURNAMES[i % len(SURNAMES)]}, {chr(65 + i % 26)}.", "rating": rng.randint(1300, 2300)}
        club = rng.choice(CLUBS)
        if club:
            row["club"] = club
        rows.append(row)
    return rows


def csv_text(rows: list[dict]) -> str:
    lines = ["name,rating,club"]
    lines += [f'"{r["name"]}",{r["rating"]},{r.get("club", "")}' for r in rows]
    return "\n".join(lines) + "\n"


def new_cup(tables: int = 2, rounds: int = 5, top_size: int = 8) -> Event:
    return commands.new_event("Judge Day Cup", rounds, tables=tables, top=top_size, third_place=True, lots_seed=11,
                              tiebreaks=("BH-C1", "BH", "SB", "WIN"))


def result_for(rng: random.Random, ra: int, rb: int) -> Result:
    x, expected = rng.random(), 1 / (1 + 10 ** ((rb - ra) / 400))
    if x < 0.2:
        return Result.DRAW
    return Result.FIRST_WINS if rng.random() < expected else Result.SECOND_WINS


def play_round(e: Event, table: int | None, rng: random.Random, stage: str = "swiss") -> Event:
    rnd = e.rounds_of(stage, table)[-1]
    for g in rnd.games:
        if g.second is None or g.result is not None:
            continue
        res = result_for(rng, e.player(g.first).rating, e.player(g.second).rating)
        e = commands.record_result(e, stage, table, rnd.number, g.board, res, by="sim@host")
    return e


@lru_cache(maxsize=None)
def seated() -> Event:
    """30 players from a CSV without a table column, dealt to 2 tables by rating."""
    return seating.add_and_seat(new_cup(), csv_rows())


@lru_cache(maxsize=None)
def after_rounds(n: int) -> Event:
    """`seated()` with `n` Swiss rounds paired and played on both tables."""
    rng = random.Random(5)
    e = seated()
    for _ in range(n):
        e = pairing.pair_next(e)
        for t in (1, 2):
            e = play_round(e, t, rng)
    return e


def top_result(e: Event, rng: random.Random) -> Event:
    """One result in the top: the first game without one (a draw is never drawn: the top decides it so)."""
    for rnd in e.rounds_of("top"):
        for g in rnd.games:
            if g.result is None and g.second is not None:
                ra, rb = e.player(g.first).rating, e.player(g.second).rating
                res = Result.FIRST_WINS if (rng.random() < 1 / (1 + 10 ** ((rb - ra) / 400))) else Result.SECOND_WINS
                return top.record_top_result(e, rnd.number, g.board, res, by="sim@host")
    return e


@lru_cache(maxsize=None)
def top_finished() -> Event:
    """After 5 rounds, the top of 8 with its third-place match played to the end."""
    rng = random.Random(8)
    e = top.start_top(after_rounds(5), lots=True)  # a tie at the line: the judge draws lots
    while not top.bracket(e).finished:
        e = top_result(e, rng)
    return e
