"""Where the bundled assets are: a source checkout, an installed package or a frozen build."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Mapping



def asset_root() -> Path:
    """The assets folder (it is the `quintet_assets` package when installed)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    source = Path(__file__).resolve().parents[2] / "assets"
    if source.is_dir():
        return source
    try:
        import quintet_assets
    except ImportError:
        return source
    return Path(quintet_assets.__file__).resolve().parent


def asset_path(*parts: str) -> Path:
    """The path of one asset (which may be missing: callers fall back safely)."""
    return asset_root().joinpath(*parts)


def game_lengths() -> Mapping[str, str]:
    """Each game's typical length in words ("about 10 minutes") from assets/lengths.json; none
    for a game the file does not give (or a file missing or unreadable)."""
    from game.lengths import typical_lengths  # the engine stays out of the first frame

    try:
        text: str | None = asset_path("lengths.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = None
    return typical_lengths(text)
