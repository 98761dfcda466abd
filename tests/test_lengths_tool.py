"""The lengths table (`python -m game.arena --lengths`): its human-pace model, its rows and
columns, the settings it applies game by game, and the file it writes for the app."""
from __future__ import annotations

import json

import pytest

from game.core import Ending
from game.lengths import typical_minutes
from game.timings import BOT_PAUSE
from game.tools import arena, lengths
from game.tools.lengths import (
    HANDOFF_SECONDS,
    HEADER,
    HOLD_SECONDS,
    HUMAN_SECONDS,
    KIND_HEADS,
    PAIRINGS,
    Spread,
    hot_seat_seconds,
    options_by_game,
    percentile,
    person_seconds,
)
from game.tools.screen_time import Shown

CHEAP = (("random", "random"), ("random", "greedy"))


def test_the_table_covers_every_pairing_of_the_five_players_once():
    assert len(PAIRINGS) == 15 and len(set(PAIRINGS)) == 15
    assert {frozenset(p) for p in PAIRINGS} == {frozenset((a, b)) for a in lengths.LEVELS
                                               for b in lengths.LEVELS}
    assert ("medium", "medium") in PAIRINGS and ("hard", "hard") in PAIRINGS


def test_a_person_against_the_computer_decides_at_the_human_rate_the_bot_at_its_own():
    steps = [Shown(-1, 0.0, False, False, 1.0),  # chance: the dice roll on screen
             Shown(0, 0.0, False, False, 0.5),  # the person's move: 6 s, then 0.5 s shown
             Shown(1, 2.0, False, False, 0.5, holds=True),  # the bot thinks 2 s, a card waits
             Shown(1, 0.1, False, False, 0.2)]  # a quick bot still waits its pause
    expected = 1.0 + (HUMAN_SECONDS + 0.5) + (2.0 + 0.5 + HOLD_SECONDS) + (BOT_PAUSE + 0.2)
    assert person_seconds(steps) == pytest.approx(expected)
    # a bot measured at a fifth of its budget thinks five times as long in the app
    assert person_seconds(steps, 5.0) == pytest.approx(expected + 4 * 2.0 + (0.5 - BOT_PAUSE))


def test_a_simultaneous_turn_takes_the_longer_of_the_two_choices_not_both():
    quick_bot = [Shown(1, 1.0, True, True, 0.0), Shown(0, 0.0, True, False, 3.0)]
    slow_bot = [Shown(0, 0.0, True, True, 0.0), Shown(1, 9.0, True, False, 3.0)]
    assert person_seconds(quick_bot) == pytest.approx(HUMAN_SECONDS + 3.0)
    assert person_seconds(slow_bot) == pytest.approx(9.0 + 3.0)
    # two people at one screen take turns: both decide, each after a hand-off, then a hold
    assert hot_seat_seconds(quick_bot) == pytest.approx(
        2 * (HUMAN_SECONDS + HANDOFF_SECONDS) + 3.0 + HOLD_SECONDS)


def test_spreads_are_nearest_rank_percentiles():
    values = list(range(1, 11))
    assert percentile(values, 0.9) == 9 and percentile(values, 1.0) == 10
    assert percentile([], 0.9) == 0.0
    spread = Spread.of([3, 1, 2, 10])
    assert (spread.median, spread.p90, spread.most) == (2.5, 10, 10)


def test_a_setting_applies_to_the_games_that_have_it_and_an_unknown_one_is_refused():
    options = options_by_game(["pulling_strings", "synch"], {"repetition": False,
                                                             "no_claim": False})
    assert options == {"pulling_strings": {"repetition": False}, "synch": {"no_claim": False}}
    with pytest.raises(ValueError, match="nosuch"):
        options_by_game(["strands"], {"nosuch": 1})


def rows_of(text: str) -> list[list[str]]:
    """The table's rows, split into cells, from the command's output."""
    return [line.split() for line in text.splitlines()
            if line.split()[:1] and line.split()[0] in ("pulling_strings", "synch")]


def test_a_tiny_run_prints_a_row_a_pairing_whose_shares_sum_to_all_and_spreads_are_ordered(
        capsys, tmp_path):
    written = tmp_path / "lengths.json"
    rows = lengths.measure(["pulling_strings", "synch"], 2, 1, 5, arena.Setup(0.05, clock="cpu"),
                           {"repetition": False}, write=written, command="test", pairs=CHEAP)
    out = capsys.readouterr().out
    assert "6 s a person's decision" in out and "repetition=False" in out
    header = [line for line in out.splitlines() if line.startswith("game ")][0]
    for head in ("person", "comp.", *KIND_HEADS, "median"):
        assert head in header
    assert len(rows) == 4 and len(rows_of(out)) == 4
    for row, cells in zip(rows, rows_of(out)):
        assert row.games == 2 and list(row.names) == [cells[1], cells[3]]
        assert sum(row.shares.values()) == pytest.approx(1.0)
        shown = [float(c.rstrip("%")) for c in cells[11:16]]
        assert sum(shown) == pytest.approx(100, abs=3)  # the columns, each rounded
        for spread in (row.turns, row.decisions, row.minutes):
            assert 0 < spread.median <= spread.p90 <= spread.most
        assert row.minutes.median * 60 > row.decisions.median / 2 * HUMAN_SECONDS * 0.9
        assert row.hot_seat.median >= row.minutes.median
    # Synch's move limit and Pulling Strings' turn limit are the only backstops: a random game
    # ends by play, a limit, or Synch's own no-claim ruling, never by agreement
    assert all(row.shares[Ending.AGREED] == 0 for row in rows)
    # the cheap pairings are not the file's: the file is written with no game in it
    assert json.loads(written.read_text())["games"] == {}
    assert len(HEADER.splitlines()) == 2


def test_write_keeps_the_median_of_the_typical_pairings_and_other_games_entries(tmp_path):
    path = tmp_path / "lengths.json"
    lengths.write_lengths({"strands": 9.0}, {"strands": {"command": "one"}}, path)
    lengths.write_lengths({"synch": 12.5}, {"synch": {"command": "two"}}, path)
    assert typical_minutes(path.read_text()) == {"strands": 9.0, "synch": 12.5}
    data = json.loads(path.read_text())
    assert data["games"]["strands"]["command"] == "one"
    # a corrupt file is replaced, not a reason to fail
    path.write_text("{not json")
    lengths.write_lengths({"moriarty": 20.0}, {}, path)
    assert typical_minutes(path.read_text()) == {"moriarty": 20.0}


def test_typical_minutes_are_the_median_over_the_typical_pairings_games_only():
    def report(names, seconds):
        results = [arena.GameResult(0.5, 2, 1, ([], []), shown=(Shown(-1, 0, False, False, s),))
                   for s in seconds]
        return arena.PairingReport("strands", names, results, None)
    reports = [report(("greedy", "medium"), [60, 120]), report(("medium", "medium"), [180]),
               report(("hard", "hard"), [6000, 6000, 6000])]
    assert lengths.typical_minutes(reports, 1.0) == {"strands": 2.0}


def test_the_arena_command_takes_lengths_and_refuses_an_unknown_game(capsys):
    with pytest.raises(SystemExit):
        lengths.main(["--lengths", "--only", "nosuch"])
    assert "unknown game 'nosuch'" in capsys.readouterr().err
    assert lengths.main(["--lengths", "--only", "strands", "--set", "no_claim=false"]) == 1
    assert "no game here has the option 'no_claim'" in capsys.readouterr().err
