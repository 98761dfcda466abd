"""Game records: JSON round trips, exact replays, and clear errors for every kind of bad record."""
from __future__ import annotations

import json

import pytest

from game import GameError
from game.match import Match, RandomPlayer, play_out
from game.record import Entry, RecordError, load_record, turn_log


def finished(game_id="tug_of_war", seed=3, **options):
    match = Match(game_id, options, seed=seed)
    play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return match


def good(game_id="tug_of_war"):
    return finished(game_id).record().to_json()


def test_record_json_has_the_documented_fields():
    data = good()
    assert data["format"] == "quintet-record" and data["version"] == 1
    assert data["game"] == "tug_of_war" and data["options"] == {}
    assert isinstance(data["seed"], int)
    assert all(isinstance(m, str) and ":" in m for m in data["moves"])
    assert any(m.startswith("*:") for m in data["moves"])  # chance outcomes are recorded
    assert data["result"]["winner"] in (0, 1)


def test_unfinished_record_resumes_where_it_stopped():
    match = Match("pulling_strings", seed=1)
    match.play("c", 0)  # a sealed, unrevealed choice
    resumed = Match.from_record(load_record(match.record().dumps()))
    assert resumed.state == match.state and resumed.state.awaiting == (1,)
    resumed.play("h", 1)
    assert resumed.state.turn_number == 2


def test_resumed_match_draws_the_same_dice():
    original = finished("tug_of_war", seed=9)
    data = original.record().to_json()
    data["moves"] = data["moves"][:20]
    data.pop("result")
    resumed = Match.from_record(load_record(data))
    for entry in original.entries[20:]:  # the same decisions; chance drawn afresh from the seed
        if entry.actor == "*":
            resumed.resolve_chance()
        else:
            resumed.play(entry.text, entry.actor)
    assert resumed.entries == original.entries
    assert resumed.state == original.state


def test_turn_log_numbers_whole_turns_in_the_games_notation():
    match = Match("pulling_strings", seed=1)
    match.play("c", 0)
    match.play("h", 1)
    match.play("g", 0)
    match.play("g", 1)
    assert turn_log(match.record()) == ["1. Eks c, Oh h", "2. Eks g, Oh g"]
    strands = Match("strands", seed=1)
    for text in ("f5", "a1"):
        strands.play(text)
    assert turn_log(strands.record()) == ["1. Black f5", "2. White a1"]


@pytest.mark.parametrize("mutate, where", [
    (lambda d: "not json {", "not JSON"),
    (lambda d: [1, 2], "JSON object"),
    (lambda d: d | {"format": "chess"}, "format"),
    (lambda d: d | {"version": 2}, "newer"),
    (lambda d: d | {"version": "1"}, "version"),
    (lambda d: d | {"game": "chess"}, "game: unknown game 'chess'"),
    (lambda d: d | {"options": {"colour": 1}}, "options: unknown option 'colour'"),
    (lambda d: d | {"options": []}, "options: must be an object"),
    (lambda d: d | {"seed": "x"}, "seed"),
    (lambda d: d | {"moves": "0:keep"}, "moves: must be a list"),
    (lambda d: d | {"moves": d["moves"][:3] + [42]}, "moves[3]"),
    (lambda d: d | {"moves": d["moves"][:3] + ["7:keep"]}, "moves[3]"),
    (lambda d: d | {"moves": ["0:keep"]}, "moves[0] '0:keep'"),
    (lambda d: d | {"moves": d["moves"][:1] + ["0:sing"]}, "moves[1] '0:sing'"),
    (lambda d: d | {"moves": ["*:777"]}, "moves[0]"),
    (lambda d: d | {"result": {"winner": None, "reason": "x", "scores": [0, 0]}}, "result"),
    (lambda d: d | {"extra": 1}, "extra: not a field"),
    (lambda d: d | {"meta": 5}, "meta"),
])
def test_bad_records_say_what_is_wrong_and_where(mutate, where):
    data = mutate(good())
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as error:
        load_record(text)
    assert where in str(error.value)
    assert isinstance(error.value, ValueError)


def test_truncated_record_file_is_a_clear_error():
    text = finished().record().dumps()
    with pytest.raises(RecordError, match="not JSON"):
        load_record(text[: len(text) // 2])


def test_illegal_move_in_the_middle_names_its_index():
    data = good("strands")
    data.pop("result")
    data["moves"][5] = data["moves"][5].split(":")[0] + ":f6"  # the centre, taken or illegal
    data["moves"][0] = "0:f6"  # Black may not open on the 1
    with pytest.raises(RecordError, match=r"moves\[0\] '0:f6': Black opens"):
        load_record(data)


def test_records_load_from_bytes_and_keep_meta():
    record = finished().record({"players": ["random", "random"]})
    loaded = load_record(record.dumps().encode())
    assert loaded.meta == {"players": ["random", "random"]}


def test_entries_parse_and_print():
    assert str(Entry(0, "c")) == "0:c" and Entry.parse("*:135") == Entry("*", "135")
    with pytest.raises(GameError):
        Entry.parse("c")
