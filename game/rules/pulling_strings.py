"""Pulling Strings (Clark D. Rodeffer): simultaneous secret string pulls on a 5x5 grid.

The rules in plain words (with the house rulings of RULES.md):
- Stacks of pieces rest on the 25 intersections of 5 column strings and 5 row strings. The game
  starts with a stack of 5 on the centre. Eks (seat 0) and Oh (seat 1) each own four homes.
- Each turn both players secretly pick the end of an unbroken string; the picks are shown at once.
  String ends: top `a b c d e` pull a column up; right `f g h i l` pull a row right; bottom
  `m n o r s` (right to left) pull a column down; left `t v w x y` (bottom to top) pull a row left.
- A stack on one pulled string moves one intersection toward the pulled end, or stays against the
  edge. A stack pulled two different ways (where two pulled strings cross, or on a string pulled
  from both ends) splits into two stacks of ceil(n/2) each, one going each way; a half pulled into
  the edge stays. A corner stack pulled into both its walls stays whole (house ruling).
- If both pull the same end, every stack on that string moves one step and the string breaks.
- All splits and moves are worked out from the position before the turn; then stacks that land
  together combine. Supply is unlimited (house ruling).
- After each turn, if either home total is 5 or more the higher total wins; if they are equal,
  play goes on and the first later turn whose totals differ decides it. No unbroken string left,
  an agreed draw, or the optional turn limit end the game drawn (house rulings).
- Repetition (house ruling, an option, on by default): the game ends when a turn brings the
  board (the stacks, the broken strings) back to a position it has held twice before, or when
  the board stands still for 5 turns in a row. The home totals decide: the higher total wins,
  equal totals draw. Scored so because a draw would reward the player behind for keeping a cycle
  going; counted this way, the player behind must break it.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from game.core import (
    Ending, Event, GameOver, IllegalMoveError, Move, MoveParseError, NodeKind, Outcome, State, Step,
)
from game.options import Option
from game.spec import GameSpec

SIZE = 5
SEAT_NAMES = ("Eks", "Oh")
HOMES = (((0, 1), (1, 4), (3, 0), (4, 3)), ((0, 3), (1, 0), (3, 4), (4, 1)))
Position = tuple[tuple[int, ...], int, bool]  # what the repetition ruling compares (`position`)
HOME_MARKS = ("X", "O")
HOME_INDEXES = tuple(tuple(r * SIZE + c for r, c in homes) for homes in HOMES)  # in `stacks`
UP, DOWN, LEFT, RIGHT = (-1, 0), (1, 0), (0, -1), (0, 1)
DEMO_TURN_LIMIT = 30  # the turn limit of bot-vs-bot demos
# the repetition ruling: the third arrival at a position, or this many still turns in a row,
# ends the game (at 3, Medium v Medium drew 7 of 8 games by standing still; at 5, 3 of 8)
STANDSTILL_TURNS = 5
ROW_LETTERS = "yxwvt"  # left ends, top row first: the seeds' figures name rows by them

# Each end: (string id, pull direction). Strings 0..4 are columns a..e, 5..9 are rows y..t.
END_INFO: Mapping[str, tuple[int, tuple[int, int]]] = {
    **{end: (col, UP) for col, end in enumerate("abcde")},
    **{end: (SIZE + row, RIGHT) for row, end in enumerate("fghil")},
    **{end: (col, DOWN) for col, end in enumerate("sronm")},
    **{end: (SIZE + row, LEFT) for row, end in enumerate("yxwvt")},
}
ENDS = "".join(sorted(END_INFO))
STRING_ENDS = tuple(
    "".join(sorted(end for end, (sid, _) in END_INFO.items() if sid == string))
    for string in range(2 * SIZE)
)


def string_cells(string: int) -> tuple[tuple[int, int], ...]:
    """The intersections a string runs through, as (row, col)."""
    if string < SIZE:
        return tuple((row, string) for row in range(SIZE))
    return tuple((string - SIZE, col) for col in range(SIZE))


def moves_a_stack(stacks: tuple[int, ...], end: str) -> bool:
    """True when pulling this end moves some stack, whatever the other pull: a stack lies on
    its string short of the edge it is pulled toward."""
    string, direction = END_INFO[end]
    for row, col in string_cells(string):
        if stacks[row * SIZE + col] and _step((row, col), direction) != (row, col):
            return True
    return False


@dataclasses.dataclass(frozen=True, slots=True)
class Pull(Move):
    """Pull one string end, named by its letter."""

    end: str

    def __str__(self) -> str:
        return self.end


PULLS = tuple(Pull(end) for end in ENDS)
PULL_STRINGS = tuple((pull, END_INFO[pull.end][0]) for pull in PULLS)


def parse_move(text: str) -> Pull:
    """Parse a string-end letter such as `c`."""
    end = text.strip().lower()
    if end not in END_INFO:
        raise MoveParseError(f"{text!r} is not a string end (ends: {' '.join(ENDS)})")
    return Pull(end)


# ---- events ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class PullsRevealed(Event):
    """Both secret pulls shown together: (Eks's end, Oh's end)."""

    ends: tuple[str, str]


@dataclasses.dataclass(frozen=True, slots=True)
class StackMoved(Event):
    """A whole stack slid one intersection."""

    src: tuple[int, int]
    dst: tuple[int, int]
    size: int


@dataclasses.dataclass(frozen=True, slots=True)
class StackHeld(Event):
    """A pulled stack stayed where it was (against the edge, or a corner pulled into both walls)."""

    at: tuple[int, int]
    size: int


@dataclasses.dataclass(frozen=True, slots=True)
class StackSplit(Event):
    """A stack of `size` split in two halves, each going to its (destination, size)."""

    src: tuple[int, int]
    size: int
    parts: tuple[tuple[tuple[int, int], int], tuple[tuple[int, int], int]]


@dataclasses.dataclass(frozen=True, slots=True)
class StacksCombined(Event):
    """Stacks that landed on one intersection became one stack of `total`."""

    at: tuple[int, int]
    sizes: tuple[int, ...]
    total: int


@dataclasses.dataclass(frozen=True, slots=True)
class StringBroken(Event):
    """Both pulled the same end: the string (both its ends) is broken for the rest of the game."""

    string: int
    ends: str


# ---- state -------------------------------------------------------------------------------
def _start_stacks() -> tuple[int, ...]:
    stacks = [0] * (SIZE * SIZE)
    stacks[(SIZE // 2) * SIZE + SIZE // 2] = 5
    return tuple(stacks)


@dataclasses.dataclass(frozen=True, slots=True)
class PullingStringsState(State):
    """A Pulling Strings position: stack sizes by intersection, broken strings, the tie flag."""

    stacks: tuple[int, ...] = dataclasses.field(default_factory=_start_stacks)
    broken: int = 0  # bit i set: string i is broken
    turn_number: int = 1
    tied: bool = False  # totals were equal at 5 or more: the next difference decides
    turn_limit: int = 0
    repetition: bool = False  # the house ruling: a position's third time ends the game
    seen_once: frozenset[Position] = frozenset()  # positions (`position`) that have stood once
    seen_twice: frozenset[Position] = frozenset()  # and twice
    still_turns: int = 0  # whole turns in a row that left the board as it was
    pending: tuple[Any, Any] = (None, None)
    result: Outcome | None = None

    game_id = "pulling_strings"
    seat_names = SEAT_NAMES
    draw_by_agreement = True

    @property
    def kind(self) -> NodeKind:
        """Simultaneous every turn until the game is over."""
        return NodeKind.TERMINAL if self.result is not None else NodeKind.SIMULTANEOUS

    @property
    def actors(self) -> tuple[int, ...]:
        """Both seats pull every turn."""
        return () if self.result is not None else (0, 1)

    def stack_at(self, row: int, col: int) -> int:
        """The number of pieces at an intersection."""
        return self.stacks[row * SIZE + col]

    def is_broken(self, end: str) -> bool:
        """True when the string of this end is broken."""
        return bool(self.broken >> END_INFO[end][0] & 1)

    def home_total(self, seat: int) -> int:
        """Pieces on this seat's four homes."""
        return sum(map(self.stacks.__getitem__, HOME_INDEXES[seat]))

    def scores(self) -> tuple[int, int]:
        """Both home totals."""
        return (self.home_total(0), self.home_total(1))

    def position(self) -> Position:
        """What the repetition ruling compares: the stacks, the broken strings, the tie flag."""
        return (self.stacks, self.broken, self.tied)

    def times_seen(self, position: Position | None = None) -> int:
        """How many times a position (by default this one) has stood so far, up to 2."""
        key = self.position() if position is None else position
        return 2 if key in self.seen_twice else 1 if key in self.seen_once else 0

    def _counted(self) -> "PullingStringsState":
        """This state with its own position counted once more (a third time ends the game)."""
        key = self.position()
        if key in self.seen_twice:
            return self
        if key in self.seen_once:
            return self.replace(seen_twice=self.seen_twice | {key})
        return self.replace(seen_once=self.seen_once | {key})

    def _legal_moves(self, seat: int) -> tuple[Pull, ...]:
        # Every unbroken string end, for a seat that has not chosen yet.
        if self.result is not None or self.pending[seat] is not None:
            return ()
        broken = self.broken
        if not broken:
            return PULLS
        return tuple(pull for pull, string in PULL_STRINGS if not broken >> string & 1)

    def is_legal(self, seat: int, move: Move) -> bool:
        """True when `move` is an unbroken end and `seat` has not chosen yet."""
        return (isinstance(move, Pull) and move.end in END_INFO and self.result is None
                and self.pending[seat] is None and not self.is_broken(move.end))

    def _explain_illegal(self, seat: int, move: Move) -> str:
        if isinstance(move, Pull) and move.end in END_INFO and self.is_broken(move.end):
            return f"the string of {move.end} is broken ({STRING_ENDS[END_INFO[move.end][0]]})"
        return State._explain_illegal(self, seat, move)

    def _apply_decision(self, move: Move) -> Step[PullingStringsState]:  # pragma: no cover
        raise IllegalMoveError("Pulling Strings has no one-seat decisions")

    def _resolve(self, moves: tuple[Move, Move]) -> Step[PullingStringsState]:
        pull0, pull1 = moves
        assert isinstance(pull0, Pull) and isinstance(pull1, Pull)  # its only moves
        end0, end1 = pull0.end, pull1.end
        events: list[Event] = [PullsRevealed((end0, end1))]
        pulled: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for end in dict.fromkeys((end0, end1)):  # Eks's pull first, each end once
            string, direction = END_INFO[end]
            for cell in string_cells(string):
                if self.stacks[cell[0] * SIZE + cell[1]]:
                    pulled.setdefault(cell, []).append(direction)
        landed: dict[tuple[int, int], list[int]] = {}
        for index, size in enumerate(self.stacks):
            if not size:
                continue
            cell = divmod(index, SIZE)
            directions = pulled.get(cell)
            if directions is None:
                landed.setdefault(cell, []).append(size)
                continue
            targets = [_step(cell, d) for d in directions]
            if all(t == cell for t in targets):
                events.append(StackHeld(cell, size))
                landed.setdefault(cell, []).append(size)
            elif len(targets) == 1:
                events.append(StackMoved(cell, targets[0], size))
                landed.setdefault(targets[0], []).append(size)
            else:
                half = (size + 1) // 2
                events.append(StackSplit(cell, size, ((targets[0], half), (targets[1], half))))
                for target in targets:
                    landed.setdefault(target, []).append(half)
        stacks = [0] * (SIZE * SIZE)
        for cell, sizes in landed.items():
            stacks[cell[0] * SIZE + cell[1]] = sum(sizes)
            if len(sizes) > 1:
                events.append(StacksCombined(cell, tuple(sizes), sum(sizes)))
        broken = self.broken
        if end0 == end1:
            string = END_INFO[end0][0]
            broken |= 1 << string
            events.append(StringBroken(string, STRING_ENDS[string]))
        before = self._counted() if self.repetition and not self.times_seen() else self
        after = before.replace(stacks=tuple(stacks), broken=broken,
                               turn_number=self.turn_number + 1)
        return after._judge(events, self.position())

    def _judge(self, events: list[Event], previous: Position) -> Step[PullingStringsState]:
        totals = self.scores()
        tied = self.tied
        result = None
        if totals[0] != totals[1] and (tied or max(totals) >= 5):
            winner = 0 if totals[0] > totals[1] else 1
            how = "after an earlier tie, " if tied else ""
            result = Outcome(winner, f"{how}{SEAT_NAMES[winner]} has more pieces home "
                                     f"({totals[winner]} to {totals[1 - winner]})", totals)
        elif totals[0] == totals[1] and totals[0] >= 5:
            tied = True
        judged = self.replace(tied=tied)
        if result is None and self.broken == (1 << 2 * SIZE) - 1:
            result = Outcome(None, "every string is broken", totals)
        if result is None and self.repetition:
            if judged.position() == previous:  # a still turn: counted in a run of its own
                judged = judged.replace(still_turns=self.still_turns + 1)
                if judged.still_turns >= STANDSTILL_TURNS:
                    result = _repetition_outcome(
                        totals, f"the board stood still for {STANDSTILL_TURNS} turns")
            else:
                judged = judged.replace(still_turns=0)
                if judged.times_seen() == 2:  # twice before: this is its third time
                    result = _repetition_outcome(
                        totals, "the same position came round a third time")
                judged = judged._counted()
        if result is None and self.turn_limit and self.turn_number > self.turn_limit:
            result = Outcome(None, "the turn limit was reached", totals,  # (counted once, in turns)
                             Ending.LIMIT)
        if result is not None:
            events.append(GameOver(result))
        return Step(judged.replace(result=result), tuple(events))

    # ---- diagrams, as the seed's figures draw them -----------------------------------------
    def row_diagram(self, row: int | str) -> str:
        """One row as the seed draws it: digits for stacks, X/O for empty homes, '.' elsewhere."""
        if isinstance(row, str):
            row = ROW_LETTERS.index(row)
        marks = []
        for col in range(SIZE):
            size = self.stacks[row * SIZE + col]
            home = next((HOME_MARKS[s] for s in (0, 1) if (row, col) in HOMES[s]), ".")
            marks.append(str(size) if size else home)
        return "".join(marks)

    def diagram(self) -> str:
        """The whole board with its string-end letters, as in the seed's figures."""
        lines = ["  a b c d e"]
        for row, (left, right) in enumerate(zip(ROW_LETTERS, "fghil")):
            lines.append(f"{left} {' '.join(self.row_diagram(row))} {right}")
        lines.append("  s r o n m")
        return "\n".join(lines)


def _repetition_outcome(totals: tuple[int, int], why: str) -> Outcome:
    """The repetition ruling's end: the higher home total wins, equal totals draw."""
    why += " (house rule)"
    if totals[0] == totals[1]:
        return Outcome(None, f"{why}; the homes are level at {totals[0]}", totals,
                       Ending.REPETITION)
    winner = 0 if totals[0] > totals[1] else 1
    return Outcome(winner, f"{why}; {SEAT_NAMES[winner]} has more pieces home "
                           f"({totals[winner]} to {totals[1 - winner]})", totals,
                   Ending.REPETITION)


def _step(cell: tuple[int, int], direction: tuple[int, int]) -> tuple[int, int]:
    row, col = cell[0] + direction[0], cell[1] + direction[1]
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return (row, col)
    return cell


def from_diagram(rows: Mapping[str, str], **fields: Any) -> PullingStringsState:
    """A position from seed-style rows, e.g. {"x": "O.3.X"}; rows not given are empty."""
    stacks = [0] * (SIZE * SIZE)
    for letter, text in rows.items():
        row = ROW_LETTERS.index(letter)
        if len(text) != SIZE:
            raise ValueError(f"row {letter!r} must have {SIZE} marks: {text!r}")
        for col, mark in enumerate(text):
            if mark.isdigit():
                stacks[row * SIZE + col] = int(mark)
    return PullingStringsState(stacks=tuple(stacks), **fields)


def _start(options: Mapping[str, Any]) -> PullingStringsState:
    return PullingStringsState(turn_limit=options["turn_limit"],
                               repetition=options["repetition"])


GAME = GameSpec(
    id="pulling_strings",
    title="Pulling Strings",
    pitch="Pull strings in secret: stacks slide, split and combine on the way to your homes.",
    seat_names=SEAT_NAMES,
    secret_choices=True,
    options=(
        Option("turn_limit", 0, "end the game drawn after this many turns (0: no limit)",
               minimum=0, maximum=1000),
        # games recorded before this ruling played without it
        Option("repetition", True, "a position that comes round for the third time, or a board "
               "still for 5 turns, ends the game, the home totals deciding (house ruling)",
               absent=False),
    ),
    # bot-vs-bot demos: on by default (RULES), short enough that a kiosk demo game ends by the
    # rules within its few minutes on screen (a demo turn takes about 5 s at speed 1)
    demo_options={"turn_limit": DEMO_TURN_LIMIT},
    start=_start,
    move_parser=parse_move,
)
