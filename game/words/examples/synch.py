"""Synch's worked examples: synch, opposition, and both markers meeting on one square."""
from __future__ import annotations

from typing import Any, Mapping

from game.core import State
from game.rules.synch import GAME, OPPOSITION, SYNCH, Direction, PlaceMarker
from game.spec import GameSpec
from game.words.examples import Example


def examples(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """Synch, opposition, and both markers meeting on one square."""
    def start(cross: str, ring: str) -> State:
        state = GAME.new_game(size=6)
        return state.apply(PlaceMarker(cross)).state.apply(PlaceMarker(ring)).state
    return [
        Example("In synch", "Cross announces synch; Ring picks NE: both markers go NE and "
                "each draws its symbol on the new square.", start("b2", "d3"),
                (SYNCH, Direction("NE"))),
        Example("In opposition", "Cross announces opposition; Ring picks E: Ring goes E, "
                "Cross goes the exact opposite way, W.", start("d4", "b2"),
                (OPPOSITION, Direction("E"))),
        Example("Meeting on one square", "Opposition, and Ring picks W: both land on c3, "
                "so neither may draw a symbol there.", start("b3", "d3"),
                (OPPOSITION, Direction("W"))),
    ]
