"""Per-game boards: each draws a game's view and maps clicks and keys to moves."""
from __future__ import annotations

import importlib

from scenes.boards.base import Board

BOARD_MODULES = {
    "pulling_strings": "scenes.boards.pulling_strings",
    "moriarty": "scenes.boards.moriarty",
    "strands": "scenes.boards.strands",
    "synch": "scenes.boards.synch",
    "tug_of_war": "scenes.boards.tug_of_war",
}


def board_class(game_id: str) -> type[Board]:
    """The Board subclass for a game (the plain button board if the game has none yet)."""
    name = BOARD_MODULES.get(game_id)
    if name is None:
        return Board
    try:
        return importlib.import_module(name).BOARD
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return Board
