"""The wall list: the current round by name in two columns, name -> board (and table), to pin on a wall.

    wall_text(event, rounds=None, lang=None, page_lines=None) -> str

The same list as the hall's "who plays where" slide (tui/web/hall.py): every player of the current
round alphabetically, with the board (and the table) where they play; a bye or a player not paired
says so in the board's place. Two columns of 39 characters, read down the first then the second;
with `page_lines`, each page is full (its own heading, then both columns to its foot), so 1000
players take 9 pages of 60 lines where the `names` printout (one player a line, with the opponent)
takes 17.
"""

from __future__ import annotations

from math import ceil

from arbiter.core.event.model import Event, Round
from arbiter.core.formats.exports import (WIDTH, _header, _lang, _lines_fit, _not_paired, _sort_key, current_rounds, fit,
                                          round_title)
from arbiter.core.formats.text import paginate
from arbiter.core.msg.i18n import words

__all__ = ["wall_text", "COLUMN"]

COLUMN = 39  # two columns and a gap of two in 80
GAP = "  "


def wall_text(event: Event, rounds: list[Round] | None = None, lang: str | None = None,
              page_lines: int | None = None) -> str:
    t = words(_lang(event, lang))
    rounds = current_rounds(event) if rounds is None else rounds
    if not rounds:
        return _lines_fit([fit(event.name, WIDTH), "", t("no_round")])
    titles = "; ".join(round_title(event, r, t) for r in rounds) if len(rounds) == 1 else t(
        {"top": "top_round_n", "playoff": "playoff_round_n"}.get(rounds[0].stage, "round_n"),
        n=max(r.number for r in rounds))
    tables = any(r.table is not None for r in rounds)
    entries: list[tuple[str, int, str, str]] = []  # name, id, board, table
    for rnd in rounds:
        tb = str(rnd.table) if tables and rnd.table is not None else ""
        for g in rnd.games:
            if g.second is None:
                entries.append((event.player(g.first).name, g.first, t("bye"), tb))
                continue
            for pid in (g.first, g.second):
                entries.append((event.player(pid).name, pid, str(g.board), tb))
        for pid, _why in _not_paired(event, rnd):
            entries.append((event.player(pid).name, pid, "-", tb))
    entries.sort(key=lambda e: (_sort_key(e[0]), e[1]))
    bw, tw = 5, (4 if tables else 0)
    nw = COLUMN - 1 - bw - (1 + tw if tables else 0)

    def cell(e: tuple[str, int, str, str] | None) -> str:
        if e is None:
            return " " * COLUMN
        name, pid, board, tb = e
        out = fit(f"{name} ({pid})", nw) + " " + fit(board, bw, ">")
        return out + (" " + fit(tb, tw, ">") if tables else "")

    head_cell = fit(t("name"), nw) + " " + fit(t("bd"), bw, ">") + (" " + fit(t("tbl"), tw, ">") if tables else "")
    heading = _header(event, f"{t('pairings_by_name')}: {titles}") + [(head_cell + GAP + head_cell).rstrip()]
    per = max(1, page_lines - len(heading)) if page_lines else ceil(len(entries) / 2)
    pages = []
    for start in range(0, len(entries), 2 * per):
        chunk = entries[start:start + 2 * per]
        rows = ceil(len(chunk) / 2)
        left, right = chunk[:rows], chunk[rows:]
        lines = [(cell(a) + GAP + cell(right[i] if i < len(right) else None)).rstrip() for i, a in enumerate(left)]
        pages.append(tuple(heading + lines))
    return paginate([tuple(x.rstrip() for x in p) for p in pages], page_lines)
