"""`arbiter export FILE ... --out -` writes to standard output (docs/cli.md): the same bytes as the file `--out
PATH` writes, nothing else on stdout, and no file named `-`; `--format html` (a folder, the site) is refused."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.cli_run import run, run_process
from tests.conftest import ROOT

CASES = [
    ("csv", "players", []),
    ("csv", "standings", []),
    ("text", "standings", []),
    ("text", "pairings", ["--page-length", "0"]),
    ("trf", "standings", ["--table", "2"]),
    ("html", "cards", []),  # one page, not the site
]


@pytest.fixture
def demo(tmp_path):
    p = tmp_path / "demo.toml"
    shutil.copy(ROOT / "saves" / "demo.toml", p)
    return p


@pytest.mark.parametrize(("fmt", "what", "more"), CASES)
def test_out_dash_is_standard_output_with_the_files_bytes(demo, tmp_path, fmt, what, more):
    written = tmp_path / f"out.{fmt}"
    code, said, err = run("export", demo, "--format", fmt, "--what", what, *more, "--out", written, cwd=tmp_path)
    assert (code, said, err) == (0, f"wrote {written}\n", "")
    done = run_process("export", demo, "--format", fmt, "--what", what, *more, "--out", "-", cwd=tmp_path, text=False)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == written.read_bytes()  # and no "wrote ..." line on it
    assert not (tmp_path / "-").exists()
    code, said, err = run("export", demo, "--format", fmt, "--what", what, *more, "--out", "-", cwd=tmp_path)
    assert (code, err) == (0, "") and said == written.read_bytes().decode("utf-8")
    assert not (tmp_path / "-").exists()


def test_out_dash_first_line_of_the_csv(demo, tmp_path):
    code, said, _ = run("export", demo, "--format", "csv", "--what", "players", "--out", "-", cwd=tmp_path)
    assert code == 0
    head, first = said.splitlines()[:2]
    assert head.startswith("id,name,rating,club")
    assert first.startswith('1,"Bogdanov, Irina",1459,Knights')  # the demo's player 1


def test_out_dash_refused_for_the_site(demo, tmp_path):
    before = sorted(os.listdir(tmp_path))
    code, said, err = run("export", demo, "--format", "html", "--out", "-", cwd=tmp_path)
    assert code == 2 and said == ""
    assert err == ("arbiter: error: --out -: standard output takes one file, and --format html writes a folder "
                   "(the site): give the folder's path\n")
    assert sorted(os.listdir(tmp_path)) == before  # nothing written


def test_a_file_named_dash_is_still_reachable(demo, tmp_path):
    code, said, err = run("export", demo, "--format", "csv", "--what", "players", "--out", "./-", cwd=tmp_path)
    assert code == 0 and said == "wrote ./-\n"
    assert (tmp_path / "-").read_text(encoding="utf-8").startswith("id,name,rating,club")
