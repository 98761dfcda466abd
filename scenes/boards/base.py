"""Board: the per-game renderer and input mapper that the play scene wraps around the engine.

The play scene owns the match, turns and hand-offs; a board only knows how to draw one game and
where its choices are. The contract, in the order the scene uses it:

- `layout(area)`: compute geometry for the board's rectangle of the window.
- `path(move)`: the spots a player clicks, in order, to make a move. A spot is any hashable
  value. Most moves are one spot (a cell, a string end); a Tug of War exchange is two (a team die,
  then a common die). A `Choice` spot is not on the board: the scene shows it as a button in the
  action bar. The default path is one `Choice` labelled with the move's text.
- `spot_rect(spot)`: where a board spot is (hit box and focus ring), or None when not on screen.
- `spot_at(pos)`: the board spot under a point, legal or not, so a wrong click can be explained.
- `guess_move(path)`: the move a (possibly illegal) clicked path would mean, or None; the scene
  asks the engine why that move is illegal and says so.
- `animate(before, events, after)`: the step's animation plan, a Timeline laid out in one walk
  over the events (`plan`): typed tracks whose progress `draw` reads, and the sound cues.
- `draw(surface, view)`: draw `view.state` (only ever an observation: the chooser's or the
  public one) and the highlights in `view`. Never changes the game.
- `settled(...)`: the position to keep showing behind a summary card.

A board holds no words of its own: every sentence comes from its game's narrator
(`game/words/`), which the board keeps as `self.words` for the few words it draws.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Generic, Hashable, Mapping, Sequence, TypeVar

import pygame

from game.core import Event, Move, State, StateT
from game.last_moves import Turn
from game.spec import GameSpec
from game.timings import STILL as STILL_SECONDS
from game.words import narrator_for
from game.words.base import Narrator, PickOptions, Summary
from game.words.examples import Example, examples_for
from scenes.shell import theme as th
from scenes.shell.anim import STILL, Timeline

Spot = Hashable
MoveT = TypeVar("MoveT", bound=Move)
SUMMARY_TITLE, SUMMARY_TEXT = th.HEADING * 1.2, th.BODY  # a summary card's heading and words


@dataclasses.dataclass(frozen=True)
class Choice:
    """A spot shown as a button in the action bar (moves that have no place on the board)."""

    label: str
    key: str = ""  # what a player types for it; shown as the button's hint
    order: int = 0  # buttons are sorted by this, then label


@dataclasses.dataclass
class View(Generic[StateT]):
    """What the board draws this frame: an observation and the scene's highlights."""

    state: StateT  # an observation only: the choosing seat's, or the public one
    seat: int | None  # whose private view this is (None: the public view)
    chooser: int | None  # the seat choosing now (None while nobody is)
    clickable: frozenset = frozenset()  # spots that continue a legal path now
    selected: tuple = ()  # spots picked so far on the way to a move
    hover: Spot | None = None
    focus: Spot | None = None
    before: StateT | None = None  # the observation before the animating step
    events: tuple[Event, ...] = ()  # the animating step's events
    timeline: Timeline | None = None
    t: float = 0.0  # seconds into the timeline
    clock: float = 0.0  # seconds since the scene began (for idle motion such as pulsing)
    thinking: int | None = None  # a computer player's seat while it thinks about its move
    last: Mapping[int, tuple[Turn, ...]] = dataclasses.field(default_factory=dict)  # by seat,
    # its last few turns, newest last, for marks at a glance

    @property
    def animating(self) -> bool:
        """True while the timeline runs."""
        return self.timeline is not None and self.t < self.timeline.duration

    @property
    def words_state(self) -> StateT:
        """The state that words and figures describe: the one before the step until its
        animation has shown it (the pictures move first, then the words follow)."""
        return self.before if self.animating and self.before is not None else self.state

    def progress(self, payload: Hashable, default: float = 1.0) -> float:
        """How far the animating step's track for `payload` has run, 0 to 1; `default` (done)
        where the step has no such track, and so also when nothing animates."""
        if self.timeline is None:
            return default
        return self.timeline.progress(payload, self.t, default)

    def hot(self, spot: Spot) -> bool:
        """True when a spot is hovered or focused."""
        return spot is not None and spot in (self.hover, self.focus)

    def looks(self, spot: Spot) -> dict[str, bool]:
        """How a spot shows the mouse, the keyboard, a legal and a picked choice:
        th.draw_choice's keywords."""
        return {"hovered": spot is not None and spot == self.hover,
                "focused": spot is not None and spot == self.focus,
                "legal": spot in self.clickable, "picked": spot in self.selected}

    def states(self, spot: Spot) -> set[str]:
        """The states (th.STATES) a spot is in now, but its last move (the board knows it):
        `looks` as a set (every spot of a board asks, every frame)."""
        states = set()
        if spot is not None and spot == self.hover:
            states.add(th.HOVER)
        if spot is not None and spot == self.focus:
            states.add(th.FOCUS)
        if spot in self.clickable:
            states.add(th.LEGAL)
        if spot in self.selected:
            states.add(th.PICKED)
        return states


BOARD_RADIUS = 16  # design pixels: the rounding of every board's area (the countdown's veil
# over it follows the same curve)


def draw_board_area(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect) -> None:
    """A board's rounded area, the ground everything on it is drawn over."""
    pygame.draw.rect(surface, th.BOARD, rect, border_radius=theme.px(BOARD_RADIUS))


PLAY_AREA = (936, 508)  # the play screen's board area at 1280x720, in design pixels


def board_picture(board: "Board[Any]", view: View[Any], size: tuple[int, int],
                  fill) -> pygame.Surface:
    """The board drawn for `view` as in play (at the play screen's size), shrunk to fit `size`
    and centred on `fill` (a picture for a card or a preview: drawn without its words)."""
    theme = board.theme
    full = pygame.Surface((theme.px(PLAY_AREA[0]), theme.px(PLAY_AREA[1])))
    full.fill(th.BACKGROUND)
    with theme.pictures():  # shrunk, its words would be too small to read: it writes none
        board.layout(full.get_rect())
        board.draw(full, view)
    scale = min(size[0] / full.get_width(), size[1] / full.get_height())
    shrunk = pygame.transform.smoothscale(full, (max(1, round(full.get_width() * scale)),
                                                 max(1, round(full.get_height() * scale))))
    picture = pygame.Surface(size)
    picture.fill(fill)
    picture.blit(shrunk, shrunk.get_rect(center=(size[0] // 2, size[1] // 2)))
    return picture


def latest(turns: tuple[Turn, ...],
           kind: type[MoveT] | tuple[type[MoveT], ...]) -> tuple[State, MoveT] | None:
    """The newest decision of this kind (or these kinds) of move among a seat's last turns."""
    for turn in reversed(turns):
        for state, move in reversed(turn):
            if isinstance(move, kind):
                return state, move
    return None


class Board(Generic[StateT]):
    """A plain board: every legal move is a button. Games subclass it and draw their board."""

    seat_colours: tuple = th.SEAT_COLOURS  # a game whose seats name colours overrides this
    keywords: tuple[str, ...] = ()  # words of the move notation, so typing one is not cut short
    background: pygame.Surface | None = None  # the fixed layer a board's layout draws, if any
    numbered_hints = True  # a hinted turn of several clicks shows their order (see Strands)

    @property
    def last_colours(self) -> tuple:
        """The colour of each seat's last-move mark: the seat's own colour, unless the board
        marks a last move otherwise (a Go-like ring on a stone)."""
        return self.seat_colours

    def __init__(self, spec: GameSpec, options: Mapping[str, Any], theme: th.Theme) -> None:
        self.spec = spec
        self.options = options
        self.theme = theme
        self.words: Narrator[StateT] = narrator_for(spec.id, options)  # the few words drawn
        self.area = pygame.Rect(0, 0, 0, 0)

    # ---- geometry and input ---------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Compute geometry for this part of the window."""
        self.area = pygame.Rect(area)

    def path(self, move: Move, state: StateT) -> tuple[Spot, ...]:
        """The spots clicked, in order, to make this move in this state."""
        return (Choice(str(move), str(move)),)

    def ground(self) -> pygame.Surface:
        """The fixed layer drawn under the play, laid out now if the board never was."""
        if self.background is None:
            self.layout(self.area)
        if self.background is None:
            raise RuntimeError(f"{type(self).__name__}.layout draws no fixed layer")
        return self.background

    def stage(self) -> pygame.Rect:
        """Where the play itself is (the countdown shows over it, clear of any panel)."""
        return self.area

    def panels(self) -> list[pygame.Rect]:
        """The board's own panels (seat cards, notes...): text stays inside the one it is in."""
        return []

    def paths(self, move: Move, state: StateT) -> list[tuple[Spot, ...]]:
        """Every way of clicking this move (dice picked in any order, either of two equal dice);
        the first is `path`'s."""
        return [tuple(self.path(move, state))]

    def pick_options(self, state: StateT, seat: int, selected: tuple, clickable) -> PickOptions:
        """What may be picked now, as facts for the narrator's wrong-click help: the buttons
        by label and how many spots are picked (a board with dice adds them by value)."""
        return PickOptions((), tuple(c.label for c in clickable if isinstance(c, Choice)),
                           len(selected))

    def spot_rect(self, spot: Spot) -> pygame.Rect | None:
        """The on-board rectangle of a spot, or None."""
        return None

    def spot_shape(self, spot: Spot) -> th.Shape | None:
        """The shape a spot's looks are drawn round (th.STATES): its rectangle unless the
        board's spots are round or hexagonal."""
        return self.spot_rect(spot)

    def spot_at(self, pos: tuple[int, int], state: StateT) -> Spot | None:
        """The board spot under a point (legal or not), or None."""
        return None

    def guess_move(self, path: Sequence[Spot], state: StateT) -> Move | None:
        """The move this clicked path would mean if it were legal, or None."""
        return None

    def examples(self) -> list[Example]:
        """Worked examples the rules screen can animate (its game's, from game/words)."""
        return examples_for(self.spec, self.options)

    def settled(self, before: StateT, events: Sequence[Event], after: StateT) -> StateT:
        """The position to keep showing behind this step's summary while it is read: the one
        the step ended on (a board that moves on to a fresh game says so here)."""
        return after


    # ---- animation and drawing ------------------------------------------------------------
    def animate(self, before: StateT, events: Sequence[Event], after: StateT) -> Timeline:
        """The plan of a step's animation, seen with the positions either side (a board may set
        its pace by them): its tracks and the sounds cued along them, laid out in one walk (the
        default is a short still pause)."""
        timeline = Timeline()
        timeline.add(STILL, STILL_SECONDS)
        return timeline

    def summary_rect(self, summary: Summary) -> pygame.Rect:
        """Where a summary's card goes: centred on the board, as tall as its lines."""
        theme = self.theme
        width = min(self.area.width - theme.px(32), theme.px(640))
        lines = self._summary_lines(summary, width - theme.px(40))
        height = theme.px(34) + theme.text_px(SUMMARY_TITLE) + theme.px(12) + \
            len(lines) * self._summary_step()
        height = min(height, self.area.height - theme.px(16))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = self.area.center
        return rect

    def _summary_step(self) -> int:
        return round(self.theme.text_px(SUMMARY_TEXT) * 1.3)

    def _summary_lines(self, summary: Summary, width: int) -> list[str]:
        lines: list[str] = []
        for line in summary.lines:
            lines += self.theme.wrap(line, SUMMARY_TEXT, width) if line else [""]
        return lines

    def draw_summary(self, surface: pygame.Surface, summary: Summary, rise: float = 0.0) -> None:
        """A card of results over the board (`rise` > 0 draws it lower, rising into place)."""
        theme = self.theme
        rect = self.summary_rect(summary).move(0, round(rise * theme.px(40)))
        pygame.draw.rect(surface, th.PANEL, rect, border_radius=theme.px(12))
        pygame.draw.rect(surface, th.TEXT, rect, max(2, theme.px(2)), border_radius=theme.px(12))
        title = theme.blit_text(surface, summary.title, SUMMARY_TITLE,
                                (rect.centerx, rect.top + theme.px(16)), th.ACCENT, "midtop")
        y = title.bottom + theme.px(12)
        step = self._summary_step()
        for line in self._summary_lines(summary, rect.width - theme.px(40)):
            if y + step > rect.bottom:
                break
            theme.blit_text(surface, line, SUMMARY_TEXT, (rect.centerx, y), th.TEXT, "midtop")
            y += step

    def draw(self, surface: pygame.Surface, view: View[StateT]) -> None:
        """Draw the board for this view."""
        theme = self.theme
        draw_board_area(surface, theme, self.area)
        lines = [f"{self.spec.title}"] + self.words.status(view.state)
        y = self.area.top + theme.px(24)
        for line in lines:
            theme.blit_text(surface, line, th.HEADING, (self.area.centerx, y), th.TEXT, "midtop")
            y += theme.px(36)
