"""A game in progress: its state, its history of entries, and chance drawn from a seeded generator.

This is the only place randomness enters play. Each chance draw uses a generator seeded from the
match seed and the entry's position, so a match resumed from its record draws the same dice.
"""
from __future__ import annotations

import bisect
import dataclasses
import random
from typing import Any, Mapping, Protocol, Sequence

from game.core import GameError, History, IllegalMoveError, Move, NodeKind, State, Step
from game.record import AGREEMENT, CHANCE, Entry, Record
from game.registry import get_game


def sample_chance(state: State, rng: random.Random) -> Any:
    """Draw one outcome of a chance node with its exact probabilities."""
    outcomes, running = state.chance_cumulative()
    return outcomes[min(bisect.bisect_right(running, rng.random()), len(outcomes) - 1)]


class Player(Protocol):
    """Anything that picks a move for a seat from what that seat may observe."""

    def choose(self, observation: State, seat: int, history: History[State] = ()) -> Move:
        """The move this player makes (`history`: the game's public decisions so far)."""


class RandomPlayer:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: State, seat: int, history: History[State] = ()) -> Move:
        """A uniformly random legal move."""
        return self.rng.choice(observation.legal_moves(seat))


class Match:
    """One game being played: state, entries so far, and seeded chance."""

    def __init__(self, game_id: str, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> None:
        self.spec = get_game(game_id)
        self.options = self.spec.resolve_options(options)
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        self.state = self.spec.start(self.options)
        self.entries: list[Entry] = []

    def _record_step(self, entry: Entry, step: Step[State]) -> Step[State]:
        self.entries.append(entry)
        self.state = step.state
        return step

    def play(self, move: Move | str, seat: int | None = None) -> Step[State]:
        """Make a move (or move text) for a seat; at a decision node the seat may be left out."""
        if seat is None:
            actors = self.state.actors
            if len(actors) != 1:
                raise IllegalMoveError("say which seat is choosing")
            seat = actors[0]
        if isinstance(move, str):
            move = self.spec.parse_move(move)
        return self._record_step(Entry(seat, str(move)), self.state.apply(move, seat))

    def resolve_chance(self, outcome: Any = None) -> Step[State]:
        """Resolve the pending chance node, drawing the outcome from the seeded generator."""
        if self.state.kind is not NodeKind.CHANCE:
            raise IllegalMoveError("no chance is pending")
        if outcome is None:
            outcome = sample_chance(self.state, random.Random(f"{self.seed}:{len(self.entries)}"))
        return self._record_step(Entry(CHANCE, str(outcome)), self.state.apply_chance(outcome))

    def agree_draw(self) -> Step[State]:
        """End the game as a draw both players agreed to."""
        return self._record_step(Entry(AGREEMENT, "draw"), self.state.agree_draw())

    def observe(self, seat: int) -> State:
        """What `seat` may know now."""
        return self.state.observe(seat)

    def record(self, meta: Mapping[str, Any] | None = None) -> Record:
        """The match so far as a record."""
        return Record(self.spec.id, self.options, self.seed, tuple(self.entries),
                      self.state.outcome, dict(meta or {}))

    def rewound(self, keep: int) -> "Match":
        """A new match of this one's first `keep` entries (the same seed, so the same dice)."""
        record = dataclasses.replace(self.record(), entries=tuple(self.entries[:keep]),
                                     result=None)
        return Match.from_record(record)

    @classmethod
    def from_record(cls, record: Record) -> "Match":
        """Resume a match from its record (every entry replayed and checked)."""
        match = cls(record.game, record.options, record.seed)
        for entry, step in record.replay():  # RecordError names the entry that does not fit
            match._record_step(entry, step)
        return match


def play_out(match: Match, players: Sequence[Player], max_steps: int = 100_000) -> State:
    """Play the match to its end with these players (seat 0's, seat 1's); the final state."""
    for _ in range(max_steps):
        state = match.state
        kind = state.kind
        if kind is NodeKind.TERMINAL:
            return state
        if kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        for seat in state.awaiting:
            match.play(players[seat].choose(match.observe(seat), seat), seat)
    raise GameError(f"the game did not end within {max_steps} steps")
