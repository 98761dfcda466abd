"""The Strands board: played to the end by mouse and by keys; clicks explained; drawing holds."""
from __future__ import annotations

import random

import pygame
import pytest

from game.registry import get_game
from scenes.boards.base import Choice, View
from scenes.play.results import ResultsScene
from tests.support import carries, playout
from tests.ui_driver import Driver


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_by_mouse(driver, seed):
    driver.start("strands", seed=seed)
    final = driver.play_to_end(random.Random(seed), how="clicks")
    assert final.is_terminal and isinstance(driver.top, ResultsScene)


def test_a_small_shuffled_board_by_keys(driver):
    driver.start("strands", {"side": 5, "numbering": "random", "seed": 9})
    final = driver.play_to_end(random.Random(4), how="keys")
    assert final.is_terminal and len(final.stones) == 61


def test_every_space_has_a_place_and_the_hit_test_finds_it(driver):
    scene = driver.start("strands")
    state = scene.turns.match.state
    board = scene.board
    for move in get_game("strands").new_game().legal_moves(0):
        (spot,) = board.path(move, state)
        rect = board.spot_rect(spot)
        assert rect is not None and scene.rects["board"].contains(rect)
        assert board.spot_at(rect.center, state) == spot
    assert board.spot_at((0, 0), state) is None


def test_a_wrong_space_says_why(driver):
    scene = driver.start("strands")
    driver.settle()
    state = scene.turns.match.state
    five = state.board.by_number[5][0]  # Black must open on a 2
    driver.click(scene.board.spot_rect(("cell", five)).center)
    assert scene.turns.match.entries == []
    carries(scene.status.text, "Black", "2", without=("5",))


def test_end_turn_is_a_button_once_a_stone_is_down(driver):
    scene = driver.start("strands", seed=2)
    rng = random.Random(0)
    while scene.turns.match.state.turn_number < 3 or scene.turns.match.state.placed == 0:
        driver.settle()
        state = scene.turns.match.state
        moves = [m for m in state.legal_moves(scene.turns.chooser) if str(m) != "end"]
        driver.choose_by_clicks(rng.choice(moves))
    driver.settle()
    assert Choice("End turn", "end") in scene.picker.clickable()
    driver.choose_by_clicks(get_game("strands").parse_move("end"))
    assert scene.turns.match.entries[-1].text.endswith("end")


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_drawing_every_moment_of_the_animations(tmp_path, size):
    drv = Driver(tmp_path, size=size)
    try:
        scene = drv.start("strands")
        board = scene.board
        for state, step in playout(get_game("strands"), 5):
            timeline = board.animate(state, step.events, step.state)
            for t in (0.0, timeline.duration / 2, timeline.duration):
                board.draw(drv.app.screen, View(state=step.state, seat=None, chooser=None,
                                                before=state, events=step.events,
                                                timeline=timeline, t=t))
            assert board.words.describe(state, step.events, step.state)
    finally:
        pygame.quit()


def test_hovering_end_turn_draws_without_a_ring_on_the_board(driver):
    # found by the UI fuzzer: the hovered End turn button was ringed as if it were a space
    scene = driver.start("strands")
    driver.choose_by_clicks(scene.turns.match.state.legal_moves(0)[0])  # the opening stone
    driver.settle()
    state = scene.turns.match.state
    seat = state.actors[0]
    second = next(m for m in state.legal_moves(seat)  # a space marked 2 or more: End is offered
                  if "end" in map(str, state.apply(m, seat).state.legal_moves(seat)))
    driver.choose_by_clicks(second)
    driver.settle()
    end = next(b for b in scene.buttons if isinstance(b.value, Choice))
    driver.post(pygame.MOUSEMOTION, pos=end.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert scene.picker.hover == end.value and end.value in scene.picker.clickable()
    scene.picker.focus = end.value  # and focused by Tab
    driver.app.invalidate()
    driver.frames(2)
