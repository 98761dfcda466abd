"""The play screen's hints: the Hard bot's move for the person choosing, shown as a ghost.

A hint is asked of the app's bot worker (off the frame loop, like any bot move) with only the
asking seat's observation, so a hint never carries the other seat's secret. Nor is one worked
out from a secret the screen may not show now: hot-seat, at a public turn, the chooser's own
view may hold a lasting secret (a Moriarty Bonus Colour) that a hint would give away on the
shared screen, so Hint first hides the screen for that player (the Peek hand-off) and asks once
they look in private; the hint shows only while that private look lasts (Hide or the move ends
it). A seat whose secret lives on its phone gets no hint at such a turn. Its answer is shown
on the board while that seat still has the same choice to make: the spots of the move ringed
and lightly filled (numbered when the move takes several clicks), and a line in the action bar
naming the move in the board's words for its chooser (the dice in the order of the ghost's
numbers, never the log's notation) and saying what it does where one ply of the rules can say
(game/bots/hints.py), or else why it is worth it where the board can say (a costly Tug of War
swap). The scene owns one PlayHints and counts the hints used, for the record and the
statistics.
"""
from __future__ import annotations

import dataclasses

import pygame

from game.bots.hints import hint_reason
from game.bots.worker import BotFailure
from game.core import Move, State
from scenes.boards.base import Choice
from scenes.shell import theme as th

HINT_LEVEL = "hard"
GHOST_FILL = 70  # alpha of the ghost's fill over a hinted spot


@dataclasses.dataclass(frozen=True)
class Hint:
    """The Hard bot's move for a seat in a state, and what it does in words."""

    state: State
    seat: int
    move: Move
    reason: str
    private: bool = False  # worked out with a secret the shared screen must not show


class PlayHints:
    """Hints for one play scene: asked, awaited, shown while they still fit, and counted."""

    def __init__(self, scene, allowed: bool) -> None:
        self.scene = scene
        self.allowed = allowed  # chosen on the options screen (never in a demo)
        self.ticket: int | None = None
        self.asked: tuple[State, int] | None = None
        self.after_look: tuple[State, int] | None = None  # asked before a private look
        self.hint: Hint | None = None
        self.used = 0  # hints given in this game

    # ---- when -----------------------------------------------------------------------------
    def offered(self) -> bool:
        """True when the person choosing now may ask for a hint."""
        scene, seat = self.scene, self.scene.chooser
        return self.allowed and not scene.demo and seat is not None \
            and not scene.in_lesson() \
            and not (scene.phones.on_phone(seat) and self.needs_look(seat))  # cheap test first

    def needs_look(self, seat: int) -> bool:
        """True when the seat's own view holds a secret the screen may not show now."""
        scene = self.scene
        return scene.match.observe(seat) != scene.observation()

    def _private(self, seat: int) -> bool:
        state = self.scene.match.state
        return state.observe(seat) != state.observe_public()

    @property
    def thinking(self) -> bool:
        """True while a hint is being worked out."""
        return self.ticket is not None

    def shown(self) -> Hint | None:
        """The hint to show now: only for the state and seat it was asked for."""
        hint, scene = self.hint, self.scene
        if hint is None or hint.state is not scene.match.state or hint.seat != scene.chooser:
            return None
        if hint.private and scene.viewer != hint.seat:
            return None  # the private look is over (Hide): the screen is shared again
        return hint

    # ---- asking and answering ---------------------------------------------------------------
    def ask(self) -> None:
        """Ask the Hard bot for the chooser's move (the asking seat's observation only, and
        only while the screen may show it: else the private look comes first)."""
        scene = self.scene
        if not self.offered() or self.thinking or scene.bots.ticket is not None:
            return
        if self.shown() is not None:
            scene.say(self.words(self.hint))
            return
        seat, state = scene.chooser, scene.match.state
        if self.needs_look(seat):  # the screen is shared: hide it for the chooser first
            self.after_look = (state, seat)
            scene.peek(seat, doing="asks for a hint, which may use their own secret")
            return
        self.after_look = None
        self.asked = (state, seat)
        self.ticket = scene.bots.request(HINT_LEVEL, seat)
        scene.say("Looking for a hint: the Hard bot is thinking...")
        scene._refresh_buttons()

    def answered(self, ticket: int, answer: Move | BotFailure) -> bool:
        """Take the worker's answer if it is this hint's (True), else leave it to the bots."""
        if ticket != self.ticket:
            return False
        scene = self.scene
        self.ticket = None
        state, seat = self.asked  # type: ignore[misc]
        self.asked = None
        if isinstance(answer, BotFailure) or state.why_illegal(seat, answer) is not None:
            scene.say("No hint this time: the computer player had a problem.", error=True)
        elif state is scene.match.state and seat == scene.chooser \
                and not self.needs_look(seat):
            observation = state.observe(seat)
            reason = hint_reason(scene.spec.id, observation, seat, answer) \
                or scene.words.hint_note(answer, observation, seat)
            self.hint = Hint(state, seat, answer, reason, self._private(seat))
            self.used += 1
            scene.say(self.words(self.hint))
        scene._refresh_buttons()
        scene.app.invalidate()
        return True

    def drop(self) -> None:
        """Forget a hint still being worked out (the game moved on, or a bot was asked)."""
        if self.ticket is not None:
            self.scene.app.bot_worker.cancel(self.ticket)
        self.ticket = self.asked = self.after_look = None

    def tick(self) -> None:
        """Each frame: a hint asked about a position that has gone (or whose private look
        is over) is dropped; one asked before a private look is asked once it is taken."""
        scene = self.scene
        if self.asked is not None and (self.asked[0] is not scene.match.state
                                       or self.asked[1] != scene.chooser
                                       or self.needs_look(self.asked[1])):
            self.drop()
        waiting = self.after_look
        if waiting is None or scene.handoff_open:
            return
        self.after_look = None
        if waiting[0] is scene.match.state and waiting[1] == scene.chooser \
                and not self.needs_look(waiting[1]):
            self.ask()  # the chooser is looking in private now

    def words(self, hint: Hint) -> str:
        """'Hint: pull m, ringed in blue: brings 2 pieces home.'"""
        text = self.scene.words.choice_words(hint.move, hint.state)
        return f"Hint: {text}, ringed in blue" + (f": {hint.reason}." if hint.reason else ".")

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The ghost: each spot of the hinted move lightly filled and ringed, numbered in
        order when the move takes more than one click (a button's spot on its button)."""
        hint = self.shown()
        if hint is None:
            return
        scene, theme = self.scene, self.scene.app.theme
        path = scene.board.path(hint.move, hint.state)
        for order, spot in enumerate(path, 1):
            rect = self._spot_rect(spot)
            if rect is None:
                continue
            ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(ghost, (*th.SKY, GHOST_FILL), ghost.get_rect(),
                             border_radius=theme.px(8))
            surface.blit(ghost, rect)
            pygame.draw.rect(surface, th.SKY, rect.inflate(theme.px(6), theme.px(6)),
                             max(2, theme.px(3)), border_radius=theme.px(10))
            if len(path) > 1:
                size = theme.line(16)
                badge = pygame.Rect(0, 0, size + theme.px(6), size + theme.px(2))
                badge.center = rect.topleft
                pygame.draw.rect(surface, th.SKY, badge, border_radius=badge.height // 2)
                theme.blit_text(surface, str(order), 16, badge.center, th.BACKGROUND, "center")

    def _spot_rect(self, spot) -> pygame.Rect | None:
        if isinstance(spot, Choice):
            for button in self.scene.buttons:
                if button.value == spot:
                    return button.rect
            return None
        return self.scene.board.spot_rect(spot)
