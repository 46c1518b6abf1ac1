"""Burstein events played round by round against bbpPairings, every round compared.

bbpPairings' own generator (`--burstein -g`) stops with a memory error on most
events (v6.0.0 built from its sources: 56 of 60 small events fail), so this
script plays the events itself with the generator's settings (players, rounds,
draw percentage, forfeit, retirement and half-point-bye rates: "one in N"):
each round is written as a TRF (the rounds so far, the byes asked for this
round), paired by `bbpPairings --burstein FILE -p` and by arbiter's Burstein
engine (the registry's `burstein`), the two outputs compared byte for byte
(boards in order, colours, bye), and bbpPairings' pairing is played with random
results. An event whose round bbpPairings cannot pair (or crashes on) ends
there; the rounds before it count.

    .venv/bin/python bench/bbp_burstein_events.py [--bbp PATH] [--players 6-30] [--events 200]
                                                  [--seed 1] [--out DIR] [--keep DIR]

`--out` keeps each finished event as a TRF (corpus material: every round of it is
bbpPairings' pairing of the rounds before it); `--keep` the TRF of each differing
round. The binary is not part of the project: build it from its public sources.
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
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.errors import NoLegalPairing  # noqa: E402
from arbiter_tournament.core.event.records import Outcome, RoundRecord, Scoring  # noqa: E402
from arbiter_tournament.core.event.systems import pairing_system  # noqa: E402
from arbiter_tournament.core.formats.trf import TrfPlayer, parse_trf, player_line  # noqa: E402
from arbiter_tournament.core.formats.trfpair import request_from_trf  # noqa: E402


def config(rng: random.Random, lo: int, hi: int) -> dict:
    return {"players": rng.randint(lo, hi), "rounds": rng.randint(3, 11), "draw": rng.choice([10, 30, 50]),
            "forfeit": rng.choice([5, 15, 15, 30, 1000]), "retired": rng.choice([5, 20, 20, 50, 1000]),
            "hpb": rng.choice([4, 8, 8, 20, 1000]), "initial": rng.choice("wb")}


def trf_text(name: str, ratings: list[int], records: dict[int, list[RoundRecord]], rounds: int, initial: str) -> str:
    sc = Scoring()
    lines = [f"012 {name}"]
    for pid, rating in enumerate(ratings, 1):
        recs = records[pid]
        pts = sum((sc.points(r.outcome) for r in recs), Fraction(0))
        lines.append(player_line(TrfPlayer(pid, f"Player{pid:04d}", rating, points=pts, records=recs)))
    lines.append(f"XXR {rounds}")
    lines.append(f"XXC {'white1' if initial == 'w' else 'black1'}")
    return "\n".join(lines) + "\n"


def bbp_pair(bbp: str, path: str, out: str) -> tuple[int, str]:
    """bbpPairings' exit code and its pairing (its error message when it has none)."""
    run = subprocess.run([bbp, "--burstein", path, "-p", out], capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out):
        return run.returncode, run.stderr.strip()
    with open(out, encoding="utf-8") as fh:
        return 0, fh.read().replace("\r\n", "\n")


def ours(text: str, path: str, upto: int, engine) -> str:
    t = parse_trf(text, path)
    try:
        return engine(request_from_trf(t, upto, path)).bbp_text()
    except NoLegalPairing as err:
        return f"no pairing: {err}"


def play(rng: random.Random, cfg: dict, ratings: list[int], records, out_text: str, k: int) -> None:
    lines = out_text.split("\n")
    for line in lines[1:int(lines[0]) + 1]:
        a, b = (int(x) for x in line.split())
        if b == 0:
            records[a].append(RoundRecord(Outcome.PAB))
            continue
        if rng.randrange(cfg["forfeit"]) == 0:
            who = rng.randrange(3)  # 0: white does not come, 1: black, 2: neither
            ra = Outcome.FORFEIT_LOSS if who in (0, 2) else Outcome.FORFEIT_WIN
            rb = Outcome.FORFEIT_LOSS if who in (1, 2) else Outcome.FORFEIT_WIN
            records[a].append(RoundRecord(ra, b, "w"))
            records[b].append(RoundRecord(rb, a, "b"))
            continue
        if rng.randrange(100) < cfg["draw"]:
            ra, rb = Outcome.DRAW, Outcome.DRAW
        else:
            p = 1 / (1 + 10 ** ((ratings[b - 1] - ratings[a - 1]) / 400))
            ra, rb = (Outcome.WIN, Outcome.LOSS) if rng.random() < p else (Outcome.LOSS, Outcome.WIN)
        records[a].append(RoundRecord(ra, b, "w"))
        records[b].append(RoundRecord(rb, a, "b"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS") or shutil.which("bbpPairings.exe")
                    or shutil.which("bbpPairings"))
    ap.add_argument("--players", default="6-30")
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None)
    ap.add_argument("--keep", default=tempfile.gettempdir())
    args = ap.parse_args()
    if not args.bbp or not os.path.exists(args.bbp):
        print("bbpPairings not found (--bbp PATH or $BBPPAIRINGS): nothing to compare")
        return
    engine = pairing_system("burstein").engine()
    lo, hi = (int(x) for x in args.players.split("-"))
    work = tempfile.mkdtemp(prefix="bursteincheck")
    trf_path, out_path = os.path.join(work, "event.trf"), os.path.join(work, "out.txt")
    events = rounds = diffs = stopped = refusals = 0
    t0 = time.time()
    for i in range(args.events):
        seed = args.seed + i
        rng = random.Random(seed)
        cfg = config(rng, lo, hi)
        n = cfg["players"]
        ratings = sorted((rng.randint(1000, 2750) for _ in range(n)), reverse=True)
        records: dict[int, list[RoundRecord]] = {pid: [] for pid in range(1, n + 1)}
        retired: set[int] = set()
        played = 0
        for k in range(1, cfg["rounds"] + 1):
            for pid in range(1, n + 1):
                if pid not in retired and rng.randrange(cfg["retired"] * cfg["rounds"]) == 0:
                    retired.add(pid)
                if pid in retired:
                    records[pid].append(RoundRecord(Outcome.ZERO_BYE))
                elif rng.randrange(cfg["hpb"] * 2) == 0 and k < cfg["rounds"]:
                    records[pid].append(RoundRecord(Outcome.HALF_BYE))
            text = trf_text(f"Burstein check {seed}", ratings, records, cfg["rounds"], cfg["initial"])
            with open(trf_path, "w", encoding="utf-8") as fh:
                fh.write(text)
            if os.path.exists(out_path):
                os.remove(out_path)
            code, theirs = bbp_pair(args.bbp, trf_path, out_path)
            mine = ours(text, trf_path, k - 1, engine)
            if code != 0:
                stopped += 1
                for pid in range(1, n + 1):
                    del records[pid][k - 1:]
                if code == 1:  # no valid pairing: arbiter must find none either
                    refusals += 1
                    if not mine.startswith("no pairing"):
                        diffs += 1
                        print(f"DIFFERENCE seed {seed} round {k}: bbpPairings finds no pairing, arbiter does", flush=True)
                else:
                    print(f"seed {seed} round {k}: bbpPairings exit {code}: {theirs[:100]}", flush=True)
                break
            rounds += 1
            if mine != theirs:
                diffs += 1
                keep = os.path.join(args.keep, f"bursteincheck_seed{seed}_r{k}.trf")
                with open(keep, "w", encoding="utf-8") as fh:
                    fh.write(text)
                print(f"DIFFERENCE seed {seed} round {k} ({cfg}): kept {keep}", flush=True)
            play(rng, cfg, ratings, records, theirs, k)
            played = k
        if played:
            events += 1
            if args.out:
                os.makedirs(args.out, exist_ok=True)
                final = trf_text(f"Burstein check {seed}", ratings, records, cfg["rounds"], cfg["initial"])
                with open(os.path.join(args.out, f"seed{seed}_n{n}_r{played}.trf"), "w", encoding="utf-8") as fh:
                    fh.write(final)
        if (i + 1) % 50 == 0:
            print(f"{i + 1} seeds: {events} events, {rounds} rounds, {diffs} differences, {stopped} stopped by "
                  f"bbpPairings, {time.time() - t0:.0f} s", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"burstein, players {lo}-{hi}: {events} events, {rounds} rounds compared, {diffs} differences, "
          f"{stopped} events stopped where bbpPairings gave no pairing ({refusals} 'no valid pairing', "
          f"arbiter none either)")


if __name__ == "__main__":
    main()
