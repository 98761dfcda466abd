"""How much of the project one input takes: calls into game/ and scenes/ made in the frame a
click on a Pulling Strings string end is handled, and the frames from a bot's answer arriving
to its move being committed. Counts, not seconds: the same on any machine.

    python -m scenes.tools.bench_calls
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
PROJECT = (str(ROOT / "game"), str(ROOT / "scenes"))
SETTLE_FRAMES = 9  # 0.3 s at 30 frames a second: a person's quickest click after being asked


def count_calls(action: Callable[[], Any]) -> Counter:
    """Run `action`, counting each call into the project's own code by (file, function)."""
    counts: Counter = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(PROJECT):
            code = frame.f_code
            counts[(os.path.relpath(code.co_filename, ROOT), code.co_name)] += 1
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return counts


class InstantWorker:
    """A bot worker in this process whose answer (the first legal move) is ready after `polls`
    polls (a search that outlasts the board's calm pause, when 30 or more)."""

    def __init__(self, polls: int = 0) -> None:
        self.asked: tuple | None = None
        self.ticket = 0
        self.problem = ""
        self.polls = polls
        self.waited = 0

    def start(self) -> None:
        """Nothing to start."""

    def request(self, key, game_id, level, seed, observation, seat, history=(),
                values=False) -> int:
        """Ask for a move: its answer is ready at the next poll."""
        self.ticket += 1
        self.asked = (self.ticket, observation.legal_moves(seat)[0])
        self.waited = 0
        return self.ticket

    def poll(self):
        """The answer asked for, once, when it is ready."""
        self.waited += 1
        if self.waited <= self.polls:
            return None
        answer, self.asked = self.asked, None
        return answer

    def cancel(self, ticket: int) -> None:
        """Forget the question."""
        self.asked = None

    def close(self) -> None:
        """Nothing to close."""


def _app(folder: str):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.routes import ROUTES
    from scenes.shell.app import App
    from scenes.store.settings import SettingsStore
    app = App((1280, 720), store=SettingsStore(Path(folder) / "settings.json"),
              fullscreen=False, routes=ROUTES)
    app.settings.muted = True
    app.reraise_errors = True
    return app


def click_calls(folder: str) -> Counter:
    """The project calls of the frame that handles one click on a Pulling Strings end, in a
    game against the computer (the person's secret pull after the computer's)."""
    import pygame

    from scenes.boards.pulling_strings import End
    from scenes.play.play import PlayScene
    from scenes.screens.menu import MainMenu
    app = _app(folder)
    app.bot_worker = InstantWorker()
    app.stack.reset(MainMenu(app))
    scene = PlayScene(app, "pulling_strings", controllers=("human", "bot:easy"), seed=1)
    app.stack.push(scene)
    for _ in range(600):  # until the person is asked (the bot has sealed its pull)
        app.tick(1 / 30)
        if scene.turns.chooser == 0:
            break
    for _ in range(SETTLE_FRAMES):  # the click comes as a person's would, not in that frame
        app.tick(1 / 30)
    spot = End("c")
    rect = scene.board.spot_rect(spot)
    assert rect is not None and scene.turns.chooser == 0, "the person was never asked to pull"
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION \
            else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, **extra))
    counts = count_calls(lambda: app.tick(1 / 30))
    assert scene.picker.selected == (spot,), "the click did not pick the end"
    return counts


def bot_frames(folder: str) -> int:
    """Frames from the one in which a bot's answer reaches the screen to the one in which its
    move is committed (1: the same frame), for an answer that comes after the board's calm
    pause (at 30 frames a second, 60 polls: 2 seconds of thinking)."""
    from scenes.play.play import PlayScene
    from scenes.screens.menu import MainMenu
    app = _app(folder)
    worker = InstantWorker(polls=60)
    app.bot_worker = worker
    app.stack.reset(MainMenu(app))
    scene = PlayScene(app, "synch", controllers=("bot:easy", "human"), seed=1)
    app.stack.push(scene)
    arrived = None
    for frame in range(600):
        waiting = worker.asked is not None
        app.tick(1 / 30)
        if waiting and worker.asked is None and arrived is None:
            arrived = frame
        if scene.turns.match.entries:
            assert arrived is not None
            return frame - arrived + 1
    raise AssertionError("the bot never moved")


def main(argv: list[str] | None = None) -> int:
    """Print the click's call count (by file) and the bot's frames."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_calls",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=12, help="functions listed (default 12)")
    args = parser.parse_args(argv)
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-calls-") as root:  # never the player's own folders
        counts = click_calls(str(root))
        frames = bot_frames(str(root))
    files = {f for f, _ in counts}
    print(f"one click on a Pulling Strings end: {sum(counts.values())} project calls "
          f"in {len(counts)} functions across {len(files)} files")
    for (path, name), n in counts.most_common(args.top):
        print(f"  {n:>5}  {path}:{name}")
    print(f"a bot's move: committed {frames} frame(s) after its answer arrived "
          f"(1: the same frame)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
