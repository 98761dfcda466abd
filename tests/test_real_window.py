"""The app in a real X11 window under Xvfb: it starts, draws a game and saves a screenshot."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def xvfb_display():
    """A private Xvfb display for one test (skipped when Xvfb is missing outside CI)."""
    if shutil.which("Xvfb") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install Xvfb (see .ci/run)")
        pytest.skip("Xvfb is not installed")
    display = f":{200 + os.getpid() % 500}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lock = Path(f"/tmp/.X11-unix/X{display[1:]}")
        for _ in range(100):
            if lock.exists():
                break
            time.sleep(0.05)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("game_id", ["strands", "pulling_strings"])
def test_the_app_draws_in_a_real_window_and_saves_a_screenshot(xvfb_display, tmp_path, game_id):
    shot = tmp_path / f"{game_id}.png"
    env = dict(os.environ, DISPLAY=xvfb_display, SDL_VIDEODRIVER="x11",
               SDL_AUDIODRIVER="dummy", QUINTET_CONFIG_DIR=str(tmp_path / "config"))
    result = subprocess.run([sys.executable, "-m", "game", "--game", game_id, "--seconds", "1.5",
                             "--screenshot", str(shot)], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) >= 3  # something was drawn, not a blank window
