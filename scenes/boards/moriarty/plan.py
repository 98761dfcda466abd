"""Moriarty's animation plan: one walk over a step's events lays out the tracks the board draws
and the sounds cued along them."""
from __future__ import annotations

import dataclasses
import enum
from typing import Sequence

from game.core import Event
from game.rules.moriarty import (
    BonusesChosen,
    EdgeGiven,
    GameEndDeclared,
    GameScored,
    MoriartyDeclared,
    PivotChosen,
    SlidesRevealed,
    TokenPlaced,
    TokensAssigned,
    TokenSlid,
)
from game.timings import MORIARTY as T
from scenes.shell.anim import STILL, Timeline, ease_in_out_cubic, ease_out_back

SLIDE_TIME = T.slide


class Beat(enum.Enum):
    """A track of the plan that happens once a step: a marker, a reveal or a verdict."""

    BONUS = "bonus"
    EDGE = "edge"
    PIVOT = "pivot"
    ASSIGN = "assign"
    REVEAL = "reveal"
    ENDED = "ended"
    MORIARTY = "moriarty"
    SCORED = "scored"


@dataclasses.dataclass(frozen=True)
class Drop:
    """A track of the plan: a token flying from the tray onto its column's start square."""

    column: int


@dataclasses.dataclass(frozen=True)
class Sliding:
    """A track of the plan: the token of a column sliding to its new row."""

    column: int


def plan(events: Sequence[Event]) -> Timeline:
    """Tokens drop in, markers appear, slides run (the Pivot after the actives), verdicts; with
    a place, claim, select, slide or reveal sound where each begins."""
    timeline = Timeline()
    slides_at = None
    for event in events:
        if isinstance(event, TokenPlaced):
            timeline.cue("place")
            timeline.then(Drop(event.column), T.drop, ease_out_back)
        elif isinstance(event, BonusesChosen):
            timeline.then(Beat.BONUS, T.bonus)
        elif isinstance(event, EdgeGiven):
            timeline.then(Beat.EDGE, T.edge, ease_in_out_cubic)
        elif isinstance(event, PivotChosen):
            timeline.cue("select")
            timeline.then(Beat.PIVOT, T.pivot, ease_out_back)
        elif isinstance(event, TokensAssigned):
            timeline.cue("claim")
            timeline.then(Beat.ASSIGN, T.assign)
        elif isinstance(event, SlidesRevealed):
            timeline.then(Beat.REVEAL, T.reveal)
        elif isinstance(event, TokenSlid) and event.role == "active":
            if slides_at is None:  # both actives slide together, under one sound
                slides_at = timeline.cursor
                timeline.cue("slide", at=slides_at)
            timeline.add(Sliding(event.column), SLIDE_TIME, at=slides_at, ease=ease_in_out_cubic)
        elif isinstance(event, TokenSlid):
            if slides_at is not None:
                timeline.cursor = slides_at + SLIDE_TIME
            track = timeline.then(Sliding(event.column), SLIDE_TIME, ease_in_out_cubic,
                                  gap=T.slide_gap)
            timeline.cue("slide", at=track.start)
        elif isinstance(event, GameEndDeclared):
            timeline.then(Beat.ENDED, T.ended)
        elif isinstance(event, MoriartyDeclared):
            track = timeline.then(Beat.MORIARTY, T.moriarty)
            timeline.cue("reveal", at=track.start + track.duration * 0.45)
        elif isinstance(event, GameScored):
            timeline.cue("reveal")
            timeline.then(Beat.SCORED, T.scored)
    if not timeline.tracks:
        timeline.add(STILL, T.still)
    return timeline
