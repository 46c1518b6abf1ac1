"""What the team commands print: standings, matches, teams; as text (80 columns), CSV or JSON."""

from __future__ import annotations

import json
from fractions import Fraction

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, points_text
from arbiter_tournament.core.teams.rosters import avg_top, team_members, teams
from arbiter_tournament.core.teams.round_matches import matches, round_bye
from arbiter_tournament.core.teams.section import team_stage, state
from arbiter_tournament.core.teams.team_standings import board_stats, standings
from arbiter_tournament.core.event.systems import System

F = Fraction


def _jnum(x) -> int | float:
    x = F(x)
    if x.denominator == 1:
        return x.numerator
    if x.denominator == 2:
        return float(x)
    return round(float(x), 2)


def _named(name: str, pid: int, width: int) -> str:
    from arbiter_tournament.core.msg.cells import named

    return named(name, pid, width)


def _fit(text: str, width: int) -> str:
    from arbiter_tournament.core.msg.cells import fit

    return fit(text, width)


def standings_output(event: Event, after_round=None, fmt: str = "text", codes=None, edition: str | None = None) -> str:
    """Team standings as text, csv or json (the shape of cli.md's standings, per team)."""
    after, used, rows = standings(event, after_round, codes, edition)
    stats = board_stats(event, after)
    if fmt == "json":
        doc = {
            "after_round": after, "tiebreaks": used,
            "rows": [{"rank": r.rank, "id": r.id, "team": r.team, "match_points": _jnum(r.match_points),
                      "game_points": _jnum(r.game_points),
                      "tiebreaks": {c: _jnum(v) for c, v in r.tiebreaks.items()}} for r in rows],
            "players": [{"board": s.board, "id": s.id, "name": s.name, "team": s.team, "games": s.games,
                         "points": _jnum(s.points)} for s in stats],
        }
        return json.dumps(doc, ensure_ascii=False) + "\n"
    if fmt == "csv":
        from arbiter_tournament.core.formats import csvio

        return csvio.write_rows(
            ["rank", "id", "team", "match_points", "game_points", *used],
            ([r.rank, r.id, r.team, _jnum(r.match_points), _jnum(r.game_points),
              *(_jnum(r.tiebreaks[c]) for c in used)] for r in rows),
        )
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text, csv or json)", fmt=fmt)
    title = f"{_fit(event.name, 50)}: team standings" + (f" after round {after}" if after else "")
    rest = [c for c in used if c.strip().upper() not in ("MP", "GP")]  # MP and GP have their columns
    shown = rest[:3]  # 80 columns
    head = f"{'Rk':>3} {'Id':>3}  {'Team':<26} {'MP':>5} {'GP':>6}" + "".join(f" {c[:8]:>8}" for c in shown)
    lines = [title, "", head]
    for r in rows:
        tb = "".join(f" {points_text(r.tiebreaks[c]):>8}" for c in shown)
        lines.append(f"{r.rank:>3} {r.id:>3}  {_fit(r.team, 26):<26} {points_text(r.match_points):>5} "
                     f"{points_text(r.game_points):>6}{tb}")
    if len(rest) > len(shown):
        lines += ["", "Not shown: " + ", ".join(rest[3:]) + " (see --format json or csv)"]
    if any(r.by_lot for r in rows):
        lines += ["", "Teams still tied after every tie-break are ordered by lot."]
    if stats:
        lines += ["", "Board points", f"{'Bd':>3}  {'Player':<32} {'Team':<24} {'Pts':>5} {'Gms':>4}"]
        for s in stats:
            lines.append(f"{s.board:>3}  {_named(s.name, s.id, 32):<32} {_fit(s.team, 24):<24} "
                         f"{points_text(s.points):>5} {s.games:>4}")
    return "\n".join(lines) + "\n"


def matches_output(event: Event, round_no: int | None = None, fmt: str = "text") -> str:
    """The matches of a round (default: the last paired) with their boards and results."""
    st = state(event)
    rounds = event.rounds_of(team_stage(event), None)
    if not rounds:
        raise IllegalChange("no round has been paired yet")
    rnd = rounds[-1] if round_no is None else event.find_round(team_stage(event), None, round_no)
    ms = matches(event, rnd, st)
    bye = round_bye(event, rnd.number, st)
    if fmt == "json":
        doc = {"round": rnd.number, "bye": bye, "matches": [
            {"match": m.number, "first": m.first_name, "second": m.second_name,
             "points": [_jnum(x) for x in m.result.points] if m.result.complete else None,
             "match_points": [_jnum(x) for x in m.result.match_points] if m.result.complete else None,
             "boards": [{"board": g.board, "first": g.first, "second": g.second,
                         "result": None if g.result is None else g.result.value} for g in m.games]}
            for m in ms]}
        return json.dumps(doc, ensure_ascii=False) + "\n"
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text or json)", fmt=fmt)
    lines = [f"{_fit(event.name, 60)}: matches of round {rnd.number}", ""]
    for m in ms:
        a, b = m.result.points
        score = f"{points_text(a)} - {points_text(b)}" if m.result.complete else \
            f"({points_text(a)} - {points_text(b)} so far)"
        mps = (f"   MP {points_text(m.result.match_points[0])}-{points_text(m.result.match_points[1])}"
               if m.result.complete else "")
        lines.append(f"Match {m.number}: {_fit(m.first_name, 20)} - {_fit(m.second_name, 20)}  {score}{mps}")
        for g in m.games:
            pa, pb = event.player(g.first), event.player(g.second)
            res = g.result.value if g.result else "-"
            lines.append(f"  {g.board:>3}  {_named(pa.name, pa.id, 30):<30} {res:^6} "
                         f"{_named(pb.name, pb.id, 30)}")
    if bye:
        what = "pairing-allocated bye" if event.system == System.SWISS else "bye seat"
        lines += ["", f"No match: {_fit(bye, 40)} ({what})"]
    return "\n".join(lines) + "\n"


def teams_output(event: Event, fmt: str = "text") -> str:
    """Teams with id, pairing number's average rating and roster (board order)."""
    st = state(event)
    tlist = teams(event, st)
    members = team_members(event)
    fixed = set(st.names)
    if fmt == "json":
        return json.dumps([{"id": t.id, "name": t.name, "fixed": t.name in fixed,
                            "average": _jnum(avg_top(event, members.get(t.name, []), st.boards)),
                            "roster": list(t.roster)} for t in tlist], ensure_ascii=False) + "\n"
    if fmt != "text":
        raise IllegalChange("unknown format '{fmt}' (text or json)", fmt=fmt)
    lines = [f"{_fit(event.name, 50)}: {len(tlist)} teams, {st.boards} boards a match", ""]
    for t in tlist:
        avg = avg_top(event, members.get(t.name, []), st.boards)
        mark = "" if t.name in fixed else " (number not fixed yet)"
        lines.append(f"{t.id:>3}  {_fit(t.name, 40)}  average {round(float(avg))}{mark}")
        for pos, pid in enumerate(t.roster, start=1):
            p = event.player(pid)
            lines.append(f"      {pos:>2}. {_fit(p.name, 40):<40} {p.id:>4} {p.rating:>5} {p.status}")
    loose = [p for p in event.players if not p.team]
    if loose:
        lines += ["", "No team: " + ", ".join(f"{_fit(p.name, 30)} ({p.id})" for p in loose)]
    if st.forbidden:
        lines += ["", "Must not meet (forbidden pairs):"]
        lines += [f"  {_fit(x, 36)} - {_fit(y, 36)}" for x, y in st.forbidden]
    return "\n".join(lines) + "\n"
