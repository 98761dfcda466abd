"""Moriarty's layout: where every part of the board goes (the board block at the left with its
rows 0 and 9, numbers, tags and labels; the seat cards, colour tray and notes at the right), and
the spots a player clicks."""
from __future__ import annotations

import math
from typing import Hashable, TypeGuard

import pygame

from game.core import SEALED, NodeKind
from game.rules.moriarty import COLUMNS, BonusesChosen, GameScored, MoriartyState, SlidesRevealed
from game.words.moriarty import MoriartyNarrator
from scenes.boards.base import Board, Choice, View
from scenes.boards.moriarty.plan import Beat
from scenes.boards.moriarty.shapes import token_sprite
from scenes.shell import theme as th
from scenes.shell.anim import lerp

END_CHOICE = Choice("End the game", "end", 1)
MORIARTY_CHOICE = Choice("Moriarty!", "moriarty", 2)
PASS_CHOICE = Choice("No Moriarty", "pass", 0)
TOWARD_CHOICE = Choice("Toward me", "toward", 0)
AWAY_CHOICE = Choice("Away from me", "away", 1)

# vertical stack of the board block, in cells: north label, row 9, gap, rows 8..1, gap, row 0,
# column numbers, two rows of tags, south label (rows of words never under a line of text)
LABEL_H, GAP_H, NUMBER_H, TAG_H, MARGIN_H = 0.6, 0.16, 0.55, 0.5, 0.15
STACK_H = 2 * LABEL_H + 10 + 2 * GAP_H + NUMBER_H + 2 * TAG_H + 2 * MARGIN_H
ROWNUM_W, SCALE_W = 0.65, 0.9
# The board's words in the theme's roles (a step below one where the room is tight)
BESIDE = th.CAPTION  # round the grid: its numbers, "Centre", "Line", North's and South's rows
SMALL = th.CAPTION * 0.87  # the points scale and the tags under the columns: a step below
CARD_NAME = th.HEADING  # a seat card's name (its role line above is a CAPTION)
CARD_LINE = th.BODY * 0.9  # a seat card's points and Bonus Colour, the notes: a step below
TRAY_HEADING = th.BODY  # what the colour tray asks for
BANNER = th.BODY * 1.1  # a declared Moriarty's card: a step above running words
BANNER_WORD = th.HEADING  # its verdict, "Right!" or "Wrong!"


def col_spot(column: int) -> tuple[str, int]:
    """The spot of a column (its token, or its empty start square during setup)."""
    return ("col", column)


def swatch_spot(colour: int) -> tuple[str, int]:
    """The spot of a colour in the tray (setup, Bonus Colour and Moriarty)."""
    return ("swatch", colour)


def is_spot(spot, kind: str) -> TypeGuard[tuple[str, int]]:
    """True when a spot is one of this board's of this kind ("col" or "swatch")."""
    return isinstance(spot, tuple) and len(spot) == 2 and spot[0] == kind


class MoriartyLayout(Board[MoriartyState]):
    """Moriarty's geometry (the board's rows and columns, seat cards, tray and notes) and what a
    view shows there: tracks' progress, a seat's activity, a Bonus Colour that may be shown."""

    words: MoriartyNarrator

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.cell = 10.0
        self.grid = pygame.Rect(0, 0, 0, 0)  # rows 1..8
        self.row_centres: list[float] = []
        self.col_centres: list[float] = []
        self.column_rects: list[pygame.Rect] = []
        self.swatch_centres: list[tuple[int, int]] = []
        self.swatch_radius = 10
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[str, pygame.Rect] = {}
        self.tray = pygame.Rect(0, 0, 0, 0)
        self.notes = pygame.Rect(0, 0, 0, 0)
        self.tag_y = self.pivot_tag_y = 0
        self.tag_h = self.number_y = 0.0
        self.label_ys = (0.0, 0.0)  # the North and South labels' centres
        self.background: pygame.Surface | None = None
        self.sprites: dict[tuple[int, int, bool], pygame.Surface] = {}
        self.shown_rows: list[float] = []  # each token's row as last drawn

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """The board block at the left of the area, the seat cards and tray at the right."""
        super().layout(area)
        theme = self.theme
        margin = theme.px(14)
        line_label_w = theme.text("Centre", BESIDE).get_width() + theme.px(8)
        width_room = area.width * 0.56 - line_label_w - margin
        cell = self._fit_cell(area.height)
        self.cell = cell = max(8.0, min(cell, width_room / (8 + ROWNUM_W + SCALE_W)))
        label_h, number_h, tag_h = self._word_rows(cell)
        total = (10 + 2 * GAP_H + 2 * MARGIN_H) * cell + 2 * label_h + number_h + 2 * tag_h
        block_w = line_label_w + (8 + ROWNUM_W + SCALE_W) * cell
        left = area.left + margin
        grid_left = left + line_label_w + ROWNUM_W * cell
        top = area.top + (area.height - total) / 2 + MARGIN_H * cell
        row9_top = top + label_h
        grid_top = row9_top + cell + GAP_H * cell
        self.grid = pygame.Rect(round(grid_left), round(grid_top), round(8 * cell),
                                round(8 * cell))
        rows = [grid_top + 8 * cell + GAP_H * cell + cell / 2]  # row 0
        rows += [grid_top + (8 - r + 0.5) * cell for r in range(1, 9)]
        rows.append(row9_top + cell / 2)  # row 9
        self.row_centres = rows
        self.col_centres = [grid_left + (c + 0.5) * cell for c in range(COLUMNS)]
        bottom = rows[0] + cell / 2
        self.column_rects = [pygame.Rect(round(grid_left + c * cell), round(row9_top),
                                         round(cell), round(bottom - row9_top))
                             for c in range(COLUMNS)]
        self.number_y = bottom + number_h / 2
        self.tag_h = tag_h
        self.tag_y = round(bottom + number_h + tag_h / 2)  # the active tokens' tags
        self.pivot_tag_y = round(self.tag_y + tag_h)  # the Pivot's, a row lower
        self.label_ys = (row9_top - label_h / 2, self.pivot_tag_y + tag_h / 2 + label_h / 2)
        panel_left = round(left + block_w + margin * 2)
        panel_w = min(area.right - margin - panel_left, theme.px(460))
        self.panel = pygame.Rect(panel_left, area.top + margin, max(10, panel_w),
                                 area.height - 2 * margin)
        self._layout_panel()

    def _word_rows(self, cell: float) -> tuple[float, float, float]:
        """The heights of the rows of words around the board: the North and South labels, the
        column numbers, and the tags under them (a line of text at least, however small)."""
        line = self.theme.line(BESIDE) + self.theme.px(2)
        room = max(0.0, th.reach(self.theme) - (cell / 2 - self.token_radius(cell)))  # rings
        return (max(LABEL_H * cell, line) + room, max(NUMBER_H * cell, line) + room,
                max(TAG_H * cell, line))

    def _fit_cell(self, height: int) -> float:
        """The largest square whose board, with its rows of words, fits this height."""
        cell = height / STACK_H
        for _ in range(4):  # the rows of words stop shrinking with the cell at a line of text
            label_h, number_h, tag_h = self._word_rows(cell)
            cell = (height - 2 * label_h - number_h - 2 * tag_h) / (10 + 2 * GAP_H + 2 * MARGIN_H)
        return cell

    def _layout_panel(self) -> None:
        theme = self.theme
        panel = self.panel
        card_h = max(min(round(panel.height * 0.3), theme.px(118)), self._card_height())
        self.cards = {"north": pygame.Rect(panel.left, panel.top, panel.width, card_h),
                      "south": pygame.Rect(panel.left, panel.bottom - card_h, panel.width,
                                           card_h)}
        middle_top = panel.top + card_h + theme.px(10)
        middle_bottom = panel.bottom - card_h - theme.px(10)
        radius = max(8, min(round(self.cell * 0.55), panel.width // 11, theme.px(30)))
        self.swatch_radius = radius
        header = theme.line(TRAY_HEADING) + th.reach(theme)  # the swatches' rings: off the words
        tray_h = header + 2 * radius + self.name_gap() + 2 * theme.line(th.CAPTION) + \
            theme.px(4)
        self.tray = pygame.Rect(panel.left, middle_top, panel.width,
                                min(tray_h, middle_bottom - middle_top))
        y = self.tray.top + header + radius
        step = panel.width / 4
        self.swatch_centres = [(round(panel.left + step * (k + 0.5)), round(y)) for k in range(4)]
        self.notes = pygame.Rect(panel.left, self.tray.bottom + theme.px(8), panel.width,
                                 max(0, middle_bottom - self.tray.bottom - theme.px(8)))

    def name_gap(self) -> int:
        """Pixels from a swatch's edge to its name: clear of its rings."""
        return th.reach(self.theme) + self.theme.px(2)

    def line_gap(self) -> int:
        """Pixels between a seat card's lines."""
        return self.theme.px(5)

    def _card_height(self) -> int:
        """A seat card's height: a role line, the name, the points, the Bonus Colour."""
        theme = self.theme
        return theme.px(8) + theme.line(th.CAPTION) + theme.line(CARD_NAME) + \
            2 * theme.line(CARD_LINE) + 3 * self.line_gap() + theme.px(10)

    def token_radius(self, cell: float | None = None) -> int:
        """A token's radius on the board (with cells of this size: the board's own)."""
        return max(5, round((self.cell if cell is None else cell) * 0.4))

    def stage(self) -> pygame.Rect:
        """The board's ten rows, left of the cards and tray."""
        return self.column_rects[0].unionall(self.column_rects[1:])

    def panels(self) -> list[pygame.Rect]:
        """The seat cards, the colour tray and the notes."""
        return [*self.cards.values(), self.tray, self.notes]

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        """The square of a column and row (0-9)."""
        cell = self.cell
        x, y = self.col_centres[col], self.row_centres[row]
        return pygame.Rect(round(x - cell / 2), round(y - cell / 2), round(cell), round(cell))

    def row_y(self, row: float) -> float:
        """The centre y of a (possibly fractional, while sliding) row."""
        low = max(0, min(9, math.floor(row)))
        high = max(0, min(9, low + 1))
        return lerp(self.row_centres[low], self.row_centres[high], row - low)

    def spot_rect(self, spot) -> pygame.Rect | None:
        """A column (rows 0-9) or a swatch of the colour tray."""
        if is_spot(spot, "col") and 0 <= spot[1] < len(self.column_rects):
            return self.column_rects[spot[1]]
        if is_spot(spot, "swatch") and 0 <= spot[1] < len(self.swatch_centres):
            r = self.swatch_radius + self.theme.px(4)
            x, y = self.swatch_centres[spot[1]]
            return pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        return None

    def spot_shape(self, spot) -> th.Shape | None:
        """A column's token (or empty square) and a swatch are round."""
        if is_spot(spot, "swatch") and 0 <= spot[1] < len(self.swatch_centres):
            return th.Circle(self.swatch_centres[spot[1]], self.swatch_radius)
        if is_spot(spot, "col") and 0 <= spot[1] < len(self.column_rects) and self.shown_rows:
            return th.Circle((self.col_centres[spot[1]], self.row_y(self.shown_rows[spot[1]])),
                             self.token_radius())
        return self.spot_rect(spot)

    def spot_at(self, pos, state: MoriartyState):
        """The column or colour swatch under a point."""
        for col, rect in enumerate(self.column_rects):
            if rect.collidepoint(pos):
                return col_spot(col)
        for k in range(len(self.swatch_centres)):
            swatch = self.spot_rect(swatch_spot(k))
            if swatch is not None and swatch.collidepoint(pos):
                return swatch_spot(k)
        return None

    # ---- what a view shows ------------------------------------------------------------------
    def progress(self, view: View[MoriartyState], payload: Hashable) -> float:
        """A track's progress in this view (1 when nothing animates)."""
        if not view.animating:
            return 1.0
        return view.progress(payload)

    @staticmethod
    def shown_bonus(view: View[MoriartyState], state: MoriartyState, seat: int) -> int | None:
        """The seat's Bonus Colour if this view may show it: its own view, the game's end
        (once the scoring shows, and while its summary is read)."""
        scored = next((e for e in view.events if isinstance(e, GameScored)), None)
        if scored is not None and (not view.animating
                                   or view.progress(Beat.SCORED) > 0):
            return scored.bonus[seat]
        if view.seat == seat or state.is_terminal:
            return state.bonus[seat]
        return None

    def activity(self, view: View[MoriartyState], state: MoriartyState,
                 seat: int) -> tuple[str, bool] | None:
        """A few words on what this seat is doing now, and whether it holds a sealed choice."""
        events = view.events
        if state.is_terminal or any(isinstance(e, GameScored) for e in events):
            return None
        if any(isinstance(e, (SlidesRevealed, BonusesChosen)) for e in events):
            return "has chosen", True  # the reveal (or its countdown) of both sealed choices
        if state.kind is NodeKind.SIMULTANEOUS:
            pending = state.pending[seat]
            if pending is SEALED:
                return "has chosen", True
            if pending is not None:
                return "chosen", True
            if view.thinking is not None:
                return ("thinking..." if view.thinking == seat else "chooses next"), False
            return "choosing...", False
        if seat in state.actors:
            return ("thinking..." if view.thinking == seat else "to play"), False
        return None

    def sprite(self, colour: int, radius: int) -> pygame.Surface:
        """A token image at this radius (made once, then kept)."""
        sprite = self.sprites.get((colour, radius, False))
        if sprite is None:
            sprite = self.sprites[(colour, radius, False)] = token_sprite(
                self.theme, colour, radius, False)
        return sprite
