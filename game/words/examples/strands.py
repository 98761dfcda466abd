"""Strands' worked examples: a turn of X spaces marked X, and two groups joined into one."""
from __future__ import annotations

from typing import Any, Mapping

from game.core import State
from game.spec import GameSpec
from game.words.examples import Example


def examples(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """Worked examples: a turn of X spaces marked X, and two groups joined into one."""
    def after(*labels: str) -> State:
        state = spec.new_game(options)
        for label in labels:
            state = state.apply(spec.parse_move(label)).state
        return state

    place = spec.parse_move
    return [
        Example("X spaces marked X",
                "Black opened on a 2 and White took two 2s. Now Black picks X = 3 and "
                "covers three spaces marked 3; the turn ends by itself after the third.",
                after("e5", "f7", "g7"), (place("b2"), place("b3"), place("b4"))),
        Example("Groups join",
                "Black has a group of 3 near the centre and a group of 2 up and to the "
                "left. Stones that touch are one group: two 2s between them make one "
                "group of 7.",
                after("e5", "f7", "g7", "e6", "d5", "f6", "b2", "b3", "end", "g6", "g5"),
                (place("c3"), place("d4"))),
    ]
