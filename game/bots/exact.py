"""A depth-limited search of every line, for games whose turns are few and whose evaluation
says much (Moriarty): the bot's own decisions maximised, the other's minimised, a secret turn
solved as a matrix game, chance averaged, and the evaluation at the leaves.

It answers the bot as the Monte Carlo search does (`decision_stats`, `joint_stats`), deepening
while its budget lasts and keeping the deepest search it finished. A forced
move (Moriarty's "pass") costs no depth; a position the knowledge does not search all lines
from (`searches_all`: Moriarty's next game, still to be set up) is a leaf.
"""
from __future__ import annotations

import random
import time
from typing import Callable

from game.bots.knowledge import Knowledge, terminal_value
from game.bots.levels import Budget
from game.bots.matrix import game_value
from game.core import Move, NodeKind, State

DECISION, SIMULTANEOUS, CHANCE = NodeKind.DECISION, NodeKind.SIMULTANEOUS, NodeKind.CHANCE
EXACT_VISITS = 1_000_000  # reported as each line's visits: a value no prior should move
CHECK_EVERY = 256  # positions valued between looks at the clock and the stop flag


class _OutOfTime(Exception):
    """The budget ran out in the middle of a depth."""


class _Root:
    """The root's totals, as the bot reads them from a Monte Carlo root."""

    __slots__ = ("visits", "total")

    def __init__(self) -> None:
        self.visits, self.total = 0, 0.0


class DepthSearch:
    """Every line from one root to a depth; values are seat 0's, as in `Search`."""

    counts_visits = False  # its findings are values, not visit counts

    def __init__(self, root: State, knowledge: Knowledge, rng: random.Random,
                 exploration: float = 1.0) -> None:
        self.state = root
        self.knowledge = knowledge
        self.rng = rng
        self.iterations = 0  # positions valued
        self.depth = 0  # the deepest search finished
        self.root = _Root()
        self._moves: tuple = ()
        self._values: dict = {}
        self._deadline = 0.0
        self._should_stop: Callable[[], bool] | None = None

    def subtree(self, move: Move) -> None:
        """Nothing is kept between decisions (each search is cheap to redo)."""
        return None

    def find(self, state: State) -> None:
        """Nothing is kept between decisions."""
        return None

    def run(self, budget: Budget, should_stop: Callable[[], bool] | None = None) -> "DepthSearch":
        """Deepen `deepening_step` plies at a time (a whole round, say, so that no search stops
        halfway through one) up to the knowledge's `search_plies` while the budget's seconds
        last; the first depth is always finished."""
        self._deadline = time.perf_counter() + budget.seconds
        self._should_stop = should_stop
        plies, step = self.knowledge.search_plies, self.knowledge.deepening_step
        depths = [*range(step, plies, step), plies]
        for depth in depths:
            try:
                moves, values = self._search_root(depth, clock=depth > depths[0])
            except _OutOfTime:
                break
            self._moves, self._values, self.depth = moves, values, depth
        self.root.visits = EXACT_VISITS
        self.root.total = EXACT_VISITS * self._root_value()
        return self

    # ---- findings -----------------------------------------------------------------------------
    def decision_stats(self) -> dict[Move, tuple[int, float]]:
        """At a decision root: each move's value for the seat to move."""
        flip = self.state.actors[0] == 1
        return {m: (EXACT_VISITS, 1.0 - v if flip else v) for m, v in self._values.items()}

    def joint_stats(self) -> tuple[tuple, tuple, dict[tuple[int, int], tuple[int, float]]]:
        """At a simultaneous root: both seats' moves and seat 0's value of every pair."""
        stats = {pair: (EXACT_VISITS, v) for pair, v in self._values.items()}
        return self._moves[0], self._moves[1], stats

    def _root_value(self) -> float:
        if not self._values:
            return 0.5
        if self.state.kind is SIMULTANEOUS:
            rows, cols = len(self._moves[0]), len(self._moves[1])
            return game_value([[self._values[i, j] for j in range(cols)] for i in range(rows)])
        values = self._values.values()
        return max(values) if self.state.actors[0] == 0 else min(values)

    # ---- searching ----------------------------------------------------------------------------
    def _search_root(self, depth: int, clock: bool) -> tuple[tuple, dict]:
        state, knowledge = self.state, self.knowledge
        self._clock = clock
        if state.kind is SIMULTANEOUS:
            moves = tuple(knowledge.root_moves(state, seat, None) for seat in (0, 1))
            values = {(i, j): self._value(state.apply_joint(a, b).state, depth - 1)
                      for i, a in enumerate(moves[0]) for j, b in enumerate(moves[1])}
            return moves, values
        actor = state.actors[0]
        moves = tuple(knowledge.root_moves(state, actor, None))
        values = {m: self._value(state.apply(m).state, depth - 1) for m in moves}
        return moves, values

    def _value(self, state: State, depth: int) -> float:
        """Seat 0's value of `state` searched `depth` plies deep."""
        self.iterations += 1
        if self._clock and self.iterations % CHECK_EVERY == 0:
            self._check_clock()
        kind = state.kind
        if kind is NodeKind.TERMINAL:
            return terminal_value(state)
        if kind is CHANCE:
            return sum(float(p) * self._value(state.apply_chance(o).state, depth)
                       for o, p in state.chance_outcomes())
        if kind is SIMULTANEOUS:
            if depth <= 0 or not self.knowledge.searches_all(state):
                return self.knowledge.leaf_value(state)
            candidates = self.knowledge.candidate_moves
            rows, cols = candidates(state, 0, None), candidates(state, 1, None)
            return game_value([[self._value(state.apply_joint(a, b).state, depth - 1)
                                for b in cols] for a in rows])
        actor = state.actors[0]
        moves = self.knowledge.candidate_moves(state, actor, None)
        if len(moves) == 1:  # a forced move costs no depth, even at the horizon
            return self._value(state.apply(moves[0]).state, depth)
        if depth <= 0 or not self.knowledge.searches_all(state):
            return self.knowledge.leaf_value(state)
        values = [self._value(state.apply(m).state, depth - 1) for m in moves]
        return max(values) if actor == 0 else min(values)

    def _check_clock(self) -> None:
        if time.perf_counter() >= self._deadline or (
                self._should_stop is not None and self._should_stop()):
            raise _OutOfTime
