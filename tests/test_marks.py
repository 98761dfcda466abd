"""The fast suite (`pytest -m "not slow"`) is honest: every test named in tests/marks.py exists,
the markers are registered, a process is refused to a test not marked to start one, and the fast
suite still imports every module of game/ and scenes/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests import marks
from tests.conftest import COLLECTED_KEY

TESTS = Path(__file__).resolve().parent


def test_every_test_named_in_the_tables_exists():
    missing = []
    for name in marks.BY_TEST:
        file, test = name.split("::", 1)
        path = TESTS / file
        if not path.exists() or test not in marks.test_parameters(path):
            missing.append(name)
    assert not missing, f"tests/marks.py names tests that are not there: {missing}"
    assert {f"{module}.py" for module in marks.BY_MODULE} <= {p.name for p in TESTS.iterdir()}
    assert set(marks.BY_TEST.values()) | set(marks.BY_MODULE.values()) \
        | set(marks.BY_FIXTURE.values()) <= {"slow", *marks.SLOW_KINDS}


def test_the_markers_are_registered_and_a_slow_kind_is_slow(pytestconfig):
    registered = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"slow", *marks.SLOW_KINDS} <= registered
    assert marks.marks_of("test_phones_browser", "test_anything", []) == {"browser", "slow"}
    assert marks.marks_of("test_settings", "test_x", ["xvfb", "tmp_path"]) == {
        "subprocess", "slow"}
    assert marks.marks_of("test_settings", "test_x", ["tmp_path"]) == set()


@pytest.mark.parametrize("start", ["Popen", "Process"])
def test_a_test_not_marked_subprocess_may_not_start_one(start):
    """This test is not marked: the guard in tests/conftest.py stops it starting a process."""
    with pytest.raises(RuntimeError, match="not marked subprocess"):
        if start == "Popen":
            subprocess.run([sys.executable, "-c", "pass"], check=False)
        else:
            import multiprocessing
            multiprocessing.get_context("spawn").Process(target=print).start()


def fast_test_files(pytestconfig) -> list[Path]:
    """The test files with a test in the fast suite: from this run's collection if it collected
    every test file, else from the tables and each test's own parameters (its fixtures)."""
    collected = pytestconfig.stash.get(COLLECTED_KEY, [])
    every = sorted(TESTS.glob("test_*.py"))
    if {nodeid.split("::")[0].rpartition("/")[2] for nodeid, _ in collected} >= \
            {path.name for path in every}:
        return sorted({TESTS / nodeid.split("::")[0].rpartition("/")[2]
                       for nodeid, slow in collected if not slow})
    return [path for path in every
            if any("slow" not in marks.marks_of(path.stem, test, parameters)
                   for test, parameters in marks.test_parameters(path).items())]


def test_the_fast_suite_imports_every_module_of_game_and_scenes(pytestconfig):
    files = fast_test_files(pytestconfig)
    assert len(files) > 50, files
    left = sorted(set(marks.source_modules()) - marks.reached(files))
    assert not left, ("no fast test imports these modules (give each a fast test, or a fast "
                      f"test of what imports it): {left}")


def test_the_reach_check_sees_a_module_no_test_imports(tmp_path):
    lone = tmp_path / "test_lone.py"
    lone.write_text("from game.rules import synch\n\ndef test_x():\n    assert synch\n",
                    encoding="utf-8")
    got = marks.reached([lone])
    assert {"game", "game.rules", "game.rules.synch", "game.core"} <= got
    assert "scenes.shell.app" not in got and "game.tools.arena" not in got
