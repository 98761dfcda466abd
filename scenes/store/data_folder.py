"""DataFolder: the saves, records and statistics of one running copy of Quintet.

Screens reach the files through the app's DataFolder (`app.data.saves()`), so a copy that does
not own the folder (FolderLock) hands out stores that write nothing and move nothing.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.store.records import RecordFolder
    from scenes.store.saves import SaveFolder
    from scenes.store.stats import StatsFile


@dataclasses.dataclass(frozen=True)
class DataFolder:
    """Where the files are (None: `data_dir()` when asked) and why they must not be written."""

    root: Path | None = None
    read_only: str = ""  # empty: this copy may write

    def saves(self) -> SaveFolder:
        """The games in progress."""
        from scenes.store.saves import SaveFolder  # here: it loads the engine, after the menu
        return SaveFolder(self.root, self.read_only)

    def records(self) -> RecordFolder:
        """The record files."""
        from scenes.store.records import RecordFolder
        return RecordFolder(self.root, self.read_only)

    def stats(self) -> StatsFile:
        """The statistics file."""
        from scenes.store.stats import StatsFile
        return StatsFile(self.root, self.read_only)
