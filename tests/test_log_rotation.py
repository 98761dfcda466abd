"""The user's log file rotates by itself: bounded files, the newest lines kept in order."""
from __future__ import annotations

import logging
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.store.userlog import RotatingLog
from tests.support import examples


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=300), min_size=1, max_size=60),
       st.integers(min_value=50, max_value=800), st.integers(min_value=1, max_value=3))
def test_rotation_keeps_files_bounded_and_the_newest_lines_in_order(tmp_path_factory, lengths,
                                                                    max_bytes, backups):
    folder = tmp_path_factory.mktemp("log")
    path = folder / "quintet.log"
    handler = RotatingLog(path, max_bytes=max_bytes, backups=backups)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.Logger("rotation-test")
    logger.addHandler(handler)
    lines = [f"{number:04d}" + "x" * length for number, length in enumerate(lengths)]
    for line in lines:
        logger.warning(line)
    handler.close()
    files = [path] + [folder / f"quintet.log.{n}" for n in range(1, backups + 1)]
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in files
                                                              if p.exists())
    longest = max(len(line) for line in lines) + 1
    kept: list[str] = []
    for file in reversed(files):  # the oldest copy first
        if file.exists():
            assert file.stat().st_size < max_bytes + longest
            kept += file.read_text(encoding="utf-8").splitlines()
    assert kept == lines[len(lines) - len(kept):]  # the newest lines, none lost between files
    assert kept[-1] == lines[-1]


def test_starting_the_file_log_loads_no_socket_module():
    """The log's rotation does not bring logging.handlers (with socket and pickle) to start-up."""
    code = ("import sys, logging; from scenes.store.userlog import start_file_log; "
            "print('logging.handlers' in sys.modules, 'socket' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False"]
