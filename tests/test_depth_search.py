"""The depth-limited search of every line (Moriarty's bots): exact small matrix games, values
that agree with a plain minimax written out here, deepening within the budget, and a bot that
takes a won ending."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.bots import Budget, knowledge_for, make_bot
from game.bots.exact import DepthSearch
from game.bots.matrix import game_value, solve
from game.core import NodeKind
from game.match import Match, RandomPlayer
from game.rules import moriarty

unit = st.floats(0.0, 1.0, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(unit, min_size=2, max_size=2), min_size=2, max_size=2))
def test_a_two_by_two_game_is_valued_exactly(payoff):
    value = game_value(payoff)
    # The value is what the row can guarantee with some mix, and what the column can hold it to.
    mixes = [k / 400 for k in range(401)]
    row_best = max(min(p * payoff[0][j] + (1 - p) * payoff[1][j] for j in (0, 1)) for p in mixes)
    col_best = min(max(q * payoff[i][0] + (1 - q) * payoff[i][1] for i in (0, 1)) for q in mixes)
    assert row_best - 1e-3 <= value <= col_best + 1e-3


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**31))
def test_any_small_game_is_valued_as_the_solver_values_it(n, m, seed):
    rng = random.Random(seed)
    payoff = [[rng.random() for _ in range(m)] for _ in range(n)]
    assert abs(game_value(payoff) - solve(payoff, iterations=3000)[2]) < 0.01


def _moriarty_position(seed: int, rounds: int) -> moriarty.MoriartyState:
    """A game of Moriarty played at random past its setup for `rounds` rounds."""
    match, player = Match("moriarty", {"games": 1}, seed), RandomPlayer(seed)
    while match.state.phase != moriarty.PIVOT or match.state.rounds < rounds:
        state = match.state
        for seat in state.awaiting:
            moves = [m for m in state.legal_moves(seat)
                     if not isinstance(m, (moriarty.Declare, moriarty.EndGame))]
            match.play(player.rng.choice(moves), seat)
    return match.state


def _minimax(knowledge, state, depth: int) -> float:
    """The same search written plainly: forced moves free, secret turns as matrix games."""
    if state.kind is NodeKind.TERMINAL:
        return knowledge.value(state)
    if state.kind is NodeKind.SIMULTANEOUS:
        if depth == 0:
            return knowledge.leaf_value(state)
        rows = knowledge.candidate_moves(state, 0, None)
        cols = knowledge.candidate_moves(state, 1, None)
        return game_value([[_minimax(knowledge, state.apply_joint(a, b).state, depth - 1)
                            for b in cols] for a in rows])
    actor = state.actors[0]
    moves = knowledge.candidate_moves(state, actor, None)
    if len(moves) == 1:
        return _minimax(knowledge, state.apply(moves[0]).state, depth)
    if depth == 0:
        return knowledge.leaf_value(state)
    values = [_minimax(knowledge, state.apply(m).state, depth - 1) for m in moves]
    return max(values) if actor == 0 else min(values)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 4), st.integers(1, 4))
def test_every_move_is_valued_as_a_plain_minimax_values_it(seed, rounds, plies):
    knowledge = knowledge_for("moriarty")
    knowledge.search_plies = plies
    state = _moriarty_position(seed, rounds)
    search = DepthSearch(state, knowledge, random.Random(0)).run(Budget(1, 60.0))
    assert search.depth == plies
    mover = state.actors[0]
    for move, (_, value) in search.decision_stats().items():
        expected = _minimax(knowledge, state.apply(move).state, plies - 1)
        assert abs(value - (expected if mover == 0 else 1.0 - expected)) < 1e-9, move


def test_a_secret_turn_reports_every_pair_of_choices():
    knowledge = knowledge_for("moriarty")
    knowledge.search_plies = 2
    state = _moriarty_position(3, 2)
    while state.phase != moriarty.DIRECTION:
        state = state.apply(state.legal_moves(state.actors[0])[0]).state
    rows, cols, stats = DepthSearch(state, knowledge, random.Random(0)).run(
        Budget(1, 60.0)).joint_stats()
    assert set(stats) == {(i, j) for i in range(len(rows)) for j in range(len(cols))}
    for (i, j), (_, value) in stats.items():
        after = state.apply_joint(rows[i], cols[j]).state
        assert abs(value - _minimax(knowledge, after, 1)) < 1e-9


def test_a_stop_keeps_the_deepest_finished_search():
    knowledge = knowledge_for("moriarty")
    knowledge.search_plies = 12  # far more than the clock allows
    state = _moriarty_position(4, 1)
    search = DepthSearch(state, knowledge, random.Random(0))
    search.run(Budget(1, 60.0), should_stop=lambda: True)
    assert search.depth >= 1 and set(search.decision_stats()) == set(state.legal_moves(
        state.actors[0]))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_a_bot_ahead_in_the_last_game_ends_it(seed):
    state = _moriarty_position(seed, 2)
    rows = list(state.rows)
    rows[0] = 9 if state.south == 1 else 0  # a token home for seat 0: the game may end
    state = state._evolve(rows=tuple(rows), edge=0, totals=(0, 0))
    if state.board_points(0) <= state.board_points(1):  # seat 0 must be ahead
        state = state._evolve(totals=(state.board_points(1) - state.board_points(0) + 5, 0))
    move = make_bot("moriarty", "medium", seed=seed).choose(state.observe(0), 0, ())
    assert move == moriarty.END
