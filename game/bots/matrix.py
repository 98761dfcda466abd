"""Secret turns as matrix games: each pair of choices scored, the matrix solved to an equilibrium.

At a simultaneous turn a bot may build the matrix of its candidate choices by the other seat's
replies, score each cell with the game's evaluation (or a shallower matrix game below it), and
play the equilibrium's mixed strategy. An equilibrium strategy cannot be read and punished: a
player who predicts it and best-responds gains nothing over the game's value.

    payoff = [[1.0, 0.0], [0.0, 1.0]]          # row's value in each cell
    rows, cols, value = solve(payoff)           # rows == cols == [0.5, 0.5], value 0.5
"""
from __future__ import annotations

import operator
from typing import Callable, Sequence

from game.core import Move, State

SOLVE_ITERATIONS = 400


def solve(payoff: Sequence[Sequence[float]], iterations: int = SOLVE_ITERATIONS,
          ) -> tuple[list[float], list[float], float]:
    """An approximate equilibrium of a zero-sum matrix game whose row player maximises:
    (row strategy, column strategy, the row's value). Regret matching+ with alternating
    updates and linearly weighted averages, which converges quickly on small games."""
    n, m = len(payoff), len(payoff[0])
    columns = [list(col) for col in zip(*payoff)]
    row_regret, col_regret = [0.0] * n, [0.0] * m
    row_sum, col_sum = [0.0] * n, [0.0] * m
    x, y = [1.0 / n] * n, [1.0 / m] * m
    mul = operator.mul
    for t in range(1, iterations + 1):
        # Row player's turn: regret against the current column strategy.
        utilities = [sum(map(mul, row, y)) for row in payoff]
        expected = sum(map(mul, utilities, x))
        row_regret = [max(0.0, r + u - expected) for r, u in zip(row_regret, utilities)]
        x = _normalised(row_regret, n)
        for i in range(n):
            row_sum[i] += t * x[i]
        # Column player's turn (minimises the row's value).
        utilities = [-sum(map(mul, col, x)) for col in columns]
        expected = sum(map(mul, utilities, y))
        col_regret = [max(0.0, r + u - expected) for r, u in zip(col_regret, utilities)]
        y = _normalised(col_regret, m)
        for j in range(m):
            col_sum[j] += t * y[j]
    rows, cols = _normalised(row_sum, n), _normalised(col_sum, m)
    value = sum(p * sum(map(mul, row, cols)) for p, row in zip(rows, payoff))
    return rows, cols, value


def game_value(payoff: Sequence[Sequence[float]]) -> float:
    """The row player's value of a zero-sum matrix game: exact when either side has at most
    two choices and the other two or one (a pure saddle, or the 2x2 mixed formula), else
    `solve`'s approximation."""
    n, m = len(payoff), len(payoff[0])
    if n == 1:
        return min(payoff[0])
    if m == 1:
        return max(row[0] for row in payoff)
    if n == 2 and m == 2:
        (a, b), (c, d) = payoff
        lower = max(min(a, b), min(c, d))  # the row's best guarantee in pure strategies
        upper = min(max(a, c), max(b, d))  # the column's
        if lower >= upper:
            return lower
        return (a * d - b * c) / (a + d - b - c)
    return solve(payoff)[2]


def strategies(payoff: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """Both players' equilibrium strategies (row maximising): exact for a 2x2 game or one with
    a single row or column, else `solve`'s approximation."""
    n, m = len(payoff), len(payoff[0])
    if n == 1 or m == 1:
        if n == 1:
            j = min(range(m), key=lambda k: payoff[0][k])
            return [1.0], [1.0 if k == j else 0.0 for k in range(m)]
        i = max(range(n), key=lambda k: payoff[k][0])
        return [1.0 if k == i else 0.0 for k in range(n)], [1.0]
    if n == 2 and m == 2:
        (a, b), (c, d) = payoff
        lower = max(min(a, b), min(c, d))
        upper = min(max(a, c), max(b, d))
        if lower >= upper:
            i = 0 if min(a, b) >= min(c, d) else 1
            j = 0 if max(a, c) <= max(b, d) else 1
            return [1.0 - i, float(i)], [1.0 - j, float(j)]
        den = a - b - c + d
        p, q = (d - c) / den, (d - b) / den
        return [p, 1.0 - p], [q, 1.0 - q]
    rows, cols, _ = solve(payoff)
    return rows, cols


def _normalised(weights: Sequence[float], n: int) -> list[float]:
    total = sum(weights)
    if total <= 0.0:
        return [1.0 / n] * n
    return [w / total for w in weights]


def exploitability(payoff: Sequence[Sequence[float]], rows: Sequence[float]) -> float:
    """How much a column player who knows `rows` can take below the game's value (0 for an
    equilibrium): the value of `rows` against its best reply, less the game's value."""
    guaranteed = min(sum(p * payoff[i][j] for i, p in enumerate(rows))
                     for j in range(len(payoff[0])))
    return solve(payoff, iterations=2000)[2] - guaranteed


def payoff_matrix(state: State, seat: int, rows: Sequence[Move], columns: Sequence[Move],
                  value: Callable[[State], float]) -> list[list[float]]:
    """`seat`'s value of each (own choice, reply) pair at a simultaneous state, by `value`
    (a function of the state after both choices, giving seat 0's value)."""
    matrix = []
    for mine in rows:
        line = []
        for theirs in columns:
            pair = (mine, theirs) if seat == 0 else (theirs, mine)
            v = value(state.apply_joint(*pair).state)
            line.append(v if seat == 0 else 1.0 - v)
        matrix.append(line)
    return matrix
