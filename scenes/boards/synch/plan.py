"""Synch's animation plan: one walk over a step's events lays out the tracks the board draws
(markers dropping in, the direction's arrow, both markers sliding or bumping, squares filled or
crossed out) and the sounds cued along them."""
from __future__ import annotations

import dataclasses
import enum
from typing import Sequence

from game.core import Event, GameOver
from game.rules.synch import (
    ClaimBlocked,
    DirectionChosen,
    MarkerHeld,
    MarkerMoved,
    MarkerPlaced,
    ModeAnnounced,
    SquareClaimed,
)
from game.timings import SYNCH as T
from scenes.shell.anim import (
    STILL,
    Timeline,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_bounce,
    linear,
)

# timings of one move at speed 1, in seconds
DROP, CLAIM, ARROW, SLIDE, BLOCK, MODE_POP = T.drop, T.claim, T.arrow, T.slide, T.block, T.mode_pop


class Beat(enum.Enum):
    """A track of the plan that happens once a move."""

    ARROW = "arrow"  # the chosen direction's arrows grow
    SLIDE = "slide"  # both markers slide
    MODE = "mode"  # an announced mode swells in
    OVER = "over"  # the game's end


@dataclasses.dataclass(frozen=True)
class Drop:
    """A track of the plan: a seat's marker dropping onto its first square."""

    seat: int


@dataclasses.dataclass(frozen=True)
class Held:
    """A track of the plan: a seat's marker bumping against the edge or a claimed square."""

    seat: int


@dataclasses.dataclass(frozen=True)
class Claim:
    """A track of the plan: a square filling with its new owner's symbol."""

    square: tuple[int, int]


@dataclasses.dataclass(frozen=True)
class Blocked:
    """A track of the plan: a square both markers met on, crossed out."""

    square: tuple[int, int]


def plan(events: Sequence[Event], pace: float = 1.0) -> Timeline:
    """Drop in (a thud), show the direction, slide both markers (a slide; a buzz for a marker
    held), then fill (a chime) or cross out (a buzz) squares; `pace` below 1 is brisker."""
    timeline = Timeline()
    drop, arrow, slide, claim, block, pop = (t * pace for t in (DROP, ARROW, SLIDE, CLAIM, BLOCK,
                                                             MODE_POP))
    for event in events:
        if isinstance(event, MarkerPlaced):
            track = timeline.then(Drop(event.seat), drop, ease_out_bounce)
            _cue(timeline, "place", track.start + track.duration * 0.35)
    if any(isinstance(e, MarkerMoved) for e in events):
        timeline.then(Beat.ARROW, arrow)
        track = timeline.add(Beat.SLIDE, slide, ease=ease_in_out_cubic)
        _cue(timeline, "slide", track.start)
        for event in events:
            if isinstance(event, MarkerHeld):
                track = timeline.add(Held(event.seat), slide, ease=linear)
                _cue(timeline, "deny", track.start + slide / 2)
        timeline.pause(slide)
    elif any(isinstance(e, DirectionChosen) for e in events):
        timeline.then(Beat.ARROW, arrow + T.arrow_alone * pace)
    if any(isinstance(e, ModeAnnounced) for e in events) and not timeline.tracks:
        timeline.then(Beat.MODE, pop, ease_out_back)
    start = timeline.cursor
    for event in events:
        if isinstance(event, SquareClaimed):
            timeline.add(Claim(event.square), claim, at=start, ease=ease_out_back)
            _cue(timeline, "claim", start)
        elif isinstance(event, ClaimBlocked):
            timeline.add(Blocked(event.square), block, at=start, ease=linear)
            _cue(timeline, "deny", start + 0.1)
    if any(isinstance(e, GameOver) for e in events):
        timeline.add(Beat.OVER, T.over, at=timeline.duration)
    if not timeline.tracks:
        timeline.add(STILL, T.still)
    return timeline


def _cue(timeline: Timeline, sound: str, at: float) -> None:
    """Cue a sound once: two squares claimed at one moment chime once."""
    if (at, sound) not in timeline.cues:
        timeline.cue(sound, at=at)
