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
