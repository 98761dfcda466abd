"""The layout keeps: no import circle, and every room imports only the rooms beneath it.

The imports are read from the source (ast), those inside functions and under TYPE_CHECKING too,
so a lazy import cannot hide a circle. The rooms, bottom up (a module may import its own room
and the rooms beneath it, never one above):

    engine    game/ (but its tools and __main__)
    store     scenes/store/     what is kept on disk
    shell     scenes/shell/     window and frames, scene stack, Scene, theme, widgets, sound, kiosk
    phones    scenes/phones/    the phones' web server (in a thread) and QR codes
    boards    scenes/boards/    each game drawn and clicked
    parts     scenes/*/parts/   pieces screens are built of (never a screen themselves)
    screens   scenes/screens/, scenes/play/, scenes/kiosk/ (but their parts/)
    routes    scenes/routes.py  every screen by name: the one module that imports screens
    commands  scenes/main.py, scenes/command_line.py, scenes/selftest.py, scenes/desktop.py,
              scenes/tools/, game/tools/, game/__main__.py, game/arena/

Within the screens room the rule is stricter: a screen module never imports another screen
module, whatever its folder. It asks the shell for the next screen by name (`app.go("rules")`).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes")
ROOMS = (  # bottom up; a module is in the room of the longest prefix that names it
    ("engine", ("game",)),
    ("store", ("scenes.store",)),
    ("shell", ("scenes.shell",)),
    ("phones", ("scenes.phones",)),
    ("boards", ("scenes.boards",)),
    ("parts", ("scenes.screens.parts", "scenes.play.parts", "scenes.kiosk.parts")),
    ("screens", ("scenes.screens", "scenes.play", "scenes.kiosk")),
    ("routes", ("scenes.routes",)),
    ("commands", ("scenes.main", "scenes.command_line", "scenes.selftest", "scenes.desktop",
                  "scenes.tools", "game.tools", "game.__main__", "game.arena")),
)
FLOOR = {name: floor for floor, (name, _) in enumerate(ROOMS)}


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules this module imports, anywhere in it (functions included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)  # a package's own __init__ is not an import of its modules
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    known = project_modules(root)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected sets of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return found


def room_of(module: str) -> str | None:
    """The room a module stands in (None: a bare top package, which holds no code)."""
    best = None
    for room, prefixes in ROOMS:
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and \
                    (best is None or len(prefix) > len(best[1])):
                best = (room, prefix)
    return best[0] if best else None


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """The project's import graph, read once for these tests."""
    return import_graph()


def test_no_import_circle_among_the_projects_modules(graph):
    assert len(graph) > 80 and any(graph.values())  # the tree really was read
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_checker_sees_a_circle_made_by_an_import_inside_a_function(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "scenes" / "__init__.py").write_text("")
    (tmp_path / "scenes" / "a.py").write_text("from scenes import b\n")
    (tmp_path / "scenes" / "b.py").write_text("def later():\n    from scenes.a import x\n")
    assert circles(import_graph(tmp_path)) == [["scenes.a", "scenes.b"]]


def test_every_module_stands_in_a_room(graph):
    homeless = [name for name in graph if room_of(name) is None
                and name not in PACKAGES]
    assert not homeless, f"modules in no room of ROOMS: {homeless}"


def test_each_room_imports_only_its_own_room_and_those_beneath(graph):
    upward = []
    for name, targets in sorted(graph.items()):
        room = room_of(name)
        for target in sorted(targets):
            other = room_of(target)
            if room and other and FLOOR[other] > FLOOR[room]:
                upward.append(f"{name} ({room}) imports {target} ({other})")
    assert not upward, "imports that run up:\n" + "\n".join(upward)


def test_no_screen_imports_another_screen(graph):
    sideways = [f"{name} imports {target}"
                for name, targets in sorted(graph.items()) if room_of(name) == "screens"
                for target in sorted(targets) if room_of(target) == "screens"]
    assert not sideways, "screens that import screens (use app.go(name)):\n" + \
        "\n".join(sideways)


def test_the_routes_name_every_screen_module(graph):
    """Every screen module can be reached by name (a module that none names belongs in parts/)."""
    packages = {name for name, path in project_modules().items() if path.name == "__init__.py"}
    screens = {name for name in graph if room_of(name) == "screens" and name not in packages}
    assert screens <= graph["scenes.routes"], \
        f"screen modules that no route names: {sorted(screens - graph['scenes.routes'])}"
