"""Quintet's engine: the rules of five two-player games behind one API. Never imports pygame.

Start here: `get_game(id).new_game(options)` gives an immutable state; `state.legal_moves(seat)`,
`state.apply(move, seat)`, `state.apply_chance(outcome)` and `state.observe(seat)` drive it;
`game.match.Match` adds seeded chance and a history; `game.record` saves and replays games.

Importing `game` (or any module under it) imports none of the games' rules: the names below come
from their modules when first asked for, and a game's rules when it is first looked up (so
`python -m game` starts as fast as `quintet`).
"""
from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core import (
        SEALED, Event, GameError, IllegalMoveError, Move, MoveParseError, NodeKind, OptionError,
        Outcome, State, Step,
    )
    from game.registry import GAMES, get_game

__all__ = [
    "GAMES", "SEALED", "Event", "GameError", "IllegalMoveError", "Move", "MoveParseError",
    "NodeKind", "OptionError", "Outcome", "State", "Step", "get_game",
]
# each public name -> the module it comes from
_HOMES = MappingProxyType({name: "game.registry" if name in ("GAMES", "get_game") else "game.core"
                           for name in __all__})


def __getattr__(name: str) -> Any:
    """A public name, taken from its module when first asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'game' has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)


def __dir__() -> list[str]:
    """The module's names, the lazily taken ones among them."""
    return sorted(set(globals()) | set(__all__))
