"""The rules fuzzer (`python -m game.tools.fuzz`): a brief run passes, and a failure is reported
with a record that reproduces it."""
from __future__ import annotations

import json

import pytest

from game import GAMES, get_game
from game.tools import invariants
from game.tools.fuzz import fuzz_game, main, random_options, replay
from game.record import load_record
from game.rules import strands


def _rows(out: str) -> dict[str, list[str]]:
    """The report's table: each game's row after its name."""
    return {line.split()[0]: line.split()[1:] for line in out.splitlines()
            if line[:1].strip() and line.split()[0] in GAMES}


def test_a_brief_run_plays_every_game_and_finds_nothing(capsys, tmp_path):
    assert main(["--games", "2", "--seed", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    rows = _rows(out)
    assert list(rows) == list(GAMES)
    for games, transitions, _, failures in rows.values():
        assert games == "2" and int(transitions.replace(",", "")) > 0 and failures == "0"
    assert "no failures" in out and not list(tmp_path.iterdir())


def test_a_planted_failure_is_reported_with_a_reproducing_record(capsys, tmp_path,
                                                                 monkeypatch):
    real = invariants.check_step

    def planted(before, step, where):
        real(before, step, where)
        if where.startswith("strands step 5 "):
            raise invariants.InvariantError(f"{where}: planted fault")
    monkeypatch.setattr(invariants, "check_step", planted)
    assert main(["--games", "2", "--seed", "3", "--games-only", "strands",
                 "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.count("FAIL strands seed") == 2 and "planted fault" in out
    assert _rows(out)["strands"][-1] == "2"
    paths = sorted(tmp_path.iterdir())
    assert len(paths) == 2 and all(str(p) in out for p in paths)
    record = load_record(paths[0].read_text())
    assert record.game == "strands" and len(record.entries) == 5
    assert paths[0].name == f"strands-{record.seed}.json"
    found = record.meta["fuzz"]
    assert found["seed"] == record.seed and "planted fault" in found["error"]
    assert "next" not in found  # the faulty step applied: it is the record's last move
    assert "planted fault" in replay(paths[0])
    assert main(["--replay", str(paths[0])]) == 1
    monkeypatch.undo()
    assert replay(paths[0]) is None
    assert main(["--replay", *map(str, paths)]) == 0
    assert capsys.readouterr().out.count("every check holds") == 2


def test_a_crash_while_applying_keeps_the_move_that_crashed(tmp_path, monkeypatch):
    real = strands.StrandsState._apply_decision

    def crashing(self, move):
        if self.turn_number == 3:
            raise ZeroDivisionError("planted crash")
        return real(self, move)
    monkeypatch.setattr(strands.StrandsState, "_apply_decision", crashing)
    transitions, failure = fuzz_game("strands", 11, tmp_path)
    assert "ZeroDivisionError: planted crash" in failure
    data = json.loads((tmp_path / "strands-11.json").read_text())
    assert len(data["moves"]) == transitions and data["meta"]["fuzz"]["next"].startswith("0:")
    assert "planted crash" in replay(tmp_path / "strands-11.json")


def test_a_game_is_reproduced_by_its_seed(tmp_path):
    assert fuzz_game("tug_of_war", 5, tmp_path) == fuzz_game("tug_of_war", 5, tmp_path)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_options_are_valid_and_varied(game_id):
    import random
    spec = get_game(game_id)
    drawn = [random_options(spec, random.Random(seed)) for seed in range(40)]
    for options in drawn:
        assert dict(spec.resolve_options(options)) == options
    for option in spec.options:
        assert len({options[option.name] for options in drawn}) >= 2, option.name


def test_a_timed_run_shares_the_time(capsys, tmp_path):
    assert main(["--minutes", "0.02", "--seed", "1", "--games-only", "synch", "moriarty",
                 "--out", str(tmp_path)]) == 0
    rows = _rows(capsys.readouterr().out)
    assert list(rows) == ["synch", "moriarty"] and all(int(r[0]) >= 1 for r in rows.values())


@pytest.mark.parametrize("argv", [["--games", "0"], ["--minutes", "0"], ["--games-only", "chess"],
                                  ["--games", "1", "--minutes", "1"], ["--seed", "x"]])
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and "error" in capsys.readouterr().err
