"""The `quintet` command: reads the command line, builds the App with every screen, runs it."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import time
from typing import Sequence

from scenes.routes import ROUTES
from scenes.shell.app import MIN_SIZE, App, DisplayLost, log
from scenes.shell.display_watch import EXIT_DISPLAY_LOST
from scenes.store.data_folder import DataFolder
from scenes.store.folder_lock import FolderLock
from scenes.store.settings import SettingsStore
from scenes.store.storage import data_dir
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


def _offer_to_quit(app: App, shared: str) -> None:
    """A second copy on one data folder: say so, and offer to quit or play without saving."""
    log.warning("%s; this copy plays without saving", shared)
    app.notices.append(f"Nothing is saved: {shared}.")
    if app.kiosk is None:
        app.go("confirm", title="Quintet is already running",
               question="with this data folder. Play without saving?", yes="Quit",
               no="Play without saving", on_yes=app.quit)


def _end_on_signals(app: App) -> None:
    """SIGTERM (a supervisor stopping it) and SIGHUP (its terminal closed) end it like Quit."""
    def stop(number, _frame) -> None:
        log.info("stopping on signal %s", signal.Signals(number).name)
        app.quit()

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


def main(argv: Sequence[str] | None = None) -> int:
    """Start Quintet at the main menu (or straight into a game); the process's exit status."""
    if getattr(sys, "frozen", False):  # first: in a frozen app, this may be the bots' process
        import multiprocessing
        multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.self_test is not None:  # a packaged build's check (CI), then exit
        from scenes.tools.selftest import run_self_test
        return run_self_test(args.self_test)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    log_path = start_file_log(log)  # first: an error while starting is written there too
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    lock = FolderLock(data_dir())
    shared = "" if lock.acquire() else lock.refusal()
    kiosk = True if args.kiosk else None  # None: as the settings say
    # --fullscreen wins; a --size asks for a window; else the settings (a kiosk: fullscreen)
    fullscreen = True if args.fullscreen else (False if args.size else None)
    try:
        app = App(args.size or (1280, 720), SettingsStore(read_only=shared), fullscreen, kiosk,
                  routes=ROUTES, data=DataFolder(read_only=shared))
        app.log_path = log_path
        app.stack.push(app.first_scene())
        if args.game and app.kiosk is None:
            app.go("play", game_id=args.game)
        if shared:
            _offer_to_quit(app, shared)
        app.stack.apply_changes()
    except Exception:  # no window, no fonts...: the reason goes to the log (and the terminal)
        log.exception("Quintet could not start")
        lock.release()
        return 1
    _end_on_signals(app)
    report = _first_frame_reporter() if args.report_first_frame else None
    try:
        app.run(args.seconds, args.screenshot, report)
    except DisplayLost as lost:  # a supervisor (README: systemd) starts it again
        log.critical("%s; Quintet exits with status %d for its supervisor to start it again",
                     lost, EXIT_DISPLAY_LOST)
        return EXIT_DISPLAY_LOST
    except Exception:  # the last line of defence: say what happened, never a bare crash
        log.exception("Quintet stopped after an unexpected error")
        return 1
    finally:
        app.close_bots()
        lock.release()
    return 0
