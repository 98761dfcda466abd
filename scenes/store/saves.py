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
from typing import Any

from game.record import Record, RecordError, load_record
from scenes.store.controllers import check_controllers, opponent_words
from scenes.store.plain_text import brief
from scenes.store.storage import (SAVES_FOLDER, FileProblem, Signature, check_header, data_dir,
                                  deleted_words, keep_bad_file, read_json, remove_if_unchanged,
                                  signature, write_json)

SAVE_FORMAT = "quintet-save"
SAVE_VERSION = 1
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,80}")
SIZE_LIMIT = 1_000_000  # bytes: the longest real game saves in under 10,000


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
    seen: Signature | None = dataclasses.field(default=None, compare=False)  # the file when read

    def parts(self) -> tuple[str, str, str]:
        """The game's title, who plays, and the turn it stopped at."""
        return (self.record.spec.title, opponent_words(self.controllers),
                f"turn {self.final_state.turn}")

    def describe(self) -> str:
        """A line for menus: "Strands · vs Hard bot · turn 12"."""
        return " · ".join(self.parts())

    @functools.cached_property
    def final_state(self):
        """The state the game stopped in (replayed once, when first asked)."""
        return self.record.final_state()

    def to_json(self) -> dict:
        """The save as JSON-ready data."""
        hints = {} if self.hints is None else {"hints": self.hints,
                                                "hints_used": self.hints_used}
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "controllers": list(self.controllers), "started": self.started,
                "saved": self.saved or now_text(), **hints, "record": self.record.to_json()}

    @classmethod
    def from_json(cls, path: Path, data: Any) -> "SavedGame":
        """Read and check a save; FileProblem says what is wrong (hand edits included)."""
        data = check_header(path, data, "saved game", SAVE_FORMAT, SAVE_VERSION)
        try:
            controllers = check_controllers(data.get("controllers"))
        except ValueError as error:
            raise FileProblem(path, f"has bad controllers: {error}") from None
        for name in ("started", "saved"):
            if not isinstance(data.get(name, ""), str):
                raise FileProblem(path, f"has a bad {name} time {brief(data.get(name))}")
        hints, used = data.get("hints"), data.get("hints_used", 0)
        if hints is not None and not isinstance(hints, bool):
            raise FileProblem(path, f"has a bad hints setting {brief(hints)} (true or false)")
        if isinstance(used, bool) or not isinstance(used, int) or not 0 <= used <= 1_000_000:
            raise FileProblem(path, f"has a bad count of hints used {brief(used)}")
        if "record" not in data:
            raise FileProblem(path, "has no record of the game")
        try:
            record = load_record(data["record"])
        except RecordError as error:
            raise FileProblem(path, f"holds a game that does not replay: record {error}") from None
        if not ID_PATTERN.fullmatch(path.stem):
            raise FileProblem(path, "has a name Quintet does not use for saves")
        return cls(path.stem, record, controllers, data.get("started", ""), data.get("saved", ""),
                   hints, used)


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

    def read(self, path: Path) -> SavedGame:
        """One saved game; FileProblem if it cannot be used."""
        seen = signature(path)  # before reading: a file rewritten since is not the one read
        return dataclasses.replace(SavedGame.from_json(path, read_json(path, SIZE_LIMIT)),
                                   seen=seen)

    def scan(self) -> tuple[list[SavedGame], list[str]]:
        """Every usable save, the latest first; bad ones are moved aside, with a message each."""
        games, messages = [], []
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError:
            return [], []
        for path in paths:
            try:
                games.append(self.read(path))
            except FileProblem as problem:
                messages.append(self.keep_bad(problem))
        games.sort(key=lambda g: (g.saved, g.id), reverse=True)
        return games, messages

    def latest(self) -> tuple[SavedGame | None, list[str]]:
        """The game Continue resumes: the usable save written last, found by reading the files
        last changed first and stopping at the first usable one (the main menu opens quickly
        however many games were left unfinished); bad ones met on the way are moved aside, with
        a message each."""
        def changed(path: Path) -> float:
            try:
                return path.stat().st_mtime
            except OSError:
                return 0.0

        messages = []
        try:
            paths = sorted(self.folder.glob("*.json"), key=changed, reverse=True)
        except OSError:
            return None, []
        for path in paths:
            try:
                return self.read(path), messages
            except FileProblem as problem:
                messages.append(self.keep_bad(problem))
        return None, messages

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
        """Forget a game that has ended (its record lives on in the records folder)."""
        if self.read_only:
            return
        try:
            self.path_for(game_id).unlink()
        except FileNotFoundError:
            pass

