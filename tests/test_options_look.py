"""Game options look as the Opponent row does (issue 40, item 3): a yes/no or two-way option is a
row of choices side by side, never - and +; each row has a short name in the Opponent row's type,
with its explanation on one line beneath; numbers show as numbers ("256", not a formula)."""
from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from scenes.screens.select import LABEL_SIZE, OptionsScene, option_values, option_words
from tests.text_inspector import InkSurface, inspecting
from tests.ui_driver import Driver


@pytest.fixture
def driver(tmp_path):
    made = Driver(tmp_path, size=(800, 500))
    made.app.stack.reset(made.app.make("menu"))
    yield made
    pygame.quit()


def options(driver: Driver, game_id: str) -> OptionsScene:
    scene = OptionsScene(driver.app, game_id)
    driver.app.stack.push(scene)
    driver.frames()
    return scene


def inks(driver: Driver, scene: OptionsScene):
    theme = driver.app.theme
    with inspecting():
        theme._fonts.clear()
        theme._texts.clear()
        surface = InkSurface(driver.app.screen.get_size())
        scene.draw(surface)
    theme._fonts.clear()
    theme._texts.clear()
    return surface.inks


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_choices_are_toggles_and_every_option_has_a_name_and_one_line(driver, game_id):
    scene = options(driver, game_id)
    drawn = inks(driver, scene)
    opponent = next(ink for ink in drawn if ink.text == "Opponent")
    for row, (kind, index) in enumerate(scene.rows):
        if kind != "option":
            continue
        option = scene.shown[index]
        words = option_words(game_id, option)
        if option_values(option):  # yes/no, two-way: a toggle as Opponent's, not - and +
            assert row in scene.segments and row not in scene.minus, option.name
            assert len(scene.segments[row]) == len(option_values(option))
        else:
            assert row in scene.minus and row not in scene.segments, option.name
        assert len(words.label) <= 16, words.label
        rect = scene.group.buttons[row].rect
        label = [ink for ink in drawn if ink.text == words.label and rect.contains(ink.rect)]
        lines = [ink for ink in drawn if ink.text == words.explain]
        assert len(label) == 1 and label[0].px == opponent.px, option.name  # Opponent's type
        assert len(lines) == 1 and rect.contains(lines[0].rect), option.name  # one whole line
        assert lines[0].rect.top >= label[0].rect.bottom  # beneath the name
        assert "(" not in words.label and not words.explain[:1].islower()


def test_numbers_show_as_numbers(driver):
    scene = options(driver, "synch")
    row = next(r for r, (kind, i) in enumerate(scene.rows)
               if kind == "option" and scene.shown[i].name == "move_limit")
    size_row = next(r for r, (kind, i) in enumerate(scene.rows)
                    if kind == "option" and scene.shown[i].name == "size")
    shown = {ink.text for ink in inks(driver, scene)}
    assert "256" in shown and not any("x size" in text for text in shown)
    scene.change(size_row, 1)  # a 9 x 9 grid: 4 moves for each of its 81 squares
    assert "324" in {ink.text for ink in inks(driver, scene)}
    scene.change(row, 1)  # a step from the number shown, not from the 0 behind it
    assert scene.values["move_limit"] == 330  # (to a round 10 from 324)
    assert "330" in {ink.text for ink in inks(driver, scene)}


def test_a_click_on_an_option_s_choice_picks_it(driver):
    scene = options(driver, "moriarty")
    row = next(r for r, (kind, i) in enumerate(scene.rows)
               if kind == "option" and scene.shown[i].name == "swap_sides")
    rect, value = scene.segments[row][1]
    assert value is False and scene.values["swap_sides"] is True
    driver.click(rect.center)
    assert scene.values["swap_sides"] is False
    assert "Yes" in {ink.text for ink in inks(driver, scene)}
    assert LABEL_SIZE.weight == "semibold"
