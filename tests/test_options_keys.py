"""A game's options screen: Enter (the Start key) starts from any row, with what the screen shows;
rows change only with Left/Right or a click."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.registry import GAMES
from scenes.play.play import PlayScene
from scenes.screens.menu import MainMenu
from scenes.screens.select import OptionsScene
from tests.support import examples
from tests.test_play_vs_bot import FakeWorker
from tests.ui_driver import Driver


def options_screen(driver: Driver, game_id: str, opponent: str = "bot:hard") -> OptionsScene:
    """The options screen of a game, over the main menu, after choosing `opponent` last time."""
    driver.app.bot_worker = FakeWorker(hold=True)
    driver.app.play_setup = {"opponent": opponent, "seat": 0}
    driver.app.stack.reset(MainMenu(driver.app))
    driver.app.stack.push(OptionsScene(driver.app, game_id))
    driver.frames()
    return driver.top


def started(driver: Driver) -> PlayScene | None:
    """The game that Enter started, if any."""
    driver.frames(2)
    return next((s for s in driver.app.stack.scenes if isinstance(s, PlayScene)), None)


def assert_as_shown(play: PlayScene | None, shown) -> None:
    """The game runs with the opponent, sides and options the screen showed."""
    assert play is not None, "Enter did not start the game"
    controllers, values = shown
    assert play.turns.controllers == controllers
    for name, value in values.items():
        if name != "seed":  # shuffled numbers draw a fresh seed for every game
            assert play.turns.match.options[name] == value, name


@pytest.mark.parametrize("row", [0, 1, 2])
def test_enter_on_any_row_starts_the_game_as_shown(driver, row):
    scene = options_screen(driver, "moriarty")
    scene.group.focus = row  # Opponent, You play, the first of the game's options
    shown = (scene.controllers(), dict(scene.values))
    driver.key(pygame.K_RETURN)
    assert_as_shown(started(driver), shown)
    assert shown[0] == ("human", "bot:hard")  # Hard bot stayed Hard bot


def test_enter_on_the_focused_back_button_goes_back(driver):
    scene = options_screen(driver, "strands")
    scene.group.focus = len(scene.group.buttons) - 1
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, MainMenu) and started(driver) is None


def test_left_and_right_change_the_focused_row(driver):
    scene = options_screen(driver, "moriarty")
    scene.group.focus = 0
    driver.key(pygame.K_LEFT)
    assert scene.opponent == "bot:medium"
    driver.key(pygame.K_RIGHT)
    assert scene.opponent == "bot:hard"


def test_the_screen_names_its_keys(driver):
    scene = options_screen(driver, "moriarty")
    texts = []
    blit = driver.app.theme.blit_text
    driver.app.theme.blit_text = lambda surface, text, *a, **k: (texts.append(text),
                                                                 blit(surface, text, *a, **k))[1]
    scene.draw(driver.app.screen)
    assert any("Enter starts" in text and "Left and Right" in text for text in texts)


KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "tab": pygame.K_TAB, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT}


@settings(max_examples=examples(30), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)),
       opponent=st.sampled_from(["human", "bot:easy", "bot:hard"]),
       keys=st.lists(st.sampled_from(sorted(KEYS)), max_size=12))
def test_after_any_keys_enter_starts_what_the_screen_shows(tmp_path_factory, game_id, opponent,
                                                           keys):
    driver = Driver(tmp_path_factory.mktemp("options"))
    try:
        scene = options_screen(driver, game_id, opponent)
        for name in keys:
            driver.key(KEYS[name])
        on_back = scene.group.focus == len(scene.group.buttons) - 1
        shown = (scene.controllers(), dict(scene.values))
        driver.key(pygame.K_RETURN)
        play = started(driver)
        if on_back:
            assert play is None and isinstance(driver.top, MainMenu)
            return
        assert_as_shown(play, shown)
    finally:
        pygame.quit()
