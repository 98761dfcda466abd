"""Per-game boards: each draws a game's view and maps clicks and keys to moves."""
from __future__ import annotations

import importlib

from game.registry import PARTS, get_game
from scenes.boards.base import Board


def board_class(game_id: str) -> type[Board]:
    """The Board subclass of a game, named in the registry's one table (GameError for an
    unknown game; a game whose board is missing fails here, never with a stand-in)."""
    get_game(game_id)
    return importlib.import_module(PARTS[game_id].board).BOARD
