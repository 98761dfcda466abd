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
from game.core import State
from game.record import Record, load_record


@dataclasses.dataclass(frozen=True)
class RecordedGame:
    """One recorded arena game: who sat where, what both saw played, how it ended."""

    players: tuple[str, str]  # by seat
    history: tuple[PublicDecision, ...]
    final: State
    path: Path


def public_history(record: Record) -> tuple[tuple[PublicDecision, ...], State]:
    """The public history a bot would have kept over the record's game, and its final state."""
    history = History()
    state = record.initial_state()
    for entry, step in record.replay():
        if isinstance(entry.actor, int):
            history.add(state, entry.actor, record.spec.parse_move(entry.text))
        state = step.state
    return history.entries, state


def read_folder(folder: str | Path) -> Iterator[RecordedGame]:
    """Every arena record in `folder`, by name (RecordError names a file that does not read)."""
    for path in sorted(Path(folder).glob("*.json")):
        record = load_record(path.read_text(encoding="utf-8"))
        players = record.meta.get("players", ("?", "?"))
        history, final = public_history(record)
        yield RecordedGame((str(players[0]), str(players[1])), history, final, path)
