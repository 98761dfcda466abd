"""Moriarty's levers (knowledge settings no level turns on): each plays legal moves, the exact
2x2 strategies the slide levers rest on are equilibria, and each prices what it says it does."""
from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import assume, given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.games.moriarty import (DECLARE_CONFIDENCE as MORIARTY_DECLARES, MARGIN,
                                      board_leads, naming_chance, points_by_colour)
from game.bots.games.moriarty_colour import ColourReader, ahead_values, home_odds
from game.bots.matrix import game_value, strategies
from game.rules import moriarty
from tests.support import examples
from tests.test_hybrids import positions

LEVERS = ("slide_even", "unseen", "mixed_reader", "colour_model", "fused", "end_margin",
          "declare_agreement", "conceal_step", "soft_reply", "pivot_ties",
          "choice_reading", "choice_pretender", "declare_after_scored", "choice_denier",
          "declare_slide_floor", "choice_sharpness", "home_reading", "choice_drifter", "bonus_mix")


@pytest.mark.parametrize("lever", LEVERS)
def test_each_lever_plays_legal_moves(lever):
    level = knowledge_for("moriarty").levels()["hard"]
    value = {"end_margin": 4.0, "conceal_step": 0.1, "soft_reply": 0.5,
             "pivot_ties": 0.05, "choice_pretender": 0.05, "choice_denier": 0.33,
             "declare_slide_floor": 0.88, "choice_sharpness": 8.0,
             "home_reading": 0.5, "choice_drifter": 0.33,
             "bonus_mix": 0.33}.get(lever, 1.0)
    traits = tuple(t for t in level.traits if t[0] != "search_plies")
    level = dataclasses.replace(level, budget=dataclasses.replace(level.budget, iterations=60,
                                                                  seconds=60.0),
                                traits=traits + (("search_plies", 3), (lever, value)))
    found = [p for p in positions("moriarty", 5, 120)
             if p[3].phase in (moriarty.PIVOT, moriarty.ACTIVE, moriarty.DIRECTION)]
    assert found
    for observation, seat, history, _ in found[::6]:
        bot = Bot(knowledge_for("moriarty"), level, 3)
        assert bot.choose(observation, seat, history) in observation.legal_moves(seat)


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


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_declaring_with_agreement_names_only_a_colour_leading_the_others_board(seed, pick):
    found = [p for p in positions("moriarty", seed, 200)
             if any(isinstance(m, moriarty.Declare) for m in p[0].legal_moves(p[1]))]
    assert found  # a random game offers a declaration every round after the first
    observation, seat, history, state = found[pick % len(found)]
    other = 1 - seat

    def holding(colour):
        return state.replace(bonus=tuple(colour if s == other else b
                                         for s, b in enumerate(state.bonus)))
    counts = points_by_colour(state, other)[:4]
    top, second = sorted(counts, reverse=True)[:2]
    for agreement in (0.0, 1.0):
        knowledge = knowledge_for("moriarty")
        knowledge.adopt((("declare_confidence", 0.98), ("declare_agreement", agreement)))
        for colour in range(4):
            sure = [(1.0, holding(colour))]
            doubt = knowledge.doubt(moriarty.Declare(colour), sure, seat, ())  # worlds alone
            leads = counts[colour] == top > second  # alone at the top
            assert board_leads(state, other, colour) == leads
            assert doubt == (MARGIN if leads or not agreement else None)
            unsure = [(0.5, holding(colour)), (0.5, holding((colour + 1) % 4))]
            assert knowledge.doubt(moriarty.Declare(colour), unsure, seat, ()) is None


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), scored=st.booleans())
def test_declaring_after_a_scored_game_names_no_colour_before_one(seed, pick, scored):
    found = [p for p in positions("moriarty", seed, 200)
             if any(isinstance(m, moriarty.Declare) for m in p[0].legal_moves(p[1]))]
    assert found
    _, seat, _, state = found[pick % len(found)]
    scores = (moriarty.GameScored(0, state.bonus, (0, 0), (0, 0), "end"),) if scored else ()
    state = state.replace(history=scores)  # a game of the match already scored, or none
    for after in (0.0, 1.0):
        knowledge = knowledge_for("moriarty")
        knowledge.adopt((("declare_confidence", 0.5), ("declare_after_scored", after)))
        sure = [(1.0, state)]
        colour = state.bonus[1 - seat]
        doubt = knowledge.doubt(moriarty.Declare(colour), sure, seat, ())
        assert doubt == (MARGIN if scored or not after else None)


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


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10**6), slide=st.integers(1, 6), pivot=st.integers(1, 6))
def test_a_phase_depth_applies_at_its_phase_alone(seed, slide, pivot):
    knowledge = knowledge_for("moriarty")
    knowledge.adopt((("search_plies", 9), ("slide_plies", slide), ("pivot_plies", pivot)))
    plain = knowledge_for("moriarty")
    plain.adopt((("search_plies", 9),))
    for _, _, _, state in positions("moriarty", seed, 80):
        wanted = {moriarty.DIRECTION: slide, moriarty.PIVOT: pivot}.get(state.phase, 9)
        assert knowledge.plies_from(state) == wanted
        assert plain.plies_from(state) == 9


@settings(max_examples=examples(8), deadline=None)  # a second of processor time each
@given(seed=st.integers(0, 10**6), width=st.floats(0.02, 0.5))
def test_a_stepped_concealment_prices_the_same_giveaways_in_the_same_order(seed, width):
    """`conceal_step` prices the rise in a reader's chance of naming the colour: never a gain,
    nothing for a choice that lowers the reader's belief, and the bigger giveaway always the
    dearer."""
    linear, stepped = knowledge_for("moriarty"), knowledge_for("moriarty")
    linear.adopt((("concealment", 0.3),))
    stepped.adopt((("concealment", 0.3), ("conceal_step", width)))
    checked = 0
    for observation, seat, history, _ in positions("moriarty", seed, 120):
        moves = [m for m in observation.legal_moves(seat)
                 if isinstance(m, (moriarty.PickPivot, moriarty.Take))]
        if not moves:
            continue
        worlds = stepped.worlds(observation, seat, history)
        plain = [linear.doubt(m, worlds, seat, history) for m in moves]
        priced = [stepped.doubt(m, worlds, seat, history) for m in moves]
        for a, b, m in zip(plain, priced, moves):
            assert a is not None and b is not None and a >= 0.0 and b >= 0.0
            before, after = stepped.colours.belief_shift(history, seat, worlds[0][1], m)
            assert b == pytest.approx(0.3 * max(0.0, naming_chance(after, width)
                                                - naming_chance(before, width)))
            assert (b > 0.0) <= (a > 0.0)
        for i, j in itertools.combinations(range(len(moves)), 2):
            if priced[i] > priced[j] + 1e-12:
                assert plain[i] > plain[j]
        checked += 1
    assert checked


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(1e-9, 0.5))
def test_the_chance_of_being_named_rises_with_the_belief_and_is_half_at_the_readers_level(
        low, high, width):
    low, high = min(low, high), max(low, high)
    assert 0.0 <= naming_chance(low, width) <= naming_chance(high, width) <= 1.0
    assert naming_chance(MORIARTY_DECLARES, width) == pytest.approx(0.5)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), width=st.floats(0.001, 0.5),
       scores=st.lists(st.floats(0.0, 1.0), min_size=12, max_size=12))
def test_pivot_ties_take_the_one_turn_best_of_the_near_equal_pivots(seed, pick, width, scores):
    found = [p for p in positions("moriarty", seed, 200) if p[3].phase == moriarty.PIVOT]
    assert found  # a random game picks a Pivot every round
    _, seat, history, state = found[pick % len(found)]
    moves = state.legal_moves(seat)
    values = dict(zip(moves, scores))
    worlds = [(1.0, state)]
    knowledge = knowledge_for("moriarty")
    assert knowledge.near_tie(values, worlds, seat, history) is None  # off in every level
    knowledge.adopt((("pivot_ties", width),))
    chosen = knowledge.near_tie(values, worlds, seat, history)
    best = max(values, key=values.__getitem__)
    close = [m for m in moves if isinstance(m, moriarty.PickPivot)
             and values[m] >= values[best] - width]
    if not isinstance(best, moriarty.PickPivot) or len(close) < 2:
        assert chosen is None
        return
    assert chosen in close
    expected = {m: ahead_values(state, seat, m)[state.bonus[seat]] for m in close}
    assert expected[chosen] == max(expected.values())


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), floor=st.floats(0.05, 1.0))
def test_a_first_game_declaration_needs_the_slides_alone_at_the_floor(seed, pick, floor):
    found = [p for p in positions("moriarty", seed, 200)
             if any(isinstance(m, moriarty.Declare) for m in p[0].legal_moves(p[1]))
             and not p[0].history and p[2]]
    assume(found)
    observation, seat, history, _ = found[pick % len(found)]
    knowledge = knowledge_for("moriarty")
    knowledge.adopt(knowledge.levels()["hard"].traits + (("declare_confidence", 0.0),
                                                          ("declare_slide_floor", floor)))
    worlds = knowledge.worlds(observation, seat, history)
    slides = knowledge.colours.belief(history, seat, worlds[0][1], True, False, False, True,
                                      knowledge.slide_pretender)
    for colour in range(4):
        doubt = knowledge.doubt(moriarty.Declare(colour), worlds, seat, history)
        assert (doubt is None) == (slides[colour] < floor)


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
