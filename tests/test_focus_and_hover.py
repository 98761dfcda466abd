"""Keyboard focus and mouse hover look different, on buttons, option rows, game cards and every
board's choices: the same thing drawn focused, hovered, and neither gives three pictures."""
from __future__ import annotations

import dataclasses

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.registry import GAMES
from scenes.boards.base import Choice
from scenes.screens.select import OptionsScene
from scenes.shell import theme as th
from scenes.shell.widgets import Button, draw_button
from tests.support import examples
from tests.test_last_moves import DECISIONS, play_some
from tests.ui_driver import Driver


def three_pictures(draw) -> tuple[bytes, bytes, bytes]:
    """Pixels drawn plain, hovered and focused by `draw(surface, look)`."""
    pictures = []
    for look in ("plain", "hovered", "focused"):
        surface = pygame.Surface((1280, 720))
        draw(surface, look)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    return tuple(pictures)


def assert_all_different(pictures) -> None:
    plain, hovered, focused = pictures
    assert hovered != plain and focused != plain, "no sign of the mouse or the keyboard"
    assert hovered != focused, "focus and hover look the same"


def test_buttons(driver):
    button = Button("Start", "start", pygame.Rect(100, 100, 200, 60), hint="Enter")
    theme = driver.app.theme
    assert_all_different(three_pictures(lambda surface, look: draw_button(
        surface, theme, button, hovered=look == "hovered", focused=look == "focused")))


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours."""
    def lum(colour):
        parts = [v / 255 for v in colour[:3]]
        parts = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in parts]
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_hovered_button_keeps_its_words_and_key_readable(driver):
    """Under the mouse the fill brightens: the label and the key under it (a dim grey once
    drawn there, contrast 1.0: the key vanished) stay at least 3 to 1 against it."""
    theme = driver.app.theme
    button = Button("Review", "review", pygame.Rect(100, 100, 200, 60), hint="V")
    surface = pygame.Surface((400, 300))
    draw_button(surface, theme, button, hovered=True)
    fill = surface.get_at((button.rect.left + 8, button.rect.centery))
    label_h = theme.line(24)
    top = button.rect.centery - (label_h + theme.line(24 * 0.6)) // 2
    for band in (pygame.Rect(button.rect.left, top, button.rect.width, label_h),
                 pygame.Rect(button.rect.left, top + label_h, button.rect.width,
                             theme.line(24 * 0.6))):
        inked = [surface.get_at((x, y)) for x in range(band.left + 4, band.right - 4)
                 for y in range(band.top, band.bottom)]
        assert max(contrast(pixel, fill) for pixel in inked) >= 3


@pytest.mark.parametrize("focused", [False, True])
def test_a_button_s_second_line_reads_at_4_5_to_1(driver, focused):
    """The line under a label can carry what matters (Continue's "Moriarty · hot-seat ·
    turn 3"): it once sat at 2.4 to 1 on the button's fill."""
    theme = driver.app.theme
    button = Button("Continue", "continue", pygame.Rect(100, 100, 300, 70),
                    hint="Moriarty · hot-seat · turn 3")
    surface = pygame.Surface((500, 300))
    draw_button(surface, theme, button, focused=focused)
    fill = surface.get_at((button.rect.left + 8, button.rect.centery))
    label_h = theme.line(24)
    top = button.rect.centery - (label_h + theme.line(24 * 0.6)) // 2 + label_h
    inked = [surface.get_at((x, y)) for x in range(button.rect.left + 10, button.rect.right - 10)
             for y in range(top, top + theme.line(24 * 0.6))]
    assert max(contrast(pixel, fill) for pixel in inked) >= 4.5


def test_option_rows_and_game_cards(driver):
    driver.app.stack.reset(driver.app.make("menu"))
    for screen in ("options", "cards"):
        if screen == "options":
            scene = OptionsScene(driver.app, "strands")
        else:
            scene = driver.app.make("select")
        driver.app.stack.push(scene)
        driver.frames()

        def draw(surface, look, scene=scene):
            scene.group.focus = 0 if look == "focused" else None
            scene.group.hover = 0 if look == "hovered" else None
            scene.draw(surface)
        assert_all_different(three_pictures(draw))
        driver.app.stack.pop()
        driver.frames()


def marked_cells(scene: OptionsScene, surface: pygame.Surface) -> dict[int, list]:
    """Per segmented row, the values of the cells with the accent inside them."""
    marked: dict[int, list] = {}
    focus_band = round((th.STATES[th.FOCUS][1].inner + th.STATES[th.FOCUS][1].outer) / 2
                       * scene.app.theme.scale)  # the middle of the keyboard's ring
    for row, cells in scene.segments.items():
        marked[row] = []
        for rect, value in cells:
            ring = rect.inflate(2 * focus_band, 2 * focus_band)
            xs, ys = range(rect.left, rect.right), range(rect.top, rect.bottom)
            corner = 2 * focus_band  # the picked look's tick badge sits on a corner
            edge = ([(x, y) for x in xs[corner:-corner] for y in (ring.top, ring.bottom - 1)]
                    + [(x, y) for y in ys for x in (ring.left, ring.right - 1)
                       if not rect.top - corner < y < rect.top + corner])
            others = [other.inflate(2 * focus_band, 2 * focus_band) for other, _ in cells
                      if other != rect]  # a picked neighbour is yellow, and its look
            assert not any(surface.get_at(p)[:3] == th.ACCENT for p in edge
                           if surface.get_rect().collidepoint(p)
                           and not any(o.collidepoint(p) for o in others)), \
                f"a yellow ring where the keyboard's focus goes round {value!r}"
            if any(surface.get_at((x, y))[:3] == th.ACCENT for x in xs for y in ys):
                marked[row].append(value)
    return marked


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.tuples(st.integers(800, 2560), st.integers(500, 1440)),
       game_id=st.sampled_from(sorted(GAMES)), pick=st.integers(0, 3))
def test_a_picked_option_is_marked_inside_never_with_the_focus_ring(tmp_path_factory, size, game_id,
                                                                   pick):
    """Each segmented row marks exactly its current choice, yellow inside the cell (the picked
    look); no cell gets the ring that means keyboard focus, and a click moves the mark."""
    driver = Driver(tmp_path_factory.mktemp("picked"), size=size)
    try:
        driver.app.stack.reset(driver.app.make("menu"))
        scene = OptionsScene(driver.app, game_id)
        driver.app.stack.push(scene)
        driver.frames()
        surface = pygame.Surface(size)
        scene.group.focus = scene.group.hover = None
        scene.draw(surface)
        assert all(len(values) == 1 for values in marked_cells(scene, surface).values())
        rect, value = scene.segments[0][pick % len(scene.segments[0])]
        driver.click(rect.center)
        driver.post(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))
        driver.frames()
        scene.group.focus = scene.group.hover = None
        scene.draw(surface)
        marked = marked_cells(scene, surface)
        assert marked[0] == [value]
        assert all(len(values) == 1 for values in marked.values())
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_board_s_choices(tmp_path, game_id):
    driver = Driver(tmp_path)
    try:
        for extra in range(4):  # to a position with a choice on the board (not a button)
            scene = play_some(driver, game_id, 4, DECISIONS[game_id] // 2 + extra)
            view = scene.view()
            spots = [s for s in view.clickable
                     if not isinstance(s, Choice) and scene.board.spot_rect(s) is not None]
            if spots:
                break
        assert spots, "no choice on the board"
        spot = sorted(spots, key=repr)[0]

        def draw(surface, look):
            shown = dataclasses.replace(view, hover=spot if look == "hovered" else None,
                                        focus=spot if look == "focused" else None)
            scene.board.draw(surface, shown)
        assert_all_different(three_pictures(draw))
    finally:
        pygame.quit()


def test_the_play_screen_s_buttons(driver):
    scene = play_some(driver, "strands", 2, 3)
    button = scene.buttons[-1]  # Menu

    def draw(surface, look):
        scene.picker.hover = button.value if look == "hovered" else None
        scene.picker.focus = button.value if look == "focused" else None
        scene.drawing.draw_bottom(surface)
    assert_all_different(three_pictures(draw))
