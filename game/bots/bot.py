"""A bot: the search, sized by a level, answering `choose(observation, seat)` like any player."""
from __future__ import annotations

import dataclasses
import math
import random
from typing import Any, Callable, Collection, Mapping, Sequence

from game.bots.exact import DepthSearch
from game.bots.knowledge import Knowledge
from game.bots.levels import Budget, Level
from game.bots.matrix import solve
from game.bots.reading import Reader, safe_response
from game.bots.search import OpponentModel, Search
from game.core import History, Move, NodeKind, State


@dataclasses.dataclass(frozen=True)
class RootValue:
    """The search's figure for one choice at the root: the chooser's mean result (what the bot
    chose by, after any price its knowledge puts on the move), the visits behind it, and at a
    secret turn the choice's share of the bot's mix."""

    value: float
    visits: int
    share: float = 0.0


class Bot:
    """A computer player of one game at one level; it sees only its own observation."""

    def __init__(self, knowledge: Knowledge[State], level: Level, seed: int | None = None) -> None:
        self.knowledge = knowledge
        self.level = level
        knowledge.adopt(level.traits)
        self.rng = random.Random(seed)
        self.reusable: Search | None = None  # the last search, below the move it chose
        self.last_iterations = 0
        self.reader = Reader(knowledge.reading_value) if knowledge.reading > 0 else None
        self.last_reading = 0.0  # how far the last secret choice followed the opponent model
        self.keep_values = False  # True: each choice keeps `root_values` (a hint asks for them)
        self.root_values: dict[Move, RootValue] = {}  # the last searched choice's root figures

    def choose(self, observation: State, seat: int, history: History[State] = (),
               should_stop: Callable[[], bool] | None = None,
               exclude: Collection[Move] = ()) -> Move:
        """The move to make for `seat`, from its observation and the public history (at a
        decision, never one of `exclude`, unless nothing else is legal)."""
        legal = observation.legal_moves(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no move to make here")
        self.knowledge.root_seat = seat  # whose draw its contempt weighs
        self.root_values = {}
        reused, self.reusable = self.reusable, None
        allowed = [m for m in legal if m not in exclude] if exclude else list(legal)
        if not allowed or observation.kind is NodeKind.SIMULTANEOUS:
            allowed = list(legal)
        if len(allowed) == 1:
            return allowed[0]
        ruled = self.knowledge.rule_move(observation, seat, self.rng)
        if ruled is not None and ruled in allowed:
            self.last_iterations = 0
            return ruled
        worlds = self.knowledge.worlds(observation, seat, history)
        found = reused.find(worlds[0][1]) if reused is not None and len(worlds) == 1 else None
        if found is not None:
            searches = [self._top_up(found, should_stop)]
        else:
            searches = self._search(worlds, seat, should_stop, history)
        if observation.kind is NodeKind.SIMULTANEOUS:
            mixed = self._mixed(worlds, searches, seat, legal, history)
            return self.rng.choices(list(mixed), list(mixed.values()))[0]
        return self._decision(worlds, searches, seat, allowed, history)

    def strategy(self, observation: State, seat: int, history: History[State] = (),
                 should_stop: Callable[[], bool] | None = None) -> dict[Move, float]:
        """At a simultaneous turn: the distribution `choose` would sample `seat`'s move from."""
        legal = observation.legal_moves(seat)
        self.knowledge.root_seat = seat
        if observation.kind is not NodeKind.SIMULTANEOUS or len(legal) <= 1:
            return {legal[0]: 1.0} if len(legal) == 1 else {}
        self.reusable = None
        worlds = self.knowledge.worlds(observation, seat, history)
        searches = self._search(worlds, seat, should_stop, history)
        return self._mixed(worlds, searches, seat, legal, history)

    def _top_up(self, search: Search, should_stop: Callable[[], bool] | None) -> Search:
        """Carry on a search kept from the last decision until its root has the full budget."""
        budget = self.level.budget
        wanted = max(budget.iterations // 10, budget.iterations - search.root.visits)
        search.run(budget.times(wanted, budget.seconds), should_stop)
        self.last_iterations = search.iterations
        return search

    def _opponent(self, seat: int, history: History[State]) -> OpponentModel | None:
        """How the search expects the opponent to choose at secret turns: by the reading's
        model, as far as the reading is believed (None for a level that does not read)."""
        if self.reader is None or not self.knowledge.model_in_tree:
            return None
        follow = self.knowledge.reading * self.reader.confidence(history, 1 - seat)
        return OpponentModel(1 - seat, follow, self.reader.policy)

    def _search(self, worlds: list[tuple[float, State]], seat: int,
                should_stop: Callable[[], bool] | None,
                history: History[State] = ()) -> list[Any]:
        budget = self.level.budget
        if len(worlds) > 1 and self.knowledge.shares_tree(worlds):
            shared = DepthSearch(worlds[0][1], self.knowledge, self.rng, worlds=worlds, seat=seat)
            shared.run(budget, should_stop)
            self.last_iterations = shared.iterations
            return shared.views()
        searches = []
        opponent = self._opponent(seat, history)
        for weight, world in worlds:
            share = budget.times(max(1, round(budget.iterations * weight)), budget.seconds * weight)
            search: Search | DepthSearch
            if self.knowledge.searches_all(world):
                search = DepthSearch(world, self.knowledge, self.rng, self.level.exploration,
                                     seat=seat)
            else:
                search = Search(world, self.knowledge, self.rng, self.level.exploration,
                                opponent=opponent)
            searches.append(search.run(share, should_stop))
        self.last_iterations = sum(s.iterations for s in searches)
        return searches

    def _decision(self, worlds: list[tuple[float, State]], searches: list[Search], seat: int,
                  legal: Sequence[Move], history: History[State]) -> Move:
        if len(searches) == 1 and not self.knowledge.weighs_moves and searches[0].counts_visits:
            stats = searches[0].decision_stats()
            if self.keep_values:
                self.root_values = self._search_values(searches[0], stats, legal)
            scores = {move: visits for move, (visits, _) in stats.items() if move in legal}
            if not scores:  # every move searched was excluded: the rest, alike
                scores = {move: 1 for move in legal}
            move = self._pick(scores, as_counts=True)
            self.reusable = searches[0].subtree(move)  # the next decision may start from it
            return move
        # Several possible worlds: the move with the best value averaged over them (a visit
        # count would favour a move that is best in one likely world and ruinous in the rest).
        values: dict[Move, float] = {}
        for (weight, _), search in zip(worlds, searches):
            stats = search.decision_stats()
            fallback = search.root.total / max(1, search.root.visits)
            fallback = fallback if seat == 0 else 1.0 - fallback
            for move in legal:
                values[move] = values.get(move, 0.0) + weight * stats.get(move, (0, fallback))[1]
        sure = set()  # moves the knowledge prefers to any as good (an ending: its points are sure)
        for move in list(values):
            doubt = self.knowledge.doubt(move, worlds, seat, history)
            if doubt is None and len(values) > 1:
                del values[move]
            else:
                values[move] -= doubt or 0.0
                if (doubt or 0.0) < 0.0:
                    sure.add(move)
        if self.keep_values:
            self.root_values = self._world_values(worlds, searches, values)
        best = max(values, key=values.__getitem__)
        if best in sure:  # even a level that picks loosely takes a sure thing at the top
            return best
        return self._pick(values, as_counts=False)

    @staticmethod
    def _search_values(search: Search, stats: Mapping[Move, tuple[int, float]],
                       legal: Sequence[Move]) -> dict[Move, RootValue]:
        """The root figures of one Monte Carlo search: each move's mean for the seat to move,
        where the search blends all-moves-as-first values into its means (RAVE) the blend its
        own selection rates the move by, and the visits."""
        root = search.root
        blended: dict[Move, float] = {}
        if search.rave > 0.0 and hasattr(root, "options"):
            flip = root.actor == 1
            for k, move in enumerate(root.options):
                child, seen = root.slots[k], root.amaf_seen[k]
                if child is None or not child.visits:
                    continue
                mean = child.total / child.visits
                if seen:
                    amaf = root.amaf_won[k] / seen
                    mean += math.sqrt(search.rave / (3.0 * child.visits + search.rave)) \
                        * (amaf - mean)
                blended[move] = 1.0 - mean if flip else mean
        return {move: RootValue(blended.get(move, value), visits)
                for move, (visits, value) in stats.items() if move in legal}

    @staticmethod
    def _world_values(worlds: list[tuple[float, State]], searches: list[Search],
                      values: Mapping[Move, float]) -> dict[Move, RootValue]:
        """The figures the bot chose by over several worlds: each move's weighed value (its
        price taken off) and the visits behind it, summed over the worlds (none for a search of
        every line, whose values are exact to its depth)."""
        visits: dict[Move, int] = {}
        for search in (s for s in searches if s.counts_visits):
            for move, (count, _) in search.decision_stats().items():
                visits[move] = visits.get(move, 0) + count
        return {move: RootValue(min(1.0, max(0.0, value)), visits.get(move, 0))
                for move, value in values.items()}

    def _pick(self, scores: Mapping[Move, float], as_counts: bool) -> Move:
        temperature = self.level.temperature
        if temperature <= 0.0 or len(scores) == 1:
            return max(scores, key=scores.__getitem__)
        moves = list(scores)
        if as_counts:
            weights = [scores[m] ** (1.0 / temperature) for m in moves]
        else:
            top = max(scores.values())
            weights = [math.exp((scores[m] - top) * 25.0 / temperature) for m in moves]
        return self.rng.choices(moves, weights)[0]

    def _mixed(self, worlds: list[tuple[float, State]], searches: list[Search], seat: int,
               legal: Sequence[Move], history: History[State] = ()) -> dict[Move, float]:
        """The mixed strategy for a secret choice: the matrix of own choices by replies, each
        cell the search's mean there shrunk toward the evaluation (by `prior_visits`), averaged
        over the worlds and solved to an equilibrium, which a player who predicts the mix
        cannot punish; or, for a level that reads its opponent, the safe response to the model
        of how this opponent has been choosing. Easy mixes it with a uniform choice, by its
        temperature, as any level does by its knowledge's `secret_mix` where that is more."""
        payoff: list[list[float]] | None = None
        for (weight, world), search in zip(worlds, searches):
            moves, stats = self._cells(world, search)
            rows, cols = moves[seat], moves[1 - seat]
            if payoff is None:
                payoff = [[0.0] * len(cols) for _ in rows]
                own = rows
            for i in range(len(rows)):
                for j in range(len(cols)):
                    v = stats[(i, j) if seat == 0 else (j, i)]
                    payoff[i][j] += weight * (v if seat == 0 else 1.0 - v)
        for i, move in enumerate(own):  # what a choice gives away, beyond its cells' values
            cost = self.knowledge.secret_cost(worlds[0][1], seat, move, history)
            payoff[i] = [v - cost for v in payoff[i]]  # type: ignore[index]
        strategy = self._respond(payoff, worlds, seat, cols, history)  # type: ignore[arg-type]
        mix = self.knowledge.secret_mix(worlds[0][1], seat, history)
        blend = min(1.0, max(self.level.temperature, mix))
        strategy = [(1.0 - blend) * p + blend / len(strategy) for p in strategy]
        floor = 0.0 if blend > 0 else 0.02  # drop what only the solver's noise keeps
        kept = {m: p for m, p in zip(own, strategy) if p >= floor and m in legal}
        total = sum(kept.values())
        mixed = {m: p / total for m, p in kept.items()}
        if self.keep_values and payoff is not None:
            self.root_values = self._secret_values(payoff, own, searches, seat, mixed)
        return mixed

    @staticmethod
    def _secret_values(payoff: list[list[float]], own: Sequence[Move], searches: list[Search],
                       seat: int, mixed: Mapping[Move, float]) -> dict[Move, RootValue]:
        """At a secret turn, each of the seat's choices: its row of the bot's matrix against
        the other seat's equilibrium answer (every choice of the bot's equilibrium mix is
        worth the same there, the rest less), its visits summed over the other's replies, and
        its share of the mix the bot played."""
        answer = solve(payoff)[1]
        visits = [0] * len(own)
        for search in (s for s in searches[:1] if s.counts_visits):
            _, _, stats = search.joint_stats()
            for pair, (count, _) in stats.items():
                visits[pair[0] if seat == 0 else pair[1]] += count
        return {move: RootValue(min(1.0, max(0.0, sum(q * v for q, v in zip(answer, row)))),
                                visits[i], mixed.get(move, 0.0))
                for i, (move, row) in enumerate(zip(own, payoff))}

    def _respond(self, payoff: list[list[float]], worlds: Sequence[tuple[float, State]],
                 seat: int, replies: Sequence[Move], history: History[State]) -> list[float]:
        """The equilibrium of `payoff`, or the safe response to the opponent model."""
        if self.reader is None:
            self.last_reading = 0.0
            return solve(payoff)[0]
        model = self.reader.model(worlds[0][1], 1 - seat)
        followed = self.knowledge.reading * self.reader.confidence(history, 1 - seat)
        self.last_reading = followed
        return safe_response(payoff, [model.get(m, 0.0) for m in replies], followed)

    def _cells(self, world: State, search: Search,
               ) -> tuple[tuple[Sequence[Move], Sequence[Move]], dict[tuple[int, int], float]]:
        """Both seats' moves at a simultaneous root, and seat 0's value of every pair."""
        moves0, moves1, stats = search.joint_stats()
        prior_visits = self.knowledge.prior_visits
        value = self.knowledge.value
        cells = {}
        for i, a in enumerate(moves0):
            for j, b in enumerate(moves1):
                prior = value(world.apply_joint(a, b).state)
                visits, mean = stats.get((i, j), (0, 0.0))
                cells[(i, j)] = (visits * mean + prior_visits * prior) / (visits + prior_visits)
        return (moves0, moves1), cells
