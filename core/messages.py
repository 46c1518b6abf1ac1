"""The Russian text of every message of the engine's errors (core/errors.py).

`RU` maps each English template (exactly as raised) to its Russian template
with the same {placeholders}; `WORDS` translates the words that are passed as
parameters (`errors.word(...)`), with grammatical forms where a template asks
for one (`{stage:gen}`). The words are those of the glossary (shared spec
`glossary.md`). tests/test_messages_i18n.py checks that every template raised
in core/ is here. How to add a message: docs/i18n.md.
"""

from __future__ import annotations

# English word -> {"ru": nominative, "ru:gen": genitive, ...}
WORDS: dict[str, dict[str, str]] = {
    "swiss": {"ru": "швейцарская система", "ru:gen": "швейцарской системы"},
    "roundrobin": {"ru": "круговая система", "ru:gen": "круговой системы"},
    "double-roundrobin": {"ru": "двухкруговая система", "ru:gen": "двухкруговой системы"},
    "top": {"ru": "топ", "ru:gen": "топа"},
    "playoff": {"ru": "плей-офф", "ru:gen": "плей-офф"},
    "first": {"ru": "первый", "ru:gen": "первого"},
    "second": {"ru": "второй", "ru:gen": "второго"},
    "white": {"ru": "белые", "ru:gen": "белых"},
    "black": {"ru": "чёрные", "ru:gen": "чёрных"},
    "half": {"ru": "пропуск тура с ½ очка"},
    "zero": {"ru": "пропуск тура без очков"},
    "full": {"ru": "пропуск тура с 1 очком"},
}

RU: dict[str, str] = {
}
