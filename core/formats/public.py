"""What the public may see of an event: one decision for the published site (core/formats/site.py: `arbiter
publish`, `arbiter export --format html`) and the hall's web view (`arbiter display --serve`, tui/web/).

    pub = public(event)
    pub.crosstable        # the crosstable page, and every link to it
    pub.prize_money       # the prizes' amounts, what each winner receives and how (shared, Hort ...), how
                          # the money is shared; without it the prize list names the prizes and their winners

The event's settings `public_crosstable` and `public_prize_money` (docs/publishing.md; both true by default).
Neither the site nor the web view shows a date of birth, a sex, a FIDE id, a player's code, the journal or
who entered a result: both are built from names, ratings, titles, clubs, federations and results alone
(tests/publish/test_publish_core.py, tests/web/test_web_pages.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_tournament.core.event.model import Event

__all__ = ["Public", "public"]


@dataclass(frozen=True)
class Public:
    crosstable: bool = True
    prize_money: bool = True


def public(event: Event) -> Public:
    """What of `event` its public pages show (the published site and the web view alike)."""
    return Public(crosstable=bool(event.public_crosstable), prize_money=bool(event.public_prize_money))
