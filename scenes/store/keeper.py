"""Keeper: everything the app writes goes through one background writer, so no frame waits.

The app owns one Keeper. Screens hand it a save, a finished game or the settings, and a function
to call (on the frame loop, from `poll`) with the outcome. It numbers the saves in the order
they are written (Continue offers the highest), tries again every RETRY_SECONDS to file a
finished game that could not be filed, and at start, on its thread, removes what interrupted
writes left behind and files what earlier runs could not. Quitting waits for the writes given,
up to a bound, and says so if some could not be made.

A save of a game in progress is the one write made on the frame loop, in the frame its move is
committed: its text goes to the system's page cache and is renamed into place (no fsync: a slow
disk never holds a frame; about a millisecond for a long game, docs/developers.md), so a move
the player has seen survives the app being killed. The writer's thread then syncs it to
the disk, and only that makes it "saved" (`done('')`); a write or sync that fails comes back
through `done(problem)` all the same. Every save is written, and numbered, on the frame loop, so
a newer save is never overwritten by an older one; only a save given while a filing or an
earlier write of the same game still waits for the writer goes behind it, in order.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from scenes.store.data_folder import DataFolder
from scenes.store.writer import DiskWriter

if TYPE_CHECKING:  # the engine loads with the first save, not before the first frame
    from game.record import Record
    from scenes.store.saves import SaveOrder

log = logging.getLogger("quintet")

RETRY_SECONDS = 5.0  # a finished game not filed yet is tried again this often
QUIT_SECONDS = 5.0  # quitting waits at most this long for the writes given

Tell = Callable[[str], None]


@dataclasses.dataclass
class _Unfiled:
    """A finished game still to file, kept in memory while the app runs."""

    record: Record
    todo: tuple[str, ...]
    next_try: float
    done: Callable[[object], None] | None = None  # told once it is filed


class Keeper:
    """The app's writes: saves, finished games, settings; one writer, in order."""

    def __init__(self, data: DataFolder, tell: Tell, background: bool = True,
                 held: bool = False) -> None:
        self.data = data
        self.tell = tell  # a message for the player (the app's notices)
        self.writer = DiskWriter(background, held=held)  # held: until the app's first frame
        self._order: SaveOrder | None = None  # used on the frame loop only (see save_game)
        self._highest: int | None = None  # the highest save number, as start read it
        self.unfiled: dict[str, _Unfiled] = {}  # save id -> a finished game to file again
        self._previous: deque[Path] = deque()  # saves replaced on the frame loop, to free

    def use(self, data: DataFolder) -> None:
        """Write to another data folder from now on (the app's `data` was replaced)."""
        self.data = data
        self._order = self._highest = None

    # ---- at start -------------------------------------------------------------------------
    def start(self, more_folders: Iterable[Path] = ()) -> None:
        """Remove what interrupted writes left and file what earlier runs could not (on the
        writer's thread; the player is told what was filed)."""
        if self.data.read_only:
            return
        from scenes.store.storage import PENDING_FOLDER, SAVES_FOLDER, data_dir, remove_temporaries
        root = self.data.root or data_dir()
        folders = [root, root / SAVES_FOLDER, root / "records", root / PENDING_FOLDER,
                   *more_folders]

        data = self.data

        def work() -> tuple[int, list[str], int]:
            removed = sum(remove_temporaries(folder) for folder in folders)
            if not maybe_leftovers(root):  # the engine need not load
                return removed, [], 0
            from scenes.store.filing import file_leftovers
            messages = file_leftovers(data)
            return removed, messages, data.saves().highest_sequence()

        def done(result, error) -> None:
            if error is not None:
                return
            removed, messages, highest = result
            if self._order is None and self.data is data:  # the first save need not read it
                self._highest = highest  # (SaveOrder waits for that save: the saves module
                # brings the engine, which the first frame does without)
            if removed:
                log.info("removed %d temporary files left by interrupted writes", removed)
            for message in messages:
                self.tell(message)

        self.writer.submit(work, key="start", done=done)

    # ---- saves ----------------------------------------------------------------------------
    def save_game(self, saved, done: Callable[[str], None]) -> None:
        """Write a game in progress now, to the page cache, and have the writer sync it to the
        disk (a newer save of the same game supersedes a sync not started); `done(problem)` on
        the frame loop, with '' once it is on the disk, else why not."""
        folder = self.data.saves()
        saved = dataclasses.replace(saved, sequence=self._next_in_order())

        def finished(_result, error) -> None:
            done(_problem(error))

        write, sync = ("save", saved.id), ("sync", saved.id)
        if self.writer.busy_with(write) or self.writer.busy_with(("file", saved.id)):
            # a write or the filing of this game still waits: this one goes after it, in order
            self.writer.submit(lambda: folder.write(saved), key=write, done=finished)
            return
        try:
            previous = folder.write_now(saved)
        except Exception as error:  # said on the frame loop, as a failed write always is
            failure = error

            def fail() -> None:
                raise failure

            self.writer.submit(fail, key=sync, done=finished)
            return
        if previous is not None:
            self._previous.append(previous)

        def work() -> None:  # the versions replaced, of every sync superseded too, freed here
            dropped = [self._previous.popleft() for _ in range(len(self._previous))]
            folder.sync(saved.id, dropped)

        self.writer.submit(work, key=sync, done=finished)

    def _next_in_order(self) -> int:
        """The next save's place in the order (on the frame loop, where every save is made)."""
        if self._order is None:  # the first save: from the highest start read, if it came back
            from scenes.store.saves import SaveOrder
            self._order = SaveOrder(self.data.saves(), self._highest)
        return self._order.next()

    def saving(self, save_id: str) -> bool:
        """True while a save of this game waits to be written or synced to the disk."""
        return self.writer.busy_with(("save", save_id)) or self.writer.busy_with(("sync",
                                                                                  save_id))

    def find_latest(self, done: Callable[[object | None, list[str]], None]) -> None:
        """Look for the game Continue resumes, after every write given before (a save just
        handed over counts) and off the frame loop; `done(saved or None, messages)` there."""
        data = self.data

        def work() -> tuple[object | None, list[str]]:
            from scenes.store.storage import has_saved_games
            if not has_saved_games(data.root):  # names only: the engine need not load
                return None, []
            return data.saves().latest()  # a bad save is named and moved aside

        def finished(result, error) -> None:
            if error is not None:
                done(None, [f"The games in progress could not be read ({_problem(error)})."])
            else:
                done(*result)

        self.writer.submit(work, key="latest", done=finished)

    # ---- finished games -------------------------------------------------------------------
    def file_game(self, save_id: str, record: Record,
                  done: Callable[[object], None] | None = None) -> None:
        """File a finished game after every save given before (records, statistics, the save
        removed); `done(filing)` on the frame loop. What is not done is tried again."""
        self._submit_filing(save_id, record, ("record", "stats"), done)

    def _submit_filing(self, save_id: str, record: Record, todo: tuple[str, ...],
                       done: Callable[[object], None] | None) -> None:
        from scenes.store.filing import file_game, filing_words, game_words
        retry = save_id in self.unfiled

        def work():
            return file_game(self.data, save_id, record, todo)

        def finished(filing, error) -> None:
            if error is not None:
                filing = None
            if filing is not None and filing.done:
                self.unfiled.pop(save_id, None)
                if retry:
                    self.tell(f"The finished game of {game_words(record)} is now in Records "
                              "and Stats.")
                else:
                    for message in filing.messages:
                        self.tell(message)
            else:
                left = filing.todo if filing is not None else todo
                if not retry:
                    words = filing_words(filing, record) if filing is not None else [
                        f"The finished game of {game_words(record)} could not be filed "
                        f"({error}); Quintet tries again."]
                    for message in words:
                        self.tell(message)
                self.unfiled[save_id] = _Unfiled(record, left, time.monotonic() + RETRY_SECONDS,
                                                 done)
            if done is not None:
                done(filing)

        self.writer.submit(work, key=("file", save_id), done=finished)

    # ---- settings -------------------------------------------------------------------------
    def save_settings(self, store, settings, done: Callable[[str], None]) -> None:
        """Write the settings (a newer change supersedes this one); `done(problem)`."""
        snapshot = dataclasses.replace(settings)

        def work() -> str:
            return store.write(snapshot)

        def finished(problem, error) -> None:
            done(problem if error is None else _problem(error))

        self.writer.submit(work, key="settings", done=finished)

    # ---- each frame, and at the end -------------------------------------------------------
    def poll(self) -> None:
        """On the frame loop: hand back what was written; try again what was not filed."""
        self.writer.poll()
        now = time.monotonic()
        for save_id, unfiled in list(self.unfiled.items()):
            if unfiled.next_try <= now and not self.writer.busy_with(("file", save_id)):
                unfiled.next_try = now + RETRY_SECONDS
                self._submit_filing(save_id, unfiled.record, unfiled.todo, unfiled.done)

    @property
    def pending(self) -> int:
        """Writes given and not yet made."""
        return self.writer.pending

    def close(self, seconds: float = QUIT_SECONDS) -> str:
        """At quit: wait up to `seconds` for the writes given; '' if all were made, else what
        could not be (for the log and the terminal)."""
        if self.unfiled and not self.data.read_only:  # one last try, now
            for save_id, unfiled in list(self.unfiled.items()):
                self._submit_filing(save_id, unfiled.record, unfiled.todo, None)
        drained = self.writer.close(seconds)
        self.writer.poll()
        if not drained:
            return (f"Quintet quit before {self.writer.pending} writes reached the disk (it "
                    f"waited {seconds:g} s); the files keep their last version written.")
        if self.unfiled:
            return (f"{len(self.unfiled)} finished games could not be filed; each is kept in "
                    "its save or beside it, and filed at the next start that can.")
        return ""


def maybe_leftovers(root: Path) -> bool:
    """Whether an earlier run may have left a finished game to file (a look at names only)."""
    from scenes.store.storage import PENDING_FOLDER, has_saved_games
    try:
        pending = any((root / PENDING_FOLDER).glob("*.json"))
    except OSError:
        pending = False
    return pending or has_saved_games(root)


def _problem(error: BaseException | None) -> str:
    """An OSError (or any failure) of a write in words; '' for none."""
    if error is None:
        return ""
    if isinstance(error, OSError):
        return str(error.strerror or error)
    return f"{type(error).__name__}: {error}"
