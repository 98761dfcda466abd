"""The house style holds: no code line over 100 characters, a docstring on every public name,
the README's prose wrapped within the same width."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 100


def python_files(*folders: str) -> list[Path]:
    """The project's Python files under these folders."""
    return [path for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))]


def undocumented(tree: ast.Module) -> list[str]:
    """Public modules, classes and functions of a parsed file with no docstring (a property's
    setter shares its getter's)."""
    missing = [] if ast.get_docstring(tree) else ["module"]

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if node.name.startswith("_"):
                continue
            setter = any(isinstance(d, ast.Attribute) and d.attr == "setter"
                         for d in getattr(node, "decorator_list", ()))
            if not setter and not ast.get_docstring(node):
                missing.append(f"{prefix}{node.name} (line {node.lineno})")
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{node.name}.")

    visit(tree.body, "")
    return missing


def test_no_line_is_longer_than_the_limit():
    long = [f"{path.relative_to(ROOT)}:{number}"
            for path in python_files("game", "scenes", "tests")
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > LIMIT]
    assert not long, f"lines over {LIMIT} characters:\n" + "\n".join(long)


def long_prose_lines(markdown: str) -> list[int]:
    """Numbers of a Markdown text's lines over the limit, outside tables (a row cannot wrap)."""
    return [number for number, line in enumerate(markdown.splitlines(), 1)
            if len(line) > LIMIT and not line.lstrip().startswith("|")]


def test_the_readme_wraps_its_lines():
    long = long_prose_lines((ROOT / "README.md").read_text(encoding="utf-8"))
    assert not long, f"README lines over {LIMIT} characters: {long}"


def test_the_readme_check_lets_tables_run_long():
    row = "| " + "x" * LIMIT + " |"
    assert long_prose_lines(f"short\n{row}\n{'y' * (LIMIT + 1)}\n") == [3]


def test_every_public_name_has_a_docstring():
    missing = [f"{path.relative_to(ROOT)}: {name}"
               for path in python_files("game", "scenes")
               for name in undocumented(ast.parse(path.read_text(encoding="utf-8")))]
    assert not missing, "public names without a docstring:\n" + "\n".join(missing)


def test_the_docstring_check_sees_a_missing_one():
    tree = ast.parse('"""A module."""\nclass Shown:\n    """Yes."""\n    def bare(self):\n'
                     '        pass\n    def _private(self):\n        pass\n')
    assert undocumented(tree) == ["Shown.bare (line 4)"]
