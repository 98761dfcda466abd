"""A lesson's pace on the real play screen, driven headless by posted events: each of the
computer's steps with words to read waits for Continue, one with none plays on (the progress
counts every page, never jumping), every summary card has its Continue, the step asked for has
a guide of its own (never the keyboard's focus ring), and Enter alone does what that guide asks,
through every game's whole lesson."""
from __future__ import annotations

import numpy
import pygame
import pytest

from game.registry import GAMES
from game.words import play_screen as says
from scenes.play.parts.picker import Extra
from scenes.play.play import PlayScene
from scenes.shell import theme as th
from tests.test_ui_lessons import start_lesson

WAIT = 40  # frames of 0.1 s: four seconds in which nothing may happen without Continue


def calm(scene: PlayScene) -> bool:
    """True when nothing is being shown: no countdown, no animation."""
    return scene.turns.countdown is None and scene.turns.animation is None


def guide_pixels(driver, rect: pygame.Rect | None = None) -> int:
    """How many pixels of the lesson's guide colour are on screen (within `rect` if given)."""
    driver.app.invalidate()
    driver.frames(dt=0.001)
    pixels = pygame.surfarray.array3d(driver.app.screen)
    if rect is not None:
        rect = rect.clip(driver.app.screen.get_rect())
        pixels = pixels[rect.left:rect.right, rect.top:rect.bottom]
    return int(numpy.all(pixels == th.GUIDE, axis=2).sum())


def guided_rect(scene: PlayScene) -> pygame.Rect:
    """Where the spot or button the lesson asks for is."""
    spot = scene.lesson_spot()
    rect = next((b.rect for b in scene.buttons if b.value == spot), None) \
        or scene.board.spot_rect(spot)
    assert rect is not None, f"the lesson's spot {spot!r} is not on screen"
    return rect


def continue_button(scene: PlayScene):
    """The Continue button on screen, if any."""
    return next((b for b in scene.buttons if b.value == Extra("continue")), None)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_computer_step_waits_for_continue_and_every_card_has_its_continue(driver,
                                                                                 game_id):
    scene = start_lesson(driver, game_id)
    lesson = scene.guide.lesson
    total = len(lesson.steps)
    held_at, card_at, progress, cards = set(), set(), set(), 0
    for _ in range(5000):
        if not calm(scene):
            driver.frames(dt=0.05)
            continue
        if scene.turns.chooser is not None:
            driver.frames()  # the frame the learner first sees: the words have caught up
        shown = scene.guide.panel_words(scene.turns.match)
        progress.add(shown[0] if shown else None)
        if scene.turns.hold is not None:
            made = len(scene.turns.match.entries)
            held_at.add(made)
            button = continue_button(scene)
            assert button is not None and driver.app.screen.get_rect().contains(button.rect)
            assert scene.lesson_spot() == Extra("continue")  # the guide is on Continue
            if scene.turns.hold.summary is not None:  # a card over the board, Continue beside it
                cards += 1
                card_at.add(made)
                turns = scene.turns
                assert not button.rect.colliderect(scene.board.summary_rect(turns.hold.summary))
                assert "Continue" in driver.frame_texts()
            for _ in range(WAIT):  # nothing moves on until Continue
                driver.frames(dt=0.1)
                assert scene.turns.hold is not None and len(scene.turns.match.entries) == made
            driver.click(button.rect.center)
            assert scene.turns.hold is None
            continue
        if scene.turns.chooser is not None and scene.turns.in_lesson():
            driver.choose_by_clicks(scene.guide.expected(scene.turns.match, scene.turns.chooser))
            continue
        if scene.turns.chooser is not None or scene.guide.told(scene.turns.match) > total:
            break  # the free game: the learner's first choice, or the Easy computer's move
        driver.frames(dt=0.05)
    else:
        raise AssertionError("the lesson did not come to its end")
    computer = {i for i, step in enumerate(lesson.steps) if step.by == "computer" and step.say}
    assert computer <= held_at, f"steps {sorted(computer - held_at)} did not wait for Continue"
    silent = {i for i, step in enumerate(lesson.steps) if step.by != "you" and not step.say}
    assert not silent & held_at - card_at, "a step with nothing new to read held play"
    # the progress named every page in turn: the computer's steps with words never ran on unseen
    assert {says.lesson_progress(page, lesson.pages) for page in range(lesson.pages)} <= progress
    if game_id == "moriarty":  # game 1 ends with the script: its card waits for Continue
        assert cards >= 1


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_lesson_s_guide_is_not_the_keyboard_s_focus(driver, game_id):
    scene = start_lesson(driver, game_id)
    for _ in range(3000):
        if calm(scene) and scene.turns.chooser is not None:
            break
        if calm(scene) and scene.turns.hold is not None:
            assert guide_pixels(driver, guided_rect(scene).inflate(60, 60)) > 0  # on Continue
            driver.key(pygame.K_RETURN)
            continue
        driver.frames(dt=0.05)
    assert scene.lesson_spot() is not None and scene.picker.focus is None
    assert scene.view().focus is None  # the board draws no focus ring for the lesson's spot
    rect = guided_rect(scene)
    around = guide_pixels(driver, rect.inflate(60, 60))
    assert around > 20 and around == guide_pixels(driver)  # round the spot asked, nowhere else
    driver.key(pygame.K_TAB)  # the keyboard's focus: its own ring, the guide stays as it was
    assert scene.picker.focus is not None and scene.view().focus == scene.picker.focus \
        or scene.picker.focus in [b.value for b in scene.buttons]
    assert guide_pixels(driver, rect.inflate(60, 60)) == around
    scene.turns.skip()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_enter_alone_does_what_the_guide_asks_through_the_whole_lesson(driver, game_id):
    """Continue at each pause, each spot of the learner's move, then Lock in: Enter does each,
    and the lesson plays exactly its script with no word of help needed."""
    scene = start_lesson(driver, game_id)
    lesson = scene.guide.lesson
    presses = 0
    for _ in range(10_000):
        if not scene.turns.in_lesson() and calm(scene):
            break
        if calm(scene) and (scene.turns.hold is not None or scene.turns.chooser is not None):
            assert scene.lesson_spot() is not None, "the guide shows nothing to do"
            driver.key(pygame.K_RETURN)
            presses += 1
            assert not scene.status.is_error, scene.status.text
            continue
        driver.frames(dt=0.05)
    else:
        raise AssertionError("Enter did not take the lesson to its end")
    assert [str(e) for e in scene.turns.match.entries[:len(lesson.steps)]] == \
        [str(lesson.entry(i)) for i in range(len(lesson.steps))]
    assert presses >= sum(step.by == "you" for step in lesson.steps)


def test_after_an_undo_the_computer_s_step_waits_for_continue_again(driver):
    scene = start_lesson(driver, "moriarty")  # ... you pass; the computer pivot 6; you take 7
    steps = scene.guide.lesson.steps
    assert [steps[i].move for i in (15, 16, 17)] == ["pass", "pivot 6", "take 7"]
    for _ in range(5000):
        if calm(scene) and scene.turns.chooser is not None and len(scene.turns.match.entries) == 17:
            break
        if calm(scene) and scene.turns.hold is not None:
            driver.key(pygame.K_RETURN)
        elif calm(scene) and scene.turns.chooser is not None:
            driver.choose_by_clicks(scene.guide.expected(scene.turns.match, scene.turns.chooser))
        else:
            driver.frames(dt=0.05)
    driver.key(pygame.K_z, "z", pygame.KMOD_CTRL)  # back before the pass, the pivot 6 too
    assert len(scene.turns.match.entries) == 15
    driver.frames()
    driver.choose_by_clicks(scene.guide.expected(scene.turns.match, scene.turns.chooser))
    for _ in range(100):  # pass again: the computer's pivot 6 waits for Continue once more
        driver.frames(dt=0.05)
        assert len(scene.turns.match.entries) == 16
    assert scene.turns.hold is not None and scene.lesson_spot() == Extra("continue")
