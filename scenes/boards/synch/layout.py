"""Synch's layout: the grid at the left with its coordinates, the column beside it (whose move,
the roles, the mode badge, the compass), and the sprites and fixed layer drawn for it."""
from __future__ import annotations

import pygame

from game.rules.synch import DIRECTIONS, SynchState, square_label
from game.words.synch import SynchNarrator
from scenes.boards.base import Board, View, draw_board_area
from scenes.boards.synch.shapes import mark_sprite, marker_sprite
from scenes.boards.synch.spots import MODE_CHOICES, spot_direction
from scenes.shell import theme as th

EMPTY_CELL = (66, 75, 96)
GRID_LINE = (40, 46, 61)
LABEL_SIZE = th.CAPTION  # the coordinates along the edges
# The column's words in the theme's roles (a step down where a card or button is small)
HEADING_SIZE = th.BODY  # the column's heading: moves left, or the game's end
ROLE_SIZE = th.CAPTION  # a seat card's role, "Decider · 1st"
NAME_SIZE = th.BODY  # a seat card's name
BADGE_SIZE = th.LABEL * 0.9  # the mode's badge, "In synch": a step below a control's words
COMPASS_SIZE = th.CAPTION * 0.87  # a direction's name on its small button: a step below


class SynchLayout(Board[SynchState]):
    """Where the grid and the column go, and the sprites and fixed layer drawn for them."""

    words: SynchNarrator

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.n = int(options.get("size", 8))
        self.cell = 10
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.column = pygame.Rect(0, 0, 0, 0)
        self.compass: dict[str, pygame.Rect] = {}
        self.compass_centre = pygame.Rect(0, 0, 0, 0)
        self.role_rects: list[pygame.Rect] = []
        self.mode_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_y = 0
        self.background: pygame.Surface | None = None
        self.markers: list[pygame.Surface] = []
        self.inner_cross: pygame.Surface | None = None
        self.ghosts: list[pygame.Surface] = []
        self.marks: list[pygame.Surface] = []
        self.icons: list[pygame.Surface] = []
        self.centre_icons: list[pygame.Surface] = []
        self.claim_layers: dict[tuple, pygame.Surface] = {}  # claims drawn, by the claims
        self._key: tuple | None = None  # the size and area the layout was fitted to
        self.label_gap = 0

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the grid and the column to the area."""
        super().layout(area)
        self._key = None
        self.fit(self.n)

    def fit(self, n: int) -> None:
        """Lay the grid and its column out for an n x n board in the area (once per size)."""
        key = (n, tuple(self.area), self.theme.text_scale, self.theme.scale)
        if key == self._key:
            return
        self._key, self.n = key, n
        theme, area = self.theme, self.area
        pad, gap = theme.px(14), theme.px(22)
        label = theme.text(str(n), LABEL_SIZE)
        self.label_gap = th.reach(theme) + theme.px(2)  # the edge squares' rings stay off them
        left_w = label.get_width() + self.label_gap + theme.px(3)
        bottom_h = label.get_height() + self.label_gap
        column_min = max(theme.px(230), theme.text_px(NAME_SIZE) * 9)
        side = min(area.height - 2 * pad - bottom_h,
                   area.width - 2 * pad - left_w - gap - column_min)
        self.cell = max(6, side // n)
        size = self.cell * n
        column_w = max(10, min(theme.px(330), area.width - 2 * pad - left_w - size - gap))
        total = left_w + size + gap + column_w
        left = area.left + max(pad, (area.width - total) // 2) + left_w
        top = area.top + (area.height - size - bottom_h) // 2
        self.grid = pygame.Rect(left, top, size, size)
        self.column = pygame.Rect(self.grid.right + gap, area.top + pad, column_w,
                                  area.height - 2 * pad)
        self._layout_column()
        self._make_sprites()
        self.background = self._render_background()
        self.claim_layers = {}

    def _layout_column(self) -> None:
        theme, column = self.theme, self.column
        y = column.top + theme.text("M", HEADING_SIZE).get_height() + theme.px(10)
        row_h = max(theme.px(38), theme.text_px(NAME_SIZE) + theme.px(12))
        self.role_rects = []
        for _ in range(2):
            self.role_rects.append(pygame.Rect(column.left, y, column.width, row_h))
            y += row_h + theme.px(6)
        y += theme.px(10)
        self.caption_y = y
        y += theme.text("M", th.CAPTION).get_height() + theme.px(4)
        badge_h = max(theme.px(48), theme.text_px(BADGE_SIZE) + theme.px(18))
        self.mode_rect = pygame.Rect(column.left, y, column.width, badge_h)
        y += badge_h + theme.px(16)
        gap = th.reach(theme)  # a button's focus ring stays off the buttons around it
        room = column.bottom - y
        button = max(8, min((column.width - 2 * gap) // 3, (room - 2 * gap) // 3, theme.px(84)))
        top = y + max(0, (room - 3 * button - 2 * gap) // 3)
        cx = column.centerx - button // 2
        self.compass = {}
        for name, (dr, dc) in DIRECTIONS.items():
            self.compass[name] = pygame.Rect(cx + dc * (button + gap),
                                             top + (1 + dr) * (button + gap), button, button)
        self.compass_centre = pygame.Rect(cx, top + button + gap, button, button)

    def panels(self) -> list[pygame.Rect]:
        """The seats' role rows, the announced mode and the direction buttons."""
        return [*self.role_rects, self.mode_rect, *self.compass.values()]

    def cell_rect(self, square: tuple[int, int]) -> pygame.Rect:
        """The on-screen rectangle of a grid square."""
        return pygame.Rect(self.grid.left + square[1] * self.cell,
                           self.grid.top + square[0] * self.cell, self.cell, self.cell)

    def centre(self, square) -> tuple[float, float]:
        """The centre of a grid square."""
        return (self.grid.left + (square[1] + 0.5) * self.cell,
                self.grid.top + (square[0] + 0.5) * self.cell)

    def _make_sprites(self) -> None:
        cell = self.cell
        big = max(6, round(cell * 0.78))
        self.markers = [marker_sprite(seat, big) for seat in (0, 1)]
        self.inner_cross = marker_sprite(0, max(5, round(cell * 0.42)))
        self.ghosts = []
        for seat in (0, 1):
            ghost = marker_sprite(seat, big)
            ghost.set_alpha(110)
            self.ghosts.append(ghost)
        small = max(5, round(cell * 0.5))
        self.marks = [mark_sprite(seat, small) for seat in (0, 1)]
        icon = max(8, round(self.role_rects[0].height * 0.62)) if self.role_rects else 16
        self.icons = [marker_sprite(seat, icon) for seat in (0, 1)]
        centre = max(8, round(self.compass_centre.width * 0.55))
        self.centre_icons = [marker_sprite(seat, centre) for seat in (0, 1)]

    def _render_background(self) -> pygame.Surface:
        theme = self.theme
        layer = pygame.Surface(self.area.size)
        layer.fill(th.BACKGROUND)
        local = layer.get_rect()
        draw_board_area(layer, theme, local)
        dx, dy = -self.area.left, -self.area.top
        frame = self.grid.move(dx, dy).inflate(theme.px(8), theme.px(8))
        pygame.draw.rect(layer, GRID_LINE, frame, border_radius=theme.px(6))
        for index in range(self.n):
            x, y = self.centre((index, index))
            letter = theme.text(square_label((0, index), self.n)[0], LABEL_SIZE, th.DIM)
            layer.blit(letter, letter.get_rect(midtop=(round(x) + dx, self.grid.bottom + dy
                                                       + self.label_gap)))
            number = theme.text(str(self.n - index), LABEL_SIZE, th.DIM)
            layer.blit(number, number.get_rect(midright=(self.grid.left + dx - self.label_gap,
                                                         round(y) + dy)))
        return layer

    def hot_direction(self, view: View[SynchState]) -> str | None:
        """The compass direction under the pointer or the keyboard's focus, if any."""
        for spot in (view.hover, view.focus):
            name = spot_direction(spot)
            if name is not None:
                return name
        return None

    def hot_mode(self, view: View[SynchState]) -> bool | None:
        """The mode button under the pointer or focus: True synch, False opposition."""
        for spot in (view.hover, view.focus):
            for synch, choice in MODE_CHOICES.items():
                if spot == choice:
                    return synch
        return None
