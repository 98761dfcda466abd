"""Moriarty's fixed layer: the squares, rows 0 and 9, the numbers and labels, the Centre Line,
the seat cards' ground and the tray's colours, drawn once a layout."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.moriarty import COLUMNS
from game.words.moriarty import half_label
from scenes.boards.base import draw_board_area
from scenes.boards.moriarty.layout import BESIDE, ROWNUM_W, SCALE_W, SMALL
from scenes.boards.moriarty.shapes import (
    DARK_SQUARE,
    LIGHT_SQUARE,
    OFF_BOARD,
    blit_centered,
    dashed_rect,
    token_sprite,
)
from scenes.shell import theme as th

if TYPE_CHECKING:
    from scenes.boards.moriarty.layout import MoriartyLayout

def make_sprites(board: MoriartyLayout) -> None:
    """The token images at the board's and the tray's radius, plain and muted."""
    board.sprites = {}
    for colour in range(4):
        for radius in (board.token_radius(), board.swatch_radius):
            for muted in (False, True):
                board.sprites[(colour, radius, muted)] = token_sprite(
                    board.theme, colour, radius, muted)


def render_background(board: MoriartyLayout) -> pygame.Surface:
    """The fixed layer of the board area, drawn once a layout."""
    theme = board.theme
    area = board.area
    layer = pygame.Surface(area.size)
    layer.fill(th.BACKGROUND)
    draw_board_area(layer, theme, layer.get_rect())
    shift = (-area.left, -area.top)
    cell = board.cell
    grid = board.grid.move(shift)
    frame = theme.px(5)
    pygame.draw.rect(layer, th.shade(th.BOARD, 0.7), grid.inflate(frame * 2, frame * 2),
                     border_radius=theme.px(6))
    for col in range(COLUMNS):
        for row in range(1, 9):
            x = round(grid.left + col * cell)
            y = round(grid.top + (8 - row) * cell)
            w = round(grid.left + (col + 1) * cell) - x
            h = round(grid.top + (9 - row) * cell) - y
            dark = (col + 1 + row) % 2 == 0
            pygame.draw.rect(layer, DARK_SQUARE if dark else LIGHT_SQUARE, (x, y, w, h))
        for row in (0, 9):
            rect = board.cell_rect(col, row).move(shift).inflate(-2, -2)
            pygame.draw.rect(layer, OFF_BOARD, rect, border_radius=theme.px(4))
            dashed_rect(layer, th.shade(th.DIM, 0.75), rect, max(1, theme.px(1)),
                         max(3, round(cell / 8)))
    draw_labels(board, layer, shift)
    _draw_centre_line(board, layer, shift)
    for card in board.cards.values():
        pygame.draw.rect(layer, th.PANEL, card.move(shift), border_radius=theme.px(10))
        pygame.draw.rect(layer, th.PANEL_EDGE, card.move(shift), max(1, theme.px(2)),
                         border_radius=theme.px(10))
    for k, centre in enumerate(board.swatch_centres):
        sprite = board.sprites[(k, board.swatch_radius, False)]
        layer.blit(sprite, sprite.get_rect(center=(centre[0] + shift[0],
                                                   centre[1] + shift[1])))
    return layer


def draw_labels(board: MoriartyLayout, layer: pygame.Surface, shift) -> None:
    """The column and row numbers, the points scale and the North and South labels."""
    theme = board.theme
    cell = board.cell
    font = theme.font(max(theme.text_px(BESIDE), round(cell * 0.38)))
    small = theme.font(max(theme.text_px(SMALL), round(cell * 0.3)))
    num_y = board.number_y + shift[1]
    for col, x in enumerate(board.col_centres):
        blit_centered(layer, font.render(str(col + 1), True, th.TEXT), (x + shift[0], num_y))
    row_x = board.grid.left - ROWNUM_W * cell / 2 + shift[0]
    scale_x = board.grid.right + SCALE_W * cell / 2 + theme.px(2) + shift[0]
    for row, y in enumerate(board.row_centres):
        colour = th.TEXT if 1 <= row <= 8 else th.DIM
        blit_centered(layer, font.render(str(row), True, colour), (row_x, y + shift[1]))
        points = 5 - row if row <= 4 else row - 4
        blit_centered(layer, small.render(f"+{points}", True, th.DIM),
                       (scale_x, y + shift[1]))
    label = theme.font(max(theme.text_px(BESIDE), round(cell * 0.34)))
    north_y, south_y = (y + shift[1] for y in board.label_ys)
    centre_x = board.grid.centerx + shift[0]
    pts = small.render("pts", True, th.DIM)
    half_room = scale_x - pts.get_width() / 2 - theme.px(8) - centre_x  # clear of "pts"
    for (words, short), y in ((half_label(True), north_y), (half_label(False), south_y)):
        image = label.render(words, True, th.DIM)
        if image.get_width() / 2 > half_room:  # a small window: the side's name alone
            image = label.render(short, True, th.DIM)
        blit_centered(layer, image, (centre_x, y))
    blit_centered(layer, pts, (scale_x, north_y))


def _draw_centre_line(board: MoriartyLayout, layer: pygame.Surface, shift) -> None:
    theme = board.theme
    y = board.grid.top + 4 * board.cell + shift[1]
    left = board.area.left + theme.px(14) + shift[0]
    right = board.grid.right + SCALE_W * board.cell + shift[0]
    width = max(2, theme.px(3))
    pygame.draw.line(layer, th.TEXT, (left, y), (right, y), width)
    for x in (left, right):
        pygame.draw.circle(layer, th.TEXT, (x, y), width + 1)
    gap = theme.px(3)
    theme.blit_text(layer, "Centre", BESIDE, (left, y - gap), th.TEXT, "bottomleft")
    theme.blit_text(layer, "Line", BESIDE, (left, y + gap + 1), th.TEXT, "topleft")
