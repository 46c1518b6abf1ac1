"""Registrations: reading a CSV, importing it into an event, a TRF's import, a rating list's import.

1. Reading a registration CSV (`core.formats.csvio.read_players_file`, issue 21.4): a file of N
   players as a Russian spreadsheet saves it (`;`-separated, Windows-1251, ten columns with an
   unknown one) and the same in UTF-8; the median CPU milliseconds.
2. `arbiter players import` of that CSV into an event (issue 36 point 4): wall and CPU seconds, and
   how long another judge's `players add` (a separate process, started as the import starts) waited
   for the event's lock: the import holds it only for its final write.
3. `arbiter import-trf` of a TRF of N players (a TRF holds at most 9,999: four columns for a number).
4. `arbiter ratings import` of a list in FIDE's exact layout (bench/fide_list.py; 1.2 million lines
   by default): wall and CPU seconds and the peak memory of its process.

    .venv/bin/python bench/bench_csv.py [players ...] [--list N] [--only read|import|trf|list]

Defaults: 1,000, 10,000 and 100,000 players; a list of 1,200,000 (`--list 0`: none).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_tournament.core.formats import csvio  # noqa: E402

HEAD = "№;Фамилия;Имя;Отчество;Рейтинг;FIDE ID;Дата рождения;Пол;Звание;Клуб\n"


def registration(n: int) -> str:
    return HEAD + "".join(f"{i};Иванов{i};Иван;Петрович;{1500 + i % 900};{24000000 + i};17.05.{1950 + i % 60};"
                          f"{'мж'[i % 2]};{'' if i % 7 else 'FM'};Клуб {i % 50}\n" for i in range(1, n + 1))


def cpu_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            text = registration(n)
            for enc in ("cp1251", "utf-8"):
                path = Path(tmp) / f"reg-{n}-{enc}.csv"
                path.write_bytes(text.encode(enc))
                got = csvio.read_players_file(path)
                assert len(got.rows) == n and got.encoding == enc, (len(got.rows), got.encoding)
                ms = cpu_ms(lambda: csvio.read_players_file(path), 5 if n <= 10_000 else 3)
                print(f"{n:>7} players  {enc:<7} {path.stat().st_size / 1e6:6.2f} MB  read {ms:8.1f} ms "
                      f"({ms / n * 1000:.1f} µs a player)")


OTHER_JUDGE = r"""
import sys, time
from arbiter_tournament.core.event import commands
from arbiter_tournament.core.store import EventFile
time.sleep(float(sys.argv[2]))
ef = EventFile(sys.argv[1], lock_timeout=120)
ef.load()
t = time.monotonic()
ef.change(lambda e: commands.add_player(e, "Late, Lena", rating=1800), "add player Late, Lena")
print(f"{ef.lock_wait:.3f} {time.monotonic() - t:.3f}")
"""


def cli(*args: str, env: dict | None = None) -> tuple[float, float, float]:
    """`arbiter ARGS` in a child process: (wall s, CPU s, peak MB of that child alone). The peak is GNU time's
    (%M) when /usr/bin/time is there: Linux counts in a forked child's own peak what its parent held when it
    forked, which os.wait4's account (the fallback) includes."""
    import os
    import shutil
    import subprocess

    gnu_time = shutil.which("time", path="/usr/bin")
    head = [gnu_time, "-f", "%M"] if gnu_time else []
    t = time.perf_counter()
    p = subprocess.Popen([*head, sys.executable, "-m", "arbiter_tournament.tui.cli", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    err = p.stderr.read()
    assert os.waitstatus_to_exitcode(status) == 0, err
    peak = int(err.split()[-1]) / 1024 if gnu_time else usage.ru_maxrss / 1024
    return wall, usage.ru_utime + usage.ru_stime, peak


def imports(sizes: list[int]) -> None:
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            csv = Path(tmp) / f"reg-{n}.csv"
            csv.write_bytes(registration(n).encode("utf-8"))
            ev = Path(tmp) / f"ev-{n}.toml"
            cli("new", str(ev), "--name", "Open", "--rounds", "9")
            judge = subprocess.Popen([sys.executable, "-c", OTHER_JUDGE, str(ev), "0.3"], stdout=subprocess.PIPE,
                                     text=True)
            wall, cpu, peak = cli("players", "import", str(ev), str(csv))
            waited, took = judge.communicate(timeout=600)[0].split()
            held = lock_held(Path(tmp) / f"held-{n}.toml", csv)
            print(f"players import {n:>7}: {wall:6.2f} s wall, {cpu:6.2f} s CPU, {peak:.0f} MB; another judge's players add "
                  f"waited {float(waited):.2f} s for the lock ({float(took):.2f} s in all); the import held the "
                  f"lock {held:.2f} s")


def lock_held(ev: Path, csv: Path) -> float:
    """The same import in this process: how long it held the event's lock (its final write)."""
    import contextlib

    import arbiter_tournament.core.store as store
    from arbiter_tournament.core import commands as cmds
    from arbiter_tournament.core.commands import run
    from arbiter_tournament.core.event import commands

    store.create(ev, commands.new_event("Open", 9))
    real, spans = store.locked, []

    @contextlib.contextmanager
    def timed(*a, **k):
        with real(*a, **k):
            t = time.perf_counter()
            try:
                yield
            finally:
                spans.append(time.perf_counter() - t)

    store.locked = timed
    try:
        got = csvio.read_players_file(csv)
        run(store.EventFile(ev), cmds.ImportPlayers(tuple(got.rows), str(csv)))
    finally:
        store.locked = real
    return max(spans)


def trfs(sizes: list[int]) -> None:
    from arbiter_tournament.core.event import commands
    from arbiter_tournament.core.formats.trf import write_trf
    from arbiter_tournament.core.formats.trf_event import event_to_trf

    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            n = min(n, 9999)
            e = commands.add_players(commands.new_event("Open", 9), [
                {"name": f"Ivanov{i}, Ivan", "rating": 1500 + i % 900, "federation": "RUS", "fide_id": str(24000000 + i),
                 "birth": f"{1950 + i % 60}-05-17", "sex": "mf"[i % 2]} for i in range(n)])
            trf = Path(tmp) / f"t-{n}.trf"
            trf.write_text(write_trf(event_to_trf(e)), encoding="utf-8")
            wall, cpu, _ = cli("import-trf", str(trf), str(Path(tmp) / f"t-{n}.toml"))
            print(f"import-trf     {n:>7}: {wall:6.2f} s wall, {cpu:6.2f} s CPU")


def rating_list(n: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import fide_list

    with tempfile.TemporaryDirectory() as tmp:
        lst = fide_list.write(Path(tmp) / "players_list_foa.txt", n)
        wall, cpu, peak = cli("ratings", "import", str(lst), "--date", "2026-12-01",
                              env={"XDG_DATA_HOME": str(Path(tmp) / "data")})
        print(f"ratings import {n:>7} lines ({lst.stat().st_size / 1e6:.0f} MB): {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
              f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    args = sys.argv[1:]
    only = args[args.index("--only") + 1] if "--only" in args else ""
    n_list = int(args[args.index("--list") + 1]) if "--list" in args else 1_200_000
    sizes = [int(a) for i, a in enumerate(args) if a.isdigit() and (i == 0 or args[i - 1] not in ("--list",))]
    sizes = sizes or [1000, 10_000, 100_000]
    if only in ("", "read"):
        main(sizes)
    if only in ("", "import"):
        imports(sizes)
    if only in ("", "trf"):
        trfs(sorted({min(x, 9999) for x in sizes}))
    if only in ("", "list") and n_list:
        rating_list(n_list)
