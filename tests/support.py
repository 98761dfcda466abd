"""Shared helpers for the tests: seeded random playouts through the public API."""
from __future__ import annotations

import random

from game.tools.bench import random_step
from game.spec import GameSpec


def playout(spec: GameSpec, seed: int, options=None, max_steps: int = 20_000):
    """Every (state, step) of one random game, by joint moves at simultaneous nodes."""
    rng = random.Random(seed)
    state = spec.new_game(options)
    path = []
    for _ in range(max_steps):
        if state.is_terminal:
            return path
        step = random_step(state, rng)
        path.append((state, step))
        state = step.state
    raise AssertionError(f"{spec.id} seed {seed}: no end within {max_steps} steps")


UNDRAWN = (255, 0, 255)  # a colour no board paints: what a draw left of it, it did not draw


def drawn_picture(board, surface, view) -> bytes:
    """Draw a view on a surface cleared to UNDRAWN; the board's area as bytes, after checking
    that the draw covered most of that area (a board that draws nothing fails here)."""
    import pygame
    surface.fill(UNDRAWN)
    board.draw(surface, view)
    area = board.area.clip(surface.get_rect())
    assert area.width > 0 and area.height > 0, f"the board has no area on screen: {board.area}"
    picture = surface.subsurface(area)
    left = pygame.mask.from_threshold(picture, UNDRAWN, (1, 1, 1, 255)).count()
    assert left < area.width * area.height // 2, f"the board left {left} pixels undrawn"
    return pygame.image.tobytes(picture, "RGB")
