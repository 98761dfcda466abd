"""The public history of a game: the decisions both players saw made, for bots that read play.

Only moves made at a seat's own turn go in (a pivot picked, a token taken); simultaneous choices
are secret when made, so they are left out. Each entry keeps the public view of the state the
move was made in, so a bot can ask what the move meant without the engine's secrets.
"""
from __future__ import annotations

from game.core import Move, NodeKind, State

PublicDecision = tuple[State, int, Move]


class History:
    """Public decisions so far, in order."""

    def __init__(self) -> None:
        self.entries: tuple[PublicDecision, ...] = ()

    def add(self, before: State, seat: int, move: Move) -> None:
        """Note a move `seat` made in state `before` (ignored unless it was a public decision)."""
        if before.kind is NodeKind.DECISION:
            self.entries += ((before.observe_public(), seat, move),)
