"""A kiosk is a touch screen: no keyboard hints under its buttons, no "type its letter" in its
prompts, on the demo, the quick start and a game started there."""
from __future__ import annotations

import pygame

from scenes.play.parts.setup import GameSetup
from scenes.play.play import PlayScene
from tests.support import carries
from tests.ui_driver import Driver

KEY_WORDS = ("Esc", "Enter", "type its letter", "(P)", "(C)", "F11", "Tab")


def drawn(driver: Driver) -> list[str]:
    """Every text one frame draws."""
    return driver.frame_texts(dt=0.05)


def test_a_kiosk_shows_no_keyboard_hints(tmp_path):
    driver = Driver(tmp_path, kiosk=True)
    try:
        driver.frames(5)
        texts = drawn(driver)  # the demo
        play = PlayScene(driver.app, setup=GameSetup("pulling_strings"))
        driver.app.stack.push(play)
        driver.frames(3)
        if play.turns.handoff_open:
            driver.key(pygame.K_RETURN)
        texts += drawn(driver)
        assert any(text.startswith("Eks") or "Pass to" in text for text in texts)
        shown = [text for text in texts if any(word in text for word in KEY_WORDS)]
        assert not shown, shown
        carries(play.prompt_words(play.turns.match.state, 0), "Eks", "pull", without=KEY_WORDS)
    finally:
        pygame.quit()


def test_a_desk_copy_keeps_its_keyboard_hints(driver):
    play = driver.start("pulling_strings")
    driver.frames(2)
    assert "type its letter" in play.prompt_words(play.turns.match.state, 0)
    assert "Enter" in drawn(driver)  # under "I am Eks: show me"
