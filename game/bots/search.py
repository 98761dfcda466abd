"""Monte Carlo tree search for every Quintet game, whatever its kinds of node.

One tree serves all five games. At a seat's decision it selects by UCT (blended with
all-moves-as-first values, RAVE, where the game's knowledge asks for it); at a simultaneous
turn each seat runs regret matching (simultaneous-move MCTS, after Lisý et al. 2013), so the
search ends with a mixed strategy rather than one "best" pull; at a chance node it samples the
outcome with its exact probability. Leaves are scored by a short playout and the game's own
evaluation (a `Knowledge`). Values are always seat 0's expected result in [0, 1].
"""
from __future__ import annotations

import bisect
import dataclasses
import math
import random
from typing import Any, Callable, Sequence

from game.bots.knowledge import Knowledge
from game.bots.levels import Budget
from game.core import Move, NodeKind, State

DECISION, SIMULTANEOUS, CHANCE = NodeKind.DECISION, NodeKind.SIMULTANEOUS, NodeKind.CHANCE
CHECK_EVERY = 32  # iterations between looks at the clock and the stop flag


@dataclasses.dataclass(frozen=True)
class OpponentModel:
    """How the search expects one seat to choose at secret turns: from `policy` (state, seat
    -> odds of each move) at a share `follow` of the visits to a node visited `after` times,
    by regret matching otherwise (a restricted Nash response, after Johanson et al. 2007)."""

    seat: int
    follow: float
    policy: Callable[[State, int], dict[Move, float]]
    after: int = 20


class _Node:
    """One state in the tree, with its statistics (visits and seat 0's summed value)."""

    __slots__ = ("state", "kind", "actor", "untried", "children", "visits", "total",
                 "moves", "regrets", "average", "previous", "options", "keys", "slots",
                 "amaf_seen", "amaf_won", "model")

    def __init__(self, state: State, knowledge: Knowledge[State], rng: random.Random,
                 previous: Move | None, root: bool = False) -> None:
        self.state = state
        self.kind = state.kind
        self.visits = 0
        self.total = 0.0
        self.children: dict[Any, _Node] = {}
        self.previous = previous  # the move that led here, when the same seat moves again
        if self.kind is DECISION:
            self.actor = state.actors[0]
            choices = knowledge.root_moves if root else knowledge.candidate_moves
            moves = list(choices(state, self.actor, previous))
            knowledge.order_moves(state, self.actor, moves, rng)
            if knowledge.rave > 0.0:  # every option keeps all-moves-as-first statistics (an
                # untried one is an empty slot, so there is no `untried` list to keep)
                self.options = tuple(moves)
                # aligned with the options, not (index, key) pairs: a pair per option was
                # 40% of a Strands tree's memory
                self.keys = tuple(knowledge.amaf_key(state, move) for move in moves)
                self.slots: list[_Node | None] = [None] * len(moves)  # each option's child
                self.amaf_seen = [0] * len(moves)
                self.amaf_won = [0.0] * len(moves)
            else:
                self.untried = moves
        elif self.kind is SIMULTANEOUS:
            choices = knowledge.root_moves if root else knowledge.candidate_moves
            self.moves = tuple(choices(state, seat, None) for seat in (0, 1))
            self.regrets = tuple([0.0] * len(m) for m in self.moves)
            self.average = tuple([0.0] * len(m) for m in self.moves)
            self.model: list[float] | None = None  # the modelled seat's cumulative odds


def _options(node: _Node) -> tuple[Any, ...]:
    """The moves a decision node was made with, tried or not."""
    if hasattr(node, "options"):
        return node.options
    return tuple(node.untried) + tuple(node.children)


class Search:
    """A search from one root state, to be run for a budget and then asked for its findings."""

    counts_visits = True  # its findings are visit counts (the most visited move is the best)

    def __init__(self, root: State, knowledge: Knowledge[State], rng: random.Random,
                 exploration: float = 1.0, gamma: float = 0.15,
                 opponent: "OpponentModel | None" = None) -> None:
        self.knowledge = knowledge
        self.opponent = opponent
        self.rng = rng
        self.exploration = exploration
        self.gamma = gamma  # regret matching's share of uniform exploration
        self.rave = knowledge.rave
        self.root = _Node(root, knowledge, rng, None, root=True)
        self.iterations = 0

    def subtree(self, move: Move) -> "Search | None":
        """A search rooted at the child `move` leads to, keeping what was found below it."""
        child = self.root.children.get(move)
        if child is None or child.kind is not DECISION:
            return None
        return self._rerooted(child)

    def find(self, state: State) -> "Search | None":
        """A search rooted at `state` if it is the root or a decision one move below it, made
        with the moves the root considers (a node below a root is made with `candidate_moves`:
        where `root_moves` is narrower or wider, its statistics answer another question)."""
        if self.root.state == state:
            return self if self._fits_root(self.root) else None
        for child in self.root.children.values():
            if child.kind is DECISION and child.state == state:
                return self._rerooted(child) if self._fits_root(child) else None
        return None

    def _fits_root(self, node: _Node) -> bool:
        return set(self.knowledge.root_moves(node.state, node.actor, node.previous)) \
            == set(_options(node))

    def _rerooted(self, node: _Node) -> "Search":
        search = object.__new__(Search)
        search.knowledge, search.rng = self.knowledge, self.rng
        search.exploration, search.gamma, search.rave = self.exploration, self.gamma, self.rave
        search.root, search.iterations = node, 0
        search.opponent = self.opponent
        return search

    # ---- running ---------------------------------------------------------------------------
    def run(self, budget: Budget, should_stop: Callable[[], bool] | None = None) -> "Search":
        """Iterate until the budget is spent or `should_stop()` says so; returns self."""
        clock = budget.clock
        deadline = clock() + budget.seconds
        done = 0
        while done < budget.iterations:
            for _ in range(min(CHECK_EVERY, budget.iterations - done)):
                self._iterate()
            done += CHECK_EVERY
            if clock() >= deadline or (should_stop is not None and should_stop()):
                break
        return self

    def _iterate(self) -> None:
        if self.rave > 0.0:
            self._iterate_rave()
            return
        node = self.root
        path: list[tuple[_Node, tuple[int, float, int, float] | None]] = []
        child: _Node | None
        while True:
            kind = node.kind
            if kind is DECISION:
                if node.untried:
                    move = node.untried.pop()
                    child = self._child(node, node.state.apply(move).state, move)
                    node.children[move] = child
                    path.append((node, None))
                    path.append((child, None))
                    value = self._leaf_value(child.state)
                    break
                path.append((node, None))
                node = self._select_decision(node)
            elif kind is SIMULTANEOUS:
                i, pi = self._sample_regret(node, 0)
                j, pj = self._sample_regret(node, 1)
                if self.opponent is not None:
                    i, pi, j, pj = self._modelled(node, self.opponent, i, pi, j, pj)
                path.append((node, (i, pi, j, pj)))
                child = node.children.get((i, j))
                if child is None:
                    state = node.state.apply_joint(node.moves[0][i], node.moves[1][j]).state
                    child = node.children[(i, j)] = _Node(state, self.knowledge, self.rng, None)
                    path.append((child, None))
                    value = self._leaf_value(state)
                    break
                node = child
            elif kind is CHANCE:
                path.append((node, None))
                outcomes, running = node.state.chance_cumulative()
                pick = min(bisect.bisect_right(running, self.rng.random()), len(outcomes) - 1)
                outcome = outcomes[pick]
                child = node.children.get(outcome)
                if child is None:
                    state = node.state.apply_chance(outcome).state
                    child = node.children[outcome] = _Node(state, self.knowledge, self.rng, None)
                    path.append((child, None))
                    value = self._leaf_value(state)
                    break
                node = child
            else:
                path.append((node, None))
                value = self.knowledge.terminal(node.state)
                break
        self.iterations += 1
        for node, sampled in path:
            node.visits += 1
            node.total += value
            if sampled is not None:
                self._update_regrets(node, sampled, value)

    def _iterate_rave(self) -> None:
        """One iteration where decisions select by UCT blended with all-moves-as-first values
        (RAVE, Gelly and Silver 2007) and the playout reports who ended up with each key."""
        node, path = self.root, []
        while True:
            if node.kind is not DECISION:  # RAVE serves games of plain alternating decisions
                path.append(node)
                value, owners = self.knowledge.amaf_playout(node.state, self.rng)
                break
            path.append(node)
            k = self._select_rave(node)
            child = node.slots[k]
            if child is None:
                move = node.options[k]
                child = self._child(node, node.state.apply(move).state, move)
                node.children[move] = node.slots[k] = child
                path.append(child)
                value, owners = self.knowledge.amaf_playout(child.state, self.rng)
                break
            node = child
        self.iterations += 1
        for node in path:
            node.visits += 1
            node.total += value
            if node.kind is DECISION:
                mark = node.actor + 1
                seen, won = node.amaf_seen, node.amaf_won
                for k, key in enumerate(node.keys):
                    if key is not None and owners[key] == mark:
                        seen[k] += 1
                        won[k] += value

    def _select_rave(self, node: _Node) -> int:
        """The index of the option with the best blend of its own mean and its all-moves-as-
        first mean, plus UCT's exploration; an untried option counts as visited once, at its
        AMAF mean."""
        explore = self.exploration * math.sqrt(math.log(node.visits)) if node.visits else 0.0
        k_equal = self.rave
        flip = node.actor == 1
        seen_all, won_all, slots = node.amaf_seen, node.amaf_won, node.slots
        best, best_score = 0, -1.0
        for k, child in enumerate(slots):
            seen = seen_all[k]
            amaf = won_all[k] / seen if seen else 0.5
            if child is None:
                mean, bonus = amaf, explore
            else:
                visits = child.visits
                mean = child.total / visits
                if seen:
                    mean += math.sqrt(k_equal / (3.0 * visits + k_equal)) * (amaf - mean)
                bonus = explore / math.sqrt(visits)
            score = (1.0 - mean if flip else mean) + bonus
            if score > best_score:
                best, best_score = k, score
        return best

    def _child(self, parent: _Node, state: State, move: Move) -> _Node:
        same_seat = state.kind is DECISION and state.actors[0] == parent.actor
        return _Node(state, self.knowledge, self.rng, move if same_seat else None)

    def _select_decision(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.exploration
        best, best_score = None, -1.0
        flip = node.actor == 1
        for child in node.children.values():
            mean = child.total / child.visits
            score = (1.0 - mean if flip else mean) + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best  # type: ignore[return-value]

    def _strategy(self, node: _Node, seat: int) -> list[float]:
        regrets = node.regrets[seat]
        positive = [r if r > 0.0 else 0.0 for r in regrets]
        total = sum(positive)
        n = len(regrets)
        if total <= 0.0:
            return [1.0 / n] * n
        g = self.gamma
        return [g / n + (1.0 - g) * p / total for p in positive]

    def _sample_regret(self, node: _Node, seat: int) -> tuple[int, float]:
        strategy = self._strategy(node, seat)
        average = node.average[seat]
        for k, p in enumerate(strategy):
            average[k] += p
        x, running = self.rng.random(), 0.0
        for k, p in enumerate(strategy):
            running += p
            if x < running:
                return k, p
        return len(strategy) - 1, strategy[-1]

    def _modelled(self, node: _Node, opponent: OpponentModel, i: int, pi: float, j: int,
                  pj: float) -> tuple[int, float, int, float]:
        """The sampled pair with the modelled seat's choice drawn from its model instead, at
        the model's share of visits once the node has enough (its regrets then learn
        nothing from the visit: the choice was not theirs)."""
        if node.visits < opponent.after or self.rng.random() >= opponent.follow:
            return i, pi, j, pj
        cumulative = node.model
        if cumulative is None:
            seat = opponent.seat
            odds = opponent.policy(node.state, seat)
            running, cumulative = 0.0, []
            for move in node.moves[seat]:
                running += odds.get(move, 0.0)
                cumulative.append(running)
            node.model = cumulative
        k = min(bisect.bisect_right(cumulative, self.rng.random() * cumulative[-1]),
                len(cumulative) - 1)
        return (k, 0.0, j, pj) if opponent.seat == 0 else (i, pi, k, 0.0)

    def _update_regrets(self, node: _Node, sampled: tuple[int, float, int, float],
                        value: float) -> None:
        i, pi, j, pj = sampled
        for seat, chosen, p, reward in ((0, i, pi, value), (1, j, pj, 1.0 - value)):
            if p == 0.0:  # drawn from the opponent model
                continue
            regrets = node.regrets[seat]
            for k in range(len(regrets)):
                regrets[k] -= reward
            regrets[chosen] += reward / p

    def _leaf_value(self, state: State) -> float:
        return self.knowledge.playout_value(state, self.rng)

    # ---- findings -----------------------------------------------------------------------------
    def decision_stats(self) -> dict[Move, tuple[int, float]]:
        """At a decision root: each tried move's visits and mean value for the seat to move."""
        node = self.root
        flip = node.actor == 1
        stats = {}
        for move, child in node.children.items():
            mean = child.total / child.visits
            stats[move] = (child.visits, 1.0 - mean if flip else mean)
        return stats

    def joint_stats(self) -> tuple[Sequence[Move], Sequence[Move],
                                   dict[tuple[int, int], tuple[int, float]]]:
        """At a simultaneous root: both seats' moves, and per visited pair of move indices its
        visits and seat 0's mean value."""
        node = self.root
        stats = {pair: (child.visits, child.total / child.visits)
                 for pair, child in node.children.items() if child.visits}
        return node.moves[0], node.moves[1], stats

    def mixed_strategy(self, seat: int) -> dict[Move, float]:
        """At a simultaneous root: this seat's average regret-matching strategy."""
        node = self.root
        average = node.average[seat]
        total = sum(average) or 1.0
        return {move: weight / total for move, weight in zip(node.moves[seat], average)}
