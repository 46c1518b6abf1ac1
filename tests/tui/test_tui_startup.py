"""What the TUI puts off until the round is on the screen (issue 27.4), and that it does it then.

`arbiter FILE` starts with the cyclic collector off; once the first frame is drawn the App turns it on again,
with what start-up made set aside (gc.freeze); the screens the main screen opens on demand are loaded then
(their rows are on the `?` page); the standings are made for the first `s`; the file's repair runs.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

from arbiter_tournament.tui.widgets.keyed_table import KeyedTable
from tests.tui.pilot import SIZE, make_app, sync, until


@sync
async def test_the_collector_is_on_again_once_the_round_is_drawn(demo):
    assert gc.isenabled()
    gc.disable()  # as tui/cli's `arbiter FILE` starts the App
    try:
        app = make_app(demo, poll_interval=0, presence=False)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, gc.isenabled, "the collector on again")
            assert gc.get_freeze_count() > 0  # what start-up made: set aside, not gone through again and again
            assert "Round 4" in str(app.main.round_panel.query_one("#round-head").render())
    finally:
        gc.unfreeze()
        gc.enable()


@sync
async def test_a_test_started_app_leaves_the_collector_alone(demo):
    """Only a start with the collector off (the command line's) freezes: a process that has it on keeps it so."""
    before = gc.get_freeze_count()
    app = make_app(demo, poll_interval=0, presence=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.main is not None and app.main.standings.stale is False, "the start's work")
        assert gc.isenabled() and gc.get_freeze_count() == before


@sync
async def test_the_standings_are_made_before_the_first_s(demo):
    app = make_app(demo, poll_interval=0, presence=False)
    async with app.run_test(size=SIZE) as pilot:
        table = app.main.standings.query_one("#standings-table", KeyedTable)
        await until(pilot, lambda: table.row_count > 0, "the standings made in the background")
        assert not app.main.standings.stale and app.main.view == "round"
        await pilot.press("s")
        await pilot.pause()
        assert app.main.view == "standings" and table.row_count == len(
            [p for p in app.event.players if p.table == app.main.table])


def test_the_screens_opened_on_demand_are_loaded_after_the_first_frame_and_on_the_help_page(demo):
    """A fresh interpreter: the pairing preview's and the line-ups' modules are not loaded with the first screen,
    are once it is drawn, and their keys are on the `?` page."""
    code = textwrap.dedent(f"""
        import asyncio, sys
        import arbiter_tournament.tui.app
        from arbiter_tournament.tui import actions
        from arbiter_tournament.tui.app import ArbiterApp
        names = ("arbiter_tournament.tui.screens.preview", "arbiter_tournament.tui.screens.team_preview", "arbiter_tournament.tui.screens.lineups")
        print("at import:", [n in sys.modules for n in names])
        async def main():
            app = ArbiterApp({str(demo)!r}, presence=False, poll_interval=0, lang="en")
            async with app.run_test(size=(80, 24)) as pilot:
                for _ in range(200):
                    if all(n in sys.modules for n in names):
                        break
                    await pilot.pause(0.02)
                print("after the first frame:", [n in sys.modules for n in names])
                print("on the ? page:", "Swap the colours of the highlighted board" in str(actions.help_text("en")))
        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "at import: [False, False, False]" in out.stdout
    assert "after the first frame: [True, True, True]" in out.stdout
    assert "on the ? page: True" in out.stdout
