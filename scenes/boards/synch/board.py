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

from game.core import Event, Move
from game.rules.synch import (
    DIRECTIONER_FIRST,
    DIRECTIONS,
    ClaimBlocked,
    Direction,
    DirectionChosen,
    MarkerHeld,
    MarkerMoved,
    MarkerPlaced,
    Mode,
    PlaceMarker,
    SquareClaimed,
    SynchState,
    label_square,
    square_label,
)
from game.timings import SYNCH as SYNCH_TIMES
from game.words.synch import on_grid, phase, target
from scenes.boards.base import View, latest
from scenes.boards.synch import paint_column
from scenes.boards.synch.layout import EMPTY_CELL, GRID_LINE, LABEL_SIZE, SynchLayout
from scenes.boards.synch.plan import Beat, Blocked, Claim, Drop, Held, plan
from scenes.boards.synch.shapes import unit
from scenes.boards.synch.spots import (
    MODE_CHOICES,
    direction_spot,
    spot_kind,
    spot_square,
    square_spot,
)
from scenes.shell import theme as th
from scenes.shell.anim import (
    Timeline,
    lerp_point,
)

SYMBOLS = ("X", "O")
Cell = tuple[int, int]  # a square of the grid: (row, column)



BRISK = SYNCH_TIMES.brisk  # the pace of a move that changes nothing, late in a game


class SynchBoard(SynchLayout):
    """Click a square (or type `d4`) to place, the mode buttons to decide, the compass to direct."""

    keywords = ("synch", "sync", "opp", "opposition") + tuple(d.lower() for d in DIRECTIONS)

    def path(self, move: Move, state: SynchState) -> tuple:
        """A square is one click, a direction one compass button, a mode one action button."""
        if isinstance(move, PlaceMarker):
            square = label_square(move.label, state.size)
            if square is None:
                raise ValueError(f"{move} is off the {state.size}x{state.size} grid")
            return (square_spot(square),)
        if isinstance(move, Mode):
            return (MODE_CHOICES[move.synch],)
        return (direction_spot(move.name),)  # type: ignore[attr-defined]

    def spot_rect(self, spot) -> pygame.Rect | None:
        """A square's cell or a direction's compass button."""
        kind = spot_kind(spot)
        if kind == "sq" and len(spot) == 3:
            if on_grid(spot[1:], self.n):
                return self.cell_rect(spot[1:])
        elif kind == "dir" and spot[1] in self.compass:
            return self.compass[spot[1]]
        return None

    def spot_shape(self, spot) -> pygame.Rect | None:
        """A square's cell inside its grid lines, or a direction's compass button."""
        rect = self.spot_rect(spot)
        return rect.inflate(-2, -2) if rect is not None and spot_kind(spot) == "sq" else rect

    def spot_at(self, pos, state: SynchState):
        """A compass button, a square next to the directioner (its direction), or a square."""
        self.fit(state.size)
        for name, rect in self.compass.items():
            if rect.collidepoint(pos):
                return direction_spot(name)
        if not self.grid.collidepoint(pos):
            return None
        square = ((pos[1] - self.grid.top) // self.cell, (pos[0] - self.grid.left) // self.cell)
        if not on_grid(square, self.n):
            return None
        if phase(state) == "direction":
            here = state.markers[state.directioner]
            for name in DIRECTIONS:
                if target(here, name) == square:
                    return direction_spot(name)
        return square_spot(square)

    def guess_move(self, path: Sequence, state: SynchState) -> Move | None:
        """The move a click would mean in this phase (None when it means nothing now)."""
        spot = path[-1]
        now = phase(state)
        if spot_kind(spot) == "sq" and now == "place":
            return PlaceMarker(square_label(spot[1:], state.size))
        if spot_kind(spot) == "dir" and now == "direction":
            return Direction(spot[1])
        return None

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: SynchState, events: Sequence[Event], after: SynchState) -> Timeline:
        """Drop in, show the direction, slide both markers, then fill or cross out squares;
        brisk (under half the time) in a game's last stretch, when a move
        claims nothing and few squares are left to fill, so the end does not drag."""
        empty = after.claims.count(0)
        last_stretch = empty <= after.size
        claims = any(isinstance(e, SquareClaimed) for e in events)
        pace = BRISK if last_stretch and not claims and not after.placing else 1.0
        return plan(events, pace)

    # ---- the claims' layer ---------------------------------------------------------------
    def _claims_layer(self, claims: tuple) -> pygame.Surface:
        layer = self.claim_layers.get(claims)
        if layer is not None:
            return layer
        if len(self.claim_layers) > 6:
            self.claim_layers.clear()
        layer = pygame.Surface(self.grid.size)
        layer.fill(GRID_LINE)
        for index, owner in enumerate(claims):
            square = divmod(index, self.n)
            rect = self.cell_rect(square).move(-self.grid.left, -self.grid.top)
            self._draw_cell(layer, rect, owner - 1 if owner else None)
        self.claim_layers[claims] = layer
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
    def draw(self, surface: pygame.Surface, view: View[SynchState]) -> None:
        """The grid and its symbols, the markers, highlights, and the role column."""
        state = view.state
        self.fit(state.size)
        surface.blit(self.ground(), self.area.topleft)
        shown = view.before if view.animating and view.before is not None else state
        surface.blit(self._claims_layer(shown.claims), self.grid.topleft)
        if view.animating:
            self._draw_claim_animations(surface, view)
        self._draw_cell_highlights(surface, view)
        if not view.animating:
            self._draw_last_move(surface, view)
        self._draw_preview(surface, view)
        self._draw_markers(surface, view)
        if view.animating:
            self._draw_blocked(surface, view)
        else:
            self._draw_last_badges(surface, view)
        paint_column.draw_column(self, surface, view, shown)

    def last_steps(self, view: View[SynchState]) -> list[tuple[int, Cell, Cell]]:
        """Each seat's marker on the last move: (seat, from, to); before any move, the square
        each seat placed on (from and to the same)."""
        state: SynchState = view.state
        made = [latest(turns, kind) for turns in view.last.values() for kind in (Direction, Mode)]
        seen = [m[0] for m in made if m is not None]  # the public views they were made in
        before = next((s for s in seen if isinstance(s, SynchState)
                       and s.moves_made == state.moves_made - 1), None)  # the last move's
        if before is None:
            steps = []
            for seat, turns in view.last.items():
                placed = latest(turns, PlaceMarker)
                if placed is not None and state.moves_made == 0:  # the squares just placed on
                    square = label_square(placed[1].label, state.size)
                    if square is not None:
                        steps.append((seat, square, square))
            return steps
        return [(seat, src, dst) for seat, (src, dst) in enumerate(zip(before.markers,
                                                                        state.markers))
                if seat in view.last and src is not None and dst is not None and src != dst]

    def _draw_last_move(self, surface, view: View[SynchState]) -> None:
        """Under the markers, each seat's last step as a trail in its colour, from where its
        marker stood to where it stands now."""
        for seat, src, dst in self.last_steps(view):
            if src != dst:
                pygame.draw.line(surface, self.seat_colours[seat], self.centre(src),
                                 self.centre(dst), max(2, self.theme.px(3)))

    def _draw_last_badges(self, surface, view: View[SynchState]) -> None:
        """Over the markers, each seat's mark (th.draw_seat_badge) in a bottom corner of the
        square its marker left (Cross left, Ring right)."""
        theme = self.theme
        for seat, src, _ in self.last_steps(view):
            rect = self.cell_rect(src)
            radius = max(5.0, min(rect.width * 0.18, theme.px(9)))  # roomy squares: a larger badge
            inset = radius + max(1, theme.px(1.5)) + theme.px(2)
            x = rect.left + inset if seat == 0 else rect.right - inset
            th.draw_seat_badge(surface, theme, (x, rect.bottom - inset), self.seat_colours[seat],
                               th.SEAT_MARKS[seat], radius)

    def _draw_claim_animations(self, surface, view: View[SynchState]) -> None:
        for event in view.events:
            if isinstance(event, SquareClaimed):
                p = view.progress(Claim(event.square))
                if p > 0:
                    self._draw_cell(surface, self.cell_rect(event.square), event.seat,
                                    min(1.0, p))

    def _draw_blocked(self, surface, view: View[SynchState]) -> None:
        """Cross out a square both markers reached at once (on top of the markers)."""
        for event in view.events:
            if isinstance(event, ClaimBlocked):
                p = view.progress(Blocked(event.square))
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

    def _draw_cell_highlights(self, surface, view: View[SynchState]) -> None:
        """The squares' looks (th.STATES): legal ones ringed only when few are open (a ring
        on every square is loud), and a ghost of the marker on the one under the pointer."""
        squares = [spot for spot in view.clickable if spot_kind(spot) == "sq"]
        for spot in set(squares) | {s for s in view.selected if spot_kind(s) == "sq"}:
            states = view.states(spot) - (set() if len(squares) < 20 else {th.LEGAL})
            th.draw_states(surface, self.theme, self.spot_shape(spot), states)
        for spot in (view.hover, view.focus):
            square = spot_square(spot)
            if square is not None and on_grid(square, self.n):
                self._hover_labels(surface, square)
                if spot in view.clickable and phase(view.state) == "place" \
                        and view.chooser is not None:
                    ghost = self.ghosts[view.chooser]
                    surface.blit(ghost, ghost.get_rect(center=self.cell_rect(square).center))

    def _hover_labels(self, surface, square) -> None:
        theme = self.theme
        x, y = self.centre(square)
        name = square_label(square, self.n)
        theme.blit_text(surface, name[0], LABEL_SIZE, (round(x), self.grid.bottom + self.label_gap),
                        th.ACCENT, "midtop")
        theme.blit_text(surface, name[1:], LABEL_SIZE,
                        (self.grid.left - self.label_gap, round(y)), th.ACCENT, "midright")

    def _draw_preview(self, surface, view: View[SynchState]) -> None:
        """Arrows to where the markers would go for the hovered direction or mode."""
        state = view.state
        if view.animating:
            self._draw_move_arrows(surface, view)
            return
        if view.chooser is None:
            return
        now = phase(state)
        name = self.hot_direction(view) if now == "direction" else None
        synch = state.mode.synch if state.mode is not None else None
        if now == "mode" and state.variant == DIRECTIONER_FIRST and state.direction is not None:
            name, synch = state.direction.name, self.hot_mode(view)
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
            self._arrow(surface, self.centre(src), self.centre(dst), colour, 1.0)
        else:
            self._arrow(surface, self.centre(src), self.centre(dst), th.WARNING, 0.5)

    def _draw_move_arrows(self, surface, view: View[SynchState]) -> None:
        p = view.progress(Beat.ARROW, 0.0)
        if p <= 0 or view.progress(Beat.SLIDE, 0.0) >= 1:
            return
        for event in view.events:
            if isinstance(event, MarkerMoved):
                colour = th.SEAT_COLOURS[event.seat]
                self._arrow(surface, self.centre(event.src), self.centre(event.dst), colour, p)
        chosen = next((e for e in view.events if isinstance(e, DirectionChosen)), None)
        if chosen is not None and not any(isinstance(e, MarkerMoved) for e in view.events):
            src = view.state.markers[chosen.seat]
            self._arrow(surface, self.centre(src), self.centre(target(src, chosen.direction)),
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

    def _marker_positions(self, view: View[SynchState]) -> list[tuple[float, float] | None]:
        """Where each marker is drawn now (sliding, dropping or bumping while animating)."""
        state = view.state
        spots: list[tuple[float, float] | None] = [
            self.centre(m) if m is not None else None for m in state.markers]
        if not view.animating:
            return spots
        slide = view.progress(Beat.SLIDE, 1.0)
        held_way = next((e.direction for e in view.events if isinstance(e, DirectionChosen)), "N")
        for event in view.events:
            if isinstance(event, MarkerPlaced):
                p = view.progress(Drop(event.seat))
                x, y = self.centre(event.square)
                spots[event.seat] = None if p <= 0 else (x, y - (1 - p) * self.cell * 1.6)
            elif isinstance(event, MarkerMoved):
                spots[event.seat] = lerp_point(self.centre(event.src), self.centre(event.dst),
                                               slide)
            elif isinstance(event, MarkerHeld):
                p = view.progress(Held(event.seat))
                ux, uy = unit(held_way)
                bump = math.sin(math.pi * p) * self.cell * 0.22
                x, y = self.centre(event.at)
                spots[event.seat] = (x + ux * bump, y + uy * bump)
        return spots

    def _draw_markers(self, surface, view: View[SynchState]) -> None:
        cross, ring = self._marker_positions(view)
        together = (cross is not None and ring is not None
                    and math.hypot(cross[0] - ring[0], cross[1] - ring[1]) < self.cell * 0.45)
        if ring is not None:
            self._blit_centred(surface, self.markers[1], ring)
        if cross is not None:
            sprite = self.inner_cross if together and self.inner_cross is not None \
                else self.markers[0]
            self._blit_centred(surface, sprite, cross)

    def _blit_centred(self, surface, sprite: pygame.Surface, pos) -> None:
        surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))

    # ---- the column -----------------------------------------------------------------------

BOARD = SynchBoard
