"""Cross-check the Dutch engine with bbpPairings on random events made by its
own generator (`-g`): each event is generated and paired round by round by
bbpPairings; every round is then cut, re-paired by arbiter and compared
(pairs, colours, bye), as tests/corpus/test_dutch_corpus.py does for the corpus.

    .venv/bin/python bench/bbp_crosscheck.py [--bbp PATH] [--players 6-30] [--events 200] [--seed 1]
                                             [--system dutch|burstein]

`--system` names a registered pairing system (core/event/systems.py); bbpPairings
generates and pairs with the flag of the same name (`--burstein`).

The binary is not part of the project (nor of CI): build it from its public
sources and pass its path with --bbp or $BBPPAIRINGS. Without it the script
says so and exits 0. Events whose generation fails (the generator finds no
valid pairing for some round) are skipped; a differing round's TRF is kept in
--keep (default: the system temp folder).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.errors import NoLegalPairing  # noqa: E402
from arbiter_tournament.core.formats.trf import parse_trf  # noqa: E402
from arbiter_tournament.core.event.systems import PAIRINGS, pairing_system  # noqa: E402
from arbiter_tournament.core.formats.trfpair import request_from_trf, stored_round  # noqa: E402


def config(rng: random.Random, lo: int, hi: int) -> dict:
    """Generator settings (`Key=Value`); rates are "one in N" (1000: almost never)."""
    return {"PlayersNumber": rng.randint(lo, hi), "RoundsNumber": rng.randint(5, 11),
            "DrawPercentage": rng.choice([10, 30, 50]),
            "ForfeitRate": rng.choice([5, 15, 15, 30, 1000]), "RetiredRate": rng.choice([5, 20, 20, 50, 1000]),
            "HalfPointByeRate": rng.choice([4, 8, 8, 20, 1000]),
            "HighestRating": 2750, "LowestRating": rng.choice([1000, 2000])}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS") or shutil.which("bbpPairings.exe")
                    or shutil.which("bbpPairings"))
    ap.add_argument("--players", default="6-30", help="range of field sizes, e.g. 30-150")
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default=tempfile.gettempdir())
    ap.add_argument("--system", default="dutch", choices=list(PAIRINGS))
    args = ap.parse_args()
    pair_round = pairing_system(args.system).engine()
    if not args.bbp or not os.path.exists(args.bbp):
        print("bbpPairings not found (--bbp PATH or $BBPPAIRINGS): nothing to compare")
        return
    lo, hi = (int(x) for x in args.players.split("-"))
    work = tempfile.mkdtemp(prefix="bbpcheck")
    cfg_path, trf_path = os.path.join(work, "cfg"), os.path.join(work, "event.trf")
    events = rounds = diffs = failed = 0
    t0 = time.time()
    for i in range(args.events):
        seed = args.seed + i
        cfg = config(random.Random(seed), lo, hi)
        with open(cfg_path, "w", encoding="utf-8") as fh:
            fh.write("".join(f"{k}={v}\n" for k, v in cfg.items()))
        gen = subprocess.run([args.bbp, f"--{args.system}", "-g", cfg_path, "-o", trf_path, "-s", str(seed)],
                             capture_output=True, text=True)
        if gen.returncode != 0:
            failed += 1
            continue
        with open(trf_path, encoding="utf-8", errors="replace") as fh:
            text = fh.read().replace("\r\n", "\n")
        t = parse_trf(text, trf_path)
        t.total_rounds = cfg["RoundsNumber"]
        events += 1
        for r in range(1, max(len(p.records) for p in t.players) + 1):
            games, bye = stored_round(t, r)
            if not games and bye is None:
                continue
            try:
                got = pair_round(request_from_trf(t, r - 1, trf_path))
                ours = (set(got.boards), got.bye)
            except NoLegalPairing as err:
                ours = ("no pairing", str(err))
            rounds += 1
            if ours != (games, bye):
                diffs += 1
                keep = os.path.join(args.keep, f"bbpcheck_seed{seed}_r{r}.trf")
                with open(keep, "w", encoding="utf-8") as fh:
                    fh.write(text)
                print(f"DIFFERENCE seed {seed} round {r} ({cfg}): kept {keep}", flush=True)
        if (i + 1) % 50 == 0:
            print(f"{i + 1} seeds: {events} events, {rounds} rounds, {diffs} differences, "
                  f"{time.time() - t0:.0f} s", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"{args.system}, players {lo}-{hi}: {events} events ({failed} not generated), {rounds} rounds, {diffs} differences")


if __name__ == "__main__":
    main()
