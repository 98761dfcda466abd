"""The Pulling Strings board: whole games by mouse and keys, the ends, sealed picks, drawing."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import SEALED, Ending
from game.registry import get_game
from game.rules.pulling_strings import ENDS, Pull, PullingStringsState, from_diagram
from scenes.boards.base import Choice, View
from scenes.boards.pulling_strings import Cell, End
from scenes.play.handoff import HandoffScene
from scenes.play.results import ResultsScene
from scenes.shell.anim import Timeline
from scenes.shell.synth import EFFECTS
from tests.support import carries, drawn_picture, examples, playout
from tests.ui_driver import Driver

GAME = get_game("pulling_strings")
SIZES = [(1280, 720), (800, 500)]


def to_choice(driver):
    """Settle, passing any hand-off, until a seat chooses; the play scene."""
    driver.settle()
    if isinstance(driver.top, HandoffScene):
        driver.key(pygame.K_RETURN)
        driver.settle()
    return driver.play_scene()


def still_view(state, chooser=None, **highlights) -> View:
    return View(state=state, seat=chooser, chooser=chooser, **highlights)


def animated_views(board, before, step):
    """Views of a step's animation at its start, middle and end."""
    after = step.state.observe_public()
    timeline = board.animate(before, step.events, after)
    for t in (0.0, timeline.duration * 0.3, timeline.duration * 0.55, timeline.duration * 0.8,
              timeline.duration):
        yield View(state=after, seat=None, chooser=None, before=before, events=tuple(step.events),
                   timeline=timeline, t=t)


# ---- whole games through the UI -------------------------------------------------------------
@pytest.mark.parametrize("seed", [6, 7])  # 17 and 29 turns, with broken strings
def test_a_whole_game_by_mouse(driver, seed):
    driver.start("pulling_strings", seed=seed)
    final = driver.play_to_end(random.Random(seed), how="clicks")
    assert final.is_terminal and isinstance(driver.top, ResultsScene)


def test_a_whole_game_by_keys_until_every_string_is_broken(driver):
    driver.start("pulling_strings", {"repetition": False}, seed=9)  # else the ruling ends it
    final = driver.play_to_end(random.Random(9), how="keys")
    assert final.is_terminal and isinstance(driver.top, ResultsScene)
    assert final.result.winner is None and final.broken == (1 << 10) - 1


def test_a_game_the_repetition_ruling_ends_says_so_at_the_end(driver):
    driver.start("pulling_strings", seed=9)
    final = driver.play_to_end(random.Random(9), how="keys")
    assert final.outcome.ending is Ending.REPETITION and isinstance(driver.top, ResultsScene)
    words = driver.play_scene().turns.words
    shown = words.result_words(final).lower()  # the results screen's words
    assert "house rule" in shown and ("still" in shown or "third time" in shown)


# ---- where the ends are ---------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES + [(640, 400), (900, 900)])
def test_every_end_has_a_disc_inside_the_board_that_the_hit_test_finds(tmp_path, size):
    driver = Driver(tmp_path, size=size)
    try:
        scene = driver.start("pulling_strings")
        state = scene.turns.match.state
        board = scene.board
        area = scene.rects["board"]
        seen = set()
        for move in state.legal_moves(0):
            (spot,) = board.path(move, state)
            rect = board.spot_rect(spot)
            assert rect is not None and area.contains(rect), (spot, rect, area)
            assert board.spot_at(rect.center, state) == spot
            assert board.guess_move((spot,), state) == move
            seen.add(rect.center)
        assert len(seen) == 20
        for card in board.cards:
            assert area.contains(card) and not card.colliderect(board.spot_rect(End("a")))
        assert board.spot_at(area.topleft, state) is None
    finally:
        pygame.quit()


def test_the_outer_bit_of_a_string_pulls_it_too(driver):
    scene = driver.start("pulling_strings")
    board = scene.board
    x, y = board.end_pos["h"]
    between = (x - 0.5 * board.gap * 0.84, y)  # between h's disc and the grid's edge
    assert board.spot_at(between, scene.turns.match.state) == End("h")
    centre = board.cell_xy((2, 2))
    assert board.spot_at(centre, scene.turns.match.state) == Cell(2, 2)


def test_every_path_spot_has_a_place_in_random_playouts(driver):
    board = driver.start("pulling_strings").board
    for seed in range(4):
        for state, _ in playout(GAME, seed)[:40]:
            for seat in state.awaiting:
                for move in state.legal_moves(seat):
                    for spot in board.path(move, state):
                        assert isinstance(spot, Choice) or board.spot_rect(spot) is not None


# ---- clicks and keys that are refused -------------------------------------------------------
def test_clicking_a_broken_end_says_why(driver):
    scene = driver.start("pulling_strings")
    scene.turns.match.state = from_diagram({"w": "..5.."}, broken=0b100)  # column c is broken
    to_choice(driver)
    driver.click(scene.board.spot_rect(End("o")).center)
    assert scene.turns.match.entries == []
    assert scene.status.is_error and "broken" in scene.status.text


def test_clicking_an_intersection_explains_how_to_pull(driver):
    driver.start("pulling_strings")
    scene = to_choice(driver)
    driver.click(scene.board.cell_xy((2, 2)))
    assert scene.turns.match.entries == []
    assert scene.status.is_error and "pull a string" in scene.status.text


def test_typing_a_broken_end_says_why(driver):
    scene = driver.start("pulling_strings")
    scene.turns.match.state = from_diagram({"w": "..5.."}, broken=0b100)
    to_choice(driver)
    driver.type("c")
    assert scene.turns.match.entries == [] and "broken" in scene.status.text


# ---- secrecy --------------------------------------------------------------------------------
def test_the_first_pick_shows_only_as_sealed_while_the_second_seat_chooses(driver):
    scene = driver.start("pulling_strings")
    to_choice(driver)
    driver.click(scene.board.spot_rect(End("c")).center)
    driver.click(driver.lock_in_button().rect.center)
    to_choice(driver)
    view = scene.view()
    assert view.chooser == 1 and view.state.pending[0] is SEALED
    assert scene.board.seat_note(view, 0) == ("sealed", "has chosen")
    assert scene.board.seat_note(view, 1)[0] == "choosing"
    driver.type("h")
    driver.key(pygame.K_RETURN)  # Lock in
    countdown = scene.view()  # both picks are in, the countdown runs: still sealed
    assert scene.turns.countdown is not None
    assert [scene.board.seat_note(countdown, s)[0] for s in (0, 1)] == ["sealed", "sealed"]
    scene.board.draw(driver.app.screen, countdown)


def test_the_reveal_names_both_pulls(driver):
    scene = driver.start("pulling_strings")
    to_choice(driver)
    driver.type("c")
    driver.key(pygame.K_RETURN)
    to_choice(driver)
    driver.type("h")
    driver.key(pygame.K_RETURN)
    while scene.turns.countdown is not None:
        driver.frames(1, dt=0.05)
    view = scene.view()
    assert view.animating
    assert [scene.board.seat_note(view, s) for s in (0, 1)] == [("pulled", "c"),
                                                                 ("pulled", "h")]
    words = "Eks pulled c, Oh pulled h: the stack of 5 splits in two (3 each)."
    assert scene.turns.caption != words  # the words come once the stacks have moved
    while scene.turns.animation is not None:
        driver.frames(1, dt=0.05)
    assert scene.turns.caption == words


# ---- words ----------------------------------------------------------------------------------
def board_alone():
    pygame.init()
    from scenes.shell.theme import Theme
    theme = Theme()
    theme.set_window((1280, 720))
    board = __import__("scenes.boards.pulling_strings", fromlist=["BOARD"]).BOARD(
        GAME, GAME.resolve_options(), theme)
    board.layout(pygame.Rect(12, 80, 930, 500))
    return board


def caption(board, state, eks, oh):
    step = state.apply_joint(Pull(eks), Pull(oh))
    return board.words.describe(state, step.events, step.state)


def test_captions_in_plain_words():
    board = board_alone()
    carries(caption(board, from_diagram({"x": "O.3.X", "w": "...3."}), "o", "w"),
            "Eks pulled o", "Oh pulled w", "two stacks move", "two stacks of 3 combine into 6",
            without=("snaps",))
    carries(caption(board, from_diagram({"y": "..3..", "x": "..2.."}), "c", "c"),
            "Both pulled c", "stack of 2 moves up", "holds against the edge",
            "stacks of 3 and 2 combine into 5", "c-o string snaps")
    carries(caption(board, from_diagram({"y": "3...."}), "b", "g"),
            "Eks pulled b", "Oh pulled g", "no stack", without=("moves", "snaps"))
    assert caption(board, from_diagram({"x": "O3..X"}), "b", "i").endswith(
        "the stack of 3 moves up.")


def test_a_winning_caption_says_who_and_why():
    board = board_alone()
    text = caption(board, from_diagram({"x": "O...5"}), "g", "g")  # the 5 holds on Eks's home
    carries(text, "Both pulled g", "g-x string snaps", "Eks has more pieces home", "5 to 0")


def test_status_shows_home_totals_and_broken_strings():
    board = board_alone()
    state = from_diagram({"y": ".2.3.", "x": "....4"}, broken=0b100)
    lines = board.words.status(state)
    carries(lines[0], "Eks", "X", "home", "6", without=("Oh",))
    carries(lines[1], "Oh", "O", "home", "3", without=("Eks",))
    assert "Broken: c-o" in lines


def test_prompt_and_typing_words():
    board = board_alone()
    assert board.words.prompt(GAME.new_game(), 0).startswith("Eks: pull a string")
    assert set(board.keywords) == set(ENDS) and board.words.reveal_word == "pull!"


# ---- animation and drawing ------------------------------------------------------------------
def test_timelines_and_sound_cues_fit_the_events():
    board = board_alone()
    cases = [(from_diagram({"w": "..5.."}), "c", "h", {"pull", "split"}),
             (from_diagram({"x": "O.3.X", "w": "...3."}), "o", "w", {"pull", "combine"}),
             (from_diagram({"y": "..3.."}), "c", "c", {"pull", "snap"})]
    for state, eks, oh, cues in cases:
        step = state.apply_joint(Pull(eks), Pull(oh))
        timeline = board.animate(state, step.events, step.state)
        assert 0.3 <= timeline.duration <= 1.5
        sounds = sorted(timeline.cues)
        assert {name for _, name in sounds} == cues
        assert all(name in EFFECTS and 0 <= at <= timeline.duration for at, name in sounds)


@pytest.mark.parametrize("size", SIZES)
def test_drawing_every_stage_of_random_games(tmp_path, size):
    """Each step of three random games drawn through its animation and then still, with the
    moves of the seat to choose clickable: every picture covers the board, and the animation's
    last frame is not its first when stacks moved."""
    driver = Driver(tmp_path, size=size)
    try:
        board = driver.start("pulling_strings").board
        screen = driver.app.screen
        moved = 0
        for seed in range(3):
            for index, (state, step) in enumerate(playout(GAME, seed)[:25]):
                before = state.observe_public()
                pictures = [drawn_picture(board, screen, view)
                            for view in animated_views(board, before, step)]
                if step.state.observe_public().stacks != before.stacks:
                    assert pictures[0] != pictures[-1], f"seed {seed} step {index}: no motion"
                    moved += 1
                after = step.state
                seat = 1 if index % 2 else 0
                if not after.is_terminal:
                    clickable = frozenset(End(m.end) for m in after.legal_moves(seat))
                    hover = next(iter(clickable))
                    drawn_picture(board, screen, still_view(after.observe(seat), seat,
                                                            clickable=clickable, hover=hover))
                else:
                    drawn_picture(board, screen, still_view(after.observe_public()))
        assert moved >= 10  # 20 steps of these seeds move stacks
    finally:
        pygame.quit()


def test_the_animation_carries_stacks_from_before_to_after():
    board = board_alone()
    state = from_diagram({"y": "..2..", "w": "..2.."})  # split and recombine (figure 11)
    step = state.apply_joint(Pull("c"), Pull("o"))
    views = list(animated_views(board, state, step))
    start = sorted((round(p.x), round(p.y), p.size) for p in board._moving_piles(
        views[0], state, ("c", "o"), 0.0))
    end = sorted((round(p.x), round(p.y), p.size) for p in board._moving_piles(
        views[-1], state, ("c", "o"), 1.0))
    cell = board.cell_xy

    def at(row, col, size):
        return (round(cell((row, col))[0]), round(cell((row, col))[1]), size)

    assert start == sorted([at(0, 2, 2), at(2, 2, 2)])
    assert end == sorted([at(0, 2, 1), at(1, 2, 2), at(3, 2, 1)])


def test_examples_play_legally_and_animate(tmp_path):
    driver = Driver(tmp_path)
    try:
        board = driver.start("pulling_strings").board
        examples = board.examples()
        assert 2 <= len(examples) <= 4
        for example in examples:
            assert isinstance(example.start, PullingStringsState) and example.caption
            state = example.start
            for eks, oh in example.moves:
                assert state.is_legal(0, eks) and state.is_legal(1, oh)
                step = state.apply_joint(eks, oh)
                for view in animated_views(board, state.observe_public(), step):
                    board.draw(driver.app.screen, view)
                state = step.state
            board.draw(driver.app.screen, still_view(state.observe_public()))
        kinds = {type(e).__name__ for ex in examples for e in _events(ex)}
        assert {"StackSplit", "StacksCombined", "StringBroken"} <= kinds
    finally:
        pygame.quit()


def _events(example):
    state = example.start
    for eks, oh in example.moves:
        step = state.apply_joint(eks, oh)
        yield from step.events
        state = step.state


def test_the_rules_screen_plays_the_examples(driver):
    """The rules' example screen plays each example to its last step, and N moves on to the
    next example, round to the first again."""
    from scenes.screens.rules_view import ExampleScene
    examples = board_alone().examples()
    assert len(examples) >= 2
    driver.app.stack.reset(driver.app.make("menu"))
    scene = ExampleScene(driver.app, "pulling_strings", examples)
    driver.app.stack.push(scene)  # (pushed over a game, it was hidden by the game's hand-off)
    driver.frames()
    for index, example in enumerate(examples):
        assert driver.top is scene and scene.index == index
        steps = set()
        for _ in range(200):
            driver.frames(dt=0.05)
            steps.add(scene.step_index)
            if len(example.moves) in steps:
                break
        assert steps >= set(range(1, len(example.moves) + 1)), (index, steps)
        heading = f"({index + 1} of {len(examples)})"
        assert any(heading in text for text in driver.frame_texts())
        driver.key(pygame.K_n)
    assert scene.index == 0 and scene.step_index == 0


def test_a_still_board_draws_without_a_timeline(driver):
    """An empty timeline at t=0 draws the position itself, as a view with no timeline does."""
    board = driver.start("pulling_strings").board
    state = GAME.new_game()
    timed = View(state=state, seat=None, chooser=None, timeline=Timeline(), t=0.0)
    still = View(state=state, seat=None, chooser=None)
    assert drawn_picture(board, driver.app.screen, timed) == \
        drawn_picture(board, driver.app.screen, still)


ENDS_DRAWN = st.sampled_from(ENDS).map(End)


@settings(max_examples=examples(40), deadline=None)
@given(broken=st.lists(st.integers(0, (1 << 10) - 1), min_size=1, max_size=4),
       open_ends=st.lists(st.sets(ENDS_DRAWN), min_size=1, max_size=4),
       picked=st.lists(ENDS_DRAWN, max_size=2).map(tuple),
       hover=st.none() | ENDS_DRAWN | st.just(Cell(2, 2)), focus=st.none() | ENDS_DRAWN)
def test_the_board_at_rest_draws_from_its_kept_layer_as_it_would_afresh(broken, open_ends,
                                                                        picked, hover, focus):
    """The still board keeps its ground, strings and ends as a layer: drawn after other
    positions (broken strings and open ends differing), it shows what a fresh board shows."""
    warm, fresh = board_alone(), board_alone()
    screen = pygame.Surface((1280, 720))
    for mask, ends in zip(broken, open_ends):  # the layers other positions leave behind
        drawn_picture(warm, screen, still_view(PullingStringsState(broken=mask), 0,
                                               clickable=frozenset(ends)))
    view = still_view(PullingStringsState(broken=broken[-1]), 0,
                      clickable=frozenset(open_ends[-1]) | {focus} - {None}, selected=picked,
                      hover=hover, focus=focus)
    drawn_picture(warm, screen, view)  # a layer kept for this position, if there was none
    assert drawn_picture(warm, screen, view) == drawn_picture(fresh, screen, view)
