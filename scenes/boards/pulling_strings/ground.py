"""Pulling Strings drawn once a layout: the panel, the grid's well, the intersections and the
homes; and a seat's mark, an X or a ring."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.rules.pulling_strings import HOMES, SIZE
from scenes.boards.base import draw_board_area
from scenes.shell import theme as th

GRID_BG = th.shade(th.BOARD, 0.82)

def render_background(theme: th.Theme, area: pygame.Rect, grid: pygame.Rect, gap: float,
                      cell_xy: Callable[[tuple[int, int]], tuple[float, float]]) -> pygame.Surface:
    """The panel, the grid's well, the intersections and the homes (all fixed)."""
    layer = pygame.Surface(area.size)
    layer.fill(th.BACKGROUND)
    shift = (-area.left, -area.top)
    draw_board_area(layer, theme, layer.get_rect())
    pygame.draw.rect(layer, GRID_BG, grid.move(shift).inflate(theme.px(8), theme.px(8)),
                     border_radius=theme.px(18))
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = cell_xy((row, col))
            pygame.draw.circle(layer, th.PANEL_EDGE, (x + shift[0], y + shift[1]),
                               max(2, 0.05 * gap))
    for seat in (0, 1):
        for cell in HOMES[seat]:
            x, y = cell_xy(cell)
            _draw_home(gap, layer, seat, (x + shift[0], y + shift[1]))
    return layer


def _draw_home(g: float, layer, seat: int, centre) -> None:
    colour = th.SEAT_COLOURS[seat]
    tile = pygame.Rect(0, 0, round(0.9 * g), round(0.9 * g))
    tile.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(layer, th.mix(GRID_BG, colour, 0.22), tile,
                     border_radius=round(0.16 * g))
    if seat == 1:
        pygame.draw.circle(layer, colour, centre, 0.4 * g, max(2, round(0.08 * g)))
    else:
        for sx in (-1, 1):
            pygame.draw.polygon(layer, colour, _bar(centre, 0.4 * g * math.sqrt(2) * 0.9,
                                                    sx, 0.09 * g))


def draw_mark(surface, seat: int, centre, radius: float, colour) -> None:
    """A seat's shape: Eks an X of two bars, Oh a ring."""
    if seat == 1:
        pygame.draw.circle(surface, colour, centre, radius, max(2, round(radius * 0.3)))
        return
    width = max(2.0, radius * 0.3)
    for sx in (-1, 1):
        pygame.draw.polygon(surface, colour, _bar(centre, radius, sx, width))


def _bar(centre, radius: float, slope: int, width: float) -> list[tuple[float, float]]:
    """One bar of an X: a thick diagonal across a circle of `radius` (slope +1 or -1)."""
    cx, cy = centre
    d = radius / math.sqrt(2)
    nx, ny = -width / 2 / math.sqrt(2), slope * width / 2 / math.sqrt(2)
    a, b = (cx - slope * d, cy - d), (cx + slope * d, cy + d)
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
            (a[0] - nx, a[1] - ny)]
