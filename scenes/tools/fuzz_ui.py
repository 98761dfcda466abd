"""The UI fuzzer: every scene driven by random real pygame events on an accelerated clock.

    python -m scenes.tools.fuzz_ui --events 200000            # the long run (benchmarks)
    python -m scenes.tools.fuzz_ui --events 5000 --real-bots   # bots in their real worker process

The real app runs headless with temporary settings, data and log folders. Each event is a real
pygame event posted to the queue: clicks (on something clickable most of the time, anywhere the
rest), mouse moves and wheels, key presses with random modifiers, typed text (non-ASCII too),
window resizes (below the minimum too), focus lost and gained, minimising, and requests to quit.
A quit that the app honours is followed by a relaunch on the same folders (so Continue and the
saves are fuzzed too). Now and then the fuzzer jumps straight to a screen (a game of each kind
against the computer or hot-seat, the rules of a game, the settings, the menu), so every scene
and game is reached; part of the run is in kiosk mode. By default bots answer at once in this
process (a seeded random legal move); `--real-bots` uses the real worker process.

Any exception is a failure: in tests it is raised at once; the command logs it, lets the app
rescue itself, and goes on, then reports every failure and exits non-zero.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.bots import Level
    from scenes.shell.app import App

KEYS = ("escape", "return", "tab", "space", "backspace", "left", "right", "up", "down", "f11",
        "a", "c", "e", "h", "k", "m", "p", "q", "r", "s", "t", "u", "z", "1", "3", "5", "6",
        "x", "/", "delete", "home", "end", "page up", "page down")
TEXTS = ("a", "c", "f6", "keep", "3x2", "5/4", "end", "O3", "bonus O", "moriarty B", "é", "字",
         " ", "zz", "999999", "\x00", "🙂")
SIZES = ((1280, 720), (800, 500), (640, 400), (300, 200), (1920, 1080), (1024, 768), (641, 999))


class InstantBots:
    """A stand-in for the bots' worker process: a seeded random legal move, answered at once."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.outstanding: int | None = None
        self.answer = None
        self.ticket = 0
        self.pid = None

    def start(self) -> None:
        """Nothing to start."""

    def request(self, key, game_id, level, seed, observation, seat, history=(),
                values=False) -> int:
        """Choose at once; the answer waits for the next poll."""
        self.ticket += 1
        self.outstanding = self.ticket
        self.answer = self.rng.choice(observation.legal_moves(seat))
        return self.ticket

    def poll(self):
        """The answer, if one is awaited."""
        if self.outstanding is None:
            return None
        ticket, self.outstanding = self.outstanding, None
        return ticket, self.answer

    def cancel(self, ticket=None) -> None:
        """Forget the question."""
        self.outstanding = None

    def close(self) -> None:
        """Nothing to stop."""


@dataclasses.dataclass
class FuzzReport:
    """What a run did: events posted, frames run, screens and games seen, failures."""

    events: int = 0
    frames: int = 0
    launches: int = 0
    scenes: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    games: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    finished: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    failures: list[str] = dataclasses.field(default_factory=list)

    def lines(self) -> list[str]:
        """The report in words."""
        return [f"{self.events} events, {self.frames} frames, {self.launches} launches, "
                f"{len(self.failures)} failures",
                "screens: " + ", ".join(f"{k} {v}" for k, v in sorted(self.scenes.items())),
                "games shown (frames): " + ", ".join(f"{k} {v}"
                                                     for k, v in sorted(self.games.items())),
                "games finished: " + ", ".join(f"{k} {v}"
                                               for k, v in sorted(self.finished.items()))]


class UiFuzzer:
    """Posts random events to one app at a time, relaunching it when it quits."""

    def __init__(self, folder: Path, seed: int, real_bots: bool = False,
                 raise_errors: bool = True) -> None:
        self.folder = folder
        self.rng = random.Random(seed)
        self.real_bots = real_bots
        self.raise_errors = raise_errors
        self.report = FuzzReport()
        self._app: App | None = None
        self._finished_ids: set[int] = set()

    # ---- the app --------------------------------------------------------------------------------
    def launch(self, kiosk: bool) -> None:
        """Start the app afresh (as a player would after quitting) on the same folders."""
        from scenes.routes import ROUTES
        from scenes.shell.app import App
        from scenes.store.settings import SettingsStore
        if self._app is not None:
            self._app.close_bots()
        app = App((1280, 720), store=SettingsStore(self.folder / "config" / "settings.json"),
                  fullscreen=False, kiosk=kiosk, routes=ROUTES)
        app.settings.muted = True
        app.reraise_errors = True  # the fuzzer decides what an error means
        if not self.real_bots:
            app.bot_worker = InstantBots(self.rng.randrange(2**31))
        if app.kiosk is not None:
            app.kiosk.level_for = _tiny_level
        app.stack.push(app.first_scene())
        self._app = app
        self.report.launches += 1

    @property
    def app(self) -> App:
        """The app running now (`launch` starts one)."""
        assert self._app is not None, "launch the app first"
        return self._app

    def close(self) -> None:
        """Stop the app's bots, and let its writes finish (its folders go next)."""
        if self._app is not None:
            self._app.close_bots()
            self._app.keeper.close()

    # ---- the run --------------------------------------------------------------------------------
    def run(self, events: int, kiosk_share: float = 0.2) -> FuzzReport:
        """Post `events` events (the last `kiosk_share` of them in kiosk mode)."""
        kiosk_from = int(events * (1 - kiosk_share))
        self.launch(kiosk=False)
        while self.report.events < events:
            if self.report.events >= kiosk_from and self.app.kiosk is None:
                self.launch(kiosk=True)
            self._guarded(self._one_event)
            if not self.app.running:
                self.launch(kiosk=self.app.kiosk is not None)
        return self.report

    def _guarded(self, action) -> None:
        try:
            action()
        except Exception as error:
            if self.raise_errors:
                raise
            where = traceback.extract_tb(error.__traceback__)[-1]
            self.report.failures.append(f"{type(error).__name__}: {error} "
                                        f"({Path(where.filename).name}:{where.lineno})")
            self.app.recover(error)

    def _one_event(self) -> None:
        import pygame
        rng = self.rng
        roll = rng.random()
        if roll < 0.004:
            self._jump()
        elif roll < 0.5:
            self._click(on_target=rng.random() < 0.8)
        elif roll < 0.6:
            self._post(pygame.MOUSEMOTION, pos=self._anywhere(), rel=(1, 1), buttons=(0, 0, 0))
        elif roll < 0.8:
            self._key()
        elif roll < 0.87:
            self._post(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        elif roll < 0.9:
            self._post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                       precise_x=0.0, precise_y=0.0)
        elif roll < 0.92:
            width, height = rng.choice(SIZES)
            self._post(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))
        elif roll < 0.95:
            kind = rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                               pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED))
            self._post(kind, window=None)
        elif roll < 0.955:
            self._post(pygame.QUIT)
        else:
            self._post(pygame.MOUSEBUTTONDOWN, pos=self._anywhere(), button=rng.choice((2, 3)))
        self._frames(1 if rng.random() < 0.8 else rng.randrange(2, 40))

    def _frames(self, count: int) -> None:
        for _ in range(count):
            self.app.tick(self.rng.choice((1 / 60, 0.05, 0.1, 0.3)))
            self.report.frames += 1
            self._observe()

    def _observe(self) -> None:
        from scenes.play.play import PlayScene
        top = self.app.stack.top
        self.report.scenes[type(top).__name__] += 1
        play = next((s for s in reversed(self.app.stack.scenes) if isinstance(s, PlayScene)),
                    None) or getattr(top, "play", None)
        if isinstance(play, PlayScene):
            self.report.games[play.spec.id] += 1
            if play.turns.match.state.is_terminal and id(play) not in self._finished_ids:
                self._finished_ids.add(id(play))
                self.report.finished[play.spec.id] += 1

    # ---- kinds of event -------------------------------------------------------------------
    def _post(self, kind: int, **attributes) -> None:
        import pygame
        pygame.event.post(pygame.event.Event(kind, **attributes))
        self.report.events += 1

    def _anywhere(self) -> tuple[int, int]:
        width, height = self.app.screen.get_size()
        return (self.rng.randrange(width), self.rng.randrange(height))

    def _click(self, on_target: bool) -> None:
        import pygame
        pos = self._target() if on_target else None
        pos = pos or self._anywhere()
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def _target(self) -> tuple[int, int] | None:
        """The centre of something clickable on the top screen, if anything is."""
        top = self.app.stack.top
        rects = [b.rect for b in getattr(getattr(top, "group", None), "buttons", [])]
        rects += [b.rect for b in getattr(top, "buttons", []) if hasattr(b, "rect")]
        board, picker = getattr(top, "board", None), getattr(top, "picker", None)
        if board is not None and picker is not None:  # a game: its legal spots
            spots = [board.spot_rect(spot) for spot in picker.clickable()]
            rects += [r for r in spots if r is not None] * 3  # moves matter most
        rects = [r for r in rects if r.width > 0 and r.height > 0]
        return self.rng.choice(rects).center if rects else None

    def _key(self) -> None:
        import pygame
        name = self.rng.choice(KEYS)
        key = pygame.key.key_code(name)
        mod = self.rng.choice((0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL,
                               pygame.KMOD_LALT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
        text = name if len(name) == 1 else ""
        self._post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self._post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)

    def _jump(self) -> None:
        """Straight to a screen, so that every scene and every game is reached."""
        from game.registry import GAMES
        from scenes.play.play import PlayScene
        from scenes.screens.rules_view import RulesScene
        from scenes.screens.settings_view import SettingsScene
        app, rng = self.app, self.rng
        game_id = rng.choice(list(GAMES))
        choice = rng.random()
        if choice < 0.6:
            seats = rng.choice((("human", "human"), ("human", "bot:easy"), ("bot:hard", "human"),
                                ("bot:medium", "bot:medium")))
            phones = seats == ("human", "human") and rng.random() < 0.3  # on loopback: none come
            app.stack.reset(PlayScene(app, game_id, controllers=seats, phones=phones,
                                      phone_host="127.0.0.1"))
        elif choice < 0.75:
            app.stack.reset(app.home_scene())
            app.stack.push(RulesScene(app, game_id))
        elif choice < 0.85:
            app.stack.reset(app.home_scene())
            app.stack.push(SettingsScene(app))
        else:
            app.stack.reset(app.home_scene())
        self._frames(1)


def _tiny_level(game_id: str) -> Level:
    """A demo level that answers at once (only the real worker reads it)."""
    from game.bots import Level
    from game.bots.levels import Budget
    return Level("easy", Budget(20, 0.02), temperature=1.0)


def fuzz(events: int, seed: int, real_bots: bool = False, raise_errors: bool = True,
         folder: Path | None = None) -> FuzzReport:
    """Run the fuzzer on temporary folders, removed afterwards (or on `folder`, kept); the
    report."""
    from scenes.tools.own_folders import own_folders
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with own_folders("quintet-fuzz-", keep=folder is not None) as root:
        if folder is not None:
            for name in ("CONFIG", "DATA", "LOG"):
                os.environ[f"QUINTET_{name}_DIR"] = str(folder / name.lower())
        fuzzer = UiFuzzer(folder or root, seed, real_bots, raise_errors)
        try:
            return fuzzer.run(events)
        finally:
            fuzzer.close()


def main(argv: list[str] | None = None) -> int:
    """Fuzz from the command line; exit status 1 if anything failed."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.fuzz_ui",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=200_000, help="events to post (200000)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--real-bots", action="store_true", help="bots in their worker process")
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error("--events must be at least 1")
    started = time.perf_counter()
    report = fuzz(args.events, args.seed, args.real_bots, raise_errors=False)
    for line in report.lines():
        print(line)
    for failure in report.failures:
        print(f"  failure: {failure}")
    print(f"{time.perf_counter() - started:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
