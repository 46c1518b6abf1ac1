"""Benchmark of the Dutch engine on the perf corpus (tests/data/corpus/perf/):
big opens with byes and forfeits, paired by the endorsed engine. For every
round r of each event: cut before r, pair r in a fresh subprocess, print the
CPU seconds of the pairing, the peak memory (maximum resident set size) of
that process, and whether the pairing equals the stored round; then the worst
round of each event. `gap ms` is the longest stretch of CPU time between two
calls of pair_round's progress hook in that round.

    .venv/bin/python bench/bench_perf.py [names or sizes...] [--rounds 3,4] [--timeout S]

A name selects the events whose file name contains it (`700`, `n1500`).
Peak memory includes the interpreter and the parsed TRF (about 30 MiB), i.e.
what a command-line `arbiter trf pair` of that round costs.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PERF = ROOT / "tests" / "data" / "corpus" / "perf"


def one_round(path: str, rnd: int) -> dict:
    """Pair round `rnd` of `path` in this process (the child's side)."""
    import resource
    import time

    sys.path.insert(0, str(ROOT))
    from arbiter.core.formats.trf import parse_trf
    from arbiter.core.swiss import pair_round
    from arbiter.core.formats.trfpair import request_from_trf, stored_round

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


def rounds_of(path: str) -> int:
    sys.path.insert(0, str(ROOT))
    from arbiter.core.formats.trf import parse_trf

    with open(path, encoding="utf-8") as fh:
        t = parse_trf(fh.read(), path)
    return max(len(p.records) for p in t.players)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--rounds", default="", help="comma-separated rounds (default: all)")
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds of wall clock per round")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(one_round(args.child[0], int(args.child[1]))))
        return
    files = sorted(glob.glob(str(PERF / "*.trf")), key=lambda p: (len(p), p))
    if args.names:
        files = [f for f in files if any(n in os.path.basename(f) for n in args.names)]
    if not files:
        print(f"no perf corpus at {PERF}")
        return
    only = {int(x) for x in args.rounds.split(",") if x}
    print(f"{'event':<22} {'round':>5} {'CPU s':>8} {'peak MiB':>9} {'boards':>7} {'gap ms':>7}  same as stored",
          flush=True)
    for path in files:
        name = os.path.basename(path)[:-4]
        worst = None
        for rnd in range(1, rounds_of(path) + 1):
            if only and rnd not in only:
                continue
            try:
                out = subprocess.run([sys.executable, __file__, "--child", path, str(rnd)], capture_output=True,
                                     text=True, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                print(f"{name:<22} {rnd:>5} {'>' + str(int(args.timeout)):>8}  (stopped)", flush=True)
                continue
            if out.returncode != 0:
                print(f"{name:<22} {rnd:>5}  failed: {out.stderr.strip().splitlines()[-1:]}", flush=True)
                continue
            r = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{name:<22} {rnd:>5} {r['cpu']:>8.2f} {r['peak_mib']:>9.1f} {r['boards']:>7} {r['gap_ms']:>7.0f}  "
                  f"{'yes' if r['same'] else 'NO'}", flush=True)
            if worst is None or r["cpu"] > worst[1]["cpu"]:
                worst = (rnd, r)
        if worst:
            rnd, r = worst
            print(f"{name:<22} worst round {rnd}: {r['cpu']:.2f} s CPU, {r['peak_mib']:.1f} MiB", flush=True)


if __name__ == "__main__":
    main()
