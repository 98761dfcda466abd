"""Importing the engine loads no game's rules until a game is looked up, so `python -m game`
starts as fast as `quintet` (it imports the package `game` first)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import game
from game.registry import GAMES, RULES_MODULES, get_game

ROOT = Path(__file__).resolve().parent.parent


def rules_loaded_after(code: str) -> list[str]:
    """The game.rules modules a fresh interpreter has imported after running `code`."""
    probe = (code + "\nimport sys\n"
             "print(sorted(m for m in sys.modules if m.startswith('game.rules.')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()[-1]
    return eval(out)  # a list of names printed by repr


def test_importing_game_and_naming_its_games_loads_no_rules():
    assert rules_loaded_after("import game, game.registry, game.core\n"
                              "from game import GAMES, get_game, NodeKind\n"
                              "ids = list(GAMES); assert 'strands' in GAMES and len(GAMES) == 5\n"
                              "assert 'chess' not in GAMES") == []


def test_looking_a_game_up_loads_its_rules_alone():
    loaded = rules_loaded_after("from game import get_game\nget_game('synch')")
    assert loaded == ["game.rules.synch"]


def test_python_m_game_answers_version_without_any_rules():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "game", "--version"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("quintet ")
    assert "game.rules." not in done.stderr and "pygame" not in done.stderr


def test_the_table_is_the_games_in_order_and_read_only():
    assert list(GAMES) == list(RULES_MODULES) == [spec.id for spec in GAMES.values()]
    assert GAMES["moriarty"] is get_game("moriarty") is game.get_game("moriarty")
    assert GAMES.get("chess") is None and "chess" not in GAMES and len(GAMES) == 5
    assert not hasattr(GAMES, "__setitem__") and not hasattr(GAMES, "__dict__")
    assert "get_game" in dir(game) and game.NodeKind.__name__ == "NodeKind"
