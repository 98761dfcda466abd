"""The one-file build's unpacked folder: marked in use while Quintet runs; left-overs removed.

The one-file executable unpacks itself into a `_MEI...` folder in the temporary folder at every
launch and removes it when the app ends, but a kill (or a power cut) leaves it there, 30 MB a
time. So while Quintet runs it holds a lock on a file in its own unpacked folder, and at start it
removes every sibling `_MEI` folder that holds that file unlocked: its Quintet is gone. A folder
is renamed before it is deleted, so two Quintets starting at once never both delete one and a
deletion cut short is finished at the next start. Another one-file app's folders (without our
lock file) and a Quintet still unpacking (no lock file yet) are never touched.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import BinaryIO

LOCK_NAME = "quintet-running.lock"
UNPACKED_PREFIX = "_MEI"  # PyInstaller's name for a one-file app's unpacked folder
DOOMED_PREFIX = "_quintet-leftover-"  # a left-over folder being deleted


def unpacked_folder() -> Path | None:
    """This process's unpacked one-file folder; None from source or from the one-folder build."""
    root = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or not root:
        return None
    folder = Path(root)
    return folder if folder.name.startswith(UNPACKED_PREFIX) else None


def _try_lock(handle: BinaryIO) -> bool:
    """Lock an open file for this process alone, without waiting; whether it worked."""
    handle.seek(0)
    try:
        if sys.platform == "win32":  # (the checker reads the platform from sys.platform)
            import msvcrt
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def claim(folder: Path) -> BinaryIO | None:
    """Mark `folder` in use: the open, locked file to keep (the lock ends with the process)."""
    try:
        handle = open(folder / LOCK_NAME, "a+b")
    except OSError:
        return None
    if not _try_lock(handle):
        handle.close()
        return None
    return handle


def is_left_over(folder: Path) -> bool:
    """Whether `folder` is a Quintet's unpacked folder whose Quintet no longer runs."""
    try:
        handle = open(folder / LOCK_NAME, "r+b")
    except OSError:  # no lock file: not ours, or still unpacking
        return False
    with handle:
        if not _try_lock(handle):
            return False
        if sys.platform == "win32":  # Windows may keep a lock a while after its file is closed
            import msvcrt
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        return True  # closing the file lets the lock go again


def sweep(parent: Path, own: Path | None = None) -> list[Path]:
    """Delete the left-over unpacked folders of Quintets under `parent`; the folders deleted."""
    try:
        children = sorted(parent.iterdir())
    except OSError:
        return []
    for folder in children:
        if folder.name.startswith(UNPACKED_PREFIX) and folder != own and folder.is_dir() \
                and is_left_over(folder):
            try:
                folder.rename(parent / f"{DOOMED_PREFIX}{folder.name}")
            except OSError:
                continue  # another Quintet starting now took it first
    removed = []
    for doomed in sorted(parent.glob(DOOMED_PREFIX + "*")):
        shutil.rmtree(doomed, ignore_errors=True)
        if not doomed.exists():
            removed.append(parent / doomed.name[len(DOOMED_PREFIX):])
    return removed
