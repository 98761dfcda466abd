"""The public history of a game: the decisions both players saw made, for bots that read play.

Moves made at a seat's own turn go in as made (a pivot picked, a token taken). Simultaneous
choices are secret when made, so they go in only once both are revealed (a pair of pulls), and
never if the game keeps them secret (Bonus Colours). Each entry keeps the public view of the state
the move was made in, so a bot can ask what the move meant without the engine's secrets.
"""
from __future__ import annotations

from game.core import Move, NodeKind, State

PublicDecision = tuple[State, int, Move]


class History:
    """Public decisions so far, in order."""

    def __init__(self) -> None:
        self.entries: tuple[PublicDecision, ...] = ()
        self._sealed: PublicDecision | None = None  # a secret choice awaiting the other's

    def add(self, before: State, seat: int, move: Move) -> None:
        """Note a move `seat` made in state `before`: a public decision at once, a secret
        choice when the other seat's choice reveals both (with the state both chose in)."""
        if before.kind is NodeKind.DECISION:
            self.entries += ((before.observe_public(), seat, move),)
            return
        if before.kind is not NodeKind.SIMULTANEOUS or not before.reveals_choices:
            return
        if before.pending == (None, None):
            self._sealed = (before.observe_public(), seat, move)
            return
        sealed, self._sealed = self._sealed, None
        if sealed is not None and sealed[1] != seat:
            self.entries += tuple(sorted((sealed, (sealed[0], seat, move)), key=lambda e: e[1]))
