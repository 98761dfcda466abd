"""Test-wide set-up: no display and no sound card are needed (SDL's dummy drivers)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402


@pytest.fixture
def driver(tmp_path):
    """A headless app at 1280x720 driven by posted events (see tests/ui_driver.py)."""
    import pygame

    from tests.ui_driver import Driver
    drv = Driver(tmp_path)
    yield drv
    pygame.quit()
