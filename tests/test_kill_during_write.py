"""Every writer killed mid-write (as kill -9 or a power cut would), at each step of the atomic
write: the file on disk is the old version or the new one, whole, and a link stays a link."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.store.data_folder import DataFolder
from scenes.store.settings import SettingsStore

ROOT = Path(__file__).resolve().parent.parent
WRITERS = ("settings", "save", "record", "stats")
STEPS = ("before the sync", "before the rename", "after the rename")
# The writer, in a process of its own: it writes version 1 whole, then starts on version 2 and
# is killed at the chosen step (the step's function kills the process instead of returning).
CHILD = """
import os, signal, sys
from pathlib import Path
from game.core import Outcome
from game.match import Match
from scenes.store import storage
from scenes.store.data_folder import DataFolder
from scenes.store.saves import SavedGame
from scenes.store.settings import Settings, SettingsStore

writer, step, root = sys.argv[1], sys.argv[2], Path(sys.argv[3])
data = DataFolder(root / "data")
settings = SettingsStore(root / "config" / "settings.json")


def write(version):
    if writer == "settings":
        assert settings.save(Settings(volume=version / 10))
    elif writer == "save":
        match = Match("strands", {"side": 5}, seed=1)
        for text in ("c3", "a1")[:version]:
            match.play(text)
        data.saves().write(SavedGame("20240101-000000-strands-aaaaaa", match.record(),
                                     ("human", "human"), "2024-01-01T00:00:00"))
    elif writer == "record":
        match = Match("strands", {"side": 5}, seed=version)
        match.play("c3")
        data.records().add(match.record(), f"version-{version}")
    else:
        assert data.stats().count("strands", ("human", "bot:hard"), Outcome(0, "test", ())) == []


def die(*_):
    os.kill(os.getpid(), signal.SIGKILL)


write(1)
if step == "before the sync":
    storage.os.fsync = die
elif step == "before the rename":
    storage.os.replace = die
else:
    storage._sync_folder = die
write(2)
print("not killed")
"""


def run_child(writer: str, step: str, root: Path) -> None:
    child = subprocess.run([sys.executable, "-c", CHILD, writer, step, str(root)], cwd=ROOT,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                           text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr


def version_on_disk(writer: str, root: Path) -> set[int]:
    """The versions the writer's files hold, each read whole by the app's own loader."""
    data = DataFolder(root / "data")
    if writer == "settings":
        store = SettingsStore(root / "config" / "settings.json")
        volume = store.load().volume
        assert store.messages == []
        return {round(volume * 10)}
    if writer == "save":
        saved, messages = data.saves().latest()
        assert messages == []
        return {len(saved.record.entries)}
    if writer == "record":
        summaries = data.records().listing()
        assert all(not s.problem for s in summaries)
        return {int(s.path.stem.split("-")[1]) for s in summaries}
    games, messages = data.stats().load()
    assert messages == []
    return {games["strands"]["hard"]["won"]}


def link_the_file(writer: str, root: Path) -> Path | None:
    """Make the writer's file a link into another folder (records are never linked)."""
    where = {"settings": root / "config" / "settings.json",
             "save": root / "data" / "saves" / "20240101-000000-strands-aaaaaa.json",
             "stats": root / "data" / "stats.json"}.get(writer)
    if where is None:
        return None
    where.parent.mkdir(parents=True)
    (root / "elsewhere").mkdir()
    os.symlink(root / "elsewhere" / where.name, where)
    return where


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("writer", WRITERS)
def test_a_writer_killed_mid_write_leaves_a_whole_version(tmp_path, writer, step):
    run_child(writer, step, tmp_path)
    found = version_on_disk(writer, tmp_path)
    if writer == "record":  # each record is a new file: the first whole, the second whole or none
        assert found in ({1}, {1, 2}) and (found == {1, 2}) == (step == "after the rename")
    else:
        assert found == ({2} if step == "after the rename" else {1})
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and not p.name.endswith(".tmp")
                 and ".bad-" in p.name]
    assert leftovers == []  # nothing was taken for a bad file


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("writer", ["settings", "save", "stats"])
def test_a_writer_killed_mid_write_through_a_link_keeps_the_link(tmp_path, writer, step):
    link = link_the_file(writer, tmp_path)
    run_child(writer, step, tmp_path)
    assert link.is_symlink()  # written through to the target, never replaced
    assert version_on_disk(writer, tmp_path) == ({2} if step == "after the rename" else {1})
    assert (tmp_path / "elsewhere" / link.name).is_file()
