"""The command line as a judge feels it: CPU seconds of one `arbiter` process, start to exit.

Cases (each a fresh process of the installed console script, bytecode cached as an installed
package has it: PYTHONDONTWRITEBYTECODE is unset and every case runs once before it is measured):

    --help                 the top-level help
    result  (40, 1000)     one result on board 1 of round 5 (the file restored before each run)
    standings (40, 1000)   the standings after round 4 (round 5 paired, no results yet)
    pair    (40, 1000)     pair round 5 after four rounds (the file restored before each run)
    trf pair (64)          a 64-player TRF cut after round 6: pair round 7
    result batch (1000)    three results in one call (`arbiter result FILE 1 1-0 2 = 3 0-1`)

The events are made from the corpus: 40 players `points310_n40_r7`, 1000 players
`perf/perf_n1000_r9_byes`, 64 players `long_n64_r13`, each cut after round 4 (6 for the TRF),
round 5 paired by arbiter itself for `result` and `standings`.

Prints, for each case, the median and the lowest CPU time (user + system of the child: the
figure least moved by the other work of a shared machine) and the median wall time, in seconds:

    .venv/bin/python bench/bench_cli.py [--repeat N] [--only WORD] [--before PYTHON]

`--before PYTHON`: another installed arbiter (the `arbiter` script beside that Python: e.g. main
installed in a venv of its own with `pip install .`) measured on the same cases, each run of it
alternating with a run of this one, so that both columns see the same load of a shared machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"


def arbiter_command() -> list[str]:
    """The console script beside this Python (an installed arbiter), else `python -m arbiter_tournament.tui.cli`."""
    script = Path(sys.executable).parent / "arbiter"
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbiter_tournament.tui.cli"]


def cut_event(trf: Path, rounds: int):
    """The event of `trf` with only its first `rounds` rounds."""
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.formats.trf_event import trf_to_event

    t = parse_trf(trf.read_text(encoding="utf-8"), str(trf))
    if t.total_rounds is None:
        t.total_rounds = max(len(p.records) for p in t.players)
    e = trf_to_event(t, str(trf), name=trf.stem)
    return dataclasses.replace(e, rounds=tuple(r for r in e.rounds if r.number <= rounds))


def make_fixtures(folder: Path, env: dict) -> dict[str, Path]:
    from arbiter_tournament.core.formats.trf import write_trf
    from arbiter_tournament.core.formats.trf_event import event_to_trf
    from arbiter_tournament.core.store import create

    out: dict[str, Path] = {}
    for size, trf in (("40", CORPUS / "points310_n40_r7.trf"), ("1000", CORPUS / "perf" / "perf_n1000_r9_byes.trf")):
        four = folder / f"e{size}_r4.toml"
        create(four, cut_event(trf, 4))
        five = folder / f"e{size}_r5.toml"
        shutil.copy(four, five)
        subprocess.run([*arbiter_command(), "pair", str(five)], env=env, check=True, capture_output=True)
        out[f"r4_{size}"], out[f"r5_{size}"] = four, five
    trf64 = folder / "n64_r6.trf"
    e64 = cut_event(CORPUS / "long_n64_r13.trf", 6)
    t = event_to_trf(e64)
    t.total_rounds = 13
    trf64.write_text(write_trf(t), encoding="utf-8")
    out["trf64"] = trf64
    return out


def restore(template: Path, work: Path) -> None:
    """`work` as `template` was, with no journal, backups or lock beside it."""
    for p in work.parent.glob(work.name + "*"):
        p.unlink()
    shutil.copy(template, work)


def once(argv: list[str], env: dict, setup=None) -> tuple[float, float]:
    """One run: (CPU seconds of the child, wall seconds)."""
    if setup is not None:
        setup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(argv, env=env, capture_output=True, text=True)
    w = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {p.returncode}\n{p.stderr}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, w


def measure(runs: list[tuple[list[str], object]], env: dict, repeat: int) -> list[tuple[float, float, float]]:
    """Each (argv, setup) of `runs` `repeat` times, in turn (the first round only warms up: bytecode, the
    disk's cache); for each its CPU median, CPU min and wall median."""
    cpu: list[list[float]] = [[] for _ in runs]
    wall: list[list[float]] = [[] for _ in runs]
    for i in range(repeat + 1):
        for k, (argv, setup) in enumerate(runs):
            c, w = once(argv, env, setup)
            if i:
                cpu[k].append(c)
                wall[k].append(w)
    return [(statistics.median(c), min(c), statistics.median(w)) for c, w in zip(cpu, wall)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=9, help="measured runs of each case (default 9)")
    ap.add_argument("--only", default="", help="run only the cases whose name contains this")
    ap.add_argument("--before", default="", help="a Python whose arbiter is measured too, alternately")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("USER", "bench")
    arb = arbiter_command()
    old = [str(Path(args.before).parent / "arbiter")] if args.before else None
    with tempfile.TemporaryDirectory(prefix="bench_cli_") as tmp:
        folder = Path(tmp)
        fx = make_fixtures(folder, env)
        work = folder / "work.toml"
        cases = [("--help", [*arb, "--help"], None, args.repeat)]
        for size in ("40", "1000"):
            r4, r5 = fx[f"r4_{size}"], fx[f"r5_{size}"]
            cases += [
                (f"result ({size} players)", [*arb, "result", str(work), "1", "1-0"],
                 lambda r5=r5: restore(r5, work), args.repeat),
                (f"standings ({size} players)", [*arb, "standings", str(r5)], None, args.repeat),
                (f"pair ({size} players, round 5)", [*arb, "pair", str(work)],
                 lambda r4=r4: restore(r4, work), args.repeat if size == "40" else max(3, args.repeat // 3)),
            ]
        cases += [
            ("trf pair (64 players, round 7)", [*arb, "trf", "pair", str(fx["trf64"])], None, args.repeat),
            ("result, 3 boards in one call (1000)", [*arb, "result", str(work), "1", "1-0", "2", "=", "3", "0-1"],
             lambda: restore(fx["r5_1000"], work), args.repeat),
        ]
        head = f"{'CPU median':>10} {'CPU min':>8} {'wall median':>11}"
        print(f"{'case':40} {head}" + (f"   before: {head}" if old else "") + "  (seconds)")
        for name, argv, setup, n in cases:
            if args.only and args.only not in name:
                continue
            runs = [(argv, setup)] + ([([*old, *argv[len(arb):]], setup)] if old else [])
            try:
                got = measure(runs, env, n)
            except SystemExit as exc:
                try:  # the old arbiter may lack the case (a batch): this one alone
                    got = measure(runs[:1], env, n) if old else None
                except SystemExit:
                    got = None
                if got is None:
                    print(f"{name:40} not run: {str(exc).splitlines()[-1]}")
                    continue
            cols = [f"{med:10.3f} {low:8.3f} {wall:11.3f}" for med, low, wall in got]
            print(f"{name:40} " + "   before: ".join(cols) + ("   before: (not in it)" if old and len(cols) == 1
                                                             else ""), flush=True)


if __name__ == "__main__":
    main()
