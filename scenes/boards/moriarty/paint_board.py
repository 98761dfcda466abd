"""Moriarty painted on its board: markers, tokens, last slides, highlights, previews, and the
cards over the board for a reveal, an ended game, a Moriarty verdict and a game scored."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.moriarty import (
    COLOURS,
    COLUMNS,
    DIRECTION,
    BonusesChosen,
    GameEndDeclared,
    GameScored,
    MoriartyDeclared,
    MoriartyState,
    PickPivot,
    Place,
    Slide,
    SlidesRevealed,
    Take,
    TokenPlaced,
)
from game.words.moriarty import BONUSES_SEALED, banner_ends_game, banner_moriarty, game_summary
from scenes.boards.base import View, latest
from scenes.boards.moriarty.layout import (
    AWAY_CHOICE, BANNER, BANNER_WORD, SMALL, TOWARD_CHOICE, col_spot, is_spot,
)
from scenes.boards.moriarty.plan import Beat, Drop, Sliding
from scenes.boards.moriarty.shapes import (
    blit_centered,
    draw_arrow,
    draw_check,
    draw_cross,
    draw_star,
    ipoint,
)
from scenes.shell import theme as th
from scenes.shell.anim import lerp, lerp_point

if TYPE_CHECKING:
    from scenes.boards.moriarty.layout import MoriartyLayout

def draw_markers(board: MoriartyLayout, surface, view: View[MoriartyState],
                 state: MoriartyState) -> None:
    """Pivot and active tags under the column numbers; the bands behind active columns."""
    if state.pivot is None:
        return
    p = board.progress(view, Beat.PIVOT)
    a = board.progress(view, Beat.ASSIGN)
    band = th.mix(th.BOARD, th.TEXT, 0.12 * min(1.0, max(0.0, p)))
    for col in state.actives(state.pivot):
        rect = board.column_rects[col]
        pygame.draw.rect(surface, band, (rect.left, board.tag_y - board.tag_h / 2,
                                         rect.width, board.tag_h), border_radius=4)
        owner = next((s for s in (0, 1) if state.tokens[s] == col), None)
        label = "active" if owner is None or a < 0.5 else state.seat_name(owner)
        _tag(board, surface, label, (rect.centerx, board.tag_y), th.TEXT)
    x = board.col_centres[state.pivot]
    _tag(board, surface, "PIVOT", (x, board.pivot_tag_y), th.ACCENT if p < 1 else th.TEXT)


def _tag(board: MoriartyLayout, surface, text: str, centre, colour) -> None:
    """A word under a column (the actives' on one row, the Pivot's on the next: room for
    words wider than a column without shrinking them)."""
    size = max(board.theme.text_px(SMALL), round(board.cell * 0.3))
    blit_centered(surface, board.theme.font(size).render(text, True, colour), centre)


def draw_last_moves(board: MoriartyLayout, surface, view: View[MoriartyState],
                    state: MoriartyState) -> None:
    """Over the tokens, each player's last move in their own mark (th.draw_seat_badge): on the
    token placed, made the Pivot or taken in the newest turn, and on the one their slide moved."""
    for seat, turns in view.last.items():
        decision = latest(turns[-1:], (Place, PickPivot, Take))
        if (decision is None
                or decision[0].game_index != state.game_index):  # type: ignore[attr-defined]
            continue
        column = decision[1].column  # type: ignore[attr-defined]
        if state.colours[column] is not None:
            draw_seat_badge(board, surface, seat, board.cell_rect(column, state.rows[column]))
    for seat, column, _, dst in last_slides(view, state):
        draw_seat_badge(board, surface, seat, board.cell_rect(column, dst))


def draw_seat_badge(board: MoriartyLayout, surface, seat: int, cell: pygame.Rect) -> None:
    """A seat's last-move badge in a bottom corner of a square (Eks left, Oh right), clear of
    the token's letter and of a Bonus Colour's star (top right)."""
    theme = board.theme
    radius = max(5.0, min(theme.px(th.BADGE), board.cell * 0.2))
    inset = radius * 0.5
    x = cell.left + inset if seat == 0 else cell.right - inset
    th.draw_seat_badge(surface, theme, (x, cell.bottom - inset), board.seat_colours[seat],
                       th.SEAT_MARKS[seat], radius)


def last_slides(view: View[MoriartyState],
                state: MoriartyState) -> list[tuple[int, int, int, int]]:
    """Each seat's last slide in this game that moved its token: (seat, column, from, to)."""
    found = []
    for seat, turns in view.last.items():
        slide = latest(turns, Slide)
        if slide is None:
            continue
        before: MoriartyState = slide[0]  # type: ignore[assignment]
        column = before.tokens[seat]
        if column is None or before.game_index != state.game_index:
            continue
        src, dst = before.rows[column], before.rows[column] + \
            (-1 if (seat == before.south) == slide[1].toward else 1)
        dst = max(0, min(9, dst))
        if src != dst:
            found.append((seat, column, src, dst))
    return found


def draw_last_trails(board: MoriartyLayout, surface, view: View[MoriartyState],
                     state: MoriartyState) -> None:
    """Under the tokens, each player's last slide as a chess board shows a last move: a trail
    in the player's colour from the square the token left to the one it reached."""
    for seat, column, src, dst in last_slides(view, state):
        x = board.col_centres[column]
        colour = board.seat_colours[seat]
        pygame.draw.line(surface, colour, (x, board.row_centres[src]),
                         (x, board.row_centres[dst]), max(2, board.theme.px(2)))
        pygame.draw.circle(surface, colour, ipoint((x, board.row_centres[src])),
                           max(3, round(board.cell * 0.1)))


def draw_tokens(board: MoriartyLayout, surface, view: View[MoriartyState], state: MoriartyState,
                rows) -> None:
    """Every token at its (possibly sliding) row, and one flying in from the tray."""
    radius = board.token_radius()
    placing = None
    if view.animating:
        placing = next((e for e in view.events if isinstance(e, TokenPlaced)), None)
    for col in range(COLUMNS):
        colour = state.colours[col]
        centre = (board.col_centres[col], board.row_y(rows[col]))
        if colour is None:
            _draw_slot(board, surface, centre, radius)
            continue
        if placing is not None and placing.column == col:
            _draw_slot(board, surface, centre, radius)
            p = view.progress(Drop(col))
            centre = lerp_point(board.swatch_centres[colour], centre, p)
        _draw_token(board, surface, view, state, col, colour, centre, radius)


def _draw_slot(board: MoriartyLayout, surface, centre, radius: int) -> None:
    pygame.draw.circle(surface, th.shade(th.BOARD, 0.8), ipoint(centre), radius)
    pygame.draw.circle(surface, th.DIM, ipoint(centre), radius, max(1, board.theme.px(1)))


def _draw_token(board: MoriartyLayout, surface, view: View[MoriartyState], state, col: int,
                colour: int, centre,
                radius: int) -> None:
    theme = board.theme
    x, y = ipoint(centre)
    if state.pivot == col:
        p = board.progress(view, Beat.PIVOT)
        _draw_pivot_frame(board, surface, (x, y), radius * (1.0 + 0.35 * p), p)
    elif state.pivot is not None and col in state.actives(state.pivot):
        p = board.progress(view, Beat.PIVOT)
        _draw_active_chevrons(board, surface, (x, y), radius, p)
    pygame.draw.circle(surface, (10, 12, 18), (x + theme.px(2), y + theme.px(3)), radius)
    sprite = board.sprites[(colour, radius, False)]
    surface.blit(sprite, sprite.get_rect(center=(x, y)))
    seat = view.seat
    if seat is not None and state.bonus[seat] == colour:
        draw_star(surface, (x + radius * 0.78, y - radius * 0.78), max(4, radius * 0.42),
                   th.TEXT)


def _draw_pivot_frame(board: MoriartyLayout, surface, centre, size: float, p: float) -> None:
    """A diamond around the Pivot (shape, not only colour)."""
    x, y = centre
    points = [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
    pygame.draw.polygon(surface, th.shade(th.BOARD, 0.6), points)
    pygame.draw.polygon(surface, th.mix(th.BOARD, th.TEXT, min(1.0, max(0.0, p))), points,
                        max(2, board.theme.px(3)))


def _draw_active_chevrons(board: MoriartyLayout, surface, centre, radius: int, p: float) -> None:
    """Small up and down arrows: an active token is about to slide."""
    x, y = centre
    colour = th.mix(th.BOARD, th.TEXT, min(1.0, max(0.0, p)))
    reach = radius + board.cell * 0.12
    size = board.cell * 0.13
    for direction in (-1, 1):
        tip = y + direction * (reach + size)
        base = y + direction * reach
        pygame.draw.polygon(surface, colour, [(x - size, base), (x + size, base), (x, tip)])


def draw_highlights(board: MoriartyLayout, surface, view: View[MoriartyState],
                    state: MoriartyState) -> None:
    """The looks of the clickable columns (th.STATES), and previews of the choice under the
    pointer."""
    radius = board.token_radius()
    selected_colour = next((s[1] for s in view.selected if is_spot(s, "swatch")), None)
    for col in range(COLUMNS):
        spot = col_spot(col)
        if spot not in view.clickable and spot not in view.selected:
            continue
        shape = board.spot_shape(spot)
        if view.hot(spot) and selected_colour is not None and state.colours[col] is None \
                and shape is not None:
            ghost = board.sprites[(selected_colour, radius, True)]
            centre = ipoint(shape.centre)  # type: ignore[union-attr]
            surface.blit(ghost, ghost.get_rect(center=centre))
        th.draw_states(surface, board.theme, shape, view.states(spot))
    _draw_slide_preview(board, surface, view, state)


def _draw_slide_preview(board: MoriartyLayout, surface, view: View[MoriartyState],
                        state: MoriartyState) -> None:
    """While a seat picks toward/away: arrows on its token and a ghost where it would go."""
    seat = view.chooser
    if seat is None or state.phase != DIRECTION or view.seat != seat:
        return
    col = state.tokens[seat]
    if col is None:
        return
    row = state.rows[col]
    x, y = board.col_centres[col], board.row_centres[row]
    south = seat == state.south
    for choice in (TOWARD_CHOICE, AWAY_CHOICE):
        toward = choice is TOWARD_CHOICE
        target = row + (-1 if south == toward else 1)
        if not 0 <= target <= 9:
            continue
        hot = view.hot(choice)
        ty = board.row_centres[target]
        if hot:
            ghost = board.sprites[(state.colours[col], board.token_radius(), True)]
            surface.blit(ghost, ghost.get_rect(center=(round(x), round(ty))))
        sign = 1 if ty > y else -1
        start = y + sign * (board.token_radius() + board.theme.px(3))
        draw_arrow(surface, (x, start), (x, lerp(y, ty, 0.7)),
                    th.ACCENT if hot else th.TEXT, max(2, board.theme.px(3 if hot else 2)),
                    board.cell * 0.16)


def draw_overlays(board: MoriartyLayout, surface, view: View[MoriartyState]) -> None:
    """Cards for the reveal, an ended game, a Moriarty verdict and the game's score."""
    events = view.events
    for event in events:
        if isinstance(event, SlidesRevealed):
            _draw_reveal(board, surface, view, event)
    scored = next((e for e in events if isinstance(e, GameScored)), None)
    moriarty = next((e for e in events if isinstance(e, MoriartyDeclared)), None)
    ended = next((e for e in events if isinstance(e, GameEndDeclared)), None)
    before: MoriartyState = view.before or view.state
    if scored is not None and view.progress(Beat.SCORED) > 0:
        _draw_scored(board, surface, before, scored, view.progress(Beat.SCORED))
    elif moriarty is not None:
        _draw_moriarty(board, surface, before, moriarty,
                            view.progress(Beat.MORIARTY))
    elif ended is not None:
        _banner(board, surface, [banner_ends_game(before.seat_name(ended.seat))])
    if any(isinstance(e, BonusesChosen) for e in events):
        _banner(board, surface, [BONUSES_SEALED])


def _draw_reveal(board: MoriartyLayout, surface, view: View[MoriartyState],
                 event: SlidesRevealed) -> None:
    """Arrows grow from both active tokens the way they are about to slide."""
    before: MoriartyState = view.before  # type: ignore[assignment]
    if before is None or before.tokens[0] is None:
        return
    p = view.progress(Beat.REVEAL)
    sliding = any(view.progress(Sliding(before.tokens[s])) > 0
                  for s in (0, 1))
    if p <= 0 or sliding:
        return
    radius = board.token_radius() + board.theme.px(3)
    for seat in (0, 1):
        col = before.tokens[seat]
        row = before.rows[col]
        target = row + (-1 if (seat == before.south) == event.toward[seat] else 1)
        x, y = board.col_centres[col], board.row_centres[row]
        ty = board.row_centres[max(0, min(9, target))]
        start = y + (radius if ty > y else -radius)
        draw_arrow(surface, (x, start), (x, lerp(start, ty, 0.8 * p)), th.TEXT,
                    max(3, board.theme.px(4)), board.cell * 0.2)


def _card_rect(board: MoriartyLayout, lines: int) -> pygame.Rect:
    theme = board.theme
    w = min(board.area.width - theme.px(40), theme.px(560))
    h = theme.px(30) + lines * (theme.text_px(BANNER) + theme.px(10))
    return pygame.Rect(0, 0, w, h).move(board.area.centerx - w // 2,
                                        board.grid.centery - h // 2)


def _banner(board: MoriartyLayout, surface, lines: list[str], rise: float = 0.0) -> pygame.Rect:
    theme = board.theme
    rect = _card_rect(board, len(lines)).move(0, round(rise * theme.px(40)))
    pygame.draw.rect(surface, th.PANEL, rect, border_radius=theme.px(12))
    pygame.draw.rect(surface, th.TEXT, rect, max(2, theme.px(2)),
                     border_radius=theme.px(12))
    y = rect.top + theme.px(15)
    for line in lines:
        theme.blit_text(surface, line, BANNER, (rect.centerx, y), th.TEXT, "midtop")
        y += theme.text_px(BANNER) + theme.px(10)
    return rect


def _draw_moriarty(board: MoriartyLayout, surface, before: MoriartyState, event: MoriartyDeclared,
                   p: float) -> None:
    name = before.seat_name(event.seat)
    other = before.seat_name(1 - event.seat)
    lines = banner_moriarty(name, other, COLOURS[event.colour]) + [""]
    rect = _banner(board, surface, lines)
    if p >= 0.45:
        theme = board.theme
        word = "Right!" if event.correct else "Wrong!"
        y = rect.bottom - theme.px(14)
        label = theme.blit_text(surface, word, BANNER_WORD, (rect.centerx, y), th.ACCENT,
                                "midbottom")
        mark_centre = (label.right + theme.px(22), label.centery)
        if event.correct:
            draw_check(surface, mark_centre, theme.px(12))
        else:
            draw_cross(surface, mark_centre, theme.px(11))


def _draw_scored(board: MoriartyLayout, surface, before: MoriartyState, event: GameScored,
                 p: float) -> None:
    """The summary card rising into place (it then stays until a player goes on)."""
    board.draw_summary(surface, game_summary(before, event), rise=1 - min(1.0, p * 3))
