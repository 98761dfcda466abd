"""Frame-time benchmark: `python -m scenes.tools.bench_frames`.

Plays animated demo moves of every game hot-seat in the real app (random legal moves, hand-offs
confirmed at once, animations at speed 1) and prints per-game and overall frame times (p50, p99,
max: events + update + draw + flip of one frame), then the time from launch to the first frame
(a fresh `python -m game` process, several runs). Run it on a desktop, or under Xvfb for a real
X11 window with software rendering:
`xvfb-run -s "-screen 0 1280x720x24" python -m scenes.tools.bench_frames`.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

FRAME = 1 / 60


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def demo_frames(game_id: str, seconds: float, size: tuple[int, int],
                seed: int) -> tuple[list[float], list[float]]:
    """Frame times and present times (seconds, presented frames only) of simulated play."""
    import pygame

    from scenes.play.handoff import HandoffScene
    from scenes.play.play import PlayScene
    from scenes.play.results import ResultsScene
    from scenes.routes import ROUTES
    from scenes.screens.menu import MainMenu
    from scenes.shell.app import App
    from scenes.store.settings import SettingsStore

    rng = random.Random(seed)
    app = App(size, store=SettingsStore(), routes=ROUTES)  # the run's own folders (main)
    app.settings.muted = True

    def new_game() -> PlayScene:
        scene = PlayScene(app, game_id, seed=rng.randrange(10**6))
        app.stack.reset(MainMenu(app))
        app.stack.push(scene)
        app.stack.apply_changes()
        return scene

    new_game()
    times, presents, think = [], [], 0.0
    frames = int(seconds / FRAME)
    for _ in range(frames):
        top = app.stack.top
        think -= FRAME
        if think <= 0:
            think = 0.6  # a quick player's pause between clicks
            if isinstance(top, HandoffScene):
                top.ready()
            elif isinstance(top, ResultsScene):
                new_game()
            elif isinstance(top, PlayScene) and top.turns.hold is not None:
                top.acknowledge()
            elif isinstance(top, PlayScene) and top.turns.chooser is not None:
                state = top.turns.match.state
                top.input.choose(rng.choice(state.legal_moves(top.turns.chooser)))
        started = time.perf_counter()
        app.tick(FRAME)
        times.append(time.perf_counter() - started)
        if app.last_present:
            presents.append(app.last_present)
    app.close_keeper()  # the settings and saves written before the folders go
    pygame.quit()
    return times, presents


def first_frame_times(runs: int) -> list[float]:
    """Seconds from launching `python -m game` to its first frame on screen, per run."""
    results = []
    for _ in range(runs):
        env = dict(os.environ, QUINTET_LAUNCHED_AT=repr(time.time()))  # the run's folders
        launched = time.time()
        env["QUINTET_LAUNCHED_AT"] = repr(launched)
        out = subprocess.run([sys.executable, "-m", "game", "--seconds", "0.3",
                              "--report-first-frame"], env=env, capture_output=True, text=True,
                             timeout=60)
        for line in out.stdout.splitlines():
            if line.startswith("first-frame "):
                results.append(float(line.split()[1]))
    return results


def main(argv=None) -> int:
    """Print frame-time and first-frame figures (on temporary config, data and log folders,
    removed afterwards: never the player's own)."""
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-frames-"):
        return _bench(argv)


def _bench(argv) -> int:
    from game.registry import GAMES
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_frames",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="simulated seconds per game")
    parser.add_argument("--size", default="1280x720", help="window size")
    parser.add_argument("--launches", type=int, default=5, help="launches timed to first frame")
    parser.add_argument("games", nargs="*", choices=[[]] + list(GAMES), default=[])
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    games = args.games or list(GAMES)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    pygame.display.init()
    print(f"video driver: {pygame.display.get_driver()}, window {width}x{height}")
    pygame.display.quit()
    every, every_present = [], []
    print("frame: events + update + draw + present of one frame; present: handing the frame's")
    print("pixels to the window (frames with nothing new present nothing)")
    print(f"{'game':18} {'frames':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'presented':>10} {'present p50':>12} {'present p99':>12}")

    def row(name: str, times: list[float], presents: list[float]) -> None:
        ms = [percentile(presents, q) * 1000 if presents else 0.0 for q in (.5, .99)]
        print(f"{name:18} {len(times):7d} {percentile(times, .5) * 1000:8.2f} "
              f"{percentile(times, .99) * 1000:8.2f} {max(times) * 1000:8.2f} "
              f"{len(presents):10d} {ms[0]:12.2f} {ms[1]:12.2f}")

    for index, game_id in enumerate(games):
        times, presents = demo_frames(game_id, args.seconds, (width, height), seed=index)
        every += times
        every_present += presents
        row(game_id, times, presents)
    row("all", every, every_present)
    if args.launches:
        launches = first_frame_times(args.launches)
        if launches:
            print(f"launch to first frame: median {statistics.median(launches):.3f} s, "
                  f"max {max(launches):.3f} s over {len(launches)} launches")
        else:
            print("launch to first frame: no launch reported a frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
