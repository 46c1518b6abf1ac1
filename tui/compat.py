"""Every use of Textual's private API, in one place.

Textual is pinned (8.2.8, pyproject.toml). The TUI itself uses only public
API: its tables are a Line-API widget of its own (tui/widgets/keyed_table.py)
instead of a DataTable patched through its caches, its footer is its own
(tui/widgets/keys_bar.py) instead of Footer's widgets, its key bindings are
class-level (tui/actions.py) instead of replaced maps, and the palette says
"nothing found" through its own provider instead of an overridden method.

What is left needs what Textual does not offer publicly, and only tests and
the benchmark need it:

* `screen_lines(app)`: the terminal's lines as plain text (the screen's
  compositor), for tests that read the screen as a judge would;
* `on_paint(screen, callback)` and `settled(screen)`: when Textual paints a
  frame, and whether it has nothing left to lay out or paint, for
  bench/bench_tui.py's "painted" figure;
* `notifications(app)`: the notifications the App has shown;
* `burst(app, keys)`: keys as a terminal sends them in one burst (a laggy SSH
  link): every key handed to the App's driver at once, before any is handled
  (`Pilot.press` waits for the App to be idle after each key, so it cannot
  show what a burst does).

* `key_clock()`: now, on the clock of `Key.time` (tui/keyguard.py compares
  when a key was typed with when a dialog was closed);
* `on_handler_error(node, handler)`: an error raised by a handler of a
  node's own events and messages (a dialog's key handler, its Input's
  Submitted) goes to `handler` (tui/screens/dialogs.Dialog: logged, said,
  the dialog closed) instead of ending the node's message loop (Textual
  then ends the App);
* `on_unhandled(app, handler)`, `keep_for_pilot(app, error)` and
  `forget_kept(app)`: an unexpected error goes to `handler` (tui/crash.py: a
  log file and one line, never Textual's traceback with the locals of every
  frame) instead of ending the App; under the pilot it is still kept for
  `run_test` to raise at its end (a test made to fail on purpose forgets it).

Each has a test in tests/tui/test_tui_compat.py that fails loudly when the
internals change, so an upgrade of Textual is one run of the tests.
`tests/tui/test_tui_compat.py` also checks that no other module of the TUI, its
tests or its benchmark touches a private name of Textual.
"""

from __future__ import annotations

from typing import Callable

TEXTUAL = "8.2.8"  # the version these workarounds were written against


def screen_lines(app) -> list[str]:
    """What the terminal shows now, line by line, as plain text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def on_paint(screen, callback: Callable[[], None]) -> None:
    """Call `callback` after every frame Textual paints for `screen`."""
    real = screen._compositor_refresh

    def counted() -> None:
        real()
        callback()

    screen._compositor_refresh = counted


def settled(screen) -> bool:
    """Whether the screen has nothing left to lay out, repaint or scroll."""
    return not (screen._layout_required or screen._repaint_required or screen._dirty_widgets
                or screen._scroll_required)


def notifications(app) -> list[tuple[str, str]]:
    """(title, message) of the notifications shown."""
    return [(n.title, n.message) for n in app._notifications]


def burst(app, keys) -> None:
    """Hand `keys` (Textual key names) to the App as its terminal driver does, all at once."""
    from textual import events
    from textual.keys import key_to_character

    for key in keys:
        # (Textual finds no character for these names; a terminal sends it with the key, and an Input types it)
        char = key if len(key) == 1 else {"minus": "-", "plus": "+", "slash": "/"}.get(key) or key_to_character(key)
        app._driver.send_message(events.Key(key, char))


def on_unhandled(app, handler: Callable[[Exception], None]) -> None:
    """`handler(error)` instead of Textual's handler of an unhandled error (a traceback with locals, then exit)."""
    app._handle_exception = handler


def on_handler_error(node, handler: Callable[[Exception], None]) -> None:
    """`handler(error)` for an error raised by a handler of `node`'s events and messages (the node goes on)."""
    real = node._on_message

    async def guarded(message) -> None:
        try:
            await real(message)
        except Exception as error:  # noqa: BLE001 - every error of a handler: the handler decides
            handler(error)

    node._on_message = guarded


def keep_for_pilot(app, error: BaseException) -> None:
    """Under the pilot (a headless App): the first error kept, for `run_test` to raise when the test ends."""
    if app.is_headless and app._exception is None:
        app._exception = error


def forget_kept(app) -> None:
    """A test that made an error on purpose: `run_test` does not raise it at its end."""
    app._exception = None


def key_clock() -> float:
    """Now, on the clock Textual stamps its events with (`Key.time`: when the terminal's bytes were read)."""
    from textual._time import get_time  # noqa: PLC2701 (Textual's private API: this module is its one user)

    return get_time()
