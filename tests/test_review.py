"""The look back at a game: a value per position that knows no secret, the three moves that
swung it most, worked out in worker processes; the review screen's graph, progress, swings and
jumps into the replay."""
from __future__ import annotations

import dataclasses
import multiprocessing.pool
import threading

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.record import CHANCE, Entry
from game.registry import GAMES
from game.review import ReviewRun, Swing, review_positions, review_values, swings
from game.tools.bench_review import calm_game, main as bench_main
from scenes.play.replay import ReplayScene
from scenes.play.review import ReviewScene
from tests.support import examples, wait_until
from tests.test_play_vs_bot import FakeWorker

SAMPLES = 24  # enough to test with


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_position_has_a_value_and_an_ended_game_ends_at_its_result(game_id):
    record = calm_game(game_id, 400, 2)
    values = review_values(record, SAMPLES)
    assert len(values) == len(record.entries) + 1
    assert all(0.0 <= v <= 1.0 for v in values)
    final = record.final_state()
    if final.is_terminal:
        winner = final.outcome.winner
        assert values[-1] == (0.5 if winner is None else 1.0 - winner)


def with_bonus(record, colours):
    """The record with the Bonus Colours chosen replaced (a secret an onlooker never sees)."""
    entries = list(record.entries)
    picks = [i for i, e in enumerate(entries) if e.text.startswith("bonus ")]
    for index, colour in zip(picks, colours):
        entries[index] = Entry(entries[index].actor, f"bonus {colour}")
    return dataclasses.replace(record, entries=tuple(entries))


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 1000), colours=st.tuples(st.sampled_from("OBGP"),
                                                     st.sampled_from("OBGP")))
def test_a_review_knows_no_secret_the_replay_does_not_show(seed, colours):
    record = calm_game("moriarty", 40, seed)  # a game under way: both colours still secret
    other = with_bonus(record, colours)
    assert [p for p in review_positions(record)] == [p for p in review_positions(other)]
    assert review_values(record, 8) == review_values(other, 8)


def test_the_worker_processes_give_the_same_values():
    record = calm_game("synch", 30, 4)
    run = ReviewRun(record, samples=SAMPLES)
    seen: list[float] = []
    wait_until(lambda: seen.append(run.progress()) or run.done, 60, "the review's values",
               pause=0.02)
    assert run.values() == review_values(record, SAMPLES) and not run.error
    assert seen == sorted(seen)  # progress only grows


def test_a_run_cancelled_returns_at_once(monkeypatch):
    """Cancel starts stopping the workers and returns while they are still being stopped (the
    stopping is held until the test lets it go: no clock to be slow)."""
    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    terminate = multiprocessing.pool.Pool.terminate

    def held(pool):
        started.set()
        release.wait(60)
        terminate(pool)
        finished.set()

    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", held)
    run = ReviewRun(calm_game("tug_of_war", 100, 1), samples=SAMPLES)
    run.cancel()
    assert not finished.is_set()  # cancel did not wait for the workers to stop
    assert started.wait(30)  # but it did set about stopping them
    release.set()
    assert finished.wait(60)
    assert run.values() == []


def test_the_benchmark_reports_each_game(capsys):
    assert bench_main(["strands", "--decisions", "6"]) == 0
    out = capsys.readouterr().out
    assert "strands" in out and "positions" in out and "goal" in out


class QuickRun:
    """ReviewRun's interface, worked out here in three polls (UI tests)."""

    def __init__(self, record, samples=SAMPLES, jobs=1):
        self.record, self.polls, self.error = record, 0, ""
        self._values = review_values(record, SAMPLES)

    def progress(self):
        self.polls += 1
        return min(1.0, self.polls / 3)

    @property
    def done(self):
        return self.polls >= 3

    def values(self):
        return self._values

    def cancel(self):
        pass


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr("scenes.play.review.ReviewRun", QuickRun)


def open_review(driver, game_id="tug_of_war", decisions=30):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    record = calm_game(game_id, decisions, 3)
    driver.app.go("review", record=record)
    driver.frames()
    review = driver.top
    assert isinstance(review, ReviewScene)
    return review, record


def test_the_review_shows_progress_then_the_graph_and_jumps_the_replay(driver, quick):
    review, record = open_review(driver)
    texts = driver.frame_texts()
    assert any("Working out who was ahead" in t for t in texts)
    driver.frames(4)
    assert review.values and len(review.swings) == 3
    texts = driver.frame_texts()
    assert any(t.startswith("Turn ") and t.endswith("%") for t in texts)  # the readout
    assert sum("'s chance " in t for t in texts) >= 3  # the swings, in sentences
    at = review.line()[len(review.line()) // 2]
    driver.click(review.point(at))
    replay = driver.top
    assert isinstance(replay, ReplayScene) and replay.position == at
    driver.key(pygame.K_ESCAPE)
    assert driver.top is review
    first = review.swing_buttons[0]
    driver.click(first.rect.center)
    assert driver.top.position == first.value.before
    at_its_own_turn(driver.top, first.value)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_2, "2")
    assert driver.top.position == review.swings[1].before
    at_its_own_turn(driver.top, review.swings[1])


def at_its_own_turn(replay: ReplayScene, swing: Swing) -> None:
    """A swing opens the replay at its own turn: the counter names the turn whose log line
    holds the swing's step (never the turn after), with the step itself next."""
    line = replay.book.logs[swing.after][-1]  # the log once the step is in: its line last
    turn = int(line.split(".")[0])
    assert replay.counter_words().split()[:2] == [replay.words.unit.capitalize(), str(turn)]
    assert replay.position < swing.after  # Next (or Play) shows the swing's step


def test_from_a_replay_the_review_shows_the_move_picked_in_that_replay(driver, quick):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    record = calm_game("pulling_strings", 20, 2)
    driver.app.go("replay", record=record)
    driver.frames()
    replay = driver.top
    driver.key(pygame.K_v, "v")
    review = driver.top
    assert isinstance(review, ReviewScene)
    driver.frames(4)
    at = review.line()[len(review.line()) // 2]
    assert at > 1
    driver.click(review.point(at))
    assert driver.top is replay and replay.position == at


def test_the_results_screen_leads_to_the_review(driver, quick):
    from tests.ui_driver import Driver  # noqa: F401 (the fixture's type)
    scene = driver.start("strands", {"side": 5}, seed=2)
    import random
    driver.play_to_end(random.Random(2), how="keys")
    driver.key(pygame.K_v, "v")
    assert isinstance(driver.top, ReviewScene)
    assert driver.top.record.entries == scene.turns.match.record().entries


def test_leaving_the_review_stops_its_work(driver, monkeypatch):
    cancelled = []

    class Watched(QuickRun):
        def cancel(self):
            cancelled.append(True)

    monkeypatch.setattr("scenes.play.review.ReviewRun", Watched)
    review, _ = open_review(driver)
    driver.key(pygame.K_ESCAPE)
    assert cancelled and driver.top is not review


@pytest.mark.parametrize("size,game_id", [((800, 500), "moriarty"), ((1280, 720), "moriarty"),
                                          ((1920, 1080), "moriarty")]
                         + [(size, game_id) for size in ((800, 500), (1280, 720))
                            for game_id in ("tug_of_war", "synch", "strands", "pulling_strings")])
def test_the_review_fits(tmp_path, size, game_id, monkeypatch):
    from tests.test_text_fits import check, inks_of, window
    monkeypatch.setattr("scenes.play.review.ReviewRun", QuickRun)
    with window(tmp_path, size) as driver:
        review, _ = open_review(driver, game_id, 60)

        def words():  # the board's preview is a shrunken picture, not words (as the cards)
            return [ink for ink in inks_of(driver, [review]) if not ink.scaled]
        check(words(), size, [review.rects["graph"]])
        driver.frames(4)
        review.position = len(review.values) - 1
        check(words(), size, [review.rects["graph"]] + [b.rect for b in review.swing_buttons])


def test_strands_playouts_keep_the_opening_rule():
    """A position's value is the mean of the values after its moves: at Strands' start too, where
    Black covers exactly one 2 (playouts once let Black open with any X: 0.63 against 0.47)."""
    import random

    from game.bots.games import knowledge_for
    knowledge, spec = knowledge_for("strands"), GAMES["strands"]
    start = spec.start(spec.resolve_options())
    rng = random.Random(5)
    at_start = sum(knowledge.playout_value(start, rng) for _ in range(3000)) / 3000
    after = [sum(knowledge.playout_value(start.apply(move).state, rng) for _ in range(100)) / 100
             for move in start.legal_moves(0)]
    assert at_start == pytest.approx(sum(after) / len(after), abs=0.04)


class EvenRun(QuickRun):
    """QuickRun with every position even (the screens are tested here, not the values)."""

    def __init__(self, record, samples=SAMPLES, jobs=1):
        self.record, self.polls, self.error = record, 0, ""
        self._values = [0.5] * len(review_positions(record))


def test_records_open_the_review_of_any_record_by_its_button_or_v(driver, monkeypatch):
    """Every row, a record file or a game in progress: picked by a click, its Review button
    (shown with its key, V) opens the review of that game; V does the same."""
    monkeypatch.setattr("scenes.play.review.ReviewRun", EvenRun)
    from scenes.store.saves import SaveFolder, SavedGame, new_game_id
    from tests.test_replay import finished, open_records, settle_records, write_record
    write_record(finished("strands", seed=1, side=5))
    write_record(finished("tug_of_war", seed=3))
    going = calm_game("synch", 12, 4)  # unfinished
    SaveFolder().write(SavedGame(new_game_id("synch"), going, ("human", "bot:easy"),
                                 "2026-01-01T09:00:00"))
    records = open_records(driver)
    ids = {spec.title: game_id for game_id, spec in GAMES.items()}
    games = {ids[row.columns[0]]: index for index, row in enumerate(records.rows)}
    assert set(games) == {"strands", "tug_of_war", "synch"}
    for game_id, index in games.items():
        driver.click(records.list_rect.move(0, index * driver.app.theme.px(50)).topleft)
        assert records.selected == index
        review = next(b for b in records.group.buttons if b.value == "review")
        assert review.label == "Review" and review.hint == "V" and review.enabled
        assert any("Review" == text for text in driver.frame_texts())
        driver.click(review.rect.center)
        settle_records(driver, records)
        driver.frames()
        assert isinstance(driver.top, ReviewScene) and driver.top.record.game == game_id
        driver.key(pygame.K_ESCAPE)
        assert driver.top is records
    driver.key(pygame.K_v, "v")
    settle_records(driver, records)
    driver.frames()
    assert isinstance(driver.top, ReviewScene) and driver.top.record.game == game_id


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_marker_sits_on_the_step_that_made_it_and_names_who_it_went_up_for(driver, quick,
                                                                                game_id):
    """Tug of War's marker once sat on a Yellow peak and read '+23% for Red': a marker is on
    the point its step leads to, and its words name the seat the line moved toward there."""
    from tests.test_review_swings import played
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    # Pulling Strings' line moves at its end (random pulls soon repeat: without the ruling)
    record = played(game_id, 3, 150, calm=0.9,
                    options={"repetition": False} if game_id == "pulling_strings" else None)
    driver.app.go("review", record=record)
    driver.frames(5)
    review = driver.top
    assert review.swings
    area = review.graph_area()
    places = review.marker_places(area, [])
    names = record.spec.seat_names
    for swing, (spot, _), words in zip(review.swings, places, review.review.words):
        k = review.line().index(swing.after)
        assert review.line()[k - 1] == swing.before
        assert spot == review.at_point(k) == review.point(swing.after)
        went_up = spot[1] < review.at_point(k - 1)[1]  # toward the first seat's side
        if spot[1] != review.at_point(k - 1)[1]:
            assert f"{names[0 if went_up else 1]}'s chance " in words
    centres = [centre for _, centre in places]  # badges never cover one another
    radius = driver.app.theme.px(11)
    assert all(abs(a[1] - b[1]) > 2 * radius or a[0] != b[0] and abs(a[0] - b[0]) > 2 * radius
               or abs(a[1] - b[1]) >= 2 * radius for i, a in enumerate(centres)
               for b in centres[i + 1:])


def test_a_match_draws_its_games_on_the_graph(driver, quick):
    from tests.test_review_swings import played
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    record = played("moriarty", 4, 400)
    driver.app.go("review", record=record)
    driver.frames(5)
    review = driver.top
    texts = driver.frame_texts()
    assert [name for _, name in review.review.sections] == ["Game 1", "Game 2", "Game 3"]
    assert all(name in texts for name in ("Game 1", "Game 2", "Game 3")), \
        (texts, review.review.sections, len(review.line()))
    assert any(t.startswith("Game ") and ", turn " in t for t in texts)  # the readout
    assert f"{review.review.unit}s" in texts  # the axis says what it counts
