"""One look for each state of a choice, the same on every board and screen (th.STATES): focus
(the keyboard), hover (the mouse), legal, picked and the hint ghost (a seat's last move is its
own mark, not a state: tests/test_last_marks.py).

Each board is rendered at a real position with one of its own spots in each state, through the
board's and the hint's own drawing; the pixels a state adds are read as a profile: for each
design pixel of distance from the spot's shape (inside negative), the look colour most of the
changed pixels there are. The six profiles differ from each other, and each state's profile is
the same in all five games. Rings never cover words: the pixels a state adds round a choice
never touch the ink of any text on the board or screen (found by drawing the same frame with
its words unwritten)."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.registry import GAMES
from scenes.boards.base import Choice
from scenes.boards.pulling_strings import End
from scenes.play.parts.play_hints import Hint
from scenes.screens.select import OptionsScene
from scenes.shell import theme as th
from scenes.shell.widgets import Button, button_shape, draw_button
from tests.support import examples
from tests.test_lock_in import at_secret_choice
from tests.test_settings_feel import write_record
from tests.test_text_fits import play_screen, show_look, window
from tests.test_text_fits import position as generated
from tests.text_inspector import marks_on_words
from tests.ui_driver import Driver

PALETTE = {"accent": th.ACCENT, "white": th.TEXT, "hint": th.HINT_COLOUR, "dark": th.BACKGROUND}
NEAR = 40  # how close (RGB distance) a pixel must be to a look's colour to count as it
BINS = range(-3, th.REACH + 1)  # distances from a shape's edge, in design pixels
RING_STATES = (th.FOCUS, th.HOVER, th.LEGAL, th.PICKED, th.HINT)


# ---- pixels ---------------------------------------------------------------------------------
def grab(surface: pygame.Surface) -> np.ndarray:
    """A surface's pixels as an (h, w, 3) array of ints."""
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)


def distance(shape: th.Shape, size: tuple[int, int]) -> np.ndarray:
    """Each pixel's distance from the shape's edge (negative inside), in pixels."""
    ys, xs = np.mgrid[0:size[1], 0:size[0]]
    x, y = xs + 0.5, ys + 0.5
    if isinstance(shape, (pygame.Rect, th.Rounded)):
        rect = shape.rect if isinstance(shape, th.Rounded) else shape
        dx = np.maximum(rect.left - x, x - rect.right)
        dy = np.maximum(rect.top - y, y - rect.bottom)
        outside = np.hypot(np.maximum(dx, 0), np.maximum(dy, 0))
        return np.where((dx > 0) | (dy > 0), outside, np.maximum(dx, dy))
    cx, cy = shape.centre
    if isinstance(shape, th.Circle):
        return np.hypot(x - cx, y - cy) - shape.radius
    apothem = shape.radius * np.sqrt(3) / 2
    sides = [np.cos(np.radians(a)) * (x - cx) + np.sin(np.radians(a)) * (y - cy)
             for a in range(0, 360, 60)]
    return np.max(sides, axis=0) - apothem


def classify(pixels: np.ndarray) -> np.ndarray:
    """Each pixel's look colour by name ('' when it is none of them)."""
    names = np.full(pixels.shape[:2], "", dtype=object)
    for name, colour in PALETTE.items():
        near = np.linalg.norm(pixels - np.array(colour), axis=2) < NEAR
        names[near & (names == "")] = name
    return names


def profile(before: np.ndarray, after: np.ndarray, shape: th.Shape, scale: float,
            inside_too: bool) -> tuple[tuple[str, int, int], ...]:
    """The look a state adds round a shape: runs of (colour, first, last design pixel of
    distance), from the colour most changed pixels are at each distance (outside the shape
    only: a choice's own ground may change with it)."""
    changed = np.any(before != after, axis=2)
    d = distance(shape, after.shape[1::-1]) / scale
    names = classify(after)
    bins = []
    for step in BINS:
        ring = (d >= step) & (d < step + 1)
        votes = Counter(names[changed & ring].tolist())
        name, count = votes.most_common(1)[0] if votes else ("", 0)
        if step < 0 and not inside_too:
            name = ""
        bins.append(name if name and count >= ring.sum() / 4 else "")  # a quarter of the ring
    runs: list[tuple[str, int, int]] = []
    for step, name in zip(BINS, bins):
        if not name:
            continue
        if runs and runs[-1][0] == name and runs[-1][2] == step - 1:
            runs[-1] = (name, runs[-1][1], step)
        else:
            runs.append((name, step, step))
    return tuple(runs)


def alike(a, b, slack: int = 1) -> bool:
    """Two profiles with the same colours in the same order, their edges within `slack`."""
    return len(a) == len(b) and all(x[0] == y[0] and abs(x[1] - y[1]) <= slack
                                    and abs(x[2] - y[2]) <= slack for x, y in zip(a, b))


# ---- boards ---------------------------------------------------------------------------------
def on_board(view, board) -> list:
    """The view's clickable spots that are on the board (not buttons), in a fixed order."""
    return sorted((s for s in view.clickable if not isinstance(s, Choice)
                   and board.spot_shape(s) is not None), key=repr)


def ringed(board, view, spot, size) -> bool:
    """True when the board rings this spot as a legal choice (Strands and Synch ring only a
    restricted choice: a ring on every space is loud)."""
    unringed = dataclasses.replace(view, clickable=view.clickable - {spot})
    changed = np.any(draw(board, view, size) != draw(board, unringed, size), axis=2)
    near = distance(board.spot_shape(spot), size) <= th.REACH + 2
    return bool(changed.any()) and not (changed & ~near).any()  # its own ring, nothing else


def draw(board, view, size, hint=None) -> np.ndarray:
    """The board drawn for a view (and a hint's ghost over it), as pixels."""
    surface = pygame.Surface(size)
    surface.fill(th.BACKGROUND)
    board.draw(surface, view)
    if hint is not None:
        hint.draw(surface)
    return grab(surface)


KINDS = {"moriarty": ("swatch", "col"), "pulling_strings": ("End",), "strands": ("cell",),
         "synch": ("dir",), "tug_of_war": ("team", "common")}  # the kinds of spot looked at


def kind_of(spot) -> str:
    """A spot's kind: its tag ("col", "swatch", "dir"...) or its class's name."""
    return spot[0] if isinstance(spot, tuple) else type(spot).__name__


def position(driver: Driver, game_id: str, seed: int, kind: str | None = None):
    """A hot-seat game at a position with a choice on the board (of this kind) that is ringed
    as legal."""
    rng = random.Random(seed)
    size = driver.app.screen.get_size()
    scene = driver.start(game_id, seed=seed)
    for _ in range(80):
        driver.play_calmly(scene, rng, 1)
        driver.settle()
        view = scene.view()
        spots = [s for s in on_board(view, scene.board) if kind in (None, kind_of(s))]
        if spots and len(on_board(view, scene.board)) >= 2 \
                and ringed(scene.board, view, spots[-1], size):
            return scene, view, spots[-1]
    raise AssertionError(f"no position with a ringed {kind or 'choice'} on {game_id}'s board")


def looks_on(driver: Driver, scene, view, spot) -> dict[str, tuple]:
    """Each ring state's profile round a spot of the board."""
    board, size, scale = scene.board, driver.app.screen.get_size(), driver.app.theme.scale
    bare = dataclasses.replace(view, hover=None, focus=None, last={})
    shape = board.spot_shape(spot)
    shown = {th.FOCUS: dataclasses.replace(bare, focus=spot),
             th.HOVER: dataclasses.replace(bare, hover=spot)}
    base = draw(board, bare, size)
    looks = {state: profile(base, draw(board, v, size), shape, scale, False)
             for state, v in shown.items()}
    unringed = dataclasses.replace(bare, clickable=bare.clickable - {spot})  # picked alone
    looks[th.PICKED] = profile(draw(board, unringed, size), draw(board, dataclasses.replace(
        unringed, selected=bare.selected + (spot,)), size), shape, scale, False)
    looks[th.LEGAL] = profile(draw(board, dataclasses.replace(
        bare, clickable=bare.clickable - {spot}), size), base, shape, scale, False)
    looks[th.HINT] = hint_look(scene, bare, spot, base)
    return looks


def hint_look(scene, view, spot, base) -> tuple:
    """The hint ghost's profile round the first board spot of a hint for this spot's move."""
    board, state, seat = scene.board, scene.turns.match.state, scene.turns.chooser
    observed = state.observe(seat)
    move = next(m for m in observed.legal_moves(seat)
                if any(spot in path for path in board.paths(m, observed)))
    scene.hints.hint = Hint(state, seat, (move,), "")
    shape = next(board.spot_shape(s) for s, _ in scene.hints.spots(scene.hints.hint)
                 if board.spot_shape(s) is not None)
    ghost = draw(board, view, scene.app.screen.get_size(), scene.hints)
    scene.hints.hint = None
    return profile(base, ghost, shape, scene.app.theme.scale, False)


@pytest.fixture(scope="module")
def board_looks(tmp_path_factory) -> dict[str, dict[str, tuple]]:
    """The looks of each state on every kind of spot of every game, at 1280x720."""
    looks = {}
    for game_id in sorted(GAMES):
        for kind in KINDS[game_id]:
            driver = Driver(tmp_path_factory.mktemp(game_id))
            scene, view, spot = position(driver, game_id, 3, kind)
            looks[f"{game_id} {kind}"] = looks_on(driver, scene, view, spot)
            pygame.quit()
    return looks


def test_each_state_has_its_own_look(board_looks):
    for game_id, looks in board_looks.items():
        for state in RING_STATES:
            assert looks[state], f"{game_id}: {state} adds nothing round the choice"
        profiles = [looks[state] for state in RING_STATES]
        for i, a in enumerate(profiles):
            for b in profiles[i + 1:]:
                assert not alike(a, b, 0), f"{game_id}: two states look alike: {a}"


@pytest.mark.parametrize("state", RING_STATES)
def test_each_state_looks_the_same_in_every_game(board_looks, state):
    first, *others = sorted(board_looks)
    for game_id in others:
        a, b = board_looks[first][state], board_looks[game_id][state]
        assert alike(a, b), \
            f"{state} differs: {first} {a}, {game_id} {b}"


def test_the_looks_are_those_written_in_the_theme(board_looks):
    """A look drawn alone round a plain rectangle has the profile every board shows."""
    theme = th.Theme()
    theme.set_window((1280, 720))
    rect = pygame.Rect(60, 60, 80, 50)
    for state in RING_STATES:
        before = pygame.Surface((200, 170))
        before.fill(th.BOARD)
        after = before.copy()
        th.draw_state(after, theme, rect, state)
        drawn = profile(grab(before), grab(after), rect, 1.0, False)
        assert alike(drawn, board_looks["strands cell"][state]), (state, drawn)


# ---- words ----------------------------------------------------------------------------------
def ink(theme: th.Theme, paint) -> np.ndarray:
    """Where `paint(surface)` sets the ink of words: the frame drawn with and without them."""
    written = pygame.Surface(paint.size)
    paint(written)
    with theme.pictures():
        bare = pygame.Surface(paint.size)
        paint(bare)
    words = np.any(grab(written) != grab(bare), axis=2)
    grown = words.copy()  # a pixel's margin round each glyph
    grown[1:] |= words[:-1]
    grown[:-1] |= words[1:]
    grown[:, 1:] |= words[:, :-1]
    grown[:, :-1] |= words[:, 1:]
    return grown


class Frame:
    """A picture drawn by a function of (surface, states on)."""

    def __init__(self, size, draw_with) -> None:
        self.size = size
        self.draw_with = draw_with
        self.on = False

    def __call__(self, surface: pygame.Surface) -> None:
        surface.fill(th.BACKGROUND)
        self.draw_with(surface, self.on)


def rings_on_words(theme: th.Theme, frame: Frame, shape: th.Shape, relayout=None) -> int:
    """How many pixels the states add round a shape (outside it, within their reach) fall on
    words, in the frame without and with the states on."""
    words = None
    for on in (False, True):
        frame.on = on
        if relayout:
            relayout()
        here = ink(theme, frame)
        words = here if words is None else words | here
    with theme.pictures():
        pictures = []
        for on in (False, True):
            frame.on = on
            if relayout:
                relayout()
            surface = pygame.Surface(frame.size)
            frame(surface)
            pictures.append(grab(surface))
    if relayout:
        relayout()
    d = distance(shape, frame.size) / theme.scale
    rings = np.any(pictures[0] != pictures[1], axis=2) & (d >= 0) & (d <= th.REACH + 1)
    return int((rings & words).sum())


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       decisions=st.integers(0, 60), size=st.sampled_from([(1280, 720), (800, 500), (720, 450)]),
       pick=st.integers(0, 99))
def test_hint_ghosts_and_badges_never_cover_words(tmp_path_factory, game_id, seed, decisions,
                                                  size, pick):
    """A hint's ghost (an orchid ring, no fill over a spot's words) and its numbered badges
    (beside each spot, where the frame is calm) touch no word's ink: Pulling Strings' end
    letters, Strands' numbers and coordinates, Moriarty's row numbers, button labels."""
    with window(tmp_path_factory.mktemp("hint"), size=size, speed=8.0) as driver:
        scene = play_screen(driver, generated(game_id, seed, decisions), ("human", "human"))
        show_look(driver, scene, "hint", pick)
        hint = scene.hints.hint
        if driver.top is scene and hint is not None:
            covered = marks_on_words(driver, lambda on: setattr(
                scene.hints, "hint", hint if on else None))
            assert not covered, f"{game_id} {size}: the hint covers words: {covered}"


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 200),
       size=st.sampled_from([(1280, 720), (800, 500), (1024, 600)]), pick=st.integers(0, 99))
def test_rings_never_cover_words_on_a_board(tmp_path_factory, game_id, seed, size, pick):
    driver = Driver(tmp_path_factory.mktemp("words"), size=size)
    try:
        scene, view, _ = position(driver, game_id, seed)
        spots = on_board(view, scene.board)
        spot = spots[pick % len(spots)]
        board, theme = scene.board, driver.app.theme
        bare = dataclasses.replace(view, hover=None, focus=None)
        for states in ({"focus": spot}, {"hover": spot}):  # the outermost rings: the
            # picked and hint bands lie within the hover and focus rings' reach
            frame = Frame(size, lambda surface, on, states=states: board.draw(
                surface, dataclasses.replace(bare, **states) if on else bare))
            covered = rings_on_words(theme, frame, board.spot_shape(spot),
                                     lambda: board.layout(board.area))
            assert covered == 0, f"{game_id} {size}: {states} covers {covered} pixels of words"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_rings_never_cover_words_on_the_options_and_settings_screens(tmp_path, size):
    driver = Driver(tmp_path, size=size)
    try:
        theme = driver.app.theme
        driver.app.stack.reset(driver.app.make("menu"))
        for game_id in sorted(GAMES):
            scene = OptionsScene(driver.app, game_id)
            driver.app.stack.push(scene)
            driver.frames()
            for row in range(len(scene.group.buttons)):
                def draw_row(surface, on, row=row, scene=scene):
                    scene.group.focus = row if on else None
                    scene.group.hover = None
                    scene.draw(surface)
                shape = scene.group.buttons[row].rect
                assert rings_on_words(theme, Frame(size, draw_row), shape) == 0, (game_id, row)
            for row, cells in scene.segments.items():
                for i, (cell, _) in enumerate(cells):
                    def hover_cell(surface, on, row=row, i=i, scene=scene):
                        scene.group.focus = scene.group.hover = None
                        scene.segment_hover = (row, i) if on else None
                        scene.draw(surface)
                    assert rings_on_words(theme, Frame(size, hover_cell), cell) == 0
            driver.app.stack.pop()
            driver.frames()
        settings_scene = driver.app.make("settings")
        driver.app.stack.push(settings_scene)
        driver.frames()
        for row, button in enumerate(settings_scene.group.buttons):
            def focus_row(surface, on, row=row):
                settings_scene.group.focus = row if on else None
                settings_scene.group.hover = None
                settings_scene.draw(surface)
            assert rings_on_words(theme, Frame(size, focus_row), button.rect) == 0, row
    finally:
        pygame.quit()


def test_steppers_look_alike_on_settings_and_options(tmp_path):
    """A '- value +' stepper's sides are drawn by one function on both screens (no yellow
    outlines on one and grey on the other): the same pixels for the same size."""
    driver = Driver(tmp_path)
    try:
        driver.app.stack.reset(driver.app.make("menu"))
        pictures = []
        for name in ("settings", "options"):
            scene = driver.app.make("settings") if name == "settings" else \
                OptionsScene(driver.app, "synch")
            driver.app.stack.push(scene)
            driver.frames()
            surface = pygame.Surface(driver.app.screen.get_size())
            scene.draw(surface)
            rect = scene.parts["speed"]["minus"] if name == "settings" else \
                next(iter(scene.minus.values()))
            pictures.append(classify(grab(surface)[rect.top:rect.bottom, rect.left:rect.right]))
            driver.app.stack.pop()
            driver.frames()
        for picture in pictures:
            assert not (picture == "accent").any(), "a stepper wears a yellow outline"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_moriarty_s_colour_rings_stay_off_the_heading_and_the_names(tmp_path, size):
    """The colour picker's rings once cut through "Bonus Colour" and the colour names."""
    driver = Driver(tmp_path, size=size)
    try:
        scene, view, _ = position(driver, "moriarty", 3, "swatch")
        board, theme = scene.board, driver.app.theme
        bare = dataclasses.replace(view, hover=None, focus=None)
        for spot in [s for s in on_board(view, board) if kind_of(s) == "swatch"]:
            for states in ({"focus": spot}, {"hover": spot},
                           {"selected": bare.selected + (spot,)}):
                frame = Frame(size, lambda surface, on, states=states: board.draw(
                    surface, dataclasses.replace(bare, **states) if on else bare))
                assert rings_on_words(theme, frame, board.spot_shape(spot)) == 0, states
    finally:
        pygame.quit()


def test_strands_spaces_are_ringed_by_hexagons(tmp_path):
    """A hex space's looks (the hint's ring among them) are hexagons, not squares."""
    driver = Driver(tmp_path)
    try:
        scene, view, spot = position(driver, "strands", 3, "cell")
        shape = scene.board.spot_shape(spot)
        assert isinstance(shape, th.Hexagon)
        size = driver.app.screen.get_size()
        base = draw(scene.board, view, size)
        scene.hints.hint = Hint(scene.turns.match.state, scene.turns.chooser,
                                (scene.board.guess_move((spot,), view.state),), "")
        ghost = draw(scene.board, view, size, scene.hints)
        changed = np.any(ghost != base, axis=2)
        outside = distance(shape, size) > th.STATES[th.HINT][0].outer + 1
        assert changed.any() and not (changed & outside).any()  # no square corners
    finally:
        pygame.quit()


def screen_looks(driver: Driver) -> dict[str, tuple]:
    """The looks on the Options and Settings screens: a row's focus, a toggle's hover and
    pick, a stepper's hover; and the Records list's picked row."""
    size, scale = driver.app.screen.get_size(), driver.app.theme.scale
    driver.app.stack.reset(driver.app.make("menu"))
    options = OptionsScene(driver.app, "synch")
    driver.app.stack.push(options)
    driver.frames()

    def shot(scene, **changes) -> np.ndarray:
        scene.group.focus = scene.group.hover = None
        options.segment_hover, options.mouse = None, (-1, -1)
        for name, value in changes.items():
            if name in ("focus", "hover"):
                setattr(scene.group, name, value)
            else:
                setattr(scene, name, value)
        surface = pygame.Surface(size)
        scene.draw(surface)
        return grab(surface)

    row = min(options.segments)
    other_cell, other = options.segments[row][1]
    looks = {th.FOCUS: profile(shot(options), shot(options, focus=row),
                               options.group.buttons[row].rect, scale, False),
             th.HOVER: profile(shot(options), shot(options, segment_hover=(row, 1)),
                               other_cell, scale, False)}
    before = shot(options)
    options.pick_row(row, other)
    looks[th.PICKED] = profile(before, shot(options), other_cell, scale, False)
    step = options.plus[min(options.minus)]
    looks["step " + th.HOVER] = profile(shot(options), shot(options, mouse=step.center), step,
                                       scale, False)
    driver.app.stack.pop()
    driver.frames()
    settings_scene = driver.app.make("settings")
    driver.app.stack.push(settings_scene)
    driver.frames()
    minus = settings_scene.parts["volume"]["minus"]
    looks["settings " + th.HOVER] = profile(shot(settings_scene), shot(
        settings_scene, mouse=minus.center), minus, scale, False)
    looks["settings " + th.FOCUS] = profile(shot(settings_scene), shot(
        settings_scene, focus=0), settings_scene.group.buttons[0].rect, scale, False)
    driver.app.stack.pop()
    write_record(1)
    records = driver.app.make("records")
    driver.app.stack.push(records)
    driver.until(lambda: records.reading is None)
    looks["records " + th.PICKED] = profile(shot(records, selected=-1), shot(
        records, selected=0), records.row_rect(0), scale, False)
    return looks


def test_the_screens_wear_the_boards_looks(board_looks, tmp_path):
    """Options' and Settings' rows, toggles and steppers show focus, hover and a pick as the
    boards do (the Settings steppers once wore yellow outlines, the Options ones grey), and so
    does the Records list's picked row (it once wore an outline of its own)."""
    driver = Driver(tmp_path)
    try:
        looks = screen_looks(driver)
    finally:
        pygame.quit()
    for name, drawn in looks.items():
        board = board_looks["strands cell"][name.split()[-1]]
        if not any(run[0] == "dark" for run in drawn):  # a dark gap on the dark screen
            board = tuple(run for run in board if run[0] != "dark")
        assert alike(drawn, board), (name, drawn, board)


def test_a_hint_of_several_clicks_numbers_them_in_order(tmp_path):
    """A Tug of War pairing is two clicks: its ghost numbers them 1 and 2 (both once read 1)."""
    driver = Driver(tmp_path)
    try:
        scene, _, _ = position(driver, "tug_of_war", 3, "common")
        state, seat = scene.turns.match.state, scene.turns.chooser
        observed = state.observe(seat)
        move = next(m for m in observed.legal_moves(seat)
                    if len(scene.board.path(m, observed)) == 2)
        hint = Hint(state, seat, (move,), "")
        assert [order for _, order in scene.hints.spots(hint)] == [1, 2]
    finally:
        pygame.quit()


def test_a_primary_button_does_not_look_picked(tmp_path):
    """The main action (Lock in) stands out in a fill of its own (th.PRIMARY), not in the
    picked look, which says a choice is picked: nothing round its edge (no yellow band, no
    tick), its ground not the picked yellow; on the play screen, Lock in is drawn so."""
    driver = Driver(tmp_path)  # pygame and its fonts open
    try:
        theme = th.Theme()
        theme.set_window((1280, 720))
        rect = pygame.Rect(60, 60, 120, 56)

        def shot(primary: bool = False, selected: bool = False) -> np.ndarray:
            surface = pygame.Surface((240, 180))
            surface.fill(th.BACKGROUND)
            draw_button(surface, theme, Button("Lock in", "lockin", rect, primary=primary),
                        selected=selected)
            return grab(surface)

        plain = shot()
        picked = profile(plain, shot(selected=True), rect, 1.0, False)
        assert "accent" in {run[0] for run in picked}
        primary = shot(primary=True)
        assert profile(plain, primary, rect, 1.0, False) == ()  # nothing round it
        ground = primary[rect.top + theme.px(6), rect.left + theme.px(6)]
        assert np.linalg.norm(ground - np.array(th.ACCENT)) > NEAR  # not the picked yellow
        assert np.linalg.norm(ground - np.array(th.PRIMARY)) < NEAR
        scene = at_secret_choice(driver, "pulling_strings")
        driver.click(driver.spot_pos(End("c")))  # a string picked: Lock in shows
        lock = driver.lock_in_button()
        assert lock.primary and lock.value not in scene.picker.selected
        scene.picker.focus = scene.picker.hover = None
        driver.app.invalidate()
        driver.frames()
        screen = grab(driver.app.screen)
        d = distance(button_shape(driver.app.theme, lock.rect), screen.shape[1::-1])
        band = (d > 0) & (d <= th.REACH * driver.app.theme.scale)
        assert not (classify(screen) == "accent")[band].any(), "Lock in wears a yellow band"
    finally:
        pygame.quit()
