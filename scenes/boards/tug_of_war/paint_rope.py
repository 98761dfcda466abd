"""Tug of War painted above the dice: the phase, each side's name row and last turn, the rope with
both teams and its ribbon, and the banner of a turn or a win."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.rules.tug_of_war import ATHLETES, TugOfWarState
from game.words.tug_of_war import SEAT_LETTER, banner_words, last_turn_words, rope_line
from scenes.boards.base import View
from scenes.boards.tug_of_war.ground import LETTER_ON, SEAT_FILL
from scenes.boards.tug_of_war.layout import BADGE_LETTER, COUNT, LAST_EDGE, NAME, PHASE, PILL
from scenes.boards.tug_of_war.plan import (
    Banner,
    Join,
    Leave,
)
from scenes.shell import theme as th

if TYPE_CHECKING:
    from scenes.boards.tug_of_war.layout import TugLayout

def draw_header(board: TugLayout, surface, state: TugOfWarState) -> None:
    """The phase in words, at the top."""
    board.theme.blit_text(surface, board.words.phase_words(state), PHASE,
                         (board.inner.centerx, board.header_y), th.TEXT, "midtop")


def draw_names(board: TugLayout, surface, state: TugOfWarState, shown: list[float]) -> None:
    """Each side's badge, name, athletes on the rope (as many as stand there now) and
    reserve; the side whose turn it is sits on a tinted pill."""
    theme = board.theme
    y = board.names_y + (theme.text_px(COUNT) + theme.px(6)) // 2
    acting = None if state.is_terminal else state.to_move
    for seat in (0, 1):
        on_rope = round(shown[seat])
        words = [(state.seat_name(seat), NAME), (str(on_rope), COUNT),
                 (rope_line(ATHLETES - on_rope), th.CAPTION)]
        _draw_name_row(board, surface, seat, words, y, seat == acting)


def draw_last_turns(board: TugLayout, surface, view: View[TugOfWarState]) -> None:
    """Under each side's name, what it did on its last turn, led by that side's own badge (its
    mark and colour: dice are rolled anew, so the words are where the last turn shows)."""
    theme = board.theme
    edge = theme.px(LAST_EDGE)
    radius = last_badge_radius(board)
    lead = 2 * radius + theme.px(8)  # the badge and its gap before the words
    room = board.inner.width // 2 - theme.px(12) - 2 * edge - lead
    for seat, turns in view.last.items():
        if not turns:
            continue
        now = turns[-1][0][0].turn == view.state.turn  # the turn under way
        words = last_turn_words(turns[-1], now=now)
        if words and theme.text(words, th.CAPTION).get_width() > room:
            words = last_turn_words(turns[-1], short=True, now=now)
        if not words or theme.text(words, th.CAPTION).get_width() > room:
            continue
        width = lead + theme.text(words, th.CAPTION).get_width()
        x = board.inner.left + edge if seat == 0 else board.inner.right - edge - width
        y = board.last_y + edge + theme.line(th.CAPTION) // 2
        _draw_badge(board, surface, seat, (x + radius, y), radius, LAST_LETTER)
        theme.blit_text(surface, words, th.CAPTION, (x + lead, y), th.DIM, "midleft")


LAST_LETTER = th.Role(th.CAPTION.size, "bold")  # the letter on a last turn's badge


def last_badge_radius(board: TugLayout) -> int:
    """The radius of the badge that leads a side's last turn: its letter's line, and a rim."""
    return board.theme.line(th.CAPTION) // 2 + board.theme.px(3)


def _draw_name_row(board: TugLayout, surface, seat: int, words, y: int, active: bool) -> None:
    theme = board.theme
    radius = max(6, (theme.text_px(COUNT) + theme.px(6)) // 2 - theme.px(2))
    gap = theme.px(8)
    quiet = th.SOFT if active else th.DIM  # on the tinted pill DIM would fade
    images = [theme.text(text, size, quiet if size == th.CAPTION else th.TEXT)
              for text, size in words]  # the name, the count and the small print
    width = 2 * radius + gap * len(images) + sum(i.get_width() for i in images)
    x = board.inner.left if seat == 0 else board.inner.right - width
    if active:
        pill = pygame.Rect(x - theme.px(6), y - radius - theme.px(3),
                           width + theme.px(12), 2 * radius + theme.px(6))
        pygame.draw.rect(surface, th.mix(th.BOARD, SEAT_FILL[seat], 0.22), pill,
                         border_radius=pill.height // 2)
    _draw_badge(board, surface, seat, (x + radius, y), radius)
    x += 2 * radius + gap
    for image in images:
        surface.blit(image, image.get_rect(midleft=(x, y)))
        x += image.get_width() + gap


def _draw_badge(board: TugLayout, surface, seat: int, centre, radius: int,
                letter=BADGE_LETTER) -> None:
    edge = th.shade(SEAT_FILL[seat], 0.4)
    if seat == 0:
        pygame.draw.circle(surface, edge, centre, radius)
        pygame.draw.circle(surface, SEAT_FILL[0], centre, radius - 2)
    else:
        square = pygame.Rect(0, 0, 2 * radius - 2, 2 * radius - 2)
        square.center = centre
        pygame.draw.rect(surface, edge, square, border_radius=3)
        pygame.draw.rect(surface, SEAT_FILL[1], square.inflate(-4, -4), border_radius=2)
    letter_colour = LETTER_ON[seat]
    board.theme.blit_text(surface, SEAT_LETTER[seat], letter, centre, letter_colour, "center")


def draw_team_line(board: TugLayout, surface, state: TugOfWarState, before: TugOfWarState,
                    progress: dict) -> list[float]:
    """The rope, its ribbon and both teams; how many athletes of each side show now."""
    shown = [0.0, 0.0]
    standing: list[tuple[int, int, float]] = []
    leaving: list[tuple[int, int, float]] = []
    for seat in (0, 1):
        now, was = state.athletes[seat], before.athletes[seat]
        for index in range(max(now, was)):
            if index >= now:
                p = progress.get(Leave(seat, index), 1.0)
                if p < 1:
                    leaving.append((seat, index, p))
                    shown[seat] += 1 - p
                continue
            p = progress.get(Join(seat, index), 1.0) if index >= was else 1.0
            if p > 0:
                standing.append((seat, index, p))
                shown[seat] += min(1.0, p)
    rope = board.rope
    if rope is not None:  # drawn by the layout
        surface.blit(rope, (board.rope_left, board.rope_y - rope.get_height() // 2))
    _draw_marker(board, surface, shown)
    for seat, index, p in standing:
        _draw_athlete(board, surface, seat, index, p)
    for seat, index, p in leaving:
        _draw_leaver(board, surface, seat, index, p)
    return shown


def _draw_athlete(board: TugLayout, surface, seat: int, index: int, p: float) -> None:
    x, y = board.athlete_pos(seat, index)
    pawn = board.pawns[seat]
    lift = (1 - p) * board.athlete_h * 1.5  # joiners drop in from above
    surface.blit(pawn, pawn.get_rect(midbottom=(round(x), round(y - lift))))


def _draw_leaver(board: TugLayout, surface, seat: int, index: int, p: float) -> None:
    x, y = board.athlete_pos(seat, index)
    outward = -1 if seat == 0 else 1
    x += outward * p * board.step * 5
    y -= math.sin(p * math.pi * 0.8) * board.athlete_h * 1.6 - p * p * board.athlete_h * 0.4
    angle = -outward * p * 120
    pawn = pygame.transform.rotozoom(board.pawns[seat], angle, 1 - 0.45 * p)
    surface.blit(pawn, pawn.get_rect(center=(round(x), round(y - board.athlete_h / 2))))


def _draw_marker(board: TugLayout, surface, shown: list[float]) -> None:
    """The ribbon on the rope leans toward the side with more athletes."""
    half = (board.rope_right - board.rope_left) / 2
    lean = max(-1.0, min(1.0, (shown[0] - shown[1]) / ATHLETES))
    x = round(board.area.centerx - lean * half * 0.25)
    size = max(5, board.theme.px(11))
    top = board.rope_y - size // 2
    flag = [(x - size // 2, top), (x + size // 2, top), (x + size // 2, top + 2 * size),
            (x, top + int(size * 1.5)), (x - size // 2, top + 2 * size)]
    pygame.draw.polygon(surface, th.TEXT, flag)
    pygame.draw.polygon(surface, th.shade(th.TEXT, 0.45), flag, max(1, size // 5))


def draw_banner(board: TugLayout, surface, state: TugOfWarState, progress: dict) -> None:
    """A pill naming whose turn begins, or who has won, growing and shrinking."""
    for key, p in progress.items():
        if not isinstance(key, Banner) or not 0 < p < 1:
            continue
        seat = key.seat
        if seat is None:
            continue
        word = banner_words(state.seat_name(seat), key.won)
        _pill(board, surface, word, seat, min(1.0, 3 * math.sin(math.pi * min(p, 1.0))))


def _pill(board: TugLayout, surface, word: str, seat: int, grow: float) -> None:
    theme = board.theme
    image = theme.text(word, PILL, th.TEXT)
    rect = image.get_rect(center=(board.area.centerx, board.zone.top + theme.px(22)))
    box = rect.inflate(theme.px(36), theme.px(14))
    box.width = max(box.height, int(box.width * grow))
    box.centerx = rect.centerx
    pygame.draw.rect(surface, th.PANEL, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, SEAT_FILL[seat], box, theme.px(3), border_radius=box.height // 2)
    if grow > 0.95:
        surface.blit(image, rect)
