"""Small builders for tests: events with players and hand-made rounds."""

from __future__ import annotations

from dataclasses import replace

from arbiter_tournament.core.event import commands
from arbiter_tournament.core.event.model import Event, Game, Round
from arbiter_tournament.core.event.results import Result


def event_with_players(n: int, *, tables: int = 1, rounds: int = 5, name: str = "Test Open") -> Event:
    e = commands.new_event(name, rounds, tables=tables, lots_seed=7)
    for i in range(1, n + 1):
        t = None if tables == 1 else (i - 1) % tables + 1
        e = commands.add_player(e, f"Player {i:04d}", rating=2400 - i, club=f"Club {i % 7}", table=t)
    return e


def with_round(e: Event, number: int, pairs: list[tuple[int, int | None]], results: list[str | None] | None = None,
               stage: str = "swiss", table: int | None = None) -> Event:
    games = []
    for i, (a, b) in enumerate(pairs, start=1):
        res = None
        if results is not None and results[i - 1] is not None:
            res = Result.parse(results[i - 1])
        if b is None:
            res = Result.BYE
        games.append(Game(i, a, b, res))
    return e.with_round(Round(stage, number, tuple(games), table))


def set_result(e: Event, number: int, board: int, text: str) -> Event:
    return commands.record_result(e, "swiss", None, number, board, Result.parse(text), by="t")


__all__ = ["event_with_players", "with_round", "set_result", "replace"]


_TRF: dict[str, object] = {}


def corpus_trf(path: str):
    """A corpus TRF parsed once per test run (its rounds total: the XXR line, else the rounds played)."""
    from arbiter_tournament.core.formats.trf import parse_trf

    if path not in _TRF:
        with open(path, encoding="utf-8") as fh:
            t = parse_trf(fh.read(), path)
        if t.total_rounds is None:
            t.total_rounds = max(len(p.records) for p in t.players)
        _TRF[path] = t
    return _TRF[path]


def tied_winners(n: int, *, name: str = "Test Open") -> Event:
    """An event of one round, finished, where players 1..n each beat player n+i: exactly 1..n tied for first on
    1 point (what a play-off for first place starts from)."""
    e = event_with_players(2 * n, rounds=1, name=name)
    return with_round(e, 1, [(i, n + i) for i in range(1, n + 1)], ["1-0"] * n)
