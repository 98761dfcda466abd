"""Tug of War's worked examples: the seed's worked turn, and pulls ending in a costly swap."""
from __future__ import annotations

from typing import Any, Mapping

from game.rules.tug_of_war import ACT, Exchange, Remove, TugOfWarState
from game.spec import GameSpec
from game.words.examples import Example


def examples(spec: GameSpec, options: Mapping[str, Any]) -> list[Example]:
    """The seed's worked turn, and a turn of pulls ending in a swap that costs athletes."""
    seed_turn = TugOfWarState(athletes=(3, 9), team=((2, 4, 6), (3, 3, 5)), common=(4, 3, 5),
                              phase=ACT, to_move=0)
    costly = TugOfWarState(athletes=(7, 8), team=((3, 3, 4), (2, 4, 5)), common=(6, 2, 1),
                           phase=ACT, to_move=1)
    return [
        Example("Swap, then pull",
                "Yellow swaps the team 2 for the common 3 (+1 for the swap, +1 for the rise); "
                "the 5 then beats the 4. The last common die is below the 6: the turn passes.",
                seed_turn, (Exchange(3, 2), Remove(5, 4))),
        Example("Two pulls and a costly swap",
                "Red's 6 beats the 5 and the 2 matches the 2; swapping the 4 for the 1 gives "
                "+1 for the swap but -3 for the fall, so 2 Red athletes step off.",
                costly, (Remove(6, 5), Remove(2, 2), Exchange(1, 4))),
    ]
