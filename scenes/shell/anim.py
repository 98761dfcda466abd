"""Tweens and timelines driven by elapsed seconds: easing curves and a Timeline of tracks.

A board's animation of a step is one Timeline, its plan: tracks keyed by small frozen payloads
(a board's own dataclasses, such as a token sliding in a column) that drawing reads, and the
sound cues laid in the same walk over the events, which the player reads.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Callable, Hashable, Iterator, NamedTuple

Ease = Callable[[float], float]


def linear(p: float) -> float:
    """No easing."""
    return p


def ease_out_cubic(p: float) -> float:
    """Fast start, gentle landing."""
    return 1 - (1 - p) ** 3


def ease_in_out_cubic(p: float) -> float:
    """Gentle start and landing."""
    return 4 * p ** 3 if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2


def ease_out_back(p: float) -> float:
    """Overshoots a little, then settles: for pieces landing."""
    c = 1.70158
    return 1 + (c + 1) * (p - 1) ** 3 + c * (p - 1) ** 2


def ease_out_bounce(p: float) -> float:
    """Lands with a couple of bounces: for dice."""
    n, d = 7.5625, 2.75
    if p < 1 / d:
        return n * p * p
    if p < 2 / d:
        p -= 1.5 / d
        return n * p * p + 0.75
    if p < 2.5 / d:
        p -= 2.25 / d
        return n * p * p + 0.9375
    p -= 2.625 / d
    return n * p * p + 0.984375


def lerp(a: float, b: float, p: float) -> float:
    """The value a fraction p of the way from a to b."""
    return a + (b - a) * p


def lerp_point(a: tuple[float, float], b: tuple[float, float], p: float) -> tuple[float, float]:
    """The point a fraction p of the way from a to b."""
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def pulse(t: float, period: float = 1.2) -> float:
    """A smooth 0..1..0 wave with this period: for highlights that breathe."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * t / period)


@dataclasses.dataclass(frozen=True)
class Still:
    """A track of a still moment: a step with nothing to move still takes a breath."""


STILL = Still()


class Cue(NamedTuple):
    """A sound to play this many seconds into an animation."""

    at: float
    sound: str


@dataclasses.dataclass(frozen=True)
class Track:
    """One tween in a timeline: a payload animated from `start` for `duration` seconds."""

    payload: Hashable
    start: float
    duration: float
    ease: Ease = ease_out_cubic

    def progress(self, t: float) -> float:
        """Eased progress 0..1 at time t (0 before the start, 1 after the end)."""
        if t <= self.start:
            return 0.0
        if self.duration <= 0 or t >= self.start + self.duration:
            return 1.0
        return self.ease((t - self.start) / self.duration)


class Timeline:
    """An animation's plan: tracks laid out in time, whose progress boards read while drawing,
    and the sounds cued along them."""

    def __init__(self) -> None:
        self.tracks: list[Track] = []
        self.cues: list[Cue] = []  # in the order laid; players sort them
        self.cursor = 0.0  # where `then` places the next track

    @property
    def duration(self) -> float:
        """When the last track ends."""
        return max((tr.start + tr.duration for tr in self.tracks), default=0.0)

    def add(self, payload: Hashable, duration: float, at: float | None = None,
            ease: Ease = ease_out_cubic) -> Track:
        """Add a track starting at `at` (default: the cursor) without moving the cursor."""
        track = Track(payload, self.cursor if at is None else at, duration, ease)
        self.tracks.append(track)
        return track

    def then(self, payload: Hashable, duration: float, ease: Ease = ease_out_cubic,
             gap: float = 0.0) -> Track:
        """Add a track after the cursor and move the cursor to its end."""
        track = self.add(payload, duration, self.cursor + gap, ease)
        self.cursor = track.start + track.duration
        return track

    def pause(self, seconds: float) -> None:
        """Move the cursor on, leaving a still moment."""
        self.cursor += seconds

    def cue(self, sound: str, at: float | None = None) -> None:
        """Cue a sound at `at` seconds (default: the cursor)."""
        self.cues.append(Cue(self.cursor if at is None else at, sound))

    def progress(self, payload: Hashable, t: float, default: float = 1.0) -> float:
        """Progress of the first track with this payload (default if there is none)."""
        for track in self.tracks:
            if track.payload == payload:
                return track.progress(t)
        return default

    def progress_by_payload(self, t: float) -> dict[Hashable, float]:
        """Every track's progress at t, by payload."""
        return {track.payload: track.progress(t) for track in self.tracks}

    def started(self, t: float) -> Iterator[tuple[Hashable, float]]:
        """Every track already begun at t, with its progress."""
        for track in self.tracks:
            if t > track.start or track.duration <= 0 and t >= track.start:
                yield track.payload, track.progress(t)
