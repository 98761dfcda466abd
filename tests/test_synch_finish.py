"""Synch's finish: each seat's card keeps its place as the roles move between them, and the
last stretch of a game is brisk when a move changes nothing."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.match import Match
from scenes.boards import board_class
from scenes.boards.base import View
from scenes.boards.synch.plan import plan
from scenes.shell.theme import Theme
from tests.support import examples


def board_for(match: Match):
    """A Synch board laid out at the play screen's size."""
    import pygame
    pygame.init()
    board = board_class("synch")(match.spec, match.options, Theme())
    board.layout(pygame.Rect(0, 0, 936, 508))
    return board


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 5000))
def test_each_seat_s_card_stays_put(seed):
    import pygame
    match, rng = Match("synch", {"move_limit": 30}, seed), random.Random(seed)
    board = board_for(match)
    surface = pygame.Surface((936, 508))
    places: dict[str, set] = {}
    for _ in range(24):
        state = match.state
        if state.is_terminal:
            break
        drawn: list[tuple[str, object]] = []
        blit = board.theme.blit_text

        def record(target, text, size, pos, *args, **kwargs):
            drawn.append((text, pos))
            return blit(target, text, size, pos, *args, **kwargs)
        board.theme.blit_text = record
        board.draw(surface, View(state=state, seat=None, chooser=state.awaiting[0]))
        board.theme.blit_text = blit
        for text, pos in drawn:
            if text in state.seat_names:
                places.setdefault(text, set()).add(pos)
        seat = state.awaiting[0]
        match.play(rng.choice(state.legal_moves(seat)), seat)
    assert all(len(spots) == 1 for spots in places.values()), places  # never swapped


def test_a_late_move_that_changes_nothing_is_brisk():
    match = Match("synch", {"size": 5, "move_limit": 100}, 2)
    board, rng = board_for(match), random.Random(2)
    seen_brisk = seen_full = False
    while not match.state.is_terminal:
        state = match.state
        seat = state.awaiting[0]
        step = match.play(rng.choice(state.legal_moves(seat)), seat)
        timeline = board.animate(state, step.events, step.state)
        full = plan(step.events).duration
        claims = any(type(e).__name__ == "SquareClaimed" for e in step.events)
        late = step.state.claims.count(0) <= step.state.size
        if late and not claims and not step.state.placing:
            assert timeline.duration < full * 0.5
            seen_brisk = True
        else:
            assert timeline.duration == full
            seen_full = True
    assert seen_full and (seen_brisk or match.state.kind is NodeKind.TERMINAL)
