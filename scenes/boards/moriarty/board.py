"""Moriarty board: eight tokens on an 8x8 board with imaginary rows 0 and 9, the Pivot, the
Active tokens, the Edge, and each seat's secret Bonus Colour (shown only to its owner)."""
from __future__ import annotations

from typing import Sequence

import pygame

from game.core import Event, Move
from game.rules.moriarty import (
    ACTIVE,
    BONUS,
    COLUMNS,
    OVER,
    PIVOT,
    SETUP,
    Bonus,
    Declare,
    EndGame,
    GameScored,
    GiveEdge,
    MoriartyState,
    Pass,
    PickPivot,
    Place,
    Slide,
    Take,
    TokenSlid,
)
from scenes.boards.base import Choice, View
from scenes.boards.moriarty import ground, paint_board, paint_panel
from scenes.boards.moriarty.layout import (
    AWAY_CHOICE,
    END_CHOICE,
    MORIARTY_CHOICE,
    PASS_CHOICE,
    TOWARD_CHOICE,
    MoriartyLayout,
    col_spot,
    is_spot,
    swatch_spot,
)
from scenes.boards.moriarty.plan import Sliding, plan
from scenes.shell.anim import Timeline, lerp


class MoriartyBoard(MoriartyLayout):
    """The board on the left (South at the bottom), the seats and the colour tray on the right."""

    keywords = ("bonus", "edge", "south", "north", "pivot", "take", "toward", "away", "end",
                "moriarty", "pass")

    def layout(self, area: pygame.Rect) -> None:
        """The geometry, then the sprites and the fixed layer drawn for it."""
        super().layout(area)
        ground.make_sprites(self)
        self.background = ground.render_background(self)

    # ---- moves and spots ----------------------------------------------------------------------
    def path(self, move: Move, state: MoriartyState) -> tuple:
        """Colour then column at setup; a colour for the Bonus; a column for Pivot or take."""
        s: MoriartyState = state
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

    def guess_move(self, path: Sequence, state: MoriartyState) -> Move | None:
        """What a click would mean in this phase (so the engine can say why it is not legal)."""
        s: MoriartyState = state
        spot = path[-1]
        phase = s.phase
        if is_spot(spot, "col"):
            col = spot[1]
            if phase == SETUP and len(path) > 1 and is_spot(path[-2], "swatch"):
                return Place(path[-2][1], col)
            if phase == SETUP and s.colours[col] is not None:
                return Place(s.colours[col], col)
            if phase == PIVOT and MORIARTY_CHOICE not in path:
                return PickPivot(col)
            if phase == ACTIVE:
                return Take(col)
            return None
        if is_spot(spot, "swatch"):
            colour = spot[1]
            if MORIARTY_CHOICE in path:
                return Declare(colour)
            if phase == BONUS:
                return Bonus(colour)
            if phase == SETUP and len(path) == 1 and s.colours.count(colour) >= 2:
                free = [c for c in range(COLUMNS) if s.colours[c] is None]
                return Place(colour, free[0]) if free else None
        return None

    def settled(self, before: MoriartyState, events: Sequence[Event],
                after: MoriartyState) -> MoriartyState:
        """A game of the match scored: its last board (after any slides) with both Bonus
        Colours, now public, not the fresh game that follows."""
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        if scored is None:
            return after
        rows = list(before.rows)
        for event in events:
            if isinstance(event, TokenSlid):
                rows[event.column] = event.dst
        # the totals and games so far as the summary card tells them (not the game before)
        return before.replace(rows=tuple(rows), bonus=scored.bonus, pending=(None, None),
                              totals=scored.totals, history=before.history + (scored,),
                              phase=OVER)

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: MoriartyState, events: Sequence[Event],
                after: MoriartyState) -> Timeline:
        """Tokens drop in, markers appear, slides run (the Pivot after the actives), verdicts."""
        return plan(events)

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View[MoriartyState]) -> None:
        """Board, tokens and markers, seat cards, colour tray, notes and any verdict."""
        surface.blit(self.ground(), self.area.topleft)
        state, rows = self._shown(view)
        self.shown_rows = rows
        paint_board.draw_markers(self, surface, view, state)
        if not view.animating:
            paint_board.draw_last_trails(self, surface, view, state)
        paint_board.draw_tokens(self, surface, view, state, rows)
        if not view.animating:
            paint_board.draw_last_moves(self, surface, view, state)
        paint_board.draw_highlights(self, surface, view, state)
        paint_panel.draw_cards(self, surface, view, state)
        paint_panel.draw_tray(self, surface, view, state)
        paint_panel.draw_notes(self, surface, view, state)
        if view.animating:
            paint_board.draw_overlays(self, surface, view)

    def _shown(self, view: View[MoriartyState]) -> tuple[MoriartyState, list[float]]:
        """The state whose board is drawn, and each token's (possibly sliding) row."""
        state: MoriartyState = view.state
        if not view.animating or view.before is None:
            return state, [float(r) for r in state.rows]
        keep_before = any(isinstance(e, (TokenSlid, GameScored)) for e in view.events)
        shown: MoriartyState = view.before if keep_before else state
        rows = [float(r) for r in shown.rows]
        for event in view.events:
            if isinstance(event, TokenSlid):
                p = view.progress(Sliding(event.column))
                rows[event.column] = lerp(event.src, event.dst, p)
        return shown, rows


# ---- helpers ------------------------------------------------------------------------------------
def _edge_choice(state: MoriartyState, to_south: bool) -> Choice:
    seat = state.south if to_south else state.north
    role = "South" if to_south else "North"
    return Choice(f"Edge: {role} ({state.seat_name(seat)})", f"edge {role.lower()}",
                  0 if to_south else 1)


BOARD = MoriartyBoard
