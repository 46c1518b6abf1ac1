"""A number typed with more digits than its field holds is too high / too big, said with the limit (as
`core.limits.whole` says "has more than 19 digits"), never "not a number": a rating of the player form, a prize's
amount (the prize form, `arbiter prizes ... --amount`)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter_tournament.core.errors import IllegalChange
from arbiter_tournament.core.event.money import parse_amount
from arbiter_tournament.core.event.player_details import form_player
from arbiter_tournament.core.limits import AMOUNT_MAX, RATING_MAX


def rating_refusal(text: str) -> IllegalChange:
    with pytest.raises(IllegalChange) as caught:
        form_player({"name": "Zed", "rating": text}, rating_max=RATING_MAX, tables_max=9)
    assert caught.value.field == "rating"
    return caught.value


@pytest.mark.parametrize(("typed", "en", "ru"), [
    ("99999", "rating: 99999 is too high: at most 9999", "рейтинг: 99999 слишком много: не больше 9999"),
    ("9" * 20, "rating: 99999999999999999999 is too high: at most 9999",
     "рейтинг: 99999999999999999999 слишком много: не больше 9999"),
    ("9" * 4400, "rating: 99999999999999999999… is too high: at most 9999",
     "рейтинг: 99999999999999999999… слишком много: не больше 9999"),
    ("1" + "0" * 9, "rating: 1000000000 is too high: at most 9999", "рейтинг: 1000000000 слишком много: не больше 9999"),
])
def test_a_rating_of_too_many_digits_is_too_high(typed, en, ru):
    exc = rating_refusal(typed)
    assert (exc.text("en"), exc.text("ru")) == (en, ru)


def test_leading_zeros_are_not_digits_of_the_number_and_other_digits_are_not_numbers():
    assert form_player({"rating": "0" * 30 + "1500"}, rating_max=RATING_MAX, tables_max=9)["rating"] == 1500
    for typed in ("１２３", "²", "12a", "-5"):
        assert rating_refusal(typed).text("en") == f"rating: '{typed}' is not a whole number (the digits 0-9)"


@given(st.integers(min_value=RATING_MAX + 1, max_value=10**40))
def test_any_whole_number_above_the_rating_limit_is_said_too_high(n):
    assert rating_refusal(str(n)).text("en").endswith(" is too high: at most 9999")


@pytest.mark.parametrize(("typed", "en", "ru"), [
    ("9" * 32, "an amount of 99999999999999999999999999999999 is too big: at most 1000000000000",
     "сумма 99999999999999999999999999999999 слишком велика: не больше 1000000000000"),
    ("99999999999999999", "an amount of 99999999999999999 is too big: at most 1000000000000",
     "сумма 99999999999999999 слишком велика: не больше 1000000000000"),
    ("9" * 14 + ",50", "an amount of 99999999999999,50 is too big: at most 1000000000000",
     "сумма 99999999999999,50 слишком велика: не больше 1000000000000"),
])
def test_an_amount_of_too_many_digits_is_too_big(typed, en, ru):
    with pytest.raises(IllegalChange) as caught:
        parse_amount(typed)
    assert (caught.value.text("en"), caught.value.text("ru")) == (en, ru)


def test_an_amount_still_refuses_what_is_not_one_and_takes_the_largest():
    assert parse_amount(str(AMOUNT_MAX)) == AMOUNT_MAX and parse_amount("250,5") == Fraction(501, 2)
    for typed in ("1.005", "10x0", "-5", "9" * 40 + ".123"):
        with pytest.raises(IllegalChange, match="is not an amount"):
            parse_amount(typed)
    with pytest.raises(IllegalChange) as caught:
        parse_amount("9" * 5000)
    assert len(caught.value.text("en")) < 120  # the number shown cut, with …


@given(st.integers(min_value=AMOUNT_MAX + 1, max_value=10**60), st.sampled_from(["", ".5", ",25"]))
def test_any_amount_above_the_limit_is_said_too_big(n, cents):
    with pytest.raises(IllegalChange, match=r"is too big: at most 1000000000000$"):
        parse_amount(f"{n}{cents}")
