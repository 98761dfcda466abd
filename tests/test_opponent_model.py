"""The search's model of the opponent at secret turns below the root (a restricted Nash
response): the modelled seat chooses by the model at its share of visits, the other seat learns
to answer that, and with no share or before enough visits the search is as it was."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, Level
from game.bots.games import knowledge_for
from game.bots.history import History
from game.bots.knowledge import Knowledge
from game.bots.levels import Budget
from game.bots.search import OpponentModel, Search
from game.core import NodeKind
from game.match import Match
from tests.support import examples
from tests.test_bots import HEADS, TAILS, LopsidedPennies


def _always(move):
    """A policy that always expects `move`."""
    return lambda state, seat: {move: 1.0}


@pytest.mark.parametrize("follow", [1.0, 0.5])
def test_a_seat_answers_the_model_where_the_opponent_must_follow_it(follow):
    # Lopsided pennies: HH wins for Eks, TT draws, else Oh wins; the equilibrium shows heads a
    # third of the time. An Oh who shows heads at least half the time (and otherwise at will)
    # is best met by heads always: against the free half showing tails, Eks still wins a half.
    model = OpponentModel(1, follow, _always(HEADS), after=0)
    search = Search(LopsidedPennies(), Knowledge(), random.Random(3), opponent=model)
    search.run(Budget(20000, 60))
    assert search.mixed_strategy(0)[HEADS] > 0.9
    if follow < 1.0:  # the free half learns to show tails, its best against that
        assert search.mixed_strategy(1)[TAILS] > 0.9


def test_with_no_share_the_search_keeps_its_equilibrium():
    model = OpponentModel(1, 0.0, _always(HEADS), after=0)
    search = Search(LopsidedPennies(), Knowledge(), random.Random(3), opponent=model)
    search.run(Budget(20000, 60))
    assert search.mixed_strategy(0)[HEADS] == pytest.approx(1 / 3, abs=0.07)


def _pulling_strings_position(seed: int, turns: int):
    rng = random.Random(seed)
    state = Match("pulling_strings", {"turn_limit": 60}, seed).state
    for _ in range(turns):
        if state.is_terminal:
            break
        state = state.apply_joint(rng.choice(state.legal_moves(0)),
                                  rng.choice(state.legal_moves(1))).state
    return state


def _nodes(node):
    yield node
    for child in node.children.values():
        yield from _nodes(child)


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.integers(0, 1), st.integers(1, 4))
def test_a_seat_that_must_follow_the_model_chooses_only_what_it_allows(seed, turns, seat, size):
    state = _pulling_strings_position(seed, turns)
    if state.kind is not NodeKind.SIMULTANEOUS:
        return
    asked = []

    def policy(at, who):
        asked.append(at)
        moves = sorted(at.legal_moves(who), key=str)
        return {move: 1.0 / size for move in random.Random(str(at)).sample(moves, size)}

    model = OpponentModel(seat, 1.0, policy, after=0)
    search = Search(state, knowledge_for("pulling_strings"), random.Random(seed), opponent=model)
    search.run(Budget(400, 60))
    modelled = [node for node in _nodes(search.root) if getattr(node, "model", None)]
    assert len(asked) == len(modelled)  # each node works its model out once
    for node in _nodes(search.root):
        if node.kind is not NodeKind.SIMULTANEOUS or not node.children:
            continue
        allowed = policy(node.state, seat)
        for pair in node.children:
            assert node.moves[seat][pair[seat]] in allowed


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_before_enough_visits_the_model_changes_nothing(seed, turns):
    state = _pulling_strings_position(seed, turns)
    if state.kind is not NodeKind.SIMULTANEOUS:
        return
    knowledge = knowledge_for("pulling_strings")
    never = OpponentModel(1, 1.0, _always(None), after=10**9)
    plain = Search(state, knowledge, random.Random(seed)).run(Budget(300, 60))
    modelled = Search(state, knowledge, random.Random(seed), opponent=never).run(Budget(300, 60))
    assert plain.joint_stats() == modelled.joint_stats()


def test_a_reading_bot_expects_its_model_as_far_as_it_believes_it():
    knowledge = knowledge_for("pulling_strings")
    level = Level("test", Budget(50, 60), traits=(("reading", 0.8), ("model_in_tree", 1.0)))
    bot = Bot(knowledge, level, seed=1)
    match, history = Match("pulling_strings", {"turn_limit": 60}, 4), History()
    rng = random.Random(4)
    for _ in range(8):
        for seat in (0, 1):
            before = match.state
            move = rng.choice(before.legal_moves(seat))
            match.play(move, seat)
            history.add(before, seat, move)
    model = bot._opponent(0, history.entries)
    assert model is not None and model.seat == 1
    assert model.follow == pytest.approx(0.8 * bot.reader.confidence(history.entries, 1))
    plain = Bot(knowledge_for("pulling_strings"), Level("test", Budget(50, 60),
                                                        traits=(("reading", 0.8),)), seed=1)
    assert plain._opponent(0, history.entries) is None
