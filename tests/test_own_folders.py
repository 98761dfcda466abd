"""Issue 37, item 10: a test run and the tools touch only their own folders, never the user's
config, data or log folders, and leave no temporary folders behind."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUBSET = ["tests/test_keeping.py::test_continue_offers_the_game_played_last_whatever_the_clock"
          "_says",
          "tests/test_continue.py::test_an_error_in_play_saves_the_game_and_says_so",
          "tests/test_settings.py"]


def clean_env(home: Path, temporary: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("QUINTET_", "XDG_")) and k not in ("HOME", "TMPDIR")}
    return dict(env, HOME=str(home), TMPDIR=str(temporary), PYTHONPATH=str(ROOT),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def test_a_test_run_leaves_the_user_s_folders_and_the_temporary_folder_alone(tmp_path):
    home, temporary = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temporary.mkdir()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                          *SUBSET], cwd=ROOT, env=clean_env(home, temporary),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    made = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
    assert not [p for p in made if "Quintet" in p], made  # no config, data or log of the user's
    left = sorted(p.name for p in temporary.iterdir() if p.name.startswith("quintet-"))
    assert left == [], left


def test_the_slow_disk_benchmark_uses_its_own_folders(tmp_path):
    home, temporary = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temporary.mkdir()
    run = subprocess.run([sys.executable, "-m", "scenes.tools.bench_disk", "--seconds", "3",
                          "--fsync-delay", "0.2"], cwd=ROOT, env=clean_env(home, temporary),
                         capture_output=True, text=True, timeout=300)
    assert "longest" in run.stdout, run.stdout + run.stderr
    print(run.stdout)
    assert not [p for p in home.rglob("*") if "Quintet" in str(p)]
    assert not [p for p in temporary.iterdir() if p.name.startswith("quintet-")]


def test_a_run_that_touches_the_user_s_folders_fails(tmp_path):
    """The whole run is guarded (conftest): a test that writes into the user's own data folder,
    however it found it, makes the run fail and names the file."""
    home, temporary = tmp_path / "home", tmp_path / "tmp"
    (home / ".local" / "share" / "Quintet").mkdir(parents=True)
    temporary.mkdir()
    leak = tmp_path / "test_leak.py"
    leak.write_text("from pathlib import Path\n"
                    "def test_leaks():\n"
                    f"    Path({str(home)!r}, '.local', 'share', 'Quintet', 'stats.json')"
                    ".write_text('{}')\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "tests.conftest", str(leak)], cwd=tmp_path,
                         env=clean_env(home, temporary), capture_output=True, text=True,
                         timeout=300)
    assert run.returncode != 0 and "changed the user's own Quintet folders" in run.stdout, \
        run.stdout[-2000:]
