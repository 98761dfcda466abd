"""A review worth reading (issue 62, item 3), on generated games: Tug of War's line is the solved
game's, so a perfect move never swings it and what swings it is the dice or a mistake; a swing
made by chance names what chance gave; a game nothing swung by more than 10 points says so and
marks nothing; the axis gives every turn the same width."""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.bots.perfect_tug import PerfectTugPlayer
from game.bots.tug_value import exact_value
from game.core import NodeKind
from game.record import CHANCE
from game.registry import GAMES
from game.review import (
    SMALL_SWING, axis_places, line_positions, line_steps, look_back, review_positions,
    review_values,
)
from game.words.tug_of_war import listing
from tests.support import carries, examples
from tests.test_review_swings import played

GAME_IDS = sorted(GAMES)
SOME = settings(max_examples=examples(12), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def tug_game(seed: int, decisions: int):
    """A Tug of War game of random decisions (to its end, or `decisions` of them)."""
    return played("tug_of_war", seed, decisions)


@pytest.mark.slow
@SOME
@given(seed=st.integers(0, 10_000), decisions=st.integers(5, 120))
def test_tug_of_war_is_valued_exactly_so_only_dice_and_mistakes_move_the_line(seed, decisions):
    record = tug_game(seed, decisions)
    values = review_values(record, 8)  # the samples do not matter: the table is exact
    positions = review_positions(record)
    perfect = PerfectTugPlayer()
    assert values == pytest.approx([exact_value(p, perfect) for p in positions])
    for index, entry in enumerate(record.entries):
        if entry.actor == CHANCE:
            continue
        before = positions[index]
        assert before.kind is NodeKind.DECISION
        mover = entry.actor
        change = values[index + 1] - values[index]
        toward_mover = change if mover == 0 else -change
        assert toward_mover <= 1e-6, (index, entry, change)  # no move beats the best move
        moves = {str(move): value for move, value in perfect.move_values(before, mover).items()}
        if moves[entry.text] >= max(moves.values()) - 1e-9:
            assert abs(change) < 1e-6, (index, entry, change)  # the best move: no swing


@pytest.mark.slow
@SOME
@given(seed=st.integers(0, 10_000), decisions=st.integers(10, 120))
def test_a_swing_made_by_chance_names_what_chance_gave(seed, decisions):
    record = tug_game(seed, decisions)
    values = review_values(record, 8)
    review = look_back(record, values)
    steps = line_steps(record, values)
    largest = max(steps, key=lambda s: abs(s.change))
    if abs(largest.change) > SMALL_SWING and largest.actor == CHANCE:
        assert review.swings[0].actor == CHANCE  # the roll that moved it most comes first
    for swing, words in zip(review.swings, review.words):
        assert abs(swing.change) > SMALL_SWING
        if swing.actor != CHANCE:
            continue
        faces = [int(face) for face in record.entries[swing.index].text]
        first = words.split(". ")[0]
        assert listing(faces) in first, words  # every face the dice showed
        seat = 0 if swing.change > 0 else 1
        before, after = values[swing.before], values[swing.after]
        old, new = (before, after) if seat == 0 else (1 - before, 1 - after)
        name = record.spec.seat_names[seat]
        if not record.final_state().is_terminal or swing.after < len(values) - 1:
            carries(words, f"{name}'s chance", f"{round(old * 100)}%", f"{round(new * 100)}%")


def gentle_values(record, rng: random.Random, most: float) -> list[float]:
    """Made-up values whose every plotted step moves at most `most` (a game with no swing)."""
    line = line_positions(record)
    values = [0.5] * (len(record.entries) + 1)
    now = 0.5
    for before, after in zip(line, line[1:]):
        now = min(0.95, max(0.05, now + rng.uniform(-most, most)))
        values[before + 1:after + 1] = [now] * (after - before)
    return values


@SOME
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10_000),
       decisions=st.integers(2, 60), most=st.sampled_from([0.0, 0.03, 0.1]))
def test_a_game_nothing_swung_says_so_and_marks_nothing(game_id, seed, decisions, most):
    record = played(game_id, seed, decisions, calm=0.9)
    values = gentle_values(record, random.Random(seed), most)
    review = look_back(record, values)
    assert review.swings == () and review.words == ()
    steps = [s for s in line_steps(record, values) if abs(s.change) > 1e-9]
    if not steps:
        assert "moved" in review.calm and "%" not in review.calm
        return
    largest = max(steps, key=lambda s: abs(s.change))
    seat = 0 if largest.change > 0 else 1
    place = review.places[review.line.index(largest.after)]
    carries(review.calm, f"{round(abs(largest.change) * 100)} points",
            record.spec.seat_names[seat], place.split(" ")[-1], "10")


@SOME
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10_000),
       decisions=st.integers(2, 80))
def test_a_swing_of_more_than_10_points_is_marked_and_no_smaller_one(game_id, seed, decisions):
    record = played(game_id, seed, decisions, calm=0.9)
    values = gentle_values(record, random.Random(seed), 0.25)
    review = look_back(record, values)
    changes = sorted((abs(s.change) for s in line_steps(record, values)), reverse=True)
    big = [c for c in changes if c > SMALL_SWING]
    assert [abs(s.change) for s in review.swings] == pytest.approx(big[:3])
    assert bool(review.calm) == (not big)


@settings(max_examples=examples(40), deadline=None)
@given(runs=st.lists(st.integers(1, 9), min_size=1, max_size=40))
def test_every_turn_is_as_wide_as_the_next(runs):
    counts = [0] + [turn for turn, size in enumerate(runs, 1) for _ in range(size)]
    places = axis_places(counts)
    assert places[0] == 0 and list(places) == sorted(places) and len(set(places)) == len(places)
    for turn in range(1, len(runs) + 1):
        mine = [p for p, c in zip(places, counts) if c == turn]
        assert mine[-1] == pytest.approx(turn)  # a turn's last point at its own number
        assert all(turn - 1 < p <= turn for p in mine)  # its points within its width


def open_with(driver, record, values):
    """The review screen of `record` showing these values (worked out at once)."""
    from scenes.play.review import ReviewScene
    from tests.test_play_vs_bot import FakeWorker

    class Given:
        """ReviewRun's interface with the values given."""

        def __init__(self, *args, **kwargs):
            self.error, self.done = "", True

        def progress(self):
            return 1.0

        def values(self):
            return values

        def cancel(self):
            pass

    import scenes.play.review as screen
    screen_run, screen.ReviewRun = screen.ReviewRun, Given
    try:
        driver.app.bot_worker = FakeWorker()
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("review", record=record)
        driver.frames(3)
    finally:
        screen.ReviewRun = screen_run
    assert isinstance(driver.top, ReviewScene)
    return driver.top


@pytest.mark.parametrize("game_id", ["tug_of_war", "strands", "synch", "moriarty"])
def test_equal_turn_gaps_are_equal_pixel_gaps(driver, game_id):
    record = played(game_id, 11, 70, calm=0.9)
    review = open_with(driver, record, [0.5] * (len(record.entries) + 1))
    counts = review.review.counts
    ends = {count: review.at_point(k)[0] for k, count in enumerate(counts)}  # each turn's last
    turns = sorted(ends)
    gaps = [ends[b] - ends[a] for a, b in zip(turns, turns[1:]) if b == a + 1]
    assert gaps and max(gaps) - min(gaps) <= 1, gaps
    assert review.axis_x(turns[-1]) == ends[turns[-1]]  # the axis' labels stand on turns' ends


def test_a_flat_game_on_screen_says_so_and_draws_no_marker(driver):
    record = played("synch", 5, 60, calm=0.9)
    values = gentle_values(record, random.Random(5), 0.08)
    review = open_with(driver, record, values)
    assert review.swings == [] and review.swing_buttons == []
    assert review.marker_places(review.graph_area(), []) == []
    texts = driver.frame_texts()
    assert any("Nothing swung it by more than 10 points" in t for t in texts), texts
    assert any("The largest change was" in t for t in texts), texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_small_board_shows_the_players(driver, game_id):
    record = played(game_id, 2, 20, calm=0.9)
    record = dataclasses.replace(record, meta={"controllers": ["human", "bot:medium"]})
    review = open_with(driver, record, [0.5] * (len(record.entries) + 1))
    with driver.texts() as drawn:
        review._preview = None
        driver.app.invalidate()
        driver.frames()
    names = record.spec.seat_names
    shown = " | ".join(drawn)
    for name, who in ((names[0], "player"), (names[1], "Medium bot")):
        assert name in drawn or f"{name}: {who}" in drawn, shown
        assert who in drawn or f"{name}: {who}" in drawn, shown
