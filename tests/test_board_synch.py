"""The Synch board: played to the end by mouse and by keys; clicks explained; drawing holds."""
from __future__ import annotations

import random

import pygame
import pytest

from game.rules.synch import (
    DIRECTIONER_FIRST, GAME, OPPOSITION, SYNCH, ClaimBlocked, Direction, MarkerHeld,
    PlaceMarker,
)
from scenes.boards.base import Choice, View
from scenes.boards.synch import OPP_CHOICE, SYNCH_CHOICE, direction_spot, square_spot
from scenes.play.results import ResultsScene
from tests.support import carries, playout
from tests.ui_driver import Driver


def play_moves(driver, *texts):
    """Make moves by clicking their paths, letting each animation finish."""
    scene = driver.play_scene()
    for text in texts:
        driver.settle()
        driver.choose_by_clicks(GAME.parse_move(text))
    driver.settle()
    return scene


@pytest.mark.parametrize("seed, options", [
    (1, {"size": 5}),
    (2, {"size": 8, "move_limit": 80}),
    (3, {"size": 15, "move_limit": 40}),
    (4, {"size": 6, "variant": DIRECTIONER_FIRST}),
])
def test_a_whole_game_by_mouse(driver, seed, options):
    driver.start("synch", options, seed=seed)
    final = driver.play_to_end(random.Random(seed), how="clicks")
    assert final.is_terminal and isinstance(driver.top, ResultsScene)


def test_a_whole_game_by_keys(driver):
    driver.start("synch", {"size": 8, "move_limit": 50})
    final = driver.play_to_end(random.Random(7), how="keys")
    assert final.is_terminal and isinstance(driver.top, ResultsScene)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("n", [5, 8, 15])
def test_every_square_and_direction_has_a_place(tmp_path, size, n):
    drv = Driver(tmp_path, size=size)
    try:
        scene = drv.start("synch", {"size": n})
        board, area = scene.board, scene.rects["board"]
        state = scene.turns.match.state
        cells = [board.spot_rect(square_spot((r, c))) for r in range(n) for c in range(n)]
        assert all(area.contains(rect) for rect in cells)
        assert min(rect.width for rect in cells) >= (18 if n == 15 else 30)
        for move in state.legal_moves(0):
            (spot,) = board.path(move, state)
            assert board.spot_at(board.spot_rect(spot).center, state) == spot
        for move in (Direction(name) for name in board.compass):
            rect = board.spot_rect(board.path(move, state)[0])
            assert area.contains(rect) and not rect.colliderect(board.grid)
            assert rect.width >= 40
        assert board.spot_at((area.left + 1, area.top + 1), state) is None
    finally:
        pygame.quit()


@pytest.mark.parametrize("options", [{"size": 5}, {"size": 15, "move_limit": 60},
                                     {"size": 6, "variant": DIRECTIONER_FIRST}])
def test_every_path_spot_is_on_the_board_or_a_button(driver, options):
    scene = driver.start("synch", options)
    board = scene.board
    for seed in (1, 2):
        for state, _ in playout(GAME, seed, options):
            seat = state.actors[0]
            for move in state.legal_moves(seat):
                for spot in board.path(move, state):
                    assert isinstance(spot, Choice) or board.spot_rect(spot) is not None
                    if not isinstance(spot, Choice):
                        assert board.guess_move((spot,), state) == move


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("options", [{"size": 5}, {"size": 8, "move_limit": 40},
                                     {"size": 15, "move_limit": 30},
                                     {"size": 5, "variant": DIRECTIONER_FIRST}])
def test_drawing_every_moment_of_the_animations(tmp_path, size, options):
    drv = Driver(tmp_path, size=size)
    try:
        scene = drv.start("synch", options)
        board = scene.board
        for state, step in playout(GAME, 3, options):
            timeline = board.animate(state, step.events, step.state)
            assert 0.15 <= timeline.duration <= 1.5
            for t in (0.0, timeline.duration / 3, timeline.duration / 2, timeline.duration):
                board.draw(drv.app.screen, View(state=step.state, seat=None, chooser=None,
                                                before=state, events=step.events,
                                                timeline=timeline, t=t))
            assert board.words.describe(state, step.events, step.state)
            assert all(isinstance(cue, tuple) for cue in timeline.cues)
            board.draw(drv.app.screen, View(state=step.state, seat=None,
                                            chooser=step.state.actors[0] if step.state.actors
                                            else None))
    finally:
        pygame.quit()


def test_a_wrong_click_says_why_and_nothing_moves(driver):
    scene = driver.start("synch", {"size": 8})
    play_moves(driver, "d4")
    driver.click(scene.board.spot_rect(square_spot((4, 3))).center)  # d4 is Cross's
    assert len(scene.turns.match.entries) == 1
    assert scene.status.is_error and carries(scene.status.text, "d4", "taken")
    play_moves(driver, "a1")
    driver.click(scene.board.spot_rect(square_spot((0, 7))).center)  # a square: not now
    carries(scene.status.text, "not a choice now", "Cross", "synch", "opposition")
    play_moves(driver, "synch")
    driver.click(scene.board.spot_rect(direction_spot("S")).center)  # Ring on a1 can't go S
    carries(scene.status.text, "S", "off the board")
    driver.click(scene.board.spot_rect(direction_spot("SW")).center)
    carries(scene.status.text, "SW", "off the board")
    assert len(scene.turns.match.entries) == 3


def test_the_modes_are_buttons_and_the_directions_a_compass(driver):
    scene = driver.start("synch", {"size": 8})
    play_moves(driver, "d4", "e5")
    assert scene.picker.clickable() == {SYNCH_CHOICE, OPP_CHOICE}
    labels = {b.label: b.hint for b in scene.buttons}
    assert labels["In synch"] == "synch" and labels["In opposition"] == "opp"
    play_moves(driver, "opp")
    assert scene.picker.clickable() == {direction_spot(d) for d in
                                 ("N", "NE", "E", "SE", "S", "SW", "W", "NW")}
    assert {"synch", "opp", "n", "ne", "sw", "nw"} <= set(scene.board.keywords)


def test_clicking_next_to_the_directioner_picks_that_direction(driver):
    scene = driver.start("synch", {"size": 8})
    play_moves(driver, "d4", "e5", "synch")
    board, state = scene.board, scene.turns.match.state
    ne_of_ring = board.spot_rect(square_spot((2, 5)))  # f6, next to Ring on e5
    assert board.spot_at(ne_of_ring.center, state) == direction_spot("NE")
    driver.click(ne_of_ring.center)
    assert scene.turns.match.entries[-1].text == "NE"
    driver.settle()
    assert scene.turns.match.state.markers == ((3, 4), (2, 5))


def test_a_direction_is_typed_with_enter_when_it_is_a_prefix(driver):
    scene = driver.start("synch", {"size": 8})
    play_moves(driver, "d4", "e5")
    driver.type("sy")
    assert scene.picker.typed == "sy"
    driver.type("nch")
    driver.settle()
    assert scene.turns.match.state.mode == SYNCH
    driver.type("n")
    assert scene.turns.match.entries[-1].text == "synch"  # N waits: NE and NW start with it
    driver.key(pygame.K_RETURN)
    assert scene.turns.match.entries[-1].text == "N"


def test_describe_in_plain_words(driver):
    scene = driver.start("synch", {"size": 8, "first_directioner": 0})
    play_moves(driver, "d4", "f3", "opp")
    state = scene.turns.match.state
    step = state.apply(Direction("NE"))
    text = scene.board.words.describe(state, step.events, step.state)
    carries(text, "Ring calls opposition", "Cross points north-east",
            "Cross moves north-east", "e5", "Ring moves south-west", "e2")
    assert text.index("e5") < text.index("Ring moves")  # each claim beside its mover


def test_both_on_one_square_is_crossed_out(driver):
    scene = driver.start("synch", {"size": 6})
    play_moves(driver, "b3", "d3", "opp")
    driver.choose_by_clicks(Direction("W"))
    anim = scene.turns.animation
    assert any(isinstance(e, ClaimBlocked) for e in anim.events)
    assert "both land on c3, so neither claims it" in anim.caption
    assert "deny" in [cue for _, cue in sorted(anim.timeline.cues)]
    for t in (0.0, 0.4, 0.8, anim.timeline.duration):
        anim.t = t
        driver.frames()
    assert scene.turns.caption == anim.caption  # said once the markers have moved


def test_a_held_decider_bumps_against_the_edge(driver):
    scene = driver.start("synch", {"size": 6, "variant": DIRECTIONER_FIRST})
    play_moves(driver, "a1", "c3")
    assert scene.picker.clickable() >= {direction_spot("NW")}
    driver.choose_by_clicks(Direction("NW"))
    anim = scene.turns.animation
    assert any(isinstance(e, MarkerHeld) for e in anim.events)
    assert "Cross cannot stay on the board either way" in anim.caption
    positions = []
    for t in (0.0, 0.35, 0.6, anim.timeline.duration):
        anim.t = t
        view = scene.view()
        positions.append(scene.board._marker_positions(view)[0])
        driver.frames()
    assert positions[0] == positions[-1] and positions[2] != positions[0]


def test_the_variation_asks_the_decider_after_the_direction(driver):
    scene = driver.start("synch", {"size": 8, "variant": DIRECTIONER_FIRST})
    play_moves(driver, "d4", "e5", "E")
    assert scene.picker.clickable() == {SYNCH_CHOICE, OPP_CHOICE}
    assert "follow east (E)" in scene.board.words.prompt(scene.turns.match.state, 0)
    driver.settle()
    driver.choose_by_clicks(OPPOSITION)
    driver.settle()
    carries(scene.turns.caption, "Ring points east", "Cross calls opposition", "Ring moves east",
            "f5", "Cross moves west", "c4")
    assert scene.turns.caption.index("f5") < scene.turns.caption.index("Cross moves")
    assert scene.turns.match.state.markers == ((4, 2), (3, 5))


def test_cues_and_a_placement_drop(driver):
    board = driver.start("synch").board
    state = GAME.new_game()
    step = state.apply(PlaceMarker("d4"))
    cues = [cue for _, cue in sorted(board.animate(state, step.events, step.state).cues)]
    assert cues == ["place", "claim"]
    step2 = step.state.apply(PlaceMarker("e5")).state.apply(OPPOSITION)
    last = step2.state.apply(Direction("N"))
    cues = [cue for _, cue in board.animate(step2.state, last.events, last.state).cues]
    assert "slide" in cues and "claim" in cues
    carries(board.words.describe(state, step.events, step.state), "Cross", "d4", "X",
            without=("Ring",))
