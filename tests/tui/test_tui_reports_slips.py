"""The result slips printed from the TUI's print menu (`o`, `3`) carry the QR code of each player's page when
`arbiter display --serve --reports` has kept the address phones open beside the event (`FILE.url`); without it,
the codes alone. The printed QR codes are read back module for module (tests/web/test_web_reports_address.py)."""

from __future__ import annotations

from arbiter_tournament.core import commands as cmds
from arbiter_tournament.core.event.codes import fresh_codes, shown
from arbiter_tournament.core.pairing import rounds as pairing
from arbiter_tournament.core.store import create
from arbiter_tournament.core.store.reports import write_address
from tests.helpers import event_with_players
from tests.tui.pilot import SIZE, make_app, sync, until
from tests.web.test_web_reports_address import expected_modules, qr_after, same_modules


@sync
async def test_slips_from_the_print_menu_carry_each_players_qr_code(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no printer: the file beside the event
    e = pairing.pair_next(event_with_players(8, rounds=3))
    e = cmds.GiveCodes(fresh_codes([p.id for p in e.players], [])).apply(e)
    path = tmp_path / "cup.toml"
    create(path, e)
    out = tmp_path / "cup-slips.txt"
    for lang, url in (("en", None), ("ru", "http://10.1.2.3:8000")):
        if url:
            write_address(path, url)
        out.unlink(missing_ok=True)
        app = make_app(path, lang=lang, poll_interval=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("o", "3")
            await until(pilot, lambda: app.job is None and out.exists(), "the slips")
        text = out.read_text(encoding="utf-8")
        for p in e.players:
            assert shown(p.code) in text
            if url is None:
                assert "█" not in text
            else:
                assert same_modules(qr_after(text, shown(p.code)), expected_modules(f"{url}/me/{p.code}")), p.id
