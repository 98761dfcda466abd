"""Each seat's last turns as the players saw them, for the boards to mark at a glance."""
from __future__ import annotations

from typing import Mapping

from game.core import Move, State

Decision = tuple[State, Move]  # the public view of the state a move was made in, and the move
Turn = tuple[Decision, ...]  # a seat's decisions in a row (a Strands turn of several stones)

KEPT_TURNS = 4  # a board marks the last turn, or the last move of a kind (a Moriarty slide)


class LastMoves:
    """The latest turns of each seat, newest last (chance between a seat's decisions does not
    end its turn). A sealed choice joins only once it is revealed, so a mark never gives a
    secret away."""

    def __init__(self) -> None:
        self._turns: dict[int, tuple[Turn, ...]] = {}
        self._sealed: list[tuple[State, int, Move]] = []
        self._last_actor: int | None = None

    def seal(self, before: State, seat: int, move: Move) -> None:
        """A secret choice was committed: nothing shows until it is revealed."""
        self._sealed.append((before, seat, move))

    def add(self, before: State, seat: int, move: Move) -> None:
        """A decision that shows now (with any sealed choice it reveals)."""
        decisions = self._sealed + [(before, seat, move)]
        self._sealed = []
        for state, who, what in sorted(decisions, key=lambda d: d[1]):
            turns = self._turns.get(who, ())
            decision = (state.observe_public(), what)
            if who == self._last_actor and turns:
                turns = turns[:-1] + (turns[-1] + (decision,),)
            else:
                turns = (turns + ((decision,),))[-KEPT_TURNS:]
            self._turns[who] = turns
            self._last_actor = who

    def shown(self) -> Mapping[int, tuple[Turn, ...]]:
        """Each seat's last few turns, newest last."""
        return dict(self._turns)

