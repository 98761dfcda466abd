"""Text is set in the theme's named roles (TITLE, HEADING, NUMBER, LABEL, BODY, CAPTION...), never
at a literal size: no scene passes a bare number as the size of Theme.blit_text, text, wrap,
line, role_font or text_px, or of the shared widgets that hand a size on to them (draw_button,
ButtonGroup.draw, draw_segment, fitted, draw_paragraphs, paragraph_step), whether written in
the call, held in a name (a module's or a class's constant, a local, a parameter's default) or
worked out from numbers alone (`24 * 1.2`, `20 if wide else 16`, `max(14, size)`); nor makes a
Role of its own from a number (theme.py alone does). A role times a factor (`th.TITLE * 1.2`)
is a role.

The scan reads the source (AST) of the whole scenes/ tree."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Theme's text methods and where their size sits among the positional arguments (called on a
# theme: `theme.text(...)`), and the shared widgets that pass a size on to them (scenes/shell/
# widgets.py: called by name or on a module or a ButtonGroup); a `size=` keyword counts too
METHOD_SIZE_AT = {"blit_text": 2, "text": 1, "wrap": 1, "line": 0, "role_font": 0, "text_px": 0,
                  "draw": 2}
FUNCTION_SIZE_AT = {"draw_button": None, "draw_segment": 4, "fitted": 2, "draw_paragraphs": 4,
                    "paragraph_step": 1}
ROLES_HOME = "scenes/shell/theme.py"  # the one place a Role is made from a number
# Files still holding literal sizes, let off this test for now (none: every file is converted;
# a file let off comes off the list once it is clean: a test below says when).
NOT_YET: frozenset[str] = frozenset()


class _Scope:
    """The numbers a name may hold in one function (or the module, or a class body)."""

    def __init__(self, parent: _Scope | None = None) -> None:
        self.parent = parent
        self.numbers: set[str] = set()  # names given a bare number here
        self.others: set[str] = set()  # names given anything else here

    def holds_number(self, name: str) -> bool:
        if name in self.numbers:
            return True
        if name in self.others or self.parent is None:
            return False
        return self.parent.holds_number(name)


def _is_number(node: ast.AST, scope: _Scope, attributes: set[str]) -> bool:
    """Whether an expression is a size made of numbers alone (no role in it)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _is_number(node.operand, scope, attributes)
    if isinstance(node, ast.BinOp):
        return _is_number(node.left, scope, attributes) and \
            _is_number(node.right, scope, attributes)
    if isinstance(node, ast.IfExp):
        return _is_number(node.body, scope, attributes) or \
            _is_number(node.orelse, scope, attributes)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in ("min", "max", "round", "int", "float"):
        return any(_is_number(arg, scope, attributes) for arg in node.args)
    if isinstance(node, (ast.Tuple, ast.List)):  # sizes to try in turn: (20, 18, 16)
        return bool(node.elts) and all(_is_number(element, scope, attributes)
                                       for element in node.elts)
    if isinstance(node, ast.Subscript):  # one of such sizes: SIZES[0]
        return _is_number(node.value, scope, attributes)
    if isinstance(node, ast.Name):
        return scope.holds_number(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id in ("self", "cls"):
        return node.attr in attributes
    return False


def _assigned(node: ast.AST) -> list[tuple[ast.expr, ast.expr | None]]:
    """(target, value) for each assignment statement or parameter default at this node."""
    if isinstance(node, ast.Assign):
        pairs: list[tuple[ast.expr, ast.expr | None]] = []
        for target in node.targets:
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                    and len(target.elts) == len(node.value.elts):
                pairs += list(zip(target.elts, node.value.elts))
            elif isinstance(target, ast.Tuple):
                pairs += [(element, None) for element in target.elts]
            else:
                pairs.append((target, node.value))
        return pairs
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [(node.target, node.value)]
    if isinstance(node, (ast.For, ast.AsyncFor)):  # for size in (20, 18, 16): one of them
        return [(node.target, node.iter)]
    return []


def _body_nodes(owner: ast.AST):
    """The nodes of a scope's own body, not descending into nested functions or classes."""
    todo = list(ast.iter_child_nodes(owner))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                 ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _called(node: ast.Call) -> str:
    """The name a call calls: `f(...)`, `module.f(...)` or `obj.f(...)` all give "f"."""
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return node.func.id if isinstance(node.func, ast.Name) else ""


def _size_at(node: ast.AST) -> int | None | bool:
    """Where a call's size sits among its positional arguments (None: only by keyword), or
    False if the call is not one that takes a size."""
    if not isinstance(node, ast.Call):
        return False
    name = _called(node)
    if name in FUNCTION_SIZE_AT:
        return FUNCTION_SIZE_AT[name]
    if isinstance(node.func, ast.Attribute) and name in METHOD_SIZE_AT:
        return METHOD_SIZE_AT[name]
    return False


def literal_sizes(path: Path) -> list[str]:
    """Each call in a module passing a bare-number size to one of Theme's text methods."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    attributes: set[str] = set()  # self.NAME / cls.NAME given a bare number anywhere
    for node in ast.walk(tree):
        for target, value in _assigned(node):
            if isinstance(target, ast.Attribute) and value is not None \
                    and _is_number(value, _Scope(), set()):
                attributes.add(target.attr)
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                for target, value in _assigned(statement):
                    if isinstance(target, ast.Name) and value is not None \
                            and _is_number(value, _Scope(), set()):
                        attributes.add(target.id)
    found: list[str] = []
    name = path.relative_to(ROOT).as_posix()
    home = name == ROLES_HOME

    def visit(owner: ast.AST, scope: _Scope) -> None:
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            arguments = owner.args
            positional = arguments.posonlyargs + arguments.args
            defaults = [None] * (len(positional) - len(arguments.defaults)) + \
                list(arguments.defaults)
            for argument, default in list(zip(positional, defaults)) + \
                    list(zip(arguments.kwonlyargs, arguments.kw_defaults)):
                if default is not None and _is_number(default, scope, attributes):
                    scope.numbers.add(argument.arg)
                else:
                    scope.others.add(argument.arg)
        nodes = list(_body_nodes(owner))
        for node in nodes:
            for target, value in _assigned(node):
                if isinstance(target, ast.Name):  # a number given anywhere in the scope
                    if value is not None and _is_number(value, scope, attributes):
                        scope.numbers.add(target.id)
                    else:
                        scope.others.add(target.id)
        for node in nodes:
            if isinstance(node, ast.Call) and _called(node) == "Role" and not home \
                    and node.args and _is_number(node.args[0], scope, attributes):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            at = _size_at(node)
            if at is not False:
                assert isinstance(node, ast.Call)
                sizes = [node.args[at]] if at is not None and len(node.args) > at else []
                sizes += [keyword.value for keyword in node.keywords if keyword.arg == "size"]
                for size in sizes:
                    if _is_number(size, scope, attributes):
                        found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
                visit(node, _Scope(scope))

    visit(tree, _Scope())
    return sorted(found, key=lambda hit: int(hit.split(":")[1]))


def test_the_scanner_finds_a_number_passed_as_a_size(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(
        "SMALL = 16\n"
        "class View:\n"
        "    BIG = 30\n"
        "    def draw(self, surface, th, size=20, role=None):\n"
        "        th.blit_text(surface, 'a', 18, (0, 0))\n"           # 5: a literal
        "        th.text('b', SMALL)\n"                               # 6: a module constant
        "        th.wrap('c', size, 100)\n"                           # 7: a numeric default
        "        th.line(self.BIG)\n"                                 # 8: a class constant
        "        th.role_font(24 * 1.2)\n"                            # 9: numbers alone
        "        th.text('d', size=20 if role else 16)\n"             # 10: a keyword
        "        th.text('e', th.TITLE * 1.2)\n"                      # a role: fine
        "        th.text('f', role)\n"                                # a parameter: fine
        "        big = th.Role(30, 'bold')\n"                          # 13: a role of a number
        "        pygame.draw.line(surface, (0, 0, 0), (0, 0), (1, 1), 2)\n"  # not Theme's
        "        self.group.draw(surface, th, 24)\n"                  # 15: a widget's size
        "        draw_button(surface, th, button, size=22)\n"         # 16: by keyword
        "        for each in (19, 18, 16):\n"
        "            th.wrap('g', each, 100)\n"                       # 18: sizes tried in turn
        "        for kind in (th.BODY, th.CAPTION):\n"
        "            th.wrap('h', kind, 100)\n")                      # roles tried: fine
    global ROOT
    keep, ROOT = ROOT, tmp_path
    try:
        assert [hit.split(":")[1] for hit in literal_sizes(planted)] == \
            ["5", "6", "7", "8", "9", "10", "13", "15", "16", "18"]
    finally:
        ROOT = keep


def test_no_scene_sets_text_at_a_literal_size():
    found = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() not in NOT_YET:
            found += literal_sizes(path)
    assert not found, "a literal size where a role (theme.TITLE, BODY...) belongs:\n" + \
        "\n".join(found)


def test_the_files_let_off_still_exist_and_still_need_it():
    for name in NOT_YET:
        assert (ROOT / name).exists(), f"{name} is gone: drop it from NOT_YET"
        assert literal_sizes(ROOT / name), f"{name} is clean now: drop it from NOT_YET"


if __name__ == "__main__":
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        for hit in literal_sizes(path):
            print(hit)
