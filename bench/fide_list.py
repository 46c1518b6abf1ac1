"""A made-up rating list in FIDE's exact layout (shared spec ratinglists.md): the combined TXT list,
its header and its columns where FIDE puts them, about 1.2 million lines like the real one.

    .venv/bin/python bench/fide_list.py OUT.txt [players] [--zip]

Names are made of syllables (no real player's), ids unique, federations FIDE's codes, a quarter of
the players women, titles, three ratings with gaps, years of birth, flags. Deterministic (seeded).
"""

from __future__ import annotations

import random
import sys
import zipfile
from pathlib import Path

HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit    "
          "       FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
# column starts, from the header above (what a reader takes from the file at hand)
STARTS = {w: HEADER.index(w) for w in ("Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng", "SGm", "SK",
                                       "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK", "B-day", "Flag")}
FEDS = ("RUS", "KAZ", "GER", "IND", "USA", "FRA", "ESP", "ITA", "POL", "UKR", "ENG", "NED", "CZE", "HUN", "SRB",
        "TUR", "IRI", "BRA", "ARG", "CHN", "UZB", "BLR", "AZE", "ARM", "GEO", "FID", "SUI", "AUT", "SWE", "NOR")
SYL = ("ka", "ro", "mi", "na", "sha", "vel", "dor", "tin", "lek", "san", "bor", "ric", "mar", "el", "ov", "ev",
       "sky", "son", "berg", "ian", "ko", "lu", "zar", "pet", "nik", "ol", "ga", "ser", "gei", "an", "dre", "yu")
GIVEN = ("Ivan", "Olga", "Anna", "Pyotr", "Maria", "Jan", "Aigerim", "Sergei", "Elena", "Nikita", "Arjun", "Wei",
         "Lukas", "Sofia", "Mateo", "Emma", "Dmitri", "Aisha", "Timur", "Laura", "Hans", "Marta", "Oleg", "Li")


def line(rng: random.Random, fid: int) -> str:
    surname = "".join(rng.choice(SYL) for _ in range(rng.randint(2, 4))).capitalize()
    given = rng.choice(GIVEN) + (" " + rng.choice(GIVEN) if rng.random() < 0.2 else "")
    woman = rng.random() < 0.25
    cells = {"Name": f"{surname}, {given}", "Fed": rng.choice(FEDS), "Sex": "F" if woman else "M"}
    if rng.random() < 0.03:
        cells["Tit"] = rng.choice(("GM", "IM", "FM", "CM"))
    if woman and rng.random() < 0.1:
        cells["WTit"] = rng.choice(("WGM", "WIM", "WFM", "WCM"))
    if rng.random() < 0.01:
        cells["OTit"] = rng.choice(("IA", "FA", "IO", "FST", "IA,FT"))
    for r, g, k in (("SRtng", "SGm", "SK"), ("RRtng", "RGm", "Rk"), ("BRtng", "BGm", "BK")):
        if rng.random() < 0.7:
            cells[r] = str(rng.randint(1400, 2800))
            cells[g] = str(rng.randint(0, 12))
            cells[k] = rng.choice(("10", "20", "40"))
    if rng.random() < 0.9:
        cells["B-day"] = str(rng.randint(1930, 2020))
    flag = ("w" if woman else "") + ("i" if rng.random() < 0.4 else "")
    if flag:
        cells["Flag"] = flag
    out = [f"{fid:<15}"]
    pos = 15
    for word, start in STARTS.items():
        v = cells.get(word, "")
        if v:
            out.append(" " * (start - pos) + v)
            pos = start + len(v)
    return "".join(out).rstrip() + "\n"


def write(path: Path, n: int, *, as_zip: bool = False) -> Path:
    rng = random.Random(36)
    txt = path if not as_zip else path.with_suffix(".txt")
    with open(txt, "w", encoding="ascii", newline="\n") as f:
        f.write(HEADER + "\n")
        fid = 100_000
        for _ in range(n):
            fid += rng.randint(1, 40)
            f.write(line(rng, fid))
    if as_zip:
        z = path.with_suffix(".zip")
        with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.write(txt, txt.name)
        txt.unlink()
        return z
    return txt


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--zip"]
    got = write(Path(args[0]), int(args[1]) if len(args) > 1 else 1_200_000, as_zip="--zip" in sys.argv)
    print(f"wrote {got} ({got.stat().st_size / 1e6:.1f} MB)")
