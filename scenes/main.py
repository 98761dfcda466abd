"""The `quintet` command: reads the command line, builds the App with every screen, runs it.

Only the standard library loads before the command line is read, so `--version`, `--help` and
a mistyped argument answer at once; pygame, the screens and the engine load when the app starts.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, NoReturn, Sequence

EXIT_USAGE = 2


class QuintetParser(argparse.ArgumentParser):
    """argparse with a one-line complaint: a bad argument is named, and the exit status is 2."""

    def error(self, message: str) -> NoReturn:
        """Say what is wrong in one line (no usage block) and exit with status 2."""
        line = " ".join(message.split())
        self.exit(EXIT_USAGE, f"{self.prog}: {line} (see {self.prog} --help)\n")


class _SayAndExit(argparse.Action):
    """An option that takes no value, prints something and exits (as argparse's --help does)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)


class HelpWithGames(_SayAndExit):
    """-h/--help: the usual help, then the games and computer levels (the engine loads only now)."""

    def __call__(self, parser, namespace, values, option_string=None) -> NoReturn:
        from game.bots import LEVEL_NAMES
        from game.registry import GAMES
        width = max(len(game_id) for game_id in GAMES)
        games = "\n".join(f"  {game_id:{width}}  {spec.title}" for game_id, spec in GAMES.items())
        parser.epilog = (f"games (for --game):\n{games}\n\ncomputer levels (for --vs): "
                         f"{', '.join(LEVEL_NAMES)}")
        parser.print_help()
        parser.exit()


class ShowVersion(_SayAndExit):
    """--version: print "quintet <version>" and exit (read only when asked)."""

    def __call__(self, parser, namespace, values, option_string=None) -> NoReturn:
        from scenes.shell.about import quintet_version
        print(f"{parser.prog} {quintet_version()}")
        parser.exit()


def _size(text: str) -> tuple[int, int]:
    from scenes.shell.app import (
        MIN_SIZE,  # pygame loads here: the app is about to start anyway
    )
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1] or width > 10000 or height > 10000:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return width, height


def _game_id(text: str) -> str:
    from game.registry import (
        GAMES,  # only when asked: the rules load after the first frame
    )
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(GAMES)}")
    return text


def _level(text: str) -> str:
    from game.bots import LEVEL_NAMES
    if text not in LEVEL_NAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(LEVEL_NAMES)}")
    return text


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: give more than 0 and less than 3600 seconds")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of `quintet` (a bad one exits with status 2 and a one-line message)."""
    parser = QuintetParser(prog="quintet", description="Five little two-player games.",
                           formatter_class=argparse.RawDescriptionHelpFormatter,
                           allow_abbrev=False, add_help=False)
    parser.add_argument("-h", "--help", action=HelpWithGames,
                        help="show this help, the games and the computer levels, and exit")
    parser.add_argument("--version", action=ShowVersion, help="show the version and exit")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1280x720 (default)")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    parser.add_argument("--kiosk", action="store_true",
                        help="run the self-running demo for game nights (fullscreen unless "
                             "--size is given; the settings name the keys that leave it)")
    parser.add_argument("--game", type=_game_id, metavar="ID",
                        help="start a game of this game at once (hot-seat, or see --vs)")
    parser.add_argument("--vs", type=_level, metavar="LEVEL",
                        help="with --game: play it against the computer at this level "
                             "(listed below); you take the first seat")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Linux: put Quintet in the applications menu with its icon, "
                             "starting this Quintet, and exit")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="Linux: take Quintet out of the applications menu again, and exit")
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)  # tests: run, then stop
    parser.add_argument("--screenshot", help=argparse.SUPPRESS)  # tests: save the last frame here
    parser.add_argument("--report-first-frame", action="store_true",
                        help=argparse.SUPPRESS)  # benchmark: print seconds from launch
    parser.add_argument("--self-test", nargs="?", type=_seconds, const=3.0, metavar="SECONDS",
                        help="check this build: load every asset and module, show the screens, "
                             "watch bots play each game SECONDS (3), then exit")
    args = parser.parse_args(argv)
    if args.vs and not args.game:
        parser.error("--vs needs --game ID: the game to play against the computer")
    if args.install_desktop and args.uninstall_desktop:
        parser.error("--install-desktop and --uninstall-desktop cannot be given together")
    return args


def _first_frame_reporter():
    """Print the seconds from the launch time the benchmark passed in to the first frame shown,
    and the processor time the process had used by then."""
    launched = float(os.environ.get("QUINTET_LAUNCHED_AT", "nan"))
    return lambda: print(f"first-frame {time.time() - launched:.4f} {time.process_time():.4f}",
                         flush=True)


def _tidy_unpacked_folders() -> Any:
    """In the one-file build: mark our unpacked folder in use and, in the background, delete the
    ones killed runs left behind; what must stay referenced while the app runs (or None). The
    app also ends with its launcher (scenes/shell/launcher.py)."""
    from scenes.store.unpacked import claim, sweep, unpacked_folder
    folder = unpacked_folder()
    if folder is None:
        return None
    from scenes.shell.launcher import follow_launcher
    follow_launcher()
    import threading
    threading.Thread(target=sweep, args=(folder.parent, folder), name="quintet-sweep",
                     daemon=True).start()
    return claim(folder)


def _offer_to_quit(app, shared: str) -> None:
    """A second copy on one data folder: say so, and offer to quit or play without saving."""
    from scenes.shell.app import log
    log.warning("%s; this copy plays without saving", shared)
    app.notices.append(f"Nothing is saved: {shared}.")
    if app.kiosk is None:
        app.go("confirm", title="Quintet is already running",
               question="with this data folder. Play without saving?", yes="Quit",
               no="Play without saving", on_yes=app.quit)


def _end_on_signals(app) -> None:
    """SIGTERM (a supervisor stopping it) and SIGHUP (its terminal closed) end it like Quit."""
    import signal

    from scenes.shell.app import log

    def stop(number, _frame) -> None:
        log.info("stopping on signal %s", signal.Signals(number).name)
        app.quit()

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


EXIT_NO_DISPLAY = 4  # no display to open a window on (the display lost mid-run is 3)
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL's drivers that show nothing


def no_display() -> str:
    """Why no window could be seen, or '' when there is a display (or SDL_VIDEODRIVER asks for
    a driver outright, headless ones included: tests, tools, a kiosk on the console).

    A display found stays open for the app (opening it again would cost the first frame some
    20 ms on X11)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return ""
    import pygame
    try:
        pygame.display.init()
    except pygame.error as error:
        return f"no display could be opened ({error})"
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        return (f"no display was found (SDL would use its '{driver}' driver, which shows "
                "nothing)")
    return ""


def run_app(args: argparse.Namespace) -> int:
    """Open the window at the main menu (or straight into a game) and run until it closes."""
    import logging

    from scenes.shell.about import WINDOW_CLASS

    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    # before pygame loads: it names the window after the script otherwise (main() did it first)
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    from scenes.routes import ROUTES
    from scenes.shell.app import App, DisplayLost, log
    from scenes.shell.display_watch import EXIT_DISPLAY_LOST
    from scenes.store.data_folder import DataFolder
    from scenes.store.folder_lock import FolderLock
    from scenes.store.settings import SettingsStore
    from scenes.store.storage import data_dir
    from scenes.store.userlog import start_file_log

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # first, before the first frame: what starting finds wrong (a bad settings file, another
    # copy on the folder, no window) is written there too
    log_path = start_file_log(log)
    missing = no_display()
    if missing:  # say so and stop, before the data folder is claimed
        print(f"quintet: {missing}. Start it on a desktop, or set DISPLAY (X11) or "
              "WAYLAND_DISPLAY; SDL_VIDEODRIVER=dummy runs it headless on purpose.",
              file=sys.stderr)
        log.error("Quintet could not start: %s", missing)
        return EXIT_NO_DISPLAY
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
            from scenes.play.parts.setup import GameSetup
            if args.vs:  # as if chosen on the options screen: remembered for the next game too
                app.play_setup = {"opponent": f"bot:{args.vs}", "seat": 0}
                app.go("play", setup=GameSetup(args.game,
                                               controllers=("human", f"bot:{args.vs}")))
            else:
                app.go("play", setup=GameSetup(args.game))
        if shared:
            _offer_to_quit(app, shared)
        app.stack.apply_changes()
    except Exception:  # no window, no fonts...: the reason goes to the log (and the terminal)
        log.exception("Quintet could not start")
        lock.release()
        return 1
    _end_on_signals(app)
    report = _first_frame_reporter() if args.report_first_frame else None

    def after_first_frame() -> None:  # what need not delay the first frame
        if report is not None:
            report()

    try:
        app.run(args.seconds, args.screenshot, after_first_frame)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Start Quintet at the main menu (or straight into a game), or do what the options ask.

    (In the frozen app the bots' worker process never gets here: packaging/quintet_entry.py
    turns it into the worker first.)"""
    from scenes.shell.about import name_the_window
    name_the_window()  # before --size's check imports pygame
    args = parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        from scenes.tools.desktop import run_desktop_command
        return run_desktop_command(args.install_desktop)
    if args.self_test is not None:  # a packaged build's check (CI), then exit
        from scenes.tools.selftest import run_self_test
        return run_self_test(args.self_test)
    unpacked_lock = _tidy_unpacked_folders()
    try:
        return run_app(args)
    finally:
        if unpacked_lock is not None:
            unpacked_lock.close()


if __name__ == "__main__":  # `python -m scenes.main`, as `python -m game` and `quintet` do
    sys.exit(main())
