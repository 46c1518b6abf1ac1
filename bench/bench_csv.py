"""Time reading a registration CSV (`core.formats.csvio.read_players_file`, issue 21.4).

A file of N players (default 2000 and 100,000) as a Russian spreadsheet saves it: `;`-separated,
Windows-1251 (the encoding told from the letters), ten columns with an unknown one; and the same in
UTF-8. Prints the file's size and the median CPU milliseconds of reading it (bytes, encoding,
header, every row made clean); the import into the event (`players import`) is a change of the
store and is timed by bench_store.py. Run:

    .venv/bin/python bench/bench_csv.py [players ...]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.core.formats import csvio  # noqa: E402

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


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [2000, 100_000])
