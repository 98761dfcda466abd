"""Pulling Strings board: the 5x5 web of strings, stacks riding them, the lettered string ends.

Each string end is a lettered disc around the grid; clicking it (or the bit of string between it
and the grid) pulls that end, and typing its letter does the same. Eks's homes carry an X, Oh's an
O ring. A pull is animated as the revealed ends light up with the seat that chose them, the pulled
strings go taut and slide toward their ends carrying their stacks, stacks pulled two ways split,
stacks that land together combine, and a string pulled from the same end by both snaps.
"""
from __future__ import annotations

import dataclasses
import math
from collections import OrderedDict
from typing import Mapping, Sequence

import pygame

from game.core import Event, Move
from game.rules.pulling_strings import (
    END_INFO,
    ENDS,
    SIZE,
    Pull,
    PullingStringsState,
    StackHeld,
    StackMoved,
    StacksCombined,
    StackSplit,
    StringBroken,
    string_cells,
)
from game.words.pulling_strings import BOTTOM, LEFT, RIGHT, TOP, PullingStringsNarrator, reveal_of
from scenes.boards.base import Board, View, latest
from scenes.boards.pulling_strings import ground, paint_cards
from scenes.boards.pulling_strings.plan import SPLIT_AT, Beat, plan
from scenes.shell import theme as th
from scenes.shell.anim import Timeline, lerp_point

STUB = 0.105  # share of a broken string's length left hanging at each end
MAX_DISCS = 5  # discs drawn in a pile; the numeral gives the true height
REACH = 0.84  # distance of an end's disc from the outermost intersection, in grid gaps
PULL_OUT = 0.14  # how far a pulled end's disc is drawn out during the pull, in grid gaps
REST_LAYERS = 2  # the board at rest, kept for two sets of open ends (a seat choosing, none)

STRING = (178, 170, 152)
BROKEN = (112, 106, 96)  # what is left of a broken string
DISC_TOP = (236, 230, 214)
DISC_SIDE = (168, 158, 136)
DISC_EDGE = (52, 50, 56)
END_FILL = th.shade(th.PANEL, 1.12)  # an end's disc: its white letter reads at 8:1 (5:1 hinted)


@dataclasses.dataclass(frozen=True)
class End:
    """The spot of a string end, named by the letter a player types."""

    letter: str


@dataclasses.dataclass(frozen=True)
class Cell:
    """The spot of an intersection (never a choice: a click here is explained)."""

    row: int
    col: int


@dataclasses.dataclass(frozen=True)
class Pile:
    """A stack as drawn this frame: where, how tall, and how much it pops."""

    x: float
    y: float
    size: int
    scale: float = 1.0


def string_of(letter: str) -> int:
    """The string (0..4 columns a..e, 5..9 rows y..t) an end belongs to."""
    return END_INFO[letter][0]


def string_letters(string: int) -> tuple[str, str]:
    """A string's two end letters: (top, bottom) for a column, (left, right) for a row."""
    if string < SIZE:
        return TOP[string], BOTTOM[string]
    return LEFT[string - SIZE], RIGHT[string - SIZE]


def pull_directions(cell: tuple[int, int], ends: Sequence[str]) -> list[tuple[int, int]]:
    """The directions a cell is pulled by these ends (each end once)."""
    found = []
    for end in dict.fromkeys(ends):
        string, direction = END_INFO[end]
        if cell in string_cells(string):
            found.append(direction)
    return found


def _stepped(cell: tuple[int, int], direction: tuple[int, int]) -> tuple[int, int]:
    row, col = cell[0] + direction[0], cell[1] + direction[1]
    return (row, col) if 0 <= row < SIZE and 0 <= col < SIZE else cell





def last_pulls(view: View[PullingStringsState]) -> dict[int, str]:
    """The end each seat pulled last turn (once revealed), by seat."""
    pulls = {seat: latest(turns, Pull) for seat, turns in view.last.items()}
    return {seat: pull[1].end for seat, pull in pulls.items() if pull is not None}


class PullingStringsBoard(Board[PullingStringsState]):
    """The grid of strings with lettered ends; a seat card either side shows homes and choices."""

    words: PullingStringsNarrator
    keywords = tuple(ENDS)

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.gap = 10.0  # pixels between neighbouring intersections
        self.origin = (0.0, 0.0)  # the top-left intersection
        self.radius = 5.0  # of a string end's disc
        self.edge_width = 2  # of its rim (pixels: worked out in layout)
        self.end_pos: dict[str, tuple[float, float]] = {}
        self.end_out: dict[str, tuple[int, int]] = {}  # outward unit vector (x, y) of each end
        self.cards: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0),) * 2
        self.background: pygame.Surface | None = None
        self.rest_layers: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # _rest_layer

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the grid and the two seat cards (beside it, or above it when the area is tall)."""
        self.edge_width = self.theme.px(2)
        super().layout(area)
        theme = self.theme
        pad, gap = theme.px(10), theme.px(10)
        inner = self.area.inflate(-2 * pad, -2 * pad)
        card_min = theme.text("has chosen", paint_cards.NOTE).get_width() + theme.px(48)
        card_w = max(card_min, min(theme.px(210), (inner.width - inner.height) // 2 - gap))
        side_grid = min(inner.height, inner.width - 2 * (card_w + gap))
        strip_h = theme.text("Oh", paint_cards.ROW_NAME).get_height() * 2 + theme.px(20)
        top_grid = min(inner.height - strip_h - gap, inner.width)
        if side_grid >= top_grid:
            size = max(40, side_grid)
            grid = pygame.Rect(0, 0, size, size)
            grid.center = inner.center
            height = min(inner.height, self._card_height(card_w))
            left = pygame.Rect(grid.left - gap - card_w, grid.top, card_w, height)
            right = pygame.Rect(grid.right + gap, grid.top, card_w, height)
        else:
            size = max(40, top_grid)
            grid = pygame.Rect(0, 0, size, size)
            below = inner.height - strip_h - gap
            grid.center = (inner.centerx, inner.top + strip_h + gap + below // 2)
            half = (inner.width - gap) // 2
            left = pygame.Rect(inner.left, inner.top, half, strip_h)
            right = pygame.Rect(inner.right - half, inner.top, half, strip_h)
        self.cards = (left, right)
        self._fit_grid(grid)
        self.background = ground.render_background(self.theme, self.area, grid, self.gap,
                                                   self.cell_xy)
        self.rest_layers.clear()

    def panels(self) -> list[pygame.Rect]:
        """The two seat cards."""
        return list(self.cards)

    def _card_height(self, width: int) -> int:
        theme = self.theme
        texts = [("Eks", 26), ("home", 16), ("0", 40), ("has chosen", 17)]
        mark = min(width * 0.16, theme.px(26))
        return round(sum(theme.text(t, size).get_height() for t, size in texts)
                     + 2 * mark + theme.px(14 + 8 + 6 + 10 + 16))

    def _fit_grid(self, grid: pygame.Rect) -> None:
        self.gap = grid.width / 6.6
        g = self.gap
        self.origin = (grid.centerx - 2 * g, grid.centery - 2 * g)
        self.radius = max(6.0, 0.27 * g)
        reach = REACH * g
        x0, y0 = self.origin
        for i in range(SIZE):
            self.end_pos[TOP[i]] = (x0 + i * g, y0 - reach)
            self.end_pos[BOTTOM[i]] = (x0 + i * g, y0 + 4 * g + reach)
            self.end_pos[LEFT[i]] = (x0 - reach, y0 + i * g)
            self.end_pos[RIGHT[i]] = (x0 + 4 * g + reach, y0 + i * g)
            self.end_out.update({TOP[i]: (0, -1), BOTTOM[i]: (0, 1), LEFT[i]: (-1, 0),
                                 RIGHT[i]: (1, 0)})

    def cell_xy(self, cell: tuple[int, int]) -> tuple[float, float]:
        """The screen point of an intersection (row, col)."""
        return (self.origin[0] + cell[1] * self.gap, self.origin[1] + cell[0] * self.gap)

    def _edge_xy(self, letter: str) -> tuple[float, float]:
        # the outermost intersection on this end's string, next to the end
        out = self.end_out[letter]
        x, y = self.end_pos[letter]
        reach = REACH * self.gap
        return (x - out[0] * reach, y - out[1] * reach)

    def path(self, move: Move, state: PullingStringsState) -> tuple:
        """One spot: the end to pull."""
        return (End(move.end),)  # type: ignore[attr-defined]

    def spot_rect(self, spot) -> pygame.Rect | None:
        """The disc of a string end (or the circle round an intersection)."""
        if isinstance(spot, End) and spot.letter in self.end_pos:
            x, y = self.end_pos[spot.letter]
            side = round(2 * self.radius + self.theme.px(6))
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            return rect
        if isinstance(spot, Cell):
            x, y = self.cell_xy((spot.row, spot.col))
            side = round(0.8 * self.gap)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            return rect
        return None

    def spot_shape(self, spot) -> th.Shape | None:
        """A string end's disc (an intersection: its square)."""
        if isinstance(spot, End) and spot.letter in self.end_pos:
            return th.Circle(self.end_pos[spot.letter], round(self.radius))
        return self.spot_rect(spot)

    def spot_at(self, pos, state: PullingStringsState) -> End | Cell | None:
        """The end whose disc or outer bit of string is under the point, else an intersection."""
        px, py = pos
        reach = self.radius * 1.25
        slack = max(self.theme.px(8), 0.12 * self.gap)
        for letter, (x, y) in self.end_pos.items():
            if math.hypot(px - x, py - y) <= reach:
                return End(letter)
        for letter, (x, y) in self.end_pos.items():
            ex, ey = self._edge_xy(letter)
            if _near_segment((px, py), (x, y), (ex, ey), slack) and \
                    math.hypot(px - ex, py - ey) > 0.3 * self.gap:
                return End(letter)
        col = round((px - self.origin[0]) / self.gap)
        row = round((py - self.origin[1]) / self.gap)
        if 0 <= row < SIZE and 0 <= col < SIZE:
            cx, cy = self.cell_xy((row, col))
            if math.hypot(px - cx, py - cy) <= 0.42 * self.gap:
                return Cell(row, col)
        return None

    def guess_move(self, path, state: PullingStringsState) -> Move | None:
        """Pulling the clicked end (a broken string's end is refused with its reason)."""
        spot = path[-1] if path else None
        return Pull(spot.letter) if isinstance(spot, End) else None

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: PullingStringsState, events: Sequence[Event],
                after: PullingStringsState) -> Timeline:
        """Reveal the ends, pull (moves, splits, holds), then combine and snap together."""
        return plan(events)

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View[PullingStringsState]) -> None:
        """Background, strings, ends, stacks and the two seat cards."""
        if view.animating:
            surface.blit(self.ground(), self.area.topleft)
            self._draw_animated(surface, view)
        else:
            self._draw_still(surface, view)
        for seat in (0, 1):
            paint_cards.draw_card(self.theme, surface, view, self.cards[seat], seat,
                                  self.seat_note(view, seat))

    def _draw_still(self, surface: pygame.Surface, view: View[PullingStringsState]) -> None:
        """The layer at rest, then what the pointer, the keyboard and the picks change over it:
        the hot string (its ends drawn again over it), the stacks, the picked ends."""
        state = view.state
        surface.blit(self._rest_layer(view), self.area.topleft)
        hot = self._hot_end(view)
        again = {spot.letter for spot in (*view.selected, view.hover, view.focus)
                 if isinstance(spot, End)}
        if hot is not None:
            a, b = string_letters(string_of(hot))
            self._line(surface, th.ACCENT, self.end_pos[a], self.end_pos[b], 5)
            again |= {a, b}
        piles = [Pile(*self.cell_xy(divmod(i, SIZE)), n) for i, n in enumerate(state.stacks) if n]
        self._draw_piles(surface, piles)
        if hot is not None:
            self._draw_preview(surface, state, hot)
        for letter in sorted(again):  # every look covers the legal ring the layer drew
            self._draw_end(surface, view, letter, state.is_broken(letter))
        self._draw_badges(surface, last_pulls(view), 1.0, 0.0)  # each seat's last pull

    def _rest_layer(self, view: View[PullingStringsState]) -> pygame.Surface:
        """The ground, every string as it lies and every end as it shows when nobody points
        at it: drawn once for the broken strings and the ends open to a pick (a click, a
        hover redraws a few ends over it, not twenty)."""
        state = view.state
        key = (state.broken, view.clickable, self.theme.unwritten)
        layer = self.rest_layers.get(key)
        if layer is not None:
            self.rest_layers.move_to_end(key)
            return layer
        canvas = pygame.Surface(self.area.bottomright)  # the board's own screen coordinates
        canvas.blit(self.ground(), self.area.topleft)
        for string in range(2 * SIZE):
            if state.broken >> string & 1:
                self._draw_broken(canvas, string, 1.0)
            else:
                a, b = string_letters(string)
                self._line(canvas, STRING, self.end_pos[a], self.end_pos[b], 3)
        resting = dataclasses.replace(view, selected=(), hover=None, focus=None)
        for letter in ENDS:
            self._draw_end(canvas, resting, letter, state.is_broken(letter))
        layer = pygame.Surface(self.area.size)
        layer.blit(canvas, (0, 0), self.area)
        self.rest_layers[key] = layer
        if len(self.rest_layers) > REST_LAYERS:
            self.rest_layers.popitem(last=False)
        return layer

    def _hot_end(self, view: View[PullingStringsState]) -> str | None:
        for spot in (view.focus, view.hover):
            if isinstance(spot, End) and spot in view.clickable:
                return spot.letter
        return None

    def _draw_animated(self, surface: pygame.Surface, view: View[PullingStringsState]) -> None:
        before = view.before if view.before is not None else view.state
        reveal = reveal_of(view.events)
        pull = view.progress(Beat.PULL, 0.0)
        ends = reveal.ends if reveal else ()
        snapping = {e.string for e in view.events if isinstance(e, StringBroken)}
        snap = view.progress(Beat.SNAP, 0.0)
        pulled = {string_of(e) for e in ends}
        for string in range(2 * SIZE):
            if before.broken >> string & 1:
                self._draw_broken(surface, string, 1.0)
            elif string in snapping and snap > 0:
                self._draw_broken(surface, string, snap)
            elif string in pulled:
                self._draw_taut(surface, string, ends, pull)
            else:
                a, b = string_letters(string)
                self._line(surface, STRING, self.end_pos[a], self.end_pos[b], 3)
        self._draw_piles(surface, self._moving_piles(view, before, ends, pull))
        for string in snapping:
            if 0 < snap < 1:
                self._draw_spark(surface, string, snap)
        for letter in ENDS:
            broken = before.is_broken(letter) or (string_of(letter) in snapping and snap >= 1)
            offset = PULL_OUT * self.gap * math.sin(math.pi * pull) if letter in ends else 0.0
            self._draw_end(surface, view, letter, broken, offset)
        if reveal is not None:
            self._draw_badges(surface, dict(enumerate(ends)), view.progress(Beat.REVEAL, 1.0),
                              pull)

    # ---- strings --------------------------------------------------------------------------
    def _line(self, surface, colour, a, b, width: float) -> None:
        pygame.draw.line(surface, colour, a, b, self.theme.px(width))

    def _string_colour(self, string: int, ends: Sequence[str]):
        seats = [s for s, e in enumerate(ends) if string_of(e) == string]
        return th.SEAT_COLOURS[seats[0]] if len(seats) == 1 else th.TEXT

    def _draw_taut(self, surface, string: int, ends: Sequence[str], pull: float) -> None:
        a, b = string_letters(string)
        colour = self._string_colour(string, ends)
        self._line(surface, colour, self.end_pos[a], self.end_pos[b], 5)
        pulled = [e for e in dict.fromkeys(ends) if string_of(e) == string]
        start, stop = self.end_pos[a], self.end_pos[b]
        middle = lerp_point(start, stop, 0.5)
        for letter in pulled:
            # ticks on the string slide toward the pulled end, so the string reads as moving
            far = (start if letter == b else stop) if len(pulled) == 1 else middle
            self._draw_ticks(surface, far, self.end_pos[letter], pull, colour)

    def _draw_ticks(self, surface, start, stop, pull: float, colour) -> None:
        length = math.hypot(stop[0] - start[0], stop[1] - start[1])
        if length <= 0:
            return
        ux, uy = (stop[0] - start[0]) / length, (stop[1] - start[1]) / length
        spacing = self.gap / 2
        half = 0.13 * self.gap
        tick = th.shade(colour, 1.5)
        s = (pull * self.gap) % spacing + spacing / 2
        while s < length - self.radius:
            x, y = start[0] + ux * s, start[1] + uy * s
            pygame.draw.line(surface, tick, (x - uy * half, y + ux * half),
                             (x + uy * half, y - ux * half), self.theme.px(3))
            s += spacing

    def _draw_broken(self, surface, string: int, progress: float) -> None:
        """A string snapped in the middle: both halves recoil to stubs as progress goes 0 to 1."""
        a, b = string_letters(string)
        start, stop = self.end_pos[a], self.end_pos[b]
        share = 0.5 - (0.5 - STUB) * progress
        colour = th.mix(th.TEXT, BROKEN, progress)
        for end, other in ((start, stop), (stop, start)):
            tip = lerp_point(end, other, share)
            self._line(surface, colour, end, tip, 3)
            self._draw_fray(surface, end, tip, colour)

    def _draw_fray(self, surface, end, tip, colour) -> None:
        """Three splayed strands where a string tore."""
        length = math.hypot(tip[0] - end[0], tip[1] - end[1]) or 1.0
        ux, uy = (tip[0] - end[0]) / length, (tip[1] - end[1]) / length
        size = 0.11 * self.gap
        for spread in (-0.7, 0.0, 0.7):
            dx = ux * math.cos(spread) - uy * math.sin(spread)
            dy = uy * math.cos(spread) + ux * math.sin(spread)
            pygame.draw.line(surface, colour, tip, (tip[0] + dx * size, tip[1] + dy * size),
                             self.theme.px(2))

    def _draw_spark(self, surface, string: int, progress: float) -> None:
        a, b = string_letters(string)
        cx, cy = lerp_point(self.end_pos[a], self.end_pos[b], 0.5)
        inner = 0.15 * self.gap + 0.3 * self.gap * progress
        outer = inner + 0.3 * self.gap * (1 - progress)
        for k in range(8):
            angle = k * math.pi / 4 + math.pi / 8
            dx, dy = math.cos(angle), math.sin(angle)
            pygame.draw.line(surface, th.ACCENT, (cx + dx * inner, cy + dy * inner),
                             (cx + dx * outer, cy + dy * outer), self.theme.px(3))

    # ---- string ends ----------------------------------------------------------------------
    def _draw_end(self, surface, view: View[PullingStringsState], letter: str, broken: bool,
                  offset: float = 0.0) -> None:
        out = self.end_out[letter]
        x, y = self.end_pos[letter]
        centre = (round(x + out[0] * offset), round(y + out[1] * offset))
        radius = round(self.radius)
        spot = End(letter)
        picked = spot in view.selected
        fill = th.ACCENT if picked else (th.BOARD if broken else END_FILL)
        pygame.draw.circle(surface, fill, centre, radius)
        edge = BROKEN if broken else STRING
        pygame.draw.aacircle(surface, edge, centre, radius, self.edge_width)
        if broken:  # struck through, round the letter: nothing crosses its ink
            for sign in (-1, 1):
                far, near = radius * 0.7 * sign, radius * 0.45 * sign
                pygame.draw.line(surface, BROKEN, (centre[0] - far, centre[1] + far),
                                 (centre[0] - near, centre[1] + near), self.theme.px(2))
        ink = th.PICKED_INK if picked else (th.DIM if broken else th.TEXT)
        self._text(surface, letter, 1.28 * self.radius, centre, ink)
        states = view.states(spot) if spot in view.clickable or picked else set()
        th.draw_states(surface, self.theme, th.Circle(centre, radius), states)

    def _draw_badges(self, surface, ends: Mapping[int, str], reveal: float, pull: float) -> None:
        """Each seat's mark on the outer corner of the end it pulled (by seat): popping in as
        the pulls are revealed, then staying as that seat's last pull (th.draw_seat_badge)."""
        if reveal <= 0:
            return
        offset = PULL_OUT * self.gap * math.sin(math.pi * pull)
        size = 0.7 * self.radius * min(1.0, 0.4 + reveal)
        corner = self.radius
        for seat, letter in ends.items():
            ox, oy = self.end_out[letter]
            x, y = self.end_pos[letter]
            side = -1 if seat == 0 else 1  # left/up for Eks, right/down for Oh
            cx = x + ox * (offset + corner) + (side * corner if oy else 0)
            cy = y + oy * (offset + corner) + (side * corner if ox else 0)
            th.draw_seat_badge(surface, self.theme, (cx, cy), th.SEAT_COLOURS[seat],
                               th.SEAT_MARKS[seat], size)

    # ---- stacks ---------------------------------------------------------------------------
    def _moving_piles(self, view: View[PullingStringsState], before: PullingStringsState,
                      ends: Sequence[str],
                      pull: float) -> list[Pile]:
        """Every stack's pile at this moment of the pull, splits and combinations."""
        combine = view.progress(Beat.COMBINE, 0.0)
        combos = {e.at: e.total for e in view.events if isinstance(e, StacksCombined)}
        touched: set = set()
        piles: list[tuple[tuple[int, int], Pile]] = []  # (landing cell, pile)
        for e in view.events:
            if isinstance(e, StackMoved):
                touched.add(e.src)
                piles.append((e.dst, self._slide(e.src, e.dst, e.size, pull)))
            elif isinstance(e, StackHeld):
                touched.add(e.at)
                piles.append((e.at, self._shaken(e.at, ends, e.size, pull)))
            elif isinstance(e, StackSplit):
                touched.add(e.src)
                piles += self._split(e, ends, pull)
        for index, size in enumerate(before.stacks):
            cell = divmod(index, SIZE)
            if size and cell not in touched:
                piles.append((cell, Pile(*self.cell_xy(cell), size)))
        if combine <= 0:
            return [pile for _, pile in piles]
        pop = 1 + 0.25 * math.sin(math.pi * combine)
        kept = [pile for cell, pile in piles if cell not in combos]
        return kept + [Pile(*self.cell_xy(cell), total, pop) for cell, total in combos.items()]

    def _slide(self, src, dst, size: int, progress: float) -> Pile:
        x, y = lerp_point(self.cell_xy(src), self.cell_xy(dst), progress)
        return Pile(x, y, size)

    def _shaken(self, cell, ends: Sequence[str], size: int, progress: float) -> Pile:
        """A stack pulled into a wall: it strains toward the wall and settles back."""
        blocked = [d for d in pull_directions(cell, ends) if _stepped(cell, d) == cell]
        dr, dc = blocked[0] if blocked else (0, 1)
        amount = 0.09 * self.gap * math.sin(progress * 6 * math.pi) * (1 - progress)
        x, y = self.cell_xy(cell)
        return Pile(x + dc * amount, y + dr * amount, size)

    def _split(self, event: StackSplit, ends: Sequence[str], pull: float) -> list:
        if pull < SPLIT_AT:
            wobble = 0.06 * self.gap * math.sin(pull / SPLIT_AT * 4 * math.pi)
            x, y = self.cell_xy(event.src)
            return [(event.src, Pile(x + wobble, y, event.size))]
        apart = (pull - SPLIT_AT) / (1 - SPLIT_AT)
        halves = []
        for dst, size in event.parts:
            if dst == event.src:
                halves.append((dst, self._shaken(dst, ends, size, apart)))
            else:
                halves.append((dst, self._slide(event.src, dst, size, apart)))
        return halves

    def _draw_piles(self, surface, piles: Sequence[Pile]) -> None:
        for pile in sorted(piles, key=lambda p: (p.y, p.x)):
            self._draw_pile(surface, pile)

    def _draw_pile(self, surface, pile: Pile) -> None:
        """Stacked discs, one per piece up to MAX_DISCS, with the height as a numeral on top."""
        g = self.gap * pile.scale
        rx, ry, step = 0.35 * g, 0.17 * g, 0.075 * g
        discs = min(pile.size, MAX_DISCS)
        base = pile.y + (discs - 1) * step / 2 + 0.04 * g
        outline = max(1, self.theme.px(1.5))
        for k in range(discs):
            cy = base - k * step
            rect = pygame.Rect(0, 0, round(2 * rx), round(2 * ry))
            rect.center = (round(pile.x), round(cy + step * 0.6))
            pygame.draw.ellipse(surface, DISC_SIDE, rect)
            pygame.draw.ellipse(surface, DISC_EDGE, rect, outline)
            rect.center = (round(pile.x), round(cy))
            pygame.draw.ellipse(surface, DISC_TOP, rect)
            pygame.draw.ellipse(surface, DISC_EDGE, rect, outline)
        top = base - (discs - 1) * step
        self._text(surface, str(pile.size), 0.36 * self.gap, (pile.x, top + 0.01 * g),
                   th.BACKGROUND)

    def _draw_preview(self, surface, state: PullingStringsState, letter: str) -> None:
        """Chevrons on the stacks of a hovered string, showing where a pull would take them."""
        string, (dr, dc) = END_INFO[letter]
        colour = th.ACCENT
        for cell in string_cells(string):
            if not state.stack_at(*cell):
                continue
            x, y = self.cell_xy(cell)
            if _stepped(cell, (dr, dc)) == cell:
                # against the wall: a bar says it will stay
                bx, by = x + dc * 0.42 * self.gap, y + dr * 0.42 * self.gap
                d = 0.2 * self.gap
                self._line(surface, colour, (bx - dr * d, by - dc * d),
                           (bx + dr * d, by + dc * d), 4)
                continue
            tip = (x + dc * 0.72 * self.gap, y + dr * 0.72 * self.gap)
            back = 0.16 * self.gap
            for sign in (-1, 1):
                wing = (tip[0] - (dc - dr * sign) * back, tip[1] - (dr - dc * sign) * back)
                self._line(surface, colour, tip, wing, 4)

    # ---- seat cards -----------------------------------------------------------------------
    def seat_note(self, view: View[PullingStringsState], seat: int) -> tuple[str, str]:
        """What a seat's card says now: (kind, words); the other's pick is only ever 'chosen'."""
        reveal = reveal_of(view.events)
        pulled = reveal.ends[seat] if view.animating and reveal is not None else None
        state: PullingStringsState = view.state
        return self.words.seat_note(state, seat, pulled,
                                    reveal is not None and view.timeline is None,
                                    view.chooser, view.thinking)


    def _text(self, surface, text: str, pixels: float, centre, colour) -> None:
        """Text at an exact pixel size (board-relative), centred."""
        image = self.theme.text(text, pixels / self.theme.text_scale, colour)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _near_segment(point, a, b, slack: float) -> bool:
    """True when a point lies within `slack` of the segment a-b."""
    px, py = point
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(px - a[0], py - a[1]) <= slack
    s = max(0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / length2))
    return math.hypot(px - a[0] - s * dx, py - a[1] - s * dy) <= slack



BOARD = PullingStringsBoard
