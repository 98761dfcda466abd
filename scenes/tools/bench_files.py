"""Hostile-file benchmark: `python -m scenes.tools.bench_files`.

How long the frame loop is held up by files far larger or more numerous than real ones, in the
real app (headless unless a display is given). It fills a temporary records folder with many real
records, damaged ones, one just under the size limit and one of 50 MB (written out, not sparse),
opens the Records screen, runs frames at 60 per second while the folder is read in the
background, opens the largest files, and prints the longest frame and the 99th percentile. Then
the start-up with a 50 MB settings file beside the start-up with a normal one. The figures are
printed, not judged: the README quotes them.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

FRAME = 1 / 60


def make_folder(root: Path, records: int, damaged: int, giant_mb: int) -> dict[str, Path]:
    """The records folder: real records, damaged ones, a near-limit one and a giant."""
    from game.match import Match, RandomPlayer, play_out
    from scenes.store.records import SIZE_LIMIT, RecordFolder, record_meta
    folder = RecordFolder(root)
    for index in range(records):
        match = Match(("strands", "synch", "tug_of_war", "moriarty")[index % 4], seed=index)
        play_out(match, [RandomPlayer(index), RandomPlayer(index + 1)])
        folder.add(match.record(record_meta(("human", "bot:easy"), "2024-01-01T10:00:00",
                                            ended="2024-01-01T10:20:00")), f"game-{index}")
    for index in range(damaged):
        (folder.folder / f"damaged-{index}.json").write_text('{"format": "quintet-rec')
    match = Match("synch", seed=1)
    play_out(match, [RandomPlayer(1), RandomPlayer(2)])
    data = match.record().to_json()
    data["meta"] = {"note": ""}
    padding = SIZE_LIMIT - len(json.dumps(data)) - 100
    data["meta"] = {"note": "x" * padding}
    near = folder.folder / "near-the-limit.json"
    near.write_text(json.dumps(data))
    giant = folder.folder / "giant.json"
    with open(giant, "w", encoding="utf-8") as out:
        out.write('{"format": "quintet-record", "version": 1, "meta": {"note": "')
        chunk = "y" * 1_000_000
        for _ in range(giant_mb):
            out.write(chunk)
        out.write('"}}')
    return {"near": near, "giant": giant}


def frames_until(app, ready, limit: float = 120.0) -> list[float]:
    """Run frames as the app's loop does (60 a second) until `ready()`; each frame's seconds."""
    times = []
    deadline = time.monotonic() + limit
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError("the screen never finished its work")
        started = time.perf_counter()
        app.tick(FRAME)
        spent = time.perf_counter() - started
        times.append(spent)
        time.sleep(max(0.0, FRAME - spent))
    return times


def describe(label: str, times: list[float]) -> str:
    """One line of frame-time figures: how many frames, the median, p99 and the slowest."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{label}: {len(times)} frames, {len(times) * FRAME:.2f} s of frames; frame p50 "
            f"{statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms")


def records_screen(root: Path, files: dict[str, Path]) -> None:
    """The Records screen reading the folder, then opening the giant and the near-limit file."""
    import pygame

    from scenes.routes import ROUTES
    from scenes.screens.records_view import RecordsScene
    from scenes.shell.app import App
    from scenes.store.data_folder import DataFolder
    from scenes.store.settings import SettingsStore

    app = App((1280, 720), store=SettingsStore(root / "settings.json"), fullscreen=False,
              kiosk=False, routes=ROUTES, data=DataFolder(root))
    app.settings.muted = True
    app.stack.push(app.first_scene())
    app.tick(FRAME)
    app.go("records")
    app.tick(FRAME)
    scene = app.stack.top
    assert isinstance(scene, RecordsScene), "the records screen did not open"
    started = time.perf_counter()
    times = frames_until(app, lambda: scene.reading is None)
    print(describe(f"listing {len(scene.rows)} record files "
                   f"({time.perf_counter() - started:.2f} s in the background)", times))
    first = True  # the first replay of a session also loads the replay screen's code
    for path in (files["near"], files["near"], files["giant"]):
        row = next(r for r in scene.rows if r.summary is not None and r.summary.path == path)
        if row.problem:
            print(f"  {path.name} ({path.stat().st_size / 1e6:.1f} MB): listed as "
                  f"'{row.problem.split(' (')[0]}'")
        scene.replay(row)
        times = frames_until(app, lambda: scene.opening is None)
        app.tick(FRAME)
        if app.stack.top is scene:
            what = f"refused: {scene.message[:90]}"
        else:
            what = "opened" + (", the session's first replay" if first else "")
            first = False
        print(describe(f"  opening {path.name} ({what})", times))
        if app.stack.top is not scene:
            app.stack.pop()
            app.tick(FRAME)
    pygame.quit()


def start_up(root: Path, settings_mb: int) -> None:
    """App start-up with a normal settings file and with a giant one."""
    import pygame

    from scenes.routes import ROUTES
    from scenes.shell.app import App
    from scenes.store.settings import SettingsStore

    normal, giant = root / "normal.json", root / "giant-settings.json"
    normal.write_text(json.dumps({"volume": 0.5}))
    with open(giant, "w") as out:
        out.write('{"volume": 0.5, "note": "')
        out.write("z" * (settings_mb * 1_000_000))
        out.write('"}')
    for label, path in (("normal settings", normal), (f"{settings_mb} MB settings", giant)):
        started = time.perf_counter()
        app = App((800, 500), store=SettingsStore(path), fullscreen=False, kiosk=False,
                  routes=ROUTES)
        spent = time.perf_counter() - started
        print(f"start-up with {label}: {spent * 1000:.0f} ms"
              + (f" ({app.notices[0][:100]}...)" if app.notices else ""))
        pygame.quit()


def main() -> None:
    """Build the folders, run the screens, print the figures."""
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-files-"):  # never the player's own folders
        _run()


def _run() -> None:
    """The run itself, in folders of its own."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200, help="real records (200)")
    parser.add_argument("--damaged", type=int, default=20, help="damaged records (20)")
    parser.add_argument("--giant", type=int, default=50, help="the giant's megabytes (50)")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="quintet-bench-files-") as folder:
        root = Path(folder)
        files = make_folder(root, args.records, args.damaged, args.giant)
        records_screen(root, files)
        start_up(root, args.giant)


if __name__ == "__main__":
    main()
