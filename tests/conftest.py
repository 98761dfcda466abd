"""Test-wide set-up: no display and no sound card are needed (SDL's dummy drivers); the run's
settings and log go to temporary config and log folders (removed at the end), and every test
keeps its saves, records and statistics in a data folder of its own: never the user's
(tests/test_own_folders.py checks it)."""
import os
import shutil
import tempfile
from pathlib import Path

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


@pytest.fixture
def xvfb():
    """A private Xvfb X server for one test: (display name, its process), which the test may stop
    itself (skipped when Xvfb is missing outside CI)."""
    from tests.support import start_xvfb
    if shutil.which("Xvfb") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install Xvfb (see .ci/run)")
        pytest.skip("Xvfb is not installed")
    display = f":{200 + os.getpid() % 700}"
    server = start_xvfb(display)
    try:
        yield display, server
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=10)


RUN_FOLDERS = {"QUINTET_CONFIG_DIR": "config", "QUINTET_LOG_DIR": "log"}
# the platform's own homes of config, data and state (logs): pointed at the run's folder too,
# so nothing that asks the platform where the user's folders are can reach them
PLATFORM_HOMES = {"XDG_CONFIG_HOME": "xdg-config", "XDG_DATA_HOME": "xdg-data",
                  "XDG_STATE_HOME": "xdg-state"}


def user_folders() -> list[Path]:
    """The user's own config, data and log folders of Quintet, as the app would find them."""
    import platformdirs
    return [Path(platformdirs.user_config_dir("Quintet", False)),
            Path(platformdirs.user_data_dir("Quintet", False)),
            Path(platformdirs.user_log_dir("Quintet", False))]


def fingerprint(folders: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file under the folders: its size and modification time (nanoseconds)."""
    seen: dict[str, tuple[int, int]] = {}
    for folder in folders:
        for path in folder.rglob("*") if folder.is_dir() else ():
            try:
                info = path.lstat()
            except OSError:
                continue
            seen[str(path)] = (info.st_size, info.st_mtime_ns)
    return seen


def pytest_configure(config):
    """Point the config and log folders (and the platform's homes) at a temporary folder of the
    run's own, after noting what the user's own folders hold."""
    real = user_folders()
    config._quintet_user = (real, fingerprint(real))
    root = tempfile.mkdtemp(prefix="quintet-test-run-")
    config._quintet_folders = (root, {name: os.environ.get(name)
                                      for name in {**RUN_FOLDERS, **PLATFORM_HOMES}})
    for name, sub in {**RUN_FOLDERS, **PLATFORM_HOMES}.items():
        os.environ[name] = os.path.join(root, sub)


def pytest_sessionfinish(session, exitstatus):
    """The run fails if it changed anything in the user's own Quintet folders."""
    real, before = getattr(session.config, "_quintet_user", ([], {}))
    after = fingerprint(real)
    changed = sorted(path for path in before.keys() | after.keys()
                     if before.get(path) != after.get(path))
    if changed:
        print(f"\nThe test run changed the user's own Quintet folders: {changed[:10]}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config):
    """Put the folder settings back and remove the run's folder."""
    saved = getattr(config, "_quintet_folders", None)
    if saved is None:
        return
    root, before = saved
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    shutil.rmtree(root, ignore_errors=True)


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
