"""The user's log file: warnings and every recovered error, with its traceback, in the log folder.

The folder is the platform's user log folder (`~/.local/state/Quintet/log` on Linux), or
$QUINTET_LOG_DIR when set. The file rotates at 1 MB with two old copies kept, so a kiosk left
running for weeks cannot fill the disk.
"""
from __future__ import annotations

import logging
import logging.handlers
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
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES,
                                                       backupCount=BACKUPS, encoding="utf-8")
    except OSError as error:
        logger.warning("could not open the log file %s: %s", path, error)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path
