"""The lengths tool's screen time is the app's: its model of each step's animation matches the
boards' own plans, step by step, over random games of every game (so a board that changes its
beats without the model, or the model without the board, fails here)."""
from __future__ import annotations

import pytest

from game import timings
from game.core import NodeKind
from game.match import Match, RandomPlayer
from game.registry import GAMES
from game.tools.screen_time import animation_seconds, shown
from tests.test_board_plans import make_board


def arena_steps(game_id: str, seed: int, most: int = 400):
    """(state before, step) of a random game played as the arena plays it: a simultaneous
    turn is two steps, the first sealed."""
    match = Match(game_id, {}, seed)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    steps = []
    while not match.state.is_terminal and len(steps) < most:
        state = match.state
        if state.awaiting == ():
            steps.append((state, match.resolve_chance()))
            continue
        for seat in state.awaiting:
            before = match.state
            steps.append((before, match.play(players[seat].choose(match.observe(seat), seat,
                                                                   ()), seat)))
    return steps


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_model_of_each_steps_animation_is_the_boards_plan(game_id):
    board = make_board(game_id)
    compared = 0
    for seed in (1, 2, 3, 4):
        for before, step in arena_steps(game_id, seed):
            seen = shown(game_id, before, step, 0, 0.0)
            if seen.sealed:
                assert seen.seconds == 0.0  # a sealed choice shows nothing
                continue
            plan = board.animate(before, step.events, step.state)
            model = animation_seconds(game_id, before, step.events, step.state)
            assert model == pytest.approx(plan.duration, abs=1e-9), \
                (game_id, [type(e).__name__ for e in step.events])
            compared += 1
    assert compared >= 20


def test_a_reveal_counts_down_first_and_a_scored_moriarty_game_waits_for_a_click():
    steps = arena_steps("moriarty", 4, most=10_000)
    countdown = timings.COUNTDOWN_BEATS * timings.COUNTDOWN_STEP
    reveals = holds = 0
    for before, step in steps:
        seen = shown("moriarty", before, step, 1, 0.25)
        animation = animation_seconds("moriarty", before, step.events, step.state)
        if before.kind is NodeKind.SIMULTANEOUS and not seen.sealed \
                and type(step.events[0]).__name__ != "BonusesChosen":
            assert seen.seconds == pytest.approx(animation + countdown)
            reveals += 1
        elif not seen.sealed:
            assert seen.seconds == pytest.approx(animation)
        holds += seen.holds
        assert (seen.player, seen.think) == (1, 0.25)
    assert reveals > 0
    assert holds == 3  # each game of the three-game match ends on a card of its scores
