"""The `quintet` command: reads the command line, builds the App with every screen, runs it.

The options are read by scenes/command_line.py (only the standard library loads first, so
`--version`, `--help` and a mistyped argument answer at once); pygame, the screens and the
engine load when the app starts.
"""
from __future__ import annotations

import os
import sys
import time
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # loaded once the command line is read (a bad one exits sooner)
    from scenes.shell.app import App

# What the command line means when it is empty (a double-click): parse_args([]) gives the same.
NO_ARGUMENTS = {"size": None, "fullscreen": False, "kiosk": False, "game": None, "vs": None,
                "install_desktop": False, "uninstall_desktop": False, "seconds": None,
                "screenshot": None, "report_first_frame": False, "self_test": None}


def parse_args(argv: Sequence[str] | None) -> Any:
    """The command line of `quintet` (a bad one exits with status 2 and a one-line message)."""
    words = sys.argv[1:] if argv is None else list(argv)
    if not words:
        return SimpleNamespace(**NO_ARGUMENTS)
    from scenes.command_line import parse_args as parse
    return parse(words)


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


def _offer_to_quit(app: App, shared: str) -> None:
    """A second copy on one data folder: say so, and offer to quit or play without saving."""
    from scenes.shell.app import log
    log.warning("%s; this copy plays without saving", shared)
    app.notices.append(f"Nothing is saved: {shared}.")
    if app.kiosk is None:
        app.go("confirm", title="Quintet is already running",
               question="with this data folder. Play without saving?", yes="Quit",
               no="Play without saving", on_yes=app.quit)


def _end_on_signals(app: App) -> None:
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


def run_app(args: Any) -> int:
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
        from scenes.desktop import run_desktop_command
        return run_desktop_command(args.install_desktop)
    if args.self_test is not None:  # a packaged build's check (CI), then exit
        from scenes.selftest import run_self_test
        return run_self_test(args.self_test)
    unpacked_lock = _tidy_unpacked_folders()
    try:
        return run_app(args)
    finally:
        if unpacked_lock is not None:
            unpacked_lock.close()


if __name__ == "__main__":  # `python -m scenes.main`, as `python -m game` and `quintet` do
    sys.exit(main())
