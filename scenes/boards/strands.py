"""Strands board: the hexagon of numbered spaces, stones dropping in, the groups that decide it."""
from __future__ import annotations

import dataclasses
import math
from typing import Sequence

import pygame

from game.core import Event, Move
from game.rules.strands import (
    END_TURN,
    EndTurn,
    Place,
    StonePlaced,
    StrandsState,
    compare_groups,
)
from game.timings import STRANDS
from scenes.boards.base import Board, Choice, View, draw_board_area
from scenes.shell import theme as th
from scenes.shell.anim import STILL, Timeline, ease_out_back

END = Choice("End turn", "end")


@dataclasses.dataclass(frozen=True)
class Stone:
    """A track of the plan: a stone dropping onto a space."""

    cell: int


SQRT3 = math.sqrt(3)
CELL_SCALE = 0.94  # a space's hexagon, of the radius its centres are spaced by
LOOK_SCALE = 0.84  # the hexagon its looks are drawn round
STONE_FILL = ((26, 26, 30), (244, 244, 238))
STONE_RIM = ((120, 124, 136), (40, 40, 46))
# Spaces are tinted by their number so equal numbers read as a family; the numeral is the cue.
NUMBER_TINTS = {1: (92, 80, 120), 2: (60, 92, 120), 3: (54, 104, 96), 4: (96, 96, 70),
                5: (70, 84, 110), 6: (118, 84, 64)}


def cell_spot(index: int) -> tuple[str, int]:
    """The spot of a space on the board."""
    return ("cell", index)


def groups_of(state: StrandsState, seat: int) -> list[list[int]]:
    """A seat's connected groups of spaces, largest first."""
    mark, seen, groups = seat + 1, set(), []
    for start, owner in enumerate(state.stones):
        if owner != mark or start in seen:
            continue
        seen.add(start)
        group, frontier = [], [start]
        while frontier:
            cell = frontier.pop()
            group.append(cell)
            for near in state.board.neighbours[cell]:
                if state.stones[near] == mark and near not in seen:
                    seen.add(near)
                    frontier.append(near)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


class StrandsBoard(Board[StrandsState]):
    """Pointy-topped hexes in rows a, b, c... from the top; click or type a label to cover it."""

    keywords = ("end",)
    seat_colours = (th.TEXT, th.TEXT)  # Black and White: the stones say it, not orange or blue
    numbered_hints = False  # a turn's stones go down in any order: a hint rings them unnumbered

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.centres: list[tuple[float, float]] = []
        self.radius = 10.0
        self.origin = (0.0, 0.0)
        self.background: pygame.Surface | None = None
        self._layer_key: tuple | None = None  # the board and area the layer was drawn for

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the hexagon to the area (done again when the first state shows its board)."""
        super().layout(area)
        self._layer_key = None

    def _fit(self, board) -> pygame.Surface:
        """Fit the hexagon to this board and area (once for each); the fixed layer drawn for it."""
        key = (board, tuple(self.area))
        if key == self._layer_key and self.background is not None:
            return self.background
        side = board.side
        columns = 2 * side - 1
        margin = min(self.theme.px(34), self.area.height * 0.06)
        width = max(10, self.area.width - 2 * margin)
        height = max(10, self.area.height - 2 * margin)
        self.radius = min(width / (SQRT3 * columns), height / (1.5 * (columns - 1) + 2))
        self.origin = self.area.center
        self.centres = [self._pixel(q, r) for q, r in board.coords]
        self.background = background = self._render_background(board)
        self._layer_key = key
        return background

    def _pixel(self, q: int, r: int) -> tuple[float, float]:
        size = self.radius
        return (self.origin[0] + size * SQRT3 * (q + r / 2), self.origin[1] + size * 1.5 * r)

    def _corners(self, centre, scale: float = 1.0) -> list[tuple[float, float]]:
        size = self.radius * scale
        return [(centre[0] + size * math.cos(math.radians(60 * k - 30)),
                 centre[1] + size * math.sin(math.radians(60 * k - 30))) for k in range(6)]

    def _render_background(self, board) -> pygame.Surface:
        theme = self.theme
        layer = pygame.Surface(self.area.size)
        layer.fill(th.BACKGROUND)
        local = pygame.Rect(0, 0, *self.area.size)
        draw_board_area(layer, theme, local)
        shift = (-self.area.left, -self.area.top)
        show_labels = self.radius >= max(theme.px(21), round(theme.line(th.CAPTION) * 1.4))
        for index, centre in enumerate(self.centres):
            c = (centre[0] + shift[0], centre[1] + shift[1])
            number = board.numbers[index]
            tile = self._corners(c, CELL_SCALE)
            pygame.draw.polygon(layer, NUMBER_TINTS.get(number, th.PANEL), tile)
            pygame.draw.polygon(layer, th.shade(th.BOARD, 0.7), tile,
                                max(1, theme.px(1)))
            # the number bold over its label in white (4.5:1 on every tint); both kept inside the
            # hexagon the looks are drawn round, so a legal ring never crosses them
            digit = theme.font(round(self.radius * 0.8), "bold").render(str(number), True,
                                                                        th.TEXT)
            layer.blit(digit, digit.get_rect(center=(c[0], c[1] - (self.radius * 0.17
                                                                  if show_labels else 0))))
            if show_labels:
                label = theme.font(round(self.radius * 0.36), "medium").render(
                    board.labels[index], True, th.TEXT)
                # high enough that a descender (g9, j4) keeps clear of the looks' rings
                layer.blit(label, label.get_rect(center=(c[0], c[1] + self.radius * 0.41)))
        # row letters at both ends of each row
        rows: dict[int, list[int]] = {}
        for index, (q, r) in enumerate(board.coords):
            rows.setdefault(r, []).append(index)
        font = theme.font(max(10, round(self.radius * 0.55)))
        for r, cells in rows.items():
            letter = board.labels[cells[0]][0]
            for cell, side in ((cells[0], -1), (cells[-1], 1)):
                x, y = self.centres[cell]
                text = font.render(letter, True, th.DIM)
                layer.blit(text, text.get_rect(center=(x + side * self.radius * 1.45 + shift[0],
                                                       y + shift[1])))
        return layer

    def spot_rect(self, spot) -> pygame.Rect | None:
        """The bounding box of a space."""
        if not (isinstance(spot, tuple) and spot[0] == "cell") or spot[1] >= len(self.centres):
            return None
        x, y = self.centres[spot[1]]
        half_w, half_h = self.radius * SQRT3 / 2, self.radius
        return pygame.Rect(round(x - half_w), round(y - half_h), round(2 * half_w),
                           round(2 * half_h))

    def spot_shape(self, spot) -> th.Hexagon | None:
        """A space's hexagon (its looks are hex rings), a little inside its tile so a legal
        ring stays on its own space when the spaces around are legal too."""
        if self.spot_rect(spot) is None:
            return None
        return th.Hexagon(self.centres[spot[1]], self.radius * LOOK_SCALE)

    def spot_at(self, pos, state: StrandsState):
        """The space under a point (nearest centre within the hex)."""
        self._fit(state.board)
        best, best_d = None, self.radius * 0.9
        for index, (x, y) in enumerate(self.centres):
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < best_d:
                best, best_d = index, d
        return None if best is None else cell_spot(best)

    def path(self, move: Move, state: StrandsState) -> tuple:
        """A space is one click; ending the turn is a button."""
        if isinstance(move, EndTurn):
            return (END,)
        return (cell_spot(state.board.index(move.label)),)  # type: ignore[attr-defined]

    def guess_move(self, path: Sequence, state: StrandsState) -> Move | None:
        """The cover move a clicked space would be."""
        spot = path[-1]
        if isinstance(spot, tuple) and spot[0] == "cell":
            return state.board.places[spot[1]]
        return END_TURN if spot == END else None

    # ---- animation and drawing ------------------------------------------------------------
    def animate(self, before: StrandsState, events: Sequence[Event],
                after: StrandsState) -> Timeline:
        """Each new stone drops onto its space, with a soft thud."""
        timeline = Timeline()
        for event in events:
            if isinstance(event, StonePlaced):
                timeline.cue("place", at=0.05)
                timeline.then(Stone(event.cell), STRANDS.stone, ease_out_back)
        if not timeline.tracks:
            timeline.add(STILL, STRANDS.still)
        return timeline

    def draw(self, surface: pygame.Surface, view: View[StrandsState]) -> None:
        """Spaces, stones, this turn's stones marked, and the legal spaces ringed."""
        state = view.state
        surface.blit(self._fit(state.board), self.area.topleft)
        theme = self.theme
        stone_r = self.radius * 0.72
        for index, owner in enumerate(state.stones):
            if not owner:
                continue
            scale = 1.0
            if view.animating:
                progress = view.progress(Stone(index))
                if progress <= 0:
                    continue
                scale = 1.6 - 0.6 * progress
            self._draw_stone(surface, index, owner - 1, stone_r * scale)
        if not view.animating:
            self._draw_last_turns(surface, view)
            if state.is_terminal:
                self._draw_deciding_groups(surface, state)
        restricted = len(view.clickable) < state.stones.count(0)  # ring only a restricted choice
        for spot in view.clickable | set(view.selected):
            shape = self.spot_shape(spot)
            if shape is None:
                continue
            states = view.states(spot) - (set() if restricted else {th.LEGAL})
            th.draw_states(surface, theme, shape, states)
        if isinstance(view.hover, tuple) and view.hover[0] == "cell" and \
                view.hover[1] < len(self.centres):
            index = view.hover[1]
            tip = f"{state.board.labels[index]}: marked {state.board.numbers[index]}"
            theme.blit_text(surface, tip, th.BODY, (self.area.left + theme.px(14),
                                               self.area.bottom - theme.px(10)),
                            th.TEXT, "bottomleft")

    @property
    def last_colours(self) -> tuple:
        """A last turn's ring on a Black stone is white, on a White stone black."""
        return (STONE_FILL[1], STONE_FILL[0])

    def _draw_last_turns(self, surface, view) -> None:
        """Each player's last turn, as a Go board shows a last move: a ring inside each of its
        stones in the other stone's colour (last_colours), on the stone, clear of every word."""
        state: StrandsState = view.state
        for seat, turns in view.last.items():
            for _, move in turns[-1] if turns else ():
                if not isinstance(move, Place):
                    continue
                index = state.board.index(move.label)
                if state.stones[index] == seat + 1:
                    x, y = self.centres[index]
                    radius = self.radius * 0.72 * 0.42
                    pygame.draw.circle(surface, self.last_colours[seat], (round(x), round(y)),
                                       max(3, round(radius)), max(2, self.theme.px(3)))

    def _draw_deciding_groups(self, surface, state: StrandsState) -> None:
        """At the end: the two groups that decided it outlined, the winner's in the accent
        colour (the score panel says which is which)."""
        winner, rank = compare_groups(*state.scores())
        for seat in (0, 1):
            groups = groups_of(state, seat)
            if rank >= len(groups):
                continue
            colour = th.ACCENT if seat == winner else th.TEXT
            for index in groups[rank]:
                pygame.draw.polygon(surface, colour, self._corners(self.centres[index], CELL_SCALE),
                                    self.theme.px(3))

    def _draw_stone(self, surface, index: int, seat: int, radius: float) -> None:
        x, y = self.centres[index]
        centre = (round(x), round(y))
        r = max(2, round(radius))
        pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 2, centre[1] + 3), r)  # shadow
        pygame.draw.circle(surface, STONE_FILL[seat], centre, r)
        pygame.draw.circle(surface, STONE_RIM[seat], centre, r, max(1, r // 8))


BOARD = StrandsBoard
