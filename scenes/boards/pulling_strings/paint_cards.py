"""Pulling Strings painted on the seat cards: each seat's mark, name, pieces at home and what it
is doing now (a sealed choice shows an envelope, never the letter)."""
from __future__ import annotations

import pygame

from game.rules.pulling_strings import SEAT_NAMES, PullingStringsState
from scenes.boards.base import View
from scenes.boards.pulling_strings.ground import draw_mark
from scenes.boards.pulling_strings.plan import Beat
from scenes.shell import theme as th

# A seat card's words in the theme's roles: upright (a column) or on one row (a wide card)
NAME = th.HEADING  # the seat's name on an upright card
ROW_NAME = th.HEADING * 0.9  # on a row, a step smaller
HOME = th.BODY * 0.9  # "home" above the count, a step below running words
COUNT = th.NUMBER * 1.6  # the pieces at home, large on an upright card
ROW_COUNT = th.NUMBER * 0.75  # "home 3" on a row, beside the name
NOTE = th.BODY  # what the seat is doing now


def draw_card(theme: th.Theme, surface, view: View[PullingStringsState], rect: pygame.Rect,
              seat: int,
              note: tuple[str, str]) -> None:
    """A seat's card, lit while it chooses or once it has won."""
    colour = th.SEAT_COLOURS[seat]
    kind, words = note
    lit = kind in ("choosing", "won")
    pygame.draw.rect(surface, th.PANEL, rect, border_radius=theme.px(12))
    pygame.draw.rect(surface, colour if lit else th.PANEL_EDGE, rect,
                     theme.px(4 if lit else 2), border_radius=theme.px(12))
    totals = _shown_scores(view)
    if rect.width > rect.height * 1.6:
        _card_row(theme, surface, rect, seat, totals[seat], kind, words)
    else:
        _card_column(theme, surface, rect, seat, totals[seat], kind, words)


def _shown_scores(view: View[PullingStringsState]) -> tuple:
    if view.animating and view.before is not None and \
            view.progress(Beat.PULL, 1.0) < 1:
        return view.before.scores()
    return view.state.scores()


def _card_column(theme: th.Theme, surface, rect, seat, total, kind, words) -> None:
    colour = th.SEAT_COLOURS[seat]
    x = rect.centerx
    y = rect.top + theme.px(14)
    mark = min(rect.width * 0.16, theme.px(26))
    draw_mark(surface, seat, (x, y + mark), mark, colour)
    y += 2 * mark + theme.px(8)
    y = theme.blit_text(surface, SEAT_NAMES[seat], NAME, (x, y), colour, "midtop").bottom
    y = theme.blit_text(surface, "home", HOME, (x, y + theme.px(6)), th.DIM, "midtop").bottom
    y = theme.blit_text(surface, str(total), COUNT, (x, y), th.TEXT, "midtop").bottom
    _draw_note(theme, surface, (x, y + theme.px(10)), kind, words, "midtop")


def _card_row(theme: th.Theme, surface, rect, seat, total, kind, words) -> None:
    colour = th.SEAT_COLOURS[seat]
    y = rect.centery
    mark = min(rect.height * 0.28, theme.px(18))
    x = rect.left + theme.px(12) + mark
    draw_mark(surface, seat, (x, y), mark, colour)
    x += mark + theme.px(10)
    x = theme.blit_text(surface, SEAT_NAMES[seat], ROW_NAME, (x, y), colour, "midleft").right
    x = theme.blit_text(surface, f"home {total}", ROW_COUNT, (x + theme.px(10), y), th.TEXT,
                        "midleft").right
    _draw_note(theme, surface, (rect.right - theme.px(10), y), kind, words, "midright")


def _draw_note(theme: th.Theme, surface, pos, kind: str, words: str,
               anchor: str) -> None:
    """The card's status line; a sealed choice shows an envelope, never the letter."""
    if not words:
        return
    if kind == "pulled":
        words = f"pulled {words}"
    colour = {"sealed": th.TEXT, "pulled": th.TEXT, "choosing": th.ACCENT,
              "won": th.ACCENT}.get(kind, th.DIM)
    image = theme.text(words, NOTE, colour)
    icon = theme.px(22) if kind == "sealed" else 0
    width = image.get_width() + (icon + theme.px(6) if icon else 0)
    box = pygame.Rect(0, 0, width, max(image.get_height(), icon))
    setattr(box, anchor, (round(pos[0]), round(pos[1])))
    if icon:
        _draw_envelope(theme, surface, pygame.Rect(box.left, box.centery - icon * 7 // 20,
                                                 icon, icon * 7 // 10))
    surface.blit(image, image.get_rect(midright=box.midright))


def _draw_envelope(theme: th.Theme, surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, th.TEXT, rect, border_radius=theme.px(2))
    pygame.draw.lines(surface, th.PANEL, False,
                      [rect.topleft, (rect.centerx, rect.centery + rect.height // 6),
                       rect.topright], theme.px(2))
