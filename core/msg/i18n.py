"""The words of printouts, pages and the hall display, in English and Russian; the language.

The words are messages of the one catalog (core/msg: their names and English
in core/msg/en.py, their Russian in core/msg/ru.py); `words(lang)` is the
shorthand the printouts use to say them:

    lang = language(event)          # "ru" or "en"
    t = words(lang)                 # t("standings") -> "Турнирная таблица"
    t("round_n", n=3)               # "Тур 3": render(Msg("round_n", n=3), lang)

A key the catalog does not have fails at once (`core.msg.UnknownMessage`).
The Russian words are those of the glossary (shared spec `glossary.md`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Callable

from arbiter_tournament.core.msg import LANGUAGES, Msg, catalog, render

__all__ = ["EN", "LANGUAGES", "RU", "language", "render", "words"]

EN = catalog("en")  # every key of the catalog -> English
RU = catalog("ru")  # every key of the catalog -> Russian


def language(event=None, env: Mapping[str, str] | None = None) -> str:
    """The event's language, else the terminal's (LC_ALL, LANG starting with ru), else English."""
    lang = (getattr(event, "language", "") or "").strip().lower()
    if lang in LANGUAGES:
        return lang
    if env is None:
        env = os.environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        v = (env.get(var) or "").strip().lower()
        if v:
            return "ru" if v.startswith("ru") else "en"
    return "en"


def words(lang: str) -> Callable[..., str]:
    """A function key -> the word in `lang`, filled with keyword fields (`render(Msg(key, **fields), lang)`)."""

    def t(key: str, **fields) -> str:
        return Msg(key, **fields).text(lang)

    return t
