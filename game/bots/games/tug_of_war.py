"""Search knowledge for Tug of War: greedy playouts cut short, then a race of removals.

A uniformly random playout exchanges dice and ends turns at whim, which tells the search little.
Playouts here remove whenever they can and otherwise end the turn; after a few turns the position
is scored as a race: how many turns each side needs to pull the other's athletes off the rope,
given how often its common dice can beat its team dice.
"""
from __future__ import annotations

import random

from game.bots.knowledge import Knowledge, squash
from game.bots.levels import Budget, Level
from game.bots.tug_table import TableMissingError
from game.bots.tug_value import exact_value
from game.core import Move
from game.rules.tug_of_war import (END_TURN, SETUP_CHOICE, SETUP_REROLL, SETUP_ROLL, Remove,
                                   TugOfWarState)


def removal_rate(team: tuple[int, ...]) -> float:
    """Athletes a turn's three fresh common dice remove against these team dice, roughly."""
    rate = sum((7 - die) / 6 for die in team if die)
    sixes = team.count(6)  # each 6 lets a common die be re-rolled
    return max(0.25, rate + 0.15 * sixes)


class GameKnowledge(Knowledge[TugOfWarState]):
    """What the search knows of Tug of War."""

    playout_depth = 14

    def levels(self) -> dict[str, Level]:
        """Tug of War's levels: every roll is a chance node, so budgets go on breadth."""
        return {
            "easy": Level("easy", Budget(100, 0.25), temperature=0.5),
            "medium": Level("medium", Budget(400, 0.8)),
            "hard": Level("hard", Budget(6000, 2.4)),
        }

    def playout_move(self, state: TugOfWarState, seat: int, rng: random.Random) -> Move:
        """Remove when possible (the cheapest common die that does it), else end the turn."""
        moves = state.legal_moves(seat)
        removes = [m for m in moves if isinstance(m, Remove)]
        if removes:
            return min(removes, key=lambda m: (m.common - m.team, -m.team))
        if END_TURN in moves:
            return END_TURN
        return rng.choice(moves)

    def exact_value(self, view: TugOfWarState) -> float | None:
        """Yellow's exact chance from the solved table (None if it cannot be read)."""
        try:
            return exact_value(view)
        except TableMissingError:
            return None

    def evaluate(self, state: TugOfWarState) -> float:
        """Seat 0's chances from the race: turns each needs to clear the other's rope."""
        phase = state.phase
        athletes = state.athletes
        team = state.team
        if phase in (SETUP_ROLL, SETUP_CHOICE, SETUP_REROLL):
            return 0.5
        turns_for_0 = athletes[1] / removal_rate(team[0])
        turns_for_1 = athletes[0] / removal_rate(team[1])
        return squash(turns_for_1 - turns_for_0, 2.0)
