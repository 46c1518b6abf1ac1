"""Whether the main stage of an event is complete: what the play-off for first place waits for
(`core.playoff.stage`: it starts only then, and applies only while it is) and the final ranking asks
(`core.final.ranking`, which builds on the play-off)."""

from __future__ import annotations

from arbiter_tournament.core.event.model import Event
from arbiter_tournament.core.event.systems import Stage, System
from arbiter_tournament.core.tiebreaks.standings import main_stage


def is_team_event(event: Event) -> bool:
    """The event is a team event (its `teams` section)."""
    return event.stage_state("teams") is not None


def main_finished(event: Event) -> bool:
    """Every round of the main stage paired and complete (a Swiss: every table's planned rounds)."""
    stage = main_stage(event)
    if is_team_event(event):
        from arbiter_tournament.core.teams.section import team_stage, state

        stage = team_stage(event)
        rounds = event.rounds_of(stage, None)
        if stage == Stage.SWISS:
            return len(rounds) >= event.rounds_planned and not any(r.missing for r in rounds)
        return bool(rounds) and len(rounds) >= _roundrobin_rounds(len(state(event).berger) or len(state(event).names),
                                                                  event) and not any(r.missing for r in rounds)
    if stage == Stage.SWISS:
        for t in event.table_ids():
            rounds = event.rounds_of(Stage.SWISS, t)
            if len(rounds) < event.rounds_planned or any(r.missing for r in rounds):
                return False
        return True
    st = event.stage_state(Stage.ROUNDROBIN)
    rounds = event.rounds_of(Stage.ROUNDROBIN)
    if not st or not rounds:
        return False
    return len(rounds) >= _roundrobin_rounds(len(st.get("order", ())), event) and not any(r.missing for r in rounds)


def _roundrobin_rounds(n: int, event: Event) -> int:
    single = n - 1 if n % 2 == 0 else n
    return single * (2 if event.system == System.DOUBLE_ROUNDROBIN else 1)
