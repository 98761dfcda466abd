"""Reading the other player at secret turns, and taking advantage of it safely.

An equilibrium mix cannot be punished, but it wins little from a player who is predictable.
Most people at a simultaneous turn choose what does best against an even guess of the other's
choice, one turn ahead (a "level-one" player). The bot models that: each of the other's
choices valued against a uniform choice of its own by the game's evaluation after the turn,
softened into probabilities and mixed with noise. From the choices revealed so far it weighs how
much better that model explains this opponent than chance does (recent turns counting most),
and plays the best mix against an opponent who follows the model at that weight (capped by the
level) and otherwise answers the mix at their best (a restricted Nash response), but never a
mix that a player who knew it could take more than a share `SAFETY` of the turn's stakes (the
spread of its matrix) below the game's value from: a player who reads the bot gains little at
any turn, whatever is at stake there.

Everything here comes from public information (revealed choices, the bot's own view), so a
copy of the bot fed the same view computes the same mix.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

from game.bots.matrix import payoff_matrix, solve
from game.core import History, Move, NodeKind, State

RATIONALITY = 100.0  # how sharply the model prefers better choices (values are 0..1 chances)
NOISE = 0.25  # the share of a player's choices the model leaves to other reasons
PRIOR = 0.3  # the prior belief that the opponent plays like the model
MEMORY = 0.9  # each older revealed turn counts this much less than the next
SAFETY = 0.1  # at most this share of the matrix's spread below its value against a best reply
RESTRICT_STEPS = 6  # halvings of the share in search of the safe one
CACHE_LIMIT = 4096  # model answers kept per bot (a game has at most a few hundred turns)

Value = Callable[[State], float]  # seat 0's value of a state


def level_one(state: State, seat: int, value: Value) -> dict[Move, float]:
    """The model's probability of each of `seat`'s choices at an open simultaneous `state`:
    a softmax of each choice's mean value against the other's choices, taken as equally
    likely, one turn on."""
    mine, theirs = state.legal_moves(seat), state.legal_moves(1 - seat)
    matrix = payoff_matrix(state, seat, mine, theirs, value)
    means = [sum(row) / len(row) for row in matrix]
    top = max(means)
    weights = [math.exp(RATIONALITY * (m - top)) for m in means]
    total = sum(weights)
    return {move: w / total for move, w in zip(mine, weights)}


class Reader:
    """A bot's reading of its opponent, with the model's answers kept for positions seen."""

    def __init__(self, value: Value) -> None:
        self.value = value
        self._cache: dict[tuple[State, int], dict[Move, float]] = {}

    def model(self, state: State, seat: int) -> dict[Move, float]:
        """`level_one` for `seat` at `state`, remembered."""
        key = (state, seat)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = level_one(state, seat, self.value)
        return found

    def policy(self, state: State, seat: int) -> dict[Move, float]:
        """`level_one` for `seat` at `state`, not remembered (for positions in a search)."""
        return level_one(state, seat, self.value)

    def confidence(self, history: History[State], opponent: int) -> float:
        """The belief that `opponent` plays like the model, from their revealed secret choices
        in `history` (entries of a state both chose in, a seat and its choice)."""
        evidence = 0.0
        for state, who, move in history:
            if who != opponent or state.kind is not NodeKind.SIMULTANEOUS:
                continue
            predicted = self.model(state, who)
            if move not in predicted:  # pragma: no cover - a revealed choice is legal
                continue
            likely = (1.0 - NOISE) * predicted[move] + NOISE / len(predicted)
            evidence = MEMORY * evidence + math.log(likely * len(predicted))
        odds = math.log(PRIOR / (1.0 - PRIOR)) + evidence
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, odds))))


def safe_response(payoff: Sequence[Sequence[float]], model: Sequence[float],
                  p: float) -> list[float]:
    """The row player's restricted Nash response: its equilibrium mix against a column player
    who follows `model` at a share `p` and chooses freely otherwise (Johanson et al. 2007),
    with the share cut until a best reply to the mix takes at most `SAFETY` times the matrix's
    spread below its value."""
    rows, _, value = solve(payoff)
    if p <= 0.0:
        return rows
    cells = [cell for line in payoff for cell in line]
    bound = SAFETY * (max(cells) - min(cells))
    expected = [sum(a * q for a, q in zip(line, model)) for line in payoff]

    def restricted(share: float) -> list[float]:
        matrix = [[share * e + (1.0 - share) * cell for cell in line]
                  for line, e in zip(payoff, expected)]
        return solve(matrix)[0]

    def exposed(mix: list[float]) -> float:
        return value - min(sum(x * payoff[i][j] for i, x in enumerate(mix))
                           for j in range(len(payoff[0])))

    first = restricted(p)
    low, high = (0.0, rows, exposed(rows)), (p, first, exposed(first))  # share, mix, exposure
    if high[2] <= bound:
        return high[1]
    for _ in range(RESTRICT_STEPS):
        share = (low[0] + high[0]) / 2.0
        mix = restricted(share)
        found = (share, mix, exposed(mix))
        if found[2] <= bound:
            low = found
        else:
            high = found
    # The frontier of gain against exposure is piecewise linear, and the restricted response
    # jumps across its flat parts: mix the two ends, as far as the bound allows (a best
    # reply's take is convex in the mix, so the blend is exposed at most as much as its ends,
    # blended alike).
    weight = (bound - low[2]) / (high[2] - low[2]) if high[2] > low[2] else 0.0
    weight = max(0.0, min(1.0, weight))
    return [(1.0 - weight) * a + weight * b for a, b in zip(low[1], high[1])]
