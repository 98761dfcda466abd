"""Reading a teller at pivots and takes as all but always playing the best choice one turn
ahead (`choice_sharpness`)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.games.moriarty_colour import (COLOURS, NONE, RATIONALITY, SHARP_NOISE, ColourReader,
                                              Reading, _normalised, told_given)
from game.bots.history import History
from game.match import Match
from game.rules import moriarty
from tests.support import examples
from tests.test_colour_denier import play_choosing

HARD: Reading = (True, False, False, True, 0.05, True, 0.05, 0.0)  # Hard's, without beliefs
DENIER = 0.33
SHARP = 8.0

values = st.floats(-20.0, 20.0, allow_nan=False)
tables = st.lists(st.lists(st.lists(values, min_size=5, max_size=5), min_size=5, max_size=5),
                  min_size=2, max_size=8)
beliefs = st.lists(st.floats(0.0, 1.0), min_size=4, max_size=4).filter(lambda b: sum(b) > 0.01)


@settings(max_examples=examples(60), deadline=None)
@given(tables, beliefs, st.floats(0.1, 30.0))
def test_a_sharp_teller_is_a_choice_distribution_that_favours_the_best(found, held, sharpness):
    held = [p / sum(held) for p in held]
    told = [told_given((chosen, found), held, sharpness) for chosen in range(len(found))]
    soft = [told_given((chosen, found), held) for chosen in range(len(found))]
    for c in range(COLOURS + 1):
        assert sum(t[c] for t in told) == pytest.approx(1.0)
    for c in range(COLOURS):
        worth = [sum(p * t[c][d] for d, p in enumerate(held)) for t in found]
        best = max(range(len(found)), key=worth.__getitem__)
        assert told[best][c] >= SHARP_NOISE / len(found)
        assert all(t[c] >= SHARP_NOISE / len(found) - 1e-12 for t in told)
        gap = worth[best] - sorted(worth)[-2]
        share = (1.0 - SHARP_NOISE) / (1.0 + (len(found) - 1) * math.exp(-sharpness * gap))
        assert told[best][c] >= share - 1e-9  # a clear best, all but sure
        if sharpness >= RATIONALITY and gap > 0.0:
            assert told[best][c] >= soft[best][c] - 1e-9
    assert [t[NONE] for t in told] == pytest.approx([t[NONE] for t in soft])  # the denier


def _near_best(found: list, colour: int) -> int:
    """The option worth most one turn ahead for `colour` (the other's colour unknown) of those
    that are the best for no colour; the second best for `colour` if every one is some
    colour's best."""
    worth = [[sum(t[c][d] for d in range(COLOURS)) for t in found] for c in range(COLOURS)]
    bests = {max(range(len(found)), key=w.__getitem__) for w in worth}
    others = [k for k in range(len(found)) if k not in bests]
    ranked = sorted(others or range(len(found)), key=worth[colour].__getitem__)
    return ranked[-1] if others else ranked[-2]


def _play_near_teller(seed: int, rounds: int, colour: int) -> tuple[Match, History]:
    """Seat 1 makes each pivot and take near the best one turn ahead for `colour` but never
    any colour's best where it can (`_near_best`), as a searcher's often are; everything else
    is random."""
    return play_choosing(seed, rounds, lambda public, tables, history: _near_best(tables[1],
                                                                                  colour))


def test_a_player_whose_choices_are_near_a_tellers_but_never_it_is_named_less_surely():
    """Read softly, Pivots near the best one turn ahead for a colour name it; read sharply,
    a player who never plays any colour's best is no teller (a Take, of two, is always
    some colour's best, so the takes are left out)."""
    sharp_tops, soft_tops = [], []
    for seed in range(10):
        match, history = _play_near_teller(seed, 10, seed % COLOURS)
        observation = match.observe(0)
        pivots = [e for e in history.entries if not isinstance(e[2], moriarty.Take)]
        for sharpness, tops in ((0.0, soft_tops), (SHARP, sharp_tops)):
            reader = ColourReader()
            kinds = reader.choice_kinds(pivots, 1, observation, 0.05, DENIER, HARD, sharpness)
            evidence = reader.choice_evidence(pivots, 1, 0, kinds, HARD, sharpness)
            tops.append(max(_normalised([evidence])))
    assert all(s <= t + 1e-6 for s, t in zip(sharp_tops, soft_tops)), (sharp_tops, soft_tops)
    assert sum(sharp_tops) / len(sharp_tops) < 0.3 < sum(soft_tops) / len(soft_tops)
