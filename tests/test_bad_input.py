"""Bad input anywhere in the API gets the engine's own clear error, never a crash or a half-step."""
from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, GameError, IllegalMoveError, MoveParseError, OptionError, get_game
from game.match import Match, RandomPlayer, play_out
from game.record import RecordError, load_record
from tests.support import examples

FUZZ = settings(max_examples=examples(300), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=4),
    max_leaves=12)
MOVE_TEXT = st.text(max_size=12) | st.sampled_from([
    "c", "l", "1", "O1", "bonus O", "edge south", "pivot 8", "take 0", "moriarty X", "f6", "a0",
    "end", "d4", "NE", "synch", "opp", "keep", "reroll 66", "5/4", "3x2", "7x1", "135", "reroll",
])


@FUZZ
@given(st.sampled_from(list(GAMES)), MOVE_TEXT)
def test_move_parsers_return_a_move_or_a_parse_error(game_id, text):
    spec = get_game(game_id)
    try:
        move = spec.parse_move(text)
    except MoveParseError:
        return
    assert spec.parse_move(str(move)) == move  # the canonical text parses back to the same move


@FUZZ
@given(st.sampled_from(list(GAMES)), JSON)
def test_parsers_refuse_non_text(game_id, value):
    if isinstance(value, str):
        return
    with pytest.raises(MoveParseError):
        get_game(game_id).parse_move(value)
    with pytest.raises(MoveParseError):
        get_game(game_id).parse_chance(value)


@FUZZ
@given(st.sampled_from(list(GAMES)), JSON)
def test_options_are_accepted_or_refused_with_an_option_error(game_id, options):
    try:
        state = get_game(game_id).new_game(options if isinstance(options, dict) else None)
    except OptionError:
        return
    assert not state.is_terminal
    if not isinstance(options, dict) and options is not None:
        with pytest.raises(OptionError):
            get_game(game_id).resolve_options(options)


@FUZZ
@given(JSON)
def test_any_json_is_a_record_or_a_record_error(data):
    with pytest.raises(RecordError):
        load_record(json.dumps(data))


@settings(FUZZ, max_examples=examples(100))
@given(st.sampled_from(list(GAMES)), st.integers(0, 400), MOVE_TEXT, st.sampled_from("01*=x"))
def test_a_corrupted_entry_is_a_record_error_naming_it(game_id, cut, text, actor):
    match = Match(game_id, seed=1)
    play_out(match, [RandomPlayer(1), RandomPlayer(2)])
    data = match.record().to_json()
    data.pop("result")
    index = cut % len(data["moves"])
    data["moves"][index] = f"{actor}:{text}"
    try:
        load_record(data)
    except RecordError as error:
        assert str(error).startswith("moves[")
    # a corrupted entry may still happen to be legal; then the record simply loads


def test_moves_of_another_game_are_illegal_and_change_nothing():
    pull = get_game("pulling_strings").parse_move("c")
    for game_id in GAMES:
        if game_id == "pulling_strings":
            continue
        state = get_game(game_id).new_game()
        before = pickle.dumps(state)
        seat = state.awaiting[0] if state.awaiting else 0
        with pytest.raises(IllegalMoveError):
            state.apply(pull, seat)
        assert pickle.dumps(state) == before


def test_every_engine_error_is_a_value_error():
    for error in (GameError, IllegalMoveError, MoveParseError, OptionError, RecordError):
        assert issubclass(error, ValueError)
