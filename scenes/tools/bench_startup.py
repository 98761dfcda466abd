"""Start-up benchmark: `python -m scenes.tools.bench_startup`.

Builds Quintet with build.spec and, as the floor to compare with, a bare pygame-ce window
(packaging/bare_window.py: open a window, present one frame) from the same spec, so with every
option the same (stripped, windowed, the same modules left out), each both as a folder (the
default build) and as one file (QUINTET_ONEFILE=1). Then it launches every build, and Quintet
and the floor from source (the `quintet` command's entry point, and `python -m game`), several
times in turn, each a fresh process with fresh settings, and prints the seconds from launch to
the first frame on screen (median, min, max), the processor seconds used by then (steadier on a
busy machine; a one-file build's unpacking, done by its launcher process, is not in them), each
build's size and file count, and Quintet's ratios to the floor built the same way: the goal
(at most 1.2x) is judged on the median of the pairs' ratios, each Quintet launch over the floor's
launch beside it (the two run one after the other, in alternating order, under the same load),
and `python -m game` is compared with the `quintet` command the same way. `--only folder source`
times only those (and builds only the folder builds). The builds go
to a temporary folder removed at the end (unless --out names a folder to keep them in); one-file
launches unpack into a temporary folder of their own, checked to be empty at the end. Run it
under Xvfb (or on a desktop) for a real window:
`xvfb-run -a -s "-screen 0 1280x720x24" python3 -m scenes.tools.bench_startup`.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scenes.selftest import USER_FOLDERS

ROOT = Path(__file__).resolve().parents[2]
FLOOR_SCRIPT = ROOT / "packaging" / "bare_window.py"
# what the `quintet` command runs (pyproject's console script), without needing it installed
QUINTET_COMMAND = "import sys; from scenes.main import main; sys.exit(main())"
GOAL = 1.2  # Quintet may take at most this many times the floor's start-up
SUFFIX = ".exe" if sys.platform == "win32" else ""
# build name -> (QUINTET_BUILD_FLOOR, QUINTET_ONEFILE) for build.spec
BUILDS = {"Quintet": ("0", "0"), "bare_window": ("1", "0"),
          "Quintet-onefile": ("0", "1"), "bare_window-onefile": ("1", "1")}
# how each pair is shown and compared: (Quintet's target, the floor's target); the targets of a
# pair are launched one after the other, in alternating order, so each launch has a partner
# launched under the same load, and the goal is judged on the median of the pairs' ratios
PAIRS = {"folder": ("Quintet, folder", "bare window, folder"),
         "one file": ("Quintet, one file", "bare window, one file"),
         "source": ("Quintet, source", "bare window, source"),
         "python -m game": ("Quintet, python -m game", "Quintet, source")}
# what the second of a pair is, in the report
AGAINST = {"python -m game": "the quintet command"}
# --only: which pairs' targets to launch
GROUPS = {"folder": ("Quintet, folder", "bare window, folder"),
          "onefile": ("Quintet, one file", "bare window, one file"),
          "source": ("Quintet, source", "bare window, source", "Quintet, python -m game")}


def folder_size(path: Path) -> tuple[int, int]:
    """Bytes and number of files of a build (a folder, or one file)."""
    if path.is_file():
        return path.stat().st_size, 1
    files = [item for item in path.rglob("*") if item.is_file() and not item.is_symlink()]
    return sum(item.stat().st_size for item in files), len(files)


def build(name: str, dist: Path, work: Path) -> Path:
    """Build one of BUILDS with build.spec; the executable (PyInstaller's output if it fails)."""
    floor, onefile = BUILDS[name]
    env = dict(os.environ, QUINTET_BUILD_FLOOR=floor, QUINTET_ONEFILE=onefile)
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath",
                           str(dist), "--workpath", str(work / name), "build.spec"], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"PyInstaller failed to build {name}")
    return executable(dist, name)


def executable(dist: Path, name: str) -> Path:
    """Where a build's executable lands under dist."""
    return dist / (name + SUFFIX) if name.endswith("-onefile") else dist / name / (name + SUFFIX)


def first_frame(command: list[str], env: dict[str, str]) -> tuple[float, float] | None:
    """Seconds from launching `command` to its report of the first frame, and the processor
    seconds it had used by then (None if no report came)."""
    env = dict(env, QUINTET_LAUNCHED_AT=repr(time.time()))
    try:
        out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
    except subprocess.TimeoutExpired:
        return None
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            wall, cpu = line.split()[1:3]
            return float(wall), float(cpu)
    return None


def time_launches(targets: dict[str, list[str]], env: dict[str, str],
                  launches: int) -> tuple[dict[str, list[tuple[float, float]]], dict[str, int]]:
    """Launch every target `launches` times, in turn; the (wall, processor) seconds of each
    launch, and the failures."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in targets}
    failed = dict.fromkeys(targets, 0)
    for command in targets.values():
        first_frame(command, env)  # untimed: writes the bytecode caches, reads the files in
    order = list(targets)
    for launch in range(launches):  # in turn, so a change in the machine's load hits all alike;
        # every other round backwards, so neither of a pair always goes first
        for name in order if launch % 2 == 0 else order[::-1]:
            seconds = first_frame(targets[name], env)
            if seconds is None:
                failed[name] += 1
            else:
                times[name].append(seconds)
    return times, failed


def pair_ratios(app: list[tuple[float, float]], floor: list[tuple[float, float]]
                ) -> list[float]:
    """Each launch's seconds over its partner's (the launches of one round, side by side)."""
    return [mine[0] / theirs[0] for mine, theirs in zip(app, floor) if theirs[0] > 0]


def report(times: dict[str, list[tuple[float, float]]], failed: dict[str, int],
           sizes: dict[str, tuple[int, int]]) -> None:
    """Print the table of sizes and launch times, then Quintet's ratios to the floor."""
    print(f"{'':24} {'size MB':>8} {'files':>6} {'median s':>9} {'min s':>7} {'max s':>7} "
          f"{'cpu s':>7}")
    for name, values in times.items():
        size = f"{'-':>8} {'-':>6}"
        if name in sizes:
            size = f"{sizes[name][0] / 1e6:8.1f} {sizes[name][1]:6d}"
        note = f"  ({failed[name]} launches failed)" if failed[name] else ""
        if not values:
            print(f"{name:24} {size} no first frame reported{note}")
            continue
        walls = [wall for wall, _ in values]
        cpu = statistics.median(cpu for _, cpu in values)
        print(f"{name:24} {size} {statistics.median(walls):9.3f} {min(walls):7.3f} "
              f"{max(walls):7.3f} {cpu:7.3f}{note}")
    for how, (app, floor) in PAIRS.items():
        if not (times.get(app) and times.get(floor)):
            continue
        paired = {name: [wall for wall, _ in times[name]] for name in (app, floor)}
        cpus = {name: statistics.median(cpu for _, cpu in times[name]) for name in (app, floor)}
        ratio = statistics.median(paired[app]) / statistics.median(paired[floor])
        fastest = min(paired[app]) / min(paired[floor])
        size = ""
        if app in sizes and floor in sizes:
            size = f"; size {sizes[app][0] / sizes[floor][0]:.2f}x"
        pairs = pair_ratios(times[app], times[floor])
        against = AGAINST.get(how, "the floor")
        if how in AGAINST:
            goal = "as fast" if statistics.median(pairs) <= 1.05 else "SLOWER"
        else:
            goal = "within" if statistics.median(pairs) <= GOAL else "OVER"
            goal += f" the {GOAL}x goal"
        print(f"{how}: the median of {len(pairs)} pairs' ratios is {statistics.median(pairs):.2f}x"
              f" {against} ({goal}; pairs {min(pairs):.2f}-{max(pairs):.2f}x); medians "
              f"{ratio:.2f}x, fastest launches {fastest:.2f}x, processor time "
              f"{cpus[app] / cpus[floor]:.2f}x{size}")


def main(argv=None) -> int:
    """Build, launch and print the start-up figures; leave no temporary folder behind."""
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-startup-"):  # never the player's own folders
        return _run(argv)


def _run(argv=None) -> int:
    """The run itself, in folders of its own."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_startup",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=15, help="launches timed per target")
    parser.add_argument("--out", type=Path,
                        help="build into this folder and keep the builds (default: a temporary "
                             "folder, removed at the end)")
    parser.add_argument("--only", nargs="+", choices=list(GROUPS),
                        help="time only these (default: all): the folder builds, the one-file "
                             "builds, from source (quintet, python -m game, the bare window)")
    parser.add_argument("--reuse", action="store_true",
                        help="with --out: time the builds already there instead of building anew")
    args = parser.parse_args(argv)
    if args.reuse and args.out is None:
        parser.error("--reuse needs --out: the folder the builds were kept in")
    scratch = Path(tempfile.mkdtemp(prefix="quintet-bench-"))  # removed whatever happens
    try:
        return run(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run(args: argparse.Namespace, scratch: Path) -> int:
    """The benchmark proper, with every temporary file under `scratch`."""
    out = args.out or scratch / "builds"
    dist, work = out / "dist", out / "work"
    groups = args.only or list(GROUPS)
    needed = [name for name in BUILDS
              if ("folder" in groups and not name.endswith("-onefile"))
              or ("onefile" in groups and name.endswith("-onefile"))]
    exes = {name: executable(dist, name) for name in BUILDS}
    if needed and not (args.reuse and all(exes[name].exists() for name in needed)):
        print(f"building {', '.join(needed)} with build.spec...", flush=True)
        exes.update({name: build(name, dist, work) for name in needed})
    unpack = scratch / "tmp"  # where one-file builds unpack, to see that they clean up
    unpack.mkdir()
    env = dict(os.environ, **{name: str(scratch / name.lower()) for name in USER_FOLDERS})
    env.update(TMPDIR=str(unpack), TEMP=str(unpack), TMP=str(unpack))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    # from source as a player runs it: with cached bytecode (pip writes it at install; without
    # it every launch compiles the project's modules anew)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run_app = ["--seconds", "0.3", "--report-first-frame"]
    targets = {
        "Quintet, folder": [str(exes["Quintet"]), *run_app],
        "bare window, folder": [str(exes["bare_window"])],
        "Quintet, one file": [str(exes["Quintet-onefile"]), *run_app],
        "bare window, one file": [str(exes["bare_window-onefile"])],
        "Quintet, source": [sys.executable, "-c", QUINTET_COMMAND, *run_app],
        "Quintet, python -m game": [sys.executable, "-m", "game", *run_app],
        "bare window, source": [sys.executable, str(FLOOR_SCRIPT)],
    }
    if args.only:
        wanted = {name for group in args.only for name in GROUPS[group]}
        targets = {name: command for name, command in targets.items() if name in wanted}
    builds = {"Quintet, folder": "Quintet", "bare window, folder": "bare_window",
              "Quintet, one file": "Quintet-onefile",
              "bare window, one file": "bare_window-onefile"}
    sizes = {target: folder_size(exes[name] if name.endswith("-onefile") else exes[name].parent)
             for target, name in builds.items() if name in needed}
    times, failed = time_launches(targets, env, args.launches)
    video = env.get("SDL_VIDEODRIVER") or ("x11" if env.get("DISPLAY") else "default")
    print(f"launch to first frame: {args.launches} fresh processes each, in turn, after one "
          f"untimed launch; video {video}, audio {env['SDL_AUDIODRIVER']}")
    report(times, failed, sizes)
    left = sorted(path.name for path in unpack.iterdir())
    print(f"temporary folders the one-file launches left behind: {', '.join(left) or 'none'}")
    if args.out is None:
        print("builds removed (--out DIR keeps them)")
    return 0 if not left and all(not count for count in failed.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
