"""Arena rows tallied from kept records: the same row the arena printed, a stopped run counted."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.tools import arena, tally
from tests.support import examples
from tests.test_arena import _Scripted


def recorded_pairing(folder, game_id, names, games, seed):
    """Play a pairing with `--record` into `folder`; the arena's own report."""
    setup = arena.Setup(record_dir=str(folder))
    return arena.run_pairing(game_id, names, games=games, jobs=1, seed=seed, setup=setup)


@settings(max_examples=examples(8), deadline=None)
@given(game_id=st.sampled_from(["moriarty", "strands", "synch", "tug_of_war",
                                "pulling_strings"]),
       names=st.sampled_from([("random", "greedy"), ("greedy", "random"),
                              ("random", "random")]),
       games=st.integers(1, 3), seed=st.integers(1, 5_000))
def test_a_tally_of_a_recorded_run_is_the_row_the_arena_printed(tmp_path_factory, game_id,
                                                               names, games, seed):
    folder = tmp_path_factory.mktemp("records")
    played = recorded_pairing(folder, game_id, names, games, seed)
    [counted] = tally.tally([folder])
    assert (counted.game_id, counted.names, counted.seeds) == (game_id, names, played.seeds)
    assert counted.line().split("]")[0] == played.line().split("]")[0]  # through the interval
    assert counted.games() == played.games()
    assert counted.declarations() == played.declarations()
    for kept, measured in zip(counted.results, played.results):
        assert (kept.score, kept.decisions, kept.turns) == (measured.score, measured.decisions,
                                                            measured.turns)
        for seat in (0, 1):
            assert kept.think[seat] == pytest.approx(measured.think[seat], abs=1e-4)


def test_runs_of_one_pairing_in_several_folders_make_one_row_in_seed_order(tmp_path):
    recorded_pairing(tmp_path / "later", "tug_of_war", ("random", "greedy"), 2, seed=5)
    recorded_pairing(tmp_path / "first", "tug_of_war", ("random", "greedy"), 2, seed=1)
    [row] = tally.tally([tmp_path / "later", tmp_path / "first"])
    assert row.seeds == (1, 2, 5, 6) and row.elapsed is None
    assert row.line().endswith("      -")


def test_an_older_record_is_read_by_its_file_name(tmp_path):
    """Records kept before the meta named the pairing: the file name tells who came first,
    even where the names hold hyphens and characters a file name may not."""
    played = recorded_pairing(tmp_path, "tug_of_war", ("random", "greedy"), 2, seed=7)
    names = {"random": "hard-but-place-greedy", "greedy": "uct:hard"}
    for path in list(tmp_path.glob("*.json")):
        data = json.loads(path.read_text())
        data["meta"] = {"players": [names[p] for p in data["meta"]["players"]]}
        seed = path.stem.rsplit("-", 1)[1]
        path.unlink()
        (tmp_path / f"tug_of_war-hard-but-place-greedy-v-uct_hard-{seed}.json").write_text(
            json.dumps(data))
    [row] = tally.tally([tmp_path])
    assert row.names == ("hard-but-place-greedy", "uct:hard")
    assert [r.score for r in row.results] == [r.score for r in played.results]
    assert all(r.think == ([], []) for r in row.results) and "-" in row.line()


def test_a_player_against_itself_in_an_older_record_counts_from_seat_0(tmp_path):
    recorded_pairing(tmp_path, "tug_of_war", ("random", "random"), 2, seed=3)
    for path in tmp_path.glob("*.json"):
        data = json.loads(path.read_text())
        data["meta"] = {"players": data["meta"]["players"]}
        path.write_text(json.dumps(data))
    [row] = tally.tally([tmp_path])
    assert row.names == ("random", "random") and len(row.results) == 2


def test_a_game_cut_short_by_a_standoff_is_kept_and_counted_as_the_draw_it_was(tmp_path,
                                                                                monkeypatch):
    monkeypatch.setattr(arena, "make_player",
                        lambda name, other, game_id, seed, setup: _Scripted(name))
    played = arena.play_game("pulling_strings", ("b", "r"), seed=1, first_seat=0,
                             options={"repetition": False},  # the ruling would end it first
                             setup=arena.Setup(standoff=5, record_dir=str(tmp_path)))
    [row] = tally.tally([tmp_path])
    [kept] = row.results
    assert (kept.score, kept.ending) == (0.5, played.ending)
    assert played.ending.startswith("a standoff")


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": "other"}), "\udcff",
                                     "PLAYERS"])
def test_a_file_that_is_no_finished_game_is_named_and_left_out(tmp_path, content, capsys):
    recorded_pairing(tmp_path, "tug_of_war", ("random", "greedy"), 1, seed=1)
    if content == "PLAYERS":  # a finished game whose meta names one seat only
        kept = json.loads(next(tmp_path.glob("*.json")).read_text())
        kept["meta"]["players"] = ["random"]
        content = json.dumps(kept)
    (tmp_path / "broken.json").write_bytes(content.encode("utf-8", "surrogateescape"))
    assert tally.main([str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "skipped" in captured.err and "broken.json" in captured.err
    assert "tug_of_war" in captured.out and "random v greedy" in captured.out


def test_an_unfinished_game_is_left_out(tmp_path, capsys):
    match = arena.Match("tug_of_war", {}, 2)
    arena.write_record(match, ("random", "greedy"), 0, str(tmp_path))
    assert tally.main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "not finished" in err and "no arena records" in err


def test_the_command_line_refuses_a_missing_folder(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        tally.main([str(tmp_path / "nowhere")])
    assert stop.value.code == 2
    assert "no such folder" in capsys.readouterr().err


@settings(max_examples=examples(30), deadline=None)
@given(kept=st.one_of(st.none(), st.integers(), st.text(max_size=3),
                      st.lists(st.lists(st.one_of(st.floats(0, 10), st.booleans(),
                                                  st.text(max_size=2)), max_size=3),
                               max_size=3)))
def test_think_times_read_from_meta_are_numbers_or_none_at_all(kept):
    first, second = tally.think_by_seat(kept)
    assert all(isinstance(t, float) for t in first + second)
    if not (isinstance(kept, list) and len(kept) == 2):
        assert (first, second) == ([], [])
