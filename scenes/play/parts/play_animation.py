"""A step shown on the play screen: its events animated between the views either side, with
their sounds and the caption said once it has shown, and what the players must see before play
goes on (a result held on screen until acknowledged)."""
from __future__ import annotations

import dataclasses
from typing import Protocol, Sequence

from game.core import Event, State, Step
from game.words import play_screen as says
from game.words.base import Narrator, Summary
from scenes.shell.anim import Timeline



@dataclasses.dataclass
class Animation:
    """A step being shown: the observations either side, its events and their timeline."""

    before: State
    events: tuple[Event, ...]
    after: State
    timeline: Timeline
    t: float = 0.0
    cues: list = dataclasses.field(default_factory=list)  # (seconds, sound) still to play
    caption: str = ""  # what happened, in words: shown once the animation has shown it
    reveal: bool = False  # it shows simultaneous choices, revealed together
    decision: tuple | None = None  # (state, seat, move): noted once it shows
    summary: Summary | None = None  # results that wait on screen after it (a game of a match)
    backdrop: State | None = None  # the position shown behind the summary while it waits


@dataclasses.dataclass(frozen=True)
class Hold:
    """A result kept on screen until a player acknowledges it (any key, a click, Continue)."""

    prompt: str  # the top bar's words while it is held ("Both seen it? Continue, then ...")
    summary: Summary | None = None  # a card of results over the board
    backdrop: State | None = None  # the position the card is about, shown behind it
    events: tuple[Event, ...] = ()  # the step that led to it (a board may mark what it did)


class Planner(Protocol):
    """What a step's animation is asked of: a game's board (this module stays pygame-free)."""

    def animate(self, before: State, events: Sequence[Event], after: State) -> Timeline:
        """The plan of a step's animation: its tracks and the sounds cued along them."""

    def settled(self, before: State, events: Sequence[Event], after: State) -> State:
        """The position to keep showing behind the step's summary while it is read."""


def animation_of(board: Planner, words: Narrator, before: State, step: Step, after: State,
                 reveal: bool = False) -> Animation:
    """A step animated on `board` from the view `before` to the view `after`, told by `words`."""
    timeline = board.animate(before, step.events, after)
    summary = words.summary(before, step.events, after)
    return Animation(before, tuple(step.events), after, timeline,
                     cues=sorted(timeline.cues),  # the plan lays its sounds
                     caption=words.describe(before, step.events, after), reveal=reveal,
                     summary=summary, backdrop=None if summary is None else
                     board.settled(before, step.events, after))


def hold_after(anim: Animation, state: State, private: list[int]) -> Hold | None:
    """What to keep on screen once `anim` has shown, leading to `state`, while the next screen
    would cover it (the results, or a hand-off to the first seat of `private`), until it is
    seen; None when play simply goes on."""
    if anim.summary is not None:
        return Hold(says.hold_prompt(True, state.is_terminal, None), anim.summary, anim.backdrop,
                    anim.events)
    if not anim.reveal:
        return None
    if state.is_terminal:
        return Hold(says.hold_prompt(False, True, None))
    if private:
        return Hold(says.hold_prompt(False, False, state.seat_name(private[0])))
    return None
