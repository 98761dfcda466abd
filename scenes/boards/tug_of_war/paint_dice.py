"""Tug of War painted in the dice row: the nine dice (tumbling, lifted, paired, swapping), their
marks and notes, the twins' signs, and the guide to the next pick."""
from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import pygame

from game.rules.tug_of_war import ACT, ATHLETES, TugOfWarState
from scenes.boards.base import View
from scenes.boards.tug_of_war.layout import HINT, LIFT, flicker_face
from scenes.boards.tug_of_war.plan import (
    Pair,
    Roll,
    Swap,
    common_spot,
    team_spot,
)
from scenes.shell import theme as th
from scenes.shell.anim import ease_out_bounce

SAME = th.NUMBER * 0.92  # the size of the "=" badge on dice of equal value (a line of this type)

if TYPE_CHECKING:
    from scenes.boards.tug_of_war.layout import TugLayout

def draw_dice(board: TugLayout, surface, view: View[TugOfWarState], progress: dict) -> None:
    """The nine dice: tumbling, lifted when picked, swapping, with their marks and notes."""
    state = view.state
    lifted = set(view.selected)
    moving = _moving_dice(board, state, progress)
    pending = {s for key, p in progress.items() if isinstance(key, Pair) and p < 1
               for s in (key.common, key.team)}
    for spot, rect in board.die_rects.items():
        if spot in moving:
            continue
        value = board.die_value(state, spot)
        used = _used(board, state, spot) and spot not in pending
        roll = progress.get(Roll(spot))
        kind = 2 if spot[0] == "common" else spot[1]
        if roll is not None and roll < 1:
            _draw_rolling(board, surface, view, spot, kind, value, roll)
            continue
        target = rect.move(0, -board.theme.px(LIFT)) if spot in lifted else rect
        surface.blit(board.face(kind, value, used), target)
        _draw_die_marks(board, surface, view, spot, target, used, value)
    for spot, (kind, value, centre) in moving.items():
        image = board.face(kind, value)
        surface.blit(image, image.get_rect(center=centre))
    _draw_pair_link(board, surface, progress)
    if not progress:
        _draw_twins(board, surface, view)


def _draw_twins(board: TugLayout, surface, view: View[TugOfWarState]) -> None:
    """An "=" on each of two or three equal dice that may be picked: either will do."""
    groups: dict[tuple, list] = {}
    for spot in view.clickable:
        if isinstance(spot, tuple) and spot in board.die_rects:
            groups.setdefault((spot[:-1], board.die_value(view.state, spot)), []).append(spot)
    theme = board.theme
    for spots in groups.values():
        if len(spots) < 2:
            continue
        for spot in spots:
            rect = board.die_rects[spot]
            if spot in view.selected:
                rect = rect.move(0, -theme.px(LIFT))
            draw_same(surface, theme, (rect.right - theme.px(2), rect.top + theme.px(2)))


def draw_same(surface, theme: th.Theme, centre: tuple[int, int]) -> None:
    """The "=" badge of a die equal to another, drawn as two bars: a mark, not a word (a ring
    or a lesson's bracket may meet it)."""
    radius = theme.line(SAME) // 2 + theme.px(3)
    pygame.draw.circle(surface, th.BACKGROUND, centre, radius)
    pygame.draw.circle(surface, th.TEXT, centre, radius, max(1, theme.px(2)))
    half, gap, width = radius * 0.42, max(2, round(radius * 0.22)), max(2, theme.px(2.5))
    for dy in (-gap, gap):
        y = centre[1] + dy
        pygame.draw.line(surface, th.TEXT, (centre[0] - half, y), (centre[0] + half, y), width)


def _moving_dice(board: TugLayout, state: TugOfWarState, progress: dict) -> dict:
    """Swapped dice on their way, by spot: (kind, value shown, centre now)."""
    moving: dict[tuple, tuple[int, int, tuple[float, float]]] = {}
    for key, p in progress.items():
        if not isinstance(key, Swap) or p >= 1:
            continue
        common_slot, seat, team_slot = key.common_slot, key.seat, key.team_slot
        c_spot, t_spot = common_spot(common_slot), team_spot(seat, team_slot)
        c_rect, t_rect = board.die_rects[c_spot], board.die_rects[t_spot]
        arc = math.sin(p * math.pi) * board.die * 0.9
        t_centre = (c_rect.centerx + (t_rect.centerx - c_rect.centerx) * p,
                    c_rect.centery + (t_rect.centery - c_rect.centery) * p - arc)
        c_centre = (t_rect.centerx + (c_rect.centerx - t_rect.centerx) * p,
                    t_rect.centery + (c_rect.centery - t_rect.centery) * p + arc * 0.5)
        moving[t_spot] = (seat, board.die_value(state, t_spot), t_centre)
        moving[c_spot] = (2, board.die_value(state, c_spot), c_centre)
    return moving


def _draw_rolling(board: TugLayout, surface, view: View[TugOfWarState], spot, kind: int, value: int,
                  p: float) -> None:
    rect = board.die_rects[spot]
    seed = spot[-1] * 3 + (0 if spot[0] == "common" else 1 + spot[1])
    if p < 0.72:
        value = flicker_face(seed, int(view.t * 18))
    drop = (1 - ease_out_bounce(p)) * board.die * 0.9
    jitter = math.sin(view.t * 47 + seed) * board.die * 0.09 * (1 - p)
    angle = (1 - p) ** 2 * 500 * (1 if seed % 2 else -1)
    image = pygame.transform.rotate(board.face(kind, value), angle)
    surface.blit(image, image.get_rect(center=(rect.centerx + jitter, rect.centery - drop)))


def _draw_die_marks(board: TugLayout, surface, view: View[TugOfWarState], spot, rect: pygame.Rect,
                    used: bool,
                    value: int) -> None:
    theme = board.theme
    note, colour = "", th.DIM
    if spot in view.selected:
        note, colour = "picked", th.ACCENT
    elif spot in view.clickable:
        note, colour = _target_note(board, view, spot), th.TEXT
    elif used and value:
        note = "used"
    if spot in view.selected or spot in view.clickable:
        th.draw_states(surface, theme, rect, view.states(spot))
    if note:
        theme.blit_text(surface, note, th.CAPTION, (rect.centerx, board.die_rects[spot].bottom
                                            + th.reach(theme)), colour, "midtop")


def _target_note(board: TugLayout, view: View[TugOfWarState], spot) -> str:
    """What clicking this die now would do, shown under it once a first die is picked."""
    if not view.selected or view.state.phase != ACT:
        return ""
    state, first = view.state, view.selected[0]
    if not isinstance(first, tuple):
        return ""
    if first[0] == "common" and spot[0] == "team":
        return "remove"
    if first[0] == "team" and spot[0] == "common":
        seat = state.to_move
        rope = state.athletes[seat]
        gain = min(ATHLETES, rope + 1 + board.die_value(state, spot)
                   - board.die_value(state, first)) - rope
        return f"swap {gain:+d}"
    return ""


def _used(board: TugLayout, state: TugOfWarState, spot) -> bool:
    if state.phase != ACT or state.is_terminal:
        return False
    if spot[0] == "common":
        return bool(state.used_common >> spot[1] & 1)
    return spot[1] == state.to_move and bool(state.used_team >> spot[2] & 1)


def _draw_pair_link(board: TugLayout, surface, progress: dict) -> None:
    for key, p in progress.items():
        if not isinstance(key, Pair) or p >= 1 or p <= 0:
            continue
        for spot in (key.common, key.team):  # both dice stay picked while the link grows
            th.draw_state(surface, board.theme, board.die_rects[spot], th.PICKED)
        a, b = board.die_rects[key.common].center, board.die_rects[key.team].center
        end = (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
        lift = board.die * 0.7
        pygame.draw.line(surface, th.ACCENT, (a[0], a[1] - lift), (end[0], end[1] - lift),
                         board.theme.px(4))
        pygame.draw.circle(surface, th.ACCENT, (end[0], end[1] - lift), board.theme.px(6))


def draw_hint(board: TugLayout, surface, text: str) -> None:
    """The guide to the next pick, whole sentences in at most two lines."""
    if not text:
        return
    theme = board.theme
    y = board.inner.bottom - board.hint_h
    sentences = re.split(r"(?<=[.?]) ", text)
    while len(sentences) > 1 and len(theme.wrap(" ".join(sentences), HINT,
                                                board.inner.width)) > 2:
        sentences.pop(0 if sentences[0].endswith("?") else -1)  # whole sentences only
    for line in theme.wrap(" ".join(sentences), HINT, board.inner.width)[:2]:
        rect = theme.blit_text(surface, line, HINT, (board.inner.centerx, y), th.DIM, "midtop")
        y = rect.bottom + theme.px(3)
