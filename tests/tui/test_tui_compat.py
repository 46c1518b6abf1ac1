"""Textual's private API: only tui/compat.py touches it, and each of its workarounds still works.

An upgrade of Textual (pinned at 8.2.8) is one run of these tests: a
workaround whose internals moved fails here by name, and the grep below
fails for any other module that reaches into Textual's privates (a private
module imported, or an attribute that is a private name of Textual's code,
which also catches our own attributes shadowing Textual's on a subclass).
"""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import textual
from textual.app import App
from textual.widgets import Static

from tests.conftest import ROOT
from arbiter_tournament.tui import compat

TEXTUAL_ROOT = Path(textual.__file__).parent


def textual_private_names() -> set[str]:
    """Every `_name` Textual's own code defines or sets (methods, attributes, class attributes)."""
    names: set[str] = set()
    for f in TEXTUAL_ROOT.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bself\.(_[A-Za-z]\w*)", text))
        names |= set(re.findall(r"^\s*(?:async\s+)?def (_[A-Za-z]\w*)", text, re.M))
        names |= set(re.findall(r"^\s+(_[A-Za-z]\w*)\s*(?::[^=\n]*)?=", text, re.M))
    return {n for n in names if not n.startswith("__")}


def our_modules() -> list[Path]:
    """The TUI, its tests and its benchmark (the command line and the hall display are another part)."""
    cli = ROOT / "tui" / "cli"
    mine = [p for p in (ROOT / "tui").rglob("*.py")
            if p.name not in ("compat.py", "display.py") and cli not in p.parents]
    mine += [p for p in (ROOT / "tests").glob("test_tui_*.py") if p.name != "test_tui_compat.py"]
    mine.append(ROOT / "bench" / "bench_tui.py")
    return mine


def private_uses(path: Path, private: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual":
            if any(part.startswith("_") for part in node.module.split(".")) or any(
                    a.name.startswith("_") for a in node.names):
                found.append(f"{path.name}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "textual" and any(part.startswith("_") for part in a.name.split(".")):
                    found.append(f"{path.name}:{node.lineno} imports {a.name}")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.ClassDef):  # a method of ours named as one of Textual's would override it
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in private:
                    found.append(f"{path.name}:{item.lineno} def {node.name}.{item.name}")
    return found


def test_no_module_but_compat_touches_a_private_name_of_textual():
    private = textual_private_names()
    assert {"_compositor", "_bindings", "_update_count", "_start_no_matches_countdown"} <= private  # the grep sees them
    found = [use for path in our_modules() for use in private_uses(path, private)]
    assert not found, "\n".join(found)


def test_compat_is_written_for_the_pinned_textual():
    assert textual.__version__ == compat.TEXTUAL
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"textual=={compat.TEXTUAL}"' in text.split("[project.optional-dependencies]")[1]  # the tests' pin
    assert f'"textual>={compat.TEXTUAL},<9"' in text  # the runtime's range


class Lines(App):
    def compose(self):
        yield Static("first line\nsecond [red]line[/red]", markup=False)


def test_screen_lines_are_what_the_terminal_shows():
    async def go():
        app = Lines()
        async with app.run_test(size=(30, 4)) as pilot:
            await pilot.pause()
            lines = compat.screen_lines(app)
            assert len(lines) == 4 and all(len(line) == 30 for line in lines)
            assert lines[0].rstrip() == "first line" and lines[1].rstrip() == "second [red]line[/red]"
            assert compat.screen_text(app) == "\n".join(lines)

    asyncio.run(go())


def test_the_paint_hook_sees_every_frame_and_settled_says_when_it_is_done():
    async def go():
        app = Lines()
        async with app.run_test(size=(30, 4)) as pilot:
            await pilot.pause()
            paints: list[int] = []
            compat.on_paint(app.screen, lambda: paints.append(1))
            assert compat.settled(app.screen)
            app.query_one(Static).update("changed")
            for _ in range(50):
                await pilot.pause(0.02)
                if paints and compat.settled(app.screen):
                    break
            assert paints and compat.settled(app.screen)
            assert compat.screen_lines(app)[0].rstrip() == "changed"

    asyncio.run(go())


def test_notifications_are_read_back():
    async def go():
        app = Lines()
        async with app.run_test(size=(30, 4)) as pilot:
            app.notify("the message", title="the title", markup=False)
            await pilot.pause()
            assert compat.notifications(app) == [("the title", "the message")]

    asyncio.run(go())


def test_a_burst_reaches_the_app_before_any_key_is_handled():
    """`burst` hands every key to the driver at once: a plain App's Input gets the keys in order, and a
    handler that moves the focus later (as a message) sees them all go to the first field."""
    from textual.widgets import Input

    class Two(App):
        def compose(self):
            yield Input(id="a")
            yield Input(id="b")

        def on_input_submitted(self, event) -> None:
            self.query_one("#b").focus()  # deferred: the keys already taken from the terminal went to "a"

    async def go():
        app = Two()
        async with app.run_test(size=(30, 8)) as pilot:
            await pilot.pause()
            compat.burst(app, ["x", "space", "y", "enter", "1", "2"])
            await pilot.pause(0.3)
            assert (app.query_one("#a").value, app.query_one("#b").value) == ("x y12", "")

    asyncio.run(go())


def test_key_clock_is_the_clock_keys_are_stamped_with():
    """tui/keyguard.py compares `Key.time` (stamped when the terminal's bytes are read) with `key_clock()`."""
    from textual import events

    before = compat.key_clock()
    key = events.Key("x", "x")
    after = compat.key_clock()
    assert before <= key.time <= after


def test_an_unhandled_error_goes_to_the_handler_and_is_kept_for_the_pilot():
    """`on_unhandled` replaces Textual's handler (a traceback with locals, then exit); `keep_for_pilot` makes
    `run_test` raise the error at its end; `forget_kept` lets a test that made it on purpose end quietly."""
    seen: list[BaseException] = []

    class Boom(App):
        def compose(self):
            yield Static("x")

        def on_key(self, event) -> None:
            self.run_worker(self.fail())  # a worker's error: the App's loop goes on

        async def fail(self) -> None:
            raise RuntimeError("boom")

    async def go(forget: bool):
        app = Boom()
        compat.on_unhandled(app, lambda error: (seen.append(error), compat.keep_for_pilot(app, error)))
        async with app.run_test(size=(20, 4)) as pilot:
            await pilot.press("z")
            await pilot.pause()
            assert app.is_running  # the handler decided: nothing ended it
            if forget:
                compat.forget_kept(app)

    asyncio.run(go(forget=True))
    assert [str(getattr(e, "error", e)) for e in seen] == ["boom"]  # (a WorkerFailed, the error inside)
    try:
        asyncio.run(go(forget=False))
    except Exception as exc:  # noqa: BLE001 - the WorkerFailed kept
        assert "boom" in str(exc)
    else:
        raise AssertionError("run_test did not raise the error kept for it")


def test_an_error_of_a_screens_handler_goes_to_its_handler_and_the_screen_goes_on():
    """`on_handler_error(node, handler)`: an error raised by a handler of the node's key events and messages goes to
    `handler`, and the node takes the next key (Textual would end its message loop, and the App with it)."""
    from textual.screen import Screen

    seen: list[str] = []

    class Failing(Screen):
        def compose(self):
            yield Static("x")

        def on_key(self, event) -> None:
            if event.key == "z":
                raise RuntimeError("boom")
            seen.append(event.key)

    async def go():
        app = App()
        async with app.run_test(size=(20, 4)) as pilot:
            screen = Failing()
            compat.on_handler_error(screen, lambda error: seen.append(str(error)))
            await app.push_screen(screen)
            await pilot.press("z", "y")
            await pilot.pause()
            assert app.is_running and app.screen is screen

    asyncio.run(go())
    assert seen == ["boom", "y"]
