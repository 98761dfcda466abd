"""Against the computer your own secrets stay shown (one person at the screen), the computer's
never; and Moriarty says which way is toward you."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.rules.moriarty import COLOURS, DIRECTION
from scenes.play.play import PlayScene
from tests.support import examples
from tests.test_play_vs_bot import FakeWorker, run_until
from tests.ui_driver import Driver


def vs_bot(driver: Driver, person: int, seed: int = 5) -> PlayScene:
    """Moriarty against a random bot, the person playing `person`."""
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    controllers = tuple("human" if s == person else "bot:easy" for s in (0, 1))
    scene = PlayScene(driver.app, "moriarty", {"games": 1}, seed=seed, controllers=controllers)
    driver.app.stack.push(scene)
    driver.frames()
    return scene


def play_to(driver: Driver, scene: PlayScene, rng: random.Random, phase: str) -> None:
    """Play the person's moves at random until they are to choose in `phase`."""
    for _ in range(500):
        run_until(driver, lambda: scene.turns.chooser is not None)
        state = scene.turns.match.state
        if state.phase == phase:
            return
        legal = state.legal_moves(scene.turns.chooser)
        driver.choose_by_keys(rng.choice([m for m in legal if str(m) != "end"] or legal))
    raise AssertionError(f"never reached {phase}")


@pytest.mark.parametrize("person", [0, 1])
def test_your_bonus_colour_shows_against_the_computer_and_its_stays_secret(driver, person):
    scene = vs_bot(driver, person)
    play_to(driver, scene, random.Random(person), DIRECTION)
    truth = scene.turns.match.state
    mine = COLOURS[truth.bonus[person]]
    view = scene.view()
    assert view.seat == person and view.state.bonus[person] == truth.bonus[person]
    assert view.state.bonus[1 - person] is None
    texts = driver.frame_texts()
    assert f"{mine} (x3)" in texts  # on your card
    assert texts.count("Bonus Colour: secret") == 1  # the computer's card only
    assert "Peek" not in [b.label for b in scene.buttons]  # nothing to peek at: it is shown


@pytest.mark.parametrize("person", [0, 1])
def test_moriarty_says_which_way_is_toward_you(driver, person):
    scene = vs_bot(driver, person)
    play_to(driver, scene, random.Random(7), DIRECTION)
    down = person == scene.turns.match.state.south
    way = "down" if down else "up"
    texts = driver.frame_texts()
    assert any(text.endswith(f"toward you: {way}") for text in texts)  # your card
    assert any(f"toward you ({way})" in text for text in texts)  # the top bar
    assert scene.board.words.prompt(scene.view().state, person).count("(") == 3


def test_hot_seat_keeps_the_public_view_outside_a_private_turn(driver):
    scene = driver.start("moriarty", seed=3)
    assert scene.turns.viewer is None and scene.view().seat is None


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 10_000), person=st.sampled_from([0, 1]))
def test_every_frame_against_the_computer_shows_yours_and_never_its(tmp_path_factory, seed,
                                                                     person):
    driver = Driver(tmp_path_factory.mktemp("own"), speed=8.0)
    try:
        scene = vs_bot(driver, person, seed)
        drawn = []
        draw = scene.board.draw
        scene.board.draw = lambda surface, view: (drawn.append((scene.turns.match.state, view)),
                                                  draw(surface, view))
        rng = random.Random(seed)
        for _ in range(300):
            turns = scene.turns
            run_until(driver, lambda: turns.chooser is not None or turns.match.state.is_terminal)
            if scene.turns.match.state.is_terminal:
                break
            legal = scene.turns.match.state.legal_moves(scene.turns.chooser)
            driver.choose_by_keys(rng.choice(legal))
        for truth, view in drawn:
            assert view.seat == person
            if not view.state.is_terminal:
                assert view.state.bonus[1 - person] is None
            if not view.animating and view.state.game_index == truth.game_index:
                assert view.state.bonus[person] == truth.bonus[person]
    finally:
        pygame.quit()
