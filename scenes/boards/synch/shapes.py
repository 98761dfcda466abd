"""Synch's shapes: the bold X and O markers, a claimed square's small mark, and the unit vector of
a compass direction."""
from __future__ import annotations

import math

import pygame

from game.rules.synch import DIRECTIONS
from scenes.shell import theme as th

SUPERSAMPLE = 4  # sprites are drawn this many times larger, then smoothly scaled down


def unit(name: str) -> tuple[float, float]:
    """A direction as a screen vector of length 1 (x right, y down)."""
    dr, dc = DIRECTIONS[name]
    length = math.hypot(dr, dc)
    return (dc / length, dr / length)


def marker_sprite(seat: int, size: int) -> pygame.Surface:
    """A bold X (Cross) or O (Ring) in the seat's colour with a dark outline, smoothly scaled."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = th.SEAT_COLOURS[seat]
    outline = (16, 18, 24)
    c = big / 2
    if seat == 0:
        reach, width = big * 0.36, big * 0.17
        for extra, shade in ((big * 0.05, outline), (0, colour)):
            for sign in (1, -1):
                bar(canvas, (c - reach, c - sign * reach), (c + reach, c + sign * reach),
                     width + 2 * extra, shade)
    else:
        outer, thick, rim = big * 0.44, big * 0.15, big * 0.04
        pygame.draw.circle(canvas, outline, (c, c), outer)
        pygame.draw.circle(canvas, colour, (c, c), outer - rim)
        pygame.draw.circle(canvas, outline, (c, c), outer - rim - thick)  # a dark hole hides
        # whatever symbol lies beneath, so the marker never reads as a claimed square
    return pygame.transform.smoothscale(canvas, (size, size))


def mark_sprite(seat: int, size: int) -> pygame.Surface:
    """A claimed square's small, thin X or O in a light shade of the owner's colour."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = th.shade(th.SEAT_COLOURS[seat], 1.35)
    c = big / 2
    if seat == 0:
        reach = big * 0.34
        for sign in (1, -1):
            bar(canvas, (c - reach, c - sign * reach), (c + reach, c + sign * reach),
                 big * 0.11, colour)
    else:
        pygame.draw.circle(canvas, colour, (c, c), big * 0.38)
        pygame.draw.circle(canvas, (0, 0, 0, 0), (c, c), big * 0.38 - big * 0.11)
    return pygame.transform.smoothscale(canvas, (size, size))


def bar(canvas: pygame.Surface, a, b, width: float, colour) -> None:
    """A thick line with rounded ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(canvas, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                         (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    for end in (a, b):
        pygame.draw.circle(canvas, colour, end, width / 2)
