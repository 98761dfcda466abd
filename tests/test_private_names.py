"""No module reaches into another module's private names (`obj._name`): parts talk through
public interfaces. A name is a module's own when the module defines it (a def, a class
attribute, an assignment to `self._name`); tests may reach in, the app's code may not."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STANDARD = {"_exit", "_MEIPASS", "_getframe", "_asdict", "_replace", "_fields", "_make"}


def own_names(tree: ast.AST) -> set[str]:
    """The private names a module defines itself."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {name for name in names if name.startswith("_")}


def reaches(path: Path) -> list[str]:
    """Each `obj._name` in a module where `_name` is not the module's own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = own_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") and node.attr not in own \
                and node.attr not in STANDARD:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scanner_finds_a_reach_into_another_module(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def f(scene):\n    scene._commit(0, 'c')\n"
                       "class A:\n    def _own(self):\n        other._own()\n")
    global ROOT
    keep, ROOT = ROOT, tmp_path
    try:
        assert reaches(planted) == ["planted.py:2: scene._commit"]
    finally:
        ROOT = keep


def test_no_module_reaches_into_another_s_private_names():
    found = [hit for folder in ("game", "scenes") for path in sorted((ROOT / folder).rglob("*.py"))
             for hit in reaches(path)]
    assert not found, "\n".join(found)
