"""Moriarty's `home_pairs`: South places by rule, two colours wholly on each side, South's two
pairs each either side of one Pivot column; every other decision is searched as before."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.games.moriarty import paired_layouts
from game.registry import get_game
from game.rules import moriarty
from tests.support import examples
from tests.test_bonus_mix import found, quick_hard


def start(games: int = 1) -> moriarty.MoriartyState:
    """A match's first position: South about to place."""
    spec = get_game("moriarty")
    state = spec.start(spec.resolve_options({"games": games}))
    assert isinstance(state, moriarty.MoriartyState)
    return state


def sides(state: moriarty.MoriartyState, layout) -> tuple[list[int], list[int]]:
    """The colours on South's side and on North's, each in column order."""
    south = [layout[c] for c, row in enumerate(state.rows) if row <= 4]
    north = [layout[c] for c, row in enumerate(state.rows) if row > 4]
    return south, north


def is_paired(state: moriarty.MoriartyState, layout) -> bool:
    """Two colours wholly on each side; on South's, each pair flanks one Pivot column."""
    south, north = sides(state, layout)
    if sorted(layout) != [k for k in range(len(moriarty.COLOURS)) for _ in range(2)]:
        return False
    if len(set(south)) != 2 or set(south) & set(north):
        return False
    columns = [c for c, row in enumerate(state.rows) if row <= 4]
    for colour in set(south):
        first, second = (c for c, k in zip(columns, south) if k == colour)
        if (second - first) % len(layout) not in (2, len(layout) - 2):
            return False
    return True


def test_every_paired_layout_is_paired_and_each_is_listed_once():
    state = start()
    layouts = paired_layouts()
    assert len(layouts) == len(set(layouts)) == 144  # 2 ways to pair x 12 colour pairs x 6
    assert all(is_paired(state, layout) for layout in layouts)


def test_a_placing_that_mixes_colours_across_the_line_is_no_paired_layout():
    state = start()
    mixed = (0, 1, 2, 3, 0, 1, 2, 3)
    assert not is_paired(state, mixed)
    assert mixed not in paired_layouts()


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**9), games=st.sampled_from([1, 3]))
def test_hard_with_home_pairs_places_a_paired_layout_without_searching(seed, games):
    state = start(games)
    bot = Bot(knowledge_for("moriarty"), quick_hard(("home_pairs", 1.0)), seed)
    while state.phase == moriarty.SETUP:
        move = bot.choose(state, state.actors[0])
        assert move in state.legal_moves(state.actors[0])
        assert bot.last_iterations == 0  # a rule, not a search
        state = state.apply(move).state
    assert state.phase == moriarty.BONUS
    assert is_paired(state, state.colours)


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_home_pairs_changes_no_decision_but_the_placing(seed):
    for phase in (moriarty.PIVOT, moriarty.ACTIVE, moriarty.BONUS):
        for observation, seat, history, _ in found(seed, phase)[:2]:
            plain = Bot(knowledge_for("moriarty"), quick_hard(("home_pairs", 0.0)), seed)
            paired = Bot(knowledge_for("moriarty"), quick_hard(("home_pairs", 1.0)), seed)
            assert paired.choose(observation, seat, history) \
                == plain.choose(observation, seat, history)


def test_without_home_pairs_no_rule_is_offered():
    knowledge = knowledge_for("moriarty")
    assert knowledge.rule_move(start(), 0, random.Random(1)) is None
