"""Pulling Strings' animation plan: one walk over a step's events lays out the tracks the board
draws (the revealed ends light up, the strings pull, stacks combine, a string snaps) and the
sounds cued along them."""
from __future__ import annotations

import enum
from typing import Sequence

from game.core import Event
from game.rules.pulling_strings import StacksCombined, StackSplit, StringBroken
from game.words.pulling_strings import reveal_of
from game.timings import PULLING_STRINGS as T
from scenes.shell.anim import STILL, Timeline, ease_in_out_cubic, ease_out_cubic

REVEAL, PULL, SETTLE, SNAP = T.reveal, T.pull, T.combine, T.snap  # seconds at speed 1
SPLIT_AT = 0.18  # share of the pull a splitting stack wobbles whole before it parts


class Beat(enum.Enum):
    """A track of the plan: each happens once a turn."""

    REVEAL = "reveal"  # both pulled ends light up
    PULL = "pull"  # the pulled strings slide, carrying their stacks
    COMBINE = "combine"  # stacks landing together merge
    SNAP = "snap"  # a string pulled from the same end by both breaks
    SETTLE = "settle"  # a breath after it all


def plan(events: Sequence[Event]) -> Timeline:
    """Reveal the ends, pull (moves, splits, holds), then combine and snap together; a pull
    sound as the strings move, a split, a combine and a snap at their moments."""
    timeline = Timeline()
    if reveal_of(events) is None:
        timeline.add(STILL, T.still)
        return timeline
    timeline.then(Beat.REVEAL, REVEAL)
    timeline.cue("pull")
    timeline.then(Beat.PULL, PULL, ease_in_out_cubic)
    if any(isinstance(e, StackSplit) for e in events):
        timeline.cue("split", at=REVEAL + PULL * SPLIT_AT)
    if any(isinstance(e, StacksCombined) for e in events):
        timeline.add(Beat.COMBINE, SETTLE, ease=ease_out_cubic)
        timeline.cue("combine")
    if any(isinstance(e, StringBroken) for e in events):
        timeline.add(Beat.SNAP, SNAP, ease=ease_out_cubic)
        timeline.cue("snap", at=REVEAL + PULL + 0.02)
    timeline.add(Beat.SETTLE, T.settle)
    return timeline
