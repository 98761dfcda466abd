"""Opponents from outside the bot family, for the arena: greedy, predictor and namer.

Neither shares the bots' search. *Greedy* looks one turn ahead by a simple count of the game
(its own choices at their best, the other's averaged as a uniform guess, dice by their odds) and
takes the best. *Predictor* plays the same way, except at a secret turn: it asks a private copy
of the bot it faces (same game and level, its own seed, fed only what the predictor itself may
see) for the distribution that bot samples its choice from, and best-responds to that.
*Namer* (Moriarty) plays as greedy, but at its first chance in each game names the other's home
colour, the one with the most points on the other's side when both picked their Bonus Colours:
what a newcomer guesses a Bonus Colour to be.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.bots import make_bot
from game.bots.games.moriarty import MIN_WEIGHT
from game.bots.games.moriarty_colour import ColourReader, home_odds
from game.bots.knowledge import unseal
from game.core import Move, NodeKind, State, tuple_with
from game.rules.pulling_strings import HOMES, SIZE
from game.rules.moriarty import BONUS, SETUP, Declare, MoriartyState

if TYPE_CHECKING:
    from game.rules.pulling_strings import PullingStringsState
    from game.rules.strands import StrandsState
    from game.rules.synch import SynchState
    from game.rules.tug_of_war import TugOfWarState

WIN = 1000.0  # a finished game outweighs any count
LOOKAHEAD = 3  # plies searched at most while the count has not changed yet


def _near_home_weights(seat: int) -> tuple[float, ...]:
    weights = [0.0] * (SIZE * SIZE)
    for row, col in HOMES[seat]:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                weights[r * SIZE + c] = 0.2
    for row, col in HOMES[seat]:
        weights[row * SIZE + col] = 1.0
    return tuple(weights)


PULLING_WEIGHTS = (_near_home_weights(0), _near_home_weights(1))


def _pulling_strings(state: PullingStringsState, seat: int) -> float:
    """Pieces on own homes minus the other's, a little for pieces one step from a home."""
    mine, theirs = PULLING_WEIGHTS[seat], PULLING_WEIGHTS[1 - seat]
    return sum(n * (a - b) for n, a, b in zip(state.stacks, mine, theirs) if n)


def _moriarty(state: MoriartyState, seat: int) -> float:
    """Running totals plus what the board would score now (the other's colour unknown)."""
    totals = state.totals
    if state.phase == SETUP:
        return totals[seat] - totals[1 - seat]
    return (totals[seat] + state.board_points(seat)) \
        - (totals[1 - seat] + state.board_points(1 - seat))


def _strands(state: StrandsState, seat: int) -> float:
    """The largest group's lead; then, a little, the groups' summed squares (bigger is better)."""
    mine, theirs = state.group_sizes(seat), state.group_sizes(1 - seat)
    largest = (mine[0] if mine else 0) - (theirs[0] if theirs else 0)
    return largest + 0.001 * (sum(n * n for n in mine) - sum(n * n for n in theirs))


def _synch(state: SynchState, seat: int) -> float:
    """Symbols claimed, own minus the other's."""
    claims = state.claims
    return claims.count(seat + 1) - claims.count(2 - seat)


OWN_ATHLETE = 0.1  # Tug of War: one's own athletes, next to one pulled off the other's


def _tug_of_war(state: TugOfWarState, seat: int) -> float:
    """Athletes: the other's to pull off first, own a little. Counted alike, an exchange that
    raised a team die (more athletes) outweighed the removals it made harder, and greedy lost
    36 of 40 to random; counted so, it beats random 36 of 40."""
    athletes = state.athletes
    return OWN_ATHLETE * athletes[seat] - athletes[1 - seat]


# by game id, each taking that game's state
COUNTS: dict[str, Callable[[Any, int], float]] = {
    "pulling_strings": _pulling_strings, "moriarty": _moriarty, "strands": _strands,
    "synch": _synch, "tug_of_war": _tug_of_war,
}


def count(state: State, seat: int) -> float:
    """The simple count of `state` for `seat`; a finished game is worth +-WIN."""
    outcome = state.outcome
    if outcome is not None:  # the game is over
        winner = outcome.winner
        return 0.0 if winner is None else (WIN if winner == seat else -WIN)
    return COUNTS[state.game_id](state, seat)


def _lookahead(state: State, seat: int, before: float, depth: int, mover: int | None) -> float:
    """The count once it changes (or `depth` plies on): own choices at their best, the other's
    averaged uniformly, chance by its odds. It stops after a secret turn, and does not chain a
    seat's own decisions (`mover` made the last one): a turn ahead, not a search."""
    value = count(state, seat)
    if depth == 0 or state.is_terminal or value != before:
        return value
    kind = state.kind
    if kind is NodeKind.DECISION and state.actors[0] == mover:
        return value
    if kind is NodeKind.CHANCE:
        return sum(float(p) * _lookahead(state.apply_chance(o).state, seat, before, depth - 1,
                                         None) for o, p in state.chance_outcomes())
    if kind is NodeKind.SIMULTANEOUS:  # a secret turn is the last ply looked at
        theirs = state.legal_moves(1 - seat)
        return max(_average(state, seat, mine, {m: 1.0 / len(theirs) for m in theirs},
                            before, 0) for mine in state.legal_moves(seat))
    actor = state.actors[0]
    values = [_lookahead(state.apply(m).state, seat, before, depth - 1, actor)
              for m in state.legal_moves(actor)]
    return max(values) if actor == seat else sum(values) / len(values)


def _average(state: State, seat: int, mine: Move, theirs: dict[Move, float], before: float,
             depth: int) -> float:
    """The expected look-ahead count of playing `mine` against a distribution of replies."""
    total = 0.0
    for reply, p in theirs.items():
        pair = (mine, reply) if seat == 0 else (reply, mine)
        total += p * _lookahead(state.apply_joint(*pair).state, seat, before, depth, None)
    return total


def greedy_values(state: State, seat: int, moves: Sequence[Move]) -> dict[Move, float]:
    """Greedy's count of each of `moves` for `seat` in a full state (a sealed choice reopened):
    a turn ahead, the other's secret choice guessed uniformly."""
    before = count(state, seat)
    if state.kind is NodeKind.SIMULTANEOUS:
        theirs = state.legal_moves(1 - seat)
        guess = {m: 1.0 / len(theirs) for m in theirs}
        return {m: _average(state, seat, m, guess, before, 0) for m in moves}
    return {m: _lookahead(state.apply(m).state, seat, before, LOOKAHEAD - 1, seat)
            for m in moves}


def best_of(scores: dict[Move, float], rng: random.Random) -> Move:
    """The move with the highest score, ties broken at random."""
    top = max(scores.values())
    return rng.choice([m for m, v in scores.items() if v >= top - 1e-9])


class Greedy:
    """Looks one turn ahead against a uniform guess of the other's choice; a simple count."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: State, seat: int, history: Sequence = ()) -> Move:
        """The move with the best count a turn ahead (ties broken at random)."""
        state = unseal(observation)
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        return best_of(greedy_values(state, seat, moves), self.rng)


class Predictor(Greedy):
    """Greedy, but at a secret turn it best-responds to the bot's own predicted distribution."""

    def __init__(self, game_id: str, level: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.model = make_bot(game_id, level, None if seed is None else seed + 7919)
        self.colours = ColourReader()  # Moriarty: its belief over the bot's Bonus Colour
        self.last_prediction: dict[Move, float] = {}

    def choose(self, observation: State, seat: int, history: Sequence = ()) -> Move:
        """Greedy's move, or at a secret turn the best reply to the bot's predicted mix."""
        state = unseal(observation)
        moves = state.legal_moves(seat)
        if state.kind is not NodeKind.SIMULTANEOUS or len(moves) == 1:
            return super().choose(observation, seat, history)
        predicted = self.predict(state, seat, history)
        self.last_prediction = predicted
        before = count(state, seat)
        return best_of({m: _average(state, seat, m, predicted, before, 0)
                      for m in moves}, self.rng)

    def predict(self, state: State, seat: int, history: Sequence) -> dict[Move, float]:
        """The bot's distribution over its move here, from what `seat` may see."""
        other = 1 - seat
        mixed: dict[Move, float] = {}
        for weight, view in self._bot_views(state, seat, history):
            for move, p in self.model.strategy(view, other, history).items():
                mixed[move] = mixed.get(move, 0.0) + weight * p
        return mixed

    def _bot_views(self, state: State, seat: int, history: Sequence) -> list[tuple[float, State]]:
        """What the bot may be seeing: in Moriarty its own colour is secret to the predictor,
        so one view per colour, weighed by the predictor's belief; its own colour hidden."""
        other = 1 - seat
        if not isinstance(state, MoriartyState) or state.phase == BONUS:
            return [(1.0, state)]
        views = []
        belief = self.colours.belief(history, seat, state)
        for colour, p in enumerate(belief):
            if p >= MIN_WEIGHT:  # as the bot itself leaves out unlikely colours
                own_hidden = tuple_with(state.bonus, seat, None)
                bonus = tuple_with(own_hidden, other, colour)
                views.append((p, state.replace(bonus=bonus)))
        total = sum(p for p, _ in views)
        return [(p / total, view) for p, view in views]


class HomeNamer(Greedy):
    """Moriarty: greedy, but names the other's home colour at its first chance in each game."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.named: set[int] = set()  # games of the match it has named a colour in

    def choose(self, observation: State, seat: int, history: Sequence = ()) -> Move:
        """A declaration at the first chance in a game, else greedy's move."""
        state = unseal(observation)
        if isinstance(state, MoriartyState) and state.game_index not in self.named \
                and any(isinstance(m, Declare) for m in state.legal_moves(seat)):
            self.named.add(state.game_index)
            homes = [c for c, p in enumerate(home_odds(state, 1 - seat)) if p > 0.0]
            return Declare(self.rng.choice(homes))
        return super().choose(observation, seat, history)
