"""PlayScene: one game on screen, wrapping a game's Board around a Match.

The scene runs the turn: chance is drawn by the match, each awaiting seat is asked for its move,
and every step is animated from its events. In hot-seat play a secret choice (any simultaneous
node) is made behind a hand-off screen, and the board is drawn from the chooser's observation only
while they choose; otherwise it shows the public view, which holds no secret of either seat.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

import pygame

from game.core import ChoiceSealed, Event, GameError, Move, NodeKind, State, Step
from game.match import Match
from scenes.anim import Timeline
from scenes.boards import board_class
from scenes.boards.base import Board, Choice
from scenes.move_log import MoveLog
from scenes.play_keys import PlayKeys, sentence
from scenes.play_view import COUNTDOWN_STEP, PlayDrawing
from scenes.scene import Scene
from scenes.widgets import Button

HUMAN = "human"


@dataclasses.dataclass
class Animation:
    """A step being shown: the observations either side, its events and their timeline."""

    before: State
    events: tuple[Event, ...]
    after: State
    timeline: Timeline
    t: float = 0.0
    cues: list = dataclasses.field(default_factory=list)  # (seconds, sound) still to play
    caption: str = ""  # what happened, in words: shown once the animation starts


@dataclasses.dataclass(frozen=True)
class Extra:
    """A scene-level action shown beside the moves (menu, peek, draw offer)."""

    name: str


class PlayScene(PlayKeys, PlayDrawing, Scene):
    """A game in progress, hot-seat (both seats human) unless controllers say otherwise."""

    def __init__(self, app, game_id: str, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, controllers: Sequence[str] = (HUMAN, HUMAN)) -> None:
        super().__init__(app)
        self.match = Match(game_id, options, seed)
        self.spec = self.match.spec
        self.controllers = tuple(controllers)
        self.board: Board = board_class(game_id)(self.spec, self.match.options, app.theme)
        self.log = MoveLog()
        self.private_seat: int | None = None  # whose secrets may be on screen now
        self.animation: Animation | None = None
        self.countdown: float | None = None  # seconds left before a reveal animates
        self.countdown_word = ""
        self.revealing: Animation | None = None  # the reveal waiting for its countdown
        self.selected: tuple = ()
        self.hover: Any = None
        self.focus: Any = None
        self.typed = ""
        self.message = ""
        self.message_is_error = False
        self.caption = ""
        self.clock = 0.0
        self.buttons: list[Button] = []
        self.results_shown = False
        self.handoff_open = False
        self.rects: dict[str, pygame.Rect] = {}
        self._paths_memo: tuple = (None, None, {})
        self._status_memo: tuple = (None, [])
        self._log_memo: tuple = (None, [])

    # ---- who is doing what ------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """True when both seats are people sharing the screen."""
        return all(c == HUMAN for c in self.controllers)

    @property
    def chooser(self) -> int | None:
        """The human seat whose choice is awaited now, if any (None while animating)."""
        if self.animation is not None or self.countdown is not None or self.handoff_open:
            return None
        state = self.match.state
        if state.kind in (NodeKind.CHANCE, NodeKind.TERMINAL):
            return None
        for seat in state.awaiting:
            if self.controllers[seat] == HUMAN:
                if self.needs_privacy(seat) and self.private_seat != seat:
                    return None
                return seat
        return None

    def needs_privacy(self, seat: int) -> bool:
        """True when this seat's choice now is secret and others share the screen."""
        return self.hot_seat and self.match.state.kind is NodeKind.SIMULTANEOUS

    def observation(self, state: State | None = None) -> State:
        """What may be on screen now: the private seat's observation, else the public view."""
        state = self.match.state if state is None else state
        if self.private_seat is not None:
            return state.observe(self.private_seat)
        if not self.hot_seat:
            humans = [s for s in (0, 1) if self.controllers[s] == HUMAN]
            if len(humans) == 1:
                return state.observe(humans[0])
        return state.observe_public()

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Top bar, board, side panel (scores and log) and action bar."""
        theme = self.app.theme
        width, height = size
        pad = theme.px(12)
        top = pygame.Rect(0, 0, width, theme.px(56))
        side_w = max(200, min(int(width * 0.24), theme.px(380)))
        bottom_h = theme.px(118)
        side = pygame.Rect(width - side_w - pad, top.bottom + pad, side_w,
                           height - top.bottom - 2 * pad)
        bottom = pygame.Rect(pad, height - bottom_h - pad, side.left - 2 * pad, bottom_h)
        board = pygame.Rect(pad, top.bottom + pad, side.left - 2 * pad,
                            bottom.top - top.bottom - 2 * pad)
        self.rects = {"top": top, "side": side, "bottom": bottom, "board": board}
        self.board.layout(board)
        self._refresh_buttons()

    # ---- the turn loop ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Run countdowns and animations; otherwise move the game on to the next choice."""
        self.clock += dt
        speed = self.app.settings.animation_speed
        if self.countdown is not None or self.animation is not None:
            self.app.invalidate(self.rects["board"])
        if self.countdown is not None:
            beats_before = int(self.countdown / COUNTDOWN_STEP)
            self.countdown -= dt * speed
            if int(max(self.countdown, 0) / COUNTDOWN_STEP) != beats_before:
                self.app.sound.play("tick" if self.countdown > COUNTDOWN_STEP else "reveal")
            if self.countdown <= 0:
                self.countdown = None
                revealing, self.revealing = self.revealing, None
                self._play_animation(revealing)
            return
        if self.animation is not None:
            anim = self.animation
            anim.t += dt * speed
            while anim.cues and anim.cues[0][0] <= anim.t:
                self.app.sound.play(anim.cues.pop(0)[1])
            if anim.t >= anim.timeline.duration:
                self.animation = None
                self._refresh_buttons()
                self.app.invalidate()
            return
        self.advance()

    def advance(self) -> None:
        """Start whatever comes next: chance, a hand-off, the results, or wait for a choice."""
        state = self.match.state
        if state.kind is NodeKind.TERMINAL:
            if not self.results_shown:
                self.results_shown = True
                self.private_seat = None
                from scenes.results import ResultsScene
                self.app.sound.play("win")
                self.app.stack.push(ResultsScene(self.app, self))
            return
        if state.kind is NodeKind.CHANCE:
            before = self.observation()
            step = self.match.resolve_chance()
            self.log.add(state, None, f"[{self.match.entries[-1].text}]")
            self._start_animation(before, step)
            return
        for seat in state.awaiting:
            if self.controllers[seat] != HUMAN:
                continue  # bots answer through their own controller (a later issue)
            if self.needs_privacy(seat):
                if self.private_seat != seat:
                    self._hand_off(seat)
                return
            if self.hot_seat and self.private_seat != seat:
                self.private_seat = None  # public, unless this seat has just peeked
            self._refresh_buttons()
            return

    def _hand_off(self, seat: int) -> None:
        from scenes.handoff import HandoffScene
        self.private_seat = None
        self.handoff_open = True
        self._clear_input()
        self.app.sound.play("handoff")
        self.app.stack.push(HandoffScene(self.app, self.match.state.seat_name(seat),
                                         lambda: self._handoff_done(seat)))

    def _handoff_done(self, seat: int) -> None:
        self.app.invalidate()
        self.handoff_open = False
        self.private_seat = seat
        self._refresh_buttons()

    def peek(self, seat: int) -> None:
        """Show a seat its own secrets behind a hand-off (hot-seat games with lasting secrets)."""
        self._hand_off(seat)

    # ---- making moves -------------------------------------------------------------------------
    def choose(self, move: Move) -> bool:
        """Make the chooser's move; False (with the reason shown) if it is not legal."""
        seat = self.chooser
        if seat is None:
            return False
        state = self.match.state
        reason = state.why_illegal(seat, move)
        if reason is not None:
            self.say(sentence(reason), error=True)
            return False
        self.app.invalidate()
        if self.hot_seat and state.kind is not NodeKind.SIMULTANEOUS:
            self.private_seat = None  # a peek lasts until the peeker's move, not after
        before = self.observation()
        text = self.board.log_text(move, seat, state)
        try:
            step = self.match.play(move, seat)
        except GameError as error:  # the engine had the last word
            self.say(sentence(str(error)), error=True)
            return False
        self._clear_input()
        self.say("")
        if any(isinstance(e, ChoiceSealed) for e in step.events):
            self.log.seal(state, seat, text)
            self.app.sound.play("select")
            self.caption = f"{state.seat_name(seat)} has chosen, in secret."
            self._refresh_buttons()
            return True
        self.log.add(state, seat, text)
        self.app.sound.play("click")
        if state.kind is NodeKind.SIMULTANEOUS:
            self.private_seat = None  # both choices are in: the reveal is public
            before = state.observe_public()
            word = self.board.countdown_word(state, step.events)
            if word:
                self.revealing = self._animation(before, step)
                self.countdown_word = word
                self.countdown = 4 * COUNTDOWN_STEP
                self.app.sound.play("tick")
                self._refresh_buttons()
                return True
        self._start_animation(before, step)
        return True

    def _animation(self, before: State, step: Step) -> Animation:
        after = self.observation(step.state)
        timeline = self.board.animate(before, step.events, after)
        return Animation(before, tuple(step.events), after, timeline,
                         cues=sorted(self.board.sound_cues(step.events)),
                         caption=self.board.describe(before, step.events, after))

    def _start_animation(self, before: State, step: Step) -> None:
        self._play_animation(self._animation(before, step))

    def _play_animation(self, animation: Animation | None) -> None:
        """Show an animation now (a reveal's caption waits for its countdown to end)."""
        self.animation = animation
        if animation is not None and animation.caption:
            self.caption = animation.caption
        self._refresh_buttons()
        self.app.invalidate()

    def hover_key(self):
        """The spot or button under the mouse."""
        return self.hover

    def skip_animation(self) -> None:
        """Finish the countdown and any animation at once."""
        if self.countdown is not None:
            self.countdown = None
            revealing, self.revealing = self.revealing, None
            self._play_animation(revealing)
        if self.animation is not None:
            self.animation.t = self.animation.timeline.duration
            self.animation.cues.clear()

    def say(self, text: str, error: bool = False) -> None:
        """Show a message in the action bar (errors stand out)."""
        self.message, self.message_is_error = text, error
        self.app.invalidate()
        if error:
            self.app.sound.play("deny")

    def _clear_input(self) -> None:
        # hover too: the next player must not see what the last one pointed at
        self.selected, self.typed, self.focus, self.hover = (), "", None, None

    # ---- what can be clicked now --------------------------------------------------------------
    def legal_paths(self) -> dict[tuple, Move]:
        """Every legal move of the chooser by the path of spots that makes it."""
        seat = self.chooser
        if seat is None:
            return {}
        state = self.match.state
        memo = self._paths_memo  # asked several times a frame (view, buttons, focus): build once
        if memo[0] is not state or memo[1] != seat:
            paths = {tuple(self.board.path(m, state)): m for m in state.legal_moves(seat)}
            memo = self._paths_memo = (state, seat, paths)
        return memo[2]

    def clickable(self) -> frozenset:
        """The spots that continue a legal path from the current selection."""
        depth = len(self.selected)
        return frozenset(p[depth] for p in self.legal_paths()
                         if len(p) > depth and p[:depth] == self.selected)

    def _refresh_buttons(self) -> None:
        theme = self.app.theme
        area = self.rects.get("bottom")
        if area is None:
            return
        choices = sorted((s for s in self.clickable() if isinstance(s, Choice)),
                         key=lambda c: (c.order, c.label))
        extras = [Button("Menu", Extra("menu"), hint="Esc")]
        seat = self.chooser
        state = self.match.state
        if seat is not None and self.hot_seat and self.board.has_secret(state, seat) \
                and self.private_seat != seat:
            extras.insert(0, Button("Peek", Extra("peek"), hint="my secret"))
        if (seat is not None and state.draw_by_agreement and self.hot_seat
                and state.pending == (None, None) and not self.selected):
            extras.insert(0, Button("Offer draw", Extra("draw")))
        buttons = [Button(c.label, c, hint=c.key if c.key != c.label else "") for c in choices]
        if self.selected:
            buttons.append(Button("Cancel", Extra("cancel"), hint="Esc"))
        height = theme.px(56)
        gap = theme.px(10)
        y = area.bottom - height
        x = area.left
        for button in buttons:
            w = max(theme.px(90), theme.text(button.label, 22).get_width() + theme.px(32))
            button.rect = pygame.Rect(x, y, w, height)
            x += w + gap
        x = area.right
        for button in reversed(extras):
            w = max(theme.px(90), theme.text(button.label, 22).get_width() + theme.px(32))
            x -= w
            button.rect = pygame.Rect(x, y, w, height)
            x -= gap
        self.buttons = buttons + extras

    def _button_at(self, pos) -> Button | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button
        return None

    def focusables(self) -> list[tuple[Any, pygame.Rect]]:
        """Spots and buttons reachable by Tab and arrows, in reading order."""
        items = []
        for spot in self.clickable():
            if isinstance(spot, Choice):
                continue
            rect = self.board.spot_rect(spot)
            if rect is not None:
                items.append((spot, rect))
        items.sort(key=lambda item: (item[1].centery // 8, item[1].centerx))
        items += [(b.value, b.rect) for b in self.buttons]
        return items

    # ---- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks and keys: choose spots, type moves, skip animations, open the menu."""
        if event.type == pygame.MOUSEMOTION:
            button = self._button_at(event.pos)
            self.hover = button.value if button else self.board.spot_at(
                event.pos, self.observation())
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _busy(self) -> bool:
        return self.animation is not None or self.countdown is not None

    def _click(self, pos) -> bool:
        button = self._button_at(pos)
        if button is not None and isinstance(button.value, Extra):
            self.activate(button.value)
            return True
        if self._busy():
            self.skip_animation()
            return True
        if button is not None:
            self.activate(button.value)
            return True
        spot = self.board.spot_at(pos, self.observation())
        if spot is not None:
            self.activate(spot)
        return True

    def activate(self, spot: Any) -> None:
        """Pick a spot or button: extend the selection, make the move, or explain the refusal."""
        if isinstance(spot, Extra):
            self._extra(spot.name)
            return
        if self._busy():
            return
        seat = self.chooser
        if seat is None:
            return
        if self.selected and spot == self.selected[-1]:
            self.selected = self.selected[:-1]  # clicking a picked spot puts it back
            self._refresh_buttons()
            return
        if spot in self.clickable():
            self.selected += (spot,)
            paths = self.legal_paths()
            longer = [p for p in paths if len(p) > len(self.selected)
                      and p[:len(self.selected)] == self.selected]
            if self.selected in paths and not longer:
                self.choose(paths[self.selected])
            else:
                self.app.sound.play("select")
                self.focus = None
                self._refresh_buttons()
            return
        state = self.match.state
        move = self.board.guess_move(self.selected + (spot,), state)
        if move is not None:
            reason = state.why_illegal(seat, move)
            self.say(sentence(reason or "That is not a choice now."), error=True)
        else:
            self.say(f"That is not a choice now: {self.board.prompt(self.observation(), seat)}.",
                     error=True)

    def _extra(self, name: str) -> None:
        if name == "menu":
            from scenes.menu import PauseScene
            self.app.stack.push(PauseScene(self.app, self))
        elif name == "cancel":
            self._clear_input()
            self._refresh_buttons()
        elif name == "peek" and self.chooser is not None:
            self.peek(self.chooser)
        elif name == "draw" and self.chooser is not None:
            from scenes.dialog import ConfirmScene
            seat = self.chooser
            other = self.match.state.seat_name(1 - seat)
            self.app.stack.push(ConfirmScene(
                self.app, f"{self.match.state.seat_name(seat)} offers a draw.",
                f"{other}: do you accept?", "Accept draw", "Play on", self._draw_agreed))

    def _draw_agreed(self) -> None:
        state = self.match.state
        before = self.observation()
        step = self.match.agree_draw()
        self.log.add(state, None, "draw agreed")
        self._start_animation(before, step)
