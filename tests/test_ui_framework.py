"""The app's frame: menus, the scene stack, typing moves, and hot-seat games to their result."""
from __future__ import annotations

import random

import pygame
import pytest

from game.registry import GAMES
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.screens.menu import MainMenu


SHORT = {"synch": {"move_limit": 40}}  # a full-length Synch game is 256 moves: slow to type
SEEDS = {"tug_of_war": 12}  # Tug of War's seed 3 plays 281 decisions, seed 12 plays 22


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_can_be_typed_at_the_keyboard(driver, game_id):
    seed = SEEDS.get(game_id, 3)
    driver.start(game_id, SHORT.get(game_id), seed=seed)
    final = driver.play_to_end(random.Random(seed), how="keys")
    assert final.is_terminal
    assert isinstance(driver.top, ResultsScene)


def test_the_menu_leads_to_a_game_by_keyboard(driver):
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    driver.key(pygame.K_p)  # Play
    driver.key(pygame.K_RETURN)  # the first card (focused)
    driver.key(pygame.K_RETURN)  # never played here: a lesson is offered; Just play (focused)
    driver.key(pygame.K_RETURN)  # Start (focused)
    driver.frames(2)
    assert isinstance(driver.top, (PlayScene, HandoffScene))


def test_a_mistyped_move_is_explained_and_nothing_moves(driver):
    scene = driver.start("strands")
    driver.settle()
    driver.type("z")  # no move starts with z: it is refused at once
    assert scene.turns.match.entries == []
    assert scene.status.is_error and "'z'" in scene.status.text
    assert scene.picker.typed == ""


def test_an_illegal_typed_move_says_why_in_plain_words(driver):
    scene = driver.start("strands")
    driver.settle()
    driver.type("end")
    assert scene.turns.match.entries == []
    assert scene.status.is_error
    assert scene.status.text[0].isupper() and scene.status.text.endswith(".")


def test_sounds_are_read_when_first_played_and_all_at_once_for_the_self_test(tmp_path,
                                                                             monkeypatch):
    from scenes.shell import sound
    from scenes.shell.synth import EFFECTS
    pygame.mixer.init()
    try:
        board = sound.SoundBoard()
        assert board.sounds == {}  # the first frame waits for no sound file
        board.play("click")
        assert list(board.sounds) == ["click"] and board.problems == []
        assert board.load_all() == [] and set(board.sounds) == set(EFFECTS)
        monkeypatch.setattr(sound, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
        broken = sound.SoundBoard()
        problems = broken.load_all()
        assert len(problems) == len(EFFECTS) and "win.wav could not be loaded" in " ".join(problems)
        broken.play("win")  # still silent, and said only once
        assert len(broken.problems) == len(EFFECTS)
    finally:
        pygame.mixer.quit()


def test_sounds_are_read_in_the_background_after_the_first_frame(tmp_path):
    """No effect is read before the first frame; after it a loader reads them all, and a sound
    played meanwhile is read once, not twice."""
    import threading

    from scenes.shell.sound import LOADER_NAME
    from scenes.shell.synth import EFFECTS
    from tests.ui_driver import Driver
    pygame.quit()
    driver = Driver(tmp_path)
    board = driver.app.sound
    if not board.mixer:
        pytest.skip("no mixer here")
    assert board.sounds == {}
    driver.frames()
    board.play("click")  # the frame loop may ask while the loader reads
    for thread in threading.enumerate():
        if thread.name == LOADER_NAME:
            thread.join(10)
    assert set(board.sounds) == set(EFFECTS) and board.problems == []
