"""O in the real TUI (tmux, 80x24) against a real `rclone serve webdav` on 127.0.0.1: the site goes online in
the background, a result entered by key is online within 10 s, the status line says "online" and what waits,
a server gone is said and caught up with, in English and in Russian; O again stops it."""

from __future__ import annotations

import re
import sys
import time

from arbiter_tournament.core.store import create, load

from publish_helpers import Server, content, needs_rclone, open_boards, private_event, until
from tests.conftest import ROOT
from tests.tui.test_tui_tmux import TMUX, Tmux

import pytest

pytestmark = [needs_rclone, pytest.mark.skipif(TMUX is None, reason="tmux is not installed")]
ONLINE = re.compile(r"online (as of )?\d\d:\d\d")


def test_the_o_key_publishes_in_the_background_in_both_languages(tmp_path):
    from arbiter_tournament.core.formats.site import build_site, round_page_name

    ev = tmp_path / "open.toml"
    create(ev, private_event(40, missing=4))
    srv = Server("webdav", tmp_path / "www", tmp_path / "serve.log").start()
    t = Tmux()
    t.env["XDG_STATE_HOME"] = str(tmp_path / "state")
    try:
        t.start([sys.executable, "-m", "arbiter_tournament.tui.cli", str(ev)], cwd=ROOT, rc_file=tmp_path / "app.rc")
        t.wait(lambda s: "missing" in s, "the round panel", 30)
        t.keys("O")
        t.wait(lambda s: "Publish to" in s, "the question where to")
        t.keys(srv.remote)
        t.run("send-keys", "-t", "judge", "Enter")
        first = t.wait(lambda s: ONLINE.search(s.splitlines()[0]), "online on the status line", 60)
        assert "publishing to :webdav,url='http://127.0.0.1:" in first
        site = build_site(load(ev))
        until(lambda: {k: content(v) for k, v in srv.files().items()} == {k: content(v.encode()) for k, v in
                                                                         site.items()}, 10, what="the site online")

        board = open_boards(load(ev))[0]
        page = round_page_name(load(ev).rounds[-1])
        before = srv.files()[page]
        t.keys(":")
        t.wait(lambda s: "▔▔▔▔" in s, "the : line")
        t.keys(f"{board} 1-0")
        t.run("send-keys", "-t", "judge", "Enter")
        until(lambda: any(g.board == board and g.result is not None for g in load(ev).rounds[-1].games), 10,
              what="the result in the file")
        written = time.monotonic()
        until(lambda: content(srv.get(page)[1]) != content(before), 10, what="the result online")
        assert time.monotonic() - written < 10

        t.wait(lambda s: ONLINE.search(s.splitlines()[0]) and "+" not in s.splitlines()[0], "all online", 30)
        srv.kill()  # the network gone: the judge goes on, the status line says what waits
        board2 = open_boards(load(ev))[0]
        t.keys(":")
        t.wait(lambda s: "▔▔▔▔" in s, "the : line")
        t.keys(f"{board2} 0-1")
        t.run("send-keys", "-t", "judge", "Enter")
        until(lambda: any(g.board == board2 and g.result is not None for g in load(ev).rounds[-1].games), 10,
              what="the second result in the file")
        t.wait(lambda s: "offline +1" in s.splitlines()[0] and "the site cannot be updated" in s,
               "offline on the status line, the failure on the message line", 30)
        srv.start()
        t.wait(lambda s: ONLINE.search(s.splitlines()[0]) and "+" not in s.splitlines()[0], "online again", 60)
        until(lambda: {k: content(v) for k, v in srv.files().items()} ==
              {k: content(v.encode()) for k, v in build_site(load(ev)).items()}, 10, what="caught up")

        t.keys("L")
        t.wait(lambda s: re.search(r"(опубликовано в|сайт) \d\d:\d\d", s.splitlines()[0]), "Russian", 10)
        t.keys("O")
        t.wait(lambda s: "публикация остановлена" in s and "сайт" not in s.splitlines()[0], "stopped", 10)
        t.keys("q")
        until(lambda: t.dead() is not None, 20, what="the TUI quits")
        assert t.dead() == 0
    finally:
        t.kill()
        srv.kill()


def test_o_without_rclone_says_how_to_install_it_and_esc_asks_nothing(tmp_path, monkeypatch):
    """Pilot: `O` then a remote, with no rclone: one line on the message line, nothing started; `O` then Esc:
    nothing at all."""
    from tests.tui.pilot import SIZE, answer_line, flat, make_app, sync
    from arbiter_tournament.tui.screens.dialogs import LineScreen

    ev = tmp_path / "open.toml"
    create(ev, private_event(40))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("ARBITER_RCLONE", str(tmp_path / "no-rclone"))

    @sync
    async def run() -> None:
        app = make_app(ev, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("O")
            await pilot.pause()
            assert "Publish to (an rclone remote" in flat(app)
            await pilot.press("escape")
            await pilot.pause()
            assert getattr(app, "online", None) is None and not isinstance(app.screen, LineScreen)
            await pilot.press("O")
            await answer_line(pilot, "results:bucket/open")
            assert "rclone is not installed" in flat(app) and "apt install rclone" in flat(app)
            assert getattr(app, "online", None) is None
            assert "online" not in flat(app).split("│")[-1]

    run()
