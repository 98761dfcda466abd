"""Two copies of Quintet on one data folder: the first holds it; the second says so, offers to
quit or play without saving, and writes nothing, so no count is lost and no file overwritten."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from scenes.main import _offer_to_quit
from scenes.screens.dialog import ConfirmScene
from scenes.screens.menu import MainMenu
from scenes.store.data_folder import DataFolder
from scenes.store.folder_lock import LOCK_NAME, FolderLock
from tests.support import carries
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
GAMES_EACH = 60
# One copy of Quintet as far as the data folder goes: it claims the folder, then counts games
# won as the results screen does, printing what became of each.
COUNTER = """
import sys, time
from pathlib import Path
from game.core import Outcome
from scenes.store.data_folder import DataFolder
from scenes.store.folder_lock import FolderLock
folder = Path(sys.argv[1])
lock = FolderLock(folder)
shared = "" if lock.acquire() else lock.refusal()
data = DataFolder(folder, shared)
print("ready", flush=True)
sys.stdin.readline()  # both start counting together
for _ in range(int(sys.argv[2])):
    messages = data.stats().count("strands", ("human", "bot:hard"), Outcome(0, "test", ()))
    print("refused" if messages else "counted", *messages, flush=True)
    time.sleep(0.002)
"""


def start(args, env=None, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})), **kwargs)


def test_the_second_lock_on_a_folder_is_refused_and_names_the_first(tmp_path):
    first, second = FolderLock(tmp_path), FolderLock(tmp_path)
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held
    assert second.holder() == str(os.getpid())
    assert f"process {os.getpid()}" in second.refusal() and str(tmp_path) in second.refusal()
    first.release()
    assert second.acquire()
    second.release()


def test_a_folder_that_cannot_hold_a_lock_file_is_no_reason_to_stop(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    assert FolderLock(blocker).acquire()


def test_a_killed_copy_never_leaves_its_lock_behind(tmp_path):
    holder = start(["-c", "import sys, time; from pathlib import Path;"
                    "from scenes.store.folder_lock import FolderLock;"
                    "lock = FolderLock(Path(sys.argv[1])); print(lock.acquire(), flush=True);"
                    "time.sleep(60)", str(tmp_path)], stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == "True"
        assert not FolderLock(tmp_path).acquire()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        holder.stdout.close()
    lock = FolderLock(tmp_path)
    assert lock.acquire()  # freed by the system the moment the holder died
    lock.release()


def test_two_processes_counting_at_once_lose_no_count(tmp_path):
    copies = [start(["-c", COUNTER, str(tmp_path), str(GAMES_EACH)], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE) for _ in range(2)]
    try:
        for copy in copies:
            assert copy.stdout.readline().strip() == "ready"
        for copy in copies:
            copy.stdin.write("go\n")
            copy.stdin.flush()
        lines = [copy.communicate(timeout=120)[0].splitlines() for copy in copies]
    finally:
        for copy in copies:
            copy.kill()
            copy.wait()
    counted = sum(line.startswith("counted") for out in lines for line in out)
    refused = [line for out in lines for line in out if line.startswith("refused")]
    games, messages = DataFolder(tmp_path).stats().load()
    assert messages == []
    assert games["strands"]["hard"]["won"] == counted  # every count made is on disk
    assert counted == GAMES_EACH and len(refused) == GAMES_EACH  # one copy held the folder
    assert all("another copy of Quintet (process" in line for line in refused)


@pytest.fixture
def second_copy(tmp_path):
    """A headless app that found another copy holding its data folder."""
    reason = f"another copy of Quintet (process 1) is running with the data folder {tmp_path}"
    drv = Driver(tmp_path)
    drv.app.data = DataFolder(read_only=reason)
    drv.app.store.read_only = reason
    drv.app.stack.reset(MainMenu(drv.app))
    drv.frames()
    _offer_to_quit(drv.app, reason)
    drv.frames()
    yield drv
    pygame.quit()


def test_the_second_copy_offers_to_quit_or_play_without_saving(second_copy):
    dialog = second_copy.top
    assert isinstance(dialog, ConfirmScene) and carries(dialog.title, "already running")
    assert [b.label for b in dialog.group.buttons] == ["Quit", "Play without saving"]
    assert any("Nothing is saved: another copy" in n for n in second_copy.app.notices)
    second_copy.key(pygame.K_RETURN)  # the default: play without saving
    second_copy.frames()
    assert isinstance(second_copy.top, MainMenu) and second_copy.app.running


def test_quit_in_the_second_copy_ends_it(second_copy):
    second_copy.click(second_copy.top.group.buttons[0].rect.center)
    assert not second_copy.app.running


def test_the_second_copy_plays_but_writes_nothing(second_copy, tmp_path):
    second_copy.key(pygame.K_RETURN)
    scene = second_copy.start("strands", {"side": 5})
    second_copy.settle()
    second_copy.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    assert "could not be saved: another copy of Quintet" in scene.status.text
    second_copy.app.settings.volume = 0.1
    second_copy.app.settings_changed()
    second_copy.frames()  # written (here: refused) by the app's disk writer
    assert "Settings are not saved: another copy" in second_copy.app.notices[-1]
    data = Path(os.environ["QUINTET_DATA_DIR"])
    assert not data.exists() or not [p for p in data.rglob("*") if p.is_file()]
    assert not (tmp_path / "settings.json").exists()


def test_a_second_real_copy_says_quintet_is_already_running(tmp_path):
    data, first_log, second_log = tmp_path / "data", tmp_path / "log1", tmp_path / "log2"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "QUINTET_DATA_DIR": str(data), "QUINTET_CONFIG_DIR": str(tmp_path / "config")}
    first = start(["-m", "game", "--size", "800x500", "--seconds", "30"],
                  env={**env, "QUINTET_LOG_DIR": str(first_log)}, stderr=subprocess.DEVNULL)
    try:
        lock_file = data / LOCK_NAME
        deadline = time.monotonic() + 60
        while not (lock_file.exists() and lock_file.read_text().strip() == str(first.pid)):
            assert time.monotonic() < deadline and first.poll() is None, "the first never began"
            time.sleep(0.05)
        before = sorted(p.name for p in data.rglob("*"))
        second = subprocess.run([sys.executable, "-m", "game", "--size", "800x500", "--seconds",
                                 "1.5", "--screenshot", str(tmp_path / "second.png")], cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT), **env,
                                         QUINTET_LOG_DIR=str(second_log)),
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 0, second.stderr
        log = (second_log / "quintet.log").read_text()
        assert f"another copy of Quintet (process {first.pid}) is running with the data " \
               f"folder {data}; this copy plays without saving" in log
        assert sorted(p.name for p in data.rglob("*")) == before  # the second wrote nothing
        assert first.poll() is None  # and the first plays on
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)
    assert first.returncode == 0  # SIGTERM ends it as Quit does
