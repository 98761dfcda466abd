"""A window that fits (issue 40, item 6): the first window takes at most 90% of the display
each way, in a shape the layouts are made for, and is classed and titled "Quintet" however it
is started (with --size, pygame had named it after the script, "__main__.py")."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.shell.app import DISPLAY_SHARE, MIN_SIZE, fit_window
from tests.support import start_xvfb, wait_until

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("display", [(800, 500), (1024, 600), (1366, 768), (1280, 720),
                                     (768, 1024), (3440, 1440)])
@pytest.mark.parametrize("asked", [(1280, 720), (900, 600), (2560, 1440)])
def test_the_first_window_fits_the_display(display, asked):
    width, height = fit_window(asked, display)
    assert width <= max(MIN_SIZE[0], DISPLAY_SHARE * display[0])
    assert height <= max(MIN_SIZE[1], DISPLAY_SHARE * display[1])
    assert 1.2 - 0.01 <= width / height <= 2.4 + 0.01  # a shape the layouts are made for
    assert width <= asked[0] and height <= asked[1]


def test_a_window_that_fits_is_left_alone_and_none_is_made_too_small():
    assert fit_window((1280, 720), (2560, 1440)) == (1280, 720)
    assert fit_window((1280, 720), None) == (1280, 720)  # no display to go by (headless)
    assert fit_window((1280, 720), (500, 300)) == MIN_SIZE
    assert fit_window((1280, 720), (800, 500)) == (720, 450)


def _windows(display: str) -> list[str]:
    """Each top-level window's class, name and geometry on an X display."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=10).stdout
    return [line.strip() for line in tree.splitlines() if '"Quintet"' in line]


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwininfo")),
                    reason="needs Xvfb and xwininfo (Debian's xvfb and x11-utils)")
@pytest.mark.parametrize("arguments", [[], ["--size", "900x600"]])
def test_a_real_window_on_a_small_display_fits_and_is_named_quintet(tmp_path, arguments):
    display = f":{150 + os.getpid() % 50}"
    server = start_xvfb(display, (800, 500))
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("SDL_VIDEO", "XDG_"))}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "c"),
               XDG_DATA_HOME=str(tmp_path / "d"), XDG_STATE_HOME=str(tmp_path / "s"))
    app = None
    try:
        app = subprocess.Popen([sys.executable, "-m", "game", *arguments], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        found = wait_until(lambda: _windows(display), 60, "a window named Quintet", pause=0.2)
        line = found[0]  # e.g. 0x200008 "Quintet": ("Quintet" "Quintet")  720x405+40+47  +40+47
        assert '("Quintet" "Quintet")' in line, line
        geometry = line.split(")")[1].split()[0]
        size, x, y = geometry.split("+")[0], *map(int, geometry.split("+")[1:3])
        width, height = map(int, size.split("x"))
        assert width <= 0.9 * 800 + 1 and height <= 0.9 * 500 + 1, line
        assert x >= 0 and y >= 0 and x + width <= 800 and y + height <= 500, line
    finally:
        if app is not None:
            app.kill()
            app.wait(10)
        server.terminate()
        server.wait(10)
