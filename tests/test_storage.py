"""Files on disk: atomic writes survive a writer killed mid-way; bad files are named and kept."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenes.store.storage import (FileProblem, check_header, data_dir, keep_bad_file, move_aside,
                            read_json, write_atomic, write_json)

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 100_000_000  # bytes: the killed writer's file is 8 MB
# A writer that saves a big file over and over, each version saying which it is and holding its
# number all through, so a torn file could never pass for a whole one.
WRITER = """
import sys
from pathlib import Path
from scenes.store.storage import write_json
path = Path(sys.argv[1])
version = 0
while True:
    version += 1
    write_json(path, {"version": version, "filler": f"{version:08d}" * 1_000_000})
    print(version, flush=True)
"""


def test_the_data_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("QUINTET_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    monkeypatch.delenv("QUINTET_DATA_DIR")
    assert "Quintet" in str(data_dir())


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "deep" / "save.json"
    write_json(path, {"a": 1})
    write_json(path, {"a": 2})
    assert read_json(path, LIMIT) == {"a": 2}
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_a_failed_write_leaves_the_old_file(tmp_path):
    path = tmp_path / "save.json"
    write_json(path, {"a": 1})
    with pytest.raises(TypeError):
        write_json(path, {"a": object()})  # cannot be written as JSON: nothing is touched
    with pytest.raises(OSError):
        write_atomic(tmp_path / "save.json" / "inside", "x")  # a file is in the way
    assert read_json(path, LIMIT) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_writer_killed_mid_write_leaves_the_previous_save_whole(tmp_path):
    path = tmp_path / "big.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    torn_seen = False
    rounds = 0
    while rounds < 12 and (rounds < 4 or not torn_seen):  # kills at whatever moment they land
        rounds += 1
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], env=env,
                                  stdout=subprocess.PIPE, text=True)
        try:
            first = writer.stdout.readline()  # one whole version is on disk
            assert first.strip().isdigit()
            time.sleep(0.02 + 0.05 * rounds % 0.25)
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            writer.stdout.close()
        leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        torn_seen = torn_seen or any(p.stat().st_size > 0 for p in leftovers)
        data = read_json(path, LIMIT)  # whole and valid, whatever moment the kill came
        assert set(data) == {"version", "filler"}
        assert data["filler"] == f"{data['version']:08d}" * 1_000_000
        for leftover in leftovers:
            leftover.unlink()
    # A loaded machine may time every kill above between two writes; this one lands mid-write.
    paused = tmp_path / "paused"
    paused.mkdir()
    _kill_a_writer_paused_before_its_rename(paused / "big.json", env)


PAUSED_WRITER = """
import os, sys, time
from pathlib import Path
from scenes.store.storage import write_json
path = Path(sys.argv[1])
write_json(path, {"version": 1, "filler": "00000001" * 1_000_000})
real_fsync = os.fsync
def fsync_then_wait(fd):
    real_fsync(fd)
    if os.fstat(fd).st_size > 1_000_000:  # the new version's temporary file, whole but unnamed
        print("paused", flush=True)
        time.sleep(60)
os.fsync = fsync_then_wait
write_json(path, {"version": 2, "filler": "00000002" * 1_000_000})
"""


def _kill_a_writer_paused_before_its_rename(path, env) -> None:
    """A writer killed with its new version written but not yet renamed over the old one."""
    writer = subprocess.Popen([sys.executable, "-c", PAUSED_WRITER, str(path)], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "paused"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert any(p.stat().st_size > 1_000_000 for p in leftovers)
    data = read_json(path, LIMIT)
    assert data["version"] == 1 and data["filler"] == "00000001" * 1_000_000


@pytest.mark.parametrize("content, words", [
    (None, "is missing"),
    (b"", "is empty"),
    (b'{"format": "quintet-save", "version": 1, "rec', "cut short"),
    (b"{\x00\xff\xfe garbage", "not text"),
    (b"{'single': quotes}", "damaged"),
])
def test_read_json_names_the_problem(tmp_path, content, words):
    path = tmp_path / "file.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(FileProblem) as caught:
        read_json(path, LIMIT)
    assert str(path) in str(caught.value) and words in str(caught.value)


@pytest.mark.parametrize("data, words", [
    ([1, 2], "a JSON object was expected"),
    ({"format": "other"}, "is not a Quintet thing"),
    ({"format": "f", "version": "1"}, "no valid version"),
    ({"format": "f", "version": 9}, "newer Quintet (version 9; this one reads up to 1)"),
])
def test_check_header_refuses_other_and_newer_files(tmp_path, data, words):
    with pytest.raises(FileProblem) as caught:
        check_header(tmp_path / "x.json", data, "thing", "f", 1)
    assert words in str(caught.value)


def test_a_bad_file_is_moved_aside_never_deleted(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{oops")
    first = move_aside(path)
    path.write_text("{again")
    second = move_aside(path)
    assert first != second and first.read_text() == "{oops" and second.read_text() == "{again"
    assert first.name.startswith("stats.json.bad-") and not path.exists()
    path.write_text("[]")
    message = keep_bad_file("Statistics file", FileProblem(path, "is odd"), "counting starts again")
    assert message.startswith(f"Statistics file {path} is odd; counting starts again.")
    assert "It was kept as stats.json.bad-" in message
