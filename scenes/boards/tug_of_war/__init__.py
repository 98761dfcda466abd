"""Tug of War's board, in parts: its layout and spots, the layer, rope, pawns and dice drawn once,
the painters of the rope and of the dice row, and the animation plan; `BOARD` is the whole."""
from scenes.boards.tug_of_war.board import BOARD, TugOfWarBoard
from scenes.boards.tug_of_war.layout import END_CHOICE, KEEP_CHOICE
from scenes.boards.tug_of_war.plan import common_spot, team_spot

__all__ = ["BOARD", "END_CHOICE", "KEEP_CHOICE", "TugOfWarBoard", "common_spot", "team_spot"]
