"""Terminal-safe everywhere (issue 16): one function, core.msg.cells.clean, makes text from the
file safe; hostile names go through every output that is not JSON and come out with `?` where a
terminal would have acted, and through JSON exactly (escaped).
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
import fcntl
import unicodedata

import pytest

from arbiter_tournament.core.formats.exports import PRINTOUTS
from arbiter_tournament.core.msg.cells import UNSAFE, clean, json_safe
from tests.cli_run import ok
from tests.conftest import ROOT

HOSTILE = [
    "Clip\x1b]52;c;ZWNobyBwd25lZA==\x07Board",  # sets the terminal's clipboard
    "Clear\x1b[2JScreen",  # clears it
    "Title\x1b]2;owned\x07Name",  # sets its title
    "Rev\u202egnp.exe",  # right-to-left override: shows as exe.png
    "Iso\u2066late\u2069",  # bidi isolates
    "Zero\u200bWidth",
    "Csi\x9b31mC1",  # a one-character CSI (C1)
]
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u2069", "\u200b")


def unsafe_in(text: str) -> list[str]:
    return [f"U+{ord(c):04X}" for c in text if UNSAFE.match(c) and c not in "\n\t"]


# -- the function ---------------------------------------------------------------------------


def test_clean_covers_every_control_format_surrogate_and_separator_character():
    for cp in range(0x110000):
        c = chr(cp)
        if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            assert UNSAFE.match(c), f"U+{cp:04X}"


@pytest.mark.parametrize("name", HOSTILE)
def test_clean_shows_each_hostile_character_as_a_question_mark(name):
    out = clean(name)
    assert not unsafe_in(out) and "\n" not in clean(name + "\nX")
    assert len(out) == len(name) and out.count("?") == sum(1 for c in name if UNSAFE.match(c))
    assert clean("Ivanov, Ivan — Ω 李 ü") == "Ivanov, Ivan — Ω 李 ü"
    assert clean("a\nb\tc\x1b", lines=True) == "a\nb\tc?"


def test_json_safe_keeps_the_value_and_escapes_what_a_terminal_would_act_on():
    value = {"names": HOSTILE + ["\U000e0041 tag", "\ud800 lone"]}
    text = json_safe(json.dumps(value, ensure_ascii=False))
    assert json.loads(text) == value and not unsafe_in(text)


# -- every output ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hostile_event(tmp_path_factory):
    """A Swiss event of hostile names (the event's name and a club too), two rounds, a top of 2."""
    folder = tmp_path_factory.mktemp("hostile")
    path = folder / "h.toml"
    ok("new", path, "--name", "Hall\x1b]2;owned\x07\u202eCup", "--rounds", 2, "--top", 2)
    for i, name in enumerate(HOSTILE):
        ok("players", "add", path, name, "--rating", 2000 - i, "--club", "Club\x1b[2J\u200b")
    ok("players", "add", path, "Plain Ann", "--rating", 1500)
    for r in (1, 2):
        ok("pair", path)
        for b in range(1, 5):
            ok("result", path, b, "1-0")
    return path


def _check(text: str, where: str) -> None:
    assert not unsafe_in(text), (where, unsafe_in(text)[:5])
    for raw in RAW:
        assert raw not in text, where


def test_every_text_output_of_the_command_line_is_terminal_safe(hostile_event, tmp_path):
    ev = hostile_event
    outs = {
        "round": ok("round", ev), "round --explain": ok("round", ev, "--explain"),
        "round 1": ok("round", ev, "--round", 1),
        "standings": ok("standings", ev), "standings csv": ok("standings", ev, "--format", "csv"),
        "standings --explain": ok("standings", ev, "--explain", 1),
        "players list": ok("players", "list", ev), "log": ok("log", ev),
    }
    for name, out in outs.items():
        _check(out, name)
    assert "Clear?[2JScreen" in outs["standings"] and "Rev?gnp.exe" in outs["round 1"]
    assert "Clip?]52;c;ZWNobyBwd25lZA==?Board" in outs["log"]
    rows = list(csv.reader(io.StringIO(outs["standings csv"])))
    assert "Csi?31mC1" in {r[2] for r in rows}


def test_json_outputs_keep_the_names_exact_and_escaped(hostile_event):
    for args in (("round", hostile_event, "--format", "json"), ("standings", hostile_event, "--format", "json"),
                 ("players", "list", hostile_event, "--format", "json")):
        out = ok(*args)
        _check(out, args[0])
        json.loads(out)
    names = {p["name"] for p in json.loads(ok("players", "list", hostile_event, "--format", "json"))}
    assert names >= set(HOSTILE)


def test_the_top_and_the_bracket_are_terminal_safe(hostile_event, tmp_path):
    ev = tmp_path / "top.toml"
    ev.write_bytes(hostile_event.read_bytes())
    _check(ok("top", ev, "--lots"), "top")
    _check(ok("bracket", ev), "bracket")
    _check(ok("bracket", ev, "--format", "json"), "bracket json")


@pytest.mark.parametrize("what", PRINTOUTS)
def test_every_printout_is_terminal_safe(hostile_event, tmp_path, what):
    ev = tmp_path / "e.toml"
    ev.write_bytes(hostile_event.read_bytes())
    if what in ("bracket",):
        ok("top", ev, "--lots")
    if what == "playoff":  # a play-off is for an event without a top: the same event, its top taken out
        text = ev.read_text(encoding="utf-8")
        assert "\ntop = 2\n" in text
        ev.write_text(text.replace("\ntop = 2\n", "\n"), encoding="utf-8")
        ok("playoff", ev)
    out = tmp_path / f"{what}.txt"
    ok("export", ev, "--format", "text", "--what", what, "--out", out)
    _check(out.read_text(encoding="utf-8"), what)


@pytest.mark.parametrize("fmt,what", [("trf", "standings"), ("csv", "players"), ("csv", "standings")])
def test_every_export_file_is_terminal_safe(hostile_event, tmp_path, fmt, what):
    out = tmp_path / f"x.{fmt}"
    ok("export", hostile_event, "--format", fmt, "--what", what, "--out", out)
    text = out.read_text(encoding="utf-8")
    _check(text, f"{fmt} {what}")
    assert "Title?]2;owned?Name" in text


def test_the_site_is_cleaned_and_escaped(hostile_event, tmp_path):
    ok("export", hostile_event, "--format", "html", "--out", tmp_path / "site")
    pages = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "site").glob("*.html")}
    assert len(pages) >= 5
    for name, html in pages.items():
        _check(html, name)
    assert "Rev?gnp.exe" in pages["index.html"] and "Club?[2J?" in pages["index.html"]


def test_the_hall_display_screen_shows_hostile_names_safely(hostile_event):
    import asyncio

    from arbiter_tournament.tui.display import HallDisplay

    async def go():
        app = HallDisplay(str(hostile_event), interval=60, poll=60)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            shown = [app.title] + [str(w.render()) for w in app.query("Static")]
            for _ in range(3):
                await pilot.press("space")
                shown += [str(w.render()) for w in app.query("Static")]
            await pilot.press("q")
        return "\n".join(shown)

    text = asyncio.run(go())
    _check(text.replace("\n", " "), "display")
    assert "Clear?[2JScreen" in text and "Hall?]2;owned??Cup" in text


def _drain(fd: int, seconds: float) -> bytes:
    got, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
    return got


def test_the_hall_display_writes_no_hostile_sequence_to_a_real_terminal(hostile_event):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "USER": "anna"}
        os.execve(sys.executable, [sys.executable, "-m", "arbiter_tournament.tui.cli", "display", str(hostile_event),
                                   "--interval", "1"], env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        screen = _drain(fd, 8)  # a few pages turn meanwhile
        os.write(fd, b"q")
        screen += _drain(fd, 5)
    finally:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    assert b"Clear" in screen or "Clear".encode("utf-16-be") in screen or b"Plain" in screen, screen[-500:]
    for bad in (b"\x1b]52", b"]2;owned\x07", b"Clear\x1b[2J", "\u202e".encode(), "\u2066".encode(),
                "\u200b".encode(), "\x9b".encode()):
        assert bad not in screen, bad


@pytest.mark.parametrize("name", ["=cmd|' /C calc'!A0", "+SUM(1)", "@SUM(1)", "-1+2", "\uff1dHYPERLINK(\"x\")",
                                  "\uff0b1", "\uff0d1+2", "\uff20SUM(1)", "\t=1+1", "\r=1+1"])
def test_a_csv_cell_never_starts_as_a_spreadsheet_formula(name):
    """Names come from entry forms the judge does not control; a spreadsheet opening the export
    runs a cell that starts with = + - @ (or their fullwidth forms, which some locales of Excel
    take for them) as a formula (DDE `=cmd|...`, HYPERLINK to leak the sheet). Such a cell starts
    with `'`, which the spreadsheet shows as text; a number such as -5 or -0.5 stays a number."""
    from arbiter_tournament.core.formats.csvio import write_rows

    cell = next(csv.reader(io.StringIO(write_rows(["name"], [[name], [-5], ["-0.5"]]).splitlines()[1])))[0]
    assert cell[0] not in "=+-@\uff1d\uff0b\uff0d\uff20\t\r", cell
    assert write_rows(["n"], [[-5], ["-0.5"], ["'t Hooft"]]).splitlines()[1:] == ["-5", "-0.5", "'t Hooft"]
