"""Saved games on disk: JSON round trips, and every kind of bad save named, kept and skipped."""
from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings, strategies as st

from game.match import Match
from scenes.store.saves import SavedGame, SaveFolder, new_game_id
from scenes.store.storage import FileProblem
from tests.support import carries, examples


def saved_strands(moves=("c3",)) -> SavedGame:
    match = Match("strands", {"side": 5}, seed=3)
    for text in moves:
        match.play(text)
    return SavedGame(new_game_id("strands"), match.record(), ("human", "bot:hard"),
                     "2024-05-01T10:00:00")


def good_json(saved: SavedGame | None = None) -> dict:
    return (saved or saved_strands()).to_json()


def test_a_save_round_trips_and_is_plain_json(tmp_path):
    folder = SaveFolder(tmp_path)
    saved = saved_strands()
    path = folder.write(saved)
    data = json.loads(path.read_text())
    assert data["format"] == "quintet-save" and data["version"] == 1
    assert data["controllers"] == ["human", "bot:hard"]
    assert data["record"]["format"] == "quintet-record" and data["record"]["moves"] == ["0:c3"]
    back = folder.read(path)
    assert back.record.entries == saved.record.entries
    assert back.controllers == saved.controllers and back.id == saved.id
    carries(back.describe(), "Strands", "Hard", "turn 2")


@settings(max_examples=examples(30), deadline=None)
@given(hints=st.sampled_from([None, True, False]), used=st.integers(0, 500))
def test_the_hints_choice_and_count_round_trip(tmp_path_factory, hints, used):
    folder = SaveFolder(tmp_path_factory.mktemp("saves"))
    saved = dataclasses.replace(saved_strands(), hints=hints,
                                hints_used=used if hints is not None else 0)
    back = folder.read(folder.write(saved))
    assert (back.hints, back.hints_used) == (saved.hints, saved.hints_used)
    data = json.loads(folder.path_for(saved.id).read_text())
    assert ("hints" in data) is (hints is not None)  # no choice: the old form, no field


def test_scan_lists_the_latest_save_first(tmp_path):
    folder = SaveFolder(tmp_path)
    older, newer = saved_strands(), saved_strands(("c3", "a1"))
    folder.write(older)
    data = good_json(newer)
    data["saved"] = "2999-01-01T00:00:00"
    folder.path_for(newer.id).write_text(json.dumps(data))
    games, messages = folder.scan()
    assert [g.id for g in games] == [newer.id, older.id] and messages == []


def edited(change) -> dict:
    data = good_json()
    change(data)
    return data


BAD_SAVES = {
    "truncated": (lambda: json.dumps(good_json())[:60], "cut short"),
    "corrupt": (lambda: "\x00\x01 not json at all", "damaged"),
    "empty": (lambda: "", "is empty"),
    "a list": (lambda: "[1, 2, 3]", "JSON object was expected"),
    "another file": (lambda: json.dumps({"format": "quintet-stats", "version": 1}),
                     "is not a Quintet saved game"),
    "newer version": (lambda: json.dumps(edited(lambda d: d.update(version=2))),
                      "newer Quintet (version 2"),
    "bad controllers": (lambda: json.dumps(edited(lambda d: d.update(controllers=["human"]))),
                        "bad controllers"),
    "unknown bot": (lambda: json.dumps(edited(lambda d: d.update(controllers=["human",
                                                                              "bot:genius"]))),
                    "unknown controller 'bot:genius'"),
    "bad time": (lambda: json.dumps(edited(lambda d: d.update(started=5))), "bad started time"),
    "no record": (lambda: json.dumps(edited(lambda d: d.pop("record"))), "no record"),
    "bad hints": (lambda: json.dumps(edited(lambda d: d.update(hints="yes"))),
                  "bad hints setting 'yes'"),
    "bad hints count": (lambda: json.dumps(edited(lambda d: d.update(hints=True,
                                                                     hints_used=-1))),
                        "bad count of hints used -1"),
    "wrong seed type": (lambda: json.dumps(edited(lambda d: d["record"].update(seed="x"))),
                        "record seed: expected a whole number"),
    "moves not a list": (lambda: json.dumps(edited(lambda d: d["record"].update(moves="0:c3"))),
                         "record moves: must be a list"),
    "illegal move": (lambda: json.dumps(edited(lambda d: d["record"]["moves"].append("1:c3"))),
                     "record moves[1] '1:c3'"),
    "unknown game": (lambda: json.dumps(edited(lambda d: d["record"].update(game="chess"))),
                     "record game:"),
}


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_a_bad_save_is_named_kept_aside_and_skipped(tmp_path, case):
    make, words = BAD_SAVES[case]
    folder = SaveFolder(tmp_path)
    good = saved_strands()
    folder.write(good)
    bad = folder.path_for("20240101-000000-strands-bad")
    content = make()
    bad.write_text(content, encoding="utf-8")
    games, messages = folder.scan()
    assert [g.id for g in games] == [good.id]  # the good save still continues
    assert len(messages) == 1 and str(bad) in messages[0] and words in messages[0], messages
    kept = list(folder.folder.glob(bad.name + ".bad-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert folder.scan() == ([g for g in games], [])  # said once: the file is out of the way


def test_a_save_that_vanished_is_named(tmp_path):
    folder = SaveFolder(tmp_path)
    with pytest.raises(FileProblem, match="is missing"):
        folder.read(folder.path_for("gone"))


def test_remove_forgets_a_finished_game(tmp_path):
    folder = SaveFolder(tmp_path)
    saved = saved_strands()
    folder.write(saved)
    folder.remove(saved.id)
    folder.remove(saved.id)  # twice is harmless
    assert folder.scan() == ([], [])
