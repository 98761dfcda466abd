"""The engine's shared vocabulary: node kinds, outcomes, moves, events, errors and the State base.

Every game's state is an immutable dataclass built on `State`. A state is one of four kinds of
node (`NodeKind`): one seat to decide, both seats choosing simultaneously, chance, or over.
`apply` and friends never mutate: they return a `Step` (the new state and the events that
describe what happened, for renderers to animate). `apply` never draws a random number: chance
outcomes come from the caller (the match layer draws them from a seeded generator).

At a simultaneous node each seat commits its choice separately (`apply(move, seat)`); the first
commit is sealed inside the state and `observe` hides it from the other seat. `apply_joint`
resolves both choices at once, which is what search uses.
"""
from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction
from typing import Any, ClassVar, Generic, NamedTuple, Self, Sequence, TypeVar


class NodeKind(enum.Enum):
    """What kind of node a state is: who (if anyone) acts next."""

    DECISION = "decision"
    SIMULTANEOUS = "simultaneous"
    CHANCE = "chance"
    TERMINAL = "terminal"


class GameError(ValueError):
    """Base of every error the engine raises for bad input."""


class IllegalMoveError(GameError):
    """A move that the rules do not allow in this state; nothing was changed."""


class MoveParseError(GameError):
    """Move text that does not parse into a move of this game."""


class OptionError(GameError):
    """An unknown game option or an option value outside what the game allows."""


class Hidden(enum.Enum):
    """Placeholders that observations put where the other seat's secret would be."""

    SEALED = "sealed"  # the other seat has committed a simultaneous choice, not shown


SEALED = Hidden.SEALED
# the seats yet to choose at a simultaneous node: [seat 0 yet to choose][seat 1 yet to choose]
AWAITING: tuple[tuple[tuple[int, ...], ...], ...] = (((), (1,)), ((0,), (0, 1)))


class Ending(enum.Enum):
    """Which kind of rule ended a game: its own end, a house ruling against a stall, a
    backstop limit, or both players' agreement."""

    PLAY = "play"  # the game's own end (a win, a full board, a declaration)
    REPETITION = "repetition"  # a position came round for the third time (house ruling)
    NO_CLAIM = "no claim"  # no square claimed for too long (house ruling)
    LIMIT = "limit"  # a backstop turn, move or round limit (house ruling)
    AGREED = "agreed"  # a draw both players agreed to


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seat (None for a draw), why, the scores that decided it,
    and which kind of rule ended it."""

    winner: int | None
    reason: str
    scores: tuple[Any, ...]
    ending: Ending = Ending.PLAY

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of this outcome."""
        return {"winner": self.winner, "reason": self.reason, "scores": _jsonable(self.scores)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def tuple_with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of `values` with the item at `index` replaced."""
    return values[:index] + (value,) + values[index + 1:]


class Move:
    """Base of every game's moves: small frozen dataclasses whose `str()` is their text form."""

    __slots__ = ()


class Event:
    """Base of every event: a frozen dataclass saying one thing that happened in a transition."""

    __slots__ = ()


@dataclasses.dataclass(frozen=True, slots=True)
class ChoiceSealed(Event):
    """A seat committed its secret simultaneous choice (what it chose is not said)."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class DrawAgreed(Event):
    """Both players agreed to a draw."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended with this outcome."""

    outcome: Outcome


StateT = TypeVar("StateT", bound="State")
History = Sequence[tuple[StateT, int, Move]]  # the public record a bot may read: each secret
# choice revealed, as (the public view it was made in, the seat, the move)


class Step(NamedTuple, Generic[StateT]):
    """The result of a transition: the new state (of the same game) and what happened, in order."""

    state: StateT
    events: tuple[Event, ...]


class State:
    """Base of every game's immutable state; subclasses are frozen, slotted dataclasses.

    A subclass declares the fields below as dataclass fields (`turn_number`, `pending`: a pair
    of committed simultaneous choices, or `(None, None)`; `result`: an `Outcome` once over), and
    implements `kind`, `actors`, `legal_moves`, `_apply_decision` and, where it has such nodes,
    `_resolve` (both simultaneous choices), `chance_outcomes` and `_apply_chance`.
    """

    # Not a field: a memo of the last legal_moves answer. It is left out of equality, hashing,
    # pickles and copies, so a state stays a value; it saves search (and `apply`'s own check)
    # from generating the same moves twice.
    __slots__ = ("_legal_memo",)
    game_id: ClassVar[str] = ""
    seat_names: ClassVar[tuple[str, str]] = ("Seat 0", "Seat 1")
    draw_by_agreement: ClassVar[bool] = False
    # The fields every game's state has, declared for the type checker only: each subclass makes
    # them dataclass fields (annotations without a value create nothing here at run time).
    turn_number: int
    pending: tuple[Any, Any]
    result: Outcome | None

    def replace(self, **changes: Any) -> Self:
        """A copy of this state with some fields changed: `dataclasses.replace`, but faster."""
        cls = type(self)
        new = object.__new__(cls)
        for name in cls.__slots__:  # a slotted dataclass's slots are exactly its fields
            object.__setattr__(new, name, changes.pop(name) if name in changes
                               else getattr(self, name))
        if changes:
            raise TypeError(f"{cls.__name__} has no field {next(iter(changes))!r}")
        return new

    # ---- what kind of node this is -------------------------------------------------------
    @property
    def kind(self) -> NodeKind:  # pragma: no cover - every game overrides
        """The node kind of this state."""
        raise NotImplementedError

    @property
    def actors(self) -> tuple[int, ...]:  # pragma: no cover - every game overrides
        """The seats that must act now: one at a decision, both at a simultaneous node."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.result is not None

    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""
        return self.result

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that still owe a choice (at a simultaneous node, those not yet committed)."""
        if self.kind is NodeKind.SIMULTANEOUS:
            first, second = self.pending  # (written out: every part of the app asks, often)
            return AWAITING[first is None][second is None]
        return self.actors

    @property
    def turn(self) -> int:
        """The number of the turn in progress, for grouping decisions into whole turns in logs."""
        return self.turn_number

    # ---- moves ---------------------------------------------------------------------------
    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        """The moves `seat` may make now (empty when it is not that seat's choice)."""
        memo = getattr(self, "_legal_memo", None)
        if memo is not None and memo[0] == seat:
            moves: tuple[Move, ...] = memo[1]
            return moves
        moves = self._legal_moves(seat) if seat in (0, 1) else ()
        object.__setattr__(self, "_legal_memo", (seat, moves))
        return moves

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:  # pragma: no cover
        raise NotImplementedError

    def is_legal(self, seat: int, move: Move) -> bool:
        """True when `seat` may make `move` now."""
        return move in self.legal_moves(seat)

    def why_illegal(self, seat: int, move: Move) -> str | None:
        """A plain-words reason why `seat` may not make `move` now, or None if it may."""
        if self.is_terminal:
            return "the game is over"
        if seat not in (0, 1):
            return f"there is no seat {seat!r}"
        if seat not in self.awaiting:
            return f"it is not {self.seat_names[seat]}'s choice now"
        if self.is_legal(seat, move):
            return None
        return self._explain_illegal(seat, move)

    def _explain_illegal(self, seat: int, move: Move) -> str:
        legal = ", ".join(str(m) for m in self.legal_moves(seat))
        return f"{move} is not a legal move here (legal: {legal})"

    def _check(self, seat: int, move: Move) -> None:
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a move; parse text with the game's parse_move")
        reason = self.why_illegal(seat, move)
        if reason is not None:
            raise IllegalMoveError(reason)

    def apply(self, move: Move, seat: int | None = None) -> Step[Self]:
        """Make one seat's move; at a simultaneous node this commits (seals) that seat's choice."""
        kind = self.kind
        if kind is NodeKind.DECISION:
            actor = self.actors[0]
            self._check(actor if seat is None else seat, move)
            return self._apply_decision(move)
        if kind is NodeKind.SIMULTANEOUS:
            if seat is None:
                raise IllegalMoveError("a simultaneous choice must say which seat makes it")
            self._check(seat, move)
            pending = list(self.pending)
            other = pending[1 - seat]
            if other is SEALED:
                raise IllegalMoveError("this is an observation: the other choice is hidden")
            pending[seat] = move
            if other is None:
                sealed = self.replace(pending=tuple(pending))
                return Step(sealed, (ChoiceSealed(seat),))
            return self._resolve_pending(tuple(pending))
        if kind is NodeKind.CHANCE:
            raise IllegalMoveError("this is a chance node: use apply_chance")
        raise IllegalMoveError("the game is over")

    def apply_legal(self, move: Move) -> Step[Self]:
        """Make a decision's move already known to be legal (one of `legal_moves`) without
        checking it again: for a search that generates the moves itself."""
        return self._apply_decision(move)

    def apply_joint_legal(self, move0: Move, move1: Move) -> Step[Self]:
        """Resolve an open simultaneous node with both seats' legal choices, unchecked."""
        return self._resolve((move0, move1))

    def apply_joint(self, move0: Move, move1: Move) -> Step[Self]:
        """Resolve a simultaneous node with both seats' choices at once."""
        if self.kind is not NodeKind.SIMULTANEOUS:
            raise IllegalMoveError("apply_joint needs a simultaneous node")
        if self.pending != (None, None):
            raise IllegalMoveError("a choice is already committed here; use apply per seat")
        self._check(0, move0)
        self._check(1, move1)
        return self._resolve_pending((move0, move1))

    def _resolve_pending(self, moves: tuple[Move, Move]) -> Step[Self]:
        cleared = self.replace(pending=(None, None))
        return cleared._resolve(moves)

    def _apply_decision(self, move: Move) -> Step[Self]:  # pragma: no cover
        raise NotImplementedError

    def _resolve(self, moves: tuple[Move, Move]) -> Step[Self]:  # pragma: no cover
        raise NotImplementedError

    # ---- chance --------------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node, every outcome with its exact probability; else empty."""
        return ()

    def chance_cumulative(self) -> tuple[tuple[Any, ...], tuple[float, ...]]:
        """The chance outcomes and their running total of probability as floats, for sampling."""
        outcomes = self.chance_outcomes()
        running, total = [], Fraction(0)
        for _, probability in outcomes:
            total += probability
            running.append(float(total))
        return tuple(o for o, _ in outcomes), tuple(running)

    def apply_chance(self, outcome: Any) -> Step[Self]:
        """Resolve a chance node with the given outcome (drawn by the caller)."""
        if self.kind is not NodeKind.CHANCE:
            raise IllegalMoveError("this is not a chance node")
        if outcome not in {o for o, _ in self.chance_outcomes()}:
            raise IllegalMoveError(f"{outcome} is not a possible chance outcome here")
        return self._apply_chance(outcome)

    def _apply_chance(self, outcome: Any) -> Step[Self]:  # pragma: no cover
        raise NotImplementedError

    # ---- agreements ----------------------------------------------------------------------
    def agree_draw(self) -> Step[Self]:
        """End the game as a draw both players agreed to, where the game allows it."""
        if not self.draw_by_agreement:
            raise IllegalMoveError("this game has no draw by agreement")
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        if self.kind is NodeKind.SIMULTANEOUS and self.pending != (None, None):
            raise IllegalMoveError("a draw can be agreed only before either player has chosen")
        outcome = Outcome(None, "draw agreed", self.scores(), Ending.AGREED)
        ended = self.replace(result=outcome)
        return Step(ended, (DrawAgreed(), GameOver(outcome)))

    # ---- what each seat may see ----------------------------------------------------------
    @property
    def reveals_choices(self) -> bool:
        """True when this simultaneous node's secret choices are shown to both players once
        both are made (a pull, a slide); False when they stay secret (a Bonus Colour)."""
        return True

    def observe(self, seat: int) -> Self:
        """This state as `seat` may know it: the other seat's secrets replaced by placeholders."""
        pending = getattr(self, "pending", (None, None))
        other = pending[1 - seat]
        if other is None or other is SEALED:
            return self
        masked = list(pending)
        masked[1 - seat] = SEALED
        return self.replace(pending=tuple(masked))

    def observe_public(self) -> Self:
        """This state as an onlooker may know it: every secret of both seats hidden."""
        pending = getattr(self, "pending", (None, None))
        masked = tuple(SEALED if choice is not None else None for choice in pending)
        return self if masked == pending else self.replace(pending=masked)

    def scores(self) -> tuple[Any, ...]:
        """The figures that decide the game, as they stand now (for status displays)."""
        return ()

    def seat_name(self, seat: int) -> str:
        """The name this game gives a seat."""
        return self.seat_names[seat]
