"""Issue 37: nothing finished is lost, whatever the disk does; Continue by the app's own order;
interrupted writes leave nothing; values checked in full; a frame never waits on the disk."""
from __future__ import annotations

import dataclasses
import errno
import json
import os
import random
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.match import Match, RandomPlayer, play_out
from scenes.store.data_folder import DataFolder
from scenes.store.filing import PendingFolder, finished_record
from scenes.store.keeper import Keeper
from scenes.store.saves import SavedGame, SaveFolder
from scenes.store.stats import FRESH_NAME, StatsFile
from scenes.store.storage import PENDING_FOLDER
from scenes.store.writer import DiskWriter
from tests.support import examples

CONTROLLERS = ("human", "bot:easy")


def finished_match(seed: int = 3) -> Match:
    match = Match("synch", {"move_limit": 6}, seed=seed)
    play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return match


def saved_at(match: Match, keep: int, game_id: str = "20240101-000000-synch-abcdef",
             when: str = "2024-03-01T12:00:00") -> SavedGame:
    return SavedGame(game_id, match.rewound(keep).record(), CONTROLLERS, "2024-03-01T11:00:00",
                     when)


def moves_in(data) -> int:
    """How far a stored game reaches: its number of moves (-1: not this game)."""
    record = data.get("record", data) if isinstance(data, dict) else {}
    moves = record.get("moves") if isinstance(record, dict) else None
    return len(moves) if isinstance(moves, list) else -1


def furthest(root: Path) -> tuple[int, int]:
    """(moves of the furthest copy of the game on disk, record files of it)."""
    best, records = -1, 0
    for folder in ("saves", "records", PENDING_FOLDER):
        for path in (root / folder).glob("*.json"):
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
            best = max(best, moves_in(data))
            records += folder == "records"
    return best, records


class FaultyDisk:
    """os.fsync that fails (no space) when the drawn plan says so; every change to the folder
    is followed by a check that the furthest copy of the game never went back."""

    def __init__(self, root: Path, draw, monkeypatch) -> None:
        self.root, self.draw, self.high = root, draw, -1
        self.failing = True
        real_fsync, real_replace, real_unlink = os.fsync, os.replace, os.unlink

        def fsync(handle):
            if self.failing and self.draw():
                raise OSError(errno.ENOSPC, "No space left on device")
            real_fsync(handle)

        def replace(*args, **kwargs):
            real_replace(*args, **kwargs)
            self.check()

        def unlink(*args, **kwargs):
            real_unlink(*args, **kwargs)
            self.check()

        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(os, "unlink", unlink)

    def check(self) -> None:
        now, _ = furthest(self.root)
        assert now >= self.high, f"the game went back from {self.high} to {now} moves on disk"
        self.high = now


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(1, 50), restart=st.booleans())
def test_a_finished_game_is_never_lost_whatever_writes_fail(tmp_path_factory, monkeypatch,
                                                           data, seed, restart):
    root = tmp_path_factory.mktemp("data")
    folder = DataFolder(root)
    match = finished_match(seed)
    told: list[str] = []
    with monkeypatch.context() as patch:
        disk = FaultyDisk(root, lambda: data.draw(st.booleans(), label="write fails"), patch)
        keeper = Keeper(folder, told.append, background=False)
        game_id = "20240101-000000-synch-abcdef"
        for keep in range(1, len(match.entries) + 1):  # a save after every decision
            keeper.save_game(saved_at(match, keep, game_id), lambda problem: None)
        # the record as the app files it: built from the game's last save (notes, turns)
        record = finished_record(saved_at(match, len(match.entries), game_id),
                                 "2024-03-01T12:00:00")
        keeper.file_game(game_id, record)
        keeper.poll()
        ever_complete = disk.high == len(match.entries)
        disk.failing = False  # the disk has room again
        if restart:  # the app quit meanwhile (what was only in memory is gone); it starts again
            keeper = Keeper(folder, told.append, background=False)
            keeper.start()
        else:  # still running: the retry comes
            for unfiled in keeper.unfiled.values():
                unfiled.next_try = 0
        keeper.poll()
        disk.check()
    best, records = furthest(root)
    games, _ = StatsFile(root).load()
    counted = sum(games.get("synch", {}).get("easy", {}).values())
    assert records <= 1 and counted <= 1, (records, counted, told)  # never twice
    if ever_complete or not restart:
        assert records == 1, (records, told)  # in Records
        assert not list((root / "saves").glob("*.json")) and \
            not list((root / PENDING_FOLDER).glob("*.json")), told
    else:  # never wholly on disk, and the app was gone: the furthest save still continues
        assert records == 0 and best == disk.high
    only_in_memory = any("count only while Quintet runs" in line for line in told)
    if not restart or (ever_complete and not only_in_memory):
        assert counted == 1, told  # counted, once the disk had room (after a restart too)


def test_a_full_disk_keeps_the_save_until_the_record_is_filed_and_says_so(tmp_path,
                                                                          monkeypatch):
    folder = DataFolder(tmp_path)
    match = finished_match()
    told: list[str] = []
    keeper = Keeper(folder, told.append, background=False)
    saved = saved_at(match, len(match.entries))
    keeper.save_game(saved, lambda problem: None)
    real = os.fsync

    def full(handle):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    from scenes.store.filing import finished_record
    keeper.file_game(saved.id, finished_record(saved, saved.saved))
    keeper.poll()
    assert SaveFolder(tmp_path).path_for(saved.id).exists()  # still in its save
    assert any("not filed yet" in line and "in its save" in line for line in told), told
    monkeypatch.setattr(os, "fsync", real)
    told.clear()
    restarted = Keeper(folder, told.append, background=False)
    restarted.start()  # the next start, with room
    restarted.poll()
    assert any("is now in Records and Stats" in line for line in told), told
    assert len(list((tmp_path / "records").glob("*.json"))) == 1
    assert not SaveFolder(tmp_path).path_for(saved.id).exists()


def test_a_pending_record_is_filed_at_the_next_start(tmp_path):
    match = finished_match()
    record = dataclasses.replace(match.record(), meta={
        "controllers": list(CONTROLLERS), "started": "2024-03-01T11:00:00",
        "ended": "2024-03-01T12:00:00"})
    PendingFolder(tmp_path).write("20240101-000000-synch-abcdef", record, ["record", "stats"])
    told: list[str] = []
    keeper = Keeper(DataFolder(tmp_path), told.append, background=False)
    keeper.start()
    keeper.poll()
    assert len(list((tmp_path / "records").glob("*.json"))) == 1
    assert not list((tmp_path / PENDING_FOLDER).glob("*.json"))
    assert any("now in Records and Stats" in line for line in told)


def test_continue_offers_the_game_played_last_whatever_the_clock_says(tmp_path):
    keeper = Keeper(DataFolder(tmp_path), lambda _: None, background=False)
    match = Match("strands", {"side": 5}, seed=1)
    match.play("c3")
    first = SavedGame("20300101-000000-strands-aaaaaa", match.record(), CONTROLLERS,
                      "2030-01-01T00:00:00", "2030-01-01T00:00:00")
    keeper.save_game(first, lambda problem: None)
    # the clock was set back: the game played next is saved with an earlier time
    second = SavedGame("20200101-000000-strands-bbbbbb", match.record(), CONTROLLERS,
                       "2020-01-01T00:00:00", "2020-01-01T00:00:00")
    keeper.save_game(second, lambda problem: None)
    folder = SaveFolder(tmp_path)
    os.utime(folder.path_for(second.id), (1_000_000, 1_000_000))  # and its file time too
    latest, messages = folder.latest()
    assert latest is not None and latest.id == second.id and messages == []
    # the next app run goes on counting from the highest
    later = Keeper(DataFolder(tmp_path), lambda _: None, background=False)
    later.save_game(first, lambda problem: None)
    assert folder.latest()[0].id == first.id


def test_interrupted_writes_leave_nothing_after_the_next_start(tmp_path):
    config = tmp_path / "config"
    for folder in (tmp_path, tmp_path / "saves", tmp_path / "records", config):
        folder.mkdir(exist_ok=True)
        (folder / ".stats.json.0123abcd.tmp").write_text("half a write")
    mine = tmp_path / "saves" / ".notes.tmp"  # not the app's pattern: the user's own
    mine.write_text("keep me")
    Keeper(DataFolder(tmp_path), lambda _: None, background=False).start([config])
    assert [p for p in tmp_path.rglob("*.tmp")] == [mine]



@settings(max_examples=examples(30), deadline=None)
@given(names=st.lists(st.sampled_from(["stats.json", "settings.json", "a-save.json", "x" * 120]),
                      min_size=1, max_size=6),
       marks=st.lists(st.sampled_from(["old", "other run", "this run"]), min_size=6, max_size=6))
def test_tidying_at_start_spares_this_runs_writes_under_way(tmp_path_factory, names, marks):
    """Start-up's tidying runs beside the app's own writes (Records' export runs in its own
    thread): a temporary file of this run is a write under way and stays; those of earlier
    runs (with or without a run's mark) go."""
    from scenes.store.storage import RUN_MARK, remove_temporaries, temporary_name
    folder = tmp_path_factory.mktemp("tidy")
    kept = set()
    for name, mark in zip(names, marks):
        temporary = temporary_name(name)
        if mark == "old":  # written before runs carried a mark
            temporary = temporary.replace(f".{RUN_MARK}", ".", 1)
        elif mark == "other run":
            other = "0000" if RUN_MARK != "0000" else "ffff"
            temporary = temporary.replace(f".{RUN_MARK}", f".{other}", 1)
        else:
            kept.add(temporary)
        (folder / temporary).write_text("half a write")
    remove_temporaries(folder)
    assert {path.name for path in folder.iterdir()} == kept


@pytest.mark.parametrize("time_text", ["2024-03-01\u0000 12:0", "2024-02-30T12:00:00",
                                       "2024-03-01T12:00:00\u202e", "yesterday"])
def test_a_save_with_an_impossible_time_is_never_offered(tmp_path, time_text):
    match = Match("strands", {"side": 5}, seed=1)
    match.play("c3")
    folder = SaveFolder(tmp_path)
    data = SavedGame("20240301-120000-strands-abcdef", match.record(), CONTROLLERS,
                     "2024-03-01T12:00:00").to_json()
    data["saved"] = time_text
    folder.folder.mkdir(parents=True)
    folder.path_for("20240301-120000-strands-abcdef").write_text(json.dumps(data))
    latest, messages = folder.latest()
    assert latest is None and len(messages) == 1 and "bad saved time" in messages[0]
    assert list(folder.folder.glob("*.bad-*"))


def test_a_record_with_a_nul_in_its_time_is_listed_with_its_problem(tmp_path):
    from scenes.store.records import RecordFolder
    match = finished_match()
    record = dataclasses.replace(match.record(), meta={"controllers": list(CONTROLLERS),
                                                       "ended": "2024-03-01\u0000 12:0"})
    folder = RecordFolder(tmp_path)
    path = folder.add(record, "bad")
    [row] = folder.listing()
    assert "ended" in row.problem and row.when == ""
    with pytest.raises(Exception, match="ended"):
        folder.open(path)


def test_statistics_that_cannot_be_moved_aside_count_on_in_a_fresh_file(tmp_path):
    stats = tmp_path / "stats.json"
    os.symlink(stats, stats)  # a link that loops: it cannot be moved aside, nor written
    outcome = finished_match().state.outcome
    messages = StatsFile(tmp_path).count("synch", CONTROLLERS, outcome)
    assert any("loops" in m and FRESH_NAME in m for m in messages), messages
    messages = StatsFile(tmp_path).count("synch", CONTROLLERS, outcome)
    games, _ = StatsFile(tmp_path).load()
    assert sum(games["synch"]["easy"].values()) == 2  # every game counted
    assert stats.is_symlink()  # the bad one left as it was


def test_the_writer_runs_in_order_and_a_newer_write_supersedes_a_waiting_one():
    writer = DiskWriter()
    gate, ran, results = threading.Event(), [], []
    writer.submit(lambda: gate.wait(30) and ran.append("slow"))  # busy until the gate opens
    for n in range(5):
        writer.submit(lambda n=n: ran.append(f"save {n}"), key="save",
                      done=lambda result, error, n=n: results.append(n))
    writer.submit(lambda: ran.append("settings"), key="settings")
    assert writer.pending >= 2 and ran == []
    gate.set()
    assert writer.close(10)
    writer.poll()
    assert ran == ["slow", "save 4", "settings"] and results == [4]


def test_a_failing_job_is_handed_back_not_raised():
    writer = DiskWriter()
    got = []
    writer.submit(lambda: 1 / 0, done=lambda result, error: got.append(type(error)))
    writer.flush(10)
    writer.poll()
    assert got == [ZeroDivisionError]


# ---- real faults: a small tmpfs filled up (root only) ----------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB tmpfs of its own (skipped where it cannot be mounted)."""
    where = tmp_path / "disk"
    where.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
            capture_output=True).returncode != 0:
        pytest.skip("a tmpfs cannot be mounted here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(where: Path) -> Path:
    filler = where / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(handle, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(handle)
    return filler


def test_a_game_finished_on_a_full_disk_is_filed_once_there_is_room(small_disk, monkeypatch,
                                                                   tmp_path):
    from scenes.play.results import ResultsScene
    from tests.ui_driver import Driver
    monkeypatch.setenv("QUINTET_DATA_DIR", str(small_disk / "data"))
    driver = Driver(tmp_path)
    try:
        scene = driver.start("synch", {"move_limit": 12}, seed=4)
        driver.settle()
        driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
        assert scene.saves.state == "saved"
        filler = fill(small_disk)
        driver.play_to_end(random.Random(4), how="keys")
        assert isinstance(driver.top, ResultsScene)
        assert scene.saves.state == "failed" and scene.saves.filing == "not filed"
        assert any("not filed yet" in n for n in driver.app.notices)
        assert SaveFolder().path_for(scene.saves.id).exists()  # the save stays
        filler.unlink()  # room again: the retry files it while the app runs
        deadline = time.monotonic() + 30
        while scene.saves.filing != "filed" or driver.app.keeper.unfiled:
            assert time.monotonic() < deadline, driver.app.notices
            driver.frames()
            time.sleep(0.05)
        assert any("now in Records and Stats" in n for n in driver.app.notices)
        assert len(list((small_disk / "data" / "records").glob("*.json"))) == 1
        assert not SaveFolder().path_for(scene.saves.id).exists()
    finally:
        import pygame
        pygame.quit()
