"""Statistics: counted from the person's side (by seat in hot-seat), kept through bad files."""
from __future__ import annotations

import json

import pytest

from game.core import Outcome
from scenes.store.stats import StatsFile, tally

WIN0 = Outcome(0, "reached home", ())
WIN1 = Outcome(1, "reached home", ())
DRAW = Outcome(None, "draw agreed", ())


def test_tally_takes_the_person_s_side():
    assert tally(WIN0, ("human", "bot:hard")) == ("hard", "won")
    assert tally(WIN0, ("bot:easy", "human")) == ("easy", "lost")
    assert tally(DRAW, ("bot:medium", "human")) == ("medium", "drawn")
    assert tally(WIN1, ("human", "human")) == ("hot-seat", "seat1")
    assert tally(DRAW, ("human", "human")) == ("hot-seat", "drawn")
    assert tally(WIN0, ("bot:easy", "bot:hard")) is None  # a demo is never counted


def test_counts_add_up_and_persist(tmp_path):
    stats = StatsFile(tmp_path)
    for outcome, players in [(WIN0, ("human", "bot:hard")), (WIN1, ("human", "bot:hard")),
                             (WIN1, ("human", "bot:hard")), (DRAW, ("human", "human")),
                             (WIN0, ("human", "human")), (WIN0, ("bot:easy", "bot:easy"))]:
        assert stats.count("strands", players, outcome) == []
    stats.count("synch", ("bot:easy", "human"), WIN1)
    games, messages = StatsFile(tmp_path).load()
    assert messages == []
    assert games == {"strands": {"hard": {"won": 1, "lost": 2, "drawn": 0},
                                 "hot-seat": {"seat0": 1, "seat1": 0, "drawn": 1}},
                     "synch": {"easy": {"won": 1, "lost": 0, "drawn": 0}}}
    data = json.loads((tmp_path / "stats.json").read_text())
    assert data["format"] == "quintet-stats" and data["version"] == 1


def test_no_file_is_no_games_and_no_message(tmp_path):
    assert StatsFile(tmp_path).load() == ({}, [])


GOOD = {"format": "quintet-stats", "version": 1,
        "games": {"strands": {"hard": {"won": 2, "lost": 1, "drawn": 0}}}}


def with_games(games) -> str:
    return json.dumps(dict(GOOD, games=games))


@pytest.mark.parametrize("content, words, kept_counts", [
    (json.dumps(GOOD)[:40], "cut short", {}),
    ("{{{{", "damaged", {}),
    ("", "is empty", {}),
    (json.dumps(dict(GOOD, version=3)), "newer Quintet (version 3", {}),
    (json.dumps(dict(GOOD, format="quintet-save")), "is not a Quintet statistics file", {}),
    (with_games([1, 2]), "games is list", {}),
    (with_games({"strands": {"hard": {"won": "2", "lost": 1}}}), "won '2' is not a count",
     {"strands": {"hard": {"won": 0, "lost": 1, "drawn": 0}}}),
    (with_games({"strands": {"hard": {"won": -1}}, "chess": {}}), "unknown game 'chess'",
     {"strands": {"hard": {"won": 0, "lost": 0, "drawn": 0}}}),
    (with_games({"strands": {"genius": {"won": 1}, "easy": {"won": 4}}}), "genius: not an opp",
     {"strands": {"easy": {"won": 4, "lost": 0, "drawn": 0}}}),
    (with_games({"strands": {"hot-seat": {"won": 1}}}), "'won' is not one of seat0",
     {"strands": {"hot-seat": {"seat0": 0, "seat1": 0, "drawn": 0}}}),
])
def test_a_bad_statistics_file_is_named_kept_and_replaced(tmp_path, content, words, kept_counts):
    path = tmp_path / "stats.json"
    path.write_text(content, encoding="utf-8")
    stats = StatsFile(tmp_path)
    games, messages = stats.load()
    assert games == kept_counts
    assert len(messages) == 1 and str(path) in messages[0] and words in messages[0], messages
    kept = list(tmp_path.glob("stats.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert stats.count("strands", ("human", "bot:easy"), WIN0) == []  # counting carries on
    games, messages = stats.load()
    assert messages == [] and games["strands"]["easy"]["won"] == kept_counts.get(
        "strands", {}).get("easy", {}).get("won", 0) + 1
    assert kept[0].read_text(encoding="utf-8") == content  # never overwritten


def test_an_unwritable_statistics_file_is_a_message(tmp_path):
    (tmp_path / "blocker").write_text("a file where the folder should be")
    messages = StatsFile(tmp_path / "blocker").count("strands", ("human", "bot:easy"), WIN0)
    assert len(messages) == 1 and "Could not save the statistics" in messages[0]


# ---- the stats screen -------------------------------------------------------------------------
def open_stats(driver):
    import pygame

    from scenes.screens.stats_view import StatsScene
    scene = driver.from_menu(pygame.K_t)
    assert isinstance(scene, StatsScene)
    return scene


def test_the_stats_screen_shows_each_game_and_opponent(driver):
    from scenes.screens.stats_view import cell_text, totals
    stats = StatsFile()
    stats.count("strands", ("human", "bot:hard"), WIN0)
    stats.count("strands", ("bot:hard", "human"), WIN0)
    stats.count("moriarty", ("human", "human"), WIN1)
    scene = open_stats(driver)
    assert cell_text("strands", "hard", scene.games["strands"]["hard"]) == "1 win, 1 loss, 0 draws"
    assert cell_text("moriarty", "hot-seat", scene.games["moriarty"]["hot-seat"]) == \
        "Eks 0, Oh 1, 0 draws"
    assert cell_text("synch", "easy", None) == "-"
    assert totals(scene.games)["hard"] == {"won": 1, "lost": 1, "drawn": 0}
    assert scene.messages == []


def test_the_stats_screen_names_a_bad_file(driver):
    import pygame
    path = StatsFile().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "quintet-stats", "version": 1, "games": {"strands": [')
    scene = open_stats(driver)
    assert scene.games == {} and str(path) in scene.messages[0]
    assert "cut short" in scene.messages[0] and scene.messages[0] in driver.app.notices
    driver.key(pygame.K_ESCAPE)
    driver.frames()
    assert driver.top is not scene
