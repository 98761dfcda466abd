"""Moriarty board: eight tokens on an 8x8 board with imaginary rows 0 and 9, the Pivot, the
Active tokens, the Edge, and each seat's secret Bonus Colour (shown only to its owner)."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.core import SEALED, Event, Move, NodeKind, State
from game.rules.moriarty import (
    ACTIVE, BONUS, COLOURS, COLUMNS, DECLARE, DIRECTION, EDGE, LETTERS, PIVOT, SETUP,
    Bonus, BonusesChosen, Declare, EdgeGiven, EndGame, GameEndDeclared, GameScored, GiveEdge,
    MoriartyDeclared, MoriartyState, Pass, PickPivot, PivotChosen, Place, Slide, SlidesRevealed,
    Take, TokenPlaced, TokensAssigned, TokenSlid,
)
from game.words.moriarty import game_summary
from scenes.boards.base import (Board, Choice, Example, View, draw_board_area,
                                latest)
from scenes.shell import theme as th
from scenes.shell.anim import Timeline, ease_in_out_cubic, ease_out_back, lerp

TOKEN_COLOURS = (th.ORANGE, th.BLUE, th.GREEN, th.PURPLE)
LETTER_INK = ((24, 24, 30), (250, 250, 252), (24, 24, 30), (24, 24, 30))
LIGHT_SQUARE = (86, 96, 118)
DARK_SQUARE = (57, 65, 85)
OFF_BOARD = (33, 38, 51)
INK = (24, 24, 30)

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


def col_spot(column: int) -> tuple[str, int]:
    """The spot of a column (its token, or its empty start square during setup)."""
    return ("col", column)


def swatch_spot(colour: int) -> tuple[str, int]:
    """The spot of a colour in the tray (setup, Bonus Colour and Moriarty)."""
    return ("swatch", colour)


def _is(spot, kind: str) -> bool:
    return isinstance(spot, tuple) and len(spot) == 2 and spot[0] == kind


class MoriartyBoard(Board):
    """The board on the left (South at the bottom), the seats and the colour tray on the right."""

    keywords = ("bonus", "edge", "south", "north", "pivot", "take", "toward", "away", "end",
                "moriarty", "pass")

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

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """The board block at the left of the area, the seat cards and tray at the right."""
        super().layout(area)
        theme = self.theme
        margin = theme.px(14)
        line_label_w = theme.text("Center", 15).get_width() + theme.px(8)
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
        self._make_sprites()
        self.background = self._render_background()

    def _word_rows(self, cell: float) -> tuple[float, float, float]:
        """The heights of the rows of words around the board: the North and South labels, the
        column numbers, and the tags under them (a line of text at least, however small)."""
        line = self.theme.line(15) + self.theme.px(2)
        return max(LABEL_H * cell, line), max(NUMBER_H * cell, line), max(TAG_H * cell, line)

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
        header = theme.line(18) + theme.px(6)
        tray_h = header + 2 * radius + theme.px(8) + theme.line(15) + theme.line(14) + theme.px(4)
        self.tray = pygame.Rect(panel.left, middle_top, panel.width,
                                min(tray_h, middle_bottom - middle_top))
        y = self.tray.top + header + radius
        step = panel.width / 4
        self.swatch_centres = [(round(panel.left + step * (k + 0.5)), round(y)) for k in range(4)]
        self.notes = pygame.Rect(panel.left, self.tray.bottom + theme.px(8), panel.width,
                                 max(0, middle_bottom - self.tray.bottom - theme.px(8)))

    def _gap(self) -> int:
        """Pixels between a seat card's lines."""
        return self.theme.px(5)

    def _card_height(self) -> int:
        """A seat card's height: a role line, the name, the points, the Bonus Colour."""
        theme = self.theme
        return theme.px(8) + theme.line(15) + theme.line(26) + 2 * theme.line(16) + \
            3 * self._gap() + theme.px(10)

    def _make_sprites(self) -> None:
        self.sprites = {}
        for colour in range(4):
            for radius in (self._token_radius(), self.swatch_radius):
                for muted in (False, True):
                    self.sprites[(colour, radius, muted)] = _token_sprite(
                        self.theme, colour, radius, muted)

    def _token_radius(self) -> int:
        return max(5, round(self.cell * 0.4))

    def _render_background(self) -> pygame.Surface:
        theme = self.theme
        area = self.area
        layer = pygame.Surface(area.size)
        layer.fill(th.BACKGROUND)
        draw_board_area(layer, theme, layer.get_rect())
        shift = (-area.left, -area.top)
        cell = self.cell
        grid = self.grid.move(shift)
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
                rect = self._cell_rect(col, row).move(shift).inflate(-2, -2)
                pygame.draw.rect(layer, OFF_BOARD, rect, border_radius=theme.px(4))
                _dashed_rect(layer, th.shade(th.DIM, 0.75), rect, max(1, theme.px(1)),
                             max(3, round(cell / 8)))
        self._draw_labels(layer, shift)
        self._draw_centre_line(layer, shift)
        for card in self.cards.values():
            pygame.draw.rect(layer, th.PANEL, card.move(shift), border_radius=theme.px(10))
            pygame.draw.rect(layer, th.PANEL_EDGE, card.move(shift), max(1, theme.px(2)),
                             border_radius=theme.px(10))
        for k, centre in enumerate(self.swatch_centres):
            sprite = self.sprites[(k, self.swatch_radius, False)]
            layer.blit(sprite, sprite.get_rect(center=(centre[0] + shift[0],
                                                       centre[1] + shift[1])))
        return layer

    def _draw_labels(self, layer: pygame.Surface, shift) -> None:
        theme = self.theme
        cell = self.cell
        font = theme.font(max(theme.text_px(15), round(cell * 0.38)))
        small = theme.font(max(theme.text_px(13), round(cell * 0.3)))
        num_y = self.number_y + shift[1]
        for col, x in enumerate(self.col_centres):
            _blit_centered(layer, font.render(str(col + 1), True, th.TEXT), (x + shift[0], num_y))
        row_x = self.grid.left - ROWNUM_W * cell / 2 + shift[0]
        scale_x = self.grid.right + SCALE_W * cell / 2 + theme.px(2) + shift[0]
        for row, y in enumerate(self.row_centres):
            colour = th.TEXT if 1 <= row <= 8 else th.DIM
            _blit_centered(layer, font.render(str(row), True, colour), (row_x, y + shift[1]))
            points = 5 - row if row <= 4 else row - 4
            _blit_centered(layer, small.render(f"+{points}", True, th.DIM),
                           (scale_x, y + shift[1]))
        label = theme.font(max(theme.text_px(14), round(cell * 0.34)))
        north_y, south_y = (y + shift[1] for y in self.label_ys)
        centre_x = self.grid.centerx + shift[0]
        pts = small.render("pts", True, th.DIM)
        half_room = scale_x - pts.get_width() / 2 - theme.px(8) - centre_x  # clear of "pts"
        for words, short, y in (("NORTH  (rows 5-9 score for North)", "NORTH", north_y),
                                ("SOUTH  (rows 0-4 score for South)", "SOUTH", south_y)):
            image = label.render(words, True, th.DIM)
            if image.get_width() / 2 > half_room:  # a small window: the side's name alone
                image = label.render(short, True, th.DIM)
            _blit_centered(layer, image, (centre_x, y))
        _blit_centered(layer, pts, (scale_x, north_y))

    def _draw_centre_line(self, layer: pygame.Surface, shift) -> None:
        theme = self.theme
        y = self.grid.top + 4 * self.cell + shift[1]
        left = self.area.left + theme.px(14) + shift[0]
        right = self.grid.right + SCALE_W * self.cell + shift[0]
        width = max(2, theme.px(3))
        pygame.draw.line(layer, th.TEXT, (left, y), (right, y), width)
        for x in (left, right):
            pygame.draw.circle(layer, th.TEXT, (x, y), width + 1)
        gap = theme.px(3)
        theme.blit_text(layer, "Center", 15, (left, y - gap), th.TEXT, "bottomleft")
        theme.blit_text(layer, "Line", 15, (left, y + gap + 1), th.TEXT, "topleft")

    def stage(self) -> pygame.Rect:
        """The board's ten rows, left of the cards and tray."""
        return self.column_rects[0].unionall(self.column_rects[1:])

    def panels(self) -> list[pygame.Rect]:
        """The seat cards, the colour tray and the notes."""
        return [*self.cards.values(), self.tray, self.notes]

    def _cell_rect(self, col: int, row: int) -> pygame.Rect:
        cell = self.cell
        x, y = self.col_centres[col], self.row_centres[row]
        return pygame.Rect(round(x - cell / 2), round(y - cell / 2), round(cell), round(cell))

    def _row_y(self, row: float) -> float:
        """The centre y of a (possibly fractional, while sliding) row."""
        low = max(0, min(9, math.floor(row)))
        high = max(0, min(9, low + 1))
        return lerp(self.row_centres[low], self.row_centres[high], row - low)

    def spot_rect(self, spot) -> pygame.Rect | None:
        """A column (rows 0-9) or a swatch of the colour tray."""
        if _is(spot, "col") and 0 <= spot[1] < len(self.column_rects):
            return self.column_rects[spot[1]]
        if _is(spot, "swatch") and 0 <= spot[1] < len(self.swatch_centres):
            r = self.swatch_radius + self.theme.px(4)
            x, y = self.swatch_centres[spot[1]]
            return pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        return None

    def spot_at(self, pos, state: State):
        """The column or colour swatch under a point."""
        for col, rect in enumerate(self.column_rects):
            if rect.collidepoint(pos):
                return col_spot(col)
        for k in range(len(self.swatch_centres)):
            rect = self.spot_rect(swatch_spot(k))
            if rect is not None and rect.collidepoint(pos):
                return swatch_spot(k)
        return None

    # ---- moves and spots ----------------------------------------------------------------------
    def path(self, move: Move, state: State) -> tuple:
        """Colour then column at setup; a colour for the Bonus; a column for Pivot or take."""
        s: MoriartyState = state  # type: ignore[assignment]
        if isinstance(move, Place):
            return (swatch_spot(move.colour), col_spot(move.column))
        if isinstance(move, Bonus):
            return (swatch_spot(move.colour),)
        if isinstance(move, (PickPivot, Take)):
            return (col_spot(move.column),)
        if isinstance(move, GiveEdge):
            return (_edge_choice(s, move.to_south),)
        if isinstance(move, Slide):
            return (TOWARD_CHOICE if move.toward else AWAY_CHOICE,)
        if isinstance(move, Declare):
            return (MORIARTY_CHOICE, swatch_spot(move.colour))
        if isinstance(move, EndGame):
            return (END_CHOICE,)
        if isinstance(move, Pass):
            return (PASS_CHOICE,)
        return super().path(move, state)

    def guess_move(self, path: Sequence, state: State) -> Move | None:
        """What a click would mean in this phase (so the engine can say why it is not legal)."""
        s: MoriartyState = state  # type: ignore[assignment]
        spot = path[-1]
        phase = s.phase
        if _is(spot, "col"):
            col = spot[1]
            if phase == SETUP and len(path) > 1 and _is(path[-2], "swatch"):
                return Place(path[-2][1], col)
            if phase == SETUP and s.colours[col] is not None:
                return Place(s.colours[col], col)
            if phase == PIVOT and MORIARTY_CHOICE not in path:
                return PickPivot(col)
            if phase == ACTIVE:
                return Take(col)
            return None
        if _is(spot, "swatch"):
            colour = spot[1]
            if MORIARTY_CHOICE in path:
                return Declare(colour)
            if phase == BONUS:
                return Bonus(colour)
            if phase == SETUP and len(path) == 1 and s.colours.count(colour) >= 2:
                free = [c for c in range(COLUMNS) if s.colours[c] is None]
                return Place(colour, free[0]) if free else None
        return None

    def settled(self, before: State, events: Sequence[Event], after: State) -> State:
        """A game of the match scored: its last board (after any slides) with both Bonus
        Colours, now public, not the fresh game that follows."""
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        if scored is None:
            return after
        rows = list(before.rows)  # type: ignore[attr-defined]
        for event in events:
            if isinstance(event, TokenSlid):
                rows[event.column] = event.dst
        return before.replace(rows=tuple(rows), bonus=scored.bonus, pending=(None, None))

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: State, events: Sequence[Event], after: State) -> Timeline:
        """Tokens drop in, markers appear, slides run (the Pivot after the actives), verdicts."""
        return _timeline(events)

    def sound_cues(self, events: Sequence[Event]) -> list[tuple[float, str]]:
        """place / claim / slide / reveal at the start of their tracks."""
        cues = []
        for track in _timeline(events).tracks:
            kind = track.payload[0] if isinstance(track.payload, tuple) else track.payload
            sound = {"place": "place", "assign": "claim", "pivot": "select", "slide": "slide",
                     "scored": "reveal"}.get(kind)
            if kind == "moriarty":
                cues.append((track.start + track.duration * 0.45, "reveal"))
            elif sound and not (kind == "slide" and any(c == (track.start, "slide")
                                                        for c in cues)):
                cues.append((track.start, sound))
        return cues

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View) -> None:
        """Board, tokens and markers, seat cards, colour tray, notes and any verdict."""
        if self.background is None:
            self.layout(self.area)
        surface.blit(self.background, self.area.topleft)
        state, rows = self._shown(view)
        self._draw_markers(surface, view, state)
        if not view.animating:
            self._draw_last_slides(surface, view, state)
        self._draw_tokens(surface, view, state, rows)
        self._draw_board_highlights(surface, view, state)
        self._draw_cards(surface, view, state)
        self._draw_tray(surface, view, state)
        self._draw_notes(surface, view, state)
        if view.animating:
            self._draw_overlays(surface, view)

    def _shown(self, view: View) -> tuple[MoriartyState, list[float]]:
        """The state whose board is drawn, and each token's (possibly sliding) row."""
        state: MoriartyState = view.state  # type: ignore[assignment]
        if not view.animating or view.before is None:
            return state, [float(r) for r in state.rows]
        keep_before = any(isinstance(e, (TokenSlid, GameScored)) for e in view.events)
        shown: MoriartyState = view.before if keep_before else state  # type: ignore[assignment]
        rows = [float(r) for r in shown.rows]
        for event in view.events:
            if isinstance(event, TokenSlid):
                p = view.timeline.progress(("slide", event.column), view.t)
                rows[event.column] = lerp(event.src, event.dst, p)
        return shown, rows

    def _progress(self, view: View, payload) -> float:
        if not view.animating:
            return 1.0
        return view.timeline.progress(payload, view.t)

    def _draw_markers(self, surface, view: View, state: MoriartyState) -> None:
        """Pivot and active tags under the column numbers; the bands behind active columns."""
        if state.pivot is None:
            return
        p = self._progress(view, "pivot")
        a = self._progress(view, "assign")
        band = th.mix(th.BOARD, th.TEXT, 0.12 * min(1.0, max(0.0, p)))
        for col in state.actives(state.pivot):
            rect = self.column_rects[col]
            pygame.draw.rect(surface, band, (rect.left, self.tag_y - self.tag_h / 2,
                                             rect.width, self.tag_h), border_radius=4)
            owner = next((s for s in (0, 1) if state.tokens[s] == col), None)
            label = "active" if owner is None or a < 0.5 else state.seat_name(owner)
            self._tag(surface, label, (rect.centerx, self.tag_y), th.TEXT)
        x = self.col_centres[state.pivot]
        self._tag(surface, "PIVOT", (x, self.pivot_tag_y), th.ACCENT if p < 1 else th.TEXT)

    def _tag(self, surface, text: str, centre, colour) -> None:
        """A word under a column (the actives' on one row, the Pivot's on the next: room for
        words wider than a column without shrinking them)."""
        size = max(self.theme.text_px(13), round(self.cell * 0.3))
        _blit_centered(surface, self.theme.font(size).render(text, True, colour), centre)

    def _draw_last_slides(self, surface, view: View, state: MoriartyState) -> None:
        """Each player's last slide, as a chess board shows a last move: the square the token
        left and the one it reached outlined in the player's colour, joined by a line."""
        for seat, turns in view.last.items():
            slide = latest(turns, Slide)
            if slide is None:
                continue
            before: MoriartyState = slide[0]  # type: ignore[assignment]
            column = before.tokens[seat]
            if column is None or before.game_index != state.game_index:
                continue
            src, dst = before.rows[column], before.rows[column] + \
                (-1 if (seat == before.south) == slide[1].toward else 1)
            dst = max(0, min(9, dst))
            if src == dst:
                continue
            colour, width = th.SEAT_COLOURS[seat], max(2, self.theme.px(3))
            x = self.col_centres[column]
            pygame.draw.line(surface, colour, (x, self.row_centres[src]),
                             (x, self.row_centres[dst]), width)
            for row in (src, dst):
                pygame.draw.rect(surface, colour, self._cell_rect(column, row).inflate(
                    -width, -width), width, border_radius=self.theme.px(4))
            pygame.draw.circle(surface, colour, _ipoint((x, self.row_centres[src])),
                               max(3, round(self.cell * 0.1)))

    def _draw_tokens(self, surface, view: View, state: MoriartyState, rows) -> None:
        radius = self._token_radius()
        placing = None
        if view.animating:
            placing = next((e for e in view.events if isinstance(e, TokenPlaced)), None)
        for col in range(COLUMNS):
            colour = state.colours[col]
            centre = (self.col_centres[col], self._row_y(rows[col]))
            if colour is None:
                self._draw_slot(surface, centre, radius)
                continue
            if placing is not None and placing.column == col:
                self._draw_slot(surface, centre, radius)
                p = view.timeline.progress(("place", col), view.t)
                centre = _lerp_point(self.swatch_centres[colour], centre, p)
            self._draw_token(surface, view, state, col, colour, centre, radius)

    def _draw_slot(self, surface, centre, radius: int) -> None:
        pygame.draw.circle(surface, th.shade(th.BOARD, 0.8), _ipoint(centre), radius)
        pygame.draw.circle(surface, th.DIM, _ipoint(centre), radius, max(1, self.theme.px(1)))

    def _draw_token(self, surface, view: View, state, col: int, colour: int, centre,
                    radius: int) -> None:
        theme = self.theme
        x, y = _ipoint(centre)
        if state.pivot == col:
            p = self._progress(view, "pivot")
            self._draw_pivot_frame(surface, (x, y), radius * (1.0 + 0.35 * p), p)
        elif state.pivot is not None and col in state.actives(state.pivot):
            p = self._progress(view, "pivot")
            self._draw_active_chevrons(surface, (x, y), radius, p)
        pygame.draw.circle(surface, (10, 12, 18), (x + theme.px(2), y + theme.px(3)), radius)
        sprite = self.sprites[(colour, radius, False)]
        surface.blit(sprite, sprite.get_rect(center=(x, y)))
        seat = view.seat
        if seat is not None and state.bonus[seat] == colour:
            _draw_star(surface, (x + radius * 0.78, y - radius * 0.78), max(4, radius * 0.42),
                       th.TEXT)

    def _draw_pivot_frame(self, surface, centre, size: float, p: float) -> None:
        """A diamond around the Pivot (shape, not only colour)."""
        x, y = centre
        points = [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
        pygame.draw.polygon(surface, th.shade(th.BOARD, 0.6), points)
        pygame.draw.polygon(surface, th.mix(th.BOARD, th.TEXT, min(1.0, max(0.0, p))), points,
                            max(2, self.theme.px(3)))

    def _draw_active_chevrons(self, surface, centre, radius: int, p: float) -> None:
        """Small up and down arrows: an active token is about to slide."""
        x, y = centre
        colour = th.mix(th.BOARD, th.TEXT, min(1.0, max(0.0, p)))
        reach = radius + self.cell * 0.12
        size = self.cell * 0.13
        for direction in (-1, 1):
            tip = y + direction * (reach + size)
            base = y + direction * reach
            pygame.draw.polygon(surface, colour, [(x - size, base), (x + size, base), (x, tip)])

    def _draw_board_highlights(self, surface, view: View, state: MoriartyState) -> None:
        """Rings on clickable columns, the hover ring, and previews of the choice under the
        pointer."""
        theme = self.theme
        radius = self._token_radius()
        selected_colour = next((s[1] for s in view.selected if _is(s, "swatch")), None)
        for col in range(COLUMNS):
            spot = col_spot(col)
            if spot not in view.clickable:
                continue
            centre = (self.col_centres[col], self.row_centres[state.rows[col]])
            if view.hot(spot):
                rect = self.column_rects[col]
                colour = th.TEXT if view.hover == spot else th.ACCENT
                pygame.draw.rect(surface, colour, rect, max(1, theme.px(1)),
                                 border_radius=theme.px(4))
                if selected_colour is not None and state.colours[col] is None:
                    ghost = self.sprites[(selected_colour, radius, True)]
                    surface.blit(ghost, ghost.get_rect(center=_ipoint(centre)))
            th.draw_choice(surface, theme, (centre, radius + theme.px(3)), **view.looks(spot))
        self._draw_slide_preview(surface, view, state)

    def _draw_slide_preview(self, surface, view: View, state: MoriartyState) -> None:
        """While a seat picks toward/away: arrows on its token and a ghost where it would go."""
        seat = view.chooser
        if seat is None or state.phase != DIRECTION or view.seat != seat:
            return
        col = state.tokens[seat]
        if col is None:
            return
        row = state.rows[col]
        x, y = self.col_centres[col], self.row_centres[row]
        south = seat == state.south
        for choice in (TOWARD_CHOICE, AWAY_CHOICE):
            toward = choice is TOWARD_CHOICE
            target = row + (-1 if south == toward else 1)
            if not 0 <= target <= 9:
                continue
            hot = view.hot(choice)
            ty = self.row_centres[target]
            if hot:
                ghost = self.sprites[(state.colours[col], self._token_radius(), True)]
                surface.blit(ghost, ghost.get_rect(center=(round(x), round(ty))))
            sign = 1 if ty > y else -1
            start = y + sign * (self._token_radius() + self.theme.px(3))
            _draw_arrow(surface, (x, start), (x, lerp(y, ty, 0.7)),
                        th.ACCENT if hot else th.TEXT, max(2, self.theme.px(3 if hot else 2)),
                        self.cell * 0.16)

    @staticmethod
    def _shown_bonus(view: View, state: MoriartyState, seat: int) -> int | None:
        """The seat's Bonus Colour if this view may show it: its own view, the game's end
        (once the scoring shows, and while its summary is read)."""
        scored = next((e for e in view.events if isinstance(e, GameScored)), None)
        if scored is not None and (not view.animating
                                   or view.timeline.progress("scored", view.t) > 0):
            return scored.bonus[seat]
        if view.seat == seat or state.is_terminal:
            return state.bonus[seat]
        return None

    def _draw_cards(self, surface, view: View, state: MoriartyState) -> None:
        for seat in (state.south, state.north):
            role = state.role(seat)
            self._draw_card(surface, view, state, seat, self.cards[role.lower()])
        self._draw_edge_badge(surface, view, state)

    def _draw_card(self, surface, view: View, state: MoriartyState, seat: int,
                   card: pygame.Rect) -> None:
        """Role (and, on your own card, which way is toward you), name and what the seat is
        doing, its points, and its Bonus Colour once it may be shown."""
        theme = self.theme
        pad = theme.px(12)
        x = card.left + pad
        y = card.top + theme.px(8)
        role = state.role(seat).upper()
        if view.seat == seat:  # your own card: which way your slides go
            role += "  \u00b7  toward you: " + ("down" if seat == state.south else "up")
        theme.blit_text(surface, role, 15, (x, y), th.DIM)
        y += theme.line(15) + self._gap()
        name = theme.blit_text(surface, state.seat_name(seat), 26, (x, y), th.TEXT)
        activity = self._activity(view, state, seat)
        if activity:
            text, sealed = activity
            right = card.right - pad
            rect = theme.blit_text(surface, text, 16, (right, name.centery), th.TEXT,
                                   "midright")
            if sealed:
                _draw_seal(surface, (rect.left - theme.px(14), name.centery), theme.px(9))
        y = name.bottom + self._gap()
        colour = self._shown_bonus(view, state, seat)
        if colour is not None and state.bonus[seat] is None:  # revealed by the game's end
            state = state.replace(bonus=tuple(colour if s == seat else None for s in (0, 1)))
        more = "" if state.bonus[seat] is not None else " + bonus"
        theme.blit_text(surface, f"{state.board_points(seat)}{more} on the board  |  "
                                 f"{state.totals[seat]} in all", 16, (x, y), th.TEXT)
        y += theme.line(16) + self._gap()
        if colour is not None:
            label = theme.blit_text(surface, "Bonus Colour:", 16, (x, y), th.DIM)
            r = max(5, round(theme.line(16) * 0.5))
            sprite = self._sprite(colour, r)
            surface.blit(sprite, sprite.get_rect(midleft=(label.right + theme.px(6),
                                                          label.centery)))
            mult = f"{COLOURS[colour]} (x{3 + state.game_index})"
            theme.blit_text(surface, mult, 16, (label.right + theme.px(12) + 2 * r, y), th.TEXT)
        elif state.bonus[seat] is not None or (state.phase not in (SETUP, BONUS)):
            theme.blit_text(surface, "Bonus Colour: secret", 16, (x, y), th.DIM)

    def _activity(self, view: View, state: MoriartyState, seat: int):
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

    def _draw_edge_badge(self, surface, view: View, state: MoriartyState) -> None:
        """The Edge: a labelled badge on its holder's card, gliding when it passes."""
        if state.phase not in (PIVOT, ACTIVE, DIRECTION, DECLARE) or state.is_terminal:
            return
        if view.animating and any(isinstance(e, GameScored) for e in view.events):
            return
        target = self._badge_pos(state, state.edge)
        pos = target
        if view.animating and view.before is not None:
            before: MoriartyState = view.before  # type: ignore[assignment]
            p = view.timeline.progress("edge", view.t)
            if before.phase == EDGE:
                start = self.cards["north"].center
            else:
                start = self._badge_pos(state, before.edge)
            pos = _lerp_point(start, target, p)
        theme = self.theme
        text = theme.text("EDGE", 15, INK)
        rect = text.get_rect(center=_ipoint(pos)).inflate(theme.px(18), 0)
        pygame.draw.rect(surface, th.TEXT, rect, border_radius=rect.height // 2)
        surface.blit(text, text.get_rect(center=rect.center))

    def _badge_pos(self, state: MoriartyState, seat: int) -> tuple[int, int]:
        """The Edge badge's centre: just after its holder's name."""
        theme = self.theme
        card = self.cards[state.role(seat).lower()]
        half = (theme.text("EDGE", 15).get_width() + theme.px(18)) // 2
        name = theme.text(state.seat_name(seat), 26)
        return (card.left + theme.px(12) + name.get_width() + theme.px(10) + half,
                card.top + theme.px(8) + theme.line(15) + self._gap() + name.get_height() // 2)

    def _draw_tray(self, surface, view: View, state: MoriartyState) -> None:
        """The four colours: pick one at setup, for the Bonus, or to name in a Moriarty."""
        theme = self.theme
        tray = self.tray
        heading = self._tray_heading(view, state)
        theme.blit_text(surface, heading, 18, (tray.centerx, tray.top), th.TEXT, "midtop")
        radius = self.swatch_radius
        placing = state.phase == SETUP
        for k, centre in enumerate(self.swatch_centres):
            spot = swatch_spot(k)
            left = 2 - state.colours.count(k)
            if placing and left == 0:
                muted = self.sprites[(k, radius, True)]
                pygame.draw.circle(surface, th.BOARD, centre, radius + 1)
                surface.blit(muted, muted.get_rect(center=centre))
            if spot in view.selected:
                pygame.draw.circle(surface, th.TEXT, centre, radius + theme.px(4),
                                   max(2, theme.px(3)))
            if spot in view.clickable:
                th.draw_choice(surface, theme, (centre, radius + theme.px(6)), **view.looks(spot))
            y = centre[1] + radius + theme.px(8)
            theme.blit_text(surface, COLOURS[k], 15, (centre[0], y), th.TEXT, "midtop")
            note = self._swatch_note(view, state, k, left)
            if note:
                theme.blit_text(surface, note, 14, (centre[0], y + theme.line(15)), th.DIM,
                                "midtop")

    def _tray_heading(self, view: View, state: MoriartyState) -> str:
        seat = view.chooser
        if MORIARTY_CHOICE in view.selected and seat is not None:
            return f"Moriarty! Name {state.seat_name(1 - seat)}'s Bonus Colour"
        if state.phase == SETUP:
            picked = next((s[1] for s in view.selected if _is(s, "swatch")), None)
            if picked is not None:
                return f"Now click a column for {COLOURS[picked]}"
            return "Pick a colour, then a column"
        if state.phase == BONUS:
            return "Pick your secret Bonus Colour" if seat is not None and view.seat == seat \
                else "Bonus Colours are being chosen"
        return "The four colours"

    def _swatch_note(self, view: View, state: MoriartyState, colour: int, left: int) -> str:
        if state.phase == SETUP:
            return f"{left} left"
        if view.seat is not None and state.bonus[view.seat] == colour:
            return "yours"  # your Bonus Colour
        return ""

    def _draw_notes(self, surface, view: View, state: MoriartyState) -> None:
        """The round in words, what the column under the pointer is worth, and a rules hint."""
        theme = self.theme
        size = 16
        step = theme.line(size) + theme.px(3)
        y = self.notes.top
        for line, colour in self._note_lines(view, state):
            parts = theme.wrap(line, size, self.notes.width)
            if y + step * len(parts) > self.notes.bottom:
                continue  # a note that does not fit whole is left out (a shorter one may fit)
            for part in parts:
                theme.blit_text(surface, part, size, (self.notes.left, y), colour)
                y += step

    def _note_lines(self, view: View, state: MoriartyState) -> list[tuple[str, tuple]]:
        lines = [(text, th.TEXT) for text in self._round_lines(view, state)]
        hover = view.hover[1] if _is(view.hover, "col") else None
        if hover is not None and 0 <= hover < COLUMNS and state.colours[hover] is not None:
            row = state.rows[hover]
            side, pts = ("South", 5 - row) if row <= 4 else ("North", row - 4)
            lines.append((f"Column {hover + 1}: {COLOURS[state.colours[hover]]} on row {row}, "
                          f"+{pts} for {side}.", th.TEXT))
        hint = self._hint(view, state)
        if hint:
            lines.append((hint, th.DIM))
        return lines

    @staticmethod
    def _round_lines(view: View, state: MoriartyState) -> list[str]:
        """Pivot, actives, who moves which, and (once revealed) which way each slid."""
        lines = []
        names = state.seat_names
        revealed = next((e for e in view.events if isinstance(e, SlidesRevealed)), None)
        if revealed is not None and view.animating and view.before is not None:
            before: MoriartyState = view.before  # type: ignore[assignment]
            for seat in (0, 1):
                toward = revealed.toward[seat]
                way = "south" if (seat == before.south) == toward else "north"
                lines.append(f"{names[seat]} chose {'toward' if toward else 'away'}: "
                             f"{way}.")
            return lines
        if state.pivot is not None:
            a, c = state.actives(state.pivot)
            lines.append(f"Pivot: column {state.pivot + 1}. Active: columns {a + 1} and {c + 1}.")
            if state.tokens[0] is not None:
                lines.append(f"{names[0]} moves column {state.tokens[0] + 1}, "
                             f"{names[1]} moves column {state.tokens[1] + 1}.")
        if state.phase == DIRECTION and view.seat is not None and view.seat == view.chooser:
            side = "south (down)" if view.seat == state.south else "north (up)"
            lines.append(f"Toward you is {side}.")
        elif state.can_end and state.phase in (PIVOT, ACTIVE):
            lines.append("A token is on row 0 or 9: the game may be ended now.")
        return lines

    @staticmethod
    def _hint(view: View, state: MoriartyState) -> str:
        """A reminder of the rule that matters at this step."""
        if view.animating or state.is_terminal:
            return ""
        phase = state.phase
        if phase == SETUP:
            return "South sets up: two tokens of each colour, one per column, on the marked " \
                   "squares of rows 4 and 5."
        if phase == BONUS:
            return f"Tokens of your Bonus Colour score x{3 + state.game_index} for you this " \
                   "game. Both players may pick the same colour."
        if phase == EDGE:
            return "The Edge holder picks the Pivot; the Edge passes after every round."
        if phase == PIVOT:
            return "The tokens either side of the Pivot become active (8 and 1 are neighbours)."
        if phase == ACTIVE:
            return "The other player takes one active token; the Edge holder moves the other."
        if phase == DIRECTION:
            return "Same way: the Pivot slides 2 rows the other way. Opposite ways: it moves " \
                   "1 row toward the Center Line."
        if phase == DECLARE:
            return "Moriarty: right, you score every point on the board; wrong, they do."
        return ""

    def _draw_overlays(self, surface, view: View) -> None:
        """Cards for the reveal, an ended game, a Moriarty verdict and the game's score."""
        events = view.events
        for event in events:
            if isinstance(event, SlidesRevealed):
                self._draw_reveal(surface, view, event)
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        moriarty = next((e for e in events if isinstance(e, MoriartyDeclared)), None)
        ended = next((e for e in events if isinstance(e, GameEndDeclared)), None)
        before: MoriartyState = view.before or view.state  # type: ignore[assignment]
        if scored is not None and view.timeline.progress("scored", view.t) > 0:
            self._draw_scored(surface, before, scored, view.timeline.progress("scored", view.t))
        elif moriarty is not None:
            self._draw_moriarty(surface, before, moriarty,
                                view.timeline.progress("moriarty", view.t))
        elif ended is not None:
            self._banner(surface, [f"{before.seat_name(ended.seat)} ends the game"])
        if any(isinstance(e, BonusesChosen) for e in events):
            self._banner(surface, ["Both Bonus Colours are chosen and sealed"])

    def _draw_reveal(self, surface, view: View, event: SlidesRevealed) -> None:
        """Arrows grow from both active tokens the way they are about to slide."""
        before: MoriartyState = view.before  # type: ignore[assignment]
        if before is None or before.tokens[0] is None:
            return
        p = view.timeline.progress("reveal", view.t)
        sliding = any(view.timeline.progress(("slide", before.tokens[s]), view.t) > 0
                      for s in (0, 1))
        if p <= 0 or sliding:
            return
        radius = self._token_radius() + self.theme.px(3)
        for seat in (0, 1):
            col = before.tokens[seat]
            row = before.rows[col]
            target = row + (-1 if (seat == before.south) == event.toward[seat] else 1)
            x, y = self.col_centres[col], self.row_centres[row]
            ty = self.row_centres[max(0, min(9, target))]
            start = y + (radius if ty > y else -radius)
            _draw_arrow(surface, (x, start), (x, lerp(start, ty, 0.8 * p)), th.TEXT,
                        max(3, self.theme.px(4)), self.cell * 0.2)

    def _card_rect(self, lines: int) -> pygame.Rect:
        theme = self.theme
        w = min(self.area.width - theme.px(40), theme.px(560))
        h = theme.px(30) + lines * (theme.text_px(20) + theme.px(10))
        return pygame.Rect(0, 0, w, h).move(self.area.centerx - w // 2,
                                            self.grid.centery - h // 2)

    def _banner(self, surface, lines: list[str], rise: float = 0.0) -> pygame.Rect:
        theme = self.theme
        rect = self._card_rect(len(lines)).move(0, round(rise * theme.px(40)))
        pygame.draw.rect(surface, th.PANEL, rect, border_radius=theme.px(12))
        pygame.draw.rect(surface, th.TEXT, rect, max(2, theme.px(2)),
                         border_radius=theme.px(12))
        y = rect.top + theme.px(15)
        for line in lines:
            theme.blit_text(surface, line, 20, (rect.centerx, y), th.TEXT, "midtop")
            y += theme.text_px(20) + theme.px(10)
        return rect

    def _draw_moriarty(self, surface, before: MoriartyState, event: MoriartyDeclared,
                       p: float) -> None:
        name = before.seat_name(event.seat)
        other = before.seat_name(1 - event.seat)
        lines = [f"{name} declares Moriarty!",
                 f"{other}'s Bonus Colour is {COLOURS[event.colour]}?", ""]
        rect = self._banner(surface, lines)
        if p >= 0.45:
            theme = self.theme
            word = "Right!" if event.correct else "Wrong!"
            y = rect.bottom - theme.px(14)
            label = theme.blit_text(surface, word, 26, (rect.centerx, y), th.ACCENT,
                                    "midbottom")
            mark_centre = (label.right + theme.px(22), label.centery)
            if event.correct:
                _draw_check(surface, mark_centre, theme.px(12))
            else:
                _draw_cross(surface, mark_centre, theme.px(11))

    def _draw_scored(self, surface, before: MoriartyState, event: GameScored, p: float) -> None:
        """The summary card rising into place (it then stays until a player goes on)."""
        self.draw_summary(surface, game_summary(before, event), rise=1 - min(1.0, p * 3))

    def _sprite(self, colour: int, radius: int) -> pygame.Surface:
        """A token image at this radius (made once, then kept)."""
        sprite = self.sprites.get((colour, radius, False))
        if sprite is None:
            sprite = self.sprites[(colour, radius, False)] = _token_sprite(
                self.theme, colour, radius, False)
        return sprite

    # ---- worked examples --------------------------------------------------------------------
    def examples(self) -> list[Example]:
        """Two rounds: actives the same way (Pivot 2 rows) and opposite ways (1 toward the line)."""
        start = MoriartyState(colours=(0, 1, 2, 3, 0, 1, 2, 3), bonus=(0, 1), phase=PIVOT, edge=0)
        return [
            Example("Same direction", "Pivot in column 4; both active tokens slide south, so the "
                    "Pivot slides two rows north.",
                    start, (PickPivot(3), Take(2), (Slide(True), Slide(False)))),
            Example("Opposite directions", "One active token goes north, the other south: the "
                    "Pivot moves one row toward the Center Line, crossing it.",
                    start, (PickPivot(3), Take(2), (Slide(True), Slide(True)))),
        ]


# ---- helpers ------------------------------------------------------------------------------------
def _edge_choice(state: MoriartyState, to_south: bool) -> Choice:
    seat = state.south if to_south else state.north
    role = "South" if to_south else "North"
    return Choice(f"Edge: {role} ({state.seat_name(seat)})", f"edge {role.lower()}",
                  0 if to_south else 1)


def _timeline(events: Sequence[Event]) -> Timeline:
    """The animation of one step's events, in order."""
    timeline = Timeline()
    slides_at = None
    for event in events:
        if isinstance(event, TokenPlaced):
            timeline.then(("place", event.column), 0.42, ease_out_back)
        elif isinstance(event, BonusesChosen):
            timeline.then("bonus", 0.7)
        elif isinstance(event, EdgeGiven):
            timeline.then("edge", 0.45, ease_in_out_cubic)
        elif isinstance(event, PivotChosen):
            timeline.then("pivot", 0.45, ease_out_back)
        elif isinstance(event, TokensAssigned):
            timeline.then("assign", 0.45)
        elif isinstance(event, SlidesRevealed):
            timeline.then("reveal", 0.45)
        elif isinstance(event, TokenSlid) and event.role == "active":
            slides_at = timeline.cursor if slides_at is None else slides_at
            timeline.add(("slide", event.column), 0.5, at=slides_at, ease=ease_in_out_cubic)
        elif isinstance(event, TokenSlid):
            if slides_at is not None:
                timeline.cursor = slides_at + 0.5
            timeline.then(("slide", event.column), 0.5, ease_in_out_cubic, gap=0.05)
        elif isinstance(event, GameEndDeclared):
            timeline.then("ended", 0.5)
        elif isinstance(event, MoriartyDeclared):
            timeline.then("moriarty", 1.1)
        elif isinstance(event, GameScored):
            timeline.then("scored", 1.5)
    if not timeline.tracks:
        timeline.add("pause", 0.2)
    return timeline


def _token_sprite(theme: th.Theme, colour: int, radius: int, muted: bool) -> pygame.Surface:
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
        ink = th.mix(th.BOARD, fill, 0.8)
    else:
        pygame.draw.circle(big, (*th.shade(fill, 0.55), 255), centre, r)
        pygame.draw.circle(big, (*fill, 255), centre, r - max(2, r // 9))
        pygame.draw.circle(big, (*th.shade(fill, 1.18), 255),
                           (centre[0] - r // 5, centre[1] - r // 5), r // 3)
        pygame.draw.circle(big, (*fill, 255), centre, round(r * 0.72))
        ink = LETTER_INK[colour]
    font = theme.font(max(round(r * 1.05), theme.min_font_size() * scale))  # shown 1/scale
    letter = font.render(LETTERS[colour], True, ink)
    big.blit(letter, letter.get_rect(center=(centre[0], centre[1] + scale)))
    small = (2 * radius + 2, 2 * radius + 2)
    return pygame.transform.smoothscale(big, small)


def _dashed_rect(surface, colour, rect: pygame.Rect, width: int, dash: int) -> None:
    """A dashed outline (the imaginary rows 0 and 9)."""
    for (x0, y0), (x1, y1) in ((rect.topleft, rect.topright), (rect.bottomleft, rect.bottomright),
                               (rect.topleft, rect.bottomleft), (rect.topright, rect.bottomright)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, dash * 2):
            end = min(length, start + dash)
            a, b = start / max(1, length), end / max(1, length)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def _blit_centered(surface, image: pygame.Surface, centre) -> None:
    surface.blit(image, image.get_rect(center=_ipoint(centre)))


def _ipoint(point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


def _lerp_point(a, b, p: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def _draw_star(surface, centre, radius: float, colour) -> None:
    """A five-pointed star (marks your Bonus Colour's tokens in your own view)."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, INK, [(x + 1, y + 1) for x, y in points])
    pygame.draw.polygon(surface, colour, points)


def _draw_seal(surface, centre, size: int) -> None:
    """A closed envelope: a choice is made and hidden."""
    x, y = centre
    rect = pygame.Rect(0, 0, size * 2, round(size * 1.4))
    rect.center = (round(x), round(y))
    pygame.draw.rect(surface, th.TEXT, rect, border_radius=2)
    pygame.draw.lines(surface, INK, False, [rect.topleft, (rect.centerx, rect.centery + 1),
                                             rect.topright], max(1, size // 5))


def _draw_arrow(surface, start, end, colour, width: int, head: float) -> None:
    pygame.draw.line(surface, colour, _ipoint(start), _ipoint(end), width)
    direction = 1 if end[1] > start[1] else -1
    x, y = end
    pygame.draw.polygon(surface, colour, [(x - head, y - direction * head * 0.2),
                                          (x + head, y - direction * head * 0.2),
                                          (x, y + direction * head)])


def _draw_check(surface, centre, size: int) -> None:
    x, y = centre
    pygame.draw.lines(surface, th.ACCENT, False, [(x - size, y), (x - size // 3, y + size * 2 // 3),
                                                 (x + size, y - size * 2 // 3)], max(3, size // 3))


def _draw_cross(surface, centre, size: int) -> None:
    x, y = centre
    width = max(3, size // 3)
    pygame.draw.line(surface, th.WARNING, (x - size, y - size), (x + size, y + size), width)
    pygame.draw.line(surface, th.WARNING, (x - size, y + size), (x + size, y - size), width)


BOARD = MoriartyBoard
