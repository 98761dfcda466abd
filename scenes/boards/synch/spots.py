"""Synch's spots: a grid square, a compass direction, and the two mode buttons."""
from __future__ import annotations

from scenes.boards.base import Choice

SYNCH_CHOICE = Choice("In synch", "synch", order=0)
OPP_CHOICE = Choice("In opposition", "opp", order=1)
MODE_CHOICES = {True: SYNCH_CHOICE, False: OPP_CHOICE}


def square_spot(square: tuple[int, int]) -> tuple[str, int, int]:
    """The spot of a grid square."""
    return ("sq", square[0], square[1])


def direction_spot(name: str) -> tuple[str, str]:
    """The spot of a compass direction."""
    return ("dir", name)


def spot_kind(spot) -> str | None:
    """'sq' or 'dir' for the board's own spots, None for anything else."""
    return spot[0] if isinstance(spot, tuple) and spot and isinstance(spot[0], str) else None


def spot_square(spot) -> tuple[int, int] | None:
    """The grid square a square's spot names, None for any other spot."""
    return (spot[1], spot[2]) if spot_kind(spot) == "sq" else None


def spot_direction(spot) -> str | None:
    """The compass direction a direction's spot names, None for any other spot."""
    return spot[1] if spot_kind(spot) == "dir" else None
