"""Issue 37, items 8 and 9: no display is a clear error holding no lock; the one-file build's
app ends with its launcher."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_display_is_said_on_stderr_with_a_non_zero_status_and_no_lock(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(QUINTET_DATA_DIR=str(tmp_path / "data"), QUINTET_CONFIG_DIR=str(tmp_path / "c"),
               QUINTET_LOG_DIR=str(tmp_path / "log"), PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 4, (run.returncode, run.stderr)
    assert "quintet: no display was found" in run.stderr and "SDL_VIDEODRIVER" in run.stderr
    assert not (tmp_path / "data").exists()  # no lock, nothing claimed: the next start is free


GRANDCHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from scenes.shell.launcher import follow_launcher
follow_launcher(0.2)
print("following", flush=True)
time.sleep(60)
"""

LAUNCHER = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]], stdout=sys.stdout)
print(child.pid, flush=True)
time.sleep(60)
"""


def test_the_app_ends_with_its_launcher():
    launcher = subprocess.Popen([sys.executable, "-c", LAUNCHER, GRANDCHILD, str(ROOT)],
                                stdout=subprocess.PIPE, text=True)
    try:
        app_pid = int(launcher.stdout.readline())
        assert launcher.stdout.readline().strip() == "following"
        launcher.send_signal(signal.SIGKILL)  # the launcher killed outright
        launcher.wait(10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                os.kill(app_pid, 0)
            except ProcessLookupError:
                break
            try:  # it is our grandchild: reap it if it was re-parented to us
                os.waitpid(app_pid, os.WNOHANG)
            except ChildProcessError:
                pass
            time.sleep(0.05)
        else:
            os.kill(app_pid, signal.SIGKILL)
            raise AssertionError("the app outlived its launcher")
    finally:
        launcher.kill()
