"""Moriarty's settings that Hard plays with, measured alone: the exact 2x2 strategies the
slide reading rests on are equilibria, a declaration needs the belief as read, and the home
reading starts where a home picker's colour lies and learns from each scored game. (The
settings no level turned on left the shipped bots with their tests; docs/bot-strength.md keeps
what each was measured to do.)"""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from game.bots import knowledge_for
from game.bots.games.moriarty_colour import ColourReader, home_odds
from game.bots.matrix import game_value, strategies
from game.rules import moriarty
from tests.support import examples
from tests.test_hybrids import positions


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=4, max_size=4))
def test_exact_2x2_strategies_reach_the_games_value(cells):
    payoff = [cells[:2], cells[2:]]
    rows, cols = strategies(payoff)
    value = game_value(payoff)
    assert sum(rows) == pytest.approx(1.0) and sum(cols) == pytest.approx(1.0)
    assert min(rows + cols) >= -1e-9
    # neither side gains by leaving its strategy
    assert min(sum(p * payoff[i][j] for i, p in enumerate(rows)) for j in range(2)) \
        == pytest.approx(value, abs=1e-9)
    assert max(sum(q * payoff[i][j] for j, q in enumerate(cols)) for i in range(2)) \
        == pytest.approx(value, abs=1e-9)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), confidence=st.floats(0.3, 0.99),
       pretender=st.sampled_from([0.0, 0.02, 0.3]))
def test_a_declaration_needs_the_belief_as_read_not_the_searched_worlds_weight(
        seed, pick, confidence, pretender):
    """The worlds searched leave out colours below MIN_WEIGHT and share their weight among
    the rest; a declaration still needs `declare_confidence` of the belief as read."""
    found = [p for p in positions("moriarty", seed, 200)
             if any(isinstance(m, moriarty.Declare) for m in p[0].legal_moves(p[1]))]
    assert found
    observation, seat, history, _ = found[pick % len(found)]
    knowledge = knowledge_for("moriarty")
    knowledge.adopt(knowledge.levels()["hard"].traits + (("declare_confidence", confidence),
                                                          ("slide_pretender", pretender)))
    belief = knowledge.belief(observation, seat, history)
    worlds = knowledge.worlds(observation, seat, history)
    assert sum(w for w, _ in worlds) == pytest.approx(1.0)
    for colour in range(4):
        doubt = knowledge.doubt(moriarty.Declare(colour), worlds, seat, history)
        assert (doubt is not None) == (belief[colour] >= confidence)


@settings(max_examples=examples(40), deadline=None)
@given(placing=st.permutations([0, 0, 1, 1, 2, 2, 3, 3]), south=st.integers(0, 1),
       seat=st.integers(0, 1))
def test_a_home_picker_picks_a_colour_with_the_most_tokens_starting_on_its_side(
        placing, south, seat):
    state = moriarty.MoriartyState(colours=tuple(placing), south=south, phase=moriarty.BONUS)
    odds = home_odds(state, seat)
    side = [c for c, row in zip(placing, moriarty.START_ROWS) if (row <= 4) == (seat == south)]
    most = max(side.count(c) for c in range(4))
    assert sum(odds) == pytest.approx(1.0)
    for colour in range(4):
        assert (odds[colour] > 0) == (side.count(colour) == most)
    # each side holds four tokens, so the other side's pairs are as many as this one's
    other = home_odds(state, 1 - seat)
    assert sum(o > 0 for o in other) == sum(o > 0 for o in odds)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), share=st.floats(0.05, 0.95),
       picked_home=st.booleans())
def test_the_home_reading_starts_at_the_home_colours_and_learns_from_a_scored_game(
        seed, pick, share, picked_home):
    found = [p for p in positions("moriarty", seed, 200)
             if p[3].phase == moriarty.PIVOT and p[3].game_index == 0]
    assert found
    observation, seat, history, state = found[pick % len(found)]
    other = 1 - seat
    reader = ColourReader()
    odds = home_odds(state, other)
    prior = reader.home_prior(history, other, observation, share)
    assert sum(prior) == pytest.approx(1.0)
    for colour in range(4):
        assert prior[colour] == pytest.approx(share * odds[colour] + (1 - share) / 4)
    plain = reader.belief(history, seat, observation, slides=True)
    read = reader.belief(history, seat, observation, slides=True, home=share)
    weighed = [p * q for p, q in zip(plain, prior)]
    assert read == pytest.approx([w / sum(weighed) for w in weighed])
    # a scored game whose colour was (or was not) a home colour moves the share that way
    homes = [c for c in range(4) if odds[c] > 0]
    assume(len(homes) < 4)
    colour = homes[0] if picked_home else next(c for c in range(4) if odds[c] == 0)
    bonus = moriarty.tuple_with((0, 0), other, colour)
    later = observation.replace(history=(moriarty.GameScored(0, bonus, (0, 0), (0, 0), "end"),),
                                game_index=1)
    learnt = reader.home_prior(((state, seat, moriarty.PASS),), other, later, share)
    top = homes[0]
    assert (learnt[top] > prior[top]) == picked_home

