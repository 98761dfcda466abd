"""Tests that cannot fail, found by reading the tests' syntax trees: a test function with no
assert, no `pytest.raises`/`warns`/`fail` and no call into a helper of tests/ that asserts; and an
order comparison (`<`, `<=`, `>`, `>=`) between two lists or tuples, which Python decides by the
first pair that differs, so the later limits are never checked.

A helper is found by what its name is bound to, not by its name alone (a board's `draw` is not the
test's `draw`): the file's own functions and classes, what it imports from tests/, `self`'s
methods, and the methods of a helper object (made by a helper class, or a fixture that makes one).

`python -m tests.can_fail [FILE...]` prints what it finds in tests/ (or in the files named) and
exits 1 if it finds anything; tests/test_can_fail.py runs it over tests/ and over planted defects.
"""
from __future__ import annotations

import ast
import functools
import sys
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# pytest's own ways to fail a test (pytest.approx is not one: it only compares inside an assert)
PYTEST_CHECKS = {"raises", "warns", "fail", "deprecated_call"}

Function = ast.FunctionDef | ast.AsyncFunctionDef
Class = tuple[str, str]  # (module, class) of a helper class in tests/


@dataclass(frozen=True)
class Finding:
    """One test that cannot fail as intended: where, and why."""
    path: Path
    line: int
    test: str
    reason: str

    def __str__(self) -> str:
        try:
            where = self.path.relative_to(TESTS.parent)
        except ValueError:
            where = self.path
        return f"{where}:{self.line}: {self.test}: {self.reason}"


def _is_pytest_check(node: ast.AST) -> bool:
    """`pytest.raises(...)`, `pytest.warns(...)`, `pytest.fail(...)` (also as a context)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "pytest"
            and node.func.attr in PYTEST_CHECKS)


def checks_directly(function: ast.AST, raising: bool = True) -> bool:
    """Whether a function's body (nested functions included) asserts or calls one of pytest's
    checks, or (if `raising`) raises AssertionError itself."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assert) or _is_pytest_check(node):
            return True
        if raising and isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(raised, ast.Name) and raised.id == "AssertionError":
                return True
    return False


@dataclass
class _Module:
    """One file of tests/ as a namespace: its functions, classes (by method) and fixtures, and
    what it imports from tests/."""
    name: str
    functions: dict[str, Function]
    classes: dict[str, dict[str, Function]]
    imported: dict[str, tuple[str, str | None]]  # local name -> (module, name; None: the module)


def _read_module(name: str, tree: ast.Module) -> _Module:
    """A parsed file of tests/ as a namespace."""
    functions = {node.name: node for node in tree.body if isinstance(node, Function)}
    classes = {node.name: {item.name: item for item in node.body if isinstance(item, Function)}
               for node in tree.body if isinstance(node, ast.ClassDef)}
    imported: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "tests":
            for alias in node.names:
                imported[alias.asname or alias.name] = (alias.name, None)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
            for alias in node.names:
                imported[alias.asname or alias.name] = (node.module[len("tests."):], alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tests.") and alias.asname:
                    imported[alias.asname] = (alias.name[len("tests."):], None)
    return _Module(name, functions, classes, imported)


class _Resolver:
    """Which functions of tests/ a function calls, by what its names are bound to."""

    def __init__(self, modules: dict[str, _Module]):
        self.modules = modules
        self.shared: dict[str, Class] = {}
        if "conftest" in modules:
            self.shared = self.fixtures(modules["conftest"])

    def lookup(self, module: _Module, name: str) -> Function | Class | str | None:
        """What a name means in a module: a function, a helper class, a module's name."""
        if name in module.functions:
            return module.functions[name]
        if name in module.classes:
            return (module.name, name)
        if name not in module.imported:
            return None
        source, item = module.imported[name]
        if source not in self.modules:
            return None
        if item is None:
            return source
        other = self.modules[source]
        return other.functions.get(item) or ((source, item) if item in other.classes else None)

    def method(self, cls: Class, name: str) -> Function | None:
        """A helper class's method by name."""
        return self.modules[cls[0]].classes.get(cls[1], {}).get(name)

    def _made(self, module: _Module, node: ast.AST) -> Class | None:
        """The helper class a call makes, if it makes one."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found = self.lookup(module, node.func.id)
            return found if isinstance(found, tuple) else None
        return None

    def fixtures(self, module: _Module) -> dict[str, Class]:
        """The fixtures a module sees that yield or return a helper object (its own and
        conftest's)."""
        found = dict(self.shared)
        for name, function in module.functions.items():
            if not any("fixture" in ast.unparse(d) for d in function.decorator_list):
                continue
            bound = self.bindings(module, function, found)
            for node in ast.walk(function):
                if isinstance(node, (ast.Yield, ast.Return)) and node.value is not None:
                    value = node.value
                    made = (bound.get(value.id) if isinstance(value, ast.Name)
                            else self._made(module, value))
                    if made:
                        found[name] = made
        return found

    def bindings(self, module: _Module, function: Function,
                 fixtures: dict[str, Class]) -> dict[str, Class]:
        """A function's names bound to a helper object: parameters named for such a fixture or
        annotated with a helper class, and names assigned a helper class's call."""
        bound: dict[str, Class] = {}
        for arg in function.args.args + function.args.kwonlyargs:
            if arg.arg in fixtures:
                bound[arg.arg] = fixtures[arg.arg]
            if isinstance(arg.annotation, ast.Name):
                cls = self.lookup(module, arg.annotation.id)
                if isinstance(cls, tuple):
                    bound[arg.arg] = cls
        for node in ast.walk(function):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)):
                made = self._made(module, node.value)
                if made:
                    bound[node.targets[0].id] = made
        return bound

    def callees(self, module: _Module, function: Function, owner: str | None,
                fixtures: dict[str, Class]) -> list[Function]:
        """The functions and methods of tests/ this function calls."""
        bound = self.bindings(module, function, fixtures)
        if owner:
            bound["self"] = (module.name, owner)
        found: list[Function] = []
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            func, target = node.func, None
            if isinstance(func, ast.Name):
                target = self.lookup(module, func.id)
                if isinstance(target, tuple):  # a helper class: its __init__ runs
                    target = self.method(target, "__init__")
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                base = func.value.id
                source = self.lookup(module, base)
                if base in bound:
                    target = self.method(bound[base], func.attr)
                elif isinstance(source, str):
                    target = self.modules[source].functions.get(func.attr)
            if target is not None and not isinstance(target, (str, tuple)):
                found.append(target)
        return found

    def checking(self) -> set[int]:
        """The ids of the functions of tests/ that check something, directly or by a helper."""
        nodes: dict[int, Function] = {}
        edges: dict[int, list[Function]] = {}
        for module in self.modules.values():
            fixtures = self.fixtures(module)
            scopes = [(f, None) for f in module.functions.values()] + [
                (f, cls) for cls, methods in module.classes.items() for f in methods.values()]
            for function, owner in scopes:
                nodes[id(function)] = function
                edges[id(function)] = self.callees(module, function, owner, fixtures)
        checking = {key for key, function in nodes.items()
                    if checks_directly(function, raising=False)}
        grew = True
        while grew:
            grew = False
            for key in nodes.keys() - checking:
                if any(id(callee) in checking for callee in edges[key]):
                    checking.add(key)
                    grew = True
        return checking


def _tests(tree: ast.Module) -> list[tuple[str, Function]]:
    """The module's test functions, by the name pytest shows."""
    found: list[tuple[str, Function]] = []
    for node in tree.body:
        if isinstance(node, Function) and node.name.startswith("test"):
            found.append((node.name, node))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found += [(f"{node.name}::{item.name}", item) for item in node.body
                      if isinstance(item, Function) and item.name.startswith("test")]
    return found


SEQUENCES = (ast.List, ast.Tuple, ast.ListComp)
SEQUENCE_CALLS = {"list", "tuple", "sorted"}


def _sequence(node: ast.AST) -> bool:
    """A list or tuple by its syntax: a display, a list comprehension, list(...)/tuple(...)/
    sorted(...)."""
    return isinstance(node, SEQUENCES) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id in SEQUENCE_CALLS)


def sequence_orderings(tree: ast.AST) -> list[ast.Compare]:
    """The comparisons that order one list or tuple against another with < <= > >=, one side
    at least written out (a display or a comprehension)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE))
               and _sequence(left) and _sequence(right)
               and (isinstance(left, SEQUENCES) or isinstance(right, SEQUENCES))
               for op, left, right in zip(node.ops, sides, sides[1:])):
            found.append(node)
    return found


@functools.lru_cache(maxsize=None)
def _parsed(path: Path, mtime: int) -> ast.Module:
    """A file's syntax tree (read again when the file changes)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def findings(paths: list[Path]) -> list[Finding]:
    """What cannot fail in these test files (helpers are looked up among them and tests/)."""
    sources = {path.stem: path for path in sorted(TESTS.glob("*.py"))}
    sources.update({path.stem: path for path in paths})
    trees = {name: _parsed(path, path.stat().st_mtime_ns) for name, path in sources.items()}
    resolver = _Resolver({name: _read_module(name, tree) for name, tree in trees.items()})
    checking = resolver.checking()
    found = []
    for path in paths:
        tree = trees[path.stem]
        for name, test in _tests(tree):
            if id(test) not in checking and not checks_directly(test):
                found.append(Finding(path, test.lineno, name,
                                     "asserts nothing and calls no helper that does"))
        for compare in sequence_orderings(tree):
            found.append(Finding(path, compare.lineno, "(comparison)",
                                 "orders two lists or tuples: only the first difference counts"))
    return found


def modules_of_tests(folder: Path = TESTS) -> list[Path]:
    """The test modules of a folder."""
    return sorted(folder.glob("test_*.py"))


def main(argv: list[str]) -> int:
    """Print what cannot fail in the named files (or tests/); 1 if anything."""
    found = findings([Path(name).resolve() for name in argv] or modules_of_tests())
    for finding in found:
        print(finding)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
