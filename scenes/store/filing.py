"""Filing a finished game: its record into Records, its result into the statistics, its save
removed, in an order that never loses it.

The rule: at every moment a finished game is in Records, or in a pending record
(`<data folder>/pending/<save id>.json`, beside the saves), or still in its save. So a save is
removed only once the record and the count are on disk, or once a pending record saying what
is still to do is: on a full disk the save stays. What could not be filed is filed at the next
start that can (`file_leftovers`: pending records, and saves that hold a finished game), and the
app tries again while it runs. Filing twice never makes a second record file: a record already
filed under its name is recognised (`RecordFolder.file`).

A finished game's record is built the same way live and from its save (`finished_record`), so
the two are the same file.
"""
from __future__ import annotations

import dataclasses
import errno
import logging
from pathlib import Path
from typing import Iterable, Mapping

from game.record import Record, RecordError, load_record
from scenes.store.controllers import check_controllers, opponent_words
from scenes.store.data_folder import DataFolder
from scenes.store.records import file_stem, finished_turns, meta_problem, record_meta
from scenes.store.saves import SavedGame
from scenes.store.storage import (PENDING_FOLDER, FileProblem, check_header, data_dir,
                                  keep_bad_file, read_json, sync_folder, write_json)

log = logging.getLogger("quintet")

PENDING_FORMAT = "quintet-pending"
PENDING_VERSION = 1
STEPS = ("record", "stats")  # what filing a game does, in order
SIZE_LIMIT = 1_100_000  # bytes: a record (at most 1 MB) and a few words


@dataclasses.dataclass(frozen=True)
class Filing:
    """What filing a finished game came to: where the game is now ("records", "pending",
    "save" or "memory"), what is still to do, the record's file, and messages for the player."""

    where: str
    todo: tuple[str, ...] = ()
    record_path: Path | None = None
    messages: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """True when the game is in Records and counted."""
        return not self.todo


def finished_record(saved: SavedGame, ended: str) -> Record:
    """The record to file for a game that ended in `saved` at the time `ended`: the app's notes
    (players, start, end, hints asked) with the moves."""
    used = {"hints": saved.hints_used} if saved.hints_used else {}
    meta = record_meta(saved.controllers, saved.started, ended=ended,  # the Records list reads
                       turns=finished_turns(saved.record), **used)  # its turns from here
    return dataclasses.replace(saved.record, meta=meta)


def game_words(record: Record) -> str:
    """The game in a few words for a message: "Strands (vs Hard bot, ended 2024-03-01 12:00)"."""
    meta = record.meta
    try:
        players = opponent_words(check_controllers(meta.get("controllers")))
    except ValueError:
        players = "?"
    ended = str(meta.get("ended", "")).replace("T", " ")[:16]
    return f"{record.spec.title} ({players}" + (f", ended {ended})" if ended else ")")


class PendingFolder:
    """Finished games whose filing is not done yet: `<data folder>/pending/<save id>.json`."""

    def __init__(self, root: Path | None = None, read_only: str = "") -> None:
        self.folder = (root or data_dir()) / PENDING_FOLDER
        self.read_only = read_only

    def path_for(self, save_id: str) -> Path:
        """The pending record of the game with this save id."""
        return self.folder / f"{save_id}.json"

    def paths(self) -> list[Path]:
        """The pending records there are."""
        try:
            return sorted(self.folder.glob("*.json"))
        except OSError:
            return []

    def write(self, save_id: str, record: Record, todo: Iterable[str]) -> None:
        """Keep a finished game and what is still to do with it (atomically); OSError if not."""
        if self.read_only:
            raise PermissionError(errno.EACCES, self.read_only)
        write_json(self.path_for(save_id), {"format": PENDING_FORMAT, "version": PENDING_VERSION,
                                            "todo": list(todo), "record": record.to_json()})

    def read(self, path: Path) -> tuple[Record, tuple[str, ...]]:
        """A pending record and what is still to do; FileProblem if it cannot be used."""
        data = check_header(path, read_json(path, SIZE_LIMIT), "pending record", PENDING_FORMAT,
                            PENDING_VERSION)
        todo = data.get("todo")
        if not isinstance(todo, list) or not todo or any(step not in STEPS for step in todo) \
                or len(set(todo)) != len(todo):
            raise FileProblem(path, f"has a bad list of what is still to do ({todo!r:.60})")
        try:
            record = load_record(data.get("record"))  # type: ignore[arg-type]
        except RecordError as error:
            raise FileProblem(path, f"holds a game that does not replay: {error}") from None
        trouble = meta_problem(record.meta)
        if trouble or record.result is None or "ended" not in record.meta:
            raise FileProblem(path, f"holds no finished game Quintet filed: "
                                    f"{trouble or 'it has no result or end'}")
        return record, tuple(todo)

    def remove(self, save_id: str) -> None:
        """Forget a pending record once its game is filed; OSError if it could not be."""
        try:
            self.path_for(save_id).unlink()
        except FileNotFoundError:
            return
        sync_folder(self.folder)


def file_game(data: DataFolder, save_id: str, record: Record,
              todo: Iterable[str] = STEPS) -> Filing:
    """Do what is left of filing a finished game (`todo`), keeping it on disk all the way; the
    save is removed only once the game is filed or its pending record is on disk."""
    if data.read_only:
        return Filing("memory", tuple(todo), messages=(f"The game was not filed: "
                                                        f"{data.read_only}.",))
    left = [step for step in STEPS if step in set(todo)]
    messages: list[str] = []
    path = None
    if "record" in left:
        try:
            path = data.records().file(record, file_stem(record.game, True,
                                                         str(record.meta.get("ended", ""))))
            left.remove("record")
        except OSError as error:
            messages.append(f"Could not write the game's record: {error.strerror or error}.")
    if "stats" in left:
        outcome = record.result or record.final_state().outcome
        try:
            controllers = check_controllers(record.meta.get("controllers"))
        except ValueError:  # nobody known played it: nothing to count
            controllers = None
        counted, said = (True, []) if controllers is None or outcome is None else \
            data.stats().add_game(record.game, controllers, outcome,
                                  bool(record.meta.get("hints", 0)), key=save_id)
        messages.extend(said)
        if counted:
            left.remove("stats")
    pending = PendingFolder(data.root)
    saves = data.saves()
    if not left:
        for forget in (lambda: pending.remove(save_id), lambda: saves.remove(save_id)):
            try:
                forget()
            except OSError as error:  # filed all the same; a finished save is filed again
                log.warning("could not remove a filed game's pending record or save: %s", error)
        return Filing("records", (), path, tuple(messages))
    try:
        pending.write(save_id, record, left)
    except OSError as error:
        messages.append(f"Could not keep the finished game aside to file later: "
                        f"{error.strerror or error}.")
        if _save_holds(saves.path_for(save_id), record):  # kept there, the count too: the
            return Filing("save", tuple(left), path, tuple(messages))  # next start counts it
        if "record" not in left:  # in Records; only its count waits, while Quintet runs
            _forget_save(saves, save_id)
            return Filing("records", tuple(left), path, tuple(messages))
        return Filing("memory", tuple(left), path, tuple(messages))
    _forget_save(saves, save_id)
    return Filing("pending", tuple(left), path, tuple(messages))


def _forget_save(saves, save_id: str) -> None:
    """Remove the save of a game now kept elsewhere (a failure is only logged: it stays)."""
    try:
        saves.remove(save_id)
    except OSError as error:
        log.warning("could not remove the save of a game kept elsewhere: %s", error)


def _save_holds(path: Path, record: Record) -> bool:
    """Whether the save file holds the whole finished game (its moves, to the end)."""
    try:
        data = read_json(path, SIZE_LIMIT)
    except FileProblem:
        return False
    moves = data.get("record", {}).get("moves") if isinstance(data, Mapping) else None
    return moves == [str(entry) for entry in record.entries]


def file_leftovers(data: DataFolder) -> list[str]:
    """At start: file what earlier runs could not (pending records, saves holding a finished
    game); a message for each game filed or still waiting."""
    if data.read_only:
        return []
    messages = []
    pending = PendingFolder(data.root)
    waiting: dict[str, tuple[Record, tuple[str, ...]]] = {}
    for path in pending.paths():
        try:
            waiting[path.stem] = pending.read(path)
        except FileProblem as problem:
            messages.append(keep_bad_file("A finished game kept to file later", problem,
                                          "it could not be filed"))
    saves = data.saves()
    for path in saves.paths():
        if path.stem in waiting or not _holds_an_end(path):
            continue
        try:
            saved = saves.read(path)
        except FileProblem:
            continue  # Continue names and moves aside a bad save, as ever
        if saved.finished:
            record = finished_record(saved, saved.saved)
            filed = data.records().already_filed(record, file_stem(record.game, True,
                                                                   saved.saved))
            waiting[saved.id] = (record, ("stats",) if filed else STEPS)
    for save_id, (record, todo) in waiting.items():
        filing = file_game(data, save_id, record, todo)
        what = game_words(record)
        if filing.done:
            messages.append(f"A finished game of {what}, which could not be filed before, is "
                            "now in Records and Stats.")
        else:
            messages.extend(filing.messages)
            messages.append(f"A finished game of {what} still could not be filed; it is kept "
                            f"({_where_words(filing.where)}) and filed when Quintet can.")
    return messages


def _holds_an_end(path: Path) -> bool:
    """Whether a save file's record says the game ended (its JSON alone, no replay)."""
    try:
        data = read_json(path, SIZE_LIMIT)
    except FileProblem:
        return False
    record = data.get("record") if isinstance(data, Mapping) else None
    return isinstance(record, Mapping) and record.get("result") is not None


def _where_words(where: str) -> str:
    return {"pending": "in the pending folder beside the saves", "save": "in its save",
            "records": "in Records; its count only while Quintet runs"}.get(
                where, "only while Quintet runs")


def filing_words(filing: Filing, record: Record) -> list[str]:
    """What the player is told about a finished game's filing (nothing when all went well)."""
    if filing.done:
        return list(filing.messages)
    return list(filing.messages) + [
        f"The finished game of {game_words(record)} is not filed yet; it is kept "
        f"({_where_words(filing.where)}), and Quintet files it as soon as it can."]
