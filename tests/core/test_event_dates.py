"""The event's dates (the FIDE report's start, end and round dates): `YYYY-MM-DD`, or `DD.MM.YYYY` as Russian judges
write them (the player form takes a birth date so), kept as `YYYY-MM-DD`; anything else refused naming the field
and the text typed."""

from __future__ import annotations

import pytest

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.details import check_date, check_detail


@pytest.mark.parametrize("typed, kept", [("2026-12-06", "2026-12-06"), ("06.12.2026", "2026-12-06"),
                                         ("29.02.2028", "2028-02-29"), ("", "")])
def test_a_date_is_kept_as_yyyy_mm_dd(typed, kept):
    assert check_date(typed, "start date") == kept


@pytest.mark.parametrize("typed", ["31.02.2026", "6.12.2026", "06.12.26", "2026-13-01", "٢٠٢٦-١٢-٠٦", "2026-1-06",
                                   "ab.cd.efgh", "06.12.2026 ", "１２.０５.２０２６"])
def test_anything_else_is_refused_with_the_text_typed(typed):
    with pytest.raises(IllegalChange) as exc:
        check_date(typed, "start date")
    assert str(exc.value) == f"start date: '{typed[:40]}' is not a date like 2026-05-01 (YYYY-MM-DD)"


def test_round_dates_are_kept_as_yyyy_mm_dd_too():
    assert check_detail("round_dates", ("05.12.2026", "2026-12-06", "")) == ("2026-12-05", "2026-12-06")
    assert check_detail("start", "05.12.2026") == "2026-12-05"
    with pytest.raises(IllegalChange, match="round 2: '32.12.2026'"):
        check_detail("round_dates", ("05.12.2026", "32.12.2026"))
