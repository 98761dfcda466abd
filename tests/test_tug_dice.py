"""Tug of War's dice: pick the dice to re-roll in any order (either of two equal dice will do),
equal dice marked "=", and a wrong click says what would be legal."""
from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.rules.tug_of_war import SETUP_CHOICE
from scenes.boards.base import Choice
from scenes.boards.tug_of_war import team_spot
from tests.support import examples
from tests.ui_driver import Driver

ORDERS = [order for k in (1, 2, 3) for order in itertools.permutations(range(3), k)]


def at_setup(driver: Driver, seed: int):
    """Yellow choosing which team dice to re-roll."""
    scene = driver.start("tug_of_war", seed=seed)
    driver.settle()
    assert scene.turns.match.state.phase == SETUP_CHOICE
    return scene


def reroll_button(scene):
    return next(b for b in scene.buttons if isinstance(b.value, Choice)
                and b.value.label.startswith("Re-roll"))


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 500), order=st.sampled_from(ORDERS))
def test_the_dice_to_re_roll_are_picked_in_any_order(tmp_path_factory, seed, order):
    driver = Driver(tmp_path_factory.mktemp("tug"))
    try:
        scene = at_setup(driver, seed)
        dice = scene.turns.match.state.team[0]
        for slot in order:
            assert team_spot(0, slot) in scene.picker.clickable(), f"slot {slot} after {order}"
            driver.click(driver.spot_pos(team_spot(0, slot)))
        assert set(scene.picker.selected) == {team_spot(0, s) for s in order}
        driver.click(reroll_button(scene).rect.center)
        values = "".join(str(v) for v in sorted(dice[s] for s in order))
        assert scene.turns.match.entries[-1].text == f"reroll {values}"
    finally:
        pygame.quit()


def test_any_picked_die_can_be_put_back(driver):
    scene = at_setup(driver, 4)
    for slot in (2, 0, 1):
        driver.click(driver.spot_pos(team_spot(0, slot)))
    driver.click(driver.spot_pos(team_spot(0, 0)))  # not the last picked: back all the same
    assert set(scene.picker.selected) == {team_spot(0, 2), team_spot(0, 1)}


def equal_setup(driver: Driver):
    """A setup where Yellow rolled two equal dice (the seed is searched for)."""
    for seed in range(200):
        scene = at_setup(driver, seed)
        dice = scene.turns.match.state.team[0]
        if len(set(dice)) < 3:
            return scene, dice
    raise AssertionError("no equal dice in 200 seeds")


def test_equal_dice_are_marked_and_either_will_do(driver, monkeypatch):
    from scenes.boards.tug_of_war import paint_dice
    scene, dice = equal_setup(driver)
    twins = [s for s in range(3) if dice.count(dice[s]) > 1]
    marks: list = []
    monkeypatch.setattr(paint_dice, "draw_same", lambda *args: marks.append(args))
    driver.frame_texts()
    assert len(marks) == len(twins)  # an "=" on each of the equal dice
    driver.click(driver.spot_pos(team_spot(0, twins[-1])))  # the later of the equal dice
    assert scene.picker.selected == (team_spot(0, twins[-1]),)  # that one is picked, as clicked
    driver.click(reroll_button(scene).rect.center)
    assert scene.turns.match.entries[-1].text == f"reroll {dice[twins[-1]]}"


@pytest.mark.parametrize("where", ["red die", "common slot"])
def test_a_wrong_click_at_setup_says_what_would_be_legal(driver, where):
    scene = at_setup(driver, 4)
    spot = team_spot(1, 0) if where == "red die" else ("common", 0)
    rect = scene.board.spot_rect(spot)
    driver.click(rect.center)
    assert scene.status.is_error
    assert "You can pick a team die of" in scene.status.text and "to re-roll" in scene.status.text
    assert "Keep these dice" in scene.status.text
