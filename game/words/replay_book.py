"""ReplayBook: what a replay shows, worked out in full before the replay opens.

Replaying a record and writing its move log at every position takes tens of milliseconds for a
long game, so the Records screen works the book out in a background task and the replay opens
at once. It is plain data (public views, events, log lines): no drawing.
"""
from __future__ import annotations

import dataclasses
from typing import Mapping

from game.core import Event, State
from game.last_moves import LastMoves, Turn
from game.record import Record
from game.words import narrator_for
from game.words.log import MoveLog, replay_into


@dataclasses.dataclass(frozen=True)
class ReplayBook:
    """The public view after each number of entries, each entry's (before, events, after), the
    move log's lines (in words and in notation) and each seat's last turn (for the board's
    marks) at each position."""

    states: list[State]
    steps: list[tuple[State, tuple[Event, ...], State]]
    logs: list[list[str]]
    lasts: list[Mapping[int, tuple[Turn, ...]]]
    notation_logs: list[list[str]]  # the log's lines in the game's notation, at each position

    @classmethod
    def of(cls, record: Record) -> "ReplayBook":
        """Replay `record` (its game's narrator writes the log)."""
        words = narrator_for(record.game, record.options)
        log = MoveLog(words)
        states = [record.initial_state().observe_public()]
        steps: list[tuple[State, tuple[Event, ...], State]] = []
        logs: list[list[str]] = [[]]
        notation_logs: list[list[str]] = [[]]
        last = LastMoves()
        lasts = [last.shown()]
        for state, _, step, _ in replay_into(log, record, last):
            after = step.state.observe_public()
            steps.append((state.observe_public(), tuple(step.events), after))
            states.append(after)
            logs.append(log.lines())
            notation_logs.append(log.lines(notation=True))
            lasts.append(last.shown())
        return cls(states, steps, logs, lasts, notation_logs)
