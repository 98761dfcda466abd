"""Quintet's engine: the rules of five two-player games behind one API. Never imports pygame.

Start here: `get_game(id).new_game(options)` gives an immutable state; `state.legal_moves(seat)`,
`state.apply(move, seat)`, `state.apply_chance(outcome)` and `state.observe(seat)` drive it;
`game.match.Match` adds seeded chance and a history; `game.record` saves and replays games.
"""
from game.core import (
    SEALED, Event, GameError, IllegalMoveError, Move, MoveParseError, NodeKind, OptionError,
    Outcome, State, Step,
)
from game.registry import GAMES, get_game

__all__ = [
    "GAMES", "SEALED", "Event", "GameError", "IllegalMoveError", "Move", "MoveParseError",
    "NodeKind", "OptionError", "Outcome", "State", "Step", "get_game",
]
