"""Pulling Strings' worked examples, from the seed's figures: splitting, combining, both ends of
one string, and a string that snaps."""
from __future__ import annotations

from typing import Any, Mapping

from game.rules.pulling_strings import Pull, PullingStringsState, from_diagram
from game.spec import GameSpec
from game.words.examples import Example


def examples(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """Worked examples from the seed's figures: splitting, combining, both ends, a break."""
    return [
        Example("A split, then a combination",
                "Eks pulls c (column c up) and Oh pulls h (row w right): the 5 where they "
                "cross splits in two 3s. Then o and w pull both 3s onto one spot: they "
                "combine into 6.",
                PullingStringsState(), ((Pull("c"), Pull("h")), (Pull("o"), Pull("w")))),
        Example("Pulled from both ends",
                "Eks pulls c (up) and Oh pulls o (down): the 3 on column c is pulled both "
                "ways and splits into two 2s (odd stacks round up from the supply).",
                from_diagram({"x": "O.3.X", "w": "...3."}), ((Pull("c"), Pull("o")),)),
        Example("Split and recombine in one turn",
                "c and o again: the 2 on the top edge keeps a half against the wall, the "
                "other half meets a half of the lower 2, and the two combine.",
                from_diagram({"y": "..2..", "w": "..2.."}), ((Pull("c"), Pull("o")),)),
        Example("Same end: the string snaps",
                "Both pull c: every stack on column c moves up one, the 3 on the edge holds, "
                "and the c-o string breaks for the rest of the game.",
                from_diagram({"y": "..3..", "w": "..2..", "t": "..1.."}),
                ((Pull("c"), Pull("c")),)),
    ]
