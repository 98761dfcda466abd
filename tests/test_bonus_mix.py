"""Moriarty's `bonus_mix`: that share of the Bonus Colour pick is spread evenly over the colours,
and no other secret choice changes; `guessed_fair`: after the other's guess from the board, the
whole pick is."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.games.moriarty import named_by_guess
from game.rules import moriarty
from tests.support import examples
from tests.test_hybrids import positions


def quick_hard(*traits: tuple[str, float]):
    """Hard searching three plies on a fixed count of iterations, with these settings."""
    level = knowledge_for("moriarty").levels()["hard"]
    kept = tuple(t for t in level.traits if t[0] != "search_plies")
    return dataclasses.replace(level, budget=dataclasses.replace(level.budget, iterations=60,
                                                                 seconds=600.0),
                               traits=kept + (("search_plies", 3),) + traits)


def found(seed: int, phase: str):
    """The decisions of a random game at `phase`."""
    return [p for p in positions("moriarty", seed, 200) if p[3].phase == phase]


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 10**6), mix=st.sampled_from([0.0, 0.33, 0.6, 1.0]))
def test_each_colour_gets_at_least_its_share_of_the_mix(seed, mix):
    for observation, seat, history, _ in found(seed, moriarty.BONUS):
        bot = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", mix)), seed)
        strategy = bot.strategy(observation, seat, history)
        assert sum(strategy.values()) == pytest.approx(1.0)
        assert set(strategy) <= set(observation.legal_moves(seat))
        if mix > 0.0:
            assert len(strategy) == len(moriarty.COLOURS)
            assert min(strategy.values()) >= mix / len(moriarty.COLOURS) - 1e-9
        if mix == 1.0:
            assert max(strategy.values()) == pytest.approx(1.0 / len(moriarty.COLOURS))


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_mix_leaves_every_slide_as_it_was(seed):
    for observation, seat, history, _ in found(seed, moriarty.DIRECTION)[:3]:
        plain = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", 0.0)), seed)
        mixing = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", 1.0)), seed)
        assert mixing.strategy(observation, seat, history) \
            == plain.strategy(observation, seat, history)


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 10**6), rounds=st.integers(0, 6), by_other=st.booleans())
@example(seed=1, rounds=1, by_other=True)
@example(seed=1, rounds=3, by_other=True)
@example(seed=1, rounds=1, by_other=False)
def test_after_a_guess_from_the_board_every_bonus_pick_is_fair(seed, rounds, by_other):
    """Once the other named a colour within `guessed_fair` rounds of a game, the pick is an even
    draw; a later naming, or this bot's own, leaves it as it was."""
    fair_level = quick_hard(("bonus_mix", 0.0), ("guessed_fair", 2.0))
    for observation, seat, history, _ in found(seed, moriarty.BONUS)[:2]:
        namer = 1 - seat if by_other else seat
        between_rounds = observation.replace(rounds=rounds, phase=moriarty.DECLARE,
                                             pending=(None, None))
        named = tuple(history) + ((between_rounds, namer, moriarty.Declare(0)),)
        strategy = Bot(knowledge_for("moriarty"), fair_level, seed).strategy(observation, seat,
                                                                             named)
        guessed = any(s == 1 - seat and isinstance(m, moriarty.Declare) and state.rounds <= 2
                      for state, s, m in named)
        if guessed:
            assert len(strategy) == len(moriarty.COLOURS)
            assert all(p == pytest.approx(1.0 / len(moriarty.COLOURS))
                       for p in strategy.values())
        else:
            plain = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", 0.0)), seed)
            assert strategy == plain.strategy(observation, seat, named)


@settings(max_examples=examples(50), deadline=None)
@given(entries=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 1), st.booleans()),
                        max_size=6),
       namer=st.integers(0, 1), limit=st.integers(0, 4))
def test_a_guess_is_a_naming_by_that_seat_within_the_rounds(entries, namer, limit):
    start = moriarty.MoriartyState()
    history = [(start.replace(rounds=r), seat, moriarty.Declare(1) if declares else moriarty.PASS)
               for r, seat, declares in entries]
    expected = any(seat == namer and declares and r <= limit for r, seat, declares in entries)
    assert named_by_guess(history, namer, limit) == expected
