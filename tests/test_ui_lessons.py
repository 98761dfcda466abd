"""The guided first game on the real play screen, driven by posted events: the learner's moves
clicked as asked, the computer's from the script (never the bot), a wrong move answered with
help, the lesson left at any step, and the Easy computer taking over once the script runs out."""
from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from scenes.play.parts.picker import Extra
from scenes.play.play import PlayScene
from tests.test_play_vs_bot import FakeWorker
from tests.text_inspector import marks_on_words


def start_lesson(driver, game_id: str) -> PlayScene:
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    driver.frames()
    driver.app.go("learn", game_id=game_id)
    driver.frames()
    scene = driver.top
    assert isinstance(scene, PlayScene) and scene.guide is not None
    return scene


def to_learner(driver, scene: PlayScene, limit: int = 3000) -> None:
    """Run frames, acknowledging the lesson's pauses, until the learner is asked to move."""
    for _ in range(limit):
        if scene.turns.chooser is not None:
            return
        if scene.turns.hold is not None:
            driver.key(pygame.K_SPACE, " ")
            continue
        driver.frames(dt=0.05)
    raise AssertionError("the lesson never came to the learner")


def saves(driver) -> list:
    return driver.app.data.saves().scan()[0]


def leave_button(scene: PlayScene):
    return next(b for b in scene.buttons if b.value == Extra("leave"))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_lesson_played_by_clicks_to_its_end_then_the_easy_computer_plays_on(driver, game_id):
    scene = start_lesson(driver, game_id)
    lesson = scene.guide.lesson
    seen_words = set()
    while scene.turns.in_lesson():
        to_learner(driver, scene)
        if not scene.turns.in_lesson():
            break
        seen_words.add(scene.guide.panel_words(scene.turns.match)[1])
        step = scene.guide.step(scene.turns.match)
        assert step.by == "you"
        drawn = driver.frame_texts()
        assert step.ask in drawn  # the top bar asks for the move
        assert scene.lesson_spot() is not None  # and the board rings where to click
        driver.choose_by_clicks(scene.guide.expected(scene.turns.match, scene.turns.chooser))
        if scene.turns.in_lesson():  # the computer plays from the script, never the bot
            assert driver.app.bot_worker.requests == []
            assert saves(driver) == []  # nor is it a game to continue
    assert [str(e) for e in scene.turns.match.entries] == \
        [str(lesson.entry(i)) for i in range(len(lesson.steps))]
    assert len(seen_words) >= 3
    for _ in range(500):  # the last move is revealed and animated before the last words show
        if scene.turns.countdown is None and scene.turns.animation is None:
            break
        assert scene.guide.panel_words(scene.turns.match)[0] != "Lesson done"
        driver.frames(dt=0.05)
    driver.frames()
    driver.app.invalidate()
    assert lesson.finish in " ".join(driver.frame_texts()) or \
        scene.guide.panel_words(scene.turns.match) == ("Lesson done", lesson.finish)
    for _ in range(2000):  # the Easy computer is asked once the game waits on it
        if driver.app.bot_worker.requests:
            break
        if scene.turns.hold is not None:
            driver.key(pygame.K_SPACE, " ")
        elif scene.turns.chooser is not None:  # the learner's free moves (Moriarty's set-up)
            driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
        else:
            driver.frames(dt=0.05)
    assert driver.app.bot_worker.requests[0]["level"] == "easy"
    assert scene.players_line().endswith("Easy bot") or "Easy bot" in scene.players_line()


def test_a_wrong_move_gets_a_word_of_help_and_the_lesson_goes_on(driver):
    scene = start_lesson(driver, "pulling_strings")
    to_learner(driver, scene)
    entries = len(scene.turns.match.entries)
    driver.choose_by_clicks(scene.turns.match.spec.parse_move("d"))  # legal, but the lesson asks c
    assert len(scene.turns.match.entries) == entries
    assert scene.status.text.startswith("Not this time") and scene.status.is_error
    assert scene.turns.chooser is not None  # no dead end: still the learner's choice
    driver.choose_by_clicks(scene.turns.match.spec.parse_move("c"))
    assert len(scene.turns.match.entries) == entries + 1


def test_a_secret_choice_in_a_lesson_is_selected_then_locked_in_as_asked(driver):
    """The lesson and the lock-in step together: a choice not asked for is refused as soon as
    it is picked (nothing stays selected); the one asked for waits, and the lesson then rings
    Lock in, which plays it."""
    scene = start_lesson(driver, "pulling_strings")
    to_learner(driver, scene)
    assert scene.turns.secret_turn()
    entries = len(scene.turns.match.entries)
    asked = scene.guide.expected(scene.turns.match, scene.turns.chooser)
    wrong = next(m for m in scene.turns.match.state.legal_moves(scene.turns.chooser) if m != asked)
    driver.click(driver.spot_pos(scene.board.path(wrong, scene.turns.match.state)[0]))
    assert scene.status.text.startswith("Not this time") and scene.status.is_error
    assert scene.picker.selected == () and scene.picker.pending_choice() is None
    driver.click(driver.spot_pos(scene.board.path(asked, scene.turns.match.state)[0]))
    assert scene.picker.pending_choice() == asked and len(scene.turns.match.entries) == entries
    # a guide, not focus
    assert scene.lesson_spot() == Extra("lockin") and scene.picker.focus is None
    assert driver.lock_in_button()  # and it is on screen
    driver.key(pygame.K_RETURN)
    assert len(scene.turns.match.entries) == entries + 1


def test_an_illegal_move_is_explained_by_the_rules(driver):
    scene = start_lesson(driver, "strands")
    to_learner(driver, scene)
    b2 = scene.board.path(scene.turns.match.spec.parse_move("b2"), scene.turns.match.state)[0]
    driver.click(scene.board.spot_rect(b2).center)  # a 3: Black opens on a 2
    assert len(scene.turns.match.entries) == 0
    assert "marked 2" in scene.status.text and scene.status.is_error


@pytest.mark.parametrize("game_id", ["moriarty", "tug_of_war"])
def test_the_lesson_can_be_left_at_any_step(driver, game_id):
    scene = start_lesson(driver, game_id)
    to_learner(driver, scene)
    driver.choose_by_clicks(scene.guide.expected(scene.turns.match, scene.turns.chooser))
    to_learner(driver, scene)
    driver.click(leave_button(scene).rect.center)
    driver.frames()
    assert driver.top.route == "menu"
    assert saves(driver) == []


def test_the_lesson_can_be_left_while_it_waits_to_be_read(driver):
    scene = start_lesson(driver, "pulling_strings")
    for _ in range(200):
        if scene.turns.hold is not None:
            break
        driver.frames(dt=0.05)
    assert scene.turns.hold is not None  # the welcome waits to be read
    driver.click(leave_button(scene).rect.center)
    driver.frames()
    assert driver.top.route == "menu"


@pytest.mark.parametrize("size", [(800, 500), (720, 450), (1280, 720)])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_step_of_a_lesson_fits_and_shows_its_words_whole(tmp_path, size, game_id):
    """Each step's words fit (720x450: the first window on an 800x500 display) and read at
    4.5:1, and its guide's brackets touch no word (they once hid Strands' d4 and d5)."""
    from tests.test_text_fits import check_play, inks_of, window
    with window(tmp_path, size) as driver:
        scene = start_lesson(driver, game_id)
        for _ in range(200):
            if not scene.turns.in_lesson():
                break
            if scene.turns.hold is None and scene.turns.chooser is None:
                driver.frames(dt=0.05)
                continue
            scene.turns.skip()
            check_play(driver, scene, size)
            drawn = " ".join(ink.text for ink in inks_of(driver))
            words = scene.guide.panel_words(scene.turns.match)[1].split()
            assert " ".join(words[-2:]) in drawn, f"the end of {words} is not shown"
            spot = scene.lesson_spot
            covered = marks_on_words(driver, lambda on: setattr(
                scene, "lesson_spot", spot if on else lambda: None))
            del scene.lesson_spot  # the scene's own again
            assert not covered, f"the guide round {spot()} covers words: {covered}"
            if scene.turns.hold is not None:
                driver.key(pygame.K_SPACE, " ")
            else:
                turns = scene.turns
                driver.choose_by_clicks(scene.guide.expected(turns.match, turns.chooser))
        assert not scene.turns.in_lesson()


def game_select(driver):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    driver.frames()
    driver.app.go("select")
    driver.frames()
    return driver.top


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_card_s_learn_button_starts_its_lesson(driver, game_id):
    select = game_select(driver)
    driver.click(select.learn_rects[game_id].center)
    driver.frames()
    assert isinstance(driver.top, PlayScene) and driver.top.guide.lesson.game == game_id


def test_l_learns_the_focused_card_s_game(driver):
    select = game_select(driver)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_l, "l")
    driver.frames()
    assert driver.top.guide.lesson.game == select.ids[1]


def test_a_game_never_played_offers_its_lesson_once_a_session(driver):
    from scenes.screens.select import OptionsScene
    select = game_select(driver)
    card = select.group.buttons[select.ids.index("synch")]
    driver.click(card.rect.center)
    offer = driver.top
    assert offer.route == "confirm" and "Synch" in offer.title
    driver.click(offer.group.buttons[0].rect.center)  # Learn it
    driver.frames()
    assert isinstance(driver.top, PlayScene) and driver.top.guide.lesson.game == "synch"
    driver.click(leave_button(driver.top).rect.center)
    driver.frames()
    assert driver.top is select
    driver.click(card.rect.center)  # offered once a session: now straight to the options
    assert isinstance(driver.top, OptionsScene)
    driver.key(pygame.K_ESCAPE)
    strands = select.group.buttons[select.ids.index("strands")]
    driver.click(strands.rect.center)
    driver.click(driver.top.group.buttons[1].rect.center)  # Just play
    assert isinstance(driver.top, OptionsScene) and driver.top.spec.id == "strands"


def test_a_game_finished_here_before_offers_no_lesson(driver):
    from game.core import Outcome
    from scenes.screens.select import OptionsScene
    driver.app.data.stats().count("moriarty", ("human", "bot:easy"), Outcome(0, "test", (1, 0)))
    select = game_select(driver)
    driver.click(select.group.buttons[select.ids.index("moriarty")].rect.center)
    assert isinstance(driver.top, OptionsScene)


@pytest.mark.parametrize("how", ["click", "key"])
def test_the_rules_lead_to_the_lesson_of_the_game_shown(driver, how):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("rules", game_id="tug_of_war")
    driver.frames()
    rules = driver.top
    if how == "click":
        button = next(b for b in rules.group.buttons if b.value == "learn")
        driver.click(button.rect.center)
    else:
        driver.key(pygame.K_l, "l")
    driver.frames()
    assert driver.top.guide.lesson.game == "tug_of_war"
    driver.click(leave_button(driver.top).rect.center)
    driver.frames()
    assert driver.top is rules
