"""Arena games kept with `--record`, read back for offline study: each game's public history
(as the bots saw it), its final state and its players by seat.

    from game.tools.arena_records import read_folder
    for game in read_folder("/tmp/records"):
        print(game.players, len(game.history), game.final.outcome)
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Iterator

from game.bots.history import History, PublicDecision
from game.core import Move, State
from game.record import Record, load_record


@dataclasses.dataclass(frozen=True)
class RecordedGame:
    """One recorded arena game: who sat where, what both saw played, how it ended."""

    players: tuple[str, str]  # by seat
    history: tuple[PublicDecision, ...]
    final: State
    path: Path


def decisions(record: Record) -> Iterator[tuple[State, int, Move, tuple[PublicDecision, ...]]]:
    """Each seat's decision in the record's game: the whole state it was made in, the seat, the
    move, and the public history before it (as a bot kept it)."""
    history = History()
    state = record.initial_state()
    for entry, step in record.replay():
        if isinstance(entry.actor, int):
            move = record.spec.parse_move(entry.text)
            yield state, entry.actor, move, history.entries
            history.add(state, entry.actor, move)
        state = step.state


def public_history(record: Record) -> tuple[tuple[PublicDecision, ...], State]:
    """The public history a bot would have kept over the record's game, and its final state."""
    history = History()
    for state, seat, move, _ in decisions(record):
        history.add(state, seat, move)
    return history.entries, record.final_state()


def read_records(folder: str | Path) -> Iterator[tuple[Path, Record]]:
    """Every arena record in `folder`, by name (RecordError names a file that does not read)."""
    for path in sorted(Path(folder).glob("*.json")):
        yield path, load_record(path.read_text(encoding="utf-8"))


def read_folder(folder: str | Path) -> Iterator[RecordedGame]:
    """Every arena game in `folder`, by name, as the bots saw it."""
    for path, record in read_records(folder):
        players = record.meta.get("players", ("?", "?"))
        history, final = public_history(record)
        yield RecordedGame((str(players[0]), str(players[1])), history, final, path)
