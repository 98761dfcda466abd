"""Issue 63: a move the player saw survives a crash. The save of a move is written (to the page
cache: the fsync follows on the disk writer's thread) in the frame the move is committed, so
once a frame showing it has been presented, killing the app (SIGKILL: no quit, no flush) leaves
a save that holds it.

Two tests: the real app in a process of its own, playing hot-seat Strands by typed keys, told
to announce each move after the frame showing it was presented, and killed at once after a
move chosen by a seeded generator (on a normal disk and on one whose fsync is slow); and the
app in this process, driven headless, whose save is read right after the frame of each move
while every fsync hangs (a network home gone away): the move is there all the same.
"""
from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from scenes.store.data_folder import DataFolder
from scenes.store.storage import SAVES_FOLDER

ROOT = Path(__file__).resolve().parent.parent
GAME = "strands"
# The real app (scenes/main.py's main, as `quintet --game strands` starts it), with two
# test-only wrappers of its frame kept in this file, never in the app: an autopilot that types
# a seeded random legal move whenever a player is to choose (Enter when the text is a prefix of
# another move; Enter at a hand-off, Space at a held result), and an announcer that prints
# "seen <entry>" for every entry of the record once a frame showing it has been presented.
# Its second argument, when above 0, makes every fsync of the process that long first.
CHILD = r"""
import os, random, sys, time
import pygame
from scenes.shell.app import App

seed, slow = int(sys.argv[1]), float(sys.argv[2])
if slow > 0:
    real_fsync = os.fsync
    def fsync(handle):
        time.sleep(slow)
        real_fsync(handle)
    os.fsync = fsync
rng = random.Random(seed)
real_tick = App.tick
seen = [0]
typed = [None]


def play_scene(app):
    for scene in reversed(app.stack.scenes):
        if hasattr(scene, "turns") and hasattr(scene, "saves"):
            return scene
    return None


def key(key, char=""):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, unicode=char, mod=0, scancode=0))


def autopilot(app):
    app.settings.animation_speed = 4.0
    top, scene = app.stack.top, play_scene(app)
    if scene is None:
        return
    if top is not scene:
        if type(top).__name__ == "HandoffScene":
            key(pygame.K_RETURN)
        return
    turns = scene.turns
    if turns.hold is not None:
        key(pygame.K_SPACE, " ")
        return
    seat = turns.chooser
    if seat is None:
        return
    entries = len(turns.match.entries)
    if typed[0] == (entries, seat):  # typed last frame and not played: the text is a prefix
        key(pygame.K_RETURN)
        typed[0] = None
        return
    move = rng.choice(turns.match.state.legal_moves(seat))
    for char in str(move):
        key(pygame.key.key_code(char) if char != " " else pygame.K_SPACE, char)
    typed[0] = (entries, seat)


def tick(self, dt):
    autopilot(self)
    presented = self.presented
    real_tick(self, dt)
    scene = play_scene(self)
    if scene is None or self.presented == presented:
        return
    entries = scene.turns.match.entries
    for entry in entries[seen[0]:]:
        print("seen", entry, flush=True)
    seen[0] = max(seen[0], len(entries))


App.tick = tick
from scenes.main import main
sys.exit(main(["--game", sys.argv[3], "--size", "800x600"]))
"""


def app_env(root: Path) -> dict[str, str]:
    """The environment of a headless app whose folders are all under `root`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", QUINTET_CONFIG_DIR=str(root / "config"),
               QUINTET_DATA_DIR=str(root / "data"), QUINTET_LOG_DIR=str(root / "log"))
    env.pop("QUINTET_LAUNCHED_AT", None)
    return env


def kill_after(root: Path, seed: int, moves: int, slow: float, linger: float) -> list[str]:
    """Start the app, kill it with SIGKILL `linger` seconds after it announced its `moves`-th
    move shown (at once when 0); the entries it announced."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(seed), str(slow), GAME],
                             cwd=ROOT, env=app_env(root), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, bufsize=1)
    seen: list[str] = []
    deadline = time.monotonic() + 120
    try:
        while len(seen) < moves:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([child.stdout], [], [], max(0.0, left))
            if not ready:
                raise AssertionError(f"the app announced {len(seen)} moves of {moves} in time")
            line = child.stdout.readline()
            if not line:
                raise AssertionError(f"the app ended after {len(seen)} moves: "
                                     f"{child.stderr.read()[-2000:]}")
            if line.startswith("seen "):
                seen.append(line.split(None, 1)[1].strip())
        if linger:
            time.sleep(linger)
        child.send_signal(signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    return seen


def saved_entries(root: Path) -> list[str]:
    """The entries of the game saved under `root` (none without a save), read by the app's
    own reader."""
    folder = DataFolder(root / "data").saves()
    paths = folder.paths()
    assert len(paths) <= 1, f"one save at most was expected: {paths}"
    if not paths:
        return []
    return [str(entry) for entry in folder.read(paths[0]).record.entries]


KILL_POINTS = 24  # launches, each killed after a move drawn from the seeded generator


@pytest.mark.slow
@pytest.mark.subprocess
def test_every_move_seen_is_in_the_save_after_a_kill(tmp_path):
    rng = random.Random(63)
    missing = []
    for run in range(KILL_POINTS):
        root = tmp_path / f"run-{run}"
        moves = rng.randint(1, 40)  # Strands: some 95 moves to a game, so it goes on
        slow = rng.choice((0.0, 0.0, 0.02, 0.2))  # a normal disk, a slow one, a very slow one
        linger = rng.choice((0.0, 0.0, 0.0, 0.001, 0.01))
        seen = kill_after(root, seed=run, moves=moves, slow=slow, linger=linger)
        saved = saved_entries(root)
        if saved[:len(seen)] != seen:
            missing.append(f"run {run} (fsync {slow} s, kill {linger} s after move {moves}): "
                           f"saw {len(seen)}, saved {len(saved)}")
    assert not missing, "moves seen but not saved:\n" + "\n".join(missing)


# ---- in this process: the save is on disk right after the frame of the move ------------------
class HungDisk:
    """Every fsync waits until the test ends (a network home gone away): only what reaches the
    page cache without one is on disk meanwhile."""

    def __init__(self, monkeypatch) -> None:
        self.opened = threading.Event()
        self.calls = 0
        real_fsync = os.fsync

        def fsync(handle: int) -> None:
            self.calls += 1
            self.opened.wait(60)
            real_fsync(handle)

        monkeypatch.setattr(os, "fsync", fsync)

    def restore(self) -> None:
        """The disk answers again."""
        self.opened.set()


def test_a_moves_save_is_on_disk_after_its_frame_even_while_fsync_hangs(driver, monkeypatch):
    from scenes.play.play import PlayScene
    from scenes.screens.menu import MainMenu
    app = driver.app
    app.stack.reset(MainMenu(app))
    app.stack.push(PlayScene(app, GAME, None, seed=5))
    disk = HungDisk(monkeypatch)
    try:
        for _ in range(3):  # the first frame is presented; the writer is let go
            app.tick(1 / 60)
        scene = driver.play_scene()
        folder = app.data.saves()
        rng = random.Random(5)
        for number in range(1, 9):
            for _ in range(400):  # frames until a player may choose (no flush of the writer)
                if scene.turns.chooser is not None and scene.turns.hold is None:
                    break
                app.tick(0.05)
            seat = scene.turns.chooser
            move = rng.choice(scene.turns.match.state.legal_moves(seat))
            for char in str(move):
                driver.post(pygame.KEYDOWN, key=pygame.key.key_code(char), unicode=char, mod=0,
                            scancode=0)
            presented = app.presented
            app.tick(1 / 60)  # the frame the move is committed in, presented
            if len(scene.turns.match.entries) < number:  # a prefix of another move: Enter
                driver.post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0,
                            scancode=0)
                presented = app.presented
                app.tick(1 / 60)
            assert len(scene.turns.match.entries) == number, f"{move} was not played"
            assert app.presented > presented  # the frame showing it was presented
            shown = [str(entry) for entry in scene.turns.match.entries]
            path = folder.path_for(scene.saves.id)
            assert path.exists(), f"move {number} was shown, but its game is not on disk"
            on_disk = [str(entry) for entry in folder.read(path).record.entries]
            assert on_disk == shown, f"move {number} was shown, but the save holds {on_disk}"
        assert scene.saves.state == "saving"  # durable only once the fsync is done
    finally:
        disk.restore()
    driver.written()
    assert scene.saves.state == "saved"
    assert not list((Path(os.environ["QUINTET_DATA_DIR"]) / SAVES_FOLDER).glob(".*.tmp"))
