"""Pictures in the rules: every rule has a small animated figure on its game's board, each figure
plays through the engine, sits under the rule it shows, and moves on screen; Strands' worked
examples play."""
from __future__ import annotations

import re

import pygame
import pytest

from game.figures import FigureError, figures_from_json
from game.registry import GAMES
from scenes.boards import board_class
from scenes.boards.base import PLAY_AREA
from scenes.screens.parts.rule_figures import FigurePlayer, load_figures
from scenes.screens.rules_view import FIGURE, ExampleScene, RulesScene, load_rules
from scenes.shell.theme import Theme


def rules_to_show(game_id: str) -> list[str]:
    """The rules a figure must show: every numbered rule (setting up, a turn, a variation) and
    every rule of how the game ends."""
    rules, section = [], ""
    for line in load_rules(game_id).splitlines():
        if line.startswith("## "):
            section = line[3:]
            continue
        numbered = re.match(r"- \d+\. ", line)
        ending = section.startswith("How the game ends") and line.startswith("- ")
        if numbered or ending:
            rules.append(line)
    return rules


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_rule_has_a_figure_that_plays(game_id):
    figures = load_figures(game_id)
    text = load_rules(game_id).splitlines()
    for figure in figures:
        assert sum(figure.rule in line for line in text) == 1, figure.rule
        start, steps = figure.steps()
        assert steps and figure.caption
    rules = rules_to_show(game_id)
    assert len(rules) >= 5
    for rule in rules:
        assert any(f.rule in rule for f in figures), f"no figure for {rule[:60]!r}"


def figure_for(game_id: str, words: str):
    """The figure drawn under the rule with these words."""
    return next(f for f in load_figures(game_id) if words in f.rule)


def test_the_tie_figure_shows_a_tie_at_5_played_on_then_decided_under_5():
    start, steps = figure_for("pulling_strings", "If the totals are equal and at least 5").steps()
    tied = steps[1][2]  # after the first turn's two pulls
    assert tied.tied and not tied.is_terminal and tied.scores() == (7, 7)
    end = steps[-1][2]
    assert end.outcome.winner == 0 and end.scores() == (4, 3)


def test_the_strands_ending_figures_say_what_their_boards_show():
    end = figure_for("strands", "Each player lists their groups").steps()[1][-1][2]
    assert end.is_terminal and end.scores() == ((19, 11, 2), (27, 1, 1))
    end = figure_for("strands", "Every board has an odd number of spaces").steps()[1][-1][2]
    assert end.is_terminal and len(end.stones) == 61
    assert [sum(sizes) for sizes in end.scores()] == [31, 30]
    assert end.scores() == ((29, 1, 1), (29, 1)) and end.outcome.winner == 0


def test_a_figure_that_does_not_play_is_refused_saying_which():
    text = '{"format": "quintet-figures", "version": 1, "game": "synch", "figures": [' \
           '{"rule": "x", "caption": "", "setup": ["0:d4"], "moves": ["0:e5"]}]}'
    figure = figures_from_json(text)[0]
    with pytest.raises(FigureError, match="0:e5"):
        figure.steps()
    for broken in ('{', '{"format": "x"}', text.replace('"synch"', '"go"'),
                   text.replace('"moves": ["0:e5"]', '"moves": "0:e5"')):
        with pytest.raises(FigureError):
            figures_from_json(broken).__getitem__(0).steps()


def test_a_figure_loops_through_its_moves():
    figure = load_figures("pulling_strings")[3]
    player = FigurePlayer(figure, Theme())
    seen = set()
    for _ in range(400):
        player.update(0.05)
        seen.add(player.index)
    assert seen == set(range(len(player.steps) + 1))  # every move, then back to the start


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_rules_screen_draws_each_figure_under_its_rule_and_it_moves(driver, game_id):
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("rules", game_id=game_id)
    driver.frames()
    rules = driver.top
    assert isinstance(rules, RulesScene)
    blocks = [i for i, line in enumerate(rules.lines) if line[0] is FIGURE]
    assert len(blocks) == len(load_figures(game_id))
    for index in blocks:  # right under the words of its rule
        before = " ".join(str(line[0]) for line in rules.lines[max(0, index - 4):index])
        assert rules.lines[index][2].rule.split()[-1] in before
    top = sum(rules._step(line) for line in rules.lines[:blocks[0]])
    rules.scroll = max(0, top - driver.app.theme.px(40))
    driver.frames()
    pictures = set()
    for _ in range(40):
        driver.frames(dt=0.05)
        pictures.add(pygame.image.tobytes(driver.app.screen, "RGB"))
    assert len(pictures) > 2  # the figure moves


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (2560, 1440)])
def test_the_rules_with_figures_fit(tmp_path, size):
    from tests.test_text_fits import check, inks_of, window
    with window(tmp_path, size) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("rules", game_id="tug_of_war")
        driver.frames()
        rules = driver.top
        for scroll in range(0, rules._content_height(), driver.app.theme.px(300)):
            rules.scroll = scroll
            words = [ink for ink in inks_of(driver, [rules]) if not ink.scaled]
            check([ink for ink in words if not ink.cut], size)  # (lines at the scroll's
            # edges are cut by it, as in any scrolled text)


def test_strands_worked_examples_play(driver):
    spec = GAMES["strands"]
    examples = board_class("strands")(spec, spec.resolve_options(), Theme()).examples()
    assert len(examples) == 2
    for example in examples:
        state = example.start
        for move in example.moves:
            state = state.apply(move).state
    assert state.group_sizes(0)[0] == 7  # the groups joined
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("rules", game_id="strands")
    driver.frames()
    driver.key(pygame.K_e, "e")
    assert isinstance(driver.top, ExampleScene)
    for _ in range(100):
        driver.frames(dt=0.05)
    assert driver.top.step_index > 0


def test_the_rules_scrollbar_goes_where_it_is_clicked(driver):
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("rules", game_id="moriarty")
    driver.frames()
    rules = driver.top
    limit = rules._scroll_limit()
    assert limit > 0  # Moriarty's rules run past one screen
    track = rules.scroll_track()
    driver.click((track.centerx, track.bottom - 1))
    assert rules.scroll >= limit * 0.99
    driver.click((track.centerx, track.top))
    assert rules.scroll == 0


def test_a_figure_is_drawn_large_enough_to_read_its_cards(driver):
    """A figure is the play screen's board shrunk: at 460 design pixels wide its cards' words
    came out at 5-6 pixels. It is drawn at least 0.75 of the play screen's own size now."""
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("rules", game_id="moriarty")
    driver.frames()
    width, _ = driver.top.figure_size()
    assert width >= 0.75 * driver.app.theme.px(PLAY_AREA[0])
