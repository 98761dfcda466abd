"""A depth-limited search of every line, for games whose turns are few and whose evaluation
says much (Moriarty): the bot's own decisions maximised, the other's minimised, a secret turn
solved as a matrix game, chance averaged, and the evaluation at the leaves.

It answers the bot as the Monte Carlo search does (`decision_stats`, `joint_stats`), deepening
while its budget lasts and keeping the deepest search it finished. A forced
move (Moriarty's "pass") costs no depth; a position the knowledge does not search all lines
from (`searches_all`: Moriarty's next game, still to be set up) is a leaf.

Worlds that differ only in what positions are worth (Moriarty's differ only in the opponent's
Bonus Colour: `Knowledge.shares_tree`) are searched in one walk of the tree, with a value per
world. That costs little more than one world's search, and it plays better: at the bot's own
decisions the move is the best on average over the worlds, as the bot must choose without
knowing which is true, while the opponent, who knows its own secret, answers each world at its
best.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from game.bots.knowledge import Knowledge
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
    """Every line from one root to a depth; values are seat 0's, as in `Search`.

    Given `worlds` (weighted full states sharing the root's tree) and the bot's `seat`, one
    search values them all; `views()` gives what it found in each.
    """

    counts_visits = False  # its findings are values, not visit counts

    def __init__(self, root: State, knowledge: Knowledge[State], rng: random.Random,
                 exploration: float = 1.0, worlds: Sequence[tuple[float, State]] = (),
                 seat: int = 0) -> None:
        self.state = root
        self.knowledge = knowledge
        self.rng = rng
        self.worlds = list(worlds) or [(1.0, root)]
        self.weights = [weight for weight, _ in self.worlds]
        self._width = len(self.worlds)  # values kept per position
        self.seat = seat
        self.iterations = 0  # positions valued
        self.depth = 0  # the deepest search finished
        self._moves: tuple[Any, ...] = ()
        self._values: dict[Any, list[float]] = {}  # each root move's (or pair's) values, by world
        self._table: dict[Any, list[float]] = {}  # (position, plies) -> values, for transpositions
        self._views = [WorldFinding(self, w) for w in range(len(self.worlds))]
        self._deadline = 0.0
        self._clock_read: Callable[[], float] = time.perf_counter
        self._clock = False
        self._should_stop: Callable[[], bool] | None = None

    @property
    def root(self) -> "_Root":
        """The first world's root totals (a search of one world answers as itself)."""
        return self._views[0].root

    def views(self) -> list["WorldFinding"]:
        """What the search found in each world, in the order of `worlds`."""
        return list(self._views)

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
        self._clock_read = budget.clock
        self._deadline = budget.clock() + budget.seconds
        self._should_stop = should_stop
        plies, step = self.knowledge.plies_from(self.state), self.knowledge.deepening_step
        depths = [*range(step, plies, step), plies]
        for depth in depths:
            try:
                moves, values = self._search_root(depth, clock=depth > depths[0])
            except _OutOfTime:
                break
            self._moves, self._values, self.depth = moves, values, depth
        for view in self._views:
            view.root.visits = EXACT_VISITS
            view.root.total = EXACT_VISITS * view.root_value()
        return self

    def decision_stats(self) -> dict[Move, tuple[int, float]]:
        """At a decision root: each move's value for the seat to move (in the first world)."""
        return self._views[0].decision_stats()

    def joint_stats(self) -> tuple[tuple[Move, ...], tuple[Move, ...],
                                   dict[tuple[int, int], tuple[int, float]]]:
        """At a simultaneous root: both seats' moves and seat 0's value of every pair."""
        return self._views[0].joint_stats()

    # ---- searching ----------------------------------------------------------------------------
    def _search_root(self, depth: int, clock: bool) -> tuple[tuple[Any, ...], dict[Any,
                     list[float]]]:
        state, knowledge = self.state, self.knowledge
        self._clock = clock
        if state.kind is SIMULTANEOUS:
            moves = tuple(knowledge.root_moves(state, seat, None) for seat in (0, 1))
            values = {(i, j): self._child(state, (a, b), depth - 1)
                      for i, a in enumerate(moves[0]) for j, b in enumerate(moves[1])}
            return moves, values
        actor = state.actors[0]
        options = tuple(knowledge.root_moves(state, actor, None))
        return options, {m: self._child(state, m, depth - 1) for m in options}

    def _child(self, state: State, move: Move | tuple[Move, Move], depth: int) -> list[float]:
        """The values, world by world, after `move` (or a pair of secret moves) from `state`."""
        child = _after(state, move)
        knowledge = self.knowledge
        if len(self.worlds) > 1 and (child.kind is NodeKind.TERMINAL
                                     or not knowledge.searches_all(child)):
            # Past the searched part (a game ended and scored): the move may do something
            # different in each world (the colours scored), so it is made in each.
            value = knowledge.value if child.kind is NodeKind.TERMINAL else knowledge.leaf_value
            return [value(_after(knowledge.in_world(state, world), move))
                    for _, world in self.worlds]
        return self._value(child, depth)

    def _value(self, state: State, depth: int) -> list[float]:
        """Seat 0's value of `state` in every world, searched `depth` plies deep (once: many
        lines reach the same position, such as two pairs of slides that move the same rows)."""
        key = (state, depth)
        known = self._table.get(key)
        if known is None:
            known = self._table[key] = self._search(state, depth)
        return known

    def _search(self, state: State, depth: int) -> list[float]:
        self.iterations += 1
        if self._clock and self.iterations % CHECK_EVERY == 0:
            self._check_clock()
        kind, knowledge = state.kind, self.knowledge
        if kind is NodeKind.TERMINAL:
            return [knowledge.value(state)] * self._width
        if kind is CHANCE:
            total = [0.0] * self._width
            for outcome, p in state.chance_outcomes():
                after = self._value(state.apply_chance(outcome).state, depth)
                total = [t + float(p) * v for t, v in zip(total, after)]
            return total
        if kind is SIMULTANEOUS:
            if depth <= 0 or not knowledge.searches_all(state):
                return self._leaf(state)
            rows = knowledge.candidate_moves(state, 0, None)
            cols = knowledge.candidate_moves(state, 1, None)
            cells = [[self._child(state, (a, b), depth - 1) for b in cols] for a in rows]
            return [game_value([[cell[w] for cell in row] for row in cells])
                    for w in range(self._width)]
        actor = state.actors[0]
        moves = knowledge.candidate_moves(state, actor, None)
        if len(moves) == 1:  # a forced move costs no depth, even at the horizon
            return self._child(state, moves[0], depth)
        if depth <= 0 or not knowledge.searches_all(state):
            return self._leaf(state)
        children = [self._child(state, m, depth - 1) for m in moves]
        best = max if actor == 0 else min
        if actor == self.seat and len(self.worlds) > 1:
            # The bot's own choice cannot depend on the world: the best on average over them.
            return best(children, key=self._mean)
        return [best(values) for values in zip(*children)]

    def _leaf(self, state: State) -> list[float]:
        if len(self.worlds) == 1:
            return [self.knowledge.leaf_value(state)]
        return self.knowledge.leaf_values(state, self.worlds)

    def _mean(self, values: list[float]) -> float:
        return sum(w * v for w, v in zip(self.weights, values))

    def _check_clock(self) -> None:
        if self._clock_read() >= self._deadline or (
                self._should_stop is not None and self._should_stop()):
            raise _OutOfTime


def _after(state: State, move: Move | tuple[Move, Move]) -> State:
    """The state after a legal move, or after a pair of legal secret moves given as a tuple."""
    return (state.apply_joint_legal(*move) if isinstance(move, tuple)
            else state.apply_legal(move)).state


class WorldFinding:
    """What a `DepthSearch` found in one of its worlds, answered as a search of that world."""

    counts_visits = False

    def __init__(self, search: DepthSearch, world: int) -> None:
        self.search = search
        self.world = world
        self.root = _Root()

    @property
    def iterations(self) -> int:
        """Positions valued by the whole search (its worlds share them)."""
        return self.search.iterations

    @property
    def depth(self) -> int:
        """The deepest search finished."""
        return self.search.depth

    def subtree(self, move: Move) -> None:
        """Nothing is kept between decisions."""
        return None

    def find(self, state: State) -> None:
        """Nothing is kept between decisions."""
        return None

    def decision_stats(self) -> dict[Move, tuple[int, float]]:
        """At a decision root: each move's value for the seat to move."""
        flip, w = self.search.state.actors[0] == 1, self.world
        return {m: (EXACT_VISITS, 1.0 - v[w] if flip else v[w])
                for m, v in self.search._values.items()}

    def joint_stats(self) -> tuple[tuple[Move, ...], tuple[Move, ...],
                                   dict[tuple[int, int], tuple[int, float]]]:
        """At a simultaneous root: both seats' moves and seat 0's value of every pair."""
        w, moves = self.world, self.search._moves
        stats = {pair: (EXACT_VISITS, v[w]) for pair, v in self.search._values.items()}
        return moves[0], moves[1], stats

    def root_value(self) -> float:
        """Seat 0's value of the root in this world."""
        search, w = self.search, self.world
        if not search._values:
            return 0.5
        if search.state.kind is SIMULTANEOUS:
            rows, cols = len(search._moves[0]), len(search._moves[1])
            return game_value([[search._values[i, j][w] for j in range(cols)]
                               for i in range(rows)])
        values = [v[w] for v in search._values.values()]
        best: float = max(values) if search.state.actors[0] == 0 else min(values)
        return best
