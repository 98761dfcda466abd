"""Temporary config, data and log folders for a benchmark or tool run, removed when it ends.

A tool that starts the app (benchmarks, the soak, the fuzzer, the self-test) must never write
into the player's own folders: `own_folders()` points QUINTET_CONFIG_DIR, QUINTET_DATA_DIR and
QUINTET_LOG_DIR at folders of its own in the temporary folder for the run, then puts the
variables back and removes the folders.

    with own_folders("quintet-bench-") as root:
        ...  # the app's files go under root
"""
from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator

VARIABLES = {"QUINTET_CONFIG_DIR": "config", "QUINTET_DATA_DIR": "data",
             "QUINTET_LOG_DIR": "log"}


@contextlib.contextmanager
def own_folders(prefix: str = "quintet-tool-", keep: bool = False) -> Iterator[Path]:
    """Config, data and log folders under a new temporary folder while the block runs; the
    folder is removed afterwards unless `keep`."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    before = {name: os.environ.get(name) for name in VARIABLES}
    try:
        for name, sub in VARIABLES.items():
            os.environ[name] = str(root / sub)
        yield root
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
