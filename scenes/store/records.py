"""Record files on disk: `<data folder>/records/`, one file per game in the engine's JSON format.

Every finished game is written here when it ends, and a game in progress can be exported here.
A player may drop any record file into the folder to open it. Files are never overwritten: each
gets a new name. Listing reads each file's header only (a finished game's turns are in its notes;
a record from before they were is replayed for them); opening one checks and replays it all.
Both can take a while with many files, so screens run them in a background Task. A file that
cannot be used stays where it is, listed with its problem (a file far larger than any real
record is refused by its size, unread).
"""
from __future__ import annotations

import dataclasses
import errno
import json
from pathlib import Path
from typing import Any, Mapping

from game.core import GameError
from game.record import FORMAT, VERSION, Record, RecordError, load_record
from game.registry import GAMES
from game.words import narrator_for
from scenes.store.background import Task
from scenes.store.controllers import check_controllers, human_seats, opponent_words
from scenes.store.plain_text import brief
from scenes.store.saves import now_text
from scenes.store.storage import (FileProblem, Signature, data_dir, deleted_words, read_json,
                                  read_limited, remove_if_unchanged, signature, write_atomic)
from scenes.store.values import count_problem, time_problem

SIZE_LIMIT = 1_000_000  # bytes: the longest real game's record is under 10,000
TIME_KEYS = ("started", "ended", "exported")  # the app's times in a record's meta


@dataclasses.dataclass(frozen=True)
class RecordSummary:
    """One record file as listed: what game, between whom, when, and how it ended."""

    path: Path
    title: str
    players: str = ""
    when: str = ""
    result: str = ""
    problem: str = ""  # why the file cannot be opened, if its header already says so
    seen: Signature | None = None  # the file as it was when listed (deleting checks it)


class RecordFolder:
    """The folder of record files: finished games and exports."""

    def __init__(self, root: Path | None = None, read_only: str = "") -> None:
        self.folder = (root or data_dir()) / "records"
        self.read_only = read_only  # why nothing may be written (empty: it may)

    def add(self, record: Record, stem: str) -> Path:
        """Write a record under a new name starting with `stem`; its path (OSError on failure)."""
        if self.read_only:
            raise PermissionError(errno.EACCES, self.read_only)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{stem}.json"
        counter = 1
        while path.exists():
            path = self.folder / f"{stem}-{counter}.json"
            counter += 1
        write_atomic(path, record_text(record))
        return path

    def file(self, record: Record, stem: str) -> Path:
        """As `add`, unless a file from an earlier try already holds exactly this record under
        `stem` (then that file's path): filing the same game again never makes a copy."""
        return self.already_filed(record, stem) or self.add(record, stem)

    def already_filed(self, record: Record, stem: str) -> Path | None:
        """The file `add` made of exactly this record under `stem`, if there is one."""
        text = record_text(record).encode("utf-8")
        for counter in range(100):
            path = self.folder / (f"{stem}.json" if counter == 0 else f"{stem}-{counter}.json")
            if not path.exists():
                return None
            try:
                if read_limited(path, SIZE_LIMIT) == text:
                    return path
            except FileProblem:
                continue
        return None

    def open(self, path: Path) -> Record:
        """The record in a file, checked and replayed; FileProblem says what is wrong."""
        data = read_json(path, SIZE_LIMIT)
        try:
            record = load_record(data)
        except RecordError as error:
            raise FileProblem(path, f"is not a record Quintet can open: {error}") from None
        trouble = meta_problem(record.meta)
        if trouble:
            raise FileProblem(path, f"is not a record Quintet can open: meta: {trouble}")
        return record

    def delete(self, summary: RecordSummary) -> str:
        """Delete a listed record file if it is still the file listed; what happened, in words."""
        when = summary.when.replace("T", " ")[:16]
        name = f"The {summary.title} record" + (f" of {when}" if when else "") \
            if summary.title and not summary.problem else "The damaged record"
        if self.read_only:
            return f"{name} was not deleted: {self.read_only}."
        return deleted_words(name, remove_if_unchanged(summary.path, summary.seen))

    def listing(self, task: Task | None = None) -> list[RecordSummary]:
        """Every JSON file in the folder, the newest first, from its header alone.

        Reading many files takes a while: run it in a `task`, which it tells its progress and
        which may cancel it (the summaries read so far are returned).
        """
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError:
            return []
        summaries = []
        for done, path in enumerate(paths):
            if task is not None:
                if task.cancelled:
                    break
                task.progress = (done, len(paths))
            summaries.append(summarise(path))
        summaries.sort(key=lambda s: (s.when, s.path.name), reverse=True)
        return summaries


def summarise(path: Path) -> RecordSummary:
    """A record file's summary, or its problem, without replaying it."""
    seen = signature(path)  # before reading: a file rewritten since is not the one listed
    return dataclasses.replace(_summary(path), seen=seen)


def _summary(path: Path) -> RecordSummary:
    try:
        data = read_json(path, SIZE_LIMIT)
    except FileProblem as problem:
        return RecordSummary(path, path.name, problem=problem.problem)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return RecordSummary(path, path.name, problem="is not a Quintet record")
    version = data.get("version")
    if isinstance(version, int) and version > VERSION:
        return RecordSummary(path, path.name,
                             problem=f"needs a newer Quintet (record version {brief(version)})")
    game_id, meta = data.get("game"), data.get("meta")
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        return RecordSummary(path, path.name, problem=f"names no game of Quintet "
                                                     f"({brief(game_id)})")
    if not isinstance(meta, Mapping):
        meta = {}
    trouble = meta_problem(meta)
    if trouble:
        return RecordSummary(path, path.name, problem=f"has bad notes (meta): {trouble}")
    result = _result(data, game.seat_names, meta)
    turns = _turns(data, meta)
    return RecordSummary(path, game.title, players=_players(meta), when=_when(meta),
                         result=f"{result}, {turns}" if turns else result)


def record_text(record: Record) -> str:
    """A record as the text of its file."""
    return json.dumps(record.to_json(), indent=1) + "\n"


def meta_problem(meta: Mapping) -> str | None:
    """What is wrong with the app's notes in a record (who played, when, hints); None if they
    are good or absent. Notes the app does not write are left alone."""
    if "controllers" in meta:
        try:
            check_controllers(meta["controllers"])
        except ValueError as error:
            return f"controllers: {error}"
    for key in TIME_KEYS:
        trouble = time_problem(meta[key], optional=False) if key in meta else None
        if trouble:
            return f"{key}: {trouble}"
    for key in ("hints", "turns"):
        if key in meta and count_problem(meta[key], 1_000_000):
            return f"{key}: {count_problem(meta[key], 1_000_000)}"
    return None


def finished_turns(record: Record) -> int:
    """How long a finished game lasted, in its game's unit (as its results and replay count)."""
    return narrator_for(record.game, record.options).number(record.final_state())


def turns_words(record: Record, turns: int) -> str:
    """A game's length in its unit ("41 turns", "12 rounds")."""
    return narrator_for(record.game, record.options).units(turns)


def _turns(data: Mapping, meta: Mapping) -> str:
    """A finished game's length from its notes, or (a record filed before they held it) from
    replaying it; '' for a game in progress or a record that cannot be replayed."""
    if not isinstance(data.get("result"), Mapping):
        return ""
    try:
        record = load_record(data)
        turns = meta["turns"] if "turns" in meta else finished_turns(record)
        return turns_words(record, turns)
    except (GameError, KeyError, TypeError, ValueError):
        return ""


def _players(meta: Mapping) -> str:
    try:
        return opponent_words(check_controllers(meta.get("controllers")))
    except ValueError:
        return ""


def _when(meta: Mapping) -> str:
    for key in ("ended", "exported", "started"):
        if isinstance(meta.get(key), str):
            return meta[key]
    return ""


def _result(data: Mapping, seat_names: tuple[str, str], meta: Mapping) -> str:
    result = data.get("result")
    if not isinstance(result, Mapping):
        return "unfinished"  # (its turns are counted when it is replayed, not in the list)
    winner = result.get("winner")
    if not isinstance(winner, int) or isinstance(winner, bool) or winner not in (0, 1):
        return "a draw"
    try:  # against the computer, from the person's side
        people = human_seats(check_controllers(meta.get("controllers")))
    except ValueError:
        people = ()
    if len(people) == 1:
        return "You won" if winner == people[0] else "You lost"
    return f"{seat_names[winner]} won"


def record_meta(controllers, started: str, **more: Any) -> dict:
    """The app's notes kept in a record: who played and when."""
    return {"controllers": list(controllers), "started": started, **more}


def file_stem(game_id: str, finished: bool, when: str = "") -> str:
    """A new record file's name (without .json): the time (`when`, else now), the game, and
    whether it ended."""
    stamp = (when or now_text()).replace("-", "").replace(":", "").replace("T", "-")
    return f"{stamp}-{game_id}" + ("" if finished else "-unfinished")
