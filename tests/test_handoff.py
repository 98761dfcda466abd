"""The hot-seat hand-off leaks nothing: a secret choice never reaches the other player's screen."""
from __future__ import annotations

import pygame
import pytest

from game.core import SEALED
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from tests.support import one_turn_logged
from tests.ui_driver import Driver

# Moves that bring a game to seat 1's secret choice with seat 0's secret already made; the last
# move of each pair is seat 0's secret, the two variants differing only there.
MORIARTY_SETUP = ["O1", "B2", "G3", "P4", "O5", "B6", "G7", "P8"]
CASES = {
    "pulling_strings": ([], ("c", "h")),
    "moriarty": (MORIARTY_SETUP, ("bonus O", "bonus B")),
}


def play_moves(driver: Driver, moves: list[str]) -> None:
    """Play moves by keyboard, confirming each hand-off on the way."""
    for text in moves:
        driver.settle()
        if isinstance(driver.top, HandoffScene):
            driver.key(pygame.K_RETURN)
            driver.settle()
        scene = driver.play_scene()
        driver.choose_by_keys(scene.spec.parse_move(text))


def screen_while_seat_1_chooses(tmp_path, game_id: str, secret: str) -> tuple[bytes, list]:
    """The pixels on screen while seat 1 makes its secret choice, and the states drawn then."""
    driver = Driver(tmp_path / secret.replace(" ", "_"))
    try:
        scene = driver.start(game_id, seed=7)
        drawn = []
        draw = scene.board.draw
        scene.board.draw = lambda surface, view: (drawn.append((scene.turns.chooser, view)),
                                                  draw(surface, view))
        setup, _ = CASES[game_id]
        play_moves(driver, setup + [secret])
        driver.settle()
        assert isinstance(driver.top, HandoffScene) and driver.top.name == "Oh"
        drawn.clear()
        driver.key(pygame.K_RETURN)  # Oh confirms
        driver.frames(3)
        assert scene.turns.chooser == 1
        return pygame.image.tobytes(driver.app.screen, "RGB"), drawn
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", list(CASES))
def test_seat_1_sees_the_same_screen_whatever_seat_0_chose(tmp_path, game_id):
    first, second = CASES[game_id][1]
    pixels_a, drawn_a = screen_while_seat_1_chooses(tmp_path, game_id, first)
    pixels_b, drawn_b = screen_while_seat_1_chooses(tmp_path, game_id, second)
    assert pixels_a == pixels_b
    for chooser, view in drawn_a + drawn_b:
        assert chooser == 1 and view.seat == 1
        assert view.state.pending[0] is SEALED


@pytest.mark.parametrize("game_id", list(CASES))
def test_only_the_chooser_s_observation_is_drawn_while_they_choose(tmp_path, game_id):
    _, drawn = screen_while_seat_1_chooses(tmp_path, game_id, CASES[game_id][1][0])
    assert drawn
    for chooser, view in drawn:
        assert view.state == view.state.observe(1)
        assert view.state.pending[0] is SEALED


def test_the_hand_off_screen_hides_the_board(tmp_path):
    driver = Driver(tmp_path)
    try:
        scene = driver.start("pulling_strings")
        calls = []
        scene.draw = lambda surface: calls.append(1)
        driver.settle()
        assert isinstance(driver.top, HandoffScene) and driver.top.name == "Eks"
        driver.frames(5)
        assert calls == []  # the play scene is not drawn at all beneath the hand-off
        assert scene.turns.chooser is None
    finally:
        pygame.quit()


def test_after_both_choose_the_reveal_counts_down_then_animates_publicly(tmp_path):
    driver = Driver(tmp_path, speed=1.0)
    try:
        scene = driver.start("pulling_strings", seed=7)
        play_moves(driver, ["c", "h"])  # Eks pulls c; the hand-off; Oh pulls h
        assert scene.turns.countdown is not None and scene.turns.private_seat is None
        assert scene.turns.log.lines() == []  # the log waits for the reveal too
        for _ in range(200):
            if scene.turns.countdown is None:
                break
            driver.frames()
        assert scene.turns.countdown is None and scene.turns.animation is not None
        assert scene.view().seat is None
        assert scene.turns.log.lines() == []  # the log waits for the pictures, as the caption
        for _ in range(200):
            if scene.turns.animation is None:
                break
            driver.frames()
        assert one_turn_logged(scene.turns.log.lines())
    finally:
        pygame.quit()


def test_a_sealed_choice_stays_out_of_the_move_log(tmp_path):
    driver = Driver(tmp_path)
    try:
        scene = driver.start("pulling_strings", seed=7)
        play_moves(driver, ["c"])
        assert scene.turns.log.lines() == []
        assert isinstance(driver.top, (HandoffScene, PlayScene))
    finally:
        pygame.quit()


def test_peek_shows_a_player_their_own_bonus_colour_until_their_move(tmp_path):
    driver = Driver(tmp_path)
    try:
        scene = driver.start("moriarty", seed=7)
        play_moves(driver, MORIARTY_SETUP + ["bonus O", "bonus B"])
        driver.settle()
        assert scene.turns.chooser is not None and scene.turns.private_seat is None
        seat = scene.turns.chooser
        assert scene.view().state.bonus == (None, None)  # the public view hides both
        peek = next(b for b in scene.buttons if b.label.startswith("Peek"))
        driver.click(peek.rect.center)
        assert isinstance(driver.top, HandoffScene)
        driver.key(pygame.K_RETURN)
        driver.frames(3)
        assert scene.turns.private_seat == seat
        shown = scene.view().state.bonus
        assert shown[seat] is not None and shown[1 - seat] is None
        state = scene.turns.match.state
        driver.choose_by_keys(state.legal_moves(seat)[0])
        assert scene.turns.private_seat is None and scene.view().state.bonus == (None, None)
    finally:
        pygame.quit()


def test_the_caption_waits_for_the_countdown(tmp_path):
    driver = Driver(tmp_path, speed=1.0)
    try:
        scene = driver.start("pulling_strings", seed=7)
        play_moves(driver, ["c", "h"])  # Eks pulls c; the hand-off; Oh pulls h
        assert scene.turns.countdown is not None
        assert "pulled" not in scene.turns.caption  # the result is not told before "pull!"
        driver.key(pygame.K_SPACE)  # skip
        assert scene.turns.countdown is None and "pulled c" in scene.turns.caption
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 400), (1920, 1080), (1024, 768)])
def test_the_pause_menu_over_a_hand_off_shows_nothing_beside_its_panel(tmp_path, size):
    """No sliver of the hand-off's words or button peeks out beside the pause menu's panel."""
    driver = Driver(tmp_path, size=size)
    try:
        driver.start("pulling_strings")
        driver.settle()
        assert isinstance(driver.top, HandoffScene)
        driver.key(pygame.K_ESCAPE)
        driver.frames(2)
        pause = driver.top
        assert type(pause).__name__ == "PauseScene"
        screen = driver.app.screen
        outside = {screen.get_at((x, y))[:3] for x in range(0, size[0], 4)
                   for y in range(0, size[1], 4) if not pause.panel.collidepoint(x, y)}
        assert len(outside) == 1, outside
    finally:
        pygame.quit()
