"""Showing a folder in the system's file manager, so screens need not print raw paths."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def show_folder(path: Path) -> str:
    """Open `path` (made if missing) in the file manager: '' if it opened, else why not (with
    the folder's place, the one way left to find it)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        _launch(path)
    except OSError as error:
        return f"No file manager could show the folder ({error.strerror or error}): it is {path}"
    return ""


def _launch(path: Path) -> None:
    """Ask the desktop to open a folder, without waiting for it."""
    if sys.platform == "win32":  # (the checker reads the platform as written so)
        os.startfile(path)
        return
    command = "open" if sys.platform == "darwin" else "xdg-open"
    subprocess.Popen([command, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
