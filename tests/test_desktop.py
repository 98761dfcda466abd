"""`quintet --install-desktop`: the applications-menu entry and icons under $XDG_DATA_HOME,
an Exec line that gives back the very command, and an uninstall that removes only ours."""
from __future__ import annotations

import configparser
import struct
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes import main as quintet_main
from scenes.shell.about import WINDOW_CLASS
from scenes import desktop
from scenes.desktop import (data_home, desktop_entry, ico_images, install,
                                  installed_files, launch_command, uninstall)

ROOT = Path(__file__).resolve().parent.parent
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)  # what assets/icons/quintet.ico holds


def _unescape_value(value: str) -> str:
    """A desktop file's string value as the Desktop Entry spec reads it."""
    out, chars = [], iter(value)
    for char in chars:
        if char == "\\":
            following = next(chars)
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[following])
        else:
            out.append(char)
    return "".join(out)


def _split_exec(line: str) -> list[str]:
    """An Exec value (already unescaped) split into arguments as the spec says."""
    arguments, current, quoted, started = [], [], False, False
    chars = iter(line)
    for char in chars:
        if quoted:
            if char == "\\":
                current.append(next(chars))
            elif char == '"':
                quoted = False
            else:
                current.append(char)
        elif char == '"':
            quoted = started = True
        elif char == " ":
            if started:
                arguments.append("".join(current))
            current, started = [], False
        else:
            current.append(char)
            started = True
    assert not quoted, "an unterminated quote"
    if started:
        arguments.append("".join(current))
    return [argument.replace("%%", "%") for argument in arguments]


def _read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def _exec_value(entry: str) -> str:
    return next(line for line in entry.split("\n") if line.startswith("Exec="))[5:]


# any text but control characters, which the format cannot hold (bar newline, tab and return)
_ARGUMENT = st.text(st.characters(exclude_categories=("Cs", "Cc")) | st.sampled_from("\n\t\r"),
                    min_size=1)


@given(command=st.lists(_ARGUMENT, min_size=1, max_size=4))
def test_the_exec_line_gives_back_the_command_whatever_its_characters(command):
    assert _split_exec(_unescape_value(_exec_value(desktop_entry(command, None, "1.0")))) \
        == command


@given(before=_ARGUMENT, control=st.characters(categories=("Cc",), exclude_characters="\n\t\r"))
def test_a_path_with_another_control_character_is_refused(before, control):
    with pytest.raises(ValueError, match="control character"):
        desktop_entry([before + control], None, "1.0")


@pytest.mark.parametrize("path", ["/opt/Quintet/Quintet", "/home/ann/My Games/Quintet",
                                  '/tmp/say "hi"/q', "/tmp/100%/q", "/tmp/back\\slash/q"])
def test_the_exec_line_of_awkward_paths(path):
    exec_value = _exec_value(desktop_entry([path, "-m", "game"], None, "1.0"))
    assert _split_exec(_unescape_value(exec_value)) == [path, "-m", "game"]


def test_install_writes_the_entry_and_every_icon_size_and_uninstall_removes_them(
        tmp_path, monkeypatch):
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    other = home / "icons" / "hicolor" / "48x48" / "apps" / "someone-else.png"
    other.parent.mkdir(parents=True)
    other.write_bytes(b"not ours")
    written = install()
    icons = {size: home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "quintet.png"
             for size in ICON_SIZES}
    assert set(written) == set(icons.values()) | {home / "applications" / "quintet.desktop"}
    for size, path in icons.items():
        assert struct.unpack(">II", path.read_bytes()[16:24]) == (size, size)  # PNG header
    entry = _read_entry(home / "applications" / "quintet.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Quintet"
    assert entry["Icon"] == "quintet" and entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == WINDOW_CLASS
    command, folder = launch_command()
    assert _split_exec(_unescape_value(entry["Exec"])) == command
    assert entry["TryExec"] == command[0]
    assert entry.get("Path") == (str(folder) if folder else None)
    assert installed_files(home) == sorted(written[:-1]) + [written[-1]]
    assert sorted(uninstall()) == sorted(written)
    assert installed_files(home) == [] and other.read_bytes() == b"not ours"
    assert uninstall() == []  # nothing left to remove: no error


def test_the_data_home_follows_xdg_and_falls_back_to_local_share(tmp_path):
    assert data_home({"XDG_DATA_HOME": str(tmp_path), "HOME": "/h"}) == tmp_path
    assert data_home({"HOME": "/h"}) == Path("/h/.local/share")
    assert data_home({"XDG_DATA_HOME": "relative/path", "HOME": "/h"}) == \
        Path("/h/.local/share")  # the spec: a relative path is ignored


def test_the_entry_starts_whichever_quintet_ran_the_command(monkeypatch, tmp_path):
    monkeypatch.delattr(sys, "frozen", raising=False)
    script = tmp_path / "venv bin" / "quintet"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop"])
    assert launch_command() == ([str(script.resolve())], None)  # the installed command
    monkeypatch.setattr(sys, "argv", [str(ROOT / "game" / "__main__.py")])
    assert launch_command() == ([str(Path(sys.executable).absolute()), "-m", "game"], ROOT)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "Quintet" / "Quintet"))
    assert launch_command() == ([str((tmp_path / "Quintet" / "Quintet").resolve())], None)


def test_the_icons_come_from_the_ico_at_every_size_it_holds():
    images = ico_images((ROOT / "assets" / "icons" / "quintet.ico").read_bytes())
    assert sorted(images) == list(ICON_SIZES)
    with pytest.raises(ValueError):
        ico_images(b"\x00\x00\x02\x00\x00\x00")  # a cursor file, not an icon


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the Linux menu entry")
def test_the_command_line_installs_and_uninstalls(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert quintet_main.main(["--install-desktop"]) == 0
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'applications' / 'quintet.desktop'}" in out
    assert "--uninstall-desktop" in out
    assert quintet_main.main(["--uninstall-desktop"]) == 0
    assert not list(tmp_path.rglob("quintet*"))


def test_a_folder_that_cannot_be_written_is_one_clear_line(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    monkeypatch.setattr(desktop.sys, "platform", "linux")
    assert desktop.run_desktop_command(True) == 1
    err = capsys.readouterr().err
    assert err.startswith("quintet: the applications menu entry could not be written")
    assert err.count("\n") == 1


def test_on_windows_and_macos_it_says_where_to_start_quintet_instead(monkeypatch, capsys):
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(desktop.sys, "platform", platform)
        assert desktop.run_desktop_command(True) == 2
        assert "for Linux" in capsys.readouterr().err
