"""Start-up benchmark: `python -m scenes.tools.bench_startup`.

Builds Quintet with build.spec and, as the floor to compare with, a bare pygame-ce window
(packaging/bare_window.py: open a window, present one frame) with PyInstaller the same way
(one folder, windowed, no UPX, the same excluded modules). Then it launches Quintet and the floor,
frozen and from source (the `quintet` command's entry point, and `python -m game`), several times
in turn, each a fresh process, and prints the seconds from launch to the first frame on screen
(median, min, max), the size of each build folder, and Quintet's ratio to the floor. Run it
under Xvfb (or on a desktop) for a real window:
`xvfb-run -a -s "-screen 0 1280x720x24" python3 -m scenes.tools.bench_startup`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scenes.tools.selftest import USER_FOLDERS

ROOT = Path(__file__).resolve().parents[2]
FLOOR_SCRIPT = ROOT / "packaging" / "bare_window.py"
FLOOR_NAME = "bare_window"
FLOOR_EXCLUDES = ("numpy", "tkinter")  # as build.spec's EXCLUDES (a test keeps them equal)
# what the `quintet` command runs (pyproject's console script), without needing it installed
QUINTET_COMMAND = "import sys; from scenes.main import main; sys.exit(main())"
GOAL = 1.5  # Quintet may take at most this many times the floor's start-up


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and number of files below a folder."""
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    return sum(path.stat().st_size for path in files), len(files)


def pyinstaller(*args: str) -> None:
    """Run PyInstaller in the source tree (its output only if it fails)."""
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", *args], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"PyInstaller failed: {' '.join(args)}")


def build_app(dist: Path, work: Path) -> Path:
    """Build Quintet with build.spec; the executable."""
    pyinstaller("--distpath", str(dist), "--workpath", str(work / "app"), "build.spec")
    return dist / "Quintet" / "Quintet"


def build_floor(dist: Path, work: Path) -> Path:
    """Build the bare window the way build.spec builds Quintet; the executable."""
    excludes = [arg for name in FLOOR_EXCLUDES for arg in ("--exclude-module", name)]
    pyinstaller("--onedir", "--windowed", "--noupx", "--name", FLOOR_NAME, "--distpath",
                str(dist), "--workpath", str(work / "floor"), "--specpath", str(work), *excludes,
                str(FLOOR_SCRIPT))
    return dist / FLOOR_NAME / FLOOR_NAME


def first_frame(command: list[str], env: dict[str, str]) -> float | None:
    """Seconds from launching `command` to its report of the first frame (None if none came)."""
    env = dict(env, QUINTET_LAUNCHED_AT=repr(time.time()))
    try:
        out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
    except subprocess.TimeoutExpired:
        return None
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            return float(line.split()[1])
    return None


def main(argv=None) -> int:
    """Build, launch and print the start-up figures."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_startup",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=15, help="launches timed per target")
    parser.add_argument("--reuse", action="store_true",
                        help="time the builds already in --out instead of building anew")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench_startup",
                        help="where the builds go")
    args = parser.parse_args(argv)
    dist, work = args.out / "dist", args.out / "work"
    app_exe, floor_exe = dist / "Quintet" / "Quintet", dist / FLOOR_NAME / FLOOR_NAME
    if not (args.reuse and app_exe.exists() and floor_exe.exists()):
        print("building Quintet (build.spec) and the bare window with PyInstaller...", flush=True)
        app_exe, floor_exe = build_app(dist, work), build_floor(dist, work)
    scratch = Path(tempfile.mkdtemp(prefix="quintet-bench-"))  # not the player's own files
    env = dict(os.environ, **{name: str(scratch / name.lower()) for name in USER_FOLDERS})
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    # from source as a player runs it: with cached bytecode (pip writes it at install; without
    # it every launch compiles the project's modules anew)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run_app = ["--seconds", "0.3", "--report-first-frame"]
    targets = {
        "Quintet, frozen": [str(app_exe), *run_app],
        "bare window, frozen": [str(floor_exe)],
        "Quintet, source": [sys.executable, "-c", QUINTET_COMMAND, *run_app],
        "Quintet, python -m game": [sys.executable, "-m", "game", *run_app],
        "bare window, source": [sys.executable, str(FLOOR_SCRIPT)],
    }
    times: dict[str, list[float]] = {name: [] for name in targets}
    failed: dict[str, int] = {name: 0 for name in targets}
    for command in targets.values():
        first_frame(command, env)  # untimed: writes the bytecode caches, reads the files in
    for _ in range(args.launches):  # in turn, so a change in the machine's load hits all alike
        for name, command in targets.items():
            seconds = first_frame(command, env)
            if seconds is None:
                failed[name] += 1
            else:
                times[name].append(seconds)
    video = env.get("SDL_VIDEODRIVER") or ("x11" if env.get("DISPLAY") else "default")
    print(f"launch to first frame: {args.launches} fresh processes each, in turn, after one "
          f"untimed launch; video {video}, audio {env['SDL_AUDIODRIVER']}")
    print(f"{'':24} {'size MB':>8} {'files':>6} {'median s':>9} {'min s':>7} {'max s':>7}")
    medians = {}
    for name, values in times.items():
        exe = {"Quintet, frozen": app_exe, "bare window, frozen": floor_exe}.get(name)
        size = f"{'-':>8} {'-':>6}"  # a build folder's size; none from source
        if exe is not None:
            total, count = folder_size(exe.parent)
            size = f"{total / 1e6:8.1f} {count:6d}"
        if not values:
            print(f"{name:24} {size} no first frame reported ({failed[name]} launches failed)")
            continue
        medians[name] = statistics.median(values)
        note = f"  ({failed[name]} launches failed)" if failed[name] else ""
        print(f"{name:24} {size} {medians[name]:9.3f} {min(values):7.3f} {max(values):7.3f}{note}")
    for how in ("frozen", "source"):
        app, floor = f"Quintet, {how}", f"bare window, {how}"
        if app in medians and floor in medians:
            ratio = medians[app] / medians[floor]
            fastest = min(times[app]) / min(times[floor])
            verdict = "within" if ratio <= GOAL else "OVER"
            print(f"{how}: Quintet takes {ratio:.2f}x the floor's median ({verdict} the {GOAL}x "
                  f"goal), {fastest:.2f}x its fastest launch")
    return 0 if all(not count for count in failed.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
