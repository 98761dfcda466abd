"""Search knowledge for Pulling Strings: a leaf is scored at once by the pieces on each home.

Both players pull at once, so the tree's simultaneous nodes carry the strategy (regret matching
inside the tree; at the bot's own pull, the equilibrium of the matrix of pulls by replies). A
random Pulling Strings game wanders for hundreds of turns, so random pulls after a leaf say less
than a count of pieces on each side's homes: the leaf is evaluated where it stands.

Hard also expects, below the root, the reading's model of the opponent as far as it believes it
(`search.OpponentModel`): against a player who pulls one turn ahead it plans several turns
against how they will pull. Hard v greedy at full budget, 40 games: 81.2% before, 85.0% with
the model in the tree, 97.5% with the restricted response at the root as well (`reading.py`).
On that code (full budget, seeds from 1): Hard v Medium 77.5% over 40; the predictor v Hard
37.5% over 40 and v Medium 45.0% over 40; Medium v greedy 75.0% over seeds 1-100 and 78.5%
over seeds 1001-1100 (where the straight step toward the best reply had 85.0%).

Medium does not plan against the model in its tree, though that is what beats greedy most:
with it, Medium v greedy was 95.0% over 40 (seeds 1-40, where Medium has 73.8%), but Hard v
that Medium fell to 41.7% over 12 (Wilson upper bound 68.0%), so the levels would no longer
stand apart. Hard v that Medium came to 5-2-7 over 14, and the reading says why: it weighs the
level-one model against chance, and any able player predicts better than chance, so Hard
believed that Medium at the cap from about turn 9 and answered a model it did not follow (while
Medium believed Hard near 0). With Hard's evidence taken against half chance, half a level-two
player instead (the softmax of each choice against the other's level-one model, with the same
noise), Hard v that Medium was 72.5% over 20 (13-3-4), but Hard v greedy fell to 90.0% over 30
(27-0-3): sturdier against a planner, less sharp against a simple player, so not adopted.

The repetition ruling (a position's third arrival, or 5 still turns, ends the game, the home
totals deciding) is in the rules, so the search sees its endings; and at the root a player
behind never takes a pull that lets the other end the game so (`game/bots/rulings.py`), while a
player ahead may. A draw by the ruling is worth a little less than half to the bot's own seat
(`contempt`), so at a level score it plays on rather than stand still into a draw.
"""
from __future__ import annotations

from game.bots.knowledge import Knowledge, squash
from game.bots.levels import Budget, Level
from game.rules.pulling_strings import HOMES, SIZE, PullingStringsState


# Seat 0's share of each intersection: +1 on an Eks home, -1 on an Oh home. A weight for pieces
# one step from a home would cancel out: every other intersection is next to as many of one
# side's homes as of the other's (and weighing only steps along unbroken strings measured worse:
# Medium v greedy 70% against 85% over 100 games).
HOME_SIGN = tuple(1 if (r, c) in HOMES[0] else -1 if (r, c) in HOMES[1] else 0
                  for r in range(SIZE) for c in range(SIZE))
HOME_CELLS = tuple(i for i, sign in enumerate(HOME_SIGN) if sign)


class GameKnowledge(Knowledge[PullingStringsState]):
    """What the search knows of Pulling Strings."""

    playout_depth = 0
    uses_history = True  # the revealed pulls, for reading the opponent
    # a level score is half a win by the home count, so without contempt a ruled draw at 0-0
    # looked as good as playing on: Hard v greedy drew 26 of 40 (57.5%) by repetitions and
    # still boards at 0-0 once the repetition ruling came; 0.1 is less than a piece's lead
    contempt = 0.1

    def levels(self) -> dict[str, Level]:
        """Pulling Strings' levels: 20 pulls a side, so a mixed strategy needs many samples;
        Medium and Hard read how the opponent pulls (`reading.py`)."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.5),
            "medium": Level("medium", Budget(1200, 0.8), traits=(("reading", 0.8),)),
            "hard": Level("hard", Budget(24000, 2.4),
                          traits=(("reading", 0.8), ("model_in_tree", 1.0))),
        }

    def evaluate(self, state: PullingStringsState) -> float:
        """Seat 0's chances from the pieces on each side's homes."""
        stacks = state.stacks
        return squash(sum(stacks[i] * HOME_SIGN[i] for i in HOME_CELLS), 3.0)
