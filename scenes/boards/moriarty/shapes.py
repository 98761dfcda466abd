"""Moriarty's shapes: the token sprites, the marks and arrows the painters draw."""
from __future__ import annotations

import math

import pygame

from game.rules.moriarty import LETTERS
from scenes.shell import theme as th

TOKEN_COLOURS = (th.ORANGE, th.BLUE, th.GREEN, th.PURPLE)
LETTER_INK = ((24, 24, 30), (250, 250, 252), (24, 24, 30), (24, 24, 30))
LIGHT_SQUARE = (86, 96, 118)
DARK_SQUARE = (57, 65, 85)
OFF_BOARD = (33, 38, 51)
INK = (24, 24, 30)


def token_sprite(theme: th.Theme, colour: int, radius: int, muted: bool) -> pygame.Surface:
    """A smooth disc with its letter, drawn large and scaled down once (antialiased)."""
    scale = 4
    size = (2 * radius + 2) * scale
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    fill = TOKEN_COLOURS[colour]
    r = radius * scale
    if muted:
        pygame.draw.circle(big, (*th.mix(th.BOARD, fill, 0.35), 255), centre, r)
        pygame.draw.circle(big, (*fill, 255), centre, r, max(2, scale * 2))
        ink = th.TEXT  # (its letter reads at 4.5:1 on the muted disc too)
    else:
        pygame.draw.circle(big, (*th.shade(fill, 0.55), 255), centre, r)
        pygame.draw.circle(big, (*fill, 255), centre, r - max(2, r // 9))
        pygame.draw.circle(big, (*th.shade(fill, 1.18), 255),
                           (centre[0] - r // 5, centre[1] - r // 5), r // 3)
        pygame.draw.circle(big, (*fill, 255), centre, round(r * 0.72))
        ink = LETTER_INK[colour]
    font = theme.font(max(round(r * 1.05), (theme.min_font_size() + 1) * scale))  # shown 1/scale
    letter = font.render(LETTERS[colour], True, ink)
    big.blit(letter, letter.get_rect(center=(centre[0], centre[1] + scale)))
    small = (2 * radius + 2, 2 * radius + 2)
    return pygame.transform.smoothscale(big, small)


def dashed_rect(surface, colour, rect: pygame.Rect, width: int, dash: int) -> None:
    """A dashed outline (the imaginary rows 0 and 9)."""
    for (x0, y0), (x1, y1) in ((rect.topleft, rect.topright), (rect.bottomleft, rect.bottomright),
                               (rect.topleft, rect.bottomleft), (rect.topright, rect.bottomright)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, dash * 2):
            end = min(length, start + dash)
            a, b = start / max(1, length), end / max(1, length)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def blit_centered(surface, image: pygame.Surface, centre) -> None:
    """Blit an image centred on a point."""
    surface.blit(image, image.get_rect(center=ipoint(centre)))


def ipoint(point) -> tuple[int, int]:
    """A point rounded to whole pixels."""
    return (round(point[0]), round(point[1]))


def draw_star(surface, centre, radius: float, colour) -> None:
    """A five-pointed star (marks your Bonus Colour's tokens in your own view)."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, INK, [(x + 1, y + 1) for x, y in points])
    pygame.draw.polygon(surface, colour, points)


def draw_seal(surface, centre, size: int) -> None:
    """A closed envelope: a choice is made and hidden."""
    x, y = centre
    rect = pygame.Rect(0, 0, size * 2, round(size * 1.4))
    rect.center = (round(x), round(y))
    pygame.draw.rect(surface, th.TEXT, rect, border_radius=2)
    pygame.draw.lines(surface, INK, False, [rect.topleft, (rect.centerx, rect.centery + 1),
                                             rect.topright], max(1, size // 5))


def draw_arrow(surface, start, end, colour, width: int, head: float) -> None:
    """An up or down arrow from start to end, its head at the end."""
    pygame.draw.line(surface, colour, ipoint(start), ipoint(end), width)
    direction = 1 if end[1] > start[1] else -1
    x, y = end
    pygame.draw.polygon(surface, colour, [(x - head, y - direction * head * 0.2),
                                          (x + head, y - direction * head * 0.2),
                                          (x, y + direction * head)])


def draw_check(surface, centre, size: int) -> None:
    """A tick: a Moriarty named right."""
    x, y = centre
    pygame.draw.lines(surface, th.ACCENT, False, [(x - size, y), (x - size // 3, y + size * 2 // 3),
                                                 (x + size, y - size * 2 // 3)], max(3, size // 3))


def draw_cross(surface, centre, size: int) -> None:
    """A cross: a Moriarty named wrong."""
    x, y = centre
    width = max(3, size // 3)
    pygame.draw.line(surface, th.WARNING, (x - size, y - size), (x + size, y + size), width)
    pygame.draw.line(surface, th.WARNING, (x - size, y + size), (x + size, y - size), width)
