"""Moriarty's board: whole games by mouse and keys, spots, drawing, words and hidden secrets."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core import NodeKind
from game.registry import GAMES
from game.rules.moriarty import (
    DIRECTION, COLOURS, LETTERS, MoriartyState, PIVOT, Place, SETUP, parse_move,
)
from scenes.boards.base import Choice, View
from scenes.boards.moriarty import MoriartyBoard, col_spot, ground, swatch_spot
from scenes.play.handoff import HandoffScene
from scenes.play.results import ResultsScene
from scenes.shell import theme as th
from scenes.shell.synth import EFFECTS
from tests.support import drawn_picture
from tests.ui_driver import Driver

SETUP_TEXTS = ("O1", "B2", "G3", "P4", "O5", "B6", "G7", "P8")
SIZES = ((1280, 720), (800, 500))


def make_board(size=(1280, 720)) -> MoriartyBoard:
    """A board laid out in the play scene's board rectangle for this window size."""
    pygame.font.init()
    theme = th.Theme()
    theme.set_window(size)
    spec = GAMES["moriarty"]
    board = MoriartyBoard(spec, spec.resolve_options(), theme)
    w, h = size
    board.layout(pygame.Rect(theme.px(12), theme.px(68), w - theme.px(330),
                             h - theme.px(216)))
    return board


def play_texts(state, texts):
    """Apply (seat, text) pairs (seat None: the only actor)."""
    for seat, text in texts:
        seat = state.actors[0] if seat is None else seat
        state = state.apply(parse_move(text), seat).state
    return state


def random_steps(seed: int, limit: int = 400):
    """(state before, step) pairs of a random match, simultaneous choices applied jointly."""
    rng = random.Random(seed)
    state = GAMES["moriarty"].new_game({"games": 3, "round_limit": 12})
    for _ in range(limit):
        if state.is_terminal:
            return
        if state.kind is NodeKind.SIMULTANEOUS:
            step = state.apply_joint(rng.choice(state.legal_moves(0)),
                                     rng.choice(state.legal_moves(1)))
        else:
            seat = state.actors[0]
            step = state.apply(rng.choice(state.legal_moves(seat)), seat)
        yield state, step
        state = step.state


# ---- whole games through the UI ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 7, 12])
def test_whole_matches_by_mouse_alone(driver, seed):
    driver.start("moriarty", seed=seed)
    final = driver.play_to_end(random.Random(seed), how="clicks")
    assert final.is_terminal
    assert isinstance(driver.top, ResultsScene)


def test_a_whole_match_by_keys_alone(driver):
    driver.start("moriarty", seed=4)
    final = driver.play_to_end(random.Random(4), how="keys")
    assert final.is_terminal
    assert isinstance(driver.top, ResultsScene)


def test_tab_and_enter_place_a_token(driver):
    scene = driver.start("moriarty")
    driver.settle()
    for _ in range(20):  # Tab to the blue swatch, Enter; Tab to column 2, Enter
        if scene.picker.focus == swatch_spot(1):
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert scene.picker.selected == (swatch_spot(1),)
    for _ in range(20):
        if scene.picker.focus == col_spot(1):
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert [e.text for e in scene.turns.match.entries] == ["B2"]


# ---- spots ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2, 3])
def test_every_path_spot_has_a_rect_inside_the_board_or_is_a_choice(seed):
    for size in SIZES:
        board = make_board(size)
        for state, _ in random_steps(seed):
            for seat in state.awaiting:
                for move in state.legal_moves(seat):
                    path = board.path(move, state)
                    assert path, move
                    for spot in path:
                        if isinstance(spot, Choice):
                            assert spot.key and spot.label
                            continue
                        rect = board.spot_rect(spot)
                        assert rect is not None, (move, spot)
                        assert board.area.contains(rect), (size, spot, rect)
                        assert board.spot_at(rect.center, state) == spot


def test_choice_keys_are_the_move_text_or_a_prefix_of_it():
    board = make_board()
    for state, _ in random_steps(5):
        for seat in state.awaiting:
            for move in state.legal_moves(seat):
                for spot in board.path(move, state):
                    if isinstance(spot, Choice):
                        assert str(move).startswith(spot.key), (move, spot)


def test_moriarty_is_a_button_then_a_colour():
    board = make_board()
    state = _direction_state("B")
    state = state.apply_joint(parse_move("toward"), parse_move("toward")).state
    moves = {str(m): m for m in state.legal_moves(state.edge)}
    path = board.path(moves["moriarty G"], state)
    assert isinstance(path[0], Choice) and path[0].key == "moriarty"
    assert path[1] == swatch_spot(2)
    assert board.path(moves["pass"], state)[0].label == "No Moriarty"


def test_every_notation_word_is_a_keyword():
    words = {"bonus", "edge", "south", "north", "pivot", "take", "toward", "away", "end",
             "moriarty", "pass"}
    assert words <= set(MoriartyBoard.keywords)


# ---- drawing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_drawing_every_stage_of_every_animation(size):
    board = make_board(size)
    surface = pygame.Surface(size)
    for seed in (8, 9):
        for state, step in random_steps(seed):
            before, after = state.observe_public(), step.state.observe_public()
            timeline = board.animate(before, step.events, after)
            assert 0.1 <= timeline.duration <= 4.0
            times = {0.0, timeline.duration / 2, timeline.duration}
            times |= {t.start + t.duration / 2 for t in timeline.tracks}
            for t in sorted(times):
                board.draw(surface, View(state=after, seat=None, chooser=None, before=before,
                                         events=tuple(step.events), timeline=timeline, t=t))
            for seat in step.state.awaiting:
                obs = step.state.observe(seat)
                clickable = frozenset(board.path(m, step.state)[0]
                                      for m in step.state.legal_moves(seat))
                board.draw(surface, View(state=obs, seat=seat, chooser=seat,
                                         clickable=clickable, hover=next(iter(clickable))))
            assert board.words.describe(before, step.events, after) or not step.events
            for when, sound in sorted(timeline.cues):
                assert sound in EFFECTS and 0 <= when <= timeline.duration


def test_examples_play_on_the_board():
    """Every worked example is legal move by move, goes somewhere, and the board draws each
    step mid-animation."""
    board = make_board()
    surface = pygame.Surface((1280, 720))
    examples = board.examples()
    assert examples
    for example in examples:
        state = example.start
        for move in example.moves:
            if isinstance(move, tuple):
                assert all(state.is_legal(seat, m) for seat, m in enumerate(move)), move
                step = state.apply_joint(*move)
            else:
                assert any(state.is_legal(seat, move) for seat in state.awaiting), move
                step = state.apply(move)
            timeline = board.animate(state, step.events, step.state)
            before, after = state.observe_public(), step.state.observe_public()
            middle = View(state=after, seat=None, chooser=None, before=before,
                          events=tuple(step.events), timeline=timeline, t=timeline.duration / 2)
            drawn_picture(board, surface, middle)
            state = step.state
        assert state != example.start


# ---- wrong clicks -------------------------------------------------------------------------------
def test_a_column_before_a_colour_explains_itself(driver):
    scene = driver.start("moriarty")
    driver.settle()
    driver.click(driver.spot_pos(col_spot(0)))
    assert scene.turns.match.entries == []
    assert scene.status.is_error and "colour" in scene.status.text


def test_a_used_up_colour_explains_itself(driver):
    scene = driver.start("moriarty")
    for text in ("O1", "O2"):
        driver.settle()
        driver.choose_by_keys(parse_move(text))
    driver.settle()
    driver.click(driver.spot_pos(swatch_spot(0)))
    assert len(scene.turns.match.entries) == 2
    assert scene.status.is_error and "orange" in scene.status.text


def test_taking_a_token_that_is_not_active_explains_itself(driver):
    scene = driver.start("moriarty")
    for seat, text in _script_to_take():
        _play(driver, text)
    _ready(driver)
    entries = len(scene.turns.match.entries)
    driver.click(driver.spot_pos(col_spot(6)))
    assert len(scene.turns.match.entries) == entries
    assert scene.status.is_error and "column 3 or 5" in scene.status.text


# ---- secrets ----------------------------------------------------------------------------------
def _direction_state(opponent_bonus: str) -> MoriartyState:
    """Seat 0 is about to slide; seat 1 has picked `opponent_bonus` and sealed its slide."""
    state = GAMES["moriarty"].new_game()
    state = play_texts(state, [(None, t) for t in SETUP_TEXTS])
    state = play_texts(state, [(1, f"bonus {opponent_bonus}"), (0, "bonus O"),
                               (None, "edge south"), (None, "pivot 4"), (None, "take 3")])
    assert state.phase == DIRECTION
    return state


def _pixels(board: MoriartyBoard, state: MoriartyState, seat: int, size) -> bytes:
    surface = pygame.Surface(size)
    obs = state.observe(seat)
    clickable = frozenset(board.path(m, state)[0] for m in state.legal_moves(seat))
    board.draw(surface, View(state=obs, seat=seat, chooser=seat, clickable=clickable))
    return pygame.image.tobytes(surface.subsurface(board.area), "RGB")


@pytest.mark.parametrize("size", SIZES)
def test_the_board_never_shows_the_other_seats_bonus_while_you_slide(size):
    board = make_board(size)
    shots = set()
    for colour in "BG":
        state = _direction_state(colour)
        state = state.apply(parse_move("away"), 1).state  # the opponent's slide is sealed too
        shots.add(_pixels(board, state, 0, size))
    assert len(shots) == 1
    assert board.words.status(_direction_state("B").observe(0)) == \
        board.words.status(_direction_state("G").observe(0))


@pytest.mark.parametrize("size", SIZES)
def test_the_board_never_shows_the_other_seats_bonus_while_you_pick_yours(size):
    board = make_board(size)
    shots = set()
    for colour in "OP":
        state = play_texts(GAMES["moriarty"].new_game(), [(None, t) for t in SETUP_TEXTS])
        state = state.apply(parse_move(f"bonus {colour}"), 0).state
        shots.add(_pixels(board, state, 1, size))
    assert len(shots) == 1


def test_your_own_bonus_shows_only_in_your_own_view():
    board = make_board()
    obs = _direction_state("B").observe(0)
    size = (1280, 720)
    shots = []
    for seat in (0, None):
        surface = pygame.Surface(size)
        board.draw(surface, View(state=obs, seat=seat, chooser=None))
        shots.append(pygame.image.tobytes(surface.subsurface(board.area), "RGB"))
    assert shots[0] != shots[1]
    assert board.shown_bonus(View(state=obs, seat=0, chooser=None), obs, 0) == 0
    assert board.shown_bonus(View(state=obs, seat=None, chooser=None), obs, 0) is None


def _script_to_take():
    return [(None, t) for t in SETUP_TEXTS] + [(0, "bonus O"), (1, "bonus B"),
                                               (None, "edge north"), (None, "pivot 4")]


def _ready(driver):
    driver.settle()
    while isinstance(driver.top, HandoffScene):
        driver.click(driver.top.group.buttons[0].rect.center)
        driver.settle()


def _play(driver, text):
    """Make a move by clicks as whichever seat the scene is asking."""
    _ready(driver)
    scene = driver.play_scene()
    turns = scene.turns
    move = next(m for m in turns.match.state.legal_moves(turns.chooser) if str(m) == text)
    driver.choose_by_clicks(move)


def _screen_at_slide_choice(tmp_path, opponent_bonus: str) -> bytes:
    """Oh's screen while Oh picks a slide, after Eks picked `opponent_bonus` and slid."""
    driver = Driver(tmp_path / opponent_bonus)
    scene = driver.start("moriarty")
    script = [t for _, t in _script_to_take()]
    script[8] = f"bonus {opponent_bonus}"  # Eks (seat 0) picks first
    for text in script + ["take 3", "away"]:  # then Eks slides first, in secret
        _play(driver, text)
    _ready(driver)
    assert scene.turns.chooser == 1 and scene.turns.match.state.phase == DIRECTION
    scene.turns.caption = ""
    driver.frames()
    shot = pygame.image.tobytes(driver.app.screen, "RGB")
    pygame.quit()
    return shot


def test_the_whole_screen_hides_the_other_seats_bonus_during_a_secret_choice(tmp_path):
    assert _screen_at_slide_choice(tmp_path, "B") == _screen_at_slide_choice(tmp_path, "G")


def test_the_log_hides_bonus_colours(driver):
    scene = driver.start("moriarty")
    for _, text in _script_to_take():
        _play(driver, text)
    _ready(driver)
    log = " ".join(scene.turns.log.lines())
    assert "picks a Bonus Colour in secret" in log and "bonus O" not in log
    notation = " ".join(scene.turns.log.lines(notation=True))
    assert "bonus ?" in notation and "bonus O" not in notation and "bonus B" not in notation


def test_secret_words_countdown_and_peek():
    board = make_board()
    state = play_texts(GAMES["moriarty"].new_game(), [(None, t) for t in SETUP_TEXTS])
    assert not board.words.has_secret(state, 0)
    step = state.apply_joint(parse_move("bonus O"), parse_move("bonus G"))
    assert board.words.countdown_word(state, step.events) is None
    assert board.words.has_secret(step.state, 0) and board.words.has_secret(step.state, 1)
    assert board.words.log_text(parse_move("bonus O"), 0, state) == \
        "picks a Bonus Colour in secret"
    assert board.words.notation_text(parse_move("bonus O"), 0, state) == "bonus ?"
    slide_state = _direction_state("B")
    step = slide_state.apply_joint(parse_move("toward"), parse_move("away"))
    assert board.words.countdown_word(slide_state, step.events) == "slide!"
    assert board.words.log_text(parse_move("away"), 1, slide_state) == "slides away"


# ---- words ------------------------------------------------------------------------------------
def test_describe_a_round_in_plain_words():
    board = make_board()
    state = _direction_state("B")  # Eks (South, Edge) moves column 5 (orange), Oh column 3
    step = state.apply_joint(parse_move("away"), parse_move("toward"))
    text = board.words.describe(state.observe_public(), step.events, step.state.observe_public())
    assert text == "Eks slid orange away, Oh slid green toward: the Pivot moves 2 rows south."
    step = state.apply_joint(parse_move("toward"), parse_move("toward"))
    text = board.words.describe(state.observe_public(), step.events, step.state.observe_public())
    assert text.endswith("the Pivot moves one row toward the Centre Line, crossing it.")


def test_status_shows_game_totals_board_points_and_the_edge():
    board = make_board()
    state = _direction_state("B")
    lines = board.words.status(state.observe(0))
    assert lines[0] == "Game 1 of 3 (bonus x3)"
    assert "Eks (South): 0 points in all" in lines and "Oh (North): 0 points in all" in lines
    assert f"Eks on the board now: {state.board_points(0)}" in lines  # own bonus known
    assert any(line.endswith("+ bonus") for line in lines)  # the opponent's is not
    assert "Round 1 of this game; Eks has the Edge" in lines


def test_prompts_name_the_step():
    board = make_board()
    state = GAMES["moriarty"].new_game()
    assert state.phase == SETUP and "colour, then a column" in board.words.prompt(state, 0)
    state = _direction_state("B")
    assert "column 5" in board.words.prompt(state, 0)
    assert "column 3" in board.words.prompt(state, 1)
    pivot = state.apply_joint(parse_move("toward"), parse_move("toward")).state
    pivot = pivot.apply(parse_move("pass"), 0).state
    assert pivot.phase == PIVOT and "Moriarty" in board.words.prompt(pivot, 1)


def test_a_tokens_letter_word_and_paint_agree():
    """O is orange, B blue, G green, P pink: in the notation, the narrator's words and the
    token's paint (a swapped table anywhere fails)."""
    from scenes.boards.moriarty.shapes import TOKEN_COLOURS
    hues = {"orange": lambda r, g, b: r > g > b, "blue": lambda r, g, b: b > g > r,
            "green": lambda r, g, b: g > b > r, "pink": lambda r, g, b: r > b > g}
    words = make_board().words
    state = GAMES["moriarty"].new_game()
    assert len(set(COLOURS)) == len(set(TOKEN_COLOURS)) == len(LETTERS) == len(hues)
    for colour, name in enumerate(COLOURS):
        move = parse_move(f"{name[0].upper()}3")
        assert move == Place(colour, 2) and str(move) == f"{LETTERS[colour]}3"
        assert name in words.log_text(move, 0, state)
        assert hues[name](*TOKEN_COLOURS[colour]), (name, TOKEN_COLOURS[colour])


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 720), (1920, 1080)])
def test_the_side_labels_keep_clear_of_the_points_scale(size, monkeypatch):
    """At 640x400 "(rows 5-9 score for North)" ran into the scale's "pts"."""
    from scenes.boards.moriarty import shapes
    placed = []
    blit = shapes.blit_centered
    monkeypatch.setattr(ground, "blit_centered", lambda surface, image, centre: (
        placed.append(image.get_rect(center=shapes.ipoint(centre))),
        blit(surface, image, centre)))
    board = make_board(size)
    placed.clear()
    ground.draw_labels(board, pygame.Surface(board.area.size), (0, 0))
    north, south, pts = placed[-3:]  # the labels' last three: the sides, then "pts"
    assert north.centery < south.centery and pts.width < north.width
    assert not north.colliderect(pts) and not south.colliderect(pts)
    assert pts.left - north.right >= board.theme.px(6), (pts.left - north.right)  # a gap
