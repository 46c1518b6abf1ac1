"""TRF in, bbpPairings-style text out: `trf_pair` and the corpus check `trf_check`."""

from __future__ import annotations

from collections.abc import Callable

from arbiter_tournament.core.errors import FileProblem, NoLegalPairing
from arbiter_tournament.core.formats.trf import TrfTournament, check_pairable, parse_trf
from arbiter_tournament.core.event.records import Outcome, PlayerHistory, RoundRecord
from arbiter_tournament.core.event.systems import DEFAULT_PAIRING, pairing_system
from arbiter_tournament.core.swiss.dutch import rounds_played
from arbiter_tournament.core.swiss.request import PairingRequest


def infer_initial_colour(t: TrfTournament) -> str | None:
    """dutch.md section 1: the colour of pairing number 1 in round 1, from the history."""
    players = t.ordered_players()
    last = max((len(p.records) for p in players), default=0)
    for j in range(1, last + 1):
        if not any(j <= len(p.records) and p.records[j - 1].colour for p in players):
            continue
        count = 0
        for p in players:
            if not any(rec.outcome.paired for rec in p.records[:j]):
                continue
            count += 1
            if j <= len(p.records) and p.records[j - 1].colour:
                c = p.records[j - 1].colour
                return c if count % 2 == 1 else ("b" if c == "w" else "w")
    return None


def request_from_trf(t: TrfTournament, upto: int | None = None, path: str = "<trf>") -> PairingRequest:
    """The request for the round after `upto` (default: after the rounds played).

    With `upto`, records of rounds > upto + 1 are dropped, and a record of round
    upto + 1 is kept only when it is not paired by the engine (a pre-assigned bye).
    """
    players = t.ordered_players()
    hist = []
    for p in players:
        recs = list(p.records)
        if upto is not None:
            recs = recs[:upto + 1]
            if len(recs) == upto + 1 and recs[upto].outcome.paired:
                recs = recs[:upto]
        hist.append(PlayerHistory(p.id, p.rating, p.name, tuple(recs)))
    r = rounds_played(hist)
    absent = set(t.absences.get(r + 1, set()))
    for h in hist:
        if len(h.records) > r:
            absent.add(h.id)
    if t.total_rounds is None:
        raise FileProblem(path, None, "the total number of rounds is missing (XXR or 142)")
    if r >= t.total_rounds:
        raise FileProblem(path, t.total_rounds_line,
                          "all {n} rounds (XXR or 142) have been paired: there is no round to pair", n=t.total_rounds)
    init = t.initial_colour or infer_initial_colour(t)
    if init is None and r == 0:
        raise FileProblem(path, None, "round 1 needs the initial colour (XXC white1/black1 or 152 W/B)")
    if t.baku and not t.acceleration:
        sc = t.scoring
        if sc.loss != 0 or sc.win != 2 * sc.draw:
            raise FileProblem(path, None, "Baku acceleration needs win = 2 x draw and loss = 0")
    return PairingRequest(
        players=hist, total_rounds=t.total_rounds, absent=absent, scoring=t.scoring,
        initial_colour=init or "w", forbidden=t.forbidden_pairs(r + 1), baku=t.baku,
        acceleration=t.acceleration or None)


def trf_pair(text: str, path: str = "<trf>", *, progress: Callable[[], None] | None = None,
             system: str = DEFAULT_PAIRING) -> str:
    """Pair the next round of a TRF; the text bbpPairings `--dutch -p` prints (`--burstein` with
    `system="burstein"`: any name of the registry, core.event.systems.PAIRINGS).

    `path` names the file in the errors (`FileProblem(path, line, what)`);
    `progress` is passed to the engine's `pair_round`."""
    engine = pairing_system(system).engine()
    t = parse_trf(text, path)
    check_pairable(t, path)  # a round robin, a team or a knockout TRF is not the Dutch engine's
    return engine(request_from_trf(t, path=path), progress=progress).bbp_text()


def stored_round(t: TrfTournament, j: int) -> tuple[set[tuple[int, int]], int | None]:
    games: set[tuple[int, int]] = set()
    bye = None
    for p in t.players:
        if j > len(p.records):
            continue
        rec = p.records[j - 1]
        if rec.outcome is Outcome.PAB:
            bye = p.id
        elif rec.outcome.has_opponent and (rec.colour == "w" or (
                rec.colour is None and p.id < rec.opponent_id)):
            games.add((p.id, rec.opponent_id))
    return games, bye


def trf_check(text: str, path: str = "<trf>", *, system: str = DEFAULT_PAIRING) -> list[str]:
    """Re-pair every round from the rounds before it (by the registry's `system`); list every difference."""
    pair_round = pairing_system(system).engine()
    t = parse_trf(text, path)
    check_pairable(t, path)  # a round robin, a team or a knockout TRF is not the Dutch engine's
    if t.total_rounds is None:
        t.total_rounds = max((len(p.records) for p in t.players), default=0)
    # A line that ends before the last round paired was not paired in the rounds it leaves out (a player
    # who withdrew, written without his absences): as bbpPairings evens the lines up, not present there.
    played = max((j for p in t.players for j, rec in enumerate(p.records, 1) if rec.outcome.paired), default=0)
    for p in t.players:
        if len(p.records) < played:
            p.records = p.records + [RoundRecord(Outcome.ABSENT)] * (played - len(p.records))
    last = max((len(p.records) for p in t.players), default=0)
    out = []
    for j in range(1, last + 1):
        exp_games, exp_bye = stored_round(t, j)
        if not exp_games and exp_bye is None:
            continue
        try:
            got = pair_round(request_from_trf(t, j - 1, path))
        except NoLegalPairing as err:
            out.append(f"round {j}: expected {len(exp_games)} games, got no pairing ({err})")
            continue
        got_games = set(got.boards)
        if got_games != exp_games or got.bye != exp_bye:
            miss = sorted(exp_games - got_games)
            extra = sorted(got_games - exp_games)
            out.append(f"round {j}: expected {miss} bye {exp_bye}, got {extra} bye {got.bye}")
    return out
