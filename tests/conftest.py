"""Test-wide set-up: no display and no sound card are needed (SDL's dummy drivers), and every
test keeps its saves, records and statistics in a data folder of its own, never the user's."""
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.shell.sound import quit_pygame  # noqa: E402

# Every test's pygame.quit() stops the sounds first: quitting the mixer as a channel finishes
# can deadlock (seen once here: a whole test run hung in a teardown).
pygame.quit = quit_pygame


@pytest.fixture
def driver(tmp_path):
    """A headless app at 1280x720 driven by posted events (see tests/ui_driver.py)."""
    import pygame

    from tests.ui_driver import Driver
    drv = Driver(tmp_path)
    yield drv
    pygame.quit()


def pytest_runtest_setup(item):
    """Give each test an empty data folder ($QUINTET_DATA_DIR), so no test sees another's saves."""
    folder = tempfile.mkdtemp(prefix="quintet-data-")
    item.stash[DATA_KEY] = (os.environ.get("QUINTET_DATA_DIR"), folder)
    os.environ["QUINTET_DATA_DIR"] = folder


def pytest_runtest_teardown(item):
    """Put the data folder setting back and remove the test's folder."""
    before, folder = item.stash.get(DATA_KEY, (None, None))
    if folder is None:
        return
    if before is None:
        os.environ.pop("QUINTET_DATA_DIR", None)
    else:
        os.environ["QUINTET_DATA_DIR"] = before
    shutil.rmtree(folder, ignore_errors=True)


DATA_KEY = pytest.StashKey[tuple]()
