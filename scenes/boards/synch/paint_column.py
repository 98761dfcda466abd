"""Synch painted in the column beside the grid: the heading, each seat's role, the announced
mode (or chosen direction) and the compass of direction buttons."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.synch import DIRECTIONER_FIRST, DirectionChosen, ModeAnnounced, SynchState
from game.words.synch import fits, mode_word, moves_left, phase, result_badge
from scenes.boards.base import View
from scenes.boards.synch.layout import (
    BADGE_SIZE, COMPASS_SIZE, HEADING_SIZE, NAME_SIZE, ROLE_SIZE,
)
from scenes.boards.synch.plan import Beat
from scenes.boards.synch.shapes import unit
from scenes.boards.synch.spots import direction_spot
from scenes.shell import theme as th

if TYPE_CHECKING:
    from scenes.boards.synch.layout import SynchLayout

def draw_column(board: SynchLayout, surface, view: View[SynchState], shown) -> None:
    """The column beside the grid: its heading, the roles, the mode and the compass."""
    theme, column = board.theme, board.column
    state = view.state
    if state.is_terminal and not view.animating:
        heading = board.words.over_heading(state)
    elif shown.placing:
        heading = "Placing the markers"
    else:
        heading = moves_left(shown)
    theme.blit_text(surface, heading, HEADING_SIZE, (column.left, column.top), th.DIM)
    _draw_roles(board, surface, view, shown)
    _draw_mode(board, surface, view, shown)
    _draw_compass(board, surface, view, shown)


def _draw_roles(board: SynchLayout, surface, view: View[SynchState], shown) -> None:
    theme = board.theme
    if shown.placing:
        rows = [(0, "places first"), (1, "places second")]
    else:  # each seat keeps its card's place; the roles move between them
        first = shown.directioner if shown.variant == DIRECTIONER_FIRST else shown.decider
        rows = [(seat, ("Decider" if seat == shown.decider else "Directioner")  # (narrower than
                 # capitals: the seat's name fits beside it at 800x500)
                 + (" · 1st" if seat == first else " · 2nd")) for seat in (0, 1)]
    for rect, (seat, role) in zip(board.role_rects, rows):
        active = view.chooser == seat
        fill = th.mix(th.PANEL, th.SEAT_COLOURS[seat], 0.18) if active else th.PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=theme.px(8))
        if active:
            pygame.draw.rect(surface, th.SEAT_COLOURS[seat], rect, theme.px(2),
                             border_radius=theme.px(8))
        icon = board.icons[seat]
        surface.blit(icon, icon.get_rect(midleft=(rect.left + theme.px(10), rect.centery)))
        x = rect.left + theme.px(18) + icon.get_width()
        words = theme.blit_text(surface, role, ROLE_SIZE, (rect.right - theme.px(10), rect.centery),
                                th.TEXT if active else th.DIM, "midright")
        name = theme.text(shown.seat_name(seat), NAME_SIZE)
        if x + name.get_width() + theme.px(8) <= words.left:  # else its mark alone names it
            theme.blit_text(surface, shown.seat_name(seat), NAME_SIZE, (x, rect.centery),
                            th.shade(th.SEAT_COLOURS[seat], 1.15), "midleft")  # 5:1 on a card


def _mode_words(board: SynchLayout, view: View[SynchState], shown) -> tuple[str, str, bool | None,
                str | None]:
    """The caption, badge text, mode (True synch, False opposition) and direction shown."""
    state = view.state
    if state.is_terminal and not view.animating:
        return "Result", result_badge(state), None, None
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


def _draw_mode(board: SynchLayout, surface, view: View[SynchState], shown) -> None:
    theme, rect = board.theme, board.mode_rect
    caption, words, synch, name = _mode_words(board, view, shown)
    theme.blit_text(surface, caption, th.CAPTION, (rect.left, board.caption_y), th.DIM)
    known = synch is not None or name is not None or view.state.is_terminal
    pop = view.progress(Beat.MODE) if view.animating else 1.0
    if pop < 1:  # a just-announced mode swells in, flashing
        grow = round((1 - pop) * theme.px(14))
        rect = rect.inflate(grow, grow)
    fill = th.mix(th.PANEL, th.ACCENT, 0.6 * max(0.0, 1 - pop)) if known else th.BOARD
    pygame.draw.rect(surface, fill, rect, border_radius=theme.px(10))
    edge = th.SOFT if known and not view.state.is_terminal else th.PANEL_EDGE  # not a choice's
    pygame.draw.rect(surface, edge, rect, theme.px(2), border_radius=theme.px(10))
    x = rect.left + theme.px(12)
    if synch is not None:
        _mode_icon(board, surface, pygame.Rect(x, rect.top, rect.height, rect.height), synch)
        x += rect.height + theme.px(4)
    elif name is not None:
        box = pygame.Rect(x, rect.top, rect.height, rect.height).inflate(-theme.px(12),
                                                                        -theme.px(12))
        compass_arrow(board, surface, box, name, th.TEXT)
        x += rect.height + theme.px(4)
    colour = th.TEXT if known else th.DIM
    theme.blit_text(surface, words, BADGE_SIZE, (x, rect.centery), colour, "midleft")


def _mode_icon(board: SynchLayout, surface, box: pygame.Rect, synch: bool) -> None:
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


def _draw_compass(board: SynchLayout, surface, view: View[SynchState], shown) -> None:
    theme = board.theme
    now = phase(view.state)
    chosen = next((e.direction for e in view.events if isinstance(e, DirectionChosen)),
                  None) if view.animating else None
    if chosen is None and shown.direction is not None:
        chosen = shown.direction.name
    hot_mode = board.hot_mode(view) if now == "mode" and view.chooser is not None else None
    looks = []
    for name, rect in board.compass.items():
        spot = direction_spot(name)
        live = spot in view.clickable
        if hot_mode is not None and shown.variant != DIRECTIONER_FIRST:
            live = fits(view.state, name, hot_mode)
        picked = name == chosen
        fill = th.ACCENT if picked else (th.shade(th.PANEL, 1.25) if live else th.PANEL)
        pygame.draw.rect(surface, fill, rect, border_radius=theme.px(8))
        if spot not in view.clickable and not picked:
            pygame.draw.rect(surface, th.PANEL_EDGE, rect, 1, border_radius=theme.px(8))
        looks.append((rect, view.states(spot) | ({th.PICKED} if picked else set())))
        colour = th.PICKED_INK if picked else th.TEXT if live else th.shade(th.DIM, 0.75)
        label_h = theme.text(name, COMPASS_SIZE).get_height()
        arrow_box = pygame.Rect(rect.left, rect.top, rect.width, rect.height - label_h)
        compass_arrow(board, surface, arrow_box.inflate(-rect.width // 3, -rect.height // 5),
                            name, colour)
        theme.blit_text(surface, name, COMPASS_SIZE, (rect.centerx, rect.bottom - theme.px(3)),
                        colour if picked or live else th.DIM, "midbottom")  # (5:1 off too)
    for rect, states in looks:  # over the buttons around (a focus ring reaches past the gap)
        th.draw_states(surface, theme, rect, states)
    _draw_compass_centre(board, surface, view, shown)


def _draw_compass_centre(board: SynchLayout, surface, view: View[SynchState], shown) -> None:
    rect = board.compass_centre
    if shown.placing or view.state.is_terminal and not view.animating:
        return
    pygame.draw.circle(surface, th.BOARD, rect.center, rect.width // 2)
    icon = board.centre_icons[shown.directioner]
    surface.blit(icon, icon.get_rect(center=rect.center))


def compass_arrow(board: SynchLayout, surface, box: pygame.Rect, name: str, colour) -> None:
    """An arrow pointing a compass direction's way inside a box."""
    ux, uy = unit(name)
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
