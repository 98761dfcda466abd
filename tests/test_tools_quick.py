"""Quick runs of the tools and start-up helpers whose own tests start processes or take minutes,
so the fast suite (`pytest -m "not slow"`) still exercises each: the benchmarks on a fraction of
a second, Tug of War's Perfect match on one game, the slide reading's table, the tools' own
folders, the one-file build's sweep of left-over folders, the data folder's lock and the
launcher's watch."""
from __future__ import annotations

import os
import signal

import pytest

from tests.support import wait_until


def test_the_frame_benchmark_times_a_fraction_of_a_second_of_play():
    from scenes.tools.bench_frames import FRAME, demo_frames
    from scenes.tools.own_folders import own_folders
    with own_folders():
        run = demo_frames("strands", 0.3, (640, 400), 1)
    frames, presents = run.times, run.presents
    assert len(frames) >= 0.3 / FRAME / 2 and all(t >= 0 for t in frames)
    assert len(presents) <= len(frames) and len(run.cpu) == len(frames)
    assert run.full <= len(presents) and run.first > 0  # the first frame, kept apart
    assert run.size == (640, 400) and 0 < run.present_share < 1


def test_the_slow_disk_benchmark_times_its_frames_and_drains_its_writes():
    """(How many frames and moves 0.3 s holds depends on the machine's load: not asserted.)"""
    from scenes.tools.bench_disk import run
    from scenes.tools.own_folders import own_folders
    with own_folders():
        figures = run(0.3, 0.0, 0.1)
    frames, processor = figures["frames"], figures["processor"]
    assert frames and len(processor) == len(frames)
    # a frame's own processor time is never more than its time on the wall clock
    assert all(0 <= cpu <= wall + 0.002 for cpu, wall in zip(processor, frames))
    assert figures["drained"]  # everything asked was written before the end


def test_the_files_benchmark_makes_its_folder_and_describes_frame_times(tmp_path):
    from scenes.tools.bench_files import describe, make_folder
    files = make_folder(tmp_path, 4, 2, 1)
    assert files and all(path.exists() for path in files.values())
    line = describe("records", [0.010, 0.012, 0.050])
    assert line.startswith("records: 3 frames") and "max 50.0 ms" in line


@pytest.mark.parametrize("tool", ["bench_frames", "bench_phones", "bench_disk"])
def test_the_benchmarks_percentile_is_the_nearest_rank(tool):
    from scenes.tools import bench_disk, bench_frames, bench_phones
    percentile = {"bench_frames": bench_frames, "bench_phones": bench_phones,
                  "bench_disk": bench_disk}[tool].percentile
    values = [float(n) for n in range(100, 0, -1)]
    assert percentile(values, 0.5) == 50 and percentile(values, 0.99) == 99
    assert percentile(values, 1.0) == 100 and percentile([7.0], 0.99) == 7


def test_one_game_of_tug_of_war_judged_by_perfect():
    from game.bots.perfect_tug import PerfectTugPlayer
    from game.tools.tug_perfect_match import play_game
    record = play_game(("random", "greedy"), 1, PerfectTugPlayer(0))
    assert record.winner in (0, 1)
    losses = record.losses[0] + record.losses[1]
    assert losses and all(-1e-9 <= loss <= 1 for loss in losses)
    assert len(record.think[0]) == len(record.losses[0])


def test_a_tools_own_folders_are_set_while_it_runs_then_put_back(monkeypatch):
    from scenes.tools.own_folders import VARIABLES, own_folders
    monkeypatch.setenv("QUINTET_DATA_DIR", "/before")
    with own_folders() as root:
        assert root.is_dir()
        assert {os.environ[name] for name in VARIABLES} == {str(root / sub)
                                                            for sub in VARIABLES.values()}
    assert not root.exists() and os.environ["QUINTET_DATA_DIR"] == "/before"


def test_a_sweep_removes_only_a_gone_quintets_unpacked_folder(tmp_path):
    from scenes.store.unpacked import LOCK_NAME, claim, sweep
    gone, running, unpacking, other = (tmp_path / name for name in (
        "_MEIgone", "_MEIrunning", "_MEIunpacking", "elsewhere"))
    for folder in (gone, running, unpacking, other):
        folder.mkdir()
    (gone / LOCK_NAME).write_bytes(b"")
    (other / LOCK_NAME).write_bytes(b"")
    held = claim(running)
    try:
        assert held is not None
        assert sweep(tmp_path) == [gone]
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "_MEIrunning", "_MEIunpacking", "elsewhere"]
    finally:
        held.close()


def test_a_second_lock_on_the_data_folder_is_refused_until_the_first_goes(tmp_path):
    from scenes.store.folder_lock import FolderLock
    first, second = FolderLock(tmp_path), FolderLock(tmp_path)
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held
    assert str(os.getpid()) in second.refusal()
    first.release()
    assert second.acquire()
    second.release()


def test_the_launcher_watch_ends_quintet_when_its_launcher_goes(monkeypatch):
    from scenes.shell import launcher
    parents, killed = [4242], []
    monkeypatch.setattr(launcher.sys, "platform", "darwin")  # no prctl on the test run
    monkeypatch.setattr(launcher.os, "getppid", lambda: parents[0])
    monkeypatch.setattr(launcher.os, "kill", lambda pid, sig: killed.append((pid, sig)))
    thread = launcher.follow_launcher(watch_seconds=0.01)
    assert thread is not None and thread.is_alive() and killed == []
    parents[0] = 1  # the launcher ended: this process was handed to init
    wait_until(lambda: killed, 10, "the watch noticing")
    assert killed == [(os.getpid(), signal.SIGTERM)]
    thread.join(10)
    assert not thread.is_alive()


def test_the_slide_reading_table_reports_each_row_and_an_empty_tally_has_none():
    from game.tools import read_slides
    assert read_slides.tally([], 0.1) == {}
    lines = read_slides.report({("greedy", 0): [1.5, 3, 1, 1, 0]}, 0.1, reading="choices")
    assert lines[0] == "pretending share 0.1, choices:"
    assert "greedy game 1" in lines[1] and "3 slides" in lines[1]
    assert "mean belief in the true colour 0.50" in lines[1] and "right 1, wrong 0" in lines[1]
