"""Move In Synch, In Opposition board: the grid of symbols, two markers, the roles and a compass.

The grid fills the left of the board area with its coordinates along the left and bottom edges
(`d4` names a square, as the notation does). Beside it a column shows whose move it is, who
decides and who directs, the announced mode (or, in the variation, the chosen direction), and a
compass rose of eight direction buttons. The markers are a bold X (Cross) and a bold O (Ring);
a claimed square is tinted in its owner's colour and carries a small X or O.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.core import Event, GameOver, Move, State
from game.rules.synch import (
    DIRECTIONER_FIRST, DIRECTIONS, GAME, OPPOSITION, SYNCH, ClaimBlocked, Direction,
    DirectionChosen, MarkerHeld, MarkerMoved, MarkerPlaced, Mode, ModeAnnounced, PlaceMarker,
    SquareClaimed, label_square, square_label,
)
from game.words.synch import fits, mode_word, moves_left, on_grid, phase, target
from scenes.boards.base import Board, Choice, Example, View, draw_board_area, latest
from scenes.shell import theme as th
from scenes.shell.anim import (
    Timeline, ease_in_out_cubic, ease_out_back, ease_out_bounce, lerp_point, linear,
)

SYNCH_CHOICE = Choice("In synch", "synch", order=0)
OPP_CHOICE = Choice("In opposition", "opp", order=1)
MODE_CHOICES = {True: SYNCH_CHOICE, False: OPP_CHOICE}
SYMBOLS = ("X", "O")
EMPTY_CELL = (66, 75, 96)
GRID_LINE = (40, 46, 61)
LABEL_SIZE = 15  # design px of the coordinates along the edges
SUPERSAMPLE = 4  # sprites are drawn this many times larger, then smoothly scaled down

# timings of one move at speed 1, in seconds
DROP, CLAIM, ARROW, SLIDE, BLOCK, MODE_POP = 0.5, 0.35, 0.25, 0.5, 0.5, 0.45


def square_spot(square: tuple[int, int]) -> tuple[str, int, int]:
    """The spot of a grid square."""
    return ("sq", square[0], square[1])


def direction_spot(name: str) -> tuple[str, str]:
    """The spot of a compass direction."""
    return ("dir", name)


def _unit(name: str) -> tuple[float, float]:
    """A direction as a screen vector of length 1 (x right, y down)."""
    dr, dc = DIRECTIONS[name]
    length = math.hypot(dr, dc)
    return (dc / length, dr / length)


class SynchBoard(Board):
    """Click a square (or type `d4`) to place, the mode buttons to decide, the compass to direct."""

    keywords = ("synch", "sync", "opp", "opposition") + tuple(d.lower() for d in DIRECTIONS)

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
        self._layers: dict[tuple, pygame.Surface] = {}
        self._key = None

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the grid and the column to the area."""
        super().layout(area)
        self._key = None
        self._fit(self.n)

    def _fit(self, n: int) -> None:
        key = (n, tuple(self.area), self.theme.text_scale, self.theme.scale)
        if key == self._key:
            return
        self._key, self.n = key, n
        theme, area = self.theme, self.area
        pad, gap = theme.px(14), theme.px(22)
        label = theme.text(str(n), LABEL_SIZE)
        left_w = label.get_width() + theme.px(12)
        bottom_h = label.get_height() + theme.px(8)
        column_min = max(theme.px(230), theme.text_px(18) * 9)
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
        self._layers = {}

    def _layout_column(self) -> None:
        theme, column = self.theme, self.column
        y = column.top + theme.text("M", 17).get_height() + theme.px(10)
        row_h = max(theme.px(38), theme.text_px(18) + theme.px(12))
        self.role_rects = []
        for _ in range(2):
            self.role_rects.append(pygame.Rect(column.left, y, column.width, row_h))
            y += row_h + theme.px(6)
        y += theme.px(10)
        self.caption_y = y
        y += theme.text("M", 15).get_height() + theme.px(4)
        badge_h = max(theme.px(48), theme.text_px(20) + theme.px(18))
        self.mode_rect = pygame.Rect(column.left, y, column.width, badge_h)
        y += badge_h + theme.px(16)
        gap = theme.px(6)
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

    def _centre(self, square) -> tuple[float, float]:
        return (self.grid.left + (square[1] + 0.5) * self.cell,
                self.grid.top + (square[0] + 0.5) * self.cell)

    def path(self, move: Move, state: State) -> tuple:
        """A square is one click, a direction one compass button, a mode one action button."""
        if isinstance(move, PlaceMarker):
            square = label_square(move.label, state.size)  # type: ignore[attr-defined]
            return (square_spot(square),)
        if isinstance(move, Mode):
            return (MODE_CHOICES[move.synch],)
        return (direction_spot(move.name),)  # type: ignore[attr-defined]

    def spot_rect(self, spot) -> pygame.Rect | None:
        """A square's cell or a direction's compass button."""
        kind = _kind(spot)
        if kind == "sq" and len(spot) == 3:
            if on_grid(spot[1:], self.n):
                return self.cell_rect(spot[1:])
        elif kind == "dir" and spot[1] in self.compass:
            return self.compass[spot[1]]
        return None

    def spot_at(self, pos, state: State):
        """A compass button, a square next to the directioner (its direction), or a square."""
        self._fit(state.size)  # type: ignore[attr-defined]
        for name, rect in self.compass.items():
            if rect.collidepoint(pos):
                return direction_spot(name)
        if not self.grid.collidepoint(pos):
            return None
        square = ((pos[1] - self.grid.top) // self.cell, (pos[0] - self.grid.left) // self.cell)
        if not on_grid(square, self.n):
            return None
        if phase(state) == "direction":
            here = state.markers[state.directioner]  # type: ignore[attr-defined]
            for name in DIRECTIONS:
                if target(here, name) == square:
                    return direction_spot(name)
        return square_spot(square)

    def guess_move(self, path: Sequence, state: State) -> Move | None:
        """The move a click would mean in this phase (None when it means nothing now)."""
        spot = path[-1]
        now = phase(state)
        if _kind(spot) == "sq" and now == "place":
            return PlaceMarker(square_label(spot[1:], state.size))  # type: ignore[attr-defined]
        if _kind(spot) == "dir" and now == "direction":
            return Direction(spot[1])
        return None

    def examples(self) -> list[Example]:
        """Synch, opposition, and both markers meeting on one square."""
        def start(cross: str, ring: str):
            state = GAME.new_game(size=6)
            return state.apply(PlaceMarker(cross)).state.apply(PlaceMarker(ring)).state
        return [
            Example("In synch", "Cross announces synch; Ring picks NE: both markers go NE and "
                    "each draws its symbol on the new square.", start("b2", "d3"),
                    (SYNCH, Direction("NE"))),
            Example("In opposition", "Cross announces opposition; Ring picks E: Ring goes E, "
                    "Cross goes the exact opposite way, W.", start("d4", "b2"),
                    (OPPOSITION, Direction("E"))),
            Example("Meeting on one square", "Opposition, and Ring picks W: both land on c3, "
                    "so neither may draw a symbol there.", start("b3", "d3"),
                    (OPPOSITION, Direction("W"))),
        ]

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: State, events: Sequence[Event], after: State) -> Timeline:
        """Drop in, show the direction, slide both markers, then fill or cross out squares."""
        return self._timeline(events)

    def _timeline(self, events: Sequence[Event]) -> Timeline:
        timeline = Timeline()
        for event in events:
            if isinstance(event, MarkerPlaced):
                timeline.then(("drop", event.seat), DROP, ease_out_bounce)
        if any(isinstance(e, MarkerMoved) for e in events):
            timeline.then("arrow", ARROW)
            timeline.add("slide", SLIDE, ease=ease_in_out_cubic)
            for event in events:
                if isinstance(event, MarkerHeld):
                    timeline.add(("held", event.seat), SLIDE, ease=linear)
            timeline.pause(SLIDE)
        elif any(isinstance(e, DirectionChosen) for e in events):
            timeline.then("arrow", ARROW + 0.1)
        if any(isinstance(e, ModeAnnounced) for e in events) and not timeline.tracks:
            timeline.then("mode", MODE_POP, ease_out_back)
        start = timeline.cursor
        for event in events:
            if isinstance(event, SquareClaimed):
                timeline.add(("claim", event.square), CLAIM, at=start, ease=ease_out_back)
            elif isinstance(event, ClaimBlocked):
                timeline.add(("blocked", event.square), BLOCK, at=start, ease=linear)
        if any(isinstance(e, GameOver) for e in events):
            timeline.add("over", 0.2, at=timeline.duration)
        if not timeline.tracks:
            timeline.add("pause", 0.2)
        return timeline

    def sound_cues(self, events: Sequence[Event]) -> list[tuple[float, str]]:
        """A thud for a marker landing, a slide, a chime per claim, a buzz for a blocked claim."""
        timeline = self._timeline(events)
        cues = []
        for track in timeline.tracks:
            kind = track.payload[0] if isinstance(track.payload, tuple) else track.payload
            if kind == "drop":
                cues.append((track.start + track.duration * 0.35, "place"))
            elif kind == "slide":
                cues.append((track.start, "slide"))
            elif kind == "claim":
                cues.append((track.start, "claim"))
            elif kind in ("blocked", "held"):
                cues.append((track.start + (0.1 if kind == "blocked" else SLIDE / 2), "deny"))
        return sorted(set(cues))

    # ---- sprites and static layers ---------------------------------------------------------
    def _make_sprites(self) -> None:
        cell = self.cell
        big = max(6, round(cell * 0.78))
        self.markers = [_marker(seat, big) for seat in (0, 1)]
        self.inner_cross = _marker(0, max(5, round(cell * 0.42)))
        self.ghosts = []
        for seat in (0, 1):
            ghost = _marker(seat, big)
            ghost.set_alpha(110)
            self.ghosts.append(ghost)
        small = max(5, round(cell * 0.5))
        self.marks = [_mark(seat, small) for seat in (0, 1)]
        icon = max(8, round(self.role_rects[0].height * 0.62)) if self.role_rects else 16
        self.icons = [_marker(seat, icon) for seat in (0, 1)]
        centre = max(8, round(self.compass_centre.width * 0.55))
        self.centre_icons = [_marker(seat, centre) for seat in (0, 1)]

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
            x, y = self._centre((index, index))
            letter = theme.text(square_label((0, index), self.n)[0], LABEL_SIZE, th.DIM)
            layer.blit(letter, letter.get_rect(midtop=(round(x) + dx, self.grid.bottom + dy
                                                       + theme.px(8))))
            number = theme.text(str(self.n - index), LABEL_SIZE, th.DIM)
            layer.blit(number, number.get_rect(midright=(self.grid.left + dx - theme.px(9),
                                                         round(y) + dy)))
        return layer

    def _claims_layer(self, claims: tuple) -> pygame.Surface:
        layer = self._layers.get(claims)
        if layer is not None:
            return layer
        if len(self._layers) > 6:
            self._layers.clear()
        layer = pygame.Surface(self.grid.size)
        layer.fill(GRID_LINE)
        for index, owner in enumerate(claims):
            square = divmod(index, self.n)
            rect = self.cell_rect(square).move(-self.grid.left, -self.grid.top)
            self._draw_cell(layer, rect, owner - 1 if owner else None)
        self._layers[claims] = layer
        return layer

    def _draw_cell(self, surface, rect: pygame.Rect, seat: int | None, scale: float = 1.0) -> None:
        inner = rect.inflate(-2, -2) if self.cell >= 12 else rect.inflate(-1, -1)
        if seat is None:
            pygame.draw.rect(surface, EMPTY_CELL, inner)
            return
        fill = inner if scale >= 1 else inner.inflate(-inner.width * (1 - scale),
                                                      -inner.height * (1 - scale))
        pygame.draw.rect(surface, th.mix(EMPTY_CELL, th.SEAT_COLOURS[seat], 0.3), fill)
        mark = self.marks[seat]
        if scale < 1:
            side = max(1, round(mark.get_width() * scale))
            mark = pygame.transform.smoothscale(mark, (side, side))
        surface.blit(mark, mark.get_rect(center=inner.center))

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View) -> None:
        """The grid and its symbols, the markers, highlights, and the role column."""
        state = view.state
        self._fit(state.size)  # type: ignore[attr-defined]
        surface.blit(self.background, self.area.topleft)
        shown = view.before if view.animating and view.before is not None else state
        surface.blit(self._claims_layer(shown.claims), self.grid.topleft)  # type: ignore
        if view.animating:
            self._draw_claim_animations(surface, view)
        self._draw_cell_highlights(surface, view)
        if not view.animating:
            self._draw_last_move(surface, view)
        self._draw_preview(surface, view)
        self._draw_markers(surface, view)
        if view.animating:
            self._draw_blocked(surface, view)
        self._draw_column(surface, view, shown)

    def _draw_last_move(self, surface, view: View) -> None:
        """Where each marker came from on the last move: that square outlined in its colour,
        a line to where it stands now."""
        state = view.state
        made = [latest(turns, kind) for turns in view.last.values() for kind in (Direction, Mode)]
        before = next((m[0] for m in made if m is not None
                       and m[0].moves_made == state.moves_made - 1), None)  # the last move's
        if before is None:
            return
        width = max(2, self.theme.px(3))
        for seat, (src, dst) in enumerate(zip(before.markers, state.markers)):
            if src is None or dst is None or src == dst:
                continue
            colour = th.SEAT_COLOURS[seat]
            pygame.draw.rect(surface, colour, self.cell_rect(src).inflate(-2 * width, -2 * width),
                             width, border_radius=self.theme.px(4))
            pygame.draw.line(surface, colour, self._centre(src), self._centre(dst), width)

    def _draw_claim_animations(self, surface, view: View) -> None:
        for event in view.events:
            if isinstance(event, SquareClaimed):
                p = view.timeline.progress(("claim", event.square), view.t)
                if p > 0:
                    self._draw_cell(surface, self.cell_rect(event.square), event.seat,
                                    min(1.0, p))

    def _draw_blocked(self, surface, view: View) -> None:
        """Cross out a square both markers reached at once (on top of the markers)."""
        for event in view.events:
            if isinstance(event, ClaimBlocked):
                p = view.timeline.progress(("blocked", event.square), view.t)
                if p > 0:
                    self._cross_out(surface, self.cell_rect(event.square), p)

    def _cross_out(self, surface, rect: pygame.Rect, p: float) -> None:
        box = rect.inflate(-rect.width // 10, -rect.height // 10)
        width = max(3, self.cell // 7)
        first = min(1.0, p * 2.5)
        second = min(1.0, max(0.0, p * 2.5 - 1))
        ends = ((box.topleft, box.bottomright), (box.topright, box.bottomleft))
        for (a, b), q in zip(ends, (first, second)):
            if q > 0:
                pygame.draw.line(surface, th.WARNING, a, lerp_point(a, b, q), width)

    def _draw_cell_highlights(self, surface, view: View) -> None:
        theme = self.theme
        thin = 1 if self.cell < 24 else theme.px(2)
        squares = [spot for spot in view.clickable if _kind(spot) == "sq"]
        # a ring on every square of the grid is loud: soften it when nearly all are open
        colour = th.ACCENT if len(squares) < 20 else th.mix(EMPTY_CELL, th.ACCENT, 0.6)
        for spot in squares:
            pygame.draw.rect(surface, colour, self.cell_rect(spot[1:]).inflate(-2, -2), thin)
        for spot in (view.hover, view.focus):
            if _kind(spot) == "sq" and on_grid(spot[1:], self.n):
                rect = self.cell_rect(spot[1:])
                self._hover_labels(surface, spot[1:])
                if spot not in view.clickable:
                    continue
                th.draw_choice(surface, theme, rect.inflate(-2, -2), **view.looks(spot))
                if phase(view.state) == "place" and view.chooser is not None:
                    ghost = self.ghosts[view.chooser]
                    surface.blit(ghost, ghost.get_rect(center=rect.center))

    def _hover_labels(self, surface, square) -> None:
        theme = self.theme
        x, y = self._centre(square)
        name = square_label(square, self.n)
        theme.blit_text(surface, name[0], LABEL_SIZE, (round(x), self.grid.bottom + theme.px(8)),
                        th.ACCENT, "midtop")
        theme.blit_text(surface, name[1:], LABEL_SIZE,
                        (self.grid.left - theme.px(9), round(y)), th.ACCENT, "midright")

    def _hot_direction(self, view: View) -> str | None:
        for spot in (view.hover, view.focus):
            if _kind(spot) == "dir":
                return spot[1]
        return None

    def _hot_mode(self, view: View) -> bool | None:
        for spot in (view.hover, view.focus):
            for synch, choice in MODE_CHOICES.items():
                if spot == choice:
                    return synch
        return None

    def _draw_preview(self, surface, view: View) -> None:
        """Arrows to where the markers would go for the hovered direction or mode."""
        state = view.state
        if view.animating:
            self._draw_move_arrows(surface, view)
            return
        if view.chooser is None:
            return
        now = phase(state)
        name = self._hot_direction(view) if now == "direction" else None
        synch = state.mode.synch if state.mode is not None else None
        if now == "mode" and state.variant == DIRECTIONER_FIRST:
            name, synch = state.direction.name, self._hot_mode(view)
        if name is None:
            return
        self._arrow_to(surface, state, state.directioner, name, True)
        if synch is not None:
            self._arrow_to(surface, state, state.decider, name, synch)

    def _arrow_to(self, surface, state, seat: int, name: str, synch: bool) -> None:
        src = state.markers[seat]
        dst = target(src, name, synch)
        colour = th.SEAT_COLOURS[seat]
        if on_grid(dst, state.size):
            ghost = self.ghosts[seat]
            surface.blit(ghost, ghost.get_rect(center=self.cell_rect(dst).center))
            self._arrow(surface, self._centre(src), self._centre(dst), colour, 1.0)
        else:
            self._arrow(surface, self._centre(src), self._centre(dst), th.WARNING, 0.5)

    def _draw_move_arrows(self, surface, view: View) -> None:
        p = view.timeline.progress("arrow", view.t, default=0.0)
        if p <= 0 or view.timeline.progress("slide", view.t, default=0.0) >= 1:
            return
        for event in view.events:
            if isinstance(event, MarkerMoved):
                colour = th.SEAT_COLOURS[event.seat]
                self._arrow(surface, self._centre(event.src), self._centre(event.dst), colour, p)
        chosen = next((e for e in view.events if isinstance(e, DirectionChosen)), None)
        if chosen is not None and not any(isinstance(e, MarkerMoved) for e in view.events):
            src = view.state.markers[chosen.seat]
            self._arrow(surface, self._centre(src), self._centre(target(src, chosen.direction)),
                        th.SEAT_COLOURS[chosen.seat], p)

    def _arrow(self, surface, a, b, colour, p: float) -> None:
        """An arrow from the centre of one square a fraction p of the way to another's."""
        end = lerp_point(a, b, p * 0.82)
        dx, dy = end[0] - a[0], end[1] - a[1]
        length = math.hypot(dx, dy)
        if length < 2:
            return
        ux, uy = dx / length, dy / length
        width = max(2, round(self.cell * 0.1))
        head = max(5, self.cell * 0.28)
        base = (end[0] - ux * head, end[1] - uy * head)
        pygame.draw.line(surface, colour, a, base, width)
        pygame.draw.polygon(surface, colour, [
            end, (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6),
            (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)])

    def _marker_positions(self, view: View) -> list[tuple[float, float] | None]:
        """Where each marker is drawn now (sliding, dropping or bumping while animating)."""
        state = view.state
        spots: list[tuple[float, float] | None] = [
            self._centre(m) if m is not None else None for m in state.markers]
        if not view.animating:
            return spots
        timeline, t = view.timeline, view.t
        slide = timeline.progress("slide", t, default=1.0)
        held_way = next((e.direction for e in view.events if isinstance(e, DirectionChosen)), "N")
        for event in view.events:
            if isinstance(event, MarkerPlaced):
                p = timeline.progress(("drop", event.seat), t)
                x, y = self._centre(event.square)
                spots[event.seat] = None if p <= 0 else (x, y - (1 - p) * self.cell * 1.6)
            elif isinstance(event, MarkerMoved):
                spots[event.seat] = lerp_point(self._centre(event.src), self._centre(event.dst),
                                               slide)
            elif isinstance(event, MarkerHeld):
                p = timeline.progress(("held", event.seat), t)
                ux, uy = _unit(held_way)
                bump = math.sin(math.pi * p) * self.cell * 0.22
                x, y = self._centre(event.at)
                spots[event.seat] = (x + ux * bump, y + uy * bump)
        return spots

    def _draw_markers(self, surface, view: View) -> None:
        cross, ring = self._marker_positions(view)
        together = (cross is not None and ring is not None
                    and math.hypot(cross[0] - ring[0], cross[1] - ring[1]) < self.cell * 0.45)
        if ring is not None:
            self._blit_centred(surface, self.markers[1], ring)
        if cross is not None:
            sprite = self.inner_cross if together else self.markers[0]
            self._blit_centred(surface, sprite, cross)

    def _blit_centred(self, surface, sprite: pygame.Surface, pos) -> None:
        surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))

    # ---- the column -----------------------------------------------------------------------
    def _draw_column(self, surface, view: View, shown) -> None:
        theme, column = self.theme, self.column
        state = view.state
        if state.is_terminal and not view.animating:
            heading = f"Game over after {self.words.units(self.words.number(state))}"
        elif shown.placing:
            heading = "Placing the markers"
        else:
            heading = moves_left(shown)
        theme.blit_text(surface, heading, 17, (column.left, column.top), th.DIM)
        self._draw_roles(surface, view, shown)
        self._draw_mode(surface, view, shown)
        self._draw_compass(surface, view, shown)

    def _draw_roles(self, surface, view: View, shown) -> None:
        theme = self.theme
        if shown.placing:
            rows = [(0, "places first"), (1, "places second")]
        else:
            rows = [(shown.decider, "DECIDER"), (shown.directioner, "DIRECTIONER")]
            if shown.variant == DIRECTIONER_FIRST:
                rows.reverse()
        for rect, (seat, role) in zip(self.role_rects, rows):
            active = view.chooser == seat
            fill = th.mix(th.PANEL, th.SEAT_COLOURS[seat], 0.18) if active else th.PANEL
            pygame.draw.rect(surface, fill, rect, border_radius=theme.px(8))
            if active:
                pygame.draw.rect(surface, th.SEAT_COLOURS[seat], rect, theme.px(2),
                                 border_radius=theme.px(8))
            icon = self.icons[seat]
            surface.blit(icon, icon.get_rect(midleft=(rect.left + theme.px(10), rect.centery)))
            x = rect.left + theme.px(18) + icon.get_width()
            theme.blit_text(surface, shown.seat_name(seat), 18, (x, rect.centery),
                            th.SEAT_COLOURS[seat], "midleft")
            theme.blit_text(surface, role, 14, (rect.right - theme.px(10), rect.centery),
                            th.TEXT if active else th.DIM, "midright")

    def _mode_words(self, view: View, shown) -> tuple[str, str, bool | None, str | None]:
        """The caption, badge text, mode (True synch, False opposition) and direction shown."""
        state = view.state
        if state.is_terminal and not view.animating:
            outcome = state.outcome
            a, b = state.scores()
            if outcome.winner is None:
                return "Result", f"A draw, {a} to {b}", None, None
            name = state.seat_name(outcome.winner)
            return "Result", f"{name} wins, {max(a, b)} to {min(a, b)}", None, None
        if shown.placing:
            return "Then, every move", "decide, direct, move", None, None
        announced = next((e for e in view.events if isinstance(e, ModeAnnounced)), None)
        synch = shown.mode.synch if shown.mode is not None else None
        if view.animating and announced is not None:
            synch = announced.synch
        if shown.variant == DIRECTIONER_FIRST:
            chosen = next((e.direction for e in view.events if isinstance(e, DirectionChosen)),
                          None) if view.animating else None
            name = chosen or (shown.direction.name if shown.direction is not None else None)
            leader = shown.seat_name(shown.directioner)
            if name is None:
                return "Direction", f"{leader} picks it", None, None
            if synch is not None:
                return f"{leader} goes {name}", f"In {mode_word(synch)}", synch, name
            return "Direction", f"{leader} goes {name}", None, name
        decider = shown.seat_name(shown.decider)
        if synch is None:
            return "Mode", f"{decider} announces it", None, None
        return f"{decider} announced", f"In {mode_word(synch)}", synch, None

    def _draw_mode(self, surface, view: View, shown) -> None:
        theme, rect = self.theme, self.mode_rect
        caption, words, synch, name = self._mode_words(view, shown)
        theme.blit_text(surface, caption, 15, (rect.left, self.caption_y), th.DIM)
        known = synch is not None or name is not None or view.state.is_terminal
        pop = view.timeline.progress("mode", view.t) if view.animating else 1.0
        if pop < 1:  # a just-announced mode swells in, flashing
            grow = round((1 - pop) * theme.px(14))
            rect = rect.inflate(grow, grow)
        fill = th.mix(th.PANEL, th.ACCENT, 0.6 * max(0.0, 1 - pop)) if known else th.BOARD
        pygame.draw.rect(surface, fill, rect, border_radius=theme.px(10))
        edge = th.ACCENT if known and not view.state.is_terminal else th.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, theme.px(2), border_radius=theme.px(10))
        x = rect.left + theme.px(12)
        if synch is not None:
            self._mode_icon(surface, pygame.Rect(x, rect.top, rect.height, rect.height), synch)
            x += rect.height + theme.px(4)
        elif name is not None:
            box = pygame.Rect(x, rect.top, rect.height, rect.height).inflate(-theme.px(12),
                                                                            -theme.px(12))
            self._compass_arrow(surface, box, name, th.TEXT)
            x += rect.height + theme.px(4)
        colour = th.TEXT if known else th.DIM
        theme.blit_text(surface, words, 20, (x, rect.centery), colour, "midleft")

    def _mode_icon(self, surface, box: pygame.Rect, synch: bool) -> None:
        """Two arrows: side by side the same way (synch), or opposite ways (opposition)."""
        inner = box.inflate(-box.width // 3, -box.height // 3)
        width = max(2, box.height // 14)
        head = max(4, box.height // 7)
        for row, forward in ((0.3, True), (0.7, synch)):
            y = inner.top + inner.height * row
            a, b = (inner.left, y), (inner.right, y)
            if not forward:
                a, b = b, a
            pygame.draw.line(surface, th.ACCENT, a, (b[0] - head * (1 if forward else -1), y),
                             width)
            tip = b[0]
            back = tip - head * 1.4 * (1 if forward else -1)
            pygame.draw.polygon(surface, th.ACCENT, [(tip, y), (back, y - head), (back, y + head)])

    def _draw_compass(self, surface, view: View, shown) -> None:
        theme = self.theme
        now = phase(view.state)
        chosen = next((e.direction for e in view.events if isinstance(e, DirectionChosen)),
                      None) if view.animating else None
        if chosen is None and shown.direction is not None:
            chosen = shown.direction.name
        hot_mode = self._hot_mode(view) if now == "mode" and view.chooser is not None else None
        hot = self._hot_direction(view)
        for name, rect in self.compass.items():
            spot = direction_spot(name)
            live = spot in view.clickable
            if hot_mode is not None and shown.variant != DIRECTIONER_FIRST:
                live = fits(view.state, name, hot_mode)
            picked = name == chosen
            strong = name == hot and spot in view.clickable
            fill = th.shade(th.PANEL, 1.25) if live or picked else th.PANEL
            if picked or strong:
                fill = th.mix(fill, th.ACCENT, 0.45 if picked else 0.2)
            pygame.draw.rect(surface, fill, rect, border_radius=theme.px(8))
            if spot in view.clickable:
                th.draw_choice(surface, theme, rect.inflate(-2 * theme.px(4), -2 * theme.px(4)),
                               **view.looks(spot))
            else:
                pygame.draw.rect(surface, th.PANEL_EDGE, rect, 1, border_radius=theme.px(8))
            colour = th.TEXT if live or picked else th.shade(th.DIM, 0.75)
            label_h = theme.text(name, 13).get_height()
            arrow_box = pygame.Rect(rect.left, rect.top, rect.width, rect.height - label_h)
            self._compass_arrow(surface, arrow_box.inflate(-rect.width // 3, -rect.height // 5),
                                name, colour)
            theme.blit_text(surface, name, 13, (rect.centerx, rect.bottom - theme.px(3)), colour,
                            "midbottom")
        self._draw_compass_centre(surface, view, shown)

    def _draw_compass_centre(self, surface, view: View, shown) -> None:
        rect = self.compass_centre
        if shown.placing or view.state.is_terminal and not view.animating:
            return
        pygame.draw.circle(surface, th.BOARD, rect.center, rect.width // 2)
        icon = self.centre_icons[shown.directioner]
        surface.blit(icon, icon.get_rect(center=rect.center))

    def _compass_arrow(self, surface, box: pygame.Rect, name: str, colour) -> None:
        ux, uy = _unit(name)
        r = min(box.width, box.height) / 2
        cx, cy = box.center
        tail = (cx - ux * r, cy - uy * r)
        tip = (cx + ux * r, cy + uy * r)
        head = r * 0.7
        base = (tip[0] - ux * head, tip[1] - uy * head)
        pygame.draw.line(surface, colour, tail, base, max(2, round(r / 4)))
        pygame.draw.polygon(surface, colour, [
            tip, (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7),
            (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)])


def _kind(spot) -> str | None:
    """'sq' or 'dir' for the board's own spots, None for anything else."""
    return spot[0] if isinstance(spot, tuple) and spot and isinstance(spot[0], str) else None


def _marker(seat: int, size: int) -> pygame.Surface:
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
                _bar(canvas, (c - reach, c - sign * reach), (c + reach, c + sign * reach),
                     width + 2 * extra, shade)
    else:
        outer, thick, rim = big * 0.44, big * 0.15, big * 0.04
        pygame.draw.circle(canvas, outline, (c, c), outer)
        pygame.draw.circle(canvas, colour, (c, c), outer - rim)
        pygame.draw.circle(canvas, outline, (c, c), outer - rim - thick)  # a dark hole hides
        # whatever symbol lies beneath, so the marker never reads as a claimed square
    return pygame.transform.smoothscale(canvas, (size, size))


def _mark(seat: int, size: int) -> pygame.Surface:
    """A claimed square's small, thin X or O in a light shade of the owner's colour."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = th.shade(th.SEAT_COLOURS[seat], 1.35)
    c = big / 2
    if seat == 0:
        reach = big * 0.34
        for sign in (1, -1):
            _bar(canvas, (c - reach, c - sign * reach), (c + reach, c + sign * reach),
                 big * 0.11, colour)
    else:
        pygame.draw.circle(canvas, colour, (c, c), big * 0.38)
        pygame.draw.circle(canvas, (0, 0, 0, 0), (c, c), big * 0.38 - big * 0.11)
    return pygame.transform.smoothscale(canvas, (size, size))


def _bar(canvas: pygame.Surface, a, b, width: float, colour) -> None:
    """A thick line with rounded ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(canvas, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                         (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    for end in (a, b):
        pygame.draw.circle(canvas, colour, end, width / 2)


BOARD = SynchBoard
