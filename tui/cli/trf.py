"""TRF files: trf pair|check, the endorsed engines' command line (shared spec cli.md).

Apart from the exports (tui/cli/exports.py) because a pairing checker runs `arbiter trf pair` once a
round of every tournament it checks: it loads the TRF reader and the engine, not the event file's
store.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from arbiter_tournament.core.reading import read_text

from .usage import UsageError


def cmd_trf_pair(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.formats.trfpair import trf_pair

    text = trf_pair(read_text(Path(a.trf)), a.trf, system=a.system)
    if a.o:
        from arbiter_tournament.core.formats.output import write_output

        _not_the_input(Path(a.o), Path(a.trf))
        write_output(a.o, text)
    else:
        sys.stdout.write(text)
    return 0


def _not_the_input(out: Path, trf: Path) -> None:
    """`trf pair X.trf -o X.trf` (or a link to it) would replace the TRF with its pairing."""
    try:
        same = os.path.samefile(out, trf)
    except OSError:  # no such file yet
        same = False
    if same:
        raise UsageError(f"-o {out}: is the TRF being paired: write the pairing to another file")


def cmd_trf_check(a: argparse.Namespace) -> int:
    from arbiter_tournament.core.formats.trfpair import trf_check

    diffs = trf_check(read_text(Path(a.trf)), a.trf, system=a.system)
    for d in diffs:
        print(d)
    if diffs:
        return 1
    print("every round re-paired exactly as in the file")
    return 0
