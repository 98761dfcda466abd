"""Moriarty's worked examples: a round with both actives the same way, and one with them
opposite."""
from __future__ import annotations

from typing import Any, Mapping

from game.rules.moriarty import PIVOT, MoriartyState, PickPivot, Slide, Take
from game.spec import GameSpec
from game.words.examples import Example


def examples(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """Two rounds: actives the same way (Pivot 2 rows) and opposite ways (1 toward the line)."""
    start = MoriartyState(colours=(0, 1, 2, 3, 0, 1, 2, 3), bonus=(0, 1), phase=PIVOT, edge=0)
    return [
        Example("Same direction", "Pivot in column 4; both active tokens slide south, so the "
                "Pivot slides two rows north.",
                start, (PickPivot(3), Take(2), (Slide(True), Slide(False)))),
        Example("Opposite directions", "One active token goes north, the other south: the "
                "Pivot moves one row toward the Centre Line, crossing it.",
                start, (PickPivot(3), Take(2), (Slide(True), Slide(True)))),
    ]
