"""Pulling Strings' board, in parts: the web, stacks and input (board.py), the seat cards'
painter, the ground drawn once a layout, and the animation plan; `BOARD` is the whole."""
from scenes.boards.pulling_strings.board import (
    BOARD,
    Cell,
    End,
    Pile,
    PullingStringsBoard,
    last_pulls,
    pull_directions,
    string_letters,
    string_of,
)

__all__ = ["BOARD", "Cell", "End", "Pile", "PullingStringsBoard", "last_pulls",
           "pull_directions", "string_letters", "string_of"]
