"""Picker: which move a person is making, without pygame.

A move is made by picking spots one after another (a string end; a square, then another); the
board says which paths of spots make which legal move (`Board.paths`). The picker holds what is
picked so far, what the pointer is over, the keyboard's focus and any typed text, and answers
what can be picked next. `pick(spot)` says what a pick did: the path grew, a spot was put back,
a whole move is made (to hand to the turn loop), a secret choice is selected (sealed only by
Lock in), or the spot is not a choice now. The screen says the words and plays the sounds.
"""
from __future__ import annotations

import dataclasses
from typing import Hashable, Iterable, Protocol, Sequence

from game.core import Move, State

Spot = Hashable  # a board's spot (a string end, a square) or an action bar button's value


class Paths(Protocol):
    """What the picker asks of a game's board: the paths of spots that make a move."""

    def paths(self, move: Move, state: State) -> Iterable[Sequence[Spot]]:
        """Every path of spots that makes `move`."""


class Chooser(Protocol):
    """What the picker asks of the turn loop: the state and who chooses now."""

    @property
    def chooser(self) -> int | None:
        """The person choosing on this screen now."""

    @property
    def state(self) -> State:
        """The game's state now."""

    def secret_turn(self) -> bool:
        """The chooser's choice is sealed until a reveal."""


@dataclasses.dataclass(frozen=True)
class Extra:
    """A screen-level action on the action bar (menu, peek, lock in, draw offer): a spot a
    person can pick, focus and be asked for, like the board's own."""

    name: str


@dataclasses.dataclass(frozen=True)
class Extended:
    """The path grew: more spots are needed."""


@dataclasses.dataclass(frozen=True)
class PutBack:
    """A picked spot was put back."""


@dataclasses.dataclass(frozen=True)
class Complete:
    """The path makes this whole move: hand it to the turn loop."""

    move: Move


@dataclasses.dataclass(frozen=True)
class Selected:
    """A secret choice is selected, waiting for Lock in."""

    move: Move


@dataclasses.dataclass(frozen=True)
class NotAChoice:
    """The spot is not a choice now (nothing changed)."""


Pick = Extended | PutBack | Complete | Selected | NotAChoice


class Picker:
    """What is picked, hovered, focused and typed, and the legal paths it is checked against."""

    def __init__(self, turns: Chooser, board: Paths) -> None:
        self.turns = turns
        self.board = board
        self.selected: tuple[Spot, ...] = ()
        self.hover: Spot | None = None
        self.focus: Spot | None = None
        self.typed = ""
        self._memo: tuple[State | None, int | None, dict[tuple, Move]] = (None, None, {})
        # every start of a legal path -> the spots that may follow it (for the memo's paths)
        self._next: dict[tuple, frozenset] = {}
        # (the paths and selection they were worked out for, the spots clickable, the choice
        # pending): the view, the buttons, the keys and the board all ask, several times a frame
        self._choices: tuple[dict | None, tuple, frozenset, Move | None] = (None, (), frozenset(),
                                                                            None)

    def clear(self) -> None:
        """Forget what was picked, typed, focused and hovered (before another player looks:
        the next player must not see what the last one pointed at)."""
        self.selected, self.typed, self.focus, self.hover = (), "", None, None

    def legal_paths(self) -> dict[tuple, Move]:
        """Every legal move of the chooser by the path of spots that makes it (built once a
        position and seat: the view, the buttons and the keys all ask)."""
        seat = self.turns.chooser
        if seat is None:
            return {}
        state = self.turns.state
        memo = self._memo
        if memo[0] is not state or memo[1] != seat:
            paths = {tuple(path): m for m in state.legal_moves(seat)
                     for path in self.board.paths(m, state)}
            memo = self._memo = (state, seat, paths)
            following: dict[tuple, set] = {}
            for path in paths:
                for depth in range(len(path)):
                    following.setdefault(path[:depth], set()).add(path[depth])
            self._next = {start: frozenset(spots) for start, spots in following.items()}
        return memo[2]

    def clickable(self) -> frozenset:
        """The spots that continue a legal path from the selection; while a secret choice
        waits to be locked in, the first spots of every choice (another replaces it)."""
        return self._worked_out()[2]

    def pending_choice(self) -> Move | None:
        """The secret choice selected and waiting for Lock in, if any."""
        return self._worked_out()[3]

    def _worked_out(self) -> tuple[dict | None, tuple, frozenset, Move | None]:
        paths, selected = self.legal_paths(), self.selected
        memo = self._choices
        if memo[0] is paths and memo[1] == selected:
            return memo
        pending = None
        if selected and selected not in self._next and self.turns.secret_turn():
            pending = paths.get(selected)  # a whole secret choice, no longer path goes on
        start = () if pending is not None else selected
        clickable = self._next.get(start, frozenset())
        self._choices = (paths, selected, clickable, pending)
        return self._choices

    def pick(self, spot: Spot) -> Pick:
        """Pick a spot: put a picked one back, extend the path, or complete a move."""
        if self.turns.chooser is None:
            return NotAChoice()
        paths = self.legal_paths()
        if spot in self.selected:  # picking a picked spot puts it back
            rest = tuple(s for s in self.selected if s != spot)
            if not rest or rest in self._next or rest in paths:
                self.selected = rest
                return PutBack()
        if spot not in self.clickable():
            return NotAChoice()
        if self.pending_choice() is not None:
            self.selected = ()  # another choice replaces the one waiting
        self.selected += (spot,)
        self.focus = None
        move = paths.get(self.selected)
        if move is None or self.selected in self._next:  # a longer path goes on
            return Extended()
        return Selected(move) if self.turns.secret_turn() else Complete(move)

    def select(self, move: Move, path: Sequence[Spot]) -> Pick:
        """A move named whole (typed): selected like a click at a secret turn, else complete."""
        self.typed = ""
        self.selected = tuple(path) if self.turns.secret_turn() else ()
        return Selected(move) if self.turns.secret_turn() else Complete(move)
