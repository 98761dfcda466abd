"""Words a player understands: "You won" / "You lost" against the computer with its level named,
figures that say what they count, one turn counter per game that agrees with the move log, and no
raw file paths on screen (a Show folder button instead)."""
from __future__ import annotations

import random
import re

import pygame
import pytest

from game.match import Match
from game.registry import GAMES
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.screens.records_view import RecordsScene
from scenes.screens.stats_view import StatsScene
from scenes.shell import folders
from scenes.store.records import RecordFolder, record_meta, summarise
from scenes.store.storage import data_dir
from tests.test_play_vs_bot import FakeWorker
from tests.ui_driver import Driver


def texts_of(driver: Driver, scenes) -> list[str]:
    """Every text drawn when these scenes are drawn."""
    surface = pygame.Surface(driver.app.screen.get_size())
    with driver.texts() as drawn:
        for scene in scenes:
            scene.draw(surface)
    return drawn


def finished_vs_bot(driver: Driver, person: int, seed: int = 1) -> PlayScene:
    """A short game of Synch against a Hard bot (a random one), played to its results."""
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    controllers = tuple("human" if s == person else "bot:hard" for s in (0, 1))
    scene = PlayScene(driver.app, "synch", {"size": 5, "move_limit": 6}, seed=seed,
                      controllers=controllers)
    driver.app.stack.push(scene)
    driver.frames()
    rng = random.Random(seed)
    for _ in range(200):
        driver.to_choice()
        if isinstance(driver.top, ResultsScene):
            return scene
        driver.choose_by_keys(rng.choice(scene.turns.match.state.legal_moves(scene.turns.chooser)))
    raise AssertionError("no results")


@pytest.mark.parametrize("person", [0, 1])
def test_the_results_say_you_won_or_lost_and_name_the_computer_s_level(driver, person):
    for seed in range(1, 30):
        scene = finished_vs_bot(driver, person, seed)
        outcome = scene.turns.match.state.outcome
        if outcome.winner is None:
            continue
        title, _, who = driver.top.headline()
        assert title == ("You won!" if outcome.winner == person else "You lost")
        assert "the computer (Hard)" in who
        assert f"You played {scene.turns.match.state.seat_name(person)}" in who
        texts = texts_of(driver, [driver.top])
        assert title in texts and any("computer (Hard)" in text for text in texts)
        return
    raise AssertionError("every game was drawn")


def test_hot_seat_results_name_the_winning_side(driver):
    scene = driver.start("strands", {"side": 5}, seed=4)
    driver.play_to_end(random.Random(4))
    title, _, who = driver.top.headline()
    turns = scene.turns
    assert title == f"{turns.match.state.seat_name(turns.match.state.outcome.winner)} wins!"
    assert who == ""


def test_records_say_you_won_or_lost_against_the_computer(tmp_path):
    match = Match("synch", {"size": 5, "move_limit": 4}, 3)
    rng = random.Random(3)
    while not match.state.is_terminal:
        state = match.state
        seat = state.awaiting[0]
        match.play(rng.choice(state.legal_moves(seat)), seat)
    winner = match.state.outcome.winner
    for person in (0, 1):
        controllers = tuple("human" if s == person else "bot:medium" for s in (0, 1))
        record = match.record(record_meta(controllers, "2026-01-01T09:00:00"))
        path = RecordFolder().add(record, f"game-{person}")
        summary = summarise(path)
        expected = "a draw" if winner is None else ("You won" if winner == person
                                                      else "You lost")
        assert summary.result.split(", ")[0] == expected and summary.players == "You v Medium bot"


@pytest.fixture
def shown(monkeypatch):
    """The folders asked to be shown (none is really opened)."""
    opened = []
    monkeypatch.setattr(folders, "_launch", opened.append)
    return opened


def no_paths(texts: list[str]) -> None:
    """No text names a file or folder of the player's computer."""
    home = str(data_dir())
    for text in texts:
        assert home not in text and ".json" not in text and not re.search(r"(^|\s)/\w", text), \
            f"a raw path on screen: {text!r}"


def test_records_and_stats_show_no_paths_but_a_show_folder_button(driver, shown):
    finished_vs_bot(driver, 0)
    no_paths(texts_of(driver, [driver.top]))  # the results
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("records")
    driver.frames()
    records = driver.top
    assert isinstance(records, RecordsScene)
    no_paths(texts_of(driver, [records]))
    driver.key(pygame.K_f)
    assert shown == [RecordFolder().folder]
    assert "file manager" in records.message
    driver.key(pygame.K_ESCAPE)
    driver.app.go("stats")
    driver.frames()
    stats = driver.top
    assert isinstance(stats, StatsScene)
    no_paths(texts_of(driver, [stats]))
    driver.click(next(b for b in stats.group.buttons if b.value == "folder").rect.center)
    assert shown[-1] == stats.path.parent
    driver.app.go("settings")
    driver.frames()
    no_paths(texts_of(driver, [driver.top]))


def test_a_folder_that_cannot_be_shown_says_where_it_is(driver, monkeypatch):
    def broken(path):
        raise FileNotFoundError(2, "No such file or directory")
    monkeypatch.setattr(folders, "_launch", broken)
    assert str(RecordFolder().folder) in folders.show_folder(RecordFolder().folder)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_turn_counter_on_screen_agrees_with_the_move_log(driver, game_id):
    scene = driver.start(game_id, seed=5)
    rng = random.Random(5)
    for _ in range(14):
        driver.play_calmly(scene, rng, 1)
        if scene.turns.chooser is None:
            break
        turn = scene.turns.match.state.turn
        texts = texts_of(driver, [scene])
        counters = [int(n) for text in texts for n in re.findall(r"\b(?:Turn|Move) (\d+)", text)]
        assert counters and set(counters) == {turn}, (texts, turn)
        lines = scene.turns.log.lines()
        assert not lines or int(lines[-1].split(".")[0]) in (turn, turn - 1)


# short games by keys: Tug of War's seed 12 ends in 22 decisions (seed 3: 281), Synch at 40 moves
QUICK = {"tug_of_war": (12, None), "synch": (3, {"move_limit": 40})}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_finished_games_turn_counter_names_its_last_turn(driver, game_id):
    seed, options = QUICK.get(game_id, (3, None))
    scene = driver.start(game_id, options, seed=seed)
    state = driver.play_to_end(random.Random(seed), how="keys")
    last = int(scene.turns.log.lines()[-1].split(".")[0])
    texts = texts_of(driver, [scene])
    counters = [int(n) for text in texts for n in re.findall(r"\bTurn (\d+)", text)]
    assert state.is_terminal and counters == [last], (counters, last, state.turn)


def test_strands_says_what_its_figures_count(driver):
    scene = driver.start("strands", {"side": 5}, seed=2)
    lines = scene.board.words.status(scene.turns.match.state)
    assert lines[0].startswith("Black's group sizes:") and "largest" in " ".join(lines)
