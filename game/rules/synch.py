"""Move In Synch, In Opposition (Leroy Quet): two markers, a directioner and a decider.

The rules in plain words (with the house rulings of RULES.md):
- An n x n grid (8 by default). Seat 0 puts its marker on a square, then seat 1 on another
  square; each start square gets its owner's symbol.
- Every move both markers move one square. The roles swap every move: seat 1 is the first
  directioner (house ruling; an option).
- Main version: the decider announces "synch" or "opposition" (only a mode that has a direction
  keeping both markers on the board), then the directioner picks one of the 8 directions that
  keeps both on the board. The directioner moves that way; the decider the same way in synch,
  the exact opposite way in opposition.
- Variation (an option): the directioner picks a direction that keeps only themself on the board,
  then the decider picks the mode among those that keep the decider on the board; if neither
  does, the decider stays put and claims nothing (house ruling).
- Moving onto an empty square draws your symbol there, unless both move onto the same empty
  square (then neither does). A square with a symbol keeps it.
- The game ends when every square has a symbol, or when one player has more symbols than the
  other's plus the empty squares. Most symbols wins; equal is a draw.
- No claim (house ruling, an option, on by default): when 2 n moves in a row (16 on the 8 x 8
  grid) claim no square, the game ends and the count decides, as above. Measured games that went
  on past such a run almost never changed their leader; without it a game can shuffle over
  claimed squares for hundreds of moves.
- The move limit (4 n^2 by default; house ruling) ends the game the same way, a backstop only.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from game.core import (
    Ending, Event, GameOver, Move, MoveParseError, NodeKind, Outcome, State, Step,
)
from game.options import Option
from game.spec import GameSpec

SEAT_NAMES = ("Cross", "Ring")
DIRECTIONS = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
DECIDER_FIRST, DIRECTIONER_FIRST = "decider-first", "directioner-first"
NO_CLAIM_PER_SIDE = 2  # the no-claim ruling ends a game after this many moves per grid side


def no_claim_moves(size: int) -> int:
    """How many moves in a row without a claim end a game under the no-claim ruling."""
    return NO_CLAIM_PER_SIDE * size


def square_label(square: tuple[int, int], size: int) -> str:
    """Chess-style name of a (row, col) square: column letter, then row counted from the bottom."""
    return f"{COLUMN_LETTERS[square[1]]}{size - square[0]}"


def label_square(label: str, size: int) -> tuple[int, int] | None:
    """The (row, col) of a square name on a board of this size, or None if it is off the board."""
    col, row = COLUMN_LETTERS.index(label[0]), size - int(label[1:])
    return (row, col) if 0 <= row < size and 0 <= col < size else None


def edge_depth(square: tuple[int, int], size: int) -> int:
    """How many squares lie between a square and the grid's nearest edge (0 on the edge)."""
    row, col = square
    return min(row, col, size - 1 - row, size - 1 - col)


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceMarker(Move):
    """Put your marker on a square at the start, named chess-style (`d4`)."""

    label: str

    def __str__(self) -> str:
        return self.label


@dataclasses.dataclass(frozen=True, slots=True)
class Mode(Move):
    """The decider's choice: move in synch (True) or in opposition (False)."""

    synch: bool

    def __str__(self) -> str:
        return "synch" if self.synch else "opp"


@dataclasses.dataclass(frozen=True, slots=True)
class Direction(Move):
    """The directioner's choice of one of the 8 compass directions (`N`, `NE`, ...)."""

    name: str

    def __str__(self) -> str:
        return self.name


SYNCH, OPPOSITION = Mode(True), Mode(False)
ALL_DIRECTIONS = tuple(Direction(name) for name in DIRECTIONS)
DIRECTION_STEPS = tuple((Direction(name), step) for name, step in DIRECTIONS.items())


def parse_move(text: str) -> Move:
    """Parse `d4` (a start square), `synch` / `opp`, or a direction such as `NE`."""
    word = text.strip()
    lower = word.lower()
    if lower in ("synch", "sync"):
        return SYNCH
    if lower in ("opp", "opposition"):
        return OPPOSITION
    if word.upper() in DIRECTIONS:
        return Direction(word.upper())
    if len(lower) >= 2 and lower[0] in COLUMN_LETTERS and lower[1:].isdigit() and lower[1] != "0":
        return PlaceMarker(lower)
    raise MoveParseError(f"{text!r} is not a square like 'd4', 'synch', 'opp' or a direction "
                         f"({' '.join(DIRECTIONS)})")


@dataclasses.dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    """A marker was put on its start square."""

    seat: int
    square: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class ModeAnnounced(Event):
    """The decider announced synch (True) or opposition (False)."""

    seat: int
    synch: bool


@dataclasses.dataclass(frozen=True, slots=True)
class DirectionChosen(Event):
    """The directioner picked a direction."""

    seat: int
    direction: str


@dataclasses.dataclass(frozen=True, slots=True)
class MarkerMoved(Event):
    """A marker moved one square."""

    seat: int
    src: tuple[int, int]
    dst: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class MarkerHeld(Event):
    """The decider could not stay on the board either way, so stayed put (variation only)."""

    seat: int
    at: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class SquareClaimed(Event):
    """A seat drew its symbol on a square."""

    seat: int
    square: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimBlocked(Event):
    """Both markers moved onto the same empty square, so neither claims it."""

    square: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class SynchState(State):
    """A position: symbols on the grid, both markers, who directs and the step of the move."""

    size: int = 8
    claims: tuple[int, ...] = ()  # per square (row-major): 0 empty, 1 seat 0, 2 seat 1
    markers: tuple[Any, Any] = (None, None)  # (row, col) of each seat's marker once placed
    variant: str = DECIDER_FIRST
    directioner: int = 1
    mode: Mode | None = None  # decider-first: the announced mode, awaiting a direction
    direction: Direction | None = None  # directioner-first: the direction, awaiting a mode
    move_limit: int = 256
    no_claim_limit: int = 0  # above 0: this many moves in a row without a claim end the game
    since_claim: int = 0  # moves in a row that claimed no square
    moves_made: int = 0
    turn_number: int = 1
    pending: tuple[Any, Any] = (None, None)
    result: Outcome | None = None

    game_id = "synch"
    seat_names = SEAT_NAMES

    @property
    def kind(self) -> NodeKind:
        """Always one seat's decision until the game ends."""
        return NodeKind.TERMINAL if self.result is not None else NodeKind.DECISION

    @property
    def placing(self) -> bool:
        """True while the markers are still being placed."""
        return self.markers[1] is None

    @property
    def decider(self) -> int:
        """The seat that decides synch or opposition this move."""
        return 1 - self.directioner

    @property
    def actors(self) -> tuple[int, ...]:
        """The one seat whose decision is awaited."""
        if self.result is not None:
            return ()
        if self.placing:
            return (0 if self.markers[0] is None else 1,)
        if self.variant == DECIDER_FIRST:
            return (self.decider if self.mode is None else self.directioner,)
        return (self.directioner if self.direction is None else self.decider,)

    def on_board(self, square: tuple[int, int]) -> bool:
        """True when the square is on the grid."""
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    def _target(self, seat: int, direction: str, synch: bool = True) -> tuple[int, int]:
        dr, dc = DIRECTIONS[direction]
        if not synch:
            dr, dc = -dr, -dc
        row, col = self.markers[seat]
        return (row + dr, col + dc)

    def _directions(self, synch: bool | None) -> tuple[Direction, ...]:
        """Directions keeping the directioner on the board, and the decider too in this mode
        (None: the directioner alone)."""
        size = self.size
        row, col = self.markers[self.directioner]
        other_row, other_col = self.markers[self.decider]
        sign = 1 if synch else -1
        return tuple(
            move for move, (dr, dc) in DIRECTION_STEPS
            if 0 <= row + dr < size and 0 <= col + dc < size and (
                synch is None or (0 <= other_row + sign * dr < size
                                  and 0 <= other_col + sign * dc < size)))

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        if seat not in self.actors:
            return ()
        if self.placing:
            taken = self.markers[0]
            return tuple(PlaceMarker(square_label((r, c), self.size))
                         for r in range(self.size) for c in range(self.size) if (r, c) != taken)
        if self.variant == DECIDER_FIRST:
            if self.mode is None:
                return tuple(m for m in (SYNCH, OPPOSITION) if self._directions(m.synch))
            return self._directions(self.mode.synch)
        if self.direction is None:
            return self._directions(None)
        return self._decider_modes(self.direction.name)

    def _decider_modes(self, direction: str) -> tuple[Mode, ...]:
        return tuple(m for m in (SYNCH, OPPOSITION)
                     if self.on_board(self._target(self.decider, direction, m.synch)))

    def _explain_illegal(self, seat: int, move: Move) -> str:
        if self.placing and isinstance(move, PlaceMarker):
            square = label_square(move.label, self.size)
            if square is None:
                return f"square {move.label} is not on this {self.size}x{self.size} board"
            return f"square {move.label} is taken by the other marker"
        if isinstance(move, Direction) and not self.placing:
            return f"moving {move.name} would take a marker off the board"
        if isinstance(move, Mode) and not self.placing:
            return f"no direction keeps both markers on the board in {move}"
        return State._explain_illegal(self, seat, move)

    def _apply_decision(self, move: Move) -> Step[SynchState]:
        seat = self.actors[0]
        if isinstance(move, PlaceMarker):
            square = label_square(move.label, self.size)
            assert square is not None  # a legal move's square is on the board
            return self._place(seat, square)
        if isinstance(move, Mode):
            events: list[Event] = [ModeAnnounced(seat, move.synch)]
            if self.variant == DECIDER_FIRST:
                return Step(self.replace(mode=move), tuple(events))
            assert self.direction is not None  # directioner first: it came before the mode
            return self._move(self.direction.name, move.synch, events)
        assert isinstance(move, Direction)  # the third kind of move
        events = [DirectionChosen(seat, move.name)]
        if self.variant == DECIDER_FIRST:
            assert self.mode is not None  # decider first: it came before the direction
            return self._move(move.name, self.mode.synch, events)
        if not self._decider_modes(move.name):
            return self._move(move.name, None, events)
        return Step(self.replace(direction=move), tuple(events))

    def _place(self, seat: int, square: tuple[int, int]) -> Step[SynchState]:
        claims = list(self.claims)
        claims[square[0] * self.size + square[1]] = seat + 1
        markers = (square, None) if seat == 0 else (self.markers[0], square)
        after = self.replace(claims=tuple(claims), markers=markers,
                                    turn_number=self.turn_number + seat)
        return Step(after, (MarkerPlaced(seat, square), SquareClaimed(seat, square)))

    def _move(self, direction: str, synch: bool | None, events: list[Event]) -> Step[SynchState]:
        """Move both markers (the decider stays if `synch` is None) and draw the claims."""
        leader, follower = self.directioner, self.decider
        targets = {leader: self._target(leader, direction)}
        if synch is not None:
            targets[follower] = self._target(follower, direction, synch)
        else:
            events.append(MarkerHeld(follower, self.markers[follower]))
        claims = list(self.claims)
        markers = list(self.markers)
        for seat in sorted(targets):
            events.append(MarkerMoved(seat, self.markers[seat], targets[seat]))
            markers[seat] = targets[seat]
        same = len(targets) == 2 and targets[0] == targets[1]
        for seat in sorted(targets):
            row, col = targets[seat]
            if claims[row * self.size + col]:
                continue
            if same:
                events.append(ClaimBlocked(targets[seat]))
                break
            claims[row * self.size + col] = seat + 1
            events.append(SquareClaimed(seat, targets[seat]))
        claimed = any(isinstance(event, SquareClaimed) for event in events)
        after = self.replace(
            claims=tuple(claims), markers=tuple(markers), directioner=follower,
            mode=None, direction=None, moves_made=self.moves_made + 1,
            since_claim=0 if claimed else self.since_claim + 1,
            turn_number=self.turn_number + 1)
        result = after._judge()
        if result is not None:
            events.append(GameOver(result))
            after = after.replace(result=result)
        return Step(after, tuple(events))

    def scores(self) -> tuple[int, int]:
        """How many symbols each seat has drawn."""
        return (self.claims.count(1), self.claims.count(2))

    def _judge(self) -> Outcome | None:
        counts = self.scores()
        empty = self.size * self.size - sum(counts)
        ending = Ending.PLAY
        if empty == 0:
            why = "every square has a symbol"
        elif max(counts) > min(counts) + empty:
            why = "the lead can no longer be caught"
        elif self.no_claim_limit and self.since_claim >= self.no_claim_limit:
            why = f"no square was claimed in {self.since_claim} moves (house rule)"
            ending = Ending.NO_CLAIM
        elif self.moves_made >= self.move_limit:
            why, ending = "the move limit was reached", Ending.LIMIT  # (counted once, in turns)
        else:
            return None
        if counts[0] == counts[1]:
            return Outcome(None, f"{why}; the symbols are level at {counts[0]}", counts, ending)
        winner = 0 if counts[0] > counts[1] else 1
        return Outcome(winner, f"{why}; {SEAT_NAMES[winner]} has more symbols "
                               f"({counts[winner]} to {counts[1 - winner]})", counts, ending)

    def square_label(self, square: tuple[int, int]) -> str:
        """The chess-style name of a square on this board."""
        return square_label(square, self.size)


def _start(options: Mapping[str, Any]) -> SynchState:
    size = options["size"]
    return SynchState(size=size, claims=(0,) * (size * size), variant=options["variant"],
                      directioner=options["first_directioner"],
                      move_limit=options["move_limit"] or 4 * size * size,
                      no_claim_limit=no_claim_moves(size) if options["no_claim"] else 0)


GAME = GameSpec(
    id="synch",
    title="Move In Synch, In Opposition",
    pitch="One picks synch or opposition, the other the direction: both markers move and claim.",
    seat_names=SEAT_NAMES,
    options=(
        Option("size", 8, "squares along each side of the grid", minimum=5, maximum=15),
        Option("variant", DECIDER_FIRST,
               "decider-first: the main rules; directioner-first: the designer's variation",
               choices=(DECIDER_FIRST, DIRECTIONER_FIRST)),
        Option("first_directioner", 1, "the seat that is directioner on the first move",
               choices=(1, 0)),
        Option("move_limit", 0, "end the game after this many moves (0: 4 x size x size)",
               minimum=0, maximum=10000),
        # games recorded before this ruling played without it
        Option("no_claim", True, "2 x size moves in a row that claim no square end the game, "
               "the count deciding (house ruling)", absent=False),
    ),
    start=_start,
    move_parser=parse_move,
)
