"""The play screen's parts talk to it through PlayHost alone: a small, fully typed contract,
and no part reaches another part through the screen (each is handed the ones it needs)."""
from __future__ import annotations

import ast
import typing
from pathlib import Path

from scenes.play.parts import contract

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "scenes" / "play" / "parts"
PART_NAMES = {"bots", "hints", "saves", "phones", "undo", "guide", "pace", "input", "drawing"}
MOST_MEMBERS = 12


def host_members() -> dict[str, str]:
    """Each PlayHost member with its annotation or signature, as written."""
    tree = ast.parse(Path(contract.__file__).read_text())
    host = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == "PlayHost")
    members = {}
    for node in host.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            members[node.target.id] = ast.unparse(node.annotation)
        elif isinstance(node, ast.FunctionDef):
            members[node.name] = ast.unparse(node.args) + " -> " + ast.unparse(node.returns)
    return members


def reaches_through_host(source: str) -> list[str]:
    """`scene.<part>` / `self.scene.<part>` uses in a part's code: a part reached through the
    screen instead of being handed over."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PART_NAMES:
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id == "scene" or (
                    isinstance(owner, ast.Attribute) and owner.attr == "scene"):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_host_is_small_and_fully_typed():
    members = host_members()
    assert 0 < len(members) <= MOST_MEMBERS, sorted(members)
    untyped = {name: text for name, text in members.items() if "Any" in text}
    assert not untyped
    hints = typing.get_type_hints(contract.PlayHost, vars(contract) | _checking_names())
    assert all(hint is not typing.Any for hint in hints.values())


def _checking_names() -> dict[str, object]:
    """The names contract.py imports for the type checker only, so its hints resolve here."""
    from scenes.boards.base import Board
    from scenes.play.parts.picker import Picker
    from scenes.play.parts.setup import GameSetup
    from scenes.play.parts.status import StatusLine
    from scenes.play.parts.turns import TurnLoop
    from scenes.shell.app import App
    from scenes.shell.widgets import Button
    return {"Board": Board, "Picker": Picker, "GameSetup": GameSetup, "StatusLine": StatusLine,
            "TurnLoop": TurnLoop, "App": App, "Button": Button}


def test_no_part_reaches_another_through_the_screen():
    offenders = {path.name: found for path in sorted(PARTS.glob("*.py"))
                 if path.name not in ("screen.py",)
                 and (found := reaches_through_host(path.read_text()))}
    # the screen's own pieces (drawing, keys, buttons, input) read the whole screen by design
    for own in ("play_view.py", "play_keys.py", "play_buttons.py", "play_input.py"):
        offenders.pop(own, None)
    assert not offenders


def test_the_check_sees_a_part_reached_through_the_screen():
    planted = "def f(self):\n    self.scene.hints.drop()\n    scene.bots.calm()\n"
    assert len(reaches_through_host(planted)) == 2
    assert not reaches_through_host("def f(self):\n    self.hints.drop()\n")
