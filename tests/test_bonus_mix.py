"""Moriarty's `bonus_mix`: that share of the Bonus Colour pick is spread evenly over the colours,
and no other secret choice changes."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.rules import moriarty
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


@settings(max_examples=8, deadline=None)
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


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_mix_leaves_every_slide_as_it_was(seed):
    for observation, seat, history, _ in found(seed, moriarty.DIRECTION)[:3]:
        plain = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", 0.0)), seed)
        mixing = Bot(knowledge_for("moriarty"), quick_hard(("bonus_mix", 1.0)), seed)
        assert mixing.strategy(observation, seat, history) \
            == plain.strategy(observation, seat, history)
