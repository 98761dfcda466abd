"""Worked examples for the rules screen, one module per game: a position, the moves to animate
from it, and what to watch for in words. A game's module loads only when its examples are asked
for, so looking examples up loads no other game's rules."""
from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Mapping

from game.core import Move, State
from game.spec import GameSpec


@dataclasses.dataclass(frozen=True)
class Example:
    """A worked example: a position and the moves to animate from it."""

    title: str
    caption: str  # what to watch for, in a sentence or two
    start: State
    moves: tuple[Move | tuple[Move, Move], ...]  # per step: a (seat 0, seat 1) pair at a
    # simultaneous node, else one move


def examples_for(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """The worked examples of a game (none for a game without a module here)."""
    name = f"{__name__}.{spec.id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return []
    found: list[Example] = module.examples(spec, options)
    return found
