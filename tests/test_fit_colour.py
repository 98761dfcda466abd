"""Fitting the Moriarty bot's colour model: it finds the weights that generated the choices."""
from __future__ import annotations

import random

from game.tools.fit_colour import _observations, calibration, fit
from game.bots.games.moriarty_colour import likelihood
from game.match import Match
from game.rules import moriarty


def _choices(weights, noise, count, seed=4):
    """Pivot picks drawn from the model itself, by players of known colours."""
    rng = random.Random(seed)
    start = Match("moriarty", {"games": 1}, 1).state
    choices = []
    colour = 0
    for k in range(count):
        if k % 20 == 0:  # a new game, a new player's colour
            colour = rng.randrange(4)
        colours = [0, 0, 1, 1, 2, 2, 3, 3]
        rng.shuffle(colours)
        state = start.replace(colours=tuple(colours), phase=moriarty.PIVOT, edge=0, rounds=1)
        moves = [m for m in state.legal_moves(0) if isinstance(m, moriarty.PickPivot)]
        chances = [likelihood(state, m, colour, weights, noise) for m in moves]
        move = rng.choices(moves, chances)[0]
        choices.append((state.observe_public(), 0, move, colour, k // 20))
    return [choices]


def test_fit_recovers_the_weights_that_made_the_choices():
    matches = _choices((1.5, 0.5, 0.0), 0.1, 1500)
    (pivot, active, _), noise = fit(_observations(matches))
    assert abs(pivot - 1.5) < 0.35 and abs(active - 0.5) < 0.25 and noise < 0.35


def test_a_belief_from_the_true_model_is_right_about_as_often_as_it_is_sure():
    matches = _choices((1.5, 0.5, 0.0), 0.1, 1500)
    table = calibration(matches, (1.5, 0.5, 0.0), 0.1)
    sure = [table[k] for k in table if k >= 7]
    times, right = sum(t for t, _ in sure), sum(r for _, r in sure)
    assert times > 100 and right / times > 0.7
    unsure = [table[k] for k in table if 3 <= k <= 5]
    assert sum(r for _, r in unsure) / sum(t for t, _ in unsure) < right / times - 0.2
