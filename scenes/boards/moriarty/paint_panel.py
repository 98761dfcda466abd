"""Moriarty painted on its panel: the seat cards with the Edge badge, the colour tray and the
notes on the round."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.moriarty import (
    ACTIVE,
    BONUS,
    COLOURS,
    COLUMNS,
    DECLARE,
    DIRECTION,
    EDGE,
    PIVOT,
    SETUP,
    GameScored,
    MoriartyState,
    SlidesRevealed,
)
from game.words.moriarty import BONUS_LABEL, BONUS_SECRET, bonus_worth, card_points, card_role
from scenes.boards.base import View
from scenes.boards.moriarty.layout import (
    CARD_LINE, CARD_NAME, MORIARTY_CHOICE, TRAY_HEADING, is_spot, swatch_spot,
)
from scenes.boards.moriarty.plan import Beat
from scenes.boards.moriarty.shapes import (
    INK,
    draw_seal,
    ipoint,
)
from scenes.shell import theme as th
from scenes.shell.anim import lerp_point

if TYPE_CHECKING:
    from scenes.boards.moriarty.layout import MoriartyLayout

def draw_cards(board: MoriartyLayout, surface, view: View[MoriartyState],
               state: MoriartyState) -> None:
    """Both seat cards, South's at the bottom, and the Edge badge."""
    for seat in (state.south, state.north):
        role = state.role(seat)
        _draw_card(board, surface, view, state, seat, board.cards[role.lower()])
    _draw_edge_badge(board, surface, view, state)


def _draw_card(board: MoriartyLayout, surface, view: View[MoriartyState], state: MoriartyState,
               seat: int,
               card: pygame.Rect) -> None:
    """Role (and, on your own card, which way is toward you), name and what the seat is
    doing, its points, and its Bonus Colour once it may be shown."""
    theme = board.theme
    pad = theme.px(12)
    x = card.left + pad
    y = card.top + theme.px(8)
    role = card_role(state, seat, own=view.seat == seat)  # own: which way your slides go
    theme.blit_text(surface, role, th.CAPTION, (x, y), th.DIM)
    y += theme.line(th.CAPTION) + board.line_gap()
    name = theme.blit_text(surface, state.seat_name(seat), CARD_NAME, (x, y), th.TEXT)
    activity = board.activity(view, state, seat)
    if activity:
        text, sealed = activity
        right = card.right - pad
        rect = theme.blit_text(surface, text, CARD_LINE, (right, name.centery), th.TEXT,
                               "midright")
        if sealed:
            draw_seal(surface, (rect.left - theme.px(14), name.centery), theme.px(9))
    y = name.bottom + board.line_gap()
    colour = board.shown_bonus(view, state, seat)
    if colour is not None and state.bonus[seat] is None:  # revealed by the game's end
        state = state.replace(bonus=tuple(colour if s == seat else None for s in (0, 1)))
    theme.blit_text(surface, card_points(state, seat), CARD_LINE, (x, y), th.TEXT)
    y += theme.line(CARD_LINE) + board.line_gap()
    if colour is not None:
        label = theme.blit_text(surface, BONUS_LABEL, CARD_LINE, (x, y), th.DIM)
        r = max(5, round(theme.line(CARD_LINE) * 0.5))
        sprite = board.sprite(colour, r)
        surface.blit(sprite, sprite.get_rect(midleft=(label.right + theme.px(6),
                                                      label.centery)))
        mult = bonus_worth(state, colour)
        theme.blit_text(surface, mult, CARD_LINE, (label.right + theme.px(12) + 2 * r, y), th.TEXT)
    elif state.bonus[seat] is not None or (state.phase not in (SETUP, BONUS)):
        theme.blit_text(surface, BONUS_SECRET, CARD_LINE, (x, y), th.DIM)


def _draw_edge_badge(board: MoriartyLayout, surface, view: View[MoriartyState],
                     state: MoriartyState) -> None:
    """The Edge: a labelled badge on its holder's card, gliding when it passes."""
    if state.phase not in (PIVOT, ACTIVE, DIRECTION, DECLARE) or state.is_terminal:
        return
    if view.animating and any(isinstance(e, GameScored) for e in view.events):
        return
    target = _badge_pos(board, state, state.edge)
    pos: tuple[float, float] = target
    if view.animating and view.before is not None:
        before: MoriartyState = view.before
        p = view.progress(Beat.EDGE)
        if before.phase == EDGE:
            start = board.cards["north"].center
        else:
            start = _badge_pos(board, state, before.edge)
        pos = lerp_point(start, target, p)
    theme = board.theme
    text = theme.text("EDGE", th.CAPTION, INK)
    rect = text.get_rect(center=ipoint(pos)).inflate(theme.px(18), 0)
    pygame.draw.rect(surface, th.TEXT, rect, border_radius=rect.height // 2)
    surface.blit(text, text.get_rect(center=rect.center))


def _badge_pos(board: MoriartyLayout, state: MoriartyState, seat: int) -> tuple[int, int]:
    """The Edge badge's centre: just after its holder's name."""
    theme = board.theme
    card = board.cards[state.role(seat).lower()]
    half = (theme.text("EDGE", th.CAPTION).get_width() + theme.px(18)) // 2
    name = theme.text(state.seat_name(seat), CARD_NAME)
    return (card.left + theme.px(12) + name.get_width() + theme.px(10) + half,
            card.top + theme.px(8) + theme.line(th.CAPTION) + board.line_gap()
            + name.get_height() // 2)


def draw_tray(board: MoriartyLayout, surface, view: View[MoriartyState],
              state: MoriartyState) -> None:
    """The four colours: pick one at setup, for the Bonus, or to name in a Moriarty."""
    theme = board.theme
    tray = board.tray
    heading = _tray_heading(board, view, state)
    theme.blit_text(surface, heading, TRAY_HEADING, (tray.centerx, tray.top), th.TEXT, "midtop")
    radius = board.swatch_radius
    placing = state.phase == SETUP
    for k, centre in enumerate(board.swatch_centres):
        spot = swatch_spot(k)
        left = 2 - state.colours.count(k)
        if placing and left == 0:
            muted = board.sprites[(k, radius, True)]
            pygame.draw.circle(surface, th.BOARD, centre, radius + 1)
            surface.blit(muted, muted.get_rect(center=centre))
        if spot in view.clickable or spot in view.selected:
            th.draw_states(surface, theme, board.spot_shape(spot), view.states(spot))
        y = centre[1] + radius + board.name_gap()
        theme.blit_text(surface, COLOURS[k], th.CAPTION, (centre[0], y), th.TEXT, "midtop")
        note = board.words.swatch_note(state, k, view.seat)
        if note:
            theme.blit_text(surface, note, th.CAPTION, (centre[0], y + theme.line(th.CAPTION)),
                            th.DIM, "midtop")


def _tray_heading(board: MoriartyLayout, view: View[MoriartyState], state: MoriartyState) -> str:
    picked = next((s[1] for s in view.selected if is_spot(s, "swatch")), None)
    own = view.chooser is not None and view.seat == view.chooser
    return board.words.tray_heading(state, view.chooser, own,
                                   MORIARTY_CHOICE in view.selected, picked)


def draw_notes(board: MoriartyLayout, surface, view: View[MoriartyState],
               state: MoriartyState) -> None:
    """The round in words, what the column under the pointer is worth, and a rules hint."""
    theme = board.theme
    size = CARD_LINE
    step = theme.line(size) + theme.px(3)
    y = board.notes.top
    for line, colour in _note_lines(board, view, state):
        parts = theme.wrap(line, size, board.notes.width)
        if y + step * len(parts) > board.notes.bottom:
            continue  # a note that does not fit whole is left out (a shorter one may fit)
        for part in parts:
            theme.blit_text(surface, part, size, (board.notes.left, y), colour)
            y += step


def _note_lines(board: MoriartyLayout, view: View[MoriartyState],
                state: MoriartyState) -> list[tuple[str, tuple]]:
    """The round in words, what the column under the pointer is worth, and a rules hint."""
    revealed = next((e for e in view.events if isinstance(e, SlidesRevealed)), None) \
        if view.animating and view.before is not None else None
    own = view.seat is not None and view.seat == view.chooser
    lines = [(text, th.TEXT) for text in board.words.round_notes(
        state, view.seat, own,
        None if revealed is None else revealed.toward, view.before)]
    hover = view.hover[1] if is_spot(view.hover, "col") else None
    if hover is not None and 0 <= hover < COLUMNS and state.colours[hover] is not None:
        lines.append((board.words.column_note(state, hover), th.TEXT))
    hint = "" if view.animating else board.words.rule_reminder(state)
    if hint:
        lines.append((hint, th.DIM))
    return lines
