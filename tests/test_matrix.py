"""Secret turns as matrix games: the solver finds equilibria, and a bot's mix at a secret turn
is an equilibrium of its own matrix (so predicting it gains nothing)."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.bots import Bot, Budget, Level, knowledge_for
from game.bots.matrix import exploitability, payoff_matrix, solve
from game.registry import get_game
from tests.support import examples


def test_matching_pennies_and_rock_paper_scissors():
    rows, cols, value = solve([[1.0, 0.0], [0.0, 1.0]])
    assert rows == [0.5, 0.5] and cols == [0.5, 0.5] and value == 0.5
    rows, _, value = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert all(abs(p - 1 / 3) < 1e-6 for p in rows) and abs(value) < 1e-9


def test_a_dominated_choice_is_never_played():
    rows, cols, value = solve([[0.9, 0.8], [0.2, 0.1]])
    assert rows[1] < 1e-6 and cols[0] < 1e-6 and abs(value - 0.8) < 1e-6


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 2**31))
def test_the_solution_is_near_an_equilibrium_of_any_matrix(n, m, seed):
    rng = random.Random(seed)
    payoff = [[rng.random() for _ in range(m)] for _ in range(n)]
    rows, cols, value = solve(payoff, iterations=1000)
    assert abs(sum(rows) - 1) < 1e-9 and abs(sum(cols) - 1) < 1e-9
    best_row = max(sum(q * payoff[i][j] for j, q in enumerate(cols)) for i in range(n))
    best_col = min(sum(p * payoff[i][j] for i, p in enumerate(rows)) for j in range(m))
    assert best_row - best_col < 0.01  # neither side gains more than 1% by deviating
    assert best_col - 1e-9 <= value <= best_row + 1e-9


def test_exploitability_is_zero_at_equilibrium_and_positive_for_a_pure_choice():
    pennies = [[1.0, 0.0], [0.0, 1.0]]
    assert abs(exploitability(pennies, [0.5, 0.5])) < 1e-3
    assert abs(exploitability(pennies, [1.0, 0.0]) - 0.5) < 1e-3


def test_the_payoff_matrix_is_from_the_choosing_seats_side():
    state = get_game("pulling_strings").new_game()
    moves = state.legal_moves(0)[:3]
    value = lambda after: 0.25  # noqa: E731 - seat 0's value, whatever the pulls
    assert payoff_matrix(state, 0, moves, moves, value)[0] == [0.25] * 3
    assert payoff_matrix(state, 1, moves, moves, value)[0] == [0.75] * 3


@settings(max_examples=examples(5), deadline=None)
@given(st.integers(0, 1000))
def test_a_bots_secret_choice_is_hard_to_exploit_on_its_own_matrix(seed):
    """The bot's mix, against a best reply on the bot's own evaluation, loses little."""
    state = get_game("pulling_strings").new_game()
    rng = random.Random(seed)
    for _ in range(rng.randrange(6)):
        state = state.apply_joint(rng.choice(state.legal_moves(0)),
                                  rng.choice(state.legal_moves(1))).state
        if state.is_terminal:
            return
    knowledge = knowledge_for("pulling_strings")
    bot = Bot(knowledge, Level("medium", Budget(200, 5.0)), seed)
    mix = bot.strategy(state.observe(0), 0)
    moves = state.legal_moves(0)
    payoff = payoff_matrix(state, 0, moves, state.legal_moves(1), knowledge.value)
    uniform = [1 / len(moves)] * len(moves)
    assert exploitability(payoff, [mix.get(m, 0.0) for m in moves]) \
        <= exploitability(payoff, uniform) + 1e-9
