"""A look back at a game: who was ahead after each entry, and the moves that swung it most.

Each position of a record is valued as the bots value a leaf: seat 0's chance from their game
knowledge, the mean of a fixed number of playouts (each ending in the game's evaluation) from
the position as an onlooker saw it: the public view with any sealed choice reopened, so a review
knows no secret the replay does not show. A finished position is worth its result. Every
position's playouts draw from the same seed, so the difference between two neighbours is the
position's and not the dice's.

`ReviewRun` works a record out in worker processes ("spawn", like the bots' worker), in chunks,
so the app's frame loop only polls it and can show how far it has got:

    run = ReviewRun(record)          # starts at once, returns at once
    run.progress()                   # 0.0 .. 1.0, each frame
    run.values()                     # seat 0's chance after each number of entries, once done
    run.cancel()                     # leaving: the workers are stopped, never waited for
"""
from __future__ import annotations

import dataclasses
import multiprocessing
import random
import threading
from typing import Sequence

from game.bots.games import knowledge_for
from game.bots.knowledge import terminal_value
from game.core import NodeKind, State
from game.record import CHANCE, AGREEMENT, Record, load_record

SAMPLES = 320  # playouts a position is valued by (shared among its worlds)
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
    """A decision and how far it moved seat 0's chance (the value after it minus before)."""

    index: int  # the entry: the position after it is index + 1
    change: float


def swings(record: Record, values: Sequence[float], count: int = 3) -> list[Swing]:
    """The `count` decisions that moved the chance most, largest first (chance and agreements
    are no one's move; at a secret turn the reveal carries both choices)."""
    moves = [Swing(i, values[i + 1] - values[i]) for i, entry in enumerate(record.entries)
             if entry.actor not in (CHANCE, AGREEMENT)]
    moves.sort(key=lambda s: (-abs(s.change), s.index))
    return [s for s in moves[:count] if abs(s.change) > 1e-9]


class ReviewRun:
    """A record's values worked out in worker processes, polled without waiting."""

    def __init__(self, record: Record, samples: int = SAMPLES, jobs: int = JOBS) -> None:
        self.size = len(record.entries) + 1
        text = record.dumps()
        bounds = [(i, min(i + CHUNK, self.size)) for i in range(0, self.size, CHUNK)]
        self._pool = multiprocessing.get_context("spawn").Pool(processes=jobs)
        self._tasks = [self._pool.apply_async(chunk_values, (text, start, stop, samples))
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
