"""The reveal countdown: a veil over the board's rounded area only, the digit on a disc."""
from __future__ import annotations

import pygame
from hypothesis import given, strategies as st

from scenes.shell import theme as th
from scenes.shell.widgets import veil_mask
from tests.test_handoff import play_moves


@given(st.integers(20, 300), st.integers(20, 300), st.integers(0, 40), st.integers(1, 254))
def test_a_veil_mask_dims_inside_its_rounding_and_leaves_the_corners(width, height, radius,
                                                                     alpha):
    mask = veil_mask((width, height), alpha, radius)
    keep = 255 - alpha
    assert mask.get_at((width // 2, height // 2))[:3] == (keep, keep, keep)
    corner = (0, 0) if min(width, height) > 4 and radius >= 4 else None
    if corner is not None:
        assert mask.get_at(corner)[:3] == (255, 255, 255)


def test_the_countdown_leaves_the_board_s_corners_and_covers_the_centre(driver):
    scene = driver.start("pulling_strings", seed=7)
    play_moves(driver, ["c", "h"])
    assert scene.turns.countdown is not None
    surface = pygame.Surface(driver.app.screen.get_size())
    scene.draw(surface)
    area = scene.rects["board"]
    assert surface.get_at(area.topleft)[:3] == th.BACKGROUND[:3]  # outside the rounding
    centre = scene.board.stage().center
    assert surface.get_at((centre[0], centre[1] - area.height // 20))[:3] in (
        th.PANEL[:3], th.ACCENT[:3])  # the digit's disc (or the digit), not the stack beneath
