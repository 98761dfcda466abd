"""A look back at a game: who was ahead after each entry, and the moves that swung it most.

Each position of a record is valued as the bots value a leaf: seat 0's chance from their game
knowledge, the mean of a fixed number of playouts (each ending in the game's evaluation) from
the position as an onlooker saw it: the public view with any sealed choice reopened, so a review
knows no secret the replay does not show. A finished position is worth its result. Every
position's playouts draw from the same seed, so the difference between two neighbours is the
position's and not the dice's. A solved game (Tug of War) is valued exactly instead, from its
table: a decision is worth its best move, so the line moves at what the dice gave and at a
mistake, not wherever a playout failed to foresee a good move.

`ReviewRun` works a record out in worker processes ("spawn", like the bots' worker), in chunks,
so the app's frame loop only polls it and can show how far it has got:

    run = ReviewRun(record)          # starts at once, returns at once
    run.progress()                   # 0.0 .. 1.0, each frame
    run.values()                     # seat 0's chance after each number of entries, once done
    run.cancel()                     # leaving: the workers are stopped, never waited for
"""
from __future__ import annotations

import bisect
import dataclasses
import multiprocessing
import random
import threading
from typing import TYPE_CHECKING, Sequence

from game.bots.games import knowledge_for
from game.bots.knowledge import terminal_value
from game.core import ChoiceSealed, NodeKind, State
from game.record import Record, load_record
from game.words import after_game as says, narrator_for
from game.words.base import Narrator, capital
from game.words.replay_book import ReplayBook

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

SAMPLES = 320  # playouts a position is valued by (shared among its worlds)
SMALL_SWING = 0.10  # a change of seat 0's chance this small or smaller is not called a swing
CHUNK = 6  # positions a worker values per task (progress moves by chunks)
JOBS = 2  # worker processes (this machine's cores)


def review_positions(record: Record) -> list[State]:
    """The position after each number of entries (0 .. all), as an onlooker saw it."""
    states = [record.initial_state()]
    for _, step in record.replay():
        states.append(step.state)
    return [state.observe_public() for state in states]


def position_value(game_id: str, view: State, samples: int = SAMPLES, seed: int = 0) -> float:
    """Seat 0's chance in a position an onlooker sees: its result if over, else the mean of
    playouts over the full states it may be (each world its share of the playouts)."""
    if view.kind is NodeKind.TERMINAL:
        return terminal_value(view)
    knowledge = knowledge_for(game_id)
    exact = knowledge.exact_value(view)
    if exact is not None:  # a solved game: its exact value (Tug of War)
        return exact
    worlds = knowledge.public_worlds(view)
    each = max(4, samples // len(worlds))
    total = 0.0
    for weight, world in worlds:
        rng = random.Random(seed)
        total += weight * sum(knowledge.playout_value(world, rng) for _ in range(each)) / each
    return total


def chunk_values(record_text: str, start: int, stop: int, samples: int = SAMPLES) -> list[float]:
    """The values of positions start..stop-1 of a record given as JSON (a worker's task)."""
    record = load_record(record_text)
    positions = review_positions(record)[start:stop]
    return [position_value(record.game, state, samples, seed=record.seed or 0)
            for state in positions]


def review_values(record: Record, samples: int = SAMPLES) -> list[float]:
    """Every position's value, here and now (tests; the app uses a ReviewRun)."""
    return chunk_values(record.dumps(), 0, len(record.entries) + 1, samples)


@dataclasses.dataclass(frozen=True)
class Swing:
    """A step of the plotted line and how far it moved seat 0's chance (after minus before):
    a seat's move, both seats' secret choices as they were revealed, or what chance gave."""

    index: int  # the entry that made it: the line's point after it is position index + 1
    change: float
    start: int = -1  # the line's point before it (earlier than index when sealed choices led in)
    actor: int | str = 0  # the seat whose entry it is, CHANCE or AGREEMENT

    @property
    def before(self) -> int:
        """The position the step starts from."""
        return self.index if self.start < 0 else self.start

    @property
    def after(self) -> int:
        """The position the step leads to (where its marker sits)."""
        return self.index + 1


def line_positions(record: Record) -> list[int]:
    """The positions the review plots: the start and the position after every entry, except
    a secret choice still sealed (the reveal that follows carries it)."""
    positions = [0]
    for index, (_, step) in enumerate(record.replay()):
        if not any(isinstance(event, ChoiceSealed) for event in step.events):
            positions.append(index + 1)
    return positions


def line_steps(record: Record, values: Sequence[float],
               line: Sequence[int] | None = None) -> list[Swing]:
    """Every step of the plotted line, in order, as a Swing."""
    line = line_positions(record) if line is None else line
    return [Swing(after - 1, values[after] - values[before], before,
                  record.entries[after - 1].actor) for before, after in zip(line, line[1:])]


def decisive_step(record: Record, values: Sequence[float],
                  steps: Sequence[Swing] | None = None) -> Swing | None:
    """The step after which the value stayed at the result of a finished game (None while the
    game is under way, or when it was settled from the start)."""
    if not values or not record.final_state().is_terminal:
        return None
    steps = line_steps(record, values) if steps is None else steps
    final = values[-1]
    for step in reversed(steps):
        if abs(values[step.before] - final) > 1e-9:
            return step
    return None


def swings(record: Record, values: Sequence[float], count: int = 3,
           least: float = SMALL_SWING) -> list[Swing]:
    """The `count` largest changes of the plotted line of more than `least`, largest first
    (moves, reveals and dice alike); of equal changes the decisive step comes first, then the
    earlier."""
    steps = line_steps(record, values)
    decisive = decisive_step(record, values, steps)
    steps.sort(key=lambda s: (-round(abs(s.change), 12), s != decisive, s.index))
    return [s for s in steps[:count] if abs(s.change) > max(least, 1e-9)]


def largest_step(record: Record, values: Sequence[float]) -> Swing | None:
    """The largest change of the plotted line, however small (None if it never moved)."""
    steps = [s for s in line_steps(record, values) if abs(s.change) > 1e-9]
    return max(steps, key=lambda s: abs(s.change), default=None)


def axis_places(counts: Sequence[int]) -> tuple[float, ...]:
    """Where each plotted point sits along the axis, in the game's unit: every turn (or round)
    as wide as the next, its points spread evenly over it with the last at the turn's own
    number, the start at 0. (Counts that do not rise turn by turn are laid out turn after turn.)
    """
    runs: list[tuple[int, int, int]] = []  # (first point, points, count) of each turn
    for k in range(1, len(counts)):
        if runs and counts[k] == runs[-1][2]:
            first, size, count = runs[-1]
            runs[-1] = (first, size + 1, count)
        else:
            runs.append((k, 1, counts[k]))
    rising = bool(runs) and runs[0][2] >= 1 and all(
        later[2] > earlier[2] for earlier, later in zip(runs, runs[1:]))
    places = [0.0]
    for number, (_, size, count) in enumerate(runs, 1):
        end = count if rising else number
        places += [end - 1 + (j + 1) / size for j in range(size)]
    return tuple(places)


def axis_ticks(counts: Sequence[int], most: int) -> list[int]:
    """Which points of the line get a label on the axis: where the count of the game's unit
    changes to a multiple of a round step (1, 2, 5, 10, 20, 50...), at most `most` of them."""
    changes = [i for i, count in enumerate(counts) if i == 0 or count != counts[i - 1]]
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000):
        marked = [i for i in changes if counts[i] % step == 0 or i == 0]
        if len(marked) <= max(1, most):
            return marked
    return changes[:1]


@dataclasses.dataclass(frozen=True)
class Review:
    """What the review shows once its values are in: the plotted line, where each point stands
    in the game's own count, the match's parts and the largest swings in words."""

    values: tuple[float, ...]  # seat 0's chance after each number of entries
    line: tuple[int, ...]  # the positions plotted, left to right
    counts: tuple[int, ...]  # each plotted point's count in the game's unit
    places: tuple[str, ...]  # each plotted point in words ("Start", "Turn 12", "Game 2, round 3")
    sections: tuple[tuple[int, str], ...]  # (plotted point where a part begins, its name)
    swings: tuple[Swing, ...]  # the largest changes of more than SMALL_SWING
    words: tuple[str, ...]  # each swing as a sentence
    unit: str
    calm: str = ""  # with no swing: how little the line moved, in a sentence
    places_x: tuple[float, ...] = ()  # each plotted point along the axis, in the game's unit

    def point_of(self, position: int) -> int:
        """The plotted point nearest a position at or before it."""
        return max(0, bisect.bisect_right(self.line, position) - 1)


def count_at(words: Narrator[State], state: State) -> int:
    """The number of the game's unit a position is in, as its narrator counts it."""
    counter = getattr(words, "number", None) or getattr(words, "count_of")
    return int(counter(state))


def look_back(record: Record, values: Sequence[float], book: ReplayBook | None = None,
              count: int = 3) -> Review:
    """The review of a record from its values (the replay book is made if not given)."""
    book = book or ReplayBook.of(record)
    words = narrator_for(record.game, record.options)
    line = line_positions(record)
    states = book.states
    counts, places = [0], ["Start"]
    sections: list[tuple[int, str]] = []
    for k in range(1, len(line)):  # a step counts, and belongs to the part, where it was made
        made_in = states[line[k - 1]]
        counts.append(count_at(words, made_in))
        place = f"{capital(words.unit)} {counts[-1]}"
        section = words.section_of(made_in)
        places.append(f"{section}, {words.unit} {counts[-1]}" if section else place)
        if section and (not sections or sections[-1][1] != section):
            sections.append((k - 1, section))  # the part begins at the point the step leaves
    found = swings(record, values, count)
    sentences = []
    for swing in found:
        events = [event for i in range(swing.before, swing.after) for event in book.steps[i][1]]
        sentences.append(words.swing_words(states[swing.before], events, states[swing.after],
                                           values[swing.before], values[swing.after]))
    calm = ""
    if not found:
        largest = largest_step(record, values)
        calm = says.calm_review(SMALL_SWING, None if largest is None else (
            abs(largest.change), places[line.index(largest.after)],
            states[0].seat_name(0 if largest.change > 0 else 1)))
    return Review(tuple(values), tuple(line), tuple(counts), tuple(places),
                  tuple(sections) if len(sections) > 1 else (), tuple(found),
                  tuple(sentences), words.unit, calm, axis_places(counts))


class ReviewRun:
    """A record's values worked out in worker processes, polled without waiting."""

    def __init__(self, record: Record, samples: int = SAMPLES, jobs: int = JOBS) -> None:
        self.size = len(record.entries) + 1
        text = record.dumps()
        bounds = [(i, min(i + CHUNK, self.size)) for i in range(0, self.size, CHUNK)]
        pool = multiprocessing.get_context("spawn").Pool(processes=jobs)
        self._pool: Pool | None = pool
        self._tasks = [pool.apply_async(chunk_values, (text, start, stop, samples))
                       for start, stop in bounds]
        self._values: list[float] | None = None
        self.error = ""

    def progress(self) -> float:
        """How much is done, 0.0 to 1.0."""
        if self._values is not None:
            return 1.0
        done = sum(task.ready() for task in self._tasks)
        if done == len(self._tasks):
            self._collect()
        return done / len(self._tasks)

    @property
    def done(self) -> bool:
        """True once every value is in (or the work failed: `error` says why)."""
        return self.progress() >= 1.0

    def values(self) -> list[float]:
        """Seat 0's chance after each number of entries (empty until done, or on failure)."""
        return self._values if self._values is not None and not self.error else []

    def _collect(self) -> None:
        values: list[float] = []
        for task in self._tasks:
            try:
                values += task.get(0)
            except Exception as error:  # a worker failed: say so, keep the app up
                self.error = f"{type(error).__name__}: {error}"
                break
        self._values = values
        self._stop()

    def cancel(self) -> None:
        """Stop the workers (in the background: nothing waits on them)."""
        self._stop()

    def _stop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            threading.Thread(target=pool.terminate, name="quintet-review-stop",
                             daemon=True).start()
