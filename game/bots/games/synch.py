"""Search knowledge for Move In Synch, In Opposition: short playouts, then the symbol count.

Random playouts of this game run for hundreds of moves and say little; a few random moves and
then the lead in symbols (weighed against the squares still empty) say more for the time.

Hard starts in the centre (`central_start`). Measured at a tenth of the budget, processor clock,
seats alternating: Hard with it v Hard without 22-3-15, 58.8% [43.4, 72.6] over 40 (seeds
1-40); v `hard-but-place-random` 41-6-33, 55.0% over 80 (seeds 1-80), where Hard without it had
31-8-41, 43.8% on the same seeds. Between greedy players with random start squares (1,500
games) a start square's distance from the edge moved its owner's score by at most 7 points.

The no-claim ruling (2 n moves without a claim end the game, the count deciding) is in the
rules, so the search sees it; and at the root a player behind never makes a move that lets the
other end the game so while another move does not (`game/bots/rulings.py`).
"""
from __future__ import annotations

from game.bots.knowledge import Knowledge, squash
from game.bots.levels import Budget, Level
from game.bots.rulings import avoiding_rulings
from game.core import Move
from game.rules.synch import PlaceMarker, SynchState, edge_depth, label_square


def edge_distance(label: str, size: int) -> int:
    """How many squares lie between a square and the grid's nearest edge."""
    square = label_square(label, size)
    assert square is not None  # a legal move's own label
    return edge_depth(square, size)


class GameKnowledge(Knowledge[SynchState]):
    """What the search knows of Synch."""

    playout_depth = 6
    central_start = 0.0  # above 0: the bot starts on one of the squares at least two from
    # every edge (Hard's setting: its search, some 40 visits for each of 64 squares, started
    # on an edge more often than a random draw, and did worse than one)

    def levels(self) -> dict[str, Level]:
        """Synch's levels: small turns (2 modes, 8 directions), so a deep tree is cheap."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.4),
            "medium": Level("medium", Budget(400, 0.7)),
            "hard": Level("hard", Budget(2500, 1.5), traits=(("central_start", 1.0),)),
        }

    def root_moves(self, state: SynchState, seat: int, previous: Move | None) -> list[Move]:
        """Every legal move (behind, none that lets the no-claim ruling end the game against
        it), or with `central_start` the start squares at least two from every edge (or as far
        in as any is, once the centre is taken)."""
        legal = list(state.legal_moves(seat))
        if not state.placing:
            return avoiding_rulings(state, seat, legal)
        if not self.central_start:
            return legal
        size = state.size
        depth: dict[Move, int] = {m: edge_distance(m.label, size)
                                  for m in legal if isinstance(m, PlaceMarker)}
        least = min(2, max(depth.values()))  # a 5 x 5 grid has one such square
        return [m for m in legal if depth[m] >= least]

    def evaluate(self, state: SynchState) -> float:
        """Seat 0's chances from the symbol lead, sharper as the empty squares run out."""
        claims = state.claims
        lead = claims.count(1) - claims.count(2)
        empty = claims.count(0)
        return squash(lead, 1.0 + empty / 8.0)
