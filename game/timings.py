"""The app's timings at animation speed 1, in seconds: the reveal's countdown, a bot's pause and
each board's animation beats.

Pure numbers, one definition: the play screen and the boards (`scenes/`) draw by them, and the
lengths tool (`game.tools.lengths`) reads them to say how long a game takes on screen.
"""
from __future__ import annotations

import dataclasses

COUNTDOWN_STEP = 0.45  # seconds per beat of "3, 2, 1, pull!"
COUNTDOWN_BEATS = 4  # beats of a simultaneous reveal's countdown ("3", "2", "1", the word)
BOT_PAUSE = 0.5  # seconds of calm board before a bot's move shows
STILL = 0.15  # a step with nothing to animate, on a board with no plan of its own


@dataclasses.dataclass(frozen=True)
class MoriartyTimes:
    """Moriarty's beats: tokens dropping in, the markers, slides and the verdicts."""

    drop: float = 0.42  # a token flying onto its column's start square
    bonus: float = 0.7  # both Bonus Colours chosen
    edge: float = 0.45  # the Edge given
    pivot: float = 0.45  # the Pivot chosen
    assign: float = 0.45  # tokens assigned
    reveal: float = 0.45  # the slides revealed
    slide: float = 0.5  # one token sliding (both actives together, then the Pivot)
    slide_gap: float = 0.05  # between the actives' slide and the Pivot's
    ended: float = 0.5  # a game declared over
    moriarty: float = 1.1  # a Moriarty declaration's verdict
    scored: float = 1.5  # a game's scores
    still: float = 0.2  # a step with nothing to show


@dataclasses.dataclass(frozen=True)
class PullingStringsTimes:
    """Pulling Strings' phases of a turn: reveal, pull, combine or snap, settle."""

    reveal: float = 0.3  # both pulled ends light up
    pull: float = 0.65  # the pulled strings slide, carrying their stacks
    combine: float = 0.35  # stacks landing together merge
    snap: float = 0.45  # a string pulled from the same end by both breaks
    settle: float = 0.15  # a breath after it all
    still: float = 0.15  # a step with no reveal


@dataclasses.dataclass(frozen=True)
class SynchTimes:
    """Move In Synch's beats of one move (`brisk` scales a late move that changes nothing)."""

    drop: float = 0.5  # a marker dropping in
    claim: float = 0.35  # a square filling
    arrow: float = 0.25  # the direction's arrows growing
    arrow_alone: float = 0.1  # longer, when the arrows show with no markers on the grid
    slide: float = 0.5  # both markers sliding
    block: float = 0.5  # a square crossed out
    mode_pop: float = 0.45  # an announced mode swelling in
    over: float = 0.2  # the game's end
    still: float = 0.2  # a step with nothing to show
    brisk: float = 0.45  # the pace of a move that claims nothing in a game's last stretch


@dataclasses.dataclass(frozen=True)
class TugOfWarTimes:
    """Tug of War's beats: dice tumbling, athletes joining or leaving, swaps and banners."""

    roll: float = 0.55  # one die tumbling
    roll_stagger: float = 0.07  # between two dice of one roll
    roll_gap: float = 0.05  # after a roll
    pair: float = 0.3  # a common die meeting a team die
    leave: float = 0.5  # a rival athlete flying off
    swap: float = 0.55  # a team die and a common die trading places
    join: float = 0.3  # an athlete joining the rope
    join_stagger: float = 0.06  # at most, between two athletes joining
    team_spread: float = 0.4  # at most, from the first to the last of a team forming
    rope_spread: float = 0.3  # at most, from the first to the last joining after a swap
    leave_one: float = 0.45  # one of a team's own athletes leaving
    leave_stagger: float = 0.06  # between two of them
    banner: float = 0.5  # the banner naming whose turn begins
    banner_overlap: float = 0.45  # how far it overlaps what came before
    won: float = 0.6  # the winner's banner
    still: float = 0.15  # a step with nothing to show


@dataclasses.dataclass(frozen=True)
class StrandsTimes:
    """Strands' beat: a stone dropping onto its space."""

    stone: float = 0.32
    still: float = 0.2


MORIARTY = MoriartyTimes()
PULLING_STRINGS = PullingStringsTimes()
SYNCH = SynchTimes()
TUG_OF_WAR = TugOfWarTimes()
STRANDS = StrandsTimes()
