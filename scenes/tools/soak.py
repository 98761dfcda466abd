"""The kiosk soak: hours of the demo on an accelerated clock, with visitors, watching memory.

    python -m scenes.tools.soak --hours 8                # the goal: zero errors, growth under 10 MB
    python -m scenes.tools.soak --hours 0.5 --step 0.05  # a quick look

The real app runs headless (SDL's dummy drivers) in kiosk mode with its own temporary settings,
saves and log folders, so a soak never touches the player's files. Every frame advances the
clock by `--step` seconds however long it took, so the demo's animations, pauses and idle
timeouts run many times faster than life; the bots' thinking budgets shrink by `--think-scale`
to keep pace. Now and then a simulated visitor walks up: touches the demo, picks a game and an
opponent, clicks around the board (legal spots mostly, anything sometimes), presses keys, and
walks away, leaving the idle timeout to bring the demo back. Resident memory of the app and of
its bots' process is printed every simulated half hour, with games played and errors so far.
"""
from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import random
import resource
import sys
import time
from pathlib import Path

REPORT_EVERY = 1800.0  # simulated seconds between lines of the report
WARM_UP = 3600.0  # growth is measured from here: every game shown, every cache filled once


def rss_mb(pid: int | None = None) -> float | None:
    """Resident memory of a process in MB (this one by default); None if it cannot be read."""
    path = Path(f"/proc/{pid or 'self'}/status")
    try:
        for line in path.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    if pid is None:  # no /proc (macOS): the peak is the best there is
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return None


class ErrorCounter(logging.Handler):
    """Counts the app's error records (and bot failures, which are warnings) as they come."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the first line of every error and every failed computer player."""
        if record.levelno >= logging.ERROR or "failed" in record.getMessage():
            self.errors.append(record.getMessage().splitlines()[0])


@dataclasses.dataclass
class Visitor:
    """A person at the kiosk: touches what is on screen, as a player would, then walks away."""

    rng: random.Random
    leaves_at: float  # simulated seconds at the kiosk before walking away
    wait: float = 1.5
    stayed: float = 0.0

    def act(self, driver, dt: float) -> bool:
        """Do the next thing when its moment comes; False once the visitor has walked away."""
        import pygame
        self.wait -= dt
        self.stayed += dt
        if self.wait > 0:
            return True
        if self.stayed > self.leaves_at:
            return False
        self.wait = self.rng.uniform(1.0, 4.0)
        top = driver.top
        name = type(top).__name__
        roll = self.rng.random()
        buttons = getattr(getattr(top, "group", None), "buttons", [])
        if roll < 0.06:  # now and then a stray key or touch, wherever it lands
            driver.key(self.rng.choice([pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN,
                                        pygame.K_a, pygame.K_F11, pygame.K_LEFT]))
        elif roll < 0.12 or name == "AttractScene":
            driver.click((self.rng.randrange(driver.width), self.rng.randrange(driver.height)))
        elif name == "PlayScene":
            spots = [driver.spot_centre(top, spot) for spot in top.picker.clickable()]
            spots = [s for s in spots if s is not None]
            driver.click(self.rng.choice(spots) if spots else top.rects["board"].center)
        elif name in ("QuickStartScene", "OpponentScene", "ResultsScene"):
            driver.click(self.rng.choice(buttons[:-1] or buttons).rect.center)
        elif name in ("HandoffScene", "PauseScene") and buttons:
            driver.click(buttons[0].rect.center)  # "show me" / Resume
        else:  # rules, settings or anything else: look, then go back
            driver.key(pygame.K_ESCAPE)
        return True


class SoakDriver:
    """The headless kiosk app, clicked and keyed through real pygame events."""

    def __init__(self, app) -> None:
        self.app = app
        self.width, self.height = app.screen.get_size()

    @property
    def top(self):
        """The scene on top."""
        return self.app.stack.top

    def click(self, pos) -> None:
        """A touch: press and release at a point."""
        import pygame
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION \
                else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))

    def key(self, key: int) -> None:
        """A key pressed and released."""
        import pygame
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))

    @staticmethod
    def spot_centre(scene, spot):
        """Where a board spot or its button is, if it is on screen."""
        for button in scene.buttons:
            if button.value == spot:
                return button.rect.center
        rect = scene.board.spot_rect(spot)
        return rect.center if rect is not None else None


def scaled_levels(scale: float):
    """Each game's demo level with its thinking budget shrunk to keep pace with the clock."""
    from game.bots import Level, knowledge_for

    def level_for(game_id: str) -> Level:
        return knowledge_for(game_id).levels()["medium"].scaled(scale, floor=20)
    return level_for


def soak(hours: float, step: float, visitor_minutes: float, think_scale: float, seed: int,
         out=sys.stdout) -> int:
    """Run the kiosk for `hours` simulated hours on temporary folders (removed afterwards);
    print the report; the number of errors."""
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-soak-") as folder:
        return _soak(folder, hours, step, visitor_minutes, think_scale, seed, out)


def _soak(folder: Path, hours: float, step: float, visitor_minutes: float, think_scale: float,
          seed: int, out) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.routes import ROUTES
    from scenes.shell.app import App, log
    from scenes.store.settings import SettingsStore
    from scenes.store.userlog import start_file_log

    counter = ErrorCounter()
    log.addHandler(counter)
    app = App((1280, 720), store=SettingsStore(folder / "settings.json"), fullscreen=False,
              kiosk=True, routes=ROUTES)
    app.log_path = start_file_log(log)
    kiosk = app.kiosk
    assert kiosk is not None, "the app was started as a kiosk"
    kiosk.level_for = scaled_levels(think_scale)
    app.stack.push(app.first_scene())
    driver = SoakDriver(app)
    rng = random.Random(seed)
    visitor: Visitor | None = None
    visits = 0
    next_visit = rng.expovariate(1 / (visitor_minutes * 60))
    started = time.perf_counter()
    clock, next_report = 0.0, 0.0
    baseline, baseline_at = None, min(WARM_UP, hours * 3600 / 4)
    print(f"{'sim h':>6} {'real s':>7} {'app MB':>7} {'bots MB':>8} {'demo games':>10} "
          f"{'visitors':>8} {'errors':>6}", file=out, flush=True)
    try:
        while clock < hours * 3600:
            if visitor is None and clock >= next_visit:
                visitor = Visitor(rng, leaves_at=rng.uniform(30, 300))
                visits += 1
            if visitor is not None and not visitor.act(driver, step):
                visitor = None  # walked away: the idle timeout will bring the demo back
                next_visit = clock + rng.expovariate(1 / (visitor_minutes * 60))
            app.tick(step)
            clock += step
            if clock >= next_report:
                next_report += REPORT_EVERY
                sample = (rss_mb(), rss_mb(app.bot_worker.pid) if app.bots_started else None)
                if baseline is None and clock >= baseline_at:
                    baseline, baseline_at = sample, clock
                print(f"{clock / 3600:>6.2f} {time.perf_counter() - started:>7.0f} "
                      f"{_mb(sample[0])} {_mb(sample[1]):>8} {kiosk.demo_games:>10} "
                      f"{visits:>8} {len(counter.errors):>6}", file=out, flush=True)
        last = (rss_mb(), rss_mb(app.bot_worker.pid) if app.bots_started else None)
    finally:
        app.close_bots()
        app.keeper.close()
        log.removeHandler(counter)
    baseline = baseline or last
    growth = [None if a is None or b is None else b - a for a, b in zip(baseline, last)]
    print(f"simulated {hours:g} h in {time.perf_counter() - started:.0f} s real; "
          f"{kiosk.demo_games} demo games, {visits} visitors, "
          f"{len(counter.errors)} errors; memory growth: app {_mb(growth[0]).strip()} MB, "
          f"bots {_mb(growth[1]).strip()} MB (from {baseline_at / 3600:.2f} h to the end)",
          file=out, flush=True)
    for error in counter.errors[:20]:
        print(f"  error: {error}", file=out)
    print(f"log: {app.log_path}", file=out)
    return len(counter.errors)


def _mb(value: float | None) -> str:
    return f"{'-':>7}" if value is None else f"{value:>7.1f}"


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; exit status 1 if any error happened."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.soak",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--hours", type=float, default=8.0, help="simulated hours (default 8)")
    parser.add_argument("--step", type=float, default=0.1,
                        help="simulated seconds per frame (default 0.1)")
    parser.add_argument("--visitor-minutes", type=float, default=20.0,
                        help="mean simulated minutes between visitors (default 20)")
    parser.add_argument("--think-scale", type=float, default=0.05,
                        help="share of the bots' usual thinking budget (default 0.05)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the visitors (default 1)")
    args = parser.parse_args(argv)
    if args.hours <= 0 or not 0 < args.step <= 1 or args.visitor_minutes <= 0 \
            or not 0 < args.think_scale <= 1:
        parser.error("--hours and --visitor-minutes must be positive, --step in (0, 1] and "
                     "--think-scale in (0, 1]")
    return 1 if soak(args.hours, args.step, args.visitor_minutes, args.think_scale,
                     args.seed) else 0


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
