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
from tests.marks import SLOW_KINDS, marks_of  # noqa: E402
from tests.support import hypothesis_profile  # noqa: E402

# Hypothesis: "dev" (a developer's default) and "ci" (.ci/run sets HYPOTHESIS_PROFILE=ci); a
# test's own max_examples is examples(n) (tests/support.py), all n under ci and a share under dev.
# No deadline: a property test on a loaded machine is slower, never wrong.
from hypothesis import settings as _hypothesis  # noqa: E402

_hypothesis.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
_hypothesis.register_profile("dev", max_examples=25, deadline=None)
_hypothesis.load_profile(hypothesis_profile())

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


# ---- markers: what the fast suite (-m "not slow") leaves out (tests/marks.py) ------------------
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark each test from tests/marks.py's tables (before -m picks), and keep the whole
    collection's names and markers for tests/test_marks.py."""
    for item in items:
        test = item.nodeid.split("::", 1)[1].split("[")[0] if "::" in item.nodeid else item.name
        for name in sorted(marks_of(item.path.stem, test, getattr(item, "fixturenames", []))):
            item.add_marker(name)
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker("slow")
    config.stash[COLLECTED_KEY] = [(item.nodeid, item.get_closest_marker("slow") is not None)
                                   for item in items]


COLLECTED_KEY = pytest.StashKey[list]()
_RUNNING: list = []  # the test now running (set up, called, torn down)


def _refuse_unmarked_process() -> None:
    """A process started by a test of the fast suite fails that test: the fast suite starts
    none (mark the test subprocess in tests/marks.py)."""
    if _RUNNING and not _RUNNING[-1].get_closest_marker("slow"):
        raise RuntimeError(f"{_RUNNING[-1].nodeid} starts a process but is not marked "
                           "subprocess: add it to tests/marks.py")


def _guarded(start):
    def guarded(*args, **kwargs):
        _refuse_unmarked_process()
        return start(*args, **kwargs)
    return guarded


import multiprocessing.process  # noqa: E402
import subprocess  # noqa: E402

subprocess.Popen._execute_child = _guarded(subprocess.Popen._execute_child)
multiprocessing.process.BaseProcess.start = _guarded(multiprocessing.process.BaseProcess.start)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Note which test is running, for the process guard."""
    _RUNNING.append(item)
    try:
        yield
    finally:
        _RUNNING.pop()
