"""The call-count benchmark: one click's project calls and a bot's move's frames, counted."""
from __future__ import annotations

from scenes.tools import bench_calls


def test_a_click_on_an_end_is_handled_within_its_call_budget(tmp_path):
    counts = bench_calls.click_calls(str(tmp_path))
    total = sum(counts.values())
    # 2,619 before the picker; 1,894 before the looks were kept as pictures; 1,135 before
    # the play screen redrew only what its input changed; 883 before the board kept its
    # layer at rest and a pick stopped redrawing the top bar and the side panel (554 after)
    assert 0 < total <= 600, f"{total} project calls for one click"
    # the click went through the picker, not round the scene's old picking code
    assert any(path.endswith("picker.py") and name == "pick" for path, name in counts)


def test_a_bot_move_is_committed_in_the_frame_its_answer_arrives(tmp_path):
    assert bench_calls.bot_frames(str(tmp_path)) == 1


def test_the_benchmark_prints_its_figures(capsys):
    assert bench_calls.main(["--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "project calls" in out and "frame(s) after its answer arrived" in out
