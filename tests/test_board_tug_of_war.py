"""The Tug of War board: whole games by mouse and keys, paths of dice, drawing, and words."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core import NodeKind
from game.match import sample_chance
from game.registry import GAMES
from game.rules.tug_of_war import (
    ACT, SETUP_CHOICE, TURN_ROLL, Exchange, Remove, Roll, TugOfWarState,
)
from scenes.boards.base import Choice, View
from scenes.boards.tug_of_war import BOARD, common_spot, team_spot
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.shell.synth import EFFECTS
from scenes.shell.theme import Theme
from tests.support import carries
from tests.ui_driver import Driver

SIZES = ((1280, 720), (800, 500))


@pytest.fixture
def board():
    pygame.init()
    theme = Theme()
    theme.set_window((1280, 720))
    made = BOARD(GAMES["tug_of_war"], {}, theme)
    made.layout(pygame.Rect(12, 68, 925, 510))
    yield made
    pygame.quit()


def acting(team, common, athletes=(10, 10), to_move=0, **fields) -> TugOfWarState:
    """A turn in progress: the common dice are rolled and `to_move` is to pair them."""
    teams = (team, (3, 3, 3)) if to_move == 0 else ((3, 3, 3), team)
    return TugOfWarState(athletes=athletes, team=teams, common=common, phase=ACT,
                         to_move=to_move, **fields)


def playout_steps(seed: int, limit: int = 400):
    """(before, step) pairs of a random game straight on the engine."""
    rng = random.Random(seed)
    state = GAMES["tug_of_war"].new_game()
    for _ in range(limit):
        if state.is_terminal:
            return
        if state.kind is NodeKind.CHANCE:
            step = state.apply_chance(sample_chance(state, rng))
        else:
            seat = state.awaiting[0]
            step = state.apply(rng.choice(state.legal_moves(seat)), seat)
        yield state, step
        state = step.state


def at_act(driver) -> PlayScene:
    """Yellow pairing team dice 2, 4, 6 with common dice 5, 3, 1, on screen."""
    scene = driver.start("tug_of_war", seed=2)
    driver.settle()
    scene.turns.match.state = acting((2, 4, 6), (5, 3, 1))
    scene.turns.caption = ""
    driver.frames()
    assert scene.turns.chooser == 0
    return scene


# ---- whole games through the UI ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [31, 12, 27])  # seeds of shortish games keep the file quick
def test_whole_games_by_mouse_alone(driver, seed):
    driver.start("tug_of_war", seed=seed)
    final = driver.play_to_end(random.Random(seed), how="clicks")
    assert final.is_terminal
    assert isinstance(driver.top, ResultsScene)


def test_a_whole_game_by_keys_alone(driver):
    driver.start("tug_of_war", seed=14)
    final = driver.play_to_end(random.Random(14), how="keys")
    assert final.is_terminal
    assert isinstance(driver.top, ResultsScene)


def test_a_whole_game_at_the_small_window(tmp_path):
    drv = Driver(tmp_path, size=(800, 500))
    try:
        drv.start("tug_of_war", seed=11)
        assert drv.play_to_end(random.Random(11), how="clicks").is_terminal
        assert isinstance(drv.top, ResultsScene)
    finally:
        pygame.quit()


# ---- paths of spots ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_every_path_spot_is_on_the_board_or_a_button(board, seed):
    for state, _ in playout_steps(seed):
        if state.kind is not NodeKind.DECISION:
            continue
        paths = {}
        for move in state.legal_moves(state.to_move):
            path = board.path(move, state)
            assert path not in paths, f"{move} and {paths.get(path)} share a path"
            paths[path] = move
            for spot in path:
                if isinstance(spot, Choice):
                    assert spot.key == str(move) or spot.label in ("Keep these dice", "End turn")
                    continue
                rect = board.spot_rect(spot)
                assert rect is not None and board.area.contains(rect), spot
                assert board.spot_at(rect.center, state) == spot  # the click finds the spot
            assert isinstance(path[-1], Choice) or len(path) == 2
        for path in paths:  # a finished path never stops short of a longer one
            assert not any(other[:len(path)] == path for other in paths if other != path)


def test_pairings_read_the_dice_in_order(board):
    state = acting((2, 4, 6), (5, 3, 3))
    assert board.path(Remove(5, 4), state) == (common_spot(0), team_spot(0, 1))
    assert board.path(Exchange(3, 2), state) == (team_spot(0, 0), common_spot(1))
    # either 3 will do: a click on the second is the second, and a way to the same move
    assert board.spot_at(board.spot_rect(common_spot(2)).center, state) == common_spot(2)
    assert set(board.paths(Remove(3, 6), state)) == {(common_spot(1), team_spot(0, 2)),
                                                     (common_spot(2), team_spot(0, 2))}
    assert board.guess_move((common_spot(1), team_spot(0, 2)), state) == Remove(3, 6)
    assert board.guess_move((team_spot(0, 2), common_spot(0)), state) == Exchange(5, 6)
    assert board.guess_move((team_spot(1, 0),), state) is None  # the other side's die


# ---- clicking on screen -----------------------------------------------------------------------
def test_clicking_the_first_die_again_unpicks_it(driver):
    scene = at_act(driver)
    entries = len(scene.turns.match.entries)
    first = common_spot(0)
    assert first in scene.picker.clickable()
    driver.click(driver.spot_pos(first))
    assert scene.picker.selected == (first,)
    assert team_spot(0, 1) in scene.picker.clickable()  # the 5 can remove against the 4
    driver.click(driver.spot_pos(first))
    assert scene.picker.selected == ()
    assert len(scene.turns.match.entries) == entries
    assert scene.turns.match.state.athletes == (10, 10)


def test_a_wrong_second_die_explains_itself(driver):
    scene = at_act(driver)
    entries = len(scene.turns.match.entries)
    driver.click(driver.spot_pos(common_spot(1)))  # the 3
    driver.click(scene.board.spot_rect(team_spot(0, 2)).center)  # the 6: too high
    assert len(scene.turns.match.entries) == entries
    assert scene.status.is_error
    carries(scene.status.text, "common 3", "team 6", "at least as high", "team die of 2",
            "put it back")  # what would
    assert scene.picker.selected == (common_spot(1),)


def test_a_right_pair_of_dice_removes_and_swaps(driver):
    scene = at_act(driver)
    driver.click(driver.spot_pos(common_spot(0)))
    driver.click(driver.spot_pos(team_spot(0, 1)))
    assert scene.turns.match.entries[-1].text == "5/4"
    driver.settle()
    driver.click(driver.spot_pos(team_spot(0, 0)))
    driver.click(driver.spot_pos(common_spot(1)))
    assert scene.turns.match.entries[-1].text == "3x2"
    assert scene.turns.match.state.athletes == (12, 9)


def test_a_wrong_click_on_the_board_explains_itself(driver):
    scene = at_act(driver)
    entries = len(scene.turns.match.entries)
    driver.click(scene.board.spot_rect(team_spot(1, 0)).center)  # Red's die, on Yellow's turn
    assert len(scene.turns.match.entries) == entries
    assert scene.status.is_error and scene.status.text.startswith("That is not a choice now")
    driver.click(scene.board.spot_rect(common_spot(2)).center)  # the 1 beats no team die
    carries(scene.status.text, "common 1", "team 2", "at least as high", "common die of 3 or 5",
            "team die of 2, 4 or 6", "swap", "End turn")
    assert len(scene.turns.match.entries) == entries


def test_setup_rerolls_pick_dice_then_confirm(driver):
    scene = driver.start("tug_of_war", seed=4)
    driver.settle()
    state = scene.turns.match.state
    assert state.phase == SETUP_CHOICE
    driver.click(driver.spot_pos(team_spot(0, 0)))
    driver.click(driver.spot_pos(team_spot(0, 1)))
    button = next(b for b in scene.buttons if isinstance(b.value, Choice)
                  and b.value.label.startswith("Re-roll"))
    values = "".join(str(v) for v in sorted(state.team[0][:2]))
    assert button.value.key == f"reroll {values}" and button.label == "Re-roll 2 dice"
    driver.click(button.rect.center)
    assert scene.turns.match.entries[-1].text == f"reroll {values}"


def test_typed_pairings_use_the_notation(driver):
    scene = at_act(driver)
    driver.type("5/4")
    assert scene.turns.match.entries[-1].text == "5/4"
    driver.settle()
    driver.type("r")  # the start of a notation word: no complaint yet
    assert not scene.status.is_error
    driver.key(pygame.K_BACKSPACE)
    driver.type("3x2")
    assert scene.turns.match.entries[-1].text == "3x2"


# ---- drawing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_stage_of_every_animation_draws(size):
    pygame.init()
    try:
        theme = Theme()
        theme.set_window(size)
        board = BOARD(GAMES["tug_of_war"], {}, theme)
        area = pygame.Rect(12, theme.px(68), size[0] - 250, size[1] - theme.px(200))
        board.layout(area)
        surface = pygame.Surface(size)
        for seed in (1, 2, 3):
            for before, step in playout_steps(seed, limit=150):
                timeline = board.animate(before, step.events, step.state)
                assert 0.1 <= timeline.duration <= 1.6
                assert all(name in EFFECTS for _, name in timeline.cues)
                for t in (0.0, timeline.duration / 2, timeline.duration):
                    view = View(state=step.state, seat=None, chooser=None, before=before,
                                events=tuple(step.events), timeline=timeline, t=t)
                    board.draw(surface, view)
                chooser = step.state.awaiting[0] if step.state.awaiting else None
                board.draw(surface, View(state=step.state, seat=None, chooser=chooser))
                assert board.words.describe(before, step.events, step.state) or not step.events
    finally:
        pygame.quit()


# ---- words ------------------------------------------------------------------------------------
def test_a_roll_with_nothing_to_do_says_why_the_turn_passes(board):
    state = TugOfWarState(athletes=(10, 1), team=((3, 3, 3), (5, 5, 5)), common=(0, 0, 0),
                          phase=TURN_ROLL, to_move=1, reroll_slots=(0, 1, 2))
    step = state.apply_chance(Roll((1, 1, 2)))
    assert step.state.to_move == 0
    text = board.words.describe(state, step.events, step.state)
    assert "No common die beats or matches Red's team dice" in text
    assert text.endswith("Red's turn passes.")


def test_spent_dice_say_why_the_turn_passes(board):
    state = acting((1, 5, 6), (2, 1, 1), exchanged=True, used_common=0b110, used_team=0b110)
    step = state.apply(Remove(2, 1), 0)
    text = board.words.describe(state, step.events, step.state)
    assert "a Red athlete leaves the rope (9 left)" in text
    assert "All three common dice are used: Yellow's turn passes." in text


def test_removals_and_exchanges_in_plain_words(board):
    state = acting((2, 4, 6), (5, 3, 1))
    step = state.apply(Exchange(5, 2), 0)
    text = board.words.describe(state, step.events, step.state)
    assert "Yellow swapped team 2 for common 5: 4 athletes join (1 for the swap, plus 3 " \
           "for the rise); 14 on the rope." in text
    step = state.apply(Remove(5, 4), 0)
    assert board.words.describe(state, step.events, step.state).startswith(
        "Yellow's common 5 beats team 4: a Red athlete leaves the rope (9 left).")
    yellow, red = board.words.status(state)
    carries(yellow, "Yellow", "10", "rope", without=("Red",))
    carries(red, "Red", "10", "rope", without=("Yellow",))
    assert "pairing dice" in board.words.phase_words(state)


def test_the_worked_examples_play_and_draw(board):
    surface = pygame.Surface((1280, 720))
    for example in board.examples():
        state = example.start
        for move in example.moves:
            step = state.apply(move)
            timeline = board.animate(state, step.events, step.state)
            view = View(state=step.state, seat=None, chooser=None, before=state,
                        events=tuple(step.events), timeline=timeline, t=timeline.duration / 2)
            board.draw(surface, view)
            state = step.state
        assert state.to_move != example.start.to_move  # each example plays a whole turn


@pytest.mark.parametrize("size", SIZES)
def test_the_words_on_the_board_fit(size):
    pygame.init()
    try:
        theme = Theme()
        theme.set_window(size)
        board = BOARD(GAMES["tug_of_war"], {}, theme)
        board.layout(pygame.Rect(12, theme.px(68), size[0] - max(200, int(size[0] * 0.24)) - 36,
                                 size[1] - theme.px(200)))
        width = board.inner.width
        for before, step in playout_steps(4, limit=200):
            state = before
            assert theme.text(board.words.phase_words(state), 21).get_width() <= width
            if state.kind is not NodeKind.DECISION:
                continue
            paths = [board.path(m, state) for m in state.legal_moves(state.to_move)]
            for picked in {()} | {p[:1] for p in paths if not isinstance(p[0], Choice)}:
                clickable = frozenset(p[len(picked)] for p in paths
                                      if len(p) > len(picked) and p[:len(picked)] == picked)
                view = View(state=state, seat=None, chooser=state.to_move, selected=picked,
                            clickable=clickable)
                assert len(theme.wrap(board.hint(view), 16, width)) <= 2, board.hint(view)
    finally:
        pygame.quit()
