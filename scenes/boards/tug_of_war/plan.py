"""Tug of War's animation plan: one walk over a step's events lays out the tracks the board draws
(dice tumbling, athletes joining or flying off, dice paired or swapped, a turn's or a win's
banner) and the sounds cued along them."""
from __future__ import annotations

import dataclasses
from typing import Sequence

from game.core import Event, GameOver
from game.rules.tug_of_war import (
    AthleteRemoved,
    DiceExchanged,
    DiceRolled,
    TeamFormed,
    TurnStarted,
)
from game.timings import TUG_OF_WAR as T
from scenes.shell.anim import STILL, Timeline, ease_in_out_cubic, ease_out_back, linear

ROLL_TIME = T.roll


def team_spot(seat: int, slot: int) -> tuple[str, int, int]:
    """The spot of one of a seat's team dice."""
    return ("team", seat, slot)


def common_spot(slot: int) -> tuple[str, int]:
    """The spot of one of the common dice."""
    return ("common", slot)


@dataclasses.dataclass(frozen=True)
class Roll:
    """A track of the plan: a die (by its spot) tumbling to its new face."""

    spot: tuple


@dataclasses.dataclass(frozen=True)
class Join:
    """A track of the plan: an athlete (by seat and place on the rope) dropping in."""

    seat: int
    index: int


@dataclasses.dataclass(frozen=True)
class Leave:
    """A track of the plan: an athlete (by seat and place on the rope) flying off."""

    seat: int
    index: int


@dataclasses.dataclass(frozen=True)
class Pair:
    """A track of the plan: a common die linked to the team die it beats or matches."""

    common: tuple
    team: tuple


@dataclasses.dataclass(frozen=True)
class Swap:
    """A track of the plan: a team die and a common die trading places."""

    common_slot: int
    seat: int
    team_slot: int


@dataclasses.dataclass(frozen=True)
class Banner:
    """A track of the plan: a pill naming a side whose turn begins (or who has won)."""

    seat: int | None
    won: bool = False


def plan(events: Sequence[Event]) -> Timeline:
    """Dice tumble and land (a rattle), athletes join (a thud) or fly off (a snap), swapped
    dice trade places (a slide), and a banner names whose turn it is."""
    timeline = Timeline()
    t = 0.0
    for event in events:
        if isinstance(event, DiceRolled):
            for k, slot in enumerate(event.slots):
                spot = team_spot(event.seat, slot) if event.group == "team" \
                    else common_spot(slot)
                timeline.add(Roll(spot), ROLL_TIME, at=t + T.roll_stagger * k, ease=linear)
            timeline.cue("dice", at=t)
            t += ROLL_TIME + T.roll_stagger * (len(event.slots) - 1) + T.roll_gap
        elif isinstance(event, TeamFormed):
            t = _joins(timeline, t, event.seat, 0, event.athletes, T.team_spread)
        elif isinstance(event, AthleteRemoved):
            pair = Pair(common_spot(event.common_slot), team_spot(event.seat, event.team_slot))
            timeline.add(pair, T.pair, at=t, ease=ease_in_out_cubic)
            t += T.pair
            timeline.add(Leave(1 - event.seat, event.remaining), T.leave, at=t, ease=linear)
            timeline.cue("snap", at=t)
            t += T.leave
        elif isinstance(event, DiceExchanged):
            timeline.add(Swap(event.common_slot, event.seat, event.team_slot), T.swap, at=t,
                         ease=ease_in_out_cubic)
            timeline.cue("slide", at=t)
            t += T.swap
            t = _rope_change(timeline, t, event)
        elif isinstance(event, TurnStarted):
            start = max(0.0, t - T.banner_overlap)  # overlapping the end of what came before
            timeline.add(Banner(event.seat), T.banner, at=start, ease=linear)
            t = start + T.banner
        elif isinstance(event, GameOver):
            timeline.add(Banner(event.outcome.winner, won=True), T.won, at=t, ease=linear)
            t += T.won
    if not timeline.tracks:
        timeline.add(STILL, T.still, at=0.0, ease=linear)
    return timeline


def _joins(timeline: Timeline, t: float, seat: int, first: int, last: int,
           spread: float) -> float:
    count = last - first
    if count <= 0:
        return t
    stagger = min(T.join_stagger, spread / count)
    for k, index in enumerate(range(first, last)):
        timeline.add(Join(seat, index), T.join, at=t + k * stagger, ease=ease_out_back)
    timeline.cue("place", at=t)
    if count > 4:
        timeline.cue("place", at=t + count * stagger * 0.6)
    return t + (count - 1) * stagger + T.join


def _rope_change(timeline: Timeline, t: float, event: DiceExchanged) -> float:
    was = event.on_rope - event.change
    if event.change > 0:
        return _joins(timeline, t, event.seat, was, event.on_rope, T.rope_spread)
    for k, index in enumerate(range(was - 1, event.on_rope - 1, -1)):
        timeline.add(Leave(event.seat, index), T.leave_one, at=t + T.leave_stagger * k,
                     ease=linear)
    if event.change < 0:
        timeline.cue("place", at=t)
        return t + T.leave_stagger * (-event.change - 1) + T.leave_one
    return t
