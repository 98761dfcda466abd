"""What Quintet says about itself: its window's name and its version (from pyproject.toml beside
the code, in a checkout or a frozen build, which bundles it; else the installed package's)."""
from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = "quintet"
UNKNOWN = "unknown"
# the window's class (X11 WM_CLASS, Wayland app id): the desktop entry names it too, so a dock
# shows the window under the entry's icon
WINDOW_CLASS = "Quintet"


def code_root() -> Path:
    """The folder holding the packages: a checkout's root, site-packages, or a frozen bundle."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    return Path(frozen_root) if frozen_root else Path(__file__).resolve().parents[2]


def pyproject_version(path: Path) -> str | None:
    """The version in a pyproject.toml of Quintet; None if there is none or it is another's."""
    import tomllib  # only when asked: the window's class is wanted before the first frame
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    version = project.get("version")
    return version if project.get("name") == PACKAGE and isinstance(version, str) else None


def quintet_version() -> str:
    """The version of the running Quintet, e.g. "0.1.0" ("unknown" if nothing says)."""
    version = pyproject_version(code_root() / "pyproject.toml")
    if version is not None:
        return version
    try:
        from importlib.metadata import PackageNotFoundError, version as installed_version
    except ImportError:  # a frozen build leaves importlib.metadata out
        return UNKNOWN
    try:
        return installed_version(PACKAGE)
    except PackageNotFoundError:
        return UNKNOWN
