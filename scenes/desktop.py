"""`quintet --install-desktop`: Quintet in the Linux applications menu, with its icon.

Following the freedesktop.org specifications (Desktop Entry, Icon Theme, XDG Base Directory), it
writes `$XDG_DATA_HOME/applications/quintet.desktop` and the icon at each size the .ico holds to
`$XDG_DATA_HOME/icons/hicolor/<n>x<n>/apps/quintet.png` (`$XDG_DATA_HOME` is `~/.local/share`
unless set). The entry starts the Quintet that ran the command: the frozen executable, the
installed `quintet` command, or `python -m game` in a checkout. `--uninstall-desktop` removes
those files again. Nothing here needs pygame or root.
"""
from __future__ import annotations

import os
import struct
import sys
from pathlib import Path
from typing import Mapping, Sequence

from scenes.shell.assets import asset_path
from scenes.shell.about import WINDOW_CLASS, code_root, pyproject_version, quintet_version

APP_ID = "quintet"  # the entry's file name and the icon's name
ENTRY_FILE = f"{APP_ID}.desktop"
# characters that make the Desktop Entry spec's Exec key quote an argument
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
# a string value's escapes in a desktop file (applied after the Exec quoting)
VALUE_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or not an absolute path (as the spec
    says)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = environ.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts this Quintet, and the folder to start it in (None: anywhere)."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())], None
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.stem == APP_ID and script.is_file():
        return [str(script.resolve())], None  # the installed `quintet` command
    root = code_root()
    checkout = pyproject_version(root / "pyproject.toml") is not None
    return [str(Path(sys.executable).absolute()), "-m", "game"], root if checkout else None


def quote_argument(argument: str) -> str:
    """One argument of an Exec line, quoted as the Desktop Entry spec says if it needs it."""
    argument = argument.replace("%", "%%")  # a literal % (a lone one starts a field code)
    if not argument or RESERVED & set(argument):
        inner = "".join("\\" + c if c in '"`$\\' else c for c in argument)
        return f'"{inner}"'
    return argument


def escape_value(value: str) -> str:
    """A string written as a desktop file's value (backslash, newline, tab, return escaped);
    ValueError for another control character, which the format cannot hold."""
    if any((c < " " or "\x7f" <= c <= "\x9f") and c not in VALUE_ESCAPES for c in value):
        raise ValueError(f"{value!r} holds a control character, which a desktop entry cannot hold")
    return "".join(VALUE_ESCAPES.get(c, c) for c in value)


def desktop_entry(command: Sequence[str], folder: Path | None, version: str) -> str:
    """The text of Quintet's desktop entry, starting `command` (in `folder`, if given)."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Quintet",
        "GenericName=Board Games",
        "Comment=Five little two-player games on one computer",
        "Exec=" + escape_value(" ".join(quote_argument(part) for part in command)),
        "TryExec=" + escape_value(command[0]),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=board;game;two-player;hot-seat;strategy;",
        f"StartupWMClass={WINDOW_CLASS}",
        f"X-Quintet-Version={escape_value(version)}",
    ]
    if folder is not None:
        lines.insert(8, "Path=" + escape_value(str(folder)))
    return "\n".join(lines) + "\n"


def ico_images(data: bytes) -> dict[int, bytes]:
    """The PNG images of a .ico file by pixel size (images stored as bitmaps are skipped)."""
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if reserved != 0 or kind != 1:
        raise ValueError("not an .ico file")
    images = {}
    for index in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data,
                                                                  6 + 16 * index)
        image = data[offset:offset + length]
        if image.startswith(b"\x89PNG\r\n\x1a\n") and len(image) == length:
            images[width or 256] = image
    return images


def icon_images() -> dict[int, bytes]:
    """Quintet's icon as PNG file bytes by pixel size, from the bundled .ico and .png."""
    images = ico_images(asset_path("icons", "quintet.ico").read_bytes())
    png = asset_path("icons", "quintet.png").read_bytes()
    images[struct.unpack(">I", png[16:20])[0]] = png  # the PNG's width, from its header
    return images


def icon_path(home: Path, size: int) -> Path:
    """Where the icon of this size goes in the user's hicolor icon theme."""
    return home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def install(home: Path | None = None) -> list[Path]:
    """Write the desktop entry and the icons; the files written (OSError if the disk refuses,
    ValueError if the command's path cannot be written in an entry)."""
    home = home or data_home()
    written = []
    for size, image in sorted(icon_images().items()):
        path = icon_path(home, size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image)
        written.append(path)
    os.utime(home / "icons" / "hicolor")  # a changed theme folder tells menus to look again
    command, folder = launch_command()
    entry = home / "applications" / ENTRY_FILE
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(command, folder, quintet_version()), encoding="utf-8")
    written.append(entry)
    return written


def installed_files(home: Path) -> list[Path]:
    """The desktop entry and icons of Quintet present under `home`."""
    hicolor = home / "icons" / "hicolor"
    found = sorted(hicolor.glob(f"*/apps/{APP_ID}.png")) if hicolor.is_dir() else []
    entry = home / "applications" / ENTRY_FILE
    return found + ([entry] if entry.is_file() else [])


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove the desktop entry and the icons; the files removed (OSError if the disk refuses)."""
    removed = installed_files(home or data_home())
    for path in removed:
        path.unlink()
    return removed


def run_desktop_command(install_it: bool) -> int:
    """`--install-desktop` (install_it) or `--uninstall-desktop`: do it and say so; exit status."""
    if sys.platform in ("win32", "darwin"):
        print("quintet: the applications menu entry is for Linux and other freedesktop systems; "
              "on Windows and macOS start Quintet from its folder", file=sys.stderr)
        return 2
    try:
        paths = install() if install_it else uninstall()
    except (OSError, ValueError) as error:
        print(f"quintet: the applications menu entry could not be "
              f"{'written' if install_it else 'removed'}: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{'wrote' if install_it else 'removed'} {path}")
    if install_it:
        print("Quintet is in the applications menu (some desktops show it after logging in "
              "again); `quintet --uninstall-desktop` takes it out.")
    elif not paths:
        print("Quintet was not in the applications menu: nothing to remove.")
    return 0
