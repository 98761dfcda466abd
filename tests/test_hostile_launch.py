"""One real launch per class of bad file: `python -m game` with a hostile file of every kind in
its folders starts, shows the main menu, logs a message naming each bad file (the log is what a
kiosk's keeper reads), exits 0 with no traceback, and every original byte is still on disk."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.store.plain_text import printable
from tests.hostile import (SAVE_ID, VALID, Case, Giant, data_root, files_with, install,
                           make_link, file_path, valid_bytes)

ROOT = Path(__file__).resolve().parent.parent


def deep_settings() -> bytes:
    return b'{"volume": ' + b"[" * 5000 + b"]" * 5000 + b"}"


CLASSES = {
    "shape": [
        Case("settings", "nested 5000 deep", deep_settings()),
        Case("stats", "NaN", json.dumps(VALID["stats"]).replace("2", "NaN", 1).encode()),
        Case("save", "a key twice", valid_bytes("save")[:-2] + b', "format": "again"}'),
        Case("record", "empty", b""),
    ],
    "text": [
        Case("settings", "direction marks and escapes",
             json.dumps({"kiosk_exit_keys": "ctrl+\u202e\x1b[31m\x00\ud800"}).encode()),
        Case("stats", "control characters in names",
             json.dumps({**VALID["stats"], "games": {"\x00\u202e": {}}}).encode()),
        Case("save", "a name that is not UTF-8", valid_bytes("save"), name=b"\xff\xfe\n.json"),
        Case("record", "not UTF-8 inside", b'{"format": "caf\xe9"}',
             name="\u202e.json".encode()),
    ],
}


def launch(root: Path, tmp_path: Path, seconds: float = 1.5) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", QUINTET_CONFIG_DIR=str(root / "config"),
               QUINTET_DATA_DIR=str(data_root(root)), QUINTET_LOG_DIR=str(tmp_path / "log"))
    return subprocess.run([sys.executable, "-m", "game", "--size", "800x500", "--seconds",
                           str(seconds), "--screenshot", str(tmp_path / "menu.png")], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def log_text(tmp_path: Path) -> str:
    return (tmp_path / "log" / "quintet.log").read_text(encoding="utf-8", errors="replace")


def check_launch(result, tmp_path: Path) -> str:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    text = log_text(tmp_path)
    assert "Traceback" not in text, text
    assert (tmp_path / "menu.png").stat().st_size > 0
    return text


@pytest.mark.parametrize("name", list(CLASSES))
def test_a_launch_with_bad_files_of_a_class_reaches_the_menu(tmp_path, name):
    root = tmp_path / "folders"
    paths = [(case, install(root, case)) for case in CLASSES[name]]
    text = check_launch(launch(root, tmp_path), tmp_path)
    for case, path in paths:
        if case.kind in ("settings", "save"):  # read at start; the others on their screens
            assert printable(path.name) in text, (case, text)
        assert files_with(root, case.content), case


def test_a_launch_with_giant_files_reaches_the_menu(tmp_path):
    root = tmp_path / "folders"
    giants = [Giant(kind, 50_000_000).install(root) for kind in ("settings", "save")]
    for kind in ("stats", "record"):  # read on their screens, not at start
        Giant(kind, 50_000_000).install(root)
    text = check_launch(launch(root, tmp_path), tmp_path)
    for path in giants:
        assert f"{path.name} is 50.0 MB, far larger than any real one" in text, text
    sizes = sorted(p.stat().st_size for p in root.rglob("*") if p.is_file())
    assert sizes.count(50_000_000) == 4  # moved aside or left in place, never lost


def test_a_launch_with_links_of_every_sort_reaches_the_menu(tmp_path):
    root = tmp_path / "folders"
    make_link(root, file_path(root, Case("settings", "", b"")), "in a loop of two", "settings")
    make_link(root, file_path(root, Case("stats", "", b"")), "to a good file elsewhere", "stats")
    make_link(root, file_path(root, Case("save", "", b"")), "to a device", "save")
    make_link(root, file_path(root, Case("record", "", b"")), "to nothing", "record")
    text = check_launch(launch(root, tmp_path), tmp_path)
    assert "settings.json is a link that loops back on itself" in text
    assert f"{SAVE_ID}.json is not a regular file" in text
    assert (data_root(root) / "stats.json").is_symlink()
    assert Path("/dev/zero").exists()
