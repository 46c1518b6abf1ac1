"""Rating lists as a local index: FIDE's combined list and national lists, looked up as the judge types.

    lists.py   reading a list: FIDE's fixed-width TXT (its columns from its header line; a zip of it), a
               national list as CSV (the column aliases of `players import`)
    index.py   the index: one SQLite file in the user's data folder; import (a list replaced atomically),
               the lists, look-ups by FIDE id, by name words in any order, by federation
    fold.py    names as a look-up compares them (case, ё/е, accents, Cyrillic folded)
    fill.py    a player's details from a list's entry (name, FIDE id, federation, title, sex, birth, the
               rating of the event's rate)

The index is a cache: an event file never depends on it (docs/ratings.md).
"""
