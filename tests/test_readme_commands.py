"""The README's two commands, players' and developers', run as written in a fresh virtual
environment made from the system's Python (PEP 668: it refuses `pip install` outside one), in a
clean copy of the project; and CI runs the developers' command as written.

Marked `install` (it installs pygame-ce and the test extra from the package index, about a
minute): `python -m pytest -m "not install"` leaves it out when offline.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"
PLAYERS_END = ".venv/bin/quintet"
DEVELOPERS_END = ".venv/bin/python -m pytest"

pytestmark = [pytest.mark.install,
              pytest.mark.skipif(sys.platform == "win32",
                                 reason="the README's commands are for a POSIX shell")]


def readme_commands() -> dict[str, str]:
    """The README's install commands: the one-line shell blocks that make a virtual environment,
    by who they are for."""
    blocks = re.findall(r"```\n(python3 -m venv [^\n]*)\n```", README.read_text(encoding="utf-8"))
    found = {}
    for line in blocks:
        if line.endswith(PLAYERS_END):
            found["players"] = line
        elif line.endswith(DEVELOPERS_END):
            found["developers"] = line
    return found


def system_python() -> str:
    """The system's own interpreter (Debian's and Ubuntu's /usr/bin/python3) if it is one that
    Quintet runs on (macOS's is older), else this one."""
    system = "/usr/bin/python3"
    if os.access(system, os.X_OK):
        check = subprocess.run([system, "-c", "import sys; sys.exit(sys.version_info < (3, 11))"],
                               capture_output=True)
        if check.returncode == 0:
            return system
    return sys.executable


def clean_copy(target: Path) -> Path:
    """The project's files as a fresh clone has them (no virtual environment, build or cache)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "-z"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode == 0:
        for name in filter(None, listed.stdout.split("\0")):
            source = ROOT / name
            if source.is_file():
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)
    else:  # not a git checkout: everything but what git would ignore
        shutil.copytree(ROOT, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"))
    return target


def shell_env(tmp_path: Path) -> dict[str, str]:
    """A shell environment where `python3` is the system's Python and nothing of this test run's
    own environment leaks in (no PYTHONPATH, no active virtual environment)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(system_python())
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTHON", "VIRTUAL_ENV", "QUINTET_", "CONDA", "PYENV"))}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    return env


def run_line(line: str, extra: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run a README line as written, with `extra` arguments for its last command."""
    return subprocess.run(["bash", "-c", f"{line} {extra}"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


def test_the_readme_has_both_commands_and_ci_runs_the_developers_one():
    commands = readme_commands()
    assert set(commands) == {"players", "developers"}, commands
    assert commands["developers"] in CI.read_text(encoding="utf-8").splitlines()


def test_the_readmes_commands_work_from_a_clean_copy_with_the_system_python(tmp_path):
    """Players: install, then the installed `quintet` checks itself (assets from the installed
    package, pygame, the bots' process); developers: install with the test extra, then pytest
    finds the tests (running them all again here would take minutes)."""
    commands = readme_commands()
    project = clean_copy(tmp_path / "quintet")
    env = shell_env(tmp_path)
    players = run_line(commands["players"], "--self-test 1", project, env)
    assert players.returncode == 0, players.stdout[-3000:] + players.stderr[-3000:]
    lines = players.stdout.splitlines()
    assert lines[-1].startswith("self-test: ") and lines[-1].endswith(" passed, 0 failed")
    assert "site-packages" in next(line for line in lines if line.startswith("assets: "))
    developers = run_line(commands["developers"], "--collect-only -q", project, env)
    assert developers.returncode == 0, developers.stdout[-3000:] + developers.stderr[-3000:]
    collected = re.search(r"(\d+) tests? collected", developers.stdout)
    assert collected and int(collected.group(1)) > 100, developers.stdout[-2000:]
