"""The `quintet` command: reads the command line, builds the App with every screen, runs it."""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback
from typing import Sequence

from scenes.routes import ROUTES
from scenes.shell.app import MIN_SIZE, App, log
from scenes.store.userlog import start_file_log


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1] or width > 10000 or height > 10000:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return width, height


def _game_id(text: str) -> str:
    from game.registry import GAMES  # only when asked: the rules load after the first frame
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(GAMES)}")
    return text


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of `quintet`."""
    parser = argparse.ArgumentParser(prog="quintet", description="Five little two-player games.")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1280x720 (default)")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    parser.add_argument("--kiosk", action="store_true",
                        help="run the self-running demo for game nights (fullscreen unless "
                             "--size is given; the settings name the keys that leave it)")
    parser.add_argument("--game", type=_game_id, help="start a hot-seat game of this game")
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)  # tests: run, then stop
    parser.add_argument("--screenshot", help=argparse.SUPPRESS)  # tests: save the last frame here
    parser.add_argument("--report-first-frame", action="store_true",
                        help=argparse.SUPPRESS)  # benchmark: print seconds from launch
    parser.add_argument("--self-test", nargs="?", type=float, const=3.0, metavar="SECONDS",
                        help="check this build: load every asset, watch bots play each game "
                             "SECONDS (3), then exit (scenes/tools/selftest.py)")
    return parser.parse_args(argv)


def _first_frame_reporter():
    """Print the seconds from the launch time the benchmark passed in to the first frame shown."""
    launched = float(os.environ.get("QUINTET_LAUNCHED_AT", "nan"))
    return lambda: print(f"first-frame {time.time() - launched:.4f}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Start Quintet at the main menu (or straight into a game)."""
    if getattr(sys, "frozen", False):  # first: in a frozen app, this may be the bots' process
        import multiprocessing
        multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.self_test is not None:  # a packaged build's check (CI), then exit
        from scenes.tools.selftest import run_self_test
        return run_self_test(args.self_test)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    kiosk = True if args.kiosk else None  # None: as the settings say
    # --fullscreen wins; a --size asks for a window; else the settings (a kiosk: fullscreen)
    fullscreen = True if args.fullscreen else (False if args.size else None)
    app = App(args.size or (1280, 720), fullscreen=fullscreen, kiosk=kiosk, routes=ROUTES)
    app.log_path = start_file_log(log)
    app.stack.push(app.first_scene())
    if args.game and app.kiosk is None:
        app.go("play", game_id=args.game)
    app.stack.apply_changes()
    report = _first_frame_reporter() if args.report_first_frame else None
    try:
        app.run(args.seconds, args.screenshot, report)
    except Exception:  # the last line of defence: say what happened, never a bare crash
        traceback.print_exc()
        print("Quintet stopped after an unexpected error (above).", file=sys.stderr)
        return 1
    finally:
        app.close_bots()
    return 0
