"""The kiosk survives its window: a window destroyed from outside is opened again; a display that
is gone for good ends the app with status 3 and the reason in the log, for a supervisor to start
it again; errors while starting are logged too. Real X11 cases run under Xvfb."""
from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.shell.app import DisplayLost
from scenes.shell.display_watch import EXIT_DISPLAY_LOST
from tests.support import wait_for_work, wait_until
from tests.test_no_process_left import helpers_of, seconds_until_gone
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def kiosk(tmp_path):
    drv = Driver(tmp_path, kiosk=True)
    drv.app.stack.push(drv.app.first_scene())
    drv.frames(3)
    yield drv
    drv.app.close_bots()
    pygame.quit()


def test_a_window_closed_from_outside_is_opened_again_and_the_demo_goes_on(kiosk, caplog):
    before = kiosk.top
    pygame.display.quit()  # the window and the display module gone, as after a lost window
    with caplog.at_level(logging.INFO, logger="quintet"):
        kiosk.frames(3)
    assert kiosk.app.window_alive() and kiosk.app.screen.get_size() == (1280, 720)
    assert kiosk.top is before and kiosk.top.route == "demo"  # the demo carries on
    assert "the window was lost" in caplog.text and "a new window is open" in caplog.text


def test_a_window_marked_destroyed_by_the_x11_watch_is_replaced(kiosk):
    old = kiosk.app.screen
    kiosk.app.display_watch.window_lost = True
    kiosk.frames()
    assert not kiosk.app.display_watch.window_lost and kiosk.app.screen is not old


def test_no_new_window_is_display_lost_with_the_reason(kiosk, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise pygame.error("x11 not available")
    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    monkeypatch.setattr("scenes.shell.app.REOPEN_PAUSE", 0.0)
    pygame.display.quit()
    with pytest.raises(DisplayLost, match="no new one could be opened in 4 tries "
                                          r"\(x11 not available\)"):
        kiosk.frames()


def run_quintet(tmp_path: Path, *args: str, env: dict | None = None,
                code: str | None = None) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "QUINTET_DATA_DIR": str(tmp_path / "data"),
            "QUINTET_CONFIG_DIR": str(tmp_path / "config"),
            "QUINTET_LOG_DIR": str(tmp_path / "log"), **(env or {})}
    command = ["-c", code] if code else ["-m", "game"]
    return subprocess.run([sys.executable, *command, *args], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=120)


def log_of(tmp_path: Path) -> str:
    return (tmp_path / "log" / "quintet.log").read_text(encoding="utf-8")


def test_a_display_lost_for_good_exits_with_status_3_and_says_why(tmp_path):
    code = ("import sys\n"
            "from scenes.shell.app import App, DisplayLost\n"
            "def run(self, *args):\n"
            "    raise DisplayLost('the window was lost (test) and no new one could be opened')\n"
            "App.run = run\n"
            "from scenes.main import main\n"
            "sys.exit(main(sys.argv[1:]))\n")
    result = run_quintet(tmp_path, "--kiosk", "--size", "800x500", code=code)
    assert result.returncode == EXIT_DISPLAY_LOST
    assert "no new one could be opened; Quintet exits with status 3 for its supervisor" \
        in log_of(tmp_path)


def test_an_error_while_starting_is_written_to_the_log(tmp_path):
    result = run_quintet(tmp_path, "--size", "800x500", env={"SDL_VIDEODRIVER": "no-such"})
    assert result.returncode == 1
    text = log_of(tmp_path)
    assert "Quintet could not start" in text and "Traceback" in text and "pygame.error" in text


# ---- a real X server ----------------------------------------------------------------------------
def start_kiosk(tmp_path: Path, display: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISPLAY=display, SDL_VIDEODRIVER="x11",
               SDL_AUDIODRIVER="dummy", QUINTET_DATA_DIR=str(tmp_path / "data"),
               QUINTET_CONFIG_DIR=str(tmp_path / "config"),
               QUINTET_LOG_DIR=str(tmp_path / "log"))
    return subprocess.Popen([sys.executable, "-m", "game", "--kiosk", "--size", "800x500"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def wait_for_worker(app: subprocess.Popen) -> tuple[list[int], list[int]]:
    """The kiosk's bots' worker and resource tracker, once both have started."""
    def started():
        assert app.poll() is None, app.stderr.read()
        workers, trackers = helpers_of(app.pid)
        return (workers, trackers) if workers and trackers else None
    return wait_until(started, 60, "the kiosk's bots' process", pause=0.1)


def destroy_windows(display: str) -> int:
    """Destroy every top-level window from another client, as a rogue program might."""
    xlib = ctypes.CDLL("libX11.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + \
        [ctypes.POINTER(ctypes.c_ulong)] * 2 + \
        [ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)), ctypes.POINTER(ctypes.c_uint)]
    xlib.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    connection = xlib.XOpenDisplay(display.encode())
    assert connection, f"cannot reach {display}"
    root, parent = ctypes.c_ulong(), ctypes.c_ulong()
    windows, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    xlib.XQueryTree(connection, xlib.XDefaultRootWindow(connection), ctypes.byref(root),
                    ctypes.byref(parent), ctypes.byref(windows), ctypes.byref(count))
    for index in range(count.value):
        xlib.XDestroyWindow(connection, windows[index])
    xlib.XCloseDisplay(connection)  # flushes the requests
    return count.value


def test_a_kiosk_whose_x_server_dies_exits_3_says_why_and_leaves_nothing(xvfb, tmp_path):
    display, server = xvfb
    app = start_kiosk(tmp_path, display)
    try:
        workers, trackers = wait_for_worker(app)
        wait_for_work(app.pid, 0.2)  # and the kiosk's frames run (its demo's bots thinking)
        server.send_signal(signal.SIGTERM)  # the X server goes, as at a restart
        app.wait(timeout=30)
        assert app.returncode == EXIT_DISPLAY_LOST, app.stderr.read()
        assert f"the connection to the display {display} was lost" in log_of(tmp_path)
        seconds_until_gone(workers + trackers)
    finally:
        app.kill()
        app.wait()
        app.stderr.close()


def reopened(tmp_path: Path, times: int, app: subprocess.Popen, limit: float = 30.0) -> None:
    """Wait until the log says a new window opened `times` times in all."""
    def opened():
        assert app.poll() is None, app.stderr.read()  # still running meanwhile
        return log_of(tmp_path).count("a new window is open") >= times
    wait_until(opened, limit, f"a new window opened {times} times", pause=0.1)


def test_a_kiosk_window_destroyed_by_another_program_comes_back(xvfb, tmp_path):
    display, _ = xvfb
    app = start_kiosk(tmp_path, display)
    try:
        wait_for_worker(app)
        wait_for_work(app.pid, 0.2)  # and the kiosk's frames run (its demo's bots thinking)
        for times in (1, 2):  # destroyed, opened again, destroyed again, opened again
            assert destroy_windows(display) >= 1
            reopened(tmp_path, times, app)
        text = log_of(tmp_path)
        assert "the window was destroyed from outside" in text and "Traceback" not in text
        app.send_signal(signal.SIGTERM)
        app.wait(timeout=30)
        assert app.returncode == 0, app.stderr.read()
    finally:
        app.kill()
        app.wait()
        app.stderr.close()
