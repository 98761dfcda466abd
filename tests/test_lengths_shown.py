"""A player knows what to expect: each game's typical length, kept in assets/lengths.json, is
what the game select's cards, the rules screen and the README's game table say; a missing or
broken file says nothing and breaks nothing."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.lengths import (FORMAT, VERSION, about, card_length, typical_lengths,
                          typical_minutes)
from game.registry import GAMES
from scenes.shell import assets
from tests.test_text_fits import check, inks_of, window

ROOT = Path(__file__).resolve().parents[1]


def the_file_text() -> str:
    """The lengths file the app ships."""
    return (ROOT / "assets" / "lengths.json").read_text(encoding="utf-8")


def test_the_shipped_file_gives_every_game_a_length_and_says_how_it_was_measured():
    minutes = typical_minutes(the_file_text())
    assert set(minutes) == set(GAMES)
    assert all(1 <= m <= 60 for m in minutes.values()), minutes
    for entry in json.loads(the_file_text())["games"].values():
        assert "--lengths" in entry["command"] and entry["date"] and entry["settings"]


def test_lengths_are_said_in_round_minutes():
    assert about(0.3) == "about 1 minute" and about(6.4) == "about 6 minutes"
    assert about(9.6) == "about 10 minutes" and about(13.0) == "about 15 minutes"
    assert about(22.4) == "about 20 minutes"


def test_the_readme_game_table_says_what_the_file_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    header = next(line for line in readme.splitlines() if line.startswith("| game |"))
    cells = [c.strip() for c in header.strip("|").split("|")]
    assert "a game takes" in cells
    column = cells.index("a game takes")
    said = typical_lengths(the_file_text())
    for game_id, spec in GAMES.items():
        row = next(line for line in readme.splitlines()
                   if line.startswith(f"| **{spec.title}**"))
        assert [c.strip() for c in row.strip("|").split("|")][column] == \
            card_length(game_id, said[game_id]), row


@pytest.mark.parametrize("text", [None, "", "{", "[]", '{"format": "other", "version": 1}',
                                  json.dumps({"format": FORMAT, "version": VERSION + 1,
                                              "games": {"strands": {"minutes": 9}}}),
                                  json.dumps({"format": FORMAT, "version": VERSION,
                                              "games": ["strands"]})])
def test_a_file_that_is_not_a_lengths_file_gives_no_lengths(text):
    assert typical_minutes(text) == {} and typical_lengths(text) == {}


def test_a_bad_entry_is_left_out_and_the_good_ones_kept():
    games = {"strands": {"minutes": 9}, "synch": {"minutes": True}, "moriarty": {"minutes": -3},
             "tug_of_war": {"minutes": "ten"}, "pulling_strings": {"minutes": 1e9},
             "chess": {"minutes": 30}}
    text = json.dumps({"format": FORMAT, "version": VERSION, "games": games})
    assert typical_lengths(text) == {"strands": "about 9 minutes"}
    assert typical_minutes(text.replace("1000000000.0", "NaN")) == {"strands": 9.0}


def test_the_app_reads_the_file_through_its_assets(tmp_path, monkeypatch):
    assert assets.game_lengths() == typical_lengths(the_file_text())
    monkeypatch.setattr(assets, "asset_path", lambda *parts: tmp_path / "missing.json")
    assert assets.game_lengths() == {}
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe not text")
    monkeypatch.setattr(assets, "asset_path", lambda *parts: tmp_path / "bad.json")
    assert assets.game_lengths() == {}


def drawn_words(driver) -> list[str]:
    return [ink.text for ink in inks_of(driver, [driver.top])]


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_cards_and_the_rules_say_each_games_length(tmp_path, size):
    said = typical_lengths(the_file_text())
    with window(tmp_path, size=size) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("select")
        driver.frames()
        cards = driver.top
        words = drawn_words(driver)
        for button in cards.group.buttons[:-1]:
            assert card_length(button.value, said[button.value]) in words
            length = cards.length_rect(button)
            picture, pitch, learn = cards.card_parts(button)
            assert button.rect.contains(length)
            assert not length.colliderect(picture) and not length.colliderect(pitch)
            assert learn is None or not length.colliderect(learn)
        check(inks_of(driver, [driver.top]), size)
        for game_id in GAMES:
            driver.app.go("rules", game_id=game_id)
            driver.frames()
            line = driver.top.length_line()
            assert said[game_id] in line
            # Moriarty is timed as the match of three games it is played as, the others a game
            assert ("match of 3 games" in line) == (game_id == "moriarty")
            assert ("a match" in card_length(game_id, "about 1 minute")) == \
                (game_id == "moriarty")
            assert re.search(r"about \d+ minutes?", " ".join(drawn_words(driver)))
            driver.app.stack.pop()


def test_with_no_lengths_file_the_screens_show_none_and_still_work(tmp_path, monkeypatch):
    monkeypatch.setattr(assets, "asset_path", lambda *parts: tmp_path / "none" / parts[-1])
    with window(tmp_path, size=(1280, 720)) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("select")
        driver.frames()
        cards = driver.top
        assert all(cards.length_rect(b) is None for b in cards.group.buttons[:-1])
        assert not any("minute" in w for w in drawn_words(driver))
        driver.app.go("rules", game_id="strands")
        driver.frames()
        assert driver.top.length_line() == ""
        assert not any("minute" in w for w in drawn_words(driver))
