"""Strands (Nick Bentley): cover up to X empty spaces marked X; the largest group wins.

The rules in plain words:
- The board is a hexagon of hexagonal spaces, each marked with a number. Black (seat 0) and
  White (seat 1) cover spaces with their stones.
- Black opens by covering exactly one empty space marked 2.
- From then on, starting with White, each turn covers at least one and at most X empty spaces,
  all marked with the same number X (fewer when fewer are left). Here a turn is played stone by
  stone: the first stone fixes X, then more stones on X-spaces, or "end" to stop early.
- When the board is full, the larger largest group of connected stones wins; if equal, the
  second-largest, and so on (a missing group counts as 0). The number of spaces is odd, so there
  is never a tie.
Boards: the standard 91-space board (6 spaces a side), a 61-space board (5 a side), and either
with its numbers shuffled at random (the same numbers, a seeded shuffle).
"""
from __future__ import annotations

import dataclasses
import random
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from game.core import Event, GameOver, Move, MoveParseError, NodeKind, Outcome, State, Step
from game.options import Option
from game.spec import GameSpec

SEAT_NAMES = ("Black", "White")
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
ROW_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def standard_number(side: int, q: int, r: int) -> int:
    """The number the standard layout gives the space at axial (q, r) on a board of this side."""
    s = -q - r
    distance = max(abs(q), abs(r), abs(s))
    corner = distance == side - 1 and sorted(map(abs, (q, r, s)))[1] == distance
    if side == 6:
        table = {0: 1, 1: 2, 2: 2, 3: 2, 4: 3}
        return table.get(distance, 6 if corner else 5)
    if side == 5:
        table = {0: 1, 1: 2, 2: 2, 3: 3}
        return table.get(distance, 6 if corner else 4)
    raise ValueError(f"no standard layout for a board of side {side}")


@dataclasses.dataclass(frozen=True, eq=False)
class Board:
    """A hex-hex board: each space's axial coordinates, label, number and neighbours."""

    side: int
    coords: tuple[tuple[int, int], ...]
    labels: tuple[str, ...]
    numbers: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    by_number: tuple[tuple[int, ...], ...]  # index X: the spaces marked X
    lookup: Mapping[str, int]  # label -> index
    places: tuple[Place, ...]  # the Place move of each space

    @classmethod
    def build(cls, side: int, shuffle_seed: int | None = None) -> "Board":
        """The standard board of this side, or its numbers shuffled with the given seed."""
        coords = _hex_coords(side)
        numbers = [standard_number(side, q, r) for q, r in coords]
        if shuffle_seed is not None:
            random.Random(shuffle_seed).shuffle(numbers)
        return cls.with_numbers(side, tuple(numbers))

    @classmethod
    def with_numbers(cls, side: int, numbers: tuple[int, ...]) -> "Board":
        """A board of this side carrying these numbers, space by space in label order."""
        coords = _hex_coords(side)
        if len(numbers) != len(coords):
            raise ValueError(f"a board of side {side} has {len(coords)} spaces, not {len(numbers)}")
        labels = [f"{ROW_LETTERS[row]}{position}" for row, position in _hex_rows(side)]
        index = {c: i for i, c in enumerate(coords)}
        neighbours = tuple(
            tuple(index[(q + dq, r + dr)] for dq, dr in HEX_DIRECTIONS if (q + dq, r + dr) in index)
            for q, r in coords)
        by_number = tuple(tuple(i for i, n in enumerate(numbers) if n == x) for x in range(7))
        lookup = MappingProxyType({label: i for i, label in enumerate(labels)})
        places = tuple(Place(label) for label in labels)
        return cls(side, tuple(coords), tuple(labels), tuple(numbers), neighbours, by_number,
                   lookup, places)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Board.with_numbers, (self.side, self.numbers))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.side, self.numbers) == (other.side, other.numbers)

    def __hash__(self) -> int:
        return hash((self.side, self.numbers))

    def index(self, label: str) -> int:
        """The index of the space with this label; KeyError if there is none."""
        return self.lookup[label]

    def counts(self) -> dict[int, int]:
        """How many spaces carry each number."""
        return {x: len(cells) for x, cells in enumerate(self.by_number) if cells}


def _hex_rows(side: int) -> list[tuple[int, int]]:
    """(row, position) of each space in label order: rows from the top, positions from the left."""
    radius = side - 1
    return [(row, position) for row, r in enumerate(range(-radius, radius + 1))
            for position in range(1, 2 * side - abs(r))]


def _hex_coords(side: int) -> list[tuple[int, int]]:
    """Axial (q, r) of each space in label order."""
    radius = side - 1
    return [(q, r) for r in range(-radius, radius + 1)
            for q in range(-radius, radius + 1) if abs(q + r) <= radius]


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Move):
    """Cover the space with this label (row letter from the top, position from the left)."""

    label: str

    def __str__(self) -> str:
        return self.label


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """Stop covering spaces this turn (after at least one)."""

    def __str__(self) -> str:
        return "end"


END_TURN = EndTurn()


def parse_move(text: str) -> Move:
    """Parse a space label such as `f6`, or `end`."""
    word = text.strip().lower()
    if word == "end":
        return END_TURN
    if len(word) >= 2 and word[0] in ROW_LETTERS and word[1:].isdigit() and word[1] != "0":
        return Place(word)
    raise MoveParseError(f"{text!r} is not a space label like 'f6' or 'end'")


@dataclasses.dataclass(frozen=True, slots=True)
class StonePlaced(Event):
    """A stone of `seat` covered space `cell` (an index into the board)."""

    seat: int
    cell: int
    label: str


@dataclasses.dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """`seat` finished a turn of `stones` stones on spaces marked `number`."""

    seat: int
    number: int
    stones: int


@dataclasses.dataclass(frozen=True, slots=True)
class StrandsState(State):
    """A Strands position: who covers which space, and the turn in progress."""

    board: Board
    stones: tuple[int, ...]  # per space: 0 empty, 1 Black, 2 White
    to_move: int = 0
    number: int = 0  # X of the turn in progress, 0 before its first stone
    placed: int = 0
    turn_number: int = 1
    pending: tuple[Any, Any] = (None, None)
    result: Outcome | None = None

    game_id = "strands"
    seat_names = SEAT_NAMES

    @property
    def kind(self) -> NodeKind:
        """A decision of the player to move, until the board is full."""
        return NodeKind.TERMINAL if self.result is not None else NodeKind.DECISION

    @property
    def actors(self) -> tuple[int, ...]:
        """The player to move."""
        return () if self.result is not None else (self.to_move,)

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        # Empty spaces this seat may cover now, and `end` once a stone is down this turn.
        if self.result is not None or seat != self.to_move:
            return ()
        cells: Sequence[int]
        if self.turn_number == 1:
            cells = self.board.by_number[2]
        elif self.placed:
            cells = self.board.by_number[self.number]
        else:
            cells = range(len(self.stones))
        places = tuple(self.board.places[i] for i in cells if not self.stones[i])
        return places + (END_TURN,) if self.placed else places

    def is_legal(self, seat: int, move: Move) -> bool:
        """True when `seat` may make `move` now."""
        if self.result is not None or seat != self.to_move:
            return False
        if isinstance(move, EndTurn):
            return self.placed > 0
        if not isinstance(move, Place) or move.label not in self.board.lookup:
            return False
        cell = self.board.index(move.label)
        if self.stones[cell]:
            return False
        if self.turn_number == 1:
            return self.board.numbers[cell] == 2
        return not self.placed or self.board.numbers[cell] == self.number

    def _explain_illegal(self, seat: int, move: Move) -> str:
        if isinstance(move, EndTurn):
            return "cover at least one space before ending the turn"
        if isinstance(move, Place):
            if move.label not in self.board.lookup:
                return f"there is no space {move.label} on this board"
            cell = self.board.index(move.label)
            if self.stones[cell]:
                return f"space {move.label} is already covered"
            if self.turn_number == 1:
                return "Black opens by covering one space marked 2"
            return f"this turn covers spaces marked {self.number}; {move.label} is marked " \
                   f"{self.board.numbers[cell]}"
        return State._explain_illegal(self, seat, move)

    def _apply_decision(self, move: Move) -> Step[StrandsState]:
        seat = self.to_move
        if not isinstance(move, Place):  # the other move: EndTurn
            return self._end_turn([])
        cell = self.board.index(move.label)
        stones = list(self.stones)
        stones[cell] = seat + 1
        after = self.replace(stones=tuple(stones), number=self.board.numbers[cell],
                                    placed=self.placed + 1)
        events: list[Event] = [StonePlaced(seat, cell, move.label)]
        room = any(not stones[i] for i in self.board.by_number[after.number])
        if self.turn_number == 1 or after.placed >= after.number or not room:
            return after._end_turn(events)
        return Step(after, tuple(events))

    def _end_turn(self, events: list[Event]) -> Step[StrandsState]:
        events.append(TurnEnded(self.to_move, self.number, self.placed))
        after = self.replace(to_move=1 - self.to_move, number=0, placed=0,
                                    turn_number=self.turn_number + 1)
        if all(self.stones):
            result = after._final_outcome()
            events.append(GameOver(result))
            after = after.replace(result=result)
        return Step(after, tuple(events))

    def group_sizes(self, seat: int) -> tuple[int, ...]:
        """The sizes of this seat's connected groups, largest first."""
        mark, seen, sizes = seat + 1, set(), []
        for start, owner in enumerate(self.stones):
            if owner != mark or start in seen:
                continue
            seen.add(start)
            frontier, size = [start], 0
            while frontier:
                cell = frontier.pop()
                size += 1
                for near in self.board.neighbours[cell]:
                    if self.stones[near] == mark and near not in seen:
                        seen.add(near)
                        frontier.append(near)
            sizes.append(size)
        return tuple(sorted(sizes, reverse=True))

    def scores(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Both seats' group sizes, largest first."""
        return (self.group_sizes(0), self.group_sizes(1))

    def _final_outcome(self) -> Outcome:
        sizes = self.scores()
        winner, rank = compare_groups(*sizes)
        if winner is None:
            return Outcome(None, "every group is matched in size", sizes)  # not on odd boards
        a, b = (s[rank] if rank < len(s) else 0 for s in (sizes[winner], sizes[1 - winner]))
        which = "largest group" if rank == 0 else f"group number {rank + 1} by size"
        return Outcome(winner, f"{SEAT_NAMES[winner]}'s {which} is larger ({a} to {b})", sizes)


def compare_groups(sizes0: tuple[int, ...], sizes1: tuple[int, ...]) -> tuple[int | None, int]:
    """(winner, rank that decided): largest groups first, then the next, a missing one being 0."""
    for rank in range(max(len(sizes0), len(sizes1))):
        a = sizes0[rank] if rank < len(sizes0) else 0
        b = sizes1[rank] if rank < len(sizes1) else 0
        if a != b:
            return (0 if a > b else 1), rank
    return None, 0


def _start(options: Mapping[str, Any]) -> StrandsState:
    seed = options["seed"] if options["numbering"] == "random" else None
    board = Board.build(options["side"], seed)
    return StrandsState(board=board, stones=(0,) * len(board.numbers))


GAME = GameSpec(
    id="strands",
    title="Strands",
    pitch="Cover up to X spaces marked X each turn: a few big moves or many small ones.",
    seat_names=SEAT_NAMES,
    options=(
        Option("side", 6, "spaces along each side of the board (6: 91 spaces, 5: 61)",
               choices=(6, 5)),
        Option("numbering", "standard", "the standard numbers, or the same numbers shuffled",
               choices=("standard", "random")),
        Option("seed", 0, "which random shuffle, for a random numbering", minimum=0,
               maximum=2**31 - 1),
    ),
    start=_start,
    move_parser=parse_move,
)
