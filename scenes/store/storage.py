"""The app's files on disk: where they live, atomic writes, reading JSON, and keeping bad files.

Every file Quintet writes goes through `write_atomic`: the text goes to a temporary file in the
same folder, is flushed and synced to the disk, then renamed over the old file in one step, so a
crash or a power cut mid-write leaves the previous version whole. A file that cannot be used is
never overwritten or deleted: `move_aside` renames it to `<name>.bad-<time>` beside itself.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Mapping

import platformdirs

APP_NAME = "Quintet"
SAVES_FOLDER = "saves"  # games in progress, in the data folder (scenes/store/saves.py)


class FileProblem(Exception):
    """A file that cannot be used; the message says which file and what is wrong with it."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path} {problem}")
        self.path = path
        self.problem = problem


def data_dir() -> Path:
    """Where games, records and statistics live: $QUINTET_DATA_DIR, else the user data folder."""
    override = os.environ.get("QUINTET_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def has_saved_games(root: Path | None = None) -> bool:
    """Whether a game in progress may be saved: a look at file names only, so the main menu need
    not load the engine (to read and check saves) when there are none."""
    try:
        return any((root or data_dir()).joinpath(SAVES_FOLDER).glob("*.json"))
    except OSError:
        return False


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step (temporary file, fsync, rename); OSError on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
    # O_EXCL: never someone else's file; 0o666 less the umask, like any file the user makes
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable where the system allows it (POSIX folders can be synced)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_json(path: Path, data: Any) -> None:
    """Write JSON data atomically (see `write_atomic`)."""
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to `<name>.bad-<time>` beside itself; the new path, or None if it failed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
        counter += 1
    try:
        path.rename(target)
    except OSError:
        return None
    return target


def read_json(path: Path) -> Any:
    """The JSON data in a file; FileProblem says plainly why it cannot be read."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(path, "is missing") from None
    except OSError as error:
        raise FileProblem(path, f"could not be read ({error.strerror or error})") from None
    if not raw.strip():
        raise FileProblem(path, "is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(path, "is not text (it may be damaged)") from None
    try:
        return json.loads(text)
    except ValueError as error:
        cut = getattr(error, "pos", 0) >= len(text.rstrip()) \
            or str(error).startswith("Unterminated string")
        where = "it is cut short" if cut else "it is damaged"
        raise FileProblem(path, f"is not valid JSON: {where} ({error})") from None


def check_header(path: Path, data: Any, kind: str, fmt: str, version: int) -> Mapping:
    """The data as a dict with the expected format and a version this app reads; else FileProblem."""
    if not isinstance(data, Mapping):
        raise FileProblem(path, f"does not hold a {kind} (a JSON object was expected)")
    if data.get("format") != fmt:
        raise FileProblem(path, f"is not a Quintet {kind} (format {data.get('format')!r})")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise FileProblem(path, f"has no valid version number (found {found!r})")
    if found > version:
        raise FileProblem(path, f"was written by a newer Quintet (version {found}; this one "
                                f"reads up to {version}); update Quintet to open it")
    return data


def keep_bad_file(what: str, problem: FileProblem, instead: str) -> str:
    """Move a bad file aside; a message naming the file, its problem and what happens instead."""
    kept = move_aside(problem.path) if problem.path.exists() else None
    where = f" It was kept as {kept.name}." if kept else ""
    return f"{what} {problem}; {instead}.{where}"
