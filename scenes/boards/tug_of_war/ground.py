"""Tug of War drawn once a layout: the fixed layer (the board, the dice groups' labels), the rope,
the two pawns and every die face."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.words.tug_of_war import SEAT_LETTER
from scenes.boards.base import draw_board_area
from scenes.boards.tug_of_war.layout import GROUP_TITLE
from scenes.shell import theme as th

if TYPE_CHECKING:
    from scenes.boards.tug_of_war.layout import TugLayout

SEAT_FILL = (th.YELLOW, th.VERMILION)
PIP_ON = ((40, 36, 20), (255, 246, 236), (34, 36, 44))  # pips on Yellow, Red and common dice
LETTER_ON = ((40, 36, 20), (20, 14, 10))  # a side's letter on its fill: dark, 5:1 on vermilion
COMMON_FILL = (228, 226, 216)
PAWN_BODY = ((0.38, 0.33), (0.62, 0.33), (0.96, 0.42), (1.0, 0.51), (0.94, 0.58),
             (0.7, 0.56), (0.72, 0.66), (0.96, 0.99), (0.6, 1.0), (0.5, 0.82), (0.4, 1.0),
             (0.04, 0.99), (0.28, 0.66), (0.3, 0.56), (0.06, 0.58), (0.0, 0.51), (0.04, 0.42))
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def render_layer(board: TugLayout) -> pygame.Surface:
    """The fixed layer: the board's ground and the dice groups' labels."""
    theme, area = board.theme, board.area
    layer = pygame.Surface(area.size)
    layer.fill(th.BACKGROUND)
    shift = (-area.left, -area.top)
    draw_board_area(layer, theme, layer.get_rect())
    lane = pygame.Rect(board.rope_left, board.rope_y - board.row_gap - board.athlete_h
                       - theme.px(6), board.rope_right - board.rope_left,
                       2 * (board.row_gap + board.athlete_h + theme.px(6))).move(shift)
    pygame.draw.rect(layer, th.shade(th.BOARD, 0.86), lane, border_radius=theme.px(12))
    cx = board.area.centerx + shift[0]
    dash = max(3, theme.px(7))
    for y in range(lane.top - theme.px(8), lane.bottom + theme.px(8), 2 * dash):
        pygame.draw.line(layer, th.DIM, (cx, y), (cx, y + dash), max(1, theme.px(2)))
    titles = ("Yellow team dice", "Common dice", "Red team dice")
    for cx_group, title in zip(board.group_x, titles):
        theme.blit_text(layer, title, GROUP_TITLE, (cx_group + shift[0], board.label_y + shift[1]),
                        th.DIM, "midtop")
    return layer


def render_rope(board: TugLayout) -> pygame.Surface:
    """The rope, drawn once a layout."""
    width = board.rope_right - board.rope_left
    thick = max(4, board.theme.px(9))
    rope = pygame.Surface((width, thick + 2), pygame.SRCALPHA)
    body = (196, 160, 104)
    pygame.draw.rect(rope, th.shade(body, 0.55), rope.get_rect(), border_radius=thick // 2)
    pygame.draw.rect(rope, body, rope.get_rect().inflate(-2, -2), border_radius=thick // 2)
    twist = max(4, thick)
    for x in range(0, width, twist):
        pygame.draw.line(rope, th.shade(body, 0.72), (x, thick + 1), (x + twist // 2, 1),
                         max(1, thick // 4))
    return rope


def render_pawn(board: TugLayout, seat: int) -> pygame.Surface:
    """A pawn with the seat's head shape and letter, leaning back from the centre."""
    w, h, k = board.pawn_w, board.athlete_h, 3
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    fill, edge = SEAT_FILL[seat], th.shade(SEAT_FILL[seat], 0.38)
    body = [(x * w * k, y * h * k) for x, y in PAWN_BODY]
    line = max(2, int(w * k * 0.06))
    pygame.draw.polygon(big, fill, body)
    pygame.draw.polygon(big, edge, body, line)
    centre, radius = (0.5 * w * k, 0.19 * h * k), 0.2 * w * k
    if seat == 0:
        pygame.draw.circle(big, fill, centre, radius)
        pygame.draw.circle(big, edge, centre, radius, line)
    else:
        square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        square.center = centre
        pygame.draw.rect(big, fill, square, border_radius=line)
        pygame.draw.rect(big, edge, square, line, border_radius=line)
    # a letter too small to read is left off (drawn large and shrunk, it needs a size more than
    # the floor: small sizes' hinting rounds capitals up, a shrunk big one keeps its true height)
    if w * 0.42 >= board.theme.min_font_size() + 1:
        font = board.theme.font(int(w * k * 0.42))  # (the head's shape still tells the side)
        letter = font.render(SEAT_LETTER[seat], True, LETTER_ON[seat])
        big.blit(letter, letter.get_rect(center=(0.5 * w * k, 0.6 * h * k)))
    pawn = pygame.transform.smoothscale(big, (w, h))
    lean = 9 if seat == 0 else -9
    return pygame.transform.rotozoom(pawn, lean, 1.0)


def render_face(board: TugLayout, kind: int, value: int, dim: bool) -> pygame.Surface:
    """A die face (kind 0 Yellow, 1 Red, 2 common; value 0 an empty slot), dimmed when used."""
    size, k = board.die, 2
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    rect = big.get_rect()
    radius = int(size * 0.2 * k)
    if value == 0:  # an empty slot: drawn at size, thin lines blur when scaled down
        empty = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(empty, th.PANEL_EDGE, empty.get_rect(), max(1, board.theme.px(2)),
                         border_radius=radius // k)
        return empty
    fill = SEAT_FILL[kind] if kind < 2 else COMMON_FILL
    pip = PIP_ON[kind]
    if dim:
        fill, pip = th.mix(fill, th.BOARD, 0.6), th.mix(pip, th.BOARD, 0.5)
    pygame.draw.rect(big, th.shade(fill, 0.5), rect, border_radius=radius)
    pygame.draw.rect(big, fill, rect.inflate(-3 * k, -3 * k), border_radius=radius)
    spread, dot = size * 0.25 * k, max(2, size * 0.085 * k)
    for dx, dy in PIPS[value]:
        pygame.draw.circle(big, pip, (rect.centerx + dx * spread, rect.centery + dy * spread),
                           dot)
    return pygame.transform.smoothscale(big, (size, size))
