"""The depth-limited search of every line (Moriarty's bots): exact small matrix games, values
that agree with a plain minimax written out here, deepening within the budget, and a bot that
takes a won ending."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, Budget, knowledge_for
from game.bots.exact import DepthSearch
from game.bots.matrix import game_value, solve
from game.core import NodeKind
from game.match import Match, RandomPlayer
from game.rules import moriarty
from tests.support import examples

unit = st.floats(0.0, 1.0, allow_nan=False)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.lists(unit, min_size=2, max_size=2), min_size=2, max_size=2))
def test_a_two_by_two_game_is_valued_exactly(payoff):
    value = game_value(payoff)
    # The value is what the row can guarantee with some mix, and what the column can hold it to.
    mixes = [k / 400 for k in range(401)]
    row_best = max(min(p * payoff[0][j] + (1 - p) * payoff[1][j] for j in (0, 1)) for p in mixes)
    col_best = min(max(q * payoff[i][0] + (1 - q) * payoff[i][1] for i in (0, 1)) for q in mixes)
    assert row_best - 1e-3 <= value <= col_best + 1e-3


@settings(max_examples=examples(50), deadline=None)
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


@settings(max_examples=examples(12), deadline=None)
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


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_bot_ahead_in_the_last_game_ends_it(level, seed):
    """Even a level that picks loosely among near-equal moves ends a game it leads."""
    state = _moriarty_position(seed, 2)
    rows = list(state.rows)
    rows[0] = 9 if state.south == 1 else 0  # a token home for seat 0: the game may end
    state = state.replace(rows=tuple(rows), edge=0, totals=(0, 0))
    if state.board_points(0) <= state.board_points(1):  # seat 0 must be ahead
        state = state.replace(totals=(state.board_points(1) - state.board_points(0) + 5, 0))
    knowledge = knowledge_for("moriarty")
    # the level's settings (Hard's concealment and depth) on a short budget
    bot = Bot(knowledge, knowledge.levels()[level].scaled(0.2), seed)
    assert bot.choose(state.observe(0), 0, ()) == moriarty.END


def _world_searches(seed: int, rounds: int, plies: int):
    """From a generated position, the mover's colour worlds searched one by one (each as if
    the colour were known) and all at once, `plies` deep."""
    knowledge = knowledge_for("moriarty")
    knowledge.search_plies = knowledge.deepening_step = plies
    state = _moriarty_position(seed, rounds)
    seat = state.actors[0]
    worlds = knowledge.worlds(state.observe(seat), seat, ())
    alone = [DepthSearch(world, knowledge, random.Random(0)).run(Budget(1, 60.0))
             for _, world in worlds]
    shared = DepthSearch(worlds[0][1], knowledge, random.Random(0), worlds=worlds, seat=seat)
    return seat, alone, shared.run(Budget(1, 60.0)).views()


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 4))
def test_worlds_searched_at_once_value_one_round_as_searched_alone(seed, rounds):
    # In one round the mover's only choice below the root is its slide, solved in each world
    # as when searched alone; an ending at the root is scored with each world's colours.
    seat, alone, shared = _world_searches(seed, rounds, 3)
    assert len(shared) == 4
    for one, view in zip(alone, shared):
        assert one.decision_stats().keys() == view.decision_stats().keys()
        for move, (_, value) in one.decision_stats().items():
            assert abs(view.decision_stats()[move][1] - value) < 1e-9, move


@settings(max_examples=examples(4), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_worlds_searched_at_once_never_promise_more_than_knowing_the_world(seed, rounds):
    # Searched at once, the mover picks its later moves not knowing the colour, so in no world
    # may a move be worth more to it than when the colour is known (searched alone).
    seat, alone, shared = _world_searches(seed, rounds, 6)
    for one, view in zip(alone, shared):
        for move, (_, value) in one.decision_stats().items():
            assert view.decision_stats()[move][1] <= value + 1e-9, move


def test_a_move_the_mover_would_tailor_to_the_colour_is_worth_less_not_knowing_it():
    seat, alone, shared = _world_searches(1, 1, 6)
    assert any(view.decision_stats()[m][1] < v - 1e-6
               for one, view in zip(alone, shared) for m, (_, v) in one.decision_stats().items())


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.integers(0, 3), st.integers(0, 2))
def test_leaves_valued_for_all_worlds_at_once_match_each_world_valued_alone(
        seed, rounds, extra_plies, game_index):
    knowledge = knowledge_for("moriarty")
    state = _moriarty_position(seed, rounds).replace(game_index=game_index, games=3)
    rng = random.Random(seed)
    for _ in range(extra_plies):  # any phase of a round, not only its start
        if state.kind is NodeKind.SIMULTANEOUS:
            state = state.apply_joint(*(rng.choice(state.legal_moves(s)) for s in (0, 1))).state
        elif state.kind is NodeKind.DECISION:
            moves = [m for m in state.legal_moves(state.actors[0])
                     if not isinstance(m, moriarty.Declare)]
            state = state.apply(rng.choice(moves)).state
    if state.kind is NodeKind.TERMINAL:
        return
    seat = rng.randrange(2)
    worlds = [(0.25, state.replace(bonus=tuple(colour if s != seat else state.bonus[s]
                                                for s in (0, 1))))
              for colour in range(4)]
    expected = [knowledge.leaf_value(knowledge.in_world(state, world)) for _, world in worlds]
    assert knowledge.leaf_values(state, worlds) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=examples(5), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 4))
def test_a_position_reached_by_two_lines_is_valued_once(seed, rounds):
    knowledge = knowledge_for("moriarty")
    knowledge.search_plies = knowledge.deepening_step = 6
    valued = []
    plain = knowledge.leaf_value
    knowledge.leaf_value = lambda state: valued.append(state) or plain(state)
    state = _moriarty_position(seed, rounds)
    DepthSearch(state, knowledge, random.Random(0)).run(Budget(1, 60.0))
    assert valued and len(valued) == len(set(valued))
