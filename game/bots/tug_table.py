"""The solved Tug of War table: the exact chance that a turn's mover wins, from every turn start.

A turn-start position is (the mover's athletes on the rope, the other's, the mover's team dice,
the other's team dice); the common dice do not matter there, as the turn begins by rolling all
three. `python -m game.tools.solve_tug_of_war` computes the table and writes it to
assets/solved/tug_of_war.bin; a `TugTable` reads it with the standard library alone.

File format: MAGIC, then little-endian uint32 athletes, faces, value count, setup count, then the
zlib-compressed little-endian float32 values (turn starts in `Layout.index` order) followed by
the setup values (Yellow's chance to win with each final team, `Layout.teams` order).
"""
from __future__ import annotations

import itertools
import struct
import sys
import zlib
from array import array
from functools import cached_property
from pathlib import Path
from typing import Callable, Sequence

from game.core import GameError

MAGIC = b"QUINTET-TUG-SOLVED\n"
HEADER = struct.Struct("<4I")
TABLE_FILE = "tug_of_war.bin"
Team = Sequence[int]  # a team's dice, in any order
TeamValue = Callable[[tuple[int, ...]], float]  # a final team's (ascending dice) value
TurnValue = Callable[[int, int, Team, Team], float]  # (mine, theirs, my team, their team)


class TableMissingError(GameError):
    """The solved table is not where it should be, or is not a table of this game."""


def team_multisets(faces: int = 6) -> tuple[tuple[int, ...], ...]:
    """Every multiset of three dice, as ascending tuples, in a fixed order."""
    return tuple(itertools.combinations_with_replacement(range(1, faces + 1), 3))


class Layout:
    """Where a turn-start position's value sits in the table."""

    def __init__(self, athletes: int = 18, faces: int = 6) -> None:
        self.athletes = athletes
        self.faces = faces
        self.teams = team_multisets(faces)
        self.team_index = {team: i for i, team in enumerate(self.teams)}

    @property
    def size(self) -> int:
        """The number of turn-start positions (mover's view; the seat to move is not stored)."""
        return self.athletes ** 2 * len(self.teams) ** 2

    def index(self, mine: int, theirs: int, my_team: Team, their_team: Team) -> int:
        """The slot of a position: athletes 1..athletes each, teams in any order."""
        n, t = self.athletes, len(self.teams)
        mine_i = self.team_index[tuple(sorted(my_team))]
        theirs_i = self.team_index[tuple(sorted(their_team))]
        return (((mine - 1) * n + theirs - 1) * t + mine_i) * t + theirs_i


class TugTable:
    """A solved table in memory: turn-start values and Yellow's setup values."""

    def __init__(self, layout: Layout, values: array[float], setup: array[float]) -> None:
        if len(values) != layout.size or len(setup) != len(layout.teams):
            raise TableMissingError("the solved Tug of War table has the wrong size")
        self.layout = layout
        self.values = values
        self.setup = setup

    def value(self, mine: int, theirs: int, my_team: Team, their_team: Team) -> float:
        """The mover's chance to win from a turn start (before the common dice are rolled)."""
        if theirs <= 0:
            return 1.0
        return self.values[self.layout.index(mine, theirs, my_team, their_team)]

    def yellow_setup_value(self, team: Team) -> float:
        """Yellow's chance to win once Yellow's team is final, Red to set up optimally."""
        return self.setup[self.layout.team_index[tuple(sorted(team))]]

    @cached_property
    def yellow_start_value(self) -> float:
        """Yellow's chance to win from the very start, both sides playing optimally."""
        return sum(p * best_reroll(roll, self.yellow_setup_value, self.layout.faces)
                   for roll, p in roll_probabilities(self.layout.faces).items())

    def to_bytes(self) -> bytes:
        """The table as a file's contents."""
        payload = _little_endian(self.values).tobytes() + _little_endian(self.setup).tobytes()
        header = HEADER.pack(self.layout.athletes, self.layout.faces, len(self.values),
                             len(self.setup))
        return MAGIC + header + zlib.compress(payload, 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> "TugTable":
        """Read a table from a file's contents."""
        if not data.startswith(MAGIC) or len(data) < len(MAGIC) + HEADER.size:
            raise TableMissingError("not a solved Tug of War table")
        athletes, faces, count, setup_count = HEADER.unpack_from(data, len(MAGIC))
        try:
            payload = zlib.decompress(data[len(MAGIC) + HEADER.size:])
        except zlib.error as error:
            raise TableMissingError(f"the solved Tug of War table is damaged: {error}") from None
        if len(payload) != 4 * (count + setup_count):
            raise TableMissingError("the solved Tug of War table is truncated")
        values = _little_endian(array("f", payload[:4 * count]))
        setup = _little_endian(array("f", payload[4 * count:]))
        return cls(Layout(athletes, faces), values, setup)


def _little_endian(values: array[float]) -> array[float]:
    """A copy in little-endian order on a big-endian machine (the order is its own inverse)."""
    if sys.byteorder == "little":
        return values
    swapped = array(values.typecode, values)
    swapped.byteswap()
    return swapped


def roll_probabilities(faces: int = 6, dice: int = 3) -> dict[tuple[int, ...], float]:
    """Each ascending roll of `dice` dice and its probability."""
    counts: dict[tuple[int, ...], int] = {}
    for roll in itertools.product(range(1, faces + 1), repeat=dice):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, 0) + 1
    return {key: n / faces ** dice for key, n in counts.items()}


def reroll_choices(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The setup choices for a roll: () to keep it, else the values of 1 to 3 dice to re-roll."""
    subsets = {combo for k in (1, 2, 3) for combo in itertools.combinations(sorted(roll), k)}
    return [()] + sorted(subsets)


def reroll_value(roll: tuple[int, ...], rerolled: tuple[int, ...], value_of: TeamValue,
                 faces: int) -> float:
    """The expected value of a final team after re-rolling these dice (none: keep the roll)."""
    if not rerolled:
        return value_of(roll)
    kept = list(roll)
    for die in rerolled:
        kept.remove(die)
    return sum(p * value_of(tuple(sorted(kept + list(new))))
               for new, p in roll_probabilities(faces, len(rerolled)).items())


def best_reroll(roll: tuple[int, ...], value_of: TeamValue, faces: int) -> float:
    """The best setup choice's expected value for a roll."""
    return max(reroll_value(roll, choice, value_of, faces) for choice in reroll_choices(roll))


def red_start_value(turn_value: TurnValue, yellow: tuple[int, ...], red: tuple[int, ...],
                    athletes: int = 18) -> float:
    """Red's chance to win once both teams are final: each side puts its total on the rope
    (at most `athletes`, which only a smaller variant reaches), and the smaller side starts,
    Yellow on a tie. `turn_value(mine, theirs, my_team, their_team)` values a turn start."""
    y, r = min(athletes, sum(yellow)), min(athletes, sum(red))
    return turn_value(r, y, red, yellow) if r < y else 1.0 - turn_value(y, r, yellow, red)


def setup_values(turn_value: TurnValue, faces: int = 6, athletes: int = 18) -> list[float]:
    """Yellow's chance to win with each final team (`team_multisets` order), Red optimal."""
    rolls = roll_probabilities(faces)
    values = []
    for yellow in team_multisets(faces):
        def red_value(red: tuple[int, ...]) -> float:
            return red_start_value(turn_value, yellow, red, athletes)
        values.append(1.0 - sum(p * best_reroll(roll, red_value, faces)
                                for roll, p in rolls.items()))
    return values


def asset_candidates() -> list[Path]:
    """Where the solved folder may be: a frozen build, a source checkout, the installed package."""
    places = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        places.append(Path(frozen) / "assets" / "solved")
    places.append(Path(__file__).resolve().parent.parent.parent / "assets" / "solved")
    try:
        import quintet_assets
        places.append(Path(quintet_assets.__file__).resolve().parent / "solved")
    except ImportError:
        pass
    return places


def default_table_path() -> Path:
    """The shipped table's path (the first candidate that exists, else the source checkout's)."""
    places = asset_candidates()
    for folder in places:
        if (folder / TABLE_FILE).is_file():
            return folder / TABLE_FILE
    return places[0] / TABLE_FILE


class TableLoader:
    """Reads the table on first use and keeps it: one loader per process reads it once."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._table: TugTable | None = None

    def get(self) -> TugTable:
        """The table, read now if not yet; TableMissingError if it is missing or damaged."""
        if self._table is None:
            path = self.path or default_table_path()
            try:
                data = path.read_bytes()
            except OSError as error:
                raise TableMissingError(
                    f"the solved Tug of War table is missing ({path}: {error.strerror}); "
                    "make it with: python -m game.tools.solve_tug_of_war") from None
            self._table = TugTable.from_bytes(data)
        return self._table


SHARED_LOADER = TableLoader()  # the process's one copy of the shipped table, read on first use
