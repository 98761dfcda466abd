"""The benchmark command runs and prints its table (figures are for reading, not asserting)."""
from __future__ import annotations

import pytest

from game.tools import bench


def test_bench_prints_a_row_per_game(capsys):
    assert bench.main(["--seconds", "0.05", "--repeat", "2", "strands", "tug_of_war"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "games/s" in out[1] and "transitions/s" in out[1]
    assert [line.split()[0] for line in out[2:]] == ["strands", "tug_of_war"]


def test_bench_profile_names_the_engine_functions(capsys):
    assert bench.main(["--seconds", "0.05", "--profile", "pulling_strings"]) == 0
    assert "pulling_strings.py" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["chess"], ["--seconds", "0"], ["--seconds", "x"],
                                  ["--repeat", "0"]])
def test_bench_refuses_bad_arguments(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench.main(argv)
    assert exit_.value.code == 2
    assert "error" in capsys.readouterr().err
