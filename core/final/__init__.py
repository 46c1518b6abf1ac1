"""The end of the event: the final ranking, categories, prizes, and the lots that break final ties.

    ranking.py     the final ranking of the whole event (top, play-off, Swiss order), per table, per category
    categories.py  categories: named filters of players
    prizes.py      the prize list: who receives which prize, and how much (sharing, Hort, 704.4 splits)
    changes.py     the rules of the changes a judge makes (categories, prizes, sharing, ties, splits, drawing the
                   lots), run as the commands of core/commands/final.py

See docs/end-of-event.md.
"""
