"""Records give the turns of every finished game: written into a finished record's notes when it
is filed, read from there by the list (no replay), and worked out by replaying a record filed
before the notes held them; the count is the one the game's results and replay give."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from game.match import Match, RandomPlayer, play_out
from game.registry import GAMES
from game.words import narrator_for
from scenes.store.filing import finished_record
from scenes.store.records import finished_turns, record_meta, summarise
from scenes.store.saves import SavedGame
from tests.support import examples

OPTIONS = {"pulling_strings": {"turn_limit": 30}, "moriarty": {"games": 1, "round_limit": 12},
           "synch": {"move_limit": 24}}


def finished(game_id: str, seed: int) -> Match:
    match = Match(game_id, OPTIONS.get(game_id, {}), seed=seed)
    play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return match


@settings(max_examples=examples(10), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000))
def test_a_finished_game_s_turns_are_listed_with_or_without_its_notes(tmp_path_factory, game_id,
                                                                     seed):
    match = finished(game_id, seed)
    words = narrator_for(game_id, match.options)
    turns = words.number(match.state)  # as the results screen and the replay count
    record = match.record(record_meta(("human", "bot:easy"), "2024-01-01T10:00:00",
                                      ended="2024-01-01T10:30:00"))
    assert finished_turns(record) == turns
    folder = tmp_path_factory.mktemp("records")
    old = folder / "old.json"  # filed before records noted their turns
    old.write_text(json.dumps(record.to_json()), encoding="utf-8")
    assert summarise(old).result.endswith(f", {words.units(turns)}")
    noted = dict(record.to_json(), meta=dict(record.meta, turns=turns))
    new = folder / "new.json"
    new.write_text(json.dumps(noted), encoding="utf-8")
    assert summarise(new).result == summarise(old).result
    noted["meta"]["turns"] = turns + 7  # the notes are read, not the moves replayed
    new.write_text(json.dumps(noted), encoding="utf-8")
    assert summarise(new).result.endswith(f", {words.units(turns + 7)}")
    noted["meta"]["turns"] = "many"
    new.write_text(json.dumps(noted), encoding="utf-8")
    assert "turns" in summarise(new).problem


def test_filing_a_finished_game_notes_its_turns():
    match = finished("synch", 5)
    saved = SavedGame("s1", match.record(), ("human", "bot:easy"), "2024-01-01T10:00:00")
    record = finished_record(saved, "2024-01-01T10:30:00")
    assert record.meta["turns"] == narrator_for("synch", match.options).number(match.state)


def test_an_unfinished_game_lists_no_turn_count(tmp_path):
    match = Match("strands", {}, seed=1)
    match.play(match.state.legal_moves(0)[0], 0)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(match.record().to_json()), encoding="utf-8")
    assert summarise(path).result == "unfinished"
