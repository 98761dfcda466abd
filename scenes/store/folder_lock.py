"""FolderLock: one running copy of Quintet writes to a data folder at a time.

The copy that starts first holds an exclusive lock on `<data folder>/quintet.lock` while it
runs. The system frees the lock when that process ends, however it ends (Quit, a crash, kill -9,
a power cut), so it is never left stale. A second copy finds it held: it may play, but saves,
records, statistics and settings are not written (its `read_only` reason says why), so the two
never overwrite each other's files or lose each other's counts.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from scenes.store.plain_text import printable

LOCK_NAME = "quintet.lock"


def _try_lock(handle: int) -> bool:
    """Lock an open file for this process without waiting; False if another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows only (the checker reads it too)
        import msvcrt
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class FolderLock:
    """The claim of this process on one data folder."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._handle: int | None = None

    @property
    def held(self) -> bool:
        """True while this process holds the folder."""
        return self._handle is not None

    def acquire(self) -> bool:
        """Claim the folder; False only if another running copy holds it.

        A folder where no lock file can be made (read-only, or a file in the way) is not
        claimed by anyone, and True is returned: nothing can be written there anyway, and each
        write says so.
        """
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:
            return True
        try:
            claimed = _try_lock(handle)
        except OSError:  # a file system without locks: nobody can be told, so carry on
            os.close(handle)
            return True
        if not claimed:
            os.close(handle)
            return False
        self._handle = handle
        try:  # for the second copy's message; the lock itself is what counts
            os.ftruncate(handle, 0)
            os.write(handle, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return True

    def holder(self) -> str:
        """The process id the holding copy wrote into the lock file ('' if unknown)."""
        try:
            text = self.path.read_text(encoding="ascii", errors="replace").strip()
        except OSError:
            return ""
        return text if text.isdigit() and len(text) < 12 else ""

    def release(self) -> None:
        """Let the folder go (the process's end does the same)."""
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None

    def refusal(self) -> str:
        """Why this copy must not write: the reason its stores give (after a failed acquire)."""
        pid = self.holder()
        who = f"another copy of Quintet (process {pid})" if pid else "another copy of Quintet"
        return f"{who} is running with the data folder {printable(str(self.path.parent))}"
