"""Games in progress on disk: one JSON file per game in the data folder's `saves/`.

A save holds the engine's record of the game so far (game, options, seed, every entry, so the
match replays exactly) plus what the app needs to carry on: who plays each seat, when the game
began, and whether hints are on and how many were asked. It is JSON, never a pickle, and it is
rewritten atomically after every decision:

    {"format": "quintet-save", "version": 1, "controllers": ["human", "bot:hard"],
     "started": "2024-05-01T14:03:12", "saved": "2024-05-01T14:09:40",
     "hints": true, "hints_used": 2, "record": {...}}

A save written before hints were kept has neither: it carries on with the default (on against
the computer, off hot-seat), and no hints counted.

A save that cannot be used is moved aside with a message naming it and its problem. A copy of
Quintet that does not own the data folder (`read_only` says why) saves nothing and moves nothing.
"""
from __future__ import annotations

import dataclasses
import errno
import functools
import re
import time
import uuid
from pathlib import Path
from typing import Any, Iterable

from game.record import Record, RecordError, load_record
from scenes.store.controllers import check_controllers, opponent_words
from scenes.store.plain_text import brief
from scenes.store.storage import (SAVES_FOLDER, FileProblem, Signature, check_header, data_dir,
                                  deleted_words, keep_bad_file, read_json, remove_if_unchanged,
                                  signature, sync_folder, sync_written, write_json)
from scenes.store.values import count_problem, time_problem

SAVE_FORMAT = "quintet-save"
SAVE_VERSION = 1
SAVE_KEYS = frozenset({"format", "version", "controllers", "started", "saved", "sequence",
                       "hints", "hints_used", "record"})
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,80}")
SIZE_LIMIT = 1_000_000  # bytes: the longest real game saves in under 10,000
MAX_SEQUENCE = 2**53  # saves in order: more than any app will ever write
MAX_HINTS = 1_000_000


def now_text() -> str:
    """The local time as sortable text, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


def new_game_id(game_id: str) -> str:
    """A file-safe name for a new game: when it began, which game, and a few random letters."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{game_id}-{uuid.uuid4().hex[:6]}"


@dataclasses.dataclass(frozen=True)
class SavedGame:
    """A game in progress as saved: its record and who plays each seat."""

    id: str
    record: Record
    controllers: tuple[str, str]
    started: str
    saved: str = ""
    hints: bool | None = None  # hints on or off as chosen (None: the default for the players)
    hints_used: int = 0  # hints asked so far in this game
    sequence: int = 0  # the app's own order of saves: the highest is the game played last
    seen: Signature | None = dataclasses.field(default=None, compare=False)  # the file when read

    def parts(self) -> tuple[str, str, str]:
        """The game's title, who plays, and the turn it stopped at."""
        return (self.record.spec.title, opponent_words(self.controllers),
                f"turn {self.final_state.turn}")

    def describe(self) -> str:
        """A line for menus: "Strands · vs Hard bot · turn 12"."""
        return " · ".join(self.parts())

    @property
    def finished(self) -> bool:
        """True when the saved game has ended (it is to be filed, not continued)."""
        return self.final_state.is_terminal

    @functools.cached_property
    def final_state(self):
        """The state the game stopped in (replayed once, when first asked)."""
        return self.record.final_state()

    def to_json(self) -> dict:
        """The save as JSON-ready data."""
        hints = {} if self.hints is None else {"hints": self.hints,
                                                "hints_used": self.hints_used}
        order = {"sequence": self.sequence} if self.sequence else {}
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "controllers": list(self.controllers), "started": self.started,
                "saved": self.saved or now_text(), **order, **hints,
                "record": self.record.to_json()}

    @classmethod
    def from_json(cls, path: Path, data: Any) -> "SavedGame":
        """Read and check a save; FileProblem says what is wrong (hand edits included)."""
        data = check_header(path, data, "saved game", SAVE_FORMAT, SAVE_VERSION)
        try:
            controllers = check_controllers(data.get("controllers"))
        except ValueError as error:
            raise FileProblem(path, f"has bad controllers: {error}") from None
        for name in ("started", "saved"):
            trouble = time_problem(data.get(name, ""))
            if trouble:
                raise FileProblem(path, f"has a bad {name} time: {trouble}")
        hints, used = data.get("hints"), data.get("hints_used", 0)
        if hints is not None and not isinstance(hints, bool):
            raise FileProblem(path, f"has a bad hints setting {brief(hints)} (true or false)")
        if count_problem(used, MAX_HINTS):
            raise FileProblem(path, f"has a bad count of hints used {brief(used)}")
        sequence = data.get("sequence", 0)
        if count_problem(sequence, MAX_SEQUENCE):
            raise FileProblem(path, f"has a bad place in the order of saves {brief(sequence)}")
        unknown = sorted(set(data) - SAVE_KEYS)
        if unknown:
            raise FileProblem(path, f"has {brief(unknown[0])}, which is not part of a save")
        if "record" not in data:
            raise FileProblem(path, "has no record of the game")
        try:
            record = load_record(data["record"])
        except RecordError as error:
            raise FileProblem(path, f"holds a game that does not replay: record {error}") from None
        if not ID_PATTERN.fullmatch(path.stem):
            raise FileProblem(path, "has a name Quintet does not use for saves")
        return cls(path.stem, record, controllers, data.get("started", ""), data.get("saved", ""),
                   hints, used, sequence)


class SaveFolder:
    """The games in progress: `<data folder>/saves/<id>.json`."""

    def __init__(self, root: Path | None = None, read_only: str = "") -> None:
        self.folder = (root or data_dir()) / SAVES_FOLDER
        self.read_only = read_only  # why nothing may be written or moved (empty: it may)

    def path_for(self, game_id: str) -> Path:
        """The file of the game with this id."""
        return self.folder / f"{game_id}.json"

    def write(self, saved: SavedGame) -> Path:
        """Save a game (atomically); OSError if the disk refuses or saving is off."""
        if self.read_only:
            raise PermissionError(errno.EACCES, self.read_only)
        path = self.path_for(saved.id)
        write_json(path, saved.to_json())
        return path

    def write_now(self, saved: SavedGame) -> Path | None:
        """Save a game in place without waiting for the disk (atomically: in the page cache,
        renamed over the previous version); durable after `sync`, to which the returned hidden
        name of the previous version goes (None: none kept). OSError as `write`."""
        if self.read_only:
            raise PermissionError(errno.EACCES, self.read_only)
        return write_json(self.path_for(saved.id), saved.to_json(), sync=False)

    def sync(self, game_id: str, previous: Iterable[Path] = ()) -> None:
        """Make a save written by `write_now` durable (it and its folder synced to the disk),
        removing the previous versions those writes kept aside; OSError if the disk refuses."""
        sync_written(self.path_for(game_id), previous)

    def read(self, path: Path) -> SavedGame:
        """One saved game; FileProblem if it cannot be used."""
        seen = signature(path)  # before reading: a file rewritten since is not the one read
        return dataclasses.replace(SavedGame.from_json(path, read_json(path, SIZE_LIMIT)),
                                   seen=seen)

    def paths(self) -> list[Path]:
        """The save files there are (none if the folder cannot be read)."""
        try:
            return sorted(self.folder.glob("*.json"))
        except OSError:
            return []

    def scan(self) -> tuple[list[SavedGame], list[str]]:
        """Every usable save, the one played last first; bad ones are moved aside, with a
        message each."""
        games, messages = [], []
        for path in self.paths():
            try:
                games.append(self.read(path))
            except FileProblem as problem:
                messages.append(self.keep_bad(problem))
        games.sort(key=order_key, reverse=True)
        return games, messages

    def latest(self) -> tuple[SavedGame | None, list[str]]:
        """The game Continue resumes: the unfinished game saved last by the app's own order of
        saves (its `sequence`; the clock and the files' times may say otherwise). Only each
        file's order is looked at first, then files are read in full from the last on, up to
        the first usable one; bad ones met on the way are moved aside, with a message each.
        A finished game left in its save (its filing failed) is not offered: it is filed."""
        messages = []
        for path in sorted(self.paths(), key=_quick_order, reverse=True):
            try:
                saved = self.read(path)
            except FileProblem as problem:
                messages.append(self.keep_bad(problem))
                continue
            if not saved.finished:
                return saved, messages
        return None, messages

    def highest_sequence(self) -> int:
        """The highest place in the order of saves written so far (0 when there is none)."""
        return max((_quick_order(path)[0] for path in self.paths()), default=0)

    def keep_bad(self, problem: FileProblem) -> str:
        """Move a save that cannot be used aside (unless saving is off); a message saying so."""
        return keep_bad_file("Saved game", problem, "it cannot be continued",
                             move=not self.read_only)

    def delete(self, saved: SavedGame) -> str:
        """Delete a game in progress the player chose, if its file is still the one read; what
        happened, in words."""
        name = "The game in progress"
        if self.read_only:
            return f"{name} was not deleted: {self.read_only}."
        return deleted_words(name, remove_if_unchanged(self.path_for(saved.id), saved.seen))

    def remove(self, game_id: str) -> None:
        """Forget a game that has ended (its record lives on in the records folder, or is
        waiting to be filed); OSError if the file could not be removed."""
        if self.read_only:
            return
        try:
            self.path_for(game_id).unlink()
        except FileNotFoundError:
            return
        sync_folder(self.folder)


def order_key(saved: SavedGame) -> tuple[int, str, str]:
    """Saves in the app's order: by sequence, then (saves from before it was kept) time and id."""
    return saved.sequence, saved.saved, saved.id


def _quick_order(path: Path) -> tuple[int, str, str]:
    """A save file's place in the order, from its JSON alone (no replay); a file that cannot be
    read comes first, so it is met, named and moved aside before the usable ones."""
    try:
        data = read_json(path, SIZE_LIMIT)
    except FileProblem:
        return MAX_SEQUENCE + 1, "", path.stem
    if not isinstance(data, dict):
        return MAX_SEQUENCE + 1, "", path.stem
    sequence, saved = data.get("sequence", 0), data.get("saved", "")
    if count_problem(sequence, MAX_SEQUENCE) or time_problem(saved):
        return MAX_SEQUENCE + 1, "", path.stem
    return sequence, saved, path.stem


class SaveOrder:
    """The app's own order of saves: each save written gets the next number (on the frame loop,
    which writes every save; the highest there is is read once, at start on the writer's thread,
    or at the first save if that comes first)."""

    def __init__(self, folder: SaveFolder, last: int | None = None) -> None:
        self.folder = folder
        self.last = last

    def next(self) -> int:
        """The number for the save about to be written."""
        if self.last is None:
            self.last = self.folder.highest_sequence()
        self.last += 1
        return self.last

