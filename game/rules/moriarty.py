"""Moriarty (Scott Slomiany): Pivot and Active tokens, secret moves, secret Bonus Colours.

The rules in plain words (with the house rulings of RULES.md):
- An 8x8 board, rows 1..8 from South's side, with imaginary rows 0 and 9 just off the board; the
  Centre Line lies between rows 4 and 5. Eight tokens, two of each of four colours, one per column.
- Setup: South puts the tokens on the dark squares of rows 4 and 5 (row 4: columns 2 4 6 8; row 5:
  columns 1 3 5 7), choosing the colours. Both players secretly pick a Bonus Colour. North then
  decides who holds the Edge first.
- A round: the Edge holder picks the Pivot token; the tokens in the columns either side (wrapping
  1<->8) are active. The other player openly takes one; the Edge holder moves the other. Both
  secretly choose toward-me or away-from-me, revealed together; each moves one row (a token on
  row 0 or 9 must move toward the Centre Line). Then the Pivot moves: both actives went the same
  board direction -> 2 rows the opposite way, stopping at row 0 or 9; opposite directions -> one
  row toward the Centre Line (crossing it from row 4 or 5). Then the Edge passes.
- Ending: while any token is on row 0 or 9, a player may end the game instead of making their
  selection (the Edge holder instead of a Pivot, the other player instead of an Active Token).
- Moriarty: between rounds the Edge holder may declare, naming the opponent's Bonus Colour; after
  the Edge passes the new holder may (before picking the Pivot). Right: the declarer scores all
  points on the board; wrong: the opponent does.
- Scoring: South scores rows 4 3 2 1 0 as 1 2 3 4 5 points per token; North rows 5 6 7 8 9 the
  same. Tokens of your Bonus Colour count x3, x4, x5 in games 1, 2, 3. Tokens across the line
  score nothing for you.
- A match is three games; players swap South and North each game (house ruling); the higher
  running total wins, equal totals draw. A round limit (60 by default) ends a game nobody ends.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from game.core import (
    Ending, Event, GameOver, Move, MoveParseError, NodeKind, Outcome, State, Step, tuple_with,
)
from game.options import Option
from game.spec import GameSpec

SEAT_NAMES = ("Eks", "Oh")
ROLES = ("South", "North")
COLOURS = ("orange", "blue", "green", "pink")
LETTERS = "OBGP"
COLUMNS = 8
START_ROWS = tuple(5 if col % 2 == 0 else 4 for col in range(COLUMNS))  # column 1 is index 0
SOUTH_COLUMNS = tuple(c for c, row in enumerate(START_ROWS) if row <= 4)  # placed on South's side
NORTH_COLUMNS = tuple(c for c, row in enumerate(START_ROWS) if row > 4)
SETUP, BONUS, EDGE, PIVOT, ACTIVE, DIRECTION, DECLARE, OVER = (
    "setup", "bonus", "edge", "pivot", "active", "direction", "declare", "over")


def _colour(letter: str) -> int:
    if len(letter) != 1 or letter.upper() not in LETTERS:
        raise MoveParseError(f"{letter!r} is not a colour letter ({' '.join(LETTERS)})")
    return LETTERS.index(letter.upper())


def _column(text: str) -> int:
    if len(text) != 1 or text not in "12345678":
        raise MoveParseError(f"{text!r} is not a column 1..8")
    return int(text) - 1


# ---- moves -------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Place(Move):
    """South's setup: a token of this colour in this column (`O1`: orange in column 1)."""

    colour: int
    column: int

    def __str__(self) -> str:
        return f"{LETTERS[self.colour]}{self.column + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Bonus(Move):
    """Secretly pick your Bonus Colour for this game (`bonus O`)."""

    colour: int

    def __str__(self) -> str:
        return f"bonus {LETTERS[self.colour]}"


@dataclasses.dataclass(frozen=True, slots=True)
class GiveEdge(Move):
    """North's choice of who holds the Edge first (`edge south` / `edge north`)."""

    to_south: bool

    def __str__(self) -> str:
        return "edge south" if self.to_south else "edge north"


@dataclasses.dataclass(frozen=True, slots=True)
class PickPivot(Move):
    """The Edge holder picks the token in this column as the Pivot (`pivot 3`)."""

    column: int

    def __str__(self) -> str:
        return f"pivot {self.column + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Move):
    """The other player takes the active token in this column (`take 2`)."""

    column: int

    def __str__(self) -> str:
        return f"take {self.column + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Slide(Move):
    """Secretly move your active token toward you (True) or away from you (False)."""

    toward: bool

    def __str__(self) -> str:
        return "toward" if self.toward else "away"


@dataclasses.dataclass(frozen=True, slots=True)
class EndGame(Move):
    """Declare the game over (allowed while a token is on row 0 or 9)."""

    def __str__(self) -> str:
        return "end"


@dataclasses.dataclass(frozen=True, slots=True)
class Declare(Move):
    """Declare Moriarty, naming the colour you think is the opponent's Bonus Colour."""

    colour: int

    def __str__(self) -> str:
        return f"moriarty {LETTERS[self.colour]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Move):
    """Let the Moriarty moment go by."""

    def __str__(self) -> str:
        return "pass"


TOWARD, AWAY, END, PASS = Slide(True), Slide(False), EndGame(), Pass()
PLACES = tuple(tuple(Place(k, c) for k in range(4)) for c in range(COLUMNS))  # [column][colour]
PIVOTS = tuple(PickPivot(c) for c in range(COLUMNS))
GUESSES = tuple(Declare(k) for k in range(4))
BONUSES = tuple(Bonus(k) for k in range(4))


def parse_move(text: str) -> Move:
    """Parse `O1`, `bonus O`, `edge south`, `pivot 3`, `take 2`, `toward`, `away`, `end`,
    `moriarty O` or `pass`."""
    words = text.strip().lower().split()
    simple = {"toward": TOWARD, "away": AWAY, "end": END, "pass": PASS,
              "edge south": GiveEdge(True), "edge north": GiveEdge(False)}
    joined = " ".join(words)
    if joined in simple:
        return simple[joined]
    if len(words) == 1 and len(words[0]) == 2:
        return Place(_colour(words[0][0]), _column(words[0][1]))
    if len(words) == 2:
        verb, arg = words
        if verb == "bonus":
            return Bonus(_colour(arg))
        if verb == "moriarty":
            return Declare(_colour(arg))
        if verb == "pivot":
            return PickPivot(_column(arg))
        if verb == "take":
            return Take(_column(arg))
    raise MoveParseError(f"{text!r} is not a Moriarty move (e.g. O1, bonus O, edge south, "
                         "pivot 3, take 2, toward, away, end, moriarty O, pass)")


# ---- events ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class TokenPlaced(Event):
    """South put a token of `colour` in `column` on `row`."""

    colour: int
    column: int
    row: int


@dataclasses.dataclass(frozen=True, slots=True)
class BonusesChosen(Event):
    """Both players have secretly picked their Bonus Colours (which, is not said)."""


@dataclasses.dataclass(frozen=True, slots=True)
class EdgeGiven(Event):
    """`seat` holds the Edge (North's choice at the start, then it passes every round)."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class PivotChosen(Event):
    """The Edge holder picked the Pivot; the tokens in `actives` are active."""

    seat: int
    column: int
    actives: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class TokensAssigned(Event):
    """Which active token each seat moves (by column), after the other player took one."""

    columns: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class SlidesRevealed(Event):
    """Both secret choices shown: per seat, toward (True) or away (False)."""

    toward: tuple[bool, bool]


@dataclasses.dataclass(frozen=True, slots=True)
class TokenSlid(Event):
    """A token slid along its column (`role`: 'active' or 'pivot')."""

    column: int
    src: int
    dst: int
    role: str


@dataclasses.dataclass(frozen=True, slots=True)
class GameEndDeclared(Event):
    """`seat` declared the game over."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class MoriartyDeclared(Event):
    """`seat` named `colour` as the opponent's Bonus Colour; `correct` says if it was."""

    seat: int
    colour: int
    correct: bool


@dataclasses.dataclass(frozen=True, slots=True)
class GameScored(Event):
    """A game of the match ended: Bonus Colours revealed and points per seat."""

    game_index: int
    bonus: tuple[int, int]
    points: tuple[int, int]
    totals: tuple[int, int]
    reason: str
    ending: Ending = Ending.PLAY  # LIMIT: the round limit scored it


# ---- state -------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class MoriartyState(State):
    """A position in a match: the tokens, the secrets, the Edge and the step of the round."""

    games: int = 3
    round_limit: int = 60
    swap_sides: bool = True
    game_index: int = 0
    south: int = 0  # the seat playing South this game
    colours: tuple[Any, ...] = (None,) * COLUMNS  # colour per column (None until placed)
    rows: tuple[int, ...] = START_ROWS
    phase: str = SETUP
    bonus: tuple[Any, Any] = (None, None)  # per seat, for this game
    edge: int = 0  # the seat holding the Edge (once given)
    pivot: int | None = None
    tokens: tuple[Any, Any] = (None, None)  # the active column each seat moves this round
    rounds: int = 0  # rounds played this game
    totals: tuple[int, int] = (0, 0)
    history: tuple[GameScored, ...] = ()  # a GameScored per finished game
    turn_number: int = 1
    pending: tuple[Any, Any] = (None, None)
    result: Outcome | None = None

    game_id = "moriarty"
    seat_names = SEAT_NAMES

    @property
    def kind(self) -> NodeKind:
        """Simultaneous for Bonus Colours and slides, else one seat's decision, until over."""
        if self.result is not None:
            return NodeKind.TERMINAL
        return NodeKind.SIMULTANEOUS if self.phase in (BONUS, DIRECTION) else NodeKind.DECISION

    @property
    def north(self) -> int:
        """The seat playing North this game."""
        return 1 - self.south

    @property
    def actors(self) -> tuple[int, ...]:
        """Who acts: South at setup, both for secrets, North for the Edge, then by the Edge."""
        phase = self.phase
        if self.result is not None:
            return ()
        if phase in (BONUS, DIRECTION):
            return (0, 1)
        if phase == SETUP:
            return (self.south,)
        if phase == EDGE:
            return (self.north,)
        return (1 - self.edge,) if phase == ACTIVE else (self.edge,)

    def role(self, seat: int) -> str:
        """'South' or 'North' for this seat in the current game."""
        return ROLES[0] if seat == self.south else ROLES[1]

    def actives(self, pivot: int) -> tuple[int, int]:
        """The columns either side of a pivot column, wrapping around."""
        return ((pivot - 1) % COLUMNS, (pivot + 1) % COLUMNS)

    @property
    def can_end(self) -> bool:
        """True while a token is on row 0 or 9, so the game may be declared over."""
        return 0 in self.rows or 9 in self.rows

    def _slide_delta(self, seat: int, toward: bool) -> int:
        south = seat == self.south
        return -1 if south == toward else 1

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        if self.result is not None or seat not in self.awaiting:
            return ()
        phase = self.phase
        if phase == SETUP:
            free = [c for c in range(COLUMNS) if self.colours[c] is None]
            left = [k for k in range(4) if self.colours.count(k) < 2]
            return tuple(PLACES[c][k] for c in free for k in left)
        if phase == BONUS:
            return BONUSES
        if phase == EDGE:
            return (GiveEdge(True), GiveEdge(False))
        if phase == DIRECTION:
            row = self.rows[self.tokens[seat]]
            return tuple(s for s in (TOWARD, AWAY)
                         if 0 <= row + self._slide_delta(seat, s.toward) <= 9)
        ending = (END,) if self.can_end else ()
        if phase == PIVOT:
            return PIVOTS + ending + (GUESSES if self.rounds else ())
        if phase == ACTIVE:
            assert self.pivot is not None  # chosen before the active tokens
            return tuple(Take(c) for c in self.actives(self.pivot)) + ending
        return (PASS,) + GUESSES  # DECLARE

    def _explain_illegal(self, seat: int, move: Move) -> str:
        if isinstance(move, EndGame):
            return "the game can be declared over only while a token is on row 0 or 9, " \
                   "at a Pivot or Active Token choice"
        if isinstance(move, Declare):
            return "Moriarty can be declared only between rounds"
        if isinstance(move, Slide) and self.phase == DIRECTION:
            return "a token on row 0 or 9 must move toward the Centre Line"
        if isinstance(move, Take) and self.phase == ACTIVE and self.pivot is not None:
            sides = " or ".join(str(c + 1) for c in self.actives(self.pivot))
            return f"take one of the active tokens, in column {sides}"
        if isinstance(move, Place) and self.phase == SETUP:
            if self.colours[move.column] is not None:
                return f"column {move.column + 1} already has its token"
            return f"both {COLOURS[move.colour]} tokens are already placed"
        return State._explain_illegal(self, seat, move)

    # ---- transitions ---------------------------------------------------------------------
    def _apply_decision(self, move: Move) -> Step[MoriartyState]:
        seat = self.actors[0]
        if isinstance(move, Place):
            colours = tuple_with(self.colours, move.column, move.colour)
            event = TokenPlaced(move.colour, move.column, self.rows[move.column])
            done = None not in colours
            after = self.replace(colours=colours, phase=BONUS if done else SETUP,
                                        turn_number=self.turn_number + done)
            return Step(after, (event,))
        if isinstance(move, GiveEdge):
            edge = self.south if move.to_south else self.north
            after = self.replace(edge=edge, phase=PIVOT,
                                        turn_number=self.turn_number + 1)
            return Step(after, (EdgeGiven(edge),))
        if isinstance(move, PickPivot):
            actives = self.actives(move.column)
            after = self.replace(pivot=move.column, phase=ACTIVE)
            return Step(after, (PivotChosen(seat, move.column, actives),))
        if isinstance(move, Take):
            assert self.pivot is not None  # chosen before the active tokens
            other = next(c for c in self.actives(self.pivot) if c != move.column)
            tokens = (move.column, other) if seat == 0 else (other, move.column)
            after = self.replace(tokens=tokens, phase=DIRECTION)
            return Step(after, (TokensAssigned(tokens),))
        if isinstance(move, EndGame):
            return self._score_game([GameEndDeclared(seat)], f"{SEAT_NAMES[seat]} declared the "
                                                             "game over")
        if isinstance(move, Declare):
            return self._moriarty(seat, move.colour)
        return self._pass_edge([])  # Pass

    def _resolve(self, moves: tuple[Move, Move]) -> Step[MoriartyState]:
        first, second = moves
        if self.phase == BONUS:
            assert isinstance(first, Bonus) and isinstance(second, Bonus)
            colours = (first.colour, second.colour)
            after = self.replace(bonus=colours, phase=EDGE,
                                        turn_number=self.turn_number + 1)
            return Step(after, (BonusesChosen(),))
        assert isinstance(first, Slide) and isinstance(second, Slide)
        toward = (first.toward, second.toward)
        events: list[Event] = [SlidesRevealed(toward)]
        rows = list(self.rows)
        deltas = []
        for seat in (0, 1):
            column = self.tokens[seat]
            delta = self._slide_delta(seat, toward[seat])
            deltas.append(delta)
            rows[column] += delta
            events.append(TokenSlid(column, self.rows[column], rows[column], "active"))
        pivot = self.pivot
        assert pivot is not None  # chosen before the slides
        pivot_row = rows[pivot]
        if deltas[0] == deltas[1]:
            target = min(9, max(0, pivot_row - 2 * deltas[0]))
        else:
            target = pivot_row + 1 if pivot_row <= 4 else pivot_row - 1
        rows[pivot] = target
        events.append(TokenSlid(pivot, pivot_row, target, "pivot"))
        after = self.replace(rows=tuple(rows), pivot=None, tokens=(None, None),
                                    rounds=self.rounds + 1, phase=DECLARE)
        if after.rounds >= self.round_limit:
            return after._score_game(events, f"the round limit of {self.round_limit} was reached",
                                     ending=Ending.LIMIT)
        return Step(after, tuple(events))

    def _pass_edge(self, events: list[Event]) -> Step[MoriartyState]:
        edge = 1 - self.edge
        events.append(EdgeGiven(edge))
        after = self.replace(edge=edge, phase=PIVOT, turn_number=self.turn_number + 1)
        return Step(after, tuple(events))

    def _moriarty(self, seat: int, colour: int) -> Step[MoriartyState]:
        correct = self.bonus[1 - seat] == colour
        events: list[Event] = [MoriartyDeclared(seat, colour, correct)]
        everything = sum(self.board_points(s) for s in (0, 1))
        winner = seat if correct else 1 - seat
        points = (everything, 0) if winner == 0 else (0, everything)
        verdict = "right" if correct else "wrong"
        return self._score_game(events, f"{SEAT_NAMES[seat]} declared Moriarty and was "
                                        f"{verdict}: {SEAT_NAMES[winner]} scores all the points",
                                points)

    def board_points(self, seat: int) -> int:
        """This seat's normal points for the board as it stands (its Bonus Colour, if known)."""
        multiplier = 3 + self.game_index
        south = seat == self.south
        bonus = self.bonus[seat]
        total = 0
        for colour, row in zip(self.colours, self.rows):
            points = 5 - row if south else row - 4
            if points > 0:
                total += points * (multiplier if bonus is not None and colour == bonus else 1)
        return total

    def scores(self) -> tuple[int, int]:
        """The running match totals."""
        return self.totals

    def _score_game(self, events: list[Event], reason: str,
                    points: tuple[int, int] | None = None,
                    ending: Ending = Ending.PLAY) -> Step[MoriartyState]:
        if points is None:
            points = (self.board_points(0), self.board_points(1))
        totals = (self.totals[0] + points[0], self.totals[1] + points[1])
        scored = GameScored(self.game_index, self.bonus, points, totals, reason, ending)
        events.append(scored)
        history = self.history + (scored,)
        if self.game_index + 1 >= self.games:
            result = _match_outcome(totals, self.games)
            events.append(GameOver(result))
            after = self.replace(totals=totals, history=history, phase=OVER,
                                        result=result, turn_number=self.turn_number + 1)
            return Step(after, tuple(events))
        south = 1 - self.south if self.swap_sides else self.south
        after = MoriartyState(games=self.games, round_limit=self.round_limit,
                              swap_sides=self.swap_sides, game_index=self.game_index + 1,
                              south=south, totals=totals, history=history,
                              turn_number=self.turn_number + 1)
        return Step(after, tuple(events))

    @property
    def reveals_choices(self) -> bool:
        """Slides are revealed together; Bonus Colours stay secret until the game is scored."""
        return self.phase != BONUS

    def observe(self, seat: int) -> "MoriartyState":
        """The state as `seat` knows it: the opponent's Bonus Colour and sealed slide hidden."""
        seen = State.observe(self, seat)
        if self.result is None and self.bonus[1 - seat] is not None:
            seen = seen.replace(bonus=tuple_with(self.bonus, 1 - seat, None))
        return seen

    def observe_public(self) -> "MoriartyState":
        """The state as an onlooker knows it: both Bonus Colours and any sealed slide hidden."""
        seen = State.observe_public(self)
        if self.result is None and self.bonus != (None, None):
            seen = seen.replace(bonus=(None, None))
        return seen


def _match_outcome(totals: tuple[int, int], games: int) -> Outcome:
    match = "match" if games > 1 else "game"
    if totals[0] == totals[1]:
        return Outcome(None, f"the {match} is level at {totals[0]} points", totals)
    winner = 0 if totals[0] > totals[1] else 1
    return Outcome(winner, f"{SEAT_NAMES[winner]} wins the {match} "
                           f"{totals[winner]} to {totals[1 - winner]}", totals)



def _start(options: Mapping[str, Any]) -> MoriartyState:
    return MoriartyState(games=options["games"], round_limit=options["round_limit"],
                         swap_sides=options["swap_sides"])


GAME = GameSpec(
    id="moriarty",
    title="Moriarty",
    pitch="Slide tokens in secret around a Pivot, hide your Bonus Colour, and guess theirs.",
    seat_names=SEAT_NAMES,
    secret_choices=True,
    options=(
        Option("games", 3, "games in the match (the designer's match is three)", choices=(3, 1)),
        Option("round_limit", 60, "rounds after which a game nobody ends is scored",
               minimum=1, maximum=500),
        Option("swap_sides", True, "players swap South and North each game of the match"),
    ),
    start=_start,
    move_parser=parse_move,
)
