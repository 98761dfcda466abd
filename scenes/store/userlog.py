"""The user's log file: warnings and every recovered error, with its traceback, in the log folder.

The folder is the platform's user log folder (`~/.local/state/Quintet/log` on Linux), or
$QUINTET_LOG_DIR when set. The file rotates at 1 MB with two old copies kept, so a kiosk left
running for weeks cannot fill the disk. The rotation is this module's own few lines rather than
`logging.handlers`, which brings `socket`, `pickle` and `queue` along: some 10 ms of start-up
for a file that rotates once in a long while.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import platformdirs

from scenes.store.storage import APP_NAME

LOG_NAME = "quintet.log"
MAX_BYTES = 1_000_000
BACKUPS = 2


def log_dir() -> Path:
    """Where the log lives: $QUINTET_LOG_DIR if set, else the platform's user log folder."""
    override = os.environ.get("QUINTET_LOG_DIR")
    return Path(override) if override else Path(platformdirs.user_log_dir(APP_NAME, False))


def start_file_log(logger: logging.Logger) -> Path | None:
    """Send this logger's records to the log file too; the file's path, or None if unwritable."""
    path = log_dir() / LOG_NAME
    for handler in logger.handlers:
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename) == path:
            return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        log_file = RotatingLog(path)
    except OSError as error:
        logger.warning("could not open the log file %s: %s", path, error)
        return None
    log_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(log_file)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path


class RotatingLog(logging.FileHandler):
    """A log file that, once over MAX_BYTES, is renamed to `.1` (`.1` to `.2`, and so on up to
    BACKUPS) and started afresh."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        """Write the record, rotating first if the file is full."""
        try:
            if self.stream is not None and self.stream.tell() >= self.max_bytes:
                self.rotate()
        except (OSError, ValueError):  # a log that cannot rotate keeps writing where it is
            pass
        super().emit(record)

    def rotate(self) -> None:
        """Move the full file and its older copies one place along; open a fresh file."""
        self.acquire()
        try:
            if self.stream is not None:
                self.stream.close()
                self.stream = None
            base = Path(self.baseFilename)
            for number in range(self.backups, 0, -1):
                older = base.with_name(f"{base.name}.{number - 1}") if number > 1 else base
                if older.exists():
                    os.replace(older, base.with_name(f"{base.name}.{number}"))
        finally:
            self.release()
