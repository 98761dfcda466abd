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
import selectors
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
    waiting = selectors.DefaultSelector()  # (select.select refuses a descriptor over 1023,
    waiting.register(child.stdout, selectors.EVENT_READ)  # which a long test run reaches)
    try:
        while len(seen) < moves:
            left = deadline - time.monotonic()
            ready = waiting.select(max(0.0, left))
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
        waiting.close()
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


# ---- the Keeper's quick saves, one rule at a time --------------------------------------------
def strands_at(moves: int, game_id: str = "20240101-000000-strands-abcdef"):
    from game.match import Match
    from scenes.store.saves import SavedGame
    match = Match(GAME, {"side": 5}, seed=3)
    for _ in range(moves):  # the first legal move each time
        state = match.state
        match.play(str(state.legal_moves(state.actors[0])[0]))
    return SavedGame(game_id, match.record(), ("human", "human"), "2024-05-01T10:00:00")


def held_keeper(root: Path, read_only: str = ""):
    """A Keeper whose writer does nothing until released (a disk that has not answered yet)."""
    from scenes.store.keeper import Keeper
    told: list[str] = []
    return Keeper(DataFolder(root, read_only), told.append, held=True), told


def test_each_save_is_in_place_at_once_in_order_and_synced_later(tmp_path):
    keeper, _ = held_keeper(tmp_path)
    folder, results = keeper.data.saves(), []
    for moves in (1, 2, 3):
        keeper.save_game(strands_at(moves), results.append)
        saved = folder.read(folder.path_for(strands_at(1).id))
        assert len(saved.record.entries) == moves and saved.sequence == moves
    hidden = list(folder.folder.glob(".*.tmp"))
    assert len(hidden) == 2  # the replaced versions, freed by the writer (not on the frame loop)
    assert keeper.saving(strands_at(1).id) and results == []  # not durable yet: not "saved"
    keeper.writer.flush(30)
    keeper.poll()
    assert results == [""]  # the syncs not started were superseded by the last one
    assert not keeper.saving(strands_at(1).id)
    assert list(folder.folder.glob(".*.tmp")) == []
    keeper.close()


def test_a_save_behind_its_games_filing_waits_for_it(tmp_path):
    from scenes.store.filing import finished_record
    keeper, _ = held_keeper(tmp_path)
    folder, results = keeper.data.saves(), []
    keeper.save_game(strands_at(2), results.append)
    keeper.file_game(strands_at(2).id, finished_record(strands_at(2), "2024-05-01T10:05:00"))
    keeper.save_game(strands_at(3), results.append)  # after the filing: in order, on the writer
    assert len(folder.read(folder.path_for(strands_at(2).id)).record.entries) == 2
    keeper.writer.flush(30)
    keeper.poll()
    assert results == ["", ""]
    assert len(folder.read(folder.path_for(strands_at(2).id)).record.entries) == 3
    keeper.close()


def test_a_save_that_cannot_be_written_is_said_on_the_frame_loop_and_tried_again(tmp_path):
    keeper, _ = held_keeper(tmp_path)
    (tmp_path / SAVES_FOLDER).write_text("a file where the saves folder should be")
    results: list[str] = []
    keeper.save_game(strands_at(1), results.append)
    assert results == []  # never said inside the frame's own call: poll says it
    keeper.writer.flush(30)
    keeper.poll()
    assert len(results) == 1 and results[0]  # why it failed, in words
    (tmp_path / SAVES_FOLDER).unlink()
    keeper.save_game(strands_at(2), results.append)
    keeper.writer.flush(30)
    keeper.poll()
    assert results[1:] == [""]
    keeper.close()


def test_a_copy_that_may_not_write_saves_nothing_and_says_why(tmp_path):
    keeper, _ = held_keeper(tmp_path, read_only="another Quintet is using this folder")
    results: list[str] = []
    keeper.save_game(strands_at(1), results.append)
    keeper.writer.flush(30)
    keeper.poll()
    assert results == ["another Quintet is using this folder"]
    assert not (tmp_path / SAVES_FOLDER).exists()
    keeper.close()


def test_the_order_of_saves_goes_on_from_the_highest_on_disk(tmp_path):
    from scenes.store.saves import SaveFolder
    import dataclasses
    SaveFolder(tmp_path).write(dataclasses.replace(strands_at(1, "20240101-000000-strands-old000"),
                                                   sequence=41))
    keeper, _ = held_keeper(tmp_path)
    keeper.start()
    keeper.writer.flush(30)
    keeper.poll()  # start's reading of the highest comes back to the frame loop
    keeper.save_game(strands_at(2), lambda problem: None)
    folder = keeper.data.saves()
    assert folder.read(folder.path_for(strands_at(2).id)).sequence == 42
    keeper.close()


# ---- the figure in docs/developers.md: `python -m tests.test_seen_moves_kept` -----------------
def quick_write_figures(saves: int = 300, root: Path | None = None) -> list[str]:
    """What Keeper.save_game costs the frame loop for the longest of 30 random games of Moriarty
    and of Move In Synch (one move short of the end), a save every 50 ms: p50/p99 microseconds."""
    import json
    import shutil
    import tempfile

    from game.match import Match, RandomPlayer, play_out
    from scenes.store.keeper import Keeper
    from scenes.store.saves import SavedGame

    def percentile(values: list[float], fraction: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, round(fraction * len(ordered)) - 1)] * 1e6

    folder = Path(tempfile.mkdtemp(dir=root))
    lines = []
    try:
        for game in ("moriarty", "synch"):
            matches = []
            for seed in range(30):
                match = Match(game, {}, seed=seed)
                play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 7)])
                matches.append(match)
            longest = max(matches, key=lambda match: len(match.entries))
            keep = len(longest.entries) - 1
            saved = SavedGame(f"20240101-000000-{game}-abcdef", longest.rewound(keep).record(),
                              ("human", "bot:hard"), "2024-01-01T00:00:00")
            keeper = Keeper(DataFolder(folder), print)
            wall, own = [], []
            for _ in range(saves):
                begun, begun_cpu = time.perf_counter(), time.thread_time()
                keeper.save_game(saved, lambda problem: None)
                wall.append(time.perf_counter() - begun)
                own.append(time.thread_time() - begun_cpu)
                time.sleep(0.05)
                keeper.poll()
            keeper.close()
            size = len(json.dumps(saved.to_json(), indent=1))
            lines.append(f"{game}: {keep} entries, {size:,} bytes: the frame loop's save p50 "
                         f"{percentile(wall, .5):.0f} us, p99 {percentile(wall, .99):.0f} us "
                         f"(its processor time p50 {percentile(own, .5):.0f} us, p99 "
                         f"{percentile(own, .99):.0f} us)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return lines


if __name__ == "__main__":
    print("\n".join(quick_write_figures(root=Path(sys.argv[1]) if len(sys.argv) > 1 else None)))
