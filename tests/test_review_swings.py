"""The review a player understands (issue 35, item 5), on generated games of every game: the
marked swings are the largest changes of the plotted line, the decisive step is among them when
it swings most, each marker sits on the step that made it and names the seat it went up for,
dice are named, a match shows its games, the axis counts in the game's unit, and every swing is a
plain sentence from the game's narrator."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core import ChoiceSealed, NodeKind
from game.match import Match
from game.record import CHANCE, Record
from game.registry import GAMES
from game.review import (
    SMALL_SWING, count_at, decisive_step, line_positions,
    line_steps, look_back, review_values, swings,
)
from game.rules.moriarty import GameScored
from game.words.tug_of_war import listing
from game.words import narrator_for
from game.words.replay_book import ReplayBook
from tests.support import examples

GAME_IDS = sorted(GAMES)
SLOW = settings(max_examples=examples(6), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
NOTATION = re.compile(r"\[|\]|\b\d/\d\b|\b\dx\d\b|^\d+\. |Turn \d+:|\b[01]:\S|\bbonus [?OBGP]\b")
CHANCE_SENTENCE = re.compile(r"(\w+)'s chance (?:went from (\d+)% to (?:(\d+)%|a win|a draw)|"
                             r"rose a little, to about (\d+)%)\.$")


def played(game_id: str, seed: int, decisions: int, calm: float = 0.0,
           options: dict | None = None) -> Record:
    """A game of random legal decisions (up to `decisions`, or to its end); `calm` is the share
    of decisions that never end a game by choice (Moriarty's calls, ending a game)."""
    rng = random.Random(seed)
    match = Match(game_id, options, seed)
    made = 0
    while made < decisions and not match.state.is_terminal:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        legal = list(state.legal_moves(seat))
        keep = [m for m in legal if not str(m).startswith(("end", "moriarty"))] or legal
        match.play(rng.choice(keep if rng.random() < calm else legal), seat)
        made += 1
    return match.record()


def noisy_values(record: Record, rng: random.Random) -> list[float]:
    """Made-up values for every position (a sealed choice's equal to the one before it, as an
    onlooker's would be), the finished game's last its result."""
    values = [rng.random()]
    for _, step in record.replay():
        sealed = any(isinstance(e, ChoiceSealed) for e in step.events)
        values.append(values[-1] if sealed else rng.choice([rng.random(), values[-1]]))
    final = record.final_state()
    if final.is_terminal:
        winner = final.outcome.winner
        values[-1] = 0.5 if winner is None else 1.0 - winner
    return values


games = st.builds(played, st.sampled_from(GAME_IDS), st.integers(0, 10_000),
                  st.integers(1, 70), st.sampled_from([0.0, 0.9]))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=games, seed=st.integers(0, 10_000))
def test_the_marked_swings_are_the_largest_changes_of_the_plotted_line(record, seed):
    values = noisy_values(record, random.Random(seed))
    line = line_positions(record)
    changes = sorted((abs(values[b] - values[a]) for a, b in zip(line, line[1:])), reverse=True)
    found = swings(record, values)
    big = [c for c in changes if c > SMALL_SWING]  # a smaller change is no swing
    assert [abs(s.change) for s in found] == pytest.approx(big[:3])
    for swing in found:  # each is a step of the line, from the point before to the point after
        assert line.index(swing.after) == line.index(swing.before) + 1
        assert swing.change == pytest.approx(values[swing.after] - values[swing.before])
    decisive = decisive_step(record, values)
    if decisive is not None and abs(decisive.change) >= changes[0] - 1e-12:
        assert decisive in found


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=games, seed=st.integers(0, 10_000))
def test_the_decisive_step_is_the_last_to_move_the_line_and_comes_first_of_equals(record, seed):
    values = noisy_values(record, random.Random(seed))
    steps = line_steps(record, values)
    decisive = decisive_step(record, values)
    if not record.final_state().is_terminal or decisive is None:
        return
    later = steps[steps.index(decisive) + 1:]
    assert all(values[s.after] == values[-1] for s in later)
    flat = [0.5] * len(values)  # every step alike but the decisive one's size
    flat[decisive.after:] = [values[-1]] * (len(values) - decisive.after)
    flat[:decisive.after] = [values[-1] + (0.5 if values[-1] < 0.5 else -0.5)] * decisive.after
    assert swings(record, flat)[0] == decisive_step(record, flat)


def chance_of(words: str) -> tuple[str, int, int | None]:
    """The seat named in a swing's last sentence, its chance before and after (None: a win)."""
    found = CHANCE_SENTENCE.search(words)
    assert found, words
    name, old, new, about = found.groups()
    if about is not None:
        return name, int(about), int(about)
    return name, int(old), None if new is None else int(new)


@SLOW
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10_000),
       decisions=st.integers(4, 60))
def test_every_swing_is_a_plain_sentence_naming_the_seat_it_went_up_for(game_id, seed,
                                                                         decisions):
    record = played(game_id, seed, decisions, calm=0.9)
    values = review_values(record, 8)
    review = look_back(record, values)
    names = record.spec.seat_names
    assert len(review.words) == len(review.swings)
    for swing, words in zip(review.swings, review.words):
        assert words[:1].isupper() and words.endswith(".") and "  " not in words
        assert not NOTATION.search(words), words
        name, old, new = chance_of(words)
        seat = 0 if swing.change > 0 else 1  # the seat the line moved toward, where it sits
        assert name == names[seat]
        chance = values[swing.after] if seat == 0 else 1 - values[swing.after]
        assert new is None or new == round(chance * 100)
        assert new is None or new >= old


@SLOW
@given(seed=st.integers(0, 10_000), decisions=st.integers(10, 80))
def test_dice_are_named_when_they_swing_most(seed, decisions):
    record = played("tug_of_war", seed, decisions)
    steps = line_steps(record, [0.5] * (len(record.entries) + 1))
    rolls = [s for s in steps if s.actor == CHANCE]
    roll = rolls[seed % len(rolls)]
    values = [0.5] * roll.after + [0.9] * (len(record.entries) + 1 - roll.after)
    if record.final_state().is_terminal:
        values[-1] = 1.0 - record.final_state().outcome.winner
    review = look_back(record, values)
    marked = [s.index for s in review.swings]
    assert roll.index in marked
    words = review.words[marked.index(roll.index)]
    faces = record.entries[roll.index].text
    first = words.split(". ")[0]
    assert listing([int(f) for f in faces]) in first, words  # every face, in words
    assert re.match(r"The common dice came |\w+ (re-)?rolled |\w+'s re-rolled common \d came up ",
                    first), words
    assert chance_of(words)[0] == "Yellow"


@SLOW
@given(seed=st.integers(0, 10_000))
def test_a_match_shows_its_games_where_each_begins(seed):
    record = played("moriarty", seed, 400)  # random calls: a three-game match ends soon
    assert record.options["games"] == 3 and record.final_state().is_terminal
    values = [0.5] * (len(record.entries) + 1)
    review = look_back(record, values)
    book = ReplayBook.of(record)
    ends = [k for k in range(1, len(review.line))
            if any(isinstance(e, GameScored) for i in range(review.line[k - 1], review.line[k])
                   for e in book.steps[i][1])]
    assert len(ends) == 3
    assert review.sections == ((0, "Game 1"), (ends[0], "Game 2"), (ends[1], "Game 3"))
    assert review.places[ends[0]].startswith("Game 1, ")  # a game's last step is its own
    assert review.places[ends[0] + 1].startswith("Game 2, ")


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=games)
def test_the_axis_counts_in_the_games_unit(record):
    words = narrator_for(record.game, record.options)
    review = look_back(record, [0.5] * (len(record.entries) + 1))
    book = ReplayBook.of(record)
    assert review.unit == words.unit and review.places[0] == "Start"
    for k in range(1, len(review.line)):
        made_in = book.states[review.line[k - 1]]
        assert review.counts[k] == count_at(words, made_in)
        assert review.places[k].endswith(f"{words.unit} {review.counts[k]}".lower()) or \
            review.places[k] == f"{words.unit.capitalize()} {review.counts[k]}"
    final = record.final_state()
    if final.is_terminal and len(review.line) > 1 and not any(review.sections):
        assert review.counts[-1] == count_at(words, final.observe_public())  # as the results say
    assert len(review.line) < len(record.entries) + 1 or not any(
        isinstance(e, ChoiceSealed) for step in book.steps for e in step[1])
