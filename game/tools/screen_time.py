"""How long the app's screen takes over a step of a game, at animation speed 1: a reveal's
countdown, the board's animation of the step's events, and whether a summary card then waits
for a click.

The seconds come from `game.timings`, the numbers the boards animate by; how a board lays its
beats out (one after another, or together) is modelled here in a few lines a board, so a test
(tests/test_lengths_screen_time.py) holds this model to the boards' own plans.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from game import timings
from game.core import ChoiceSealed, Event, GameOver, NodeKind, State, Step
from game.rules import moriarty as mo
from game.rules import pulling_strings as ps
from game.rules import strands as st
from game.rules import synch as sy
from game.rules import tug_of_war as tw
from game.words import narrator_for


@dataclasses.dataclass(frozen=True)
class Shown:
    """One step of a game as the app shows it: who took it (0 the first player, 1 the second,
    -1 chance), the thinking it took, whether it was a secret (simultaneous) choice, whether it
    was sealed unseen, the seconds the screen then takes, and whether a summary card waits."""

    player: int
    think: float
    secret: bool
    sealed: bool
    seconds: float
    holds: bool = False


def shown(game_id: str, before: State, step: Step, player: int, think: float) -> Shown:
    """The step from `before`, as the app would show it."""
    events = step.events
    secret = before.kind is NodeKind.SIMULTANEOUS
    if any(isinstance(e, ChoiceSealed) for e in events):
        return Shown(player, think, secret, True, 0.0)
    words = narrator_for(game_id)
    seconds = animation_seconds(game_id, before, events, step.state)
    if secret and words.countdown_word(before, events):
        seconds += timings.COUNTDOWN_BEATS * timings.COUNTDOWN_STEP
    holds = words.summary(before, events, step.state) is not None
    return Shown(player, think, secret, False, seconds, holds)


def animation_seconds(game_id: str, before: State, events: Sequence[Event],
                      after: State) -> float:
    """The board's animation of a step's events, in seconds at speed 1."""
    return _MODELS.get(game_id, _still)(events, after)


def _still(events: Sequence[Event], after: Any) -> float:
    return timings.STILL


def _moriarty(events: Sequence[Event], after: Any) -> float:
    t = timings.MORIARTY
    cursor, slides_at, end = 0.0, None, 0.0
    beats: Mapping[type, float] = {mo.TokenPlaced: t.drop, mo.BonusesChosen: t.bonus,
                                   mo.EdgeGiven: t.edge, mo.PivotChosen: t.pivot,
                                   mo.TokensAssigned: t.assign, mo.SlidesRevealed: t.reveal,
                                   mo.GameEndDeclared: t.ended, mo.MoriartyDeclared: t.moriarty,
                                   mo.GameScored: t.scored}
    for event in events:
        if type(event) in beats:
            cursor += beats[type(event)]
        elif isinstance(event, mo.TokenSlid) and event.role == "active":
            slides_at = cursor if slides_at is None else slides_at
            end = max(end, slides_at + t.slide)
            continue
        elif isinstance(event, mo.TokenSlid):
            cursor = (cursor if slides_at is None else slides_at + t.slide) + t.slide_gap + t.slide
        else:
            continue
        end = max(end, cursor)
    return end or t.still


def _pulling_strings(events: Sequence[Event], after: Any) -> float:
    t = timings.PULLING_STRINGS
    if not any(isinstance(e, ps.PullsRevealed) for e in events):
        return t.still
    tail = t.settle
    if any(isinstance(e, ps.StacksCombined) for e in events):
        tail = max(tail, t.combine)
    if any(isinstance(e, ps.StringBroken) for e in events):
        tail = max(tail, t.snap)
    return t.reveal + t.pull + tail


def _synch(events: Sequence[Event], after: Any) -> float:
    t = timings.SYNCH
    claims = any(isinstance(e, sy.SquareClaimed) for e in events)
    last_stretch = after.claims.count(0) <= after.size
    pace = t.brisk if last_stretch and not claims and not after.placing else 1.0
    cursor = t.drop * pace * sum(isinstance(e, sy.MarkerPlaced) for e in events)
    if any(isinstance(e, sy.MarkerMoved) for e in events):
        cursor += (t.arrow + t.slide) * pace
    elif any(isinstance(e, sy.DirectionChosen) for e in events):
        cursor += (t.arrow + t.arrow_alone) * pace
    elif cursor == 0 and any(isinstance(e, sy.ModeAnnounced) for e in events):
        cursor += t.mode_pop * pace
    end = cursor
    if claims:
        end = max(end, cursor + t.claim * pace)
    if any(isinstance(e, sy.ClaimBlocked) for e in events):
        end = max(end, cursor + t.block * pace)
    if any(isinstance(e, GameOver) for e in events):
        end += t.over
    return end or t.still


def _tug_of_war(events: Sequence[Event], after: Any) -> float:
    t = timings.TUG_OF_WAR
    cursor, end = 0.0, 0.0
    for event in events:
        if isinstance(event, tw.DiceRolled):
            end = max(end, cursor + t.roll_stagger * (len(event.slots) - 1) + t.roll)
            cursor += t.roll + t.roll_stagger * (len(event.slots) - 1) + t.roll_gap
            continue  # (the gap after a roll is no track)
        elif isinstance(event, tw.TeamFormed):
            cursor = _joined(cursor, event.athletes, t.team_spread)
        elif isinstance(event, tw.AthleteRemoved):
            cursor += t.pair + t.leave
        elif isinstance(event, tw.DiceExchanged):
            cursor += t.swap
            if event.change > 0:
                cursor = _joined(cursor, event.change, t.rope_spread)
            elif event.change < 0:
                cursor += t.leave_stagger * (-event.change - 1) + t.leave_one
        elif isinstance(event, tw.TurnStarted):
            cursor = max(0.0, cursor - t.banner_overlap) + t.banner
        elif isinstance(event, GameOver):
            cursor += t.won
        else:
            continue
        end = max(end, cursor)
    return end or t.still


def _joined(cursor: float, count: int, spread: float) -> float:
    """Where the cursor stands once `count` athletes have joined the rope."""
    t = timings.TUG_OF_WAR
    if count <= 0:
        return cursor
    return cursor + (count - 1) * min(t.join_stagger, spread / count) + t.join


def _strands(events: Sequence[Event], after: Any) -> float:
    t = timings.STRANDS
    stones = sum(isinstance(e, st.StonePlaced) for e in events)
    return stones * t.stone or t.still


_MODELS: Mapping[str, Callable[[Sequence[Event], Any], float]] = {
    "moriarty": _moriarty, "pulling_strings": _pulling_strings, "synch": _synch,
    "tug_of_war": _tug_of_war, "strands": _strands}
