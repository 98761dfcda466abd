"""Slow-disk benchmark: `python -m scenes.tools.bench_disk`.

The real app plays hot-seat games of Move In Synch (a move every `--move-every` seconds, short
games, so saves, finished games and their filing all happen), changes a setting every two
seconds, and runs its frame loop at 60 frames a second, while every fsync the process makes
is delayed `--fsync-delay` seconds (1 s by default: a slow SD card or a hung network home).
It prints the longest frame (the goal: at most 50 ms, as the frame loop never waits on the
disk), the frames' p50 and p99, how many saves were asked for, written and superseded, and
how long quitting waited for the writes still queued. Temporary config, data and log folders
are used and removed (scenes/tools/own_folders.py). Run it under Xvfb for a real window, or
with SDL_VIDEODRIVER=dummy.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import FileDescriptorLike

FRAME = 1 / 60
GOAL = 0.050  # seconds: the longest frame allowed


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def run(seconds: float, delay: float, move_every: float, seed: int = 1) -> dict:
    """Play on a slow disk for `seconds`; the figures (seconds, counts)."""
    import pygame

    from scenes.play.handoff import HandoffScene
    from scenes.play.play import PlayScene
    from scenes.play.results import ResultsScene
    from scenes.routes import ROUTES
    from scenes.screens.menu import MainMenu
    from scenes.shell.app import App

    real_fsync = os.fsync
    fsyncs = [0]

    def slow_fsync(fd: FileDescriptorLike) -> None:
        fsyncs[0] += 1
        time.sleep(delay)
        real_fsync(fd)

    os.fsync = slow_fsync
    try:
        rng = random.Random(seed)
        app = App((1280, 720), fullscreen=False, kiosk=False, routes=ROUTES)
        app.settings.muted = True
        app.settings.animation_speed = 4.0

        def new_game() -> None:
            app.stack.reset(MainMenu(app))
            app.stack.push(PlayScene(app, "synch", {"move_limit": 6},
                                     seed=rng.randrange(10**6)))
            app.stack.apply_changes()

        new_game()
        times: list[float] = []
        processor: list[float] = []  # the frame loop's own processor time in each frame
        moves = games = settings = 0
        next_move, next_setting = move_every, 2.0
        clock = 0.0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            top = app.stack.top
            if clock >= next_move:
                next_move += move_every
                if isinstance(top, HandoffScene):
                    top.ready()
                elif isinstance(top, ResultsScene):
                    games += 1
                    new_game()
                elif isinstance(top, PlayScene) and top.turns.hold is not None:
                    top.acknowledge()
                elif isinstance(top, PlayScene) and top.turns.chooser is not None:
                    state = top.turns.match.state
                    if top.input.choose(rng.choice(state.legal_moves(top.turns.chooser))):
                        moves += 1
            if clock >= next_setting:
                next_setting += 2.0
                app.settings.volume = round(rng.random(), 1)
                app.settings_changed()
                settings += 1
            begun, begun_cpu = time.perf_counter(), time.thread_time()
            app.tick(FRAME)
            took = time.perf_counter() - begun
            times.append(took)
            processor.append(time.thread_time() - begun_cpu)
            clock += FRAME
            time.sleep(max(0.0, FRAME - took))
        writer = app.keeper.writer
        queued = writer.pending
        asked, superseded = writer.written + queued, writer.superseded
        begun = time.perf_counter()
        app.close_bots()
        drained = app.close_keeper()
        quit_wait = time.perf_counter() - begun
        pygame.quit()
    finally:
        os.fsync = real_fsync
    return {"frames": times, "processor": processor, "moves": moves, "games": games,
            "settings": settings,
            "jobs": asked + superseded, "written": writer.written, "superseded": superseded,
            "queued at quit": queued, "quit wait": quit_wait, "drained": drained,
            "fsyncs": fsyncs[0]}


def main(argv=None) -> int:
    """Print the longest frame on a slow disk; exit status 1 if it is over the goal."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_disk",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play")
    parser.add_argument("--fsync-delay", type=float, default=1.0,
                        help="seconds every fsync is delayed")
    parser.add_argument("--move-every", type=float, default=0.25,
                        help="seconds between moves (a move saves the game)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-disk-"):
        figures = run(args.seconds, args.fsync_delay, args.move_every)
    frames = figures["frames"]
    longest = max(frames)
    print(f"slow disk: every fsync delayed {args.fsync_delay:g} s; {args.seconds:g} s of play, "
          f"{len(frames)} frames")
    print(f"moves {figures['moves']}, games finished {figures['games']}, settings changes "
          f"{figures['settings']}; disk jobs asked {figures['jobs']}, written "
          f"{figures['written']}, superseded by a newer one {figures['superseded']}; fsyncs "
          f"{figures['fsyncs']}")
    print(f"frame p50 {percentile(frames, .5) * 1000:.2f} ms, p99 "
          f"{percentile(frames, .99) * 1000:.2f} ms, longest {longest * 1000:.2f} ms "
          f"(goal: at most {GOAL * 1000:.0f} ms)")
    slowest = max(range(len(frames)), key=frames.__getitem__)
    print(f"the longest frame (number {slowest}) used {figures['processor'][slowest] * 1000:.2f} "
          f"ms of the frame loop's processor time (the rest: waiting for the processor, on a "
          f"busy machine); the most processor time a frame used: "
          f"{max(figures['processor']) * 1000:.2f} ms")
    print(f"quit: {figures['queued at quit']} jobs queued, waited {figures['quit wait']:.2f} s, "
          + ("all written" if figures["drained"] else "some not written (said on stderr)"))
    return 0 if longest <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
