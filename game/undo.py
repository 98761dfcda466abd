"""Taking decisions back: how far a game may go back, and why it may not go further.

A game goes back by replaying its record without its last entries (chance is drawn from the seed
and the entry's place, so the dice come out as before). One thing can never be taken back: a
simultaneous turn both seats have completed. Each chose without knowing the other's choice; after
the reveal, choosing again would be choosing with knowledge neither had the first time. A sealed
choice whose partner has not yet chosen may be taken back: nobody has learned anything from it.
For the same reason no roll of the dice is taken back: the dice would come out as before, and the
player would choose again knowing them (or, by playing a different number of moves first, fish
for other dice).
"""
from __future__ import annotations

import dataclasses
from typing import Collection

from game.core import GameError, NodeKind
from game.record import CHANCE, Record


class UndoRefused(GameError):
    """A take-back the rules of fair play do not allow; the message says why."""


@dataclasses.dataclass(frozen=True)
class EntryFacts:
    """What one entry of a record did: its turn; whether it sealed or completed a secret turn."""

    turn: int
    seals: bool  # a simultaneous choice committed while the other seat's was still to come
    completes: bool  # the second choice of a simultaneous turn: both are now in


def entry_facts(record: Record) -> list[EntryFacts]:
    """The facts of every entry of a record, in order (the record is replayed)."""
    facts = []
    state = record.initial_state()
    for entry, step in record.replay():
        secret = state.kind is NodeKind.SIMULTANEOUS and isinstance(entry.actor, int)
        other_in = secret and isinstance(entry.actor, int) and \
            state.pending[1 - entry.actor] is not None
        facts.append(EntryFacts(state.turn, secret and not other_in, other_in))
        state = step.state
    return facts


def last_decider(record: Record) -> int | None:
    """The seat that made the record's last decision (chance and agreements are no one's)."""
    for entry in reversed(record.entries):
        if isinstance(entry.actor, int):
            return entry.actor
    return None


def undo_point(record: Record, seats: Collection[int]) -> int:
    """How many entries to keep to take back the last decision of any of `seats`.

    Everything after that decision goes too (the other seat's replies, chance). UndoRefused if
    none of these seats has decided yet, or if going back would undo a completed secret turn.
    """
    if record.result is not None:
        raise UndoRefused("the game is over")
    cut = next((i for i in range(len(record.entries) - 1, -1, -1)
                if record.entries[i].actor in seats), None)
    if cut is None:
        raise UndoRefused("there is no move to take back yet")
    if any(entry.actor == CHANCE for entry in record.entries[cut:]):
        raise UndoRefused("the dice have been rolled since: taking the move back would let a "
                          "player choose again knowing the roll")
    for fact in entry_facts(record)[cut:]:
        if fact.completes:
            raise UndoRefused(f"both secret choices of turn {fact.turn} are in: taking them back "
                              "would let a player choose again knowing more than the first time")
    return cut


def without_sealed_tail(record: Record) -> Record:
    """The record without a last sealed choice not yet revealed (for records shown to others)."""
    if record.entries and entry_facts(record)[-1].seals:
        return dataclasses.replace(record, entries=record.entries[:-1], result=None)
    return record
