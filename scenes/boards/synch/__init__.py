"""Synch's board, in parts: the grid, markers and input (board.py), the column's painter, the
shapes and the animation plan; `BOARD` is the whole."""
from scenes.boards.synch.board import BOARD, SynchBoard
from scenes.boards.synch.spots import (
    MODE_CHOICES,
    OPP_CHOICE,
    SYNCH_CHOICE,
    direction_spot,
    square_spot,
)

__all__ = ["BOARD", "MODE_CHOICES", "OPP_CHOICE", "SYNCH_CHOICE", "SynchBoard",
           "direction_spot", "square_spot"]
