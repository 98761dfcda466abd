"""Moriarty's board, in parts: its layout and spots, the fixed layer, the painters of the board
and of the panel, the shapes they draw, and the animation plan; `BOARD` is the whole."""
from scenes.boards.moriarty.board import BOARD, MoriartyBoard
from scenes.boards.moriarty.layout import (
    AWAY_CHOICE,
    END_CHOICE,
    MORIARTY_CHOICE,
    PASS_CHOICE,
    TOWARD_CHOICE,
    col_spot,
    swatch_spot,
)

__all__ = ["AWAY_CHOICE", "BOARD", "END_CHOICE", "MORIARTY_CHOICE", "MoriartyBoard",
           "PASS_CHOICE", "TOWARD_CHOICE", "col_spot", "swatch_spot"]
