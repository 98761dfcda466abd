"""Reading a hider who makes each pivot and take as a teller of some colour would, drawn afresh
each time (a *drifter*, `choice_drifter`): a good player's choices are best for one colour or
another, and tell none of them."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.games.moriarty_colour import COLOURS, ColourReader, Reading, _normalised
from game.bots.history import History
from game.match import Match
from game.rules import moriarty
from tests.support import examples
from tests.test_colour_denier import play_choosing

HARD: Reading = (True, False, False, True, 0.05, True, 0.05, 0.0)  # Hard's, without beliefs
DENIER = 0.33
SHARP = 8.0


def _best_for(found: list, colour: int) -> int:
    """The option worth most one turn ahead for `colour`, the other's colour unknown."""
    worth = [sum(t[colour][d] for d in range(COLOURS)) for t in found]
    return max(range(len(found)), key=worth.__getitem__)


def _play_teller(seed: int, rounds: int, colour: int | None) -> tuple[Match, History]:
    """Seat 1 makes each pivot and take the best one turn ahead for `colour`, or for a colour
    drawn afresh at each choice (None: a drifter); everything else is random."""
    drawn = random.Random(seed)
    return play_choosing(seed, rounds, lambda public, tables, history: _best_for(
        tables[1], drawn.randrange(COLOURS) if colour is None else colour))


def _top_and_truth(history: History, observation: moriarty.MoriartyState, drifter: float,
                   colour: int | None) -> tuple[float, float]:
    """The choice reading's belief in its top colour and in `colour` (0 for a drifter)."""
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, observation, 0.05, DENIER, HARD, SHARP,
                                drifter)
    belief = _normalised([reader.choice_evidence(history.entries, 1, 0, kinds, HARD, SHARP)])
    return max(belief), 0.0 if colour is None else belief[colour]


@settings(max_examples=examples(20), deadline=None)
@given(st.floats(0.0, 0.6), st.floats(0.0, 0.3), st.floats(0.001, 0.5))
def test_before_a_scored_game_the_drifters_share_is_taken_from_the_hiders(drifter, denier,
                                                                          pretender):
    """Before any game is scored, each kind of choice is read with the shares before play: a
    drifter's share of hiders beside the denier's and the plain hider's."""
    match, history = _play_teller(7, 4, 0)
    kinds = ColourReader().choice_kinds(history.entries, 1, match.observe(0), pretender, denier,
                                        HARD, SHARP, drifter)
    expected = [0.5 * (1 - denier - drifter), 0.5 * denier, 0.5 * (1 - pretender),
                0.5 * pretender, 0.5 * drifter]
    for logs in kinds.values():
        assert [math.exp(x) for x in logs] == pytest.approx(expected, abs=1e-9)


@settings(max_examples=examples(6), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10))
def test_without_a_drifters_share_the_reading_is_unchanged(seed, rounds):
    """A drifter's share of 0 reads as the reading without drifters does."""
    match, history = _play_teller(seed, rounds, None)
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, match.observe(0), 0.05, DENIER, HARD, SHARP)
    plain = reader.choice_evidence(history.entries, 1, 0, kinds, HARD, SHARP)
    assert all(logs[4] == -math.inf for logs in kinds.values())
    zero = reader.choice_kinds(history.entries, 1, match.observe(0), 0.05, DENIER, HARD, SHARP,
                               0.0)
    assert reader.choice_evidence(history.entries, 1, 0, zero, HARD, SHARP) == \
        pytest.approx(plain, abs=1e-12)


def test_a_drifter_is_named_less_surely_and_a_teller_still_named():
    """Read beside drifters, a player whose choices are each the best for some colour drawn
    afresh is believed in its top colour less surely than without them (on average: 0.64
    against 0.68 when written), while a player whose choices are all the best for one colour
    is still named (0.74; 0.81 without) (10 rounds, 12 players of each)."""
    drift_with, drift_without, told_with, told_without = [], [], [], []
    for seed in range(12):
        colour = seed % COLOURS
        match, history = _play_teller(3000 + seed, 10, None)
        drift_with.append(_top_and_truth(history, match.observe(0), 0.33, None)[0])
        drift_without.append(_top_and_truth(history, match.observe(0), 0.0, None)[0])
        match, history = _play_teller(3000 + seed, 10, colour)
        told_with.append(_top_and_truth(history, match.observe(0), 0.33, colour)[1])
        told_without.append(_top_and_truth(history, match.observe(0), 0.0, colour)[1])
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    assert mean(drift_with) < mean(drift_without) - 0.02, (drift_with, drift_without)
    assert mean(told_with) > 0.7, told_with
