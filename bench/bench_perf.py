"""Benchmark of the Dutch engine on big opens with byes and forfeits.

The events: the perf corpus (tests/data/corpus/perf/: 700, 1000 and 1500
players, made and paired by the endorsed engine), and bigger opens made round
by round by arbiter itself (bench/simulate.py `open_event`: requested
half-point byes, withdrawals, forfeits): 2500 players, every round of 9, and
5000 players, rounds 1-2 (`--open N:PLAYED`, default `2500:9 5000:2`). The
endorsed engine needs more than 15 minutes a round at 2500 players, so those
events are arbiter's own; they are built once (several minutes) and kept as
TRF files in the folder given by --cache (default: arbiter-bench in the
system temp folder), and "same as stored" then says that the engine pairs
each round as the engine that built the event did.

For every round r of each event: cut before r, pair r in a fresh subprocess,
print the CPU seconds of the pairing, the peak memory (maximum resident set
size) of that process, and whether the pairing equals the stored round; then
the worst round of each event. `gap ms` is the longest stretch of CPU time
between two calls of pair_round's progress hook in that round.

    .venv/bin/python bench/bench_perf.py [names or sizes...] [--rounds 3,4] [--timeout S]
                                         [--open 2500:9 --open 5000:2] [--cache DIR] [--runs K]

A name selects the events whose file name contains it (`700`, `n1500`,
`open`). `--runs K` pairs each round K times (each in a fresh process) and
prints the least CPU time and memory: the machine is shared, and the least of
several runs is the figure least moved by other work.
Peak memory includes the interpreter and the parsed TRF (about 30 MiB at 1000
players), i.e. what a command-line `arbiter trf pair` of that round costs.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PERF = ROOT / "tests" / "data" / "corpus" / "perf"


def one_round(path: str, rnd: int) -> dict:
    """Pair round `rnd` of `path` in this process (the child's side)."""
    import resource
    import time

    sys.path.insert(0, str(ROOT))
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.swiss import pair_round
    from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round

    with open(path, encoding="utf-8") as fh:
        t = parse_trf(fh.read(), path)
    if t.total_rounds is None:
        t.total_rounds = max(len(p.records) for p in t.players)
    req = request_from_trf(t, rnd - 1, path)
    last, gap = [0.0], [0.0]

    def progress():  # the longest CPU stretch without a progress call
        now = time.process_time()
        gap[0] = max(gap[0], now - last[0])
        last[0] = now
    t0 = last[0] = time.process_time()
    got = pair_round(req, progress=progress)
    cpu = time.process_time() - t0
    gap[0] = max(gap[0], t0 + cpu - last[0])
    games, bye = stored_round(t, rnd)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"cpu": cpu, "peak_mib": peak_kib / 1024, "same": set(got.boards) == games and got.bye == bye,
            "boards": len(got.boards), "gap_ms": gap[0] * 1000}


def rounds_of(path: str) -> list[int]:
    """The rounds of the file that were paired (a record of the next round may be a requested bye)."""
    sys.path.insert(0, str(ROOT))
    from arbiter_tournament.core.formats.trf import parse_trf
    from arbiter_tournament.core.formats.trfpair import stored_round

    with open(path, encoding="utf-8") as fh:
        t = parse_trf(fh.read(), path)
    return [r for r in range(1, max(len(p.records) for p in t.players) + 1) if any(stored_round(t, r))]


def simulated(cache: Path, spec: str) -> str:
    """The TRF of the open `N:PLAYED` (bench/simulate.py open_event, seed 1, 9 rounds), built once."""
    n, played = (int(x) for x in spec.split(":"))
    path = cache / f"open_n{n}_r9_p{played}_s1.trf"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        print(f"building {path.name} (every round paired by arbiter: minutes)", flush=True)
        text = subprocess.run([sys.executable, str(ROOT / "bench" / "simulate.py"), "open", str(n), "9",
                               str(played), "1"], check=True, capture_output=True, text=True).stdout
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.rename(path)
    return str(path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--rounds", default="", help="comma-separated rounds (default: all)")
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds of wall clock per round")
    ap.add_argument("--open", action="append", help="a simulated open N:PLAYED (default 2500:9 and 5000:2)")
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "arbiter-bench"))
    ap.add_argument("--runs", type=int, default=1, help="pair each round this many times, keep the least")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(one_round(args.child[0], int(args.child[1]))))
        return
    files = sorted(glob.glob(str(PERF / "*.trf")), key=lambda p: (len(p), p))
    if not files:
        print(f"no perf corpus at {PERF}")
    opens = args.open if args.open is not None else ["2500:9", "5000:2"]
    wanted = [f for f in files if not args.names or any(n in os.path.basename(f) for n in args.names)]
    for spec in opens:
        if not args.names or any(n in f"open_n{spec.split(':')[0]}" for n in args.names):
            wanted.append(simulated(Path(args.cache), spec))
    only = {int(x) for x in args.rounds.split(",") if x}
    print(f"{'event':<22} {'round':>5} {'CPU s':>8} {'peak MiB':>9} {'boards':>7} {'gap ms':>7}  same as stored",
          flush=True)
    for path in wanted:
        name = os.path.basename(path)[:-4]
        worst = None
        for rnd in rounds_of(path):
            if only and rnd not in only:
                continue
            r = None
            for _ in range(args.runs):
                try:
                    out = subprocess.run([sys.executable, __file__, "--child", path, str(rnd)], capture_output=True,
                                         text=True, timeout=args.timeout)
                except subprocess.TimeoutExpired:
                    print(f"{name:<22} {rnd:>5} {'>' + str(int(args.timeout)):>8}  (stopped)", flush=True)
                    break
                if out.returncode != 0:
                    print(f"{name:<22} {rnd:>5}  failed: {out.stderr.strip().splitlines()[-1:]}", flush=True)
                    break
                one = json.loads(out.stdout.strip().splitlines()[-1])
                if r is None:
                    r = one
                else:
                    r = {**r, "cpu": min(r["cpu"], one["cpu"]), "peak_mib": min(r["peak_mib"], one["peak_mib"]),
                         "gap_ms": min(r["gap_ms"], one["gap_ms"]), "same": r["same"] and one["same"]}
            if r is None:
                continue
            print(f"{name:<22} {rnd:>5} {r['cpu']:>8.2f} {r['peak_mib']:>9.1f} {r['boards']:>7} {r['gap_ms']:>7.0f}  "
                  f"{'yes' if r['same'] else 'NO'}", flush=True)
            if worst is None or r["cpu"] > worst[1]["cpu"]:
                worst = (rnd, r)
        if worst:
            rnd, r = worst
            print(f"{name:<22} worst round {rnd}: {r['cpu']:.2f} s CPU, {r['peak_mib']:.1f} MiB", flush=True)


if __name__ == "__main__":
    main()
