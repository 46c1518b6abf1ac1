"""The end of the event as it goes out: the final ranking, its lists per table and per category, the prize
list and the categories, as text (80 columns, for `lpr` and the command line), CSV and JSON data.

    final_lines(event, lang, category=None, table=None)   the final ranking (one list) as lines
    final_printout(event, lang)                           the whole ranking, then each table's list
    category_printout(event, lang)                        one list per category
    prizes_printout(event, lang)                          the prize list
    final_doc / final_csv / prizes_doc / prizes_csv       the same as data

Every place shared is written "5-8"; a place drawn by lot says "by lot", a
tie still waiting for its lot says "lot to be drawn" (and a note under the
list names the places). Names are data: cleaned, cut to their column with
'…' in the text printouts only; CSV and JSON carry them whole.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.model import Event, points_text
from arbiter_tournament.core.event.money import amount_text
from arbiter_tournament.core.final.categories import conditions, find, members
from arbiter_tournament.core.final.prizes import PrizeList, prize_list
from arbiter_tournament.core.final.ranking import FinalRanking, FinalRow, final_ranking, reached_text, restricted
from arbiter_tournament.core.formats.csvio import write_rows
from arbiter_tournament.core.msg import Msg
from arbiter_tournament.core.msg.cells import clean, cut, named, pad, text_width
from arbiter_tournament.core.msg.i18n import words

WIDTH = 80


def _fit(text: object, width: int, align: str = "<") -> str:
    return pad(cut(clean(str(text)), width), width, align) if width > 0 else ""


def _jnum(x) -> int | float:
    x = Fraction(x)
    if x.denominator == 1:
        return x.numerator
    if x.denominator == 2:
        return float(x)
    return round(float(x), 2)


def note(row: FinalRow, lang: str) -> str:
    """What the place came from, in words: how far in the top, the play-off, by lot, a lot to be drawn."""
    t = words(lang)
    bits = [reached_text(row, lang)] if row.reached else []
    if row.by_lot:
        bits.append(t("by_lot"))
    if row.lot_pending:
        bits.append(t("lot_pending"))
    return ", ".join(b for b in bits if b)


def rows_for(event: Event, ranking: FinalRanking, *, category: str | None = None,
             table: int | None = None) -> list[FinalRow]:
    """The rows of the whole ranking, of one table's players, or of one category's."""
    if ranking.teams and category is not None:
        raise IllegalChange("a team event's final ranking ranks teams: a category is a list of players")
    if table is None and category is None:
        return list(ranking.rows)
    ids = {p.id for p in event.players if table is None or p.table == table}
    if category is not None:
        ids &= members(event, find(event, category))
    return restricted(ranking.rows, ids)  # (one step: `overall` is the place in the whole ranking)


def _pending_note(rows: list[FinalRow], lang: str) -> list[str]:
    places = sorted({r.place_text for r in rows if r.lot_pending}, key=lambda x: int(x.split("-")[0]))
    if not places:
        return []
    return ["", *_wrap(words(lang)("lots_pending_note", places=", ".join(places)), WIDTH)]


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(clean(text), width, break_on_hyphens=False) or [""]


def title(event: Event, ranking: FinalRanking, lang: str, *, category: str | None = None,
          table: int | None = None) -> str:
    t = words(lang)
    head = t("final_ranking") if ranking.finished else t("final_provisional")
    if table is not None:
        head += ", " + t("table_n", n=table).lower()
    if category is not None:
        head += ": " + find(event, category).name
    return head


def final_lines(event: Event, lang: str, *, category: str | None = None, table: int | None = None,
                ranking: FinalRanking | None = None) -> list[str]:
    """One list of the final ranking as lines of at most 80 columns (a head line, then a row per player)."""
    return [ln for block in final_blocks(event, lang, category=category, table=table, ranking=ranking) for ln in block]


def final_blocks(event: Event, lang: str, *, category: str | None = None, table: int | None = None,
                 ranking: FinalRanking | None = None) -> list[list[str]]:
    """`final_lines` in blocks a page break may not cut: the title, the column heads and the first row; then
    one row each; then the note of the lots to draw."""
    t = words(lang)
    ranking = ranking or final_ranking(event)
    rows = rows_for(event, ranking, category=category, table=table)
    restricted_list = category is not None or table is not None
    tables = event.tables > 1 and table is None and not ranking.teams
    lines = [clean(title(event, ranking, lang, category=category, table=table)), ""]
    if category is not None:
        lines[-1:] = _wrap(conditions_text(find(event, category), lang), WIDTH) + [""]
    id_w = max([2] + [len(str(r.id)) for r in rows])
    over_w = max([len(t("overall"))] + [len(r.overall) for r in rows]) if restricted_list else 0
    fixed = 6 + 1 + id_w + 2 + (4 if tables else 0) + 6 + (over_w + 1 if restricted_list else 0) + 2
    note_w = max((text_width(note(r, lang)) for r in rows), default=0)
    name_w = max(16, min(36, WIDTH - fixed - min(note_w, 24)))
    rest = WIDTH - fixed - name_w
    head = (f"{_fit(t('place'), 6, '>')} {_fit(t('id'), id_w, '>')}  "
            f"{_fit(t('team') if ranking.teams else t('name'), name_w)}"
            + (f" {_fit(t('tbl'), 3, '>')}" if tables else "") + f" {_fit(t('pts'), 5, '>')}"
            + (f" {_fit(t('overall'), over_w, '>')}" if restricted_list else "") + f"  {_fit(t('note'), rest)}")
    lines.append(head.rstrip())
    blocks = [lines]
    for r in rows:
        line = (f"{_fit(r.place_text, 6, '>')} {r.id:>{id_w}}  {_fit(r.name, name_w)}"
                + (f" {_fit(r.table or '', 3, '>')}" if tables else "") + f" {points_text(r.points):>5}"
                + (f" {_fit(r.overall, over_w, '>')}" if restricted_list else "") + f"  {_fit(note(r, lang), rest)}")
        blocks.append([line.rstrip()])
    if not rows:
        blocks.append([t("nobody")])
    if len(blocks) > 1:  # the heads stay with the first row
        blocks[0:2] = [blocks[0] + blocks[1]]
    note_lines = _pending_note(rows, lang)
    if note_lines:
        blocks.append(note_lines)
    for n in ranking.notes:  # a play-off that no longer applies (core.final.ranking)
        text = n.text(lang)
        blocks.append(["", *_wrap(text[:1].upper() + text[1:] + ".", WIDTH)])
    return blocks


def _header(event: Event) -> list[str]:
    return [_fit(event.name, WIDTH).rstrip(), ""]


def pages(blocks: list[list[str]], page_lines: int | None) -> str:
    """The blocks as text, on pages of `page_lines` lines when given (`core.formats.text.paginate`)."""
    from arbiter_tournament.core.formats import text

    paginate = getattr(text, "paginate", None)
    if paginate is not None:
        return paginate(blocks, page_lines)
    return "".join(ln + "\n" for b in blocks for ln in b)


def final_printout(event: Event, lang: str, page_lines: int | None = None) -> str:
    """The final ranking, then (several tables) each table's list."""
    ranking = final_ranking(event)
    blocks = [_header(event)] + final_blocks(event, lang, ranking=ranking)
    if event.tables > 1 and not ranking.teams:
        for t in event.table_ids():
            blocks.append(["", ""])
            blocks += final_blocks(event, lang, table=t, ranking=ranking)
    return pages(blocks, page_lines)


def category_printout(event: Event, lang: str, page_lines: int | None = None) -> str:
    """One list per category of the event."""
    ranking = final_ranking(event)
    blocks = [_header(event)]
    if not event.categories:
        return pages(blocks + [[words(lang)("no_categories")]], page_lines)
    for i, c in enumerate(event.categories):
        if i:
            blocks.append(["", ""])
        blocks += final_blocks(event, lang, category=c.name, ranking=ranking)
    return pages(blocks, page_lines)


def final_doc(event: Event, *, category: str | None = None, table: int | None = None,
              ranking: FinalRanking | None = None) -> dict[str, Any]:
    """The final ranking as JSON data: rows with `place` as text ("1", "5-8") and `id`, as `standings`."""
    ranking = ranking or final_ranking(event)
    rows = rows_for(event, ranking, category=category, table=table)
    return {
        "final": True, "finished": ranking.finished, "teams": ranking.teams,
        "category": find(event, category).name if category is not None else None, "table": table,
        "tiebreaks": list(ranking.codes),
        "rows": [{"place": r.place_text, "rank": r.place, "id": r.id, "name": r.name, "table": r.table,
                  "points": _jnum(r.points), "stage": r.part, "reached": reached_text(r, "en") or None,
                  "by_lot": r.by_lot, "lot_pending": r.lot_pending,
                  **({"overall": r.overall} if category is not None or table is not None else {}),
                  "tiebreaks": {c: _jnum(v) for c, v in r.tiebreaks.items()}} for r in rows],
        "lots_pending": [list(g) for g in ranking.pending],
        "notes": [n.text("en") for n in ranking.notes],
    }


def final_csv(event: Event, *, category: str | None = None, table: int | None = None,
              ranking: FinalRanking | None = None) -> str:
    ranking = ranking or final_ranking(event)
    rows = rows_for(event, ranking, category=category, table=table)
    codes = list(ranking.codes)
    return write_rows(
        ["place", "id", "name", "table", "points", "stage", "reached", "by_lot", "overall", *codes],
        ([r.place_text, r.id, r.name, r.table if r.table is not None else "", points_text(r.points), r.part,
          reached_text(r, "en"), "by lot" if r.by_lot else "lot to be drawn" if r.lot_pending else "",
          r.overall or r.place_text, *(points_text(r.tiebreaks[c]) if c in r.tiebreaks else "" for c in codes)]
         for r in rows))


# -- prizes ---------------------------------------------------------------------------------------------


def how_text(w, lang: str) -> str:
    t = words(lang)
    if w.how == "shared":
        return t("prize_shared", n=len(w.pool))
    if w.how == "hort":
        return t("prize_hort", n=len(w.pool))
    if w.how in ("split", "with"):
        return t("prize_split", ids=", ".join(str(p) for p in w.pool))
    if w.how in ("order", "lot"):
        return t("prize_trophy_" + w.how)
    return ""


def _paid_in_all(pl: PrizeList) -> list[tuple[int, Fraction]]:
    """The players paid from several prizes, with their money in all (the cents paid), in the ranking's order."""
    cents: dict[int, int] = {}
    count: dict[int, int] = {}
    for a in pl.awards:
        for w in a.winners:
            if w.cents is not None:
                cents[w.id] = cents.get(w.id, 0) + w.cents
                count[w.id] = count.get(w.id, 0) + 1
    return [(r.id, Fraction(cents[r.id], 100)) for r in pl.ranking.rows if count.get(r.id, 0) > 1]


def why_text(a, lang: str) -> str:
    """Why nobody receives a prize (`Award.why`), or ""."""
    if not a.why:
        return ""
    if a.why == "lot_pending":
        return words(lang)("why_lot_pending", ids=", ".join(map(str, a.candidates)))
    return words(lang)("why_" + a.why)


def _paid(w) -> int | float | None:
    """What a winner is paid from a prize, in money (the cents rounded so that a prize's parts add up)."""
    if w.amount is None:
        return None
    return _jnum(Fraction(w.cents, 100)) if w.cents is not None else _jnum(w.amount)


def paid_text(w) -> str:
    """What a winner is paid from a prize, as text (the cents that add up), or "" (a trophy)."""
    if w.amount is None:
        return ""
    return amount_text(Fraction(w.cents, 100)) if w.cents is not None else amount_text(w.amount)


def prizes_doc(event: Event, pl: PrizeList | None = None) -> dict[str, Any]:
    """`{"prizes": [{"name", "category", "amount", "winners": [ids], ...}]}` (cli: `prizes list --format json`):
    a prize shared lists each of its players in `winners` with what each `receives` (the money paid to a player
    is the sum over the prizes); `not_awarded` says why nobody receives it (null when someone does)."""
    pl = pl or prize_list(event)
    rows = {r.id: r for r in pl.ranking.rows}
    return {
        "finished": pl.finished, "sharing": pl.sharing, "trophies": pl.trophies,
        "prizes": [{"name": a.prize.name, "category": a.prize.category or None,
                    "amount": _jnum(a.prize.amount) if a.prize.amount is not None else None,
                    "winners": a.ids,
                    "places": [rows[w.id].place_text if w.id in rows else None for w in a.winners],
                    "receives": [_paid(w) for w in a.winners],
                    "how": [w.how or None for w in a.winners],
                    "not_awarded": a.why or None} for a in pl.awards],
    }


def prizes_csv(event: Event, pl: PrizeList | None = None) -> str:
    """One row per winner (a prize nobody can have: one row without a winner)."""
    pl = pl or prize_list(event)
    rows = {r.id: r for r in pl.ranking.rows}
    out = []
    for a in pl.awards:
        amount = amount_text(a.prize.amount) if a.prize.amount is not None else ""
        if not a.winners:
            out.append([a.index, a.prize.name, a.prize.category, amount, "", "", "", "", a.why])
        for w in a.winners:
            r = rows.get(w.id)
            out.append([a.index, a.prize.name, a.prize.category, amount, w.id, r.name if r else "",
                        r.place_text if r else "", paid_text(w), w.how])
    return write_rows(["number", "prize", "category", "amount", "id", "name", "place", "receives", "how"], out)


def prizes_lines(event: Event, lang: str, pl: PrizeList | None = None) -> list[str]:
    """The prize list: each prize (its category and amount), its winner, his place and what he receives."""
    return [ln for block in prizes_blocks(event, lang, pl) for ln in block]


def prizes_blocks(event: Event, lang: str, pl: PrizeList | None = None) -> list[list[str]]:
    """`prizes_lines` in blocks a page break may not cut: the heads with the first prize, then each prize with
    its winners and notes."""
    t = words(lang)
    pl = pl or prize_list(event)
    rows = {r.id: r for r in pl.ranking.rows}
    head = [t("prize_list") if pl.finished else t("prize_list_provisional"), t("sharing_" + pl.sharing),
            t("trophies_" + pl.trophies), ""]
    if not pl.awards:
        return [head + [t("no_prizes")]]
    prize_w, name_w = 20, 26
    left = 3 + 1 + prize_w + 1 + 9 + 2  # where the winner's column starts
    head.append(f"{_fit('#', 3, '>')} {_fit(t('prize'), prize_w)} {_fit(t('amount'), 9, '>')}  "
                f"{_fit(t('winner'), name_w)} {_fit(t('place'), 5, '>')} {_fit(t('receives'), 9, '>')}".rstrip())
    blocks = []
    for a in pl.awards:
        lines = []
        amount = amount_text(a.prize.amount) if a.prize.amount is not None else ""
        first = f"{a.index:>3} {_fit(a.prize.name, prize_w)} {_fit(amount, 9, '>')}"
        category = _fit(f"({a.prize.category})", left - 6) if a.prize.category else ""  # under the prize's name
        if not a.winners:
            head_word = t("lot_pending") if a.why == "lot_pending" else t("not_awarded") if a.why else t("no_winner")
            lines.append(f"{first}  {_fit(head_word, name_w)}".rstrip())
            if category:
                lines.append(f"    {category}".rstrip())
            if a.why:
                lines += ["    " + ln for ln in _wrap(why_text(a, lang), WIDTH - 4)]
        for k, w in enumerate(a.winners):
            r = rows.get(w.id)
            who = named(r.name, w.id, name_w) if r else str(w.id)
            paid = paid_text(w)
            lines.append(f"{first if k == 0 else ' ' * (left - 2)}  {_fit(who, name_w)} "
                         f"{_fit(r.place_text if r else '', 5, '>')} {_fit(paid, 9, '>')}".rstrip())
        how = next((how_text(w, lang) for w in a.winners if w.how), "")  # (said once, under the last winner)
        if a.winners and (how or category):
            lines.append((f"    {_fit(category, left - 4)}{_fit(how, WIDTH - left)}").rstrip())
        blocks.append(lines)
    blocks[0] = head + blocks[0]
    several = _paid_in_all(pl)
    if several:
        total = [t("paid_in_all")]
        for pid, x in several:
            r = rows.get(pid)
            who = named(r.name, pid, name_w) if r else str(pid)
            total.append(f"{' ' * (left - 2)}  {_fit(who, name_w)} {_fit(r.place_text if r else '', 5, '>')} "
                         f"{_fit(amount_text(x), 9, '>')}".rstrip())
        blocks.append([""] + total)
    note_lines = _pending_note(list(pl.ranking.rows), lang)
    return blocks + ([note_lines] if note_lines else [])


def prizes_printout(event: Event, lang: str, page_lines: int | None = None) -> str:
    return pages([_header(event)] + prizes_blocks(event, lang), page_lines)


_CONDITIONS = {"cat_rating_from": "cat_rating_from", "cat_rating_below": "cat_rating_below",
               "cat_born_from": "cat_born_from", "cat_born_to": "cat_born_to", "cat_club": "cat_club",
               "cat_table": "cat_table"}  # the words of a category's conditions with a value (core/msg/en.py)
_FLAGS = {"cat_sex_f": "cat_sex_f", "cat_sex_m": "cat_sex_m", "cat_unrated": "cat_unrated"}  # ... without one


def conditions_text(c, lang: str) -> str:
    """"rating below 2000, women"."""
    return ", ".join(Msg(_CONDITIONS[k], v=v).text(lang) if v is not None else Msg(_FLAGS[k]).text(lang)
                     for k, v in conditions(c))


def category_line(event: Event, c, lang: str) -> str:
    """"Under 2000: rating below 2000 (27 players)"."""
    t = words(lang)
    cond = conditions_text(c, lang)
    return f"{clean(c.name)}: {cond} ({t('cat_members', n=len(members(event, c)))})"


def categories_lines(event: Event, lang: str) -> list[str]:
    """Each category: its number, name, conditions and how many players it has (wrapped to 80 columns)."""
    import textwrap

    if not event.categories:
        return [words(lang)("no_categories")]
    out = []
    for i, c in enumerate(event.categories, start=1):
        out += textwrap.wrap(f"{i:>3}  {category_line(event, c, lang)}", WIDTH, subsequent_indent=" " * 5,
                             break_on_hyphens=False)
    return out


def categories_doc(event: Event) -> dict[str, Any]:
    return {"categories": [{"name": c.name, "rating_from": c.rating_from, "rating_below": c.rating_below,
                            "born_from": c.born_from, "born_to": c.born_to, "sex": c.sex or None,
                            "unrated": c.unrated, "club": c.club or None, "table": c.table,
                            "players": sorted(members(event, c))} for c in event.categories]}
