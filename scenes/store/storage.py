"""The app's files on disk: where they live, atomic writes, reading JSON, and keeping bad files.

Every file Quintet writes goes through `write_atomic`: the text goes to a temporary file in the
same folder, is flushed and synced to the disk, then renamed over the old file in one step, so a
crash or a power cut mid-write leaves the previous version whole. A file that is a symbolic link
is written through to the file it points to (the link stays a link); a read-only file, a link
that loops, a read-only folder or a full disk is an OSError, and the old file is left whole.

The save of a game in progress is written on the frame loop with `sync=False`: the text goes to
the system's page cache and is renamed into place at once, so the app being killed cannot undo
it, and `sync_written` makes it durable on the disk writer's thread a moment later
(scenes/store/keeper.py). A power cut in that moment may cost the save (ext4, by default, starts
writing a file renamed over another at once, which narrows it).

`read_json` refuses, with a FileProblem naming the file and its problem, anything that is not a
plausible file of its kind: a folder or device in its place, a size far beyond any real one
(checked before a byte is read), text that is not UTF-8, JSON that is nested absurdly deep,
holds a key twice or a number JSON does not allow (NaN, Infinity, 1e999). A file that cannot be
used is never overwritten or deleted: `move_aside` renames it to `<name>.bad-<time>` beside
itself (a link's target beside the target). A file the player asks to delete is removed only if
it is still the file they were shown (`signature` then, `remove_if_unchanged` now).
"""
from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

import platformdirs

from scenes.store.plain_text import brief, printable

APP_NAME = "Quintet"
MAX_DEPTH = 16  # containers within containers: a Quintet file needs five; far more is not one
PROBLEM_LIMIT = 300  # characters of a problem's description (a quoted value is cut shorter)
SAVES_FOLDER = "saves"  # games in progress, in the data folder (scenes/store/saves.py)
PENDING_FOLDER = "pending"  # finished games still to file, beside the saves (filing.py)
# write_atomic's first name: a hidden name, this run's mark (4 hex digits; older versions wrote
# none) and 8 random ones
TEMPORARY = re.compile(r"\..{1,120}\.(?:[0-9a-f]{4})?[0-9a-f]{8}\.tmp", re.DOTALL)
RUN_MARK = os.urandom(2).hex()  # this run's temporary files: never tidied away while it runs


class FileProblem(Exception):
    """A file that cannot be used; the message says which file and what is wrong with it."""

    def __init__(self, path: Path, problem: str) -> None:
        problem = printable(problem, PROBLEM_LIMIT)
        super().__init__(f"{printable(str(path))} {problem}")
        self.path = path
        self.problem = problem


def data_dir() -> Path:
    """Where games, records and statistics live: $QUINTET_DATA_DIR, else the user data folder."""
    override = os.environ.get("QUINTET_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def write_target(path: Path) -> Path:
    """The file a write to `path` lands in: `path`, or the file its symbolic link points to."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # realpath stops where a chain of links turns back on itself
        raise OSError(errno.ELOOP, "it is a link that loops back on itself", str(path))
    return target


def nothing_there(path: Path) -> bool:
    """True when `path` names no file yet: nothing at all, or a link to a file not yet made
    (a write makes it, through the link)."""
    if not os.path.lexists(path):
        return True
    try:
        return path.is_symlink() and not write_target(path).exists()
    except OSError:  # a link that loops is something there, and a problem
        return False


def has_saved_games(root: Path | None = None) -> bool:
    """Whether a game in progress may be saved: a look at file names only, so the main menu need
    not load the engine (to read and check saves) when there are none."""
    try:
        return any((root or data_dir()).joinpath(SAVES_FOLDER).glob("*.json"))
    except OSError:
        return False


def write_atomic(path: Path, text: str, sync: bool = True) -> Path | None:
    """Replace `path` with `text` in one step (temporary file, fsync, rename); OSError on failure.

    A symbolic link is written through: its target is replaced and the link stays. A file the
    user made read-only is refused rather than replaced.

    With `sync` False nothing waits for the disk (the frame loop's save of a move): the new
    version is in place for every reader and survives the app being killed, and
    `sync_written(path, [previous])` makes it durable against a power cut later. The previous
    version is then kept under a hidden temporary name, which is returned (None if there was
    none, or the file system has no hard links): replacing a file frees the old one's blocks,
    which costs milliseconds on ext4, so `sync_written` frees them instead, off the frame loop.
    """
    target = write_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is read-only", str(target))
    temporary = target.with_name(temporary_name(target.name))
    # O_EXCL: never someone else's file; 0o666 less the umask, like any file the user makes
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
    previous = None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        if not sync:
            previous = _keep_previous(target)
        os.replace(temporary, target)
    except BaseException:
        for left in (temporary, previous):
            try:
                if left is not None:
                    os.unlink(left)
            except OSError:
                pass
        raise
    if sync:
        _sync_folder(target.parent)
    return previous


def _keep_previous(target: Path) -> Path | None:
    """A second name (hidden, temporary) for the file at `target`, so replacing it frees
    nothing; None if there is no file there or no hard link can be made."""
    kept = target.with_name(temporary_name(target.name))
    try:
        os.link(target, kept, follow_symlinks=False)
    except (OSError, NotImplementedError):
        return None
    return kept


def sync_written(path: Path, previous: Iterable[Path] = ()) -> None:
    """Make a file written with `write_atomic(..., sync=False)` durable: its content, then its
    folder's rename (through a link, the file it points to); the `previous` versions that
    writes kept aside are removed on the way. OSError if the disk refuses."""
    target = write_target(path)
    try:
        # Windows flushes a file only through a handle that may write (nothing is written)
        handle = os.open(target, (os.O_RDONLY if os.name == "posix" else os.O_RDWR)
                         | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:  # removed since it was written (a finished game filed): only
        handle = None  # the removal is left to make durable
    try:
        if handle is not None:
            try:
                os.fsync(handle)
            finally:
                os.close(handle)
    finally:
        for kept in previous:
            try:
                os.unlink(kept)
            except OSError:  # a temporary name: the next start removes it
                pass
    _sync_folder(target.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename or a removal in `folder` durable where the system allows it."""
    _sync_folder(folder)


def temporary_name(name: str) -> str:
    """The hidden name a write to `name` goes to first (TEMPORARY matches every such name)."""
    return f".{name[:120]}.{RUN_MARK}{os.urandom(4).hex()}.tmp"


def remove_temporaries(folder: Path) -> int:
    """Delete the temporary files interrupted writes left in `folder` (the app's own pattern
    only, regular files only, never through a link); how many were removed.

    Only the copy of Quintet that holds the data folder calls this, at its start. Its own
    writes may be under way meanwhile (Records' export, a test's files): their temporary files
    carry this run's mark and are left alone."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not TEMPORARY.fullmatch(name) or name.endswith(f".{RUN_MARK}", 0, -12):
            continue
        path = folder / name
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            os.unlink(path)
        except OSError:
            continue
        removed += 1
    return removed


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


def write_json(path: Path, data: Any, sync: bool = True) -> Path | None:
    """Write JSON data atomically (see `write_atomic`)."""
    # ASCII with escapes: any string read back (a lone surrogate too) can be written again
    return write_atomic(path, json.dumps(data, indent=1, allow_nan=False) + "\n", sync)


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to `<name>.bad-<time>` beside itself; the new path, or None if it failed.

    For a symbolic link to a file, that file is moved (the link stays, to be written through
    again); a link to anything else (a folder, a device) is itself moved, and one that loops is
    left as it is.
    """
    try:
        target = write_target(path)
    except OSError:
        return None
    if target != path and target.is_file():
        path = target
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
        counter += 1
    try:
        path.rename(target)
    except OSError:
        return None
    return target


def _size_text(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 100_000 else f"{size:,} bytes"


def read_limited(path: Path, limit: int) -> bytes:
    """A regular file's bytes, refused by its size before reading if it exceeds `limit`."""
    try:
        info = path.stat()
    except FileNotFoundError:
        problem = "is a link to a file that does not exist" if path.is_symlink() else "is missing"
        raise FileProblem(path, problem) from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise FileProblem(path, "is a link that loops back on itself") from None
        raise FileProblem(path, f"could not be read ({error.strerror or error})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "is not a regular file (a device or a pipe?)")
    if info.st_size > limit:
        raise FileProblem(path, f"is {_size_text(info.st_size)}, far larger than any real one "
                                f"(at most {_size_text(limit)}); it was not read")
    try:
        with open(path, "rb") as source:
            raw = source.read(limit + 1)
    except OSError as error:
        raise FileProblem(path, f"could not be read ({error.strerror or error})") from None
    if len(raw) > limit:
        raise FileProblem(path, f"grew past {_size_text(limit)} while it was read; it was not used")
    return raw


class _Refused(Exception):
    """A JSON value read that Quintet's files never hold; the text says which."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"has the key {brief(key)} twice in one object")
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not a number JSON allows")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _Refused(f"holds the number {brief(text)}, too large to be a number")
    return number


def nesting(data: Any) -> int:
    """How deeply lists and objects nest in `data` (0 for a plain value), counted without
    recursion, and no further than one past MAX_DEPTH."""
    deepest, waiting = 0, [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        children: Iterable[Any]
        if isinstance(value, Mapping):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return depth
        waiting.extend((child, depth + 1) for child in children)
    return deepest


def read_json(path: Path, limit: int) -> Any:
    """The JSON data in a file of at most `limit` bytes; FileProblem says plainly why not."""
    raw = read_limited(path, limit)
    if not raw.strip():
        raise FileProblem(path, "is empty")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (some editors write one) is no harm
    except UnicodeDecodeError:
        raise FileProblem(path, "is not text (it may be damaged)") from None
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=_finite)
    except _Refused as refused:
        raise FileProblem(path, str(refused)) from None
    except RecursionError:
        raise FileProblem(path, "is nested far too deeply to be a Quintet file") from None
    except ValueError as error:
        cut = getattr(error, "pos", 0) >= len(text.rstrip()) \
            or str(error).startswith("Unterminated string")
        where = "it is cut short" if cut else "it is damaged"
        raise FileProblem(path, f"is not valid JSON: {where} ({error})") from None
    depth = nesting(data)
    if depth > MAX_DEPTH:
        raise FileProblem(path, f"is nested more than {MAX_DEPTH} levels deep; no Quintet file "
                                "is")
    return data


def check_header(path: Path, data: Any, kind: str, fmt: str, version: int) -> Mapping:
    """The data as a dict of the expected format, in a version this app reads; else FileProblem."""
    if not isinstance(data, Mapping):
        raise FileProblem(path, f"does not hold a {kind} (a JSON object was expected)")
    if data.get("format") != fmt:
        raise FileProblem(path, f"is not a Quintet {kind} (format {brief(data.get('format'))})")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise FileProblem(path, f"has no valid version number (found {brief(found)})")
    if found > version:
        raise FileProblem(path, f"was written by a newer Quintet (version {brief(found)}; this one "
                                f"reads up to {version}); update Quintet to open it")
    return data


Signature = tuple[int, int, int, int]  # device, inode, size, modification time (ns)


def signature(path: Path) -> Signature | None:
    """What tells this directory entry apart from any later file of the same name (a link is
    itself, not its target); None if there is nothing there."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def remove_if_unchanged(path: Path, seen: Signature | None) -> str:
    """Delete the file at `path` if it is still the one whose signature was `seen`: "removed",
    "gone" (nothing there any more), "changed" (another file, or this one rewritten, is there:
    it is left alone) or "failed: <why>".

    The file is first renamed to a hidden name of its own and checked there, so a file written
    under the name between the check and the removal is never the one removed (it would be
    put back, unless yet another file has taken the name meanwhile: then it keeps the hidden
    name, never overwriting anything)."""
    if seen is None or signature(path) is None:
        return "gone"
    if signature(path) != seen:
        return "changed"
    hidden = path.with_name(f".{path.name[:120]}.{os.urandom(4).hex()}.deleting")
    try:
        os.rename(path, hidden)
    except FileNotFoundError:
        return "gone"
    except OSError as error:
        return f"failed: {error.strerror or error}"
    if signature(hidden) != seen:  # it changed between the look and the rename: put it back
        try:
            os.link(hidden, path, follow_symlinks=False)  # refuses to overwrite a newer file
            os.unlink(hidden)
        except (OSError, NotImplementedError):
            pass
        return "changed"
    try:
        os.unlink(hidden)
    except OSError as error:
        return f"failed: {error.strerror or error}"
    _sync_folder(path.parent)
    return "removed"


def deleted_words(name: str, result: str) -> str:
    """What a delete did (remove_if_unchanged's answer), for the player."""
    if result == "removed":
        return f"Deleted {name[:1].lower() + name[1:]}."  # "Deleted the game in progress."
    if result == "gone":
        return f"{name} was already gone."
    if result == "changed":
        return f"{name} changed since it was listed, so it was kept: look at it again first."
    return f"{name} could not be deleted ({result.removeprefix('failed: ')})."


def keep_bad_file(what: str, problem: FileProblem, instead: str, move: bool = True) -> str:
    """Move a bad file aside; a message naming the file, its problem and what happens instead.

    With `move` False (another copy of Quintet owns the folder) the file is left where it is.
    """
    if not os.path.lexists(problem.path):
        return f"{what} {problem}; {instead}."
    kept = move_aside(problem.path) if move else None
    if kept is not None:
        return f"{what} {problem}; {instead}. It was kept as {printable(kept.name)}."
    return f"{what} {problem}; {instead}. It was left as it is, and nothing is saved over it."
