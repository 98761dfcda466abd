"""A disk that refuses, for real: a read-only folder, a full disk, an unreadable file. The app
says so, the old files stay whole, and play goes on. Root ignores permissions, so as root the
folder is made immutable (chattr +i) and the full disk is a tiny tmpfs; where the system does
not allow that, the test is skipped (tests/test_hostile_files.py injects the same faults)."""
from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest

from tests.hostile import (Case, config_dir, data_root, every_write, files_with, install,
                           named, valid_bytes, visit)

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@contextlib.contextmanager
def read_only(folders: list[Path]):
    """These folders refuse new files, renames and removals while inside the block."""
    done = []
    try:
        for folder in folders:
            if AS_ROOT:
                if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
                    pytest.skip("chattr +i is not allowed here")
            else:
                folder.chmod(0o555)
            done.append(folder)
        yield
    finally:
        for folder in done:
            if AS_ROOT:
                subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
            else:
                folder.chmod(0o755)


@contextlib.contextmanager
def tiny_disk(folder: Path, kilobytes: int = 256):
    """A file system of a few kilobytes mounted on `folder` (root only)."""
    if not AS_ROOT:
        pytest.skip("mounting a tiny disk needs root")
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs",
                              str(folder)], capture_output=True)
    if mounted.returncode:
        pytest.skip("mounting is not allowed here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_read_only_folders_are_said_and_nothing_is_lost(tmp_path):
    cases = [install(tmp_path, Case(kind, "valid", valid_bytes(kind)))
             for kind in ("settings", "stats", "record")]
    damaged = install(tmp_path, Case("save", "damaged", b'{"format": "quintet-save", "ver'))
    folders = [config_dir(tmp_path), data_root(tmp_path), damaged.parent, cases[-1].parent]
    before = {path: path.read_bytes() for path in cases + [damaged]}
    with read_only(folders):
        seen = visit(tmp_path, writes=every_write)
    assert seen.menu_reached
    assert named(seen, damaged) and any("left as it is" in m for m in seen.messages)
    assert any("Could not save settings" in m for m in seen.messages), seen.messages
    assert any("Could not save the statistics" in m for m in seen.messages), seen.messages
    assert sum("could not write" in m for m in seen.messages) == 2  # the save and the record
    assert {path: path.read_bytes() for path in before} == before  # all in place, untouched


def test_a_full_disk_is_said_and_the_old_files_stay_whole(tmp_path):
    with tiny_disk(data_root(tmp_path)) as disk:
        stats = install(tmp_path, Case("stats", "valid", valid_bytes("stats")))
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as out:  # fill the disk to the last block
            try:
                while True:
                    out.write(b"\1" * 512)
            except OSError:
                pass
        seen = visit(tmp_path, writes=every_write)
        assert seen.menu_reached
        assert any("No space left" in m for m in seen.messages), seen.messages
        assert stats.read_bytes() == valid_bytes("stats")
        assert not [p for p in disk.rglob("*.tmp")]  # no half-written temporary left behind


@pytest.mark.skipif(AS_ROOT, reason="root reads any file whatever its permissions")
def test_an_unreadable_file_is_named_and_kept(tmp_path):
    settings = install(tmp_path, Case("settings", "valid", valid_bytes("settings")))
    settings.chmod(0)
    try:
        seen = visit(tmp_path)
    finally:
        for path in config_dir(tmp_path).iterdir():
            path.chmod(0o644)
    assert named(seen, settings) and any("could not be read" in m for m in seen.messages)
    assert files_with(tmp_path, valid_bytes("settings"))
