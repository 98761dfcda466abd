"""A plain UCT player for the arena: random rollouts, no game knowledge, a wall-clock budget.

It shares no code with the bots' search. At one seat's decision it selects by UCB1; at a
simultaneous turn each seat selects by UCB1 on its own moves' statistics (decoupled UCT); chance
is sampled by its odds. A rollout plays uniformly random moves to the end of the game (a draw
if it runs past `ROLLOUT_CAP` transitions). It searches the observation as given: a sealed
choice of the other seat is searched as not yet made, and a hidden Bonus Colour stays unknown.
"""
from __future__ import annotations

import bisect
import math
import random
import time
from typing import Callable, Sequence

from game.bots.knowledge import unseal
from game.core import Move, NodeKind, State

ROLLOUT_CAP = 2000
EXPLORATION = math.sqrt(2.0)


def _result(state: State) -> float:
    outcome = state.outcome
    assert outcome is not None  # only asked of finished games
    winner = outcome.winner
    return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


def _sample(state: State, rng: random.Random):
    outcomes, running = state.chance_cumulative()
    return outcomes[min(bisect.bisect_right(running, rng.random()), len(outcomes) - 1)]


class _Node:
    __slots__ = ("state", "kind", "visits", "children", "stats", "moves")

    def __init__(self, state: State) -> None:
        self.state = state
        self.kind = state.kind
        self.visits = 0
        self.children: dict = {}
        self.moves: tuple[tuple[Move, ...], ...]
        if self.kind is NodeKind.DECISION:
            self.moves = (state.legal_moves(state.actors[0]),)
        elif self.kind is NodeKind.SIMULTANEOUS:
            self.moves = (state.legal_moves(0), state.legal_moves(1))
        else:
            self.moves = ()
        # Per seat that chooses here: move -> [visits, that seat's summed result].
        self.stats = tuple({m: [0, 0.0] for m in moves} for moves in self.moves)


class PlainUCT:
    """Monte Carlo tree search with UCB1 and random rollouts, for `seconds` a decision."""

    def __init__(self, seconds: float, seed: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.seconds = seconds
        self.clock = clock
        self.rng = random.Random(seed)
        self.last_iterations = 0

    def choose(self, observation: State, seat: int, history: Sequence = ()) -> Move:
        """The most visited move for `seat` after searching for the time allowed."""
        root_state = unseal(observation)
        legal = root_state.legal_moves(seat)
        if len(legal) == 1:
            return legal[0]
        root = _Node(root_state)
        deadline = self.clock() + self.seconds
        iterations = 0
        while True:
            for _ in range(16):
                self._iterate(root)
            iterations += 16
            if self.clock() >= deadline:
                break
        self.last_iterations = iterations
        stats = root.stats[0] if root.kind is NodeKind.DECISION else root.stats[seat]
        return max(legal, key=lambda m: stats[m][0])

    def _select(self, node: _Node, index: int, flip: bool) -> Move:
        stats = node.stats[index]
        log_n = math.log(node.visits + 1)
        best, best_score = None, -1.0
        for move, (visits, total) in stats.items():
            if visits == 0:
                score = 1e9 + self.rng.random()
            else:
                mean = total / visits
                score = (1.0 - mean if flip else mean) + EXPLORATION * math.sqrt(log_n / visits)
            if score > best_score:
                best, best_score = move, score
        return best  # type: ignore[return-value]

    def _iterate(self, root: _Node) -> None:
        node, expanded = root, False
        path: list[tuple[_Node, tuple[Move, ...] | None]] = []
        while not expanded and node.kind is not NodeKind.TERMINAL:
            if node.kind is NodeKind.CHANCE:
                key = _sample(node.state, self.rng)
                path.append((node, None))
            elif node.kind is NodeKind.DECISION:
                key = (self._select(node, 0, flip=node.state.actors[0] == 1),)
                path.append((node, key))
            else:
                key = (self._select(node, 0, False), self._select(node, 1, True))
                path.append((node, key))
            child = node.children.get(key)
            if child is None:
                state = node.state
                if node.kind is NodeKind.CHANCE:
                    nxt = state.apply_chance(key).state
                elif node.kind is NodeKind.DECISION:
                    nxt = state.apply(key[0]).state
                else:
                    nxt = state.apply_joint(*key).state
                child = node.children[key] = _Node(nxt)
                expanded = True
            node = child
        value = self._rollout(node.state)
        node.visits += 1
        for parent, key in path:
            parent.visits += 1
            if key is None:
                continue
            if parent.kind is NodeKind.DECISION:
                entry = parent.stats[0][key[0]]
                entry[0] += 1
                entry[1] += value
            else:
                for index, move in enumerate(key):
                    entry = parent.stats[index][move]
                    entry[0] += 1
                    entry[1] += value  # seat 0's result; seat 1's selection flips it

    def _rollout(self, state: State) -> float:
        rng = self.rng
        for _ in range(ROLLOUT_CAP):
            kind = state.kind
            if kind is NodeKind.TERMINAL:
                return _result(state)
            if kind is NodeKind.CHANCE:
                state = state.apply_chance(_sample(state, rng)).state
            elif kind is NodeKind.SIMULTANEOUS:
                state = state.apply_joint(rng.choice(state.legal_moves(0)),
                                          rng.choice(state.legal_moves(1))).state
            else:
                state = state.apply(rng.choice(state.legal_moves(state.actors[0]))).state
        return _result(state) if state.is_terminal else 0.5
