"""The app in a real X11 window under Xvfb: it starts, draws a game and saves a screenshot."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.shell.app import fit_window

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def xvfb_display(xvfb):
    """A private Xvfb display for one test (tests/conftest.py)."""
    return xvfb[0]


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
    assert image.get_size() == fit_window((1280, 720), (1280, 720))  # 90% of Xvfb's screen
    width, height = image.get_size()
    colours = {tuple(image.get_at((x, y))) for x in range(0, width, 40)
               for y in range(0, height, 40)}
    assert len(colours) >= 3  # something was drawn, not a blank window
