"""Search knowledge for Pulling Strings: a leaf is scored at once by the pieces near each home.

Both players pull at once, so the tree's simultaneous nodes carry the strategy (regret matching
inside the tree; at the bot's own pull, the equilibrium of the matrix of pulls by replies). A
random Pulling Strings game wanders for hundreds of turns, so random pulls after a leaf say less
than a count of pieces on and next to each side's homes: the leaf is evaluated where it stands.
"""
from __future__ import annotations

from game.bots.knowledge import Knowledge, squash
from game.bots.levels import Budget, Level
from game.core import State
from game.rules.pulling_strings import HOMES, SIZE


def _near(homes: tuple) -> tuple[float, ...]:
    """Per intersection: 1 on a home of this seat, 0.35 one step from one, else 0."""
    weights = [0.0] * (SIZE * SIZE)
    for row, col in homes:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                weights[r * SIZE + c] += 0.35
    for row, col in homes:
        weights[row * SIZE + col] = 1.0
    return tuple(weights)


NEAR = (_near(HOMES[0]), _near(HOMES[1]))


class GameKnowledge(Knowledge):
    """What the search knows of Pulling Strings."""

    playout_depth = 0
    uses_history = True  # the revealed pulls, for reading the opponent

    def levels(self) -> dict[str, Level]:
        """Pulling Strings' levels: 20 pulls a side, so a mixed strategy needs many samples;
        Medium and Hard read how the opponent pulls (`reading.py`)."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.5),
            "medium": Level("medium", Budget(1200, 0.8), traits=(("reading", 0.8),)),
            "hard": Level("hard", Budget(24000, 2.4), traits=(("reading", 0.8),)),
        }

    def evaluate(self, state: State) -> float:
        """Seat 0's chances from the pieces on and beside each side's homes."""
        stacks = state.stacks  # type: ignore[attr-defined]
        near0, near1 = NEAR
        lead = sum(n * (a - b) for n, a, b in zip(stacks, near0, near1) if n)
        return squash(lead, 3.0)
