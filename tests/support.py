"""Shared helpers for the tests: seeded random playouts through the public API."""
from __future__ import annotations

import random

from game.core import NodeKind, State
from game.match import sample_chance
from game.spec import GameSpec


def random_moves(state: State, rng: random.Random):
    """One random transition: ('chance', outcome), ('joint', (m0, m1)) or ('move', seat, m)."""
    kind = state.kind
    if kind is NodeKind.CHANCE:
        return ("chance", sample_chance(state, rng))
    if kind is NodeKind.SIMULTANEOUS:
        return ("joint", tuple(rng.choice(state.legal_moves(s)) for s in (0, 1)))
    seat = state.actors[0]
    return ("move", seat, rng.choice(state.legal_moves(seat)))


def apply_random(state: State, rng: random.Random):
    """Apply one random transition; returns the Step."""
    choice = random_moves(state, rng)
    if choice[0] == "chance":
        return state.apply_chance(choice[1])
    if choice[0] == "joint":
        return state.apply_joint(*choice[1])
    return state.apply(choice[2], choice[1])


def playout(spec: GameSpec, seed: int, options=None, max_steps: int = 20_000):
    """Every (state, step) of one random game, by joint moves at simultaneous nodes."""
    rng = random.Random(seed)
    state = spec.new_game(options)
    path = []
    for _ in range(max_steps):
        if state.is_terminal:
            return path
        step = apply_random(state, rng)
        path.append((state, step))
        state = step.state
    raise AssertionError(f"{spec.id} seed {seed}: no end within {max_steps} steps")
