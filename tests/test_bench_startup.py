"""The start-up benchmark's arithmetic and report (the builds themselves are CI's, .ci/run)."""
from __future__ import annotations

import pytest

from scenes.tools import bench_startup
from scenes.tools.bench_startup import GOAL, PAIRS, executable, folder_size, report


def test_the_report_gives_sizes_and_each_ratio_to_the_floor_built_the_same_way(capsys):
    times = {name: [(1.0, 0.5), (1.2, 0.6), (5.0, 0.7)] for pair in PAIRS.values()
             for name in pair}
    times["Quintet, python -m game"] = [(1.0, 0.5), (1.2, 0.6), (5.0, 0.7)]
    times["Quintet, folder"] = [(1.1, 0.6), (1.3, 0.7), (1.5, 0.8)]  # median 1.3 against 1.2
    times["Quintet, one file"] = [(2.0, 0.5), (2.0, 0.5), (2.0, 0.5)]  # 2.0 against 1.2
    sizes = {"Quintet, folder": (31_500_000, 123), "bare window, folder": (26_500_000, 87)}
    report(times, dict.fromkeys(times, 0), sizes)
    out = capsys.readouterr().out
    assert "Quintet, folder" in out and "    31.5    123" in out
    # the pairs: 1.1/1.0, 1.3/1.2, 1.5/5.0 -> median 1.08
    assert (f"folder: the median of 3 pairs' ratios is 1.08x the floor (within the {GOAL}x goal;"
            f" pairs 0.30-1.10x); medians 1.08x, fastest launches 1.10x, processor time 1.17x; "
            f"size 1.19x") in out
    assert "one file: the median of 3 pairs' ratios is 1.67x the floor (OVER the" in out
    assert "source: the median of 3 pairs' ratios is 1.00x the floor (within" in out


def test_a_target_that_never_showed_a_frame_says_so(capsys):
    times = {"Quintet, folder": [], "bare window, folder": [(0.3, 0.2)]}
    report(times, {"Quintet, folder": 3, "bare window, folder": 0}, {})
    out = capsys.readouterr().out
    assert "no first frame reported  (3 launches failed)" in out
    assert "folder: Quintet starts" not in out  # no ratio without figures


def test_builds_land_where_pyinstaller_puts_them(tmp_path):
    suffix = bench_startup.SUFFIX
    assert executable(tmp_path, "Quintet") == tmp_path / "Quintet" / f"Quintet{suffix}"
    assert executable(tmp_path, "Quintet-onefile") == tmp_path / f"Quintet-onefile{suffix}"
    (tmp_path / "Quintet" / "_internal").mkdir(parents=True)
    (tmp_path / "Quintet" / "Quintet").write_bytes(b"x" * 10)
    (tmp_path / "Quintet" / "_internal" / "lib.so").write_bytes(b"x" * 5)
    assert folder_size(tmp_path / "Quintet") == (15, 2)
    assert folder_size(tmp_path / "Quintet" / "Quintet") == (10, 1)


def test_reuse_needs_the_folder_the_builds_were_kept_in(capsys):
    with pytest.raises(SystemExit) as stop:
        bench_startup.main(["--reuse"])
    assert stop.value.code == 2 and "--reuse needs --out" in capsys.readouterr().err



def test_python_m_game_is_compared_with_the_quintet_command(capsys):
    times = {"Quintet, source": [(0.5, 0.2), (0.6, 0.2)],
             "Quintet, python -m game": [(0.5, 0.2), (0.9, 0.2)]}
    report(times, dict.fromkeys(times, 0), {})
    out = capsys.readouterr().out
    assert "python -m game: the median of 2 pairs' ratios is 1.25x the quintet command (SLOWER" \
        in out


def test_launches_alternate_which_of_a_pair_goes_first(monkeypatch):
    order = []
    monkeypatch.setattr(bench_startup, "first_frame",
                        lambda command, env: order.append(command[0]) or (1.0, 0.5))
    bench_startup.time_launches({"a": ["a"], "b": ["b"]}, {}, 3)
    assert order == ["a", "b", "a", "b", "b", "a", "a", "b"]  # untimed first, then turns
