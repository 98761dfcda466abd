"""Key hints in a quiet form: a button's key shows as a key cap only on focus or hover and only
where there is a keyboard (theme.key_hints), a move's typed words never show on its button, and
showing a key moves no button."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.registry import GAMES
from scenes.boards.base import Choice
from scenes.shell.widgets import Button, draw_button, hint_words, is_key, key_of, typed
from tests.support import examples
from tests.ui_driver import Driver


def drawn_words(theme, button: Button, **looks) -> list[str]:
    """Every text drawn for a button in these looks (hovered, focused...)."""
    drawn: list[str] = []
    blit = theme.blit_text
    theme.blit_text = lambda surface, text, *a, **k: (drawn.append(text),
                                                      blit(surface, text, *a, **k))[1]
    try:
        draw_button(pygame.Surface((500, 300)), theme, button, **looks)
    finally:
        theme.blit_text = blit
    return drawn


@pytest.mark.parametrize("key", ["Esc", "Ctrl+Z", "?", "R", "F1", "Enter", "Left"])
def test_a_key_shows_only_on_focus_or_hover_and_only_with_a_keyboard(driver, key):
    theme = driver.app.theme
    button = Button("Menu", "menu", pygame.Rect(100, 100, 160, 60), hint=key)
    assert key not in drawn_words(theme, button), "a key shows at rest"
    assert key in drawn_words(theme, button, hovered=True)
    assert key in drawn_words(theme, button, focused=True)
    theme.key_hints = False  # a touch kiosk
    try:
        assert key not in drawn_words(theme, button, hovered=True, focused=True)
    finally:
        theme.key_hints = True


def test_words_under_a_label_still_show(driver):
    """A second line that is no key (Continue's saved game) shows at rest, as before."""
    button = Button("Continue", "continue", pygame.Rect(100, 100, 300, 70),
                    hint="Moriarty · hot-seat · turn 3")
    assert button.hint in drawn_words(driver.app.theme, button)
    assert hint_words(button) == button.hint and key_of(button) == ""


@settings(max_examples=examples(40), deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz 0123456789", min_size=2, max_size=14))
def test_a_move_s_typed_words_are_never_shown(words):
    """A board's Choice on a button: its key is what a player types ("keep", "edge south",
    "reroll 1"), never drawn on the button, at rest, hovered or focused."""
    pygame.font.init()
    from scenes.shell import theme as th
    theme = th.Theme()
    theme.set_window((1280, 720))
    button = Button("Keep these dice", Choice("Keep these dice", words),
                    pygame.Rect(100, 100, 300, 70), hint=words)
    assert typed(button) and key_of(button) == "" and hint_words(button) == ""
    for looks in ({}, {"hovered": True}, {"focused": True}):
        assert words not in drawn_words(theme, button, **looks)


@pytest.mark.parametrize("words", ["edge south", "opp", "reroll 1", "keep", "moriarty", "pass",
                                   "any key", "codes"])
def test_words_are_not_keys(words):
    assert not is_key(words) or words == "any key"


@settings(max_examples=examples(8), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       turns=st.integers(1, 10))
def test_play_buttons_show_no_typed_command_and_keep_their_places(tmp_path_factory, game_id,
                                                                  seed, turns):
    """In generated play, no button shows a move's typed words, and pointing at each button
    (its key cap appearing) moves none of them."""
    driver = Driver(tmp_path_factory.mktemp("keys"))
    try:
        scene = driver.start(game_id, seed=seed)
        driver.play_calmly(scene, random.Random(seed), turns)
        driver.frame_texts()  # the buttons of this moment
        if driver.top is not scene:  # the game ended: the results have buttons of their own
            return
        commands = {b.hint for b in scene.buttons if typed(b)}
        for button in list(scene.buttons):
            places = [b.rect.copy() for b in scene.buttons]
            driver.post(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                        buttons=(0, 0, 0))
            texts = driver.frame_texts()
            assert not commands & set(texts), f"{game_id}: a typed command shows: {commands}"
            assert [b.rect for b in scene.buttons] == places, f"{game_id}: a button moved"
            key = key_of(button)
            if key and button.enabled:
                assert key in texts, f"{game_id}: {button.label}'s key {key} does not show"
    finally:
        pygame.quit()


def test_strands_end_turn_shows_no_typed_command(driver):
    """The check can fail: Strands' End turn (typed "end") is on screen and "end" is not."""
    scene = driver.start("strands", seed=1)
    driver.play_calmly(scene, random.Random(1), 2)  # White's first stone of two: End turn shows
    texts = driver.frame_texts()
    ends = [b for b in scene.buttons if typed(b)]
    assert ends and "End turn" in texts, [b.label for b in scene.buttons]
    assert not {b.hint for b in ends} & set(texts)
