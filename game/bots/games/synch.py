"""Search knowledge for Move In Synch, In Opposition: short playouts, then the symbol count.

Random playouts of this game run for hundreds of moves and say little; a few random moves and
then the lead in symbols (weighed against the squares still empty) say more for the time.
"""
from __future__ import annotations

from game.bots.knowledge import Knowledge, squash
from game.bots.levels import Budget, Level
from game.core import State


class GameKnowledge(Knowledge):
    """What the search knows of Synch."""

    playout_depth = 6

    def levels(self) -> dict[str, Level]:
        """Synch's levels: small turns (2 modes, 8 directions), so a deep tree is cheap."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.4),
            "medium": Level("medium", Budget(400, 0.7)),
            "hard": Level("hard", Budget(2500, 1.5)),
        }

    def evaluate(self, state: State) -> float:
        """Seat 0's chances from the symbol lead, sharper as the empty squares run out."""
        claims = state.claims  # type: ignore[attr-defined]
        lead = claims.count(1) - claims.count(2)
        empty = claims.count(0)
        return squash(lead, 1.0 + empty / 8.0)
