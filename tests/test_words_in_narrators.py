"""Words live in game/words: the play screen and the boards compose no sentence of their own.

A sentence here is a string literal (or f-string) outside docstrings, log calls and raised
errors with four words or more, or ending as a sentence ends; a label ("Back to menu", "Score")
is not one. Files not yet moved over are listed in tests/words_baseline.txt with their count,
which may only fall (`python -m tests.test_words_in_narrators --write` writes it again).
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("scenes/play", "scenes/boards")
BASELINE = ROOT / "tests" / "words_baseline.txt"
LOG_CALLS = frozenset({"debug", "info", "warning", "error", "exception", "critical"})


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str)
                       else "{}" for v in node.values)
    return None


def is_sentence(text: str) -> bool:
    """Four words or more, or words that end as a sentence does."""
    words = text.split()
    if not any(ch.isalpha() for ch in text):
        return False
    return len(words) >= 4 or (len(words) >= 2 and text.rstrip()[-1:] in ".?!:")


def sentences(source: str) -> list[tuple[int, str]]:
    """(line, text) of every sentence composed in this module's code."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Raise) and node.exc is not None:
            skipped.update(id(n) for n in ast.walk(node.exc))  # an error for developers
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in LOG_CALLS:
            skipped.update(id(n) for arg in node.args for n in ast.walk(arg))  # the log
        if isinstance(node, ast.JoinedStr):
            skipped.update(id(v) for v in node.values)  # parts of an f-string: it counts whole
    found = []
    for node in ast.walk(tree):
        text = None if id(node) in skipped else _text(node)
        if text is not None and is_sentence(text):
            found.append((node.lineno, text))
    return sorted(found)


def counts() -> dict[str, int]:
    """Sentences per module of the play screen and the boards."""
    found = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            number = len(sentences(path.read_text(encoding="utf-8")))
            if number:
                found[str(path.relative_to(ROOT))] = number
    return found


def read_baseline() -> dict[str, int]:
    """The counts still allowed, by module."""
    allowed = {}
    for line in BASELINE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            number, path = line.split("\t")
            allowed[path] = int(number)
    return allowed


def test_no_new_sentence_is_composed_on_the_play_screen_or_a_board():
    allowed = read_baseline()
    over = {path: (n, allowed.get(path, 0)) for path, n in counts().items()
            if n > allowed.get(path, 0)}
    assert not over, ("sentences composed outside game/words (move them to the narrator or "
                      f"game/words/play_screen.py): {over}")


def test_the_baseline_only_falls():
    now = counts()
    stale = {path: n for path, n in read_baseline().items() if now.get(path, 0) < n}
    assert not stale, f"fewer sentences than the baseline allows: write it again ({stale})"


def test_the_check_finds_a_planted_sentence_and_passes_a_label():
    planted = '''
import logging
log = logging.getLogger()
def f(scene, name):
    """A docstring is no sentence."""
    log.warning("the log may say what it likes: %s", name)
    scene.say(f"{name} has chosen, in secret.")
    scene.button("Back to menu")
    raise ValueError("errors for developers are fine too")
'''
    assert [text for _, text in sentences(planted)] == ["{} has chosen, in secret."]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    BASELINE.write_text("# sentences still composed outside game/words, by module (only falls)\n"
                        + "".join(f"{n}\t{path}\n" for path, n in counts().items()),
                        encoding="utf-8")
