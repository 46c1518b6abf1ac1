"""An unexpected error in the TUI (issue 33.3): never a traceback with locals on the judge's screen; its traceback
goes to `<event>.crash.log` beside the event (or the user's state folder), the judge is told in one line, and
the TUI stays up when it can (an action of a key, a flow of questions), else ends with status 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event.results import Result
from arbiter_tournament.core.store import load
from arbiter_tournament.tui import compat, crash
from arbiter_tournament.tui.screens.clock_dialog import ClockScreen

from tests.tui.pilot import SIZE, flat, make_app, sync, until

SECRET = "born 1987-03-14 FIDE 24101234"  # what a frame's locals would have shown


def boom(*args, **kwargs):
    held = SECRET  # noqa: F841 - a local a traceback with locals would print
    raise RuntimeError("the judge must not see this frame")


@sync
async def test_an_error_in_a_keys_action_is_logged_said_and_the_tui_goes_on(demo):
    for lang, said in (("en", "unexpected error (RuntimeError: the judge must not see this frame): nothing more was "
                               "done; details in"),
                       ("ru", "непредвиденная ошибка (RuntimeError: the judge must not see this frame): больше ничего "
                              "не сделано; подробности в")):
        app = make_app(demo, poll_interval=0, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.file.history = boom  # `h` (the journal) fails
            await pilot.press("h")
            await pilot.pause()
            assert said in flat(app)
            assert SECRET not in flat(app)
            assert len(app.crashes) == 1
            await pilot.press("1")  # still up: the next key works
            await pilot.pause()
            assert app.is_running
            compat.forget_kept(app)
    log = Path(str(demo) + ".crash.log")
    text = log.read_text()
    assert text.count("RuntimeError: the judge must not see this frame") == 2
    assert "action_history" in text and SECRET not in text  # the traceback, never the locals


@sync
async def test_an_error_in_a_flow_of_questions_is_logged_and_the_tui_goes_on(demo):
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.run_line = boom  # the ':' line's flow (a worker) fails after its question
        await pilot.press("colon", "4", "enter")
        await until(pilot, lambda: app.crashes, "the error reported")
        await pilot.pause()
        assert "unexpected error (RuntimeError" in flat(app) and app.is_running
        compat.forget_kept(app)
    assert "run_line" in Path(str(demo) + ".crash.log").read_text()


@pytest.mark.parametrize("lang,said", [
    ("en", "unexpected error (RuntimeError: the judge must not see this frame): nothing more was done"),
    ("ru", "непредвиденная ошибка (RuntimeError: the judge must not see this frame): больше ничего не сделано")])
@sync
async def test_an_error_in_a_dialogs_key_handler_closes_it_and_the_tui_goes_on(demo, monkeypatch, lang, said):
    """The clock dialog's `+` (its own key handler, a change of the file) fails inside core: the dialog closes, the
    line is said on the message line, the log written, nothing saved; the TUI answers the next key (`-`: a forfeit
    on board 1). It ended the TUI (Textual ends a screen's message loop on an error in a handler)."""
    monkeypatch.setattr(cmds.SetClock, "apply", boom)
    before = load(demo)
    app = make_app(demo, poll_interval=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ClockScreen), "the clock dialog")
        await pilot.press("plus")
        await until(pilot, lambda: app.crashes, "the error reported")
        await pilot.pause()
        assert not isinstance(app.screen, ClockScreen) and app.is_running
        assert said in flat(app) and SECRET not in flat(app)
        assert load(demo) == before  # the failed change wrote nothing
        compat.forget_kept(app)
        await pilot.press("minus")  # the TUI answers
        await until(pilot, lambda: load(demo).find_round("swiss", 1, 4).game(1).result is Result.FORFEIT_FIRST_WINS,
                    "a forfeit on board 1")
        assert len(app.crashes) == 1
    assert app.return_code in (0, None)
    text = Path(str(demo) + ".crash.log").read_text()
    assert text.count("RuntimeError: the judge must not see this frame") == 1
    assert "clock_adjust" in text and SECRET not in text


@sync
async def test_an_error_in_a_dialogs_binding_closes_it_and_the_tui_goes_on(demo, monkeypatch):
    """A form's Enter (a priority binding, run on the App's own message loop) fails: the form closes, the line is
    said, the TUI goes on (the next `?` opens the help page)."""
    from arbiter_tournament.tui.screens.dialogs import FormScreen, TextScreen

    monkeypatch.setattr(FormScreen, "action_next_field", boom)
    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.main.action_act("event_details")
        await until(pilot, lambda: isinstance(app.screen, FormScreen), "the form")
        await pilot.press("enter")
        await until(pilot, lambda: app.crashes, "the error reported")
        await pilot.pause()
        assert not isinstance(app.screen, FormScreen) and "unexpected error (RuntimeError" in flat(app)
        compat.forget_kept(app)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, TextScreen), "the help page")
    assert "in run_action" in Path(str(demo) + ".crash.log").read_text()  # the binding's action


@sync
async def test_an_error_elsewhere_ends_the_tui_with_one_line_and_status_1(demo, monkeypatch):
    from arbiter_tournament.tui.screens.main import MainScreen

    app = make_app(demo, poll_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(MainScreen, "on_resize", boom)  # a handler of the main screen's own events
        await pilot.resize_terminal(100, 30)
        import asyncio

        for _ in range(200):
            if app.crashes:
                break
            await asyncio.sleep(0.02)
        compat.forget_kept(app)
    assert app.return_code == 1
    assert "RuntimeError" in Path(str(demo) + ".crash.log").read_text()


def test_the_log_goes_to_the_state_folder_when_the_events_folder_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    (tmp_path / "file").write_text("")  # a file where the event's folder should be: nothing can be written there
    try:
        boom()
    except RuntimeError as exc:
        path = crash.write_log(exc, tmp_path / "file" / "cup.toml")
    assert path == tmp_path / "state" / "arbiter" / "cup.toml.crash.log"
    assert "RuntimeError" in path.read_text()
