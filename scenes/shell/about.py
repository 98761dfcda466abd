"""What Quintet says about itself: its window's name, its version (from pyproject.toml beside
the code, in a checkout or a frozen build, which bundles it; else the installed package's), and
its licences (LICENSE and THIRD_PARTY_NOTICES beside the code, or the installed package's
LICENSE), which the About screen shows."""
from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = "quintet"
UNKNOWN = "unknown"
LICENSE = "LICENSE"
NOTICES = "THIRD_PARTY_NOTICES"
LICENCE_SUMMARY = ("Quintet's code is under the MIT licence; its own sounds, icons, rules texts, "
                   "lessons, figures and phone page are under Creative Commons Attribution 4.0 "
                   "(CC BY 4.0); its typeface is Inter, under the SIL Open Font License 1.1.")
# the window's class (X11 WM_CLASS, Wayland app id): the desktop entry names it too, so a dock
# shows the window under the entry's icon
WINDOW_CLASS = "Quintet"


def name_the_window() -> None:
    """Ask SDL to class the window "Quintet" (unless the environment says otherwise): before
    pygame is imported, which names it after the script (`__main__.py`) when nothing has."""
    import os
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)


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


def read_beside_code(name: str) -> str | None:
    """A text file beside the packages (a checkout's root, a frozen build's bundle: where
    Quintet's pyproject.toml is, never another's site-packages); None if there is none."""
    if pyproject_version(code_root() / "pyproject.toml") is None:
        return None
    try:
        return (code_root() / name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def licence_text() -> str | None:
    """Quintet's LICENSE: beside the code, else in the installed package's metadata."""
    text = read_beside_code(LICENSE)
    if text is not None:
        return text
    try:
        from importlib.metadata import PackageNotFoundError, distribution
    except ImportError:
        return None
    try:
        files = distribution(PACKAGE).files or ()
        found = next((f for f in files if f.name == LICENSE), None)
        return found.read_text(encoding="utf-8") if found is not None else None
    except (PackageNotFoundError, OSError, UnicodeDecodeError):
        return None


def notices_text() -> str | None:
    """THIRD_PARTY_NOTICES: what a packaged build bundles from others, with licence texts (a
    checkout has it too; an installed package has not: each package brings its own licence)."""
    return read_beside_code(NOTICES)
