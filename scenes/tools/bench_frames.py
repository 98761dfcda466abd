"""Frame-time benchmark: `python -m scenes.tools.bench_frames`.

Plays animated demo moves of every game hot-seat in the real app (random legal moves, hand-offs
confirmed at once, animations at speed 1; each move timed with the frame it is made in, as a
click is handled in one) and prints per-game and overall frame times (p50, p99,
max: events + update + draw + present of one frame) on the wall clock and in processor time
(the app process's own, so a frame that waited for a processor is told apart from a slow one),
the present's times and its share of the frames' time, how many frames presented the whole
window, the window's first frame apart (start-up: every text and layer drawn the first time),
and a bare pygame window's full present at the same size for scale; then the peak
resident memory and the time from launch to the first frame (a fresh `python -m game` process,
several runs). The window is 1920x1080 unless --size says otherwise (several sizes: a block
each). Run it on a desktop, or under Xvfb for a real X11 window with software rendering, on a
screen at least as large as the window:
`xvfb-run -a -s "-screen 0 1920x1080x24" python -m scenes.tools.bench_frames`.
"""
from __future__ import annotations

import argparse
import dataclasses
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


@dataclasses.dataclass
class Frames:
    """One run's figures, per frame (seconds): wall clock, the process's processor time, and
    the present's time (presented frames only); `full`: frames that presented the whole window.
    The window's first frame (start-up: every text and board layer drawn for the first time,
    the background loaders started) is kept apart, in `first` (wall clock)."""

    times: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)
    presents: list[float] = dataclasses.field(default_factory=list)
    full: int = 0
    first: float = 0.0
    size: tuple[int, int] = (0, 0)
    driver: str = ""  # SDL's video driver the run's window had
    troubles: int = 0  # errors the App recovered from, and windows it had to open anew

    def add(self, other: Frames) -> None:
        """Take another run's frames into this one."""
        self.times += other.times
        self.cpu += other.cpu
        self.presents += other.presents
        self.full += other.full
        self.first = max(self.first, other.first)
        self.size = other.size
        self.troubles += other.troubles

    @property
    def present_share(self) -> float:
        """The present's share of the frames' wall-clock time."""
        return sum(self.presents) / sum(self.times) if self.times else 0.0


def demo_frames(game_id: str, seconds: float, size: tuple[int, int], seed: int) -> Frames:
    """The frames of simulated play in a window of exactly `size`."""
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
    if app.screen.get_size() != size:  # fitted to a smaller display: take the size asked for
        app.windowed_size = size
        app.apply_display_mode()

    def new_game() -> PlayScene:
        scene = PlayScene(app, game_id, seed=rng.randrange(10**6))
        app.stack.reset(MainMenu(app))
        app.stack.push(scene)
        app.stack.apply_changes()
        return scene

    new_game()
    run = Frames(size=app.screen.get_size(), driver=pygame.display.get_driver())
    think = 0.0
    for _ in range(int(seconds / FRAME)):
        top = app.stack.top
        think -= FRAME
        full_before = app.full_presents  # a player's action is timed with its frame, as a
        started, cpu = time.perf_counter(), time.process_time()  # click is handled in one
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
        app.tick(FRAME)
        if app.frames == 1:  # start-up's frame: apart
            run.first = time.perf_counter() - started
            continue
        run.times.append(time.perf_counter() - started)
        run.cpu.append(time.process_time() - cpu)
        if app.last_present:
            run.presents.append(app.last_present)
        run.full += app.full_presents - full_before
    run.troubles = app.errors_recovered + app.windows_reopened
    app.close_keeper()  # the settings and saves written before the folders go
    pygame.quit()
    return run


def bare_present(size: tuple[int, int], hint: str | None, frames: int = 40) -> float:
    """Median seconds a bare pygame window of `size` takes to present all of itself, with
    SDL's framebuffer hint as given (None: SDL's default; the environment is put back)."""
    from scenes.shell.present import FRAMEBUFFER_HINT
    before = os.environ.pop(FRAMEBUFFER_HINT, None)
    if hint is not None:
        os.environ[FRAMEBUFFER_HINT] = hint
    try:
        return _bare_present(size, frames)
    finally:
        os.environ.pop(FRAMEBUFFER_HINT, None)
        if before is not None:
            os.environ[FRAMEBUFFER_HINT] = before


def _bare_present(size: tuple[int, int], frames: int) -> float:
    import pygame
    pygame.display.init()
    screen = pygame.display.set_mode(size)
    times = []
    for index in range(frames):
        screen.fill((index % 200, 40, 60))
        started = time.perf_counter()
        pygame.display.flip()
        times.append(time.perf_counter() - started)
    pygame.display.quit()
    return statistics.median(times)


def peak_memory_mb() -> float | None:
    """This process's peak resident memory in MB (None where the system cannot say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # bytes there, else kB


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


HEADER = (f"{'game':16} {'frames':>6} {'p50':>6} {'p99':>6} {'max':>6} {'cpu p50':>7} "
          f"{'cpu p99':>7} {'cpu max':>7} {'shown':>5} {'full':>4} {'pres p50':>8} "
          f"{'pres p99':>8} {'share':>5} {'first':>6}")


def row(name: str, run: Frames) -> str:
    """One line of the table (milliseconds, the share in per cent)."""
    times, cpu, presents = run.times, run.cpu, run.presents
    ms = [percentile(presents, q) * 1000 if presents else 0.0 for q in (.5, .99)]
    return (f"{name:16} {len(times):6d} {percentile(times, .5) * 1000:6.2f} "
            f"{percentile(times, .99) * 1000:6.2f} {max(times) * 1000:6.2f} "
            f"{percentile(cpu, .5) * 1000:7.2f} {percentile(cpu, .99) * 1000:7.2f} "
            f"{max(cpu) * 1000:7.2f} {len(presents):5d} {run.full:4d} {ms[0]:8.2f} "
            f"{ms[1]:8.2f} {run.present_share * 100:4.0f}% {run.first * 1000:6.2f}")


def _bench(argv) -> int:
    from game.registry import GAMES
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_frames",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="simulated seconds per game")
    parser.add_argument("--size", nargs="+", default=["1920x1080"],
                        help="window sizes, WIDTHxHEIGHT (default 1920x1080)")
    parser.add_argument("--launches", type=int, default=5, help="launches timed to first frame")
    parser.add_argument("games", nargs="*", choices=[[]] + list(GAMES), default=[])
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in size.split("x")) for size in args.size]
    games = args.games or list(GAMES)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    pygame.display.init()
    driver = pygame.display.get_driver()
    print(f"video driver: {driver}; load average "
          f"{' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    pygame.display.quit()
    print("ms per frame: events + update + draw + present on the wall clock, then in the app "
          "process's\nprocessor time (cpu); shown: frames that presented (the rest present "
          "nothing), full: of\nthem, the whole window; pres: the present's wall time; share: "
          "its part of the frames' time;\nfirst: the window's first frame (start-up, not in the "
          "other columns)")
    for width, height in sizes:
        direct, default = bare_present((width, height), "0"), bare_present((width, height), None)
        print(f"\nwindow {width}x{height} (a bare pygame window presents all of itself in "
              f"{direct * 1000:.2f} ms through the X server's own framebuffer, in "
              f"{default * 1000:.2f} ms through SDL's default)")
        print(HEADER)
        every = Frames()
        for index, game_id in enumerate(games):
            run = demo_frames(game_id, args.seconds, (width, height), seed=index)
            if run.size != (width, height) or run.driver != driver or run.troubles:
                print(f"  (the window opened at {run.size[0]}x{run.size[1]}, video driver "
                      f"{run.driver}; {run.troubles} errors recovered or windows reopened)")
            every.add(run)
            print(row(game_id, run), flush=True)
        print(row("all", every))
    peak = peak_memory_mb()
    if peak is not None:
        print(f"\npeak resident memory of the benchmark's process: {peak:.0f} MB")
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
