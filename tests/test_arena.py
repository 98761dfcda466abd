"""The arena command: intervals, percentiles, a pairing's report and the command line."""
from __future__ import annotations

import pytest

from game.tools import arena


def test_wilson_interval_matches_the_textbook_figures():
    low, high = arena.wilson(15, 20)
    assert (round(low, 3), round(high, 3)) == (0.531, 0.888)
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.wilson(20, 20)[1] == 1.0


def test_p95_is_the_nearest_rank():
    assert arena.p95(list(range(1, 101))) == 95
    assert arena.p95([]) == 0.0
    assert arena.p95([0.5]) == 0.5


def test_a_pairing_alternates_seats_and_reports_every_game():
    report = arena.run_pairing("pulling_strings", ("random", "random"), games=4, jobs=1, seed=3)
    assert len(report.results) == 4
    assert all(r.score in (0.0, 0.5, 1.0) and r.decisions > 0 for r in report.results)
    line = report.line()
    assert "random v random" in line and " 4 " in line


def test_games_are_reproducible_from_their_seed():
    first = arena.play_game("tug_of_war", ("random", "random"), seed=5, first_seat=1)
    again = arena.play_game("tug_of_war", ("random", "random"), seed=5, first_seat=1)
    assert (first.score, first.decisions, first.turns) == (again.score, again.decisions,
                                                           again.turns)


@pytest.mark.parametrize("argv", [[], ["strands"], ["chess", "hard", "easy"],
                                  ["strands", "hard", "wizard"], ["--games", "0", "--table"]])
def test_bad_command_lines_exit_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        arena.main(argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err
