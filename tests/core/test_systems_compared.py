"""Stages and event systems are compared in one way (issue 38): against `Stage` and `System` of
core/event/systems.py (`rnd.stage == Stage.TOP`), never against the word the file stores ("top").

The words stay only where they are the file's own keys, read or written: the codec (core/store/codec.py) and
the stage sections' reader (core/store/stages.py: the sections `[swiss]`, `[top]`, ... and their places in
its messages).
"""

from __future__ import annotations

import ast
from pathlib import Path

from arbiter_tournament.core.event.systems import Stage, System

ROOT = Path(__file__).resolve().parents[2]
WORDS = {str(x) for x in (*Stage, *System)} | {"rr"}
FILE_FORMAT = {"core/store/codec.py", "core/store/stages.py"}
# Event methods whose first argument is a stage
STAGE_ARG = {"rounds_of", "stage_tables", "find_round"}


def _words(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & WORDS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_words(e) for e in node.elts)) if node.elts else set()
    return set()


def literal_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, word) for each stage or system word compared (==, !=, in, a case of a match) or passed as a stage."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            out += [(node.lineno, w) for x in (node.left, *node.comparators) for w in sorted(_words(x))]
        elif isinstance(node, ast.MatchValue):
            out += [(node.lineno, w) for w in sorted(_words(node.value))]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in STAGE_ARG \
                and node.args:
            out += [(node.lineno, w) for w in sorted(_words(node.args[0]))]
    return out


def test_no_stage_or_system_is_compared_to_a_word():
    bad = []
    for path in sorted([*(ROOT / "core").rglob("*.py"), *(ROOT / "tui").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if rel in FILE_FORMAT:
            continue
        bad += [f"{rel}:{line}: {word!r}" for line, word in literal_comparisons(path.read_text(encoding="utf-8"))]
    assert not bad, "compare with Stage / System (core/event/systems.py):\n" + "\n".join(bad)


def test_the_check_finds_each_form():
    src = ('if rnd.stage == "top": pass\n'
           'if s in ("swiss", "roundrobin"): pass\n'
           'x = event.rounds_of("playoff", None)\n'
           'match e.system:\n    case "double-roundrobin": pass\n'
           'if rnd.stage == Stage.TOP and key == "topic": pass\n')
    assert literal_comparisons(src) == [(1, "top"), (2, "roundrobin"), (2, "swiss"), (3, "playoff"),
                                        (5, "double-roundrobin")]


def test_a_member_is_the_word_the_file_stores():
    """Why comparing with the member is safe: it is equal to, and hashes as, the stored word."""
    assert Stage.TOP == "top" and hash(Stage.TOP) == hash("top") and {"top": 1}[Stage.TOP] == 1
    assert System.DOUBLE_ROUNDROBIN == "double-roundrobin" and f"{System.SWISS}" == "swiss"
