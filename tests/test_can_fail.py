"""Every test can fail: none asserts nothing, none orders two lists with `<=` (tests/can_fail.py),
and the check itself finds one of each when they are planted."""
from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.can_fail import TESTS, findings, modules_of_tests

PLANTED = textwrap.dedent('''
    import pytest
    from tests.ui_driver import Driver


    def checked(x):
        assert x


    def passes_it_on(x):
        checked(x)


    def test_asserts_nothing():
        total = sum(range(10))
        print(total)


    def test_orders_two_lists():
        limits = [0.3, 1.0, 3.0]
        assert [0.2, 5.0, 9.0] <= limits or [s for s in (0.2, 5.0)] >= [0.1, 9.0]


    def test_only_drives_the_app(tmp_path):
        driver = Driver(tmp_path)
        driver.start("synch")  # the driver asserts nothing here: it only raises if lost
        driver.frames(3)


    def test_through_a_helper():
        passes_it_on(1)


    def test_raises():
        with pytest.raises(ZeroDivisionError):
            1 / 0


    class TestKind:
        def test_in_a_class(self):
            assert self


        def test_empty_in_a_class(self):
            pass
''')


def test_no_test_in_tests_cannot_fail():
    found = findings(modules_of_tests())
    assert not found, "\n".join(map(str, found))


def test_the_planted_defects_are_found(tmp_path):
    planted = tmp_path / "test_planted.py"
    planted.write_text(PLANTED, encoding="utf-8")
    found = findings([planted])
    assert {(finding.test, finding.reason) for finding in found} == {
        ("test_asserts_nothing", "asserts nothing and calls no helper that does"),
        ("test_only_drives_the_app", "asserts nothing and calls no helper that does"),
        ("TestKind::test_empty_in_a_class", "asserts nothing and calls no helper that does"),
        ("(comparison)", "orders two lists or tuples: only the first difference counts"),
    }
    comparison = "    assert [0.2, 5.0, 9.0] <= limits or [s for s in (0.2, 5.0)] >= [0.1, 9.0]"
    assert [f.line for f in found if f.test == "(comparison)"] == [
        PLANTED.splitlines().index(comparison) + 1]


def test_the_command_line_fails_on_a_planted_defect_and_a_clean_file_passes(tmp_path):
    planted = tmp_path / "test_planted.py"
    planted.write_text(PLANTED, encoding="utf-8")
    clean = tmp_path / "test_clean.py"
    clean.write_text("def test_fine():\n    version = (3, 12)\n"
                     "    assert version >= (3, 11) and [1, 2] == [1, 2]\n", encoding="utf-8")
    assert findings([clean]) == []  # a named tuple against a written one: the intended order
    failing = subprocess.run([sys.executable, "-m", "tests.can_fail", str(planted)],
                             cwd=TESTS.parent, capture_output=True, text=True, timeout=60)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "test_planted.py:14: test_asserts_nothing: asserts nothing" in failing.stdout
