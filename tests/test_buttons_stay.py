"""Buttons stay under the cursor: over generated play, when a pick brings Lock in and Cancel (or
the hint's "Hint..." comes and goes), every button that was on the action bar before is where it
was, at its size."""
from __future__ import annotations

import random

import pygame
from hypothesis import HealthCheck, given, settings, strategies as st

from game.registry import GAMES
from scenes.play.handoff import HandoffScene
from scenes.play.results import ResultsScene
from tests.support import examples
from tests.test_play_vs_bot import FakeWorker

OPTIONS = {"pulling_strings": {"turn_limit": 6}, "moriarty": {"games": 1, "round_limit": 3},
           "strands": {"side": 5}, "synch": {"move_limit": 10}, "tug_of_war": {}}


def places(scene) -> dict:
    """Each button on the action bar by what it does: its rectangle."""
    return {(type(b.value).__name__, str(getattr(b.value, "name", b.value))): tuple(b.rect)
            for b in scene.buttons}


def moved(before: dict, after: dict) -> list[str]:
    """The buttons on both bars that are not where they were."""
    return [f"{key}: {before[key]} -> {after[key]}" for key in before.keys() & after.keys()
            if before[key] != after[key]]


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       size=st.sampled_from([(1280, 720), (800, 500)]))
def test_a_pick_moves_no_button(tmp_path_factory, game_id, seed, size):
    from tests.ui_driver import Driver
    driver = Driver(tmp_path_factory.mktemp("stay"), size=size, speed=8.0)
    try:
        driver.app.bot_worker = FakeWorker()
        scene = driver.start(game_id, OPTIONS[game_id], seed=seed)
        rng = random.Random(seed)
        picks = 0
        for _ in range(60):
            driver.settle()
            if isinstance(driver.top, ResultsScene):
                break
            if isinstance(driver.top, HandoffScene):
                driver.key(pygame.K_RETURN)
                continue
            state = scene.turns.match.state
            move = rng.choice(state.legal_moves(scene.turns.chooser))
            for spot in scene.board.path(move, state):
                before = places(scene)
                driver.click(driver.spot_pos(spot))
                driver.frames()
                if scene.picker.selected:  # a pick that did not end the turn: the bar stays
                    picks += 1
                    assert not moved(before, places(scene)), moved(before, places(scene))
            if scene.picker.pending_choice() is not None:
                driver.click(driver.lock_in_button().rect.center)
        assert picks or game_id in ("strands", "synch")  # (a pick there may end the turn)
    finally:
        pygame.quit()


def test_the_hint_button_is_as_wide_thinking_as_not(tmp_path):
    """'Hint...' while the computer works out a hint is the width of 'Hint'."""
    from scenes.play.parts.play_buttons import button_width
    from scenes.play.parts.picker import Extra
    from scenes.shell.widgets import Button
    from tests.ui_driver import Driver
    driver = Driver(tmp_path, size=(800, 500))
    try:
        theme = driver.app.theme
        assert button_width(theme, Button("Hint", Extra("hint"), hint="?")) == \
            button_width(theme, Button("Hint...", Extra("hint"), hint="?"))
    finally:
        pygame.quit()
