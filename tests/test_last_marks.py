"""Each player's own last move, in that player's mark and colour, in every game, and a hint ghost
in a colour no player owns.

Generated games are played on the real play screen; after each turn each seat's marks are found
as the pixels that change when only that seat's last turns are shown (against none): they carry
that seat's mark colour (`board.last_colours`) and none of the other seat's, lie at that seat's
last move where the board says where that is, and never touch the ink of a word already there.
The hint's colour keeps a stated CIE76 distance from every seat's colour and mark, and its ring
stands out from every board's ground."""
from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.registry import GAMES
from game.rules.strands import Place
from scenes.boards.base import Choice
from scenes.boards.pulling_strings import End, last_pulls
from scenes.shell import theme as th
from tests.support import examples
from tests.ui_driver import Driver

NEAR = 40  # how close (RGB distance) a pixel must be to a colour to count as it
MIN_PIXELS = 12  # a mark shows at least this many pixels of its seat's colour
CONTRAST = 3.0  # the least contrast of a graphic on its ground (WCAG 2.1, 1.4.11)


# ---- colour ---------------------------------------------------------------------------------
def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    """The relative luminance of an sRGB colour (WCAG)."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The contrast ratio of two colours (WCAG), 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(rgb) -> tuple[float, float, float]:
    """An sRGB colour in CIELAB (D65)."""
    r, g, b = (_linear(c) for c in rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a, b) -> float:
    """The CIE76 distance of two colours (about 2.3 is just noticeable)."""
    return math.dist(lab(a), lab(b))


# ---- pixels ---------------------------------------------------------------------------------
def grab(surface: pygame.Surface) -> np.ndarray:
    """A surface's pixels as an (h, w, 3) array of ints."""
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)


def draw(board, view, size) -> np.ndarray:
    """The board drawn for a view, as pixels."""
    surface = pygame.Surface(size)
    surface.fill(th.BACKGROUND)
    board.draw(surface, view)
    return grab(surface)


def near(pixels: np.ndarray, colour) -> np.ndarray:
    """Which pixels are (about) this colour."""
    return np.linalg.norm(pixels - np.array(colour), axis=-1) < NEAR


def words_ink(theme: th.Theme, board, view, size) -> np.ndarray:
    """Where the board sets the ink of words for a view (with a pixel's margin)."""
    written = draw(board, view, size)
    with theme.pictures():
        bare = draw(board, view, size)
    ink = np.any(written != bare, axis=2)
    grown = ink.copy()
    grown[1:] |= ink[:-1]
    grown[:-1] |= ink[1:]
    grown[:, 1:] |= ink[:, :-1]
    grown[:, :-1] |= ink[:, 1:]
    return grown


def within(size, centre, radius: float) -> np.ndarray:
    """The pixels within `radius` of a point."""
    ys, xs = np.mgrid[0:size[1], 0:size[0]]
    return np.hypot(xs + 0.5 - centre[0], ys + 0.5 - centre[1]) <= radius


# ---- where a seat's last move is (only where the board's spots name it) ------------------------
def last_places(game_id: str, board, view, seat: int, size) -> np.ndarray | None:
    """The pixels a seat's last-move mark may cover, where the test can tell on its own: round
    the end pulled (Pulling Strings), on the stones placed (Strands); None elsewhere."""
    if game_id == "pulling_strings":
        letter = last_pulls(view).get(seat)
        if letter is None:
            return None
        shape = board.spot_shape(End(letter))
        return within(size, shape.centre, shape.radius * 2.8)
    if game_id == "strands":
        turns = view.last.get(seat, ())
        area = np.zeros((size[1], size[0]), dtype=bool)
        for _, move in turns[-1] if turns else ():
            if isinstance(move, Place):
                index = view.state.board.index(move.label)
                shape = board.spot_shape(("cell", index))
                area |= within(size, shape.centre, shape.radius)
        return area
    return None


def expects_mark(game_id: str, board, view, seat: int) -> bool:
    """True where a seat's last turn must be marked now: a pull revealed, a stone that stands."""
    if game_id == "pulling_strings":
        return seat in last_pulls(view)
    if game_id == "strands":
        turns = view.last.get(seat, ())
        return any(isinstance(move, Place) and view.state.stones[
            view.state.board.index(move.label)] == seat + 1 for _, move in turns[-1])
    if game_id == "synch":
        return any(s == seat for s, _, _ in board.last_steps(view))
    return False


def check_marks(driver: Driver, game_id: str, scene) -> int:
    """Check each seat's marks at this moment; how many seats' marks showed."""
    board, size, theme = scene.board, driver.app.screen.get_size(), driver.app.theme
    view = dataclasses.replace(scene.view(), hover=None, focus=None)
    bare = dataclasses.replace(view, last={})
    base = draw(board, bare, size)
    ink = words_ink(theme, board, bare, size)
    shown = 0
    for seat, turns in view.last.items():
        alone = dataclasses.replace(view, last={seat: turns})
        marked = draw(board, alone, size)
        changed = np.any(marked != base, axis=2)
        if expects_mark(game_id, board, alone, seat):
            assert changed.any(), f"{game_id}: seat {seat}'s last move is not marked"
        if not changed.any():
            continue
        shown += 1
        own, other = board.last_colours[seat], board.last_colours[1 - seat]
        mine = int((changed & near(marked, own)).sum())
        theirs = int((changed & near(marked, other)).sum())
        assert mine >= MIN_PIXELS, f"{game_id}: seat {seat}'s mark is not in its colour {own}"
        assert theirs == 0, f"{game_id}: seat {seat}'s mark carries the other's colour {other}"
        places = last_places(game_id, board, alone, seat, size)
        if places is not None:
            stray = changed & ~places
            assert not stray.any(), f"{game_id}: seat {seat}'s mark strays from its last move"
        with theme.pictures():  # the mark's own shapes, without any words it carries
            shapes = np.any(draw(board, alone, size) != draw(board, bare, size), axis=2)
        assert not (shapes & ink).any(), f"{game_id}: seat {seat}'s mark is over words"
    return shown


# ---- the marks ------------------------------------------------------------------------------
@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       turns=st.integers(2, 14), small=st.booleans())
def test_each_seat_s_last_move_wears_its_own_mark(tmp_path_factory, game_id, seed, turns, small):
    driver = Driver(tmp_path_factory.mktemp("marks"), size=(800, 500) if small else (1280, 720),
                    speed=8.0)
    try:
        scene = driver.start(game_id, seed=seed)
        rng = random.Random(seed)
        seen, shown = 0, 0
        for _ in range(turns):
            driver.play_calmly(scene, rng, 1)
            if scene.turns.match.state.is_terminal:
                break
            seen += bool(scene.view().last)
            shown += check_marks(driver, game_id, scene)
        assert shown or not seen, f"{game_id}: no last move was ever marked"
    finally:
        pygame.quit()


def test_a_mark_in_the_other_seat_s_colour_is_caught(tmp_path):
    """The check can fail: Pulling Strings drawing both badges in Eks's orange is caught."""
    driver = Driver(tmp_path)
    try:
        scene = driver.start("pulling_strings", seed=5)
        driver.play_calmly(scene, random.Random(5), 4)
        board = scene.board
        real = th.draw_seat_badge
        th.draw_seat_badge = lambda surface, theme, centre, colour, mark, radius=None: real(
            surface, theme, centre, th.SEAT_COLOURS[0], mark, radius)
        try:
            with pytest.raises(AssertionError, match="colour"):
                check_marks(driver, "pulling_strings", scene)
        finally:
            th.draw_seat_badge = real
        assert board.last_colours == th.SEAT_COLOURS
    finally:
        pygame.quit()


# ---- the hint -------------------------------------------------------------------------------
def test_the_hint_colour_is_no_seat_s(tmp_path):
    """The hint's colour keeps th.HINT_DISTANCE (CIE76) from every seat's colour and mark in
    every game, and from the other states' colours."""
    driver = Driver(tmp_path)
    try:
        for game_id in sorted(GAMES):
            board = driver.start(game_id).board
            for colour in (*board.seat_colours, *board.last_colours):
                assert delta_e(th.HINT_COLOUR, colour) >= th.HINT_DISTANCE, (game_id, colour)
        for colour in (th.ACCENT, th.TEXT, th.GUIDE, th.PRIMARY):
            assert delta_e(th.HINT_COLOUR, colour) >= th.HINT_DISTANCE, colour
        assert delta_e(th.HINT_COLOUR, th.SKY) >= th.HINT_DISTANCE  # no longer Oh's blue
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_hint_ring_stands_out_on_every_board(tmp_path, game_id):
    """Round each spot of a hinted move on the board, the ground just outside the ring (the
    colours of most of it) is at least 3:1 from the hint's colour."""
    driver = Driver(tmp_path)
    try:
        scene = driver.start(game_id, seed=2)
        driver.play_calmly(scene, random.Random(2), 3)
        board, size, scale = scene.board, driver.app.screen.get_size(), driver.app.theme.scale
        state, seat = scene.turns.match.state, scene.turns.chooser
        observed = state.observe(seat)
        grounds: Counter = Counter()
        base = draw(board, dataclasses.replace(scene.view(), hover=None, focus=None), size)
        for move in observed.legal_moves(seat)[:12]:
            for spot in board.path(move, observed):
                shape = None if isinstance(spot, Choice) else board.spot_shape(spot)
                if shape is None:
                    continue
                bounds = th.shape_bounds(shape, 6 * scale)
                band = th.shape_bounds(shape, 4 * scale)
                ring = np.zeros(base.shape[:2], dtype=bool)
                ring[bounds.top:bounds.bottom, bounds.left:bounds.right] = True
                ring[band.top:band.bottom, band.left:band.right] = False
                grounds.update(map(tuple, base[ring].tolist()))
        assert grounds, f"{game_id}: no hinted spot on the board"
        total = sum(grounds.values())
        common = [colour for colour, count in grounds.most_common(8) if count >= total / 10]
        for colour in common:
            assert contrast(th.HINT_COLOUR, colour) >= CONTRAST, (game_id, colour)
    finally:
        pygame.quit()
