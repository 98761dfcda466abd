"""The play screen's hints: the Hard bot's whole turn for the person choosing, shown as a ghost.

A hint is asked of the app's bot worker (off the frame loop, like any bot move) with only the
asking seat's observation, so a hint never carries the other seat's secret. It is searched at
game/bots/hints.py's level (Hard's, counted in iterations) with a seed drawn from the position,
each time by a fresh bot, so the same position gives the same hint. A turn of several decisions
(Strands' stones, Tug of War's pairings) is asked step by step on the observation the earlier
steps make, until the turn passes, and shown whole. Nor is a hint worked out from a secret the
screen may not show now: hot-seat, at a public turn, the chooser's own view may hold a lasting
secret (a Moriarty Bonus Colour) that a hint would give away on the shared screen, so Hint first
hides the screen for that player (the Peek hand-off) and asks once they look in private; the
hint shows only while that private look lasts (Hide or the move ends it). A seat whose secret
lives on its phone gets no hint at such a turn. Its answer is shown on the board while that seat
still has the same choice to make: the spots of the turn ringed and lightly filled (numbered
when it takes several clicks; other choices exactly as good ringed too), and a line in the
action bar naming the turn in the board's words for its chooser and saying why, from facts the
rules compute after it (game/bots/hints.py) put in words by the game's narrator
(`hint_reason`). The scene owns one PlayHints; the hints used are counted in a HintTally the
saves read too, for the record and the statistics.
"""
from __future__ import annotations

import dataclasses

import pygame

from game.bots.hints import hint_facts, hint_level, hint_seed, turn_goes_on
from game.bots.bot import RootValue
from game.bots.worker import BotFailure, Valued
from game.core import Move, NodeKind, State
from game.words import play_screen as says
from scenes.boards.base import Choice
from scenes.play.parts.contract import PlayHost
from scenes.play.parts.hint_tally import HintTally
from scenes.play.parts.play_bots import PlayBots
from scenes.play.parts.play_phones import PlayPhones
from scenes.shell import theme as th
from scenes.shell.widgets import button_shape

ORDER_SIZE = th.NUMBER * 0.67  # a click's number on the hint's small badge


@dataclasses.dataclass(frozen=True)
class Hint:
    """The Hard bot's turn for a seat in a state (its moves in order, and other first moves
    exactly as good), and what it does in words."""

    state: State
    seat: int
    plan: tuple[Move, ...]
    reason: str
    private: bool = False  # worked out with a secret the shared screen must not show
    alike: tuple[Move, ...] = ()

    @property
    def move(self) -> Move:
        """The turn's first move (the one to make now)."""
        return self.plan[0]


class PlayHints:
    """Hints for one play scene: asked, awaited, shown while they still fit, and counted."""

    def __init__(self, scene: PlayHost, tally: HintTally, bots: PlayBots,
                 phones: PlayPhones) -> None:
        self.scene = scene
        self.tally = tally  # allowed (never in a demo) and used
        self.bots = bots  # a hint waits while the game's bot searches, and is keyed by it
        self.phones = phones  # a secret on a phone is not hinted at on the shared screen
        self.ticket: int | None = None
        self.asked: tuple[State, int] | None = None
        self.plan: list[Move] = []  # the steps of the turn answered so far
        self.values: dict[Move, RootValue] = {}  # the search's root values at the turn's start
        self.asks = 0  # hints asked in this scene (each is searched by a fresh bot)
        self.after_look: tuple[State, int] | None = None  # asked before a private look
        self.hint: Hint | None = None
        self.badge_places: tuple | None = None  # (hint, window, badges): where its numbers go

    # ---- when -----------------------------------------------------------------------------
    def offered(self) -> bool:
        """True when the person choosing now may ask for a hint."""
        scene, seat = self.scene, self.scene.turns.chooser
        return self.tally.allowed and not scene.turns.setup.demo and seat is not None \
            and not scene.turns.in_lesson() \
            and not (self.phones.on_phone(seat) and self.needs_look(seat))  # cheap test first

    def needs_look(self, seat: int) -> bool:
        """True when the seat's own view holds a secret the screen may not show now."""
        scene = self.scene
        return scene.turns.match.observe(seat) != scene.turns.observation()

    def _private(self, seat: int) -> bool:
        state = self.scene.turns.match.state
        return state.observe(seat) != state.observe_public()

    @property
    def thinking(self) -> bool:
        """True while a hint is being worked out."""
        return self.ticket is not None

    def shown(self) -> Hint | None:
        """The hint to show now: only for the state and seat it was asked for."""
        hint, scene = self.hint, self.scene
        turns = scene.turns
        if hint is None or hint.state is not turns.match.state or hint.seat != turns.chooser:
            return None
        if hint.private and scene.turns.viewer != hint.seat:
            return None  # the private look is over (Hide): the screen is shared again
        return hint

    # ---- asking and answering ---------------------------------------------------------------
    def ask(self) -> None:
        """Ask the Hard bot for the chooser's move (the asking seat's observation only, and
        only while the screen may show it: else the private look comes first)."""
        scene = self.scene
        seat, state = scene.turns.chooser, scene.turns.match.state
        if seat is None or not self.offered() or self.thinking or self.bots.ticket is not None:
            return
        shown = self.shown()
        if shown is not None:
            scene.status.say(self.words(shown))
            return
        if self.needs_look(seat):  # the screen is shared: hide it for the chooser first
            self.after_look = (state, seat)
            scene.peek(seat, doing=says.HINT_LOOK)
            return
        self.after_look = None
        self.asked = (state, seat)
        self.plan = []
        self.asks += 1
        self._request(scene.turns.match.observe(seat))
        scene.status.say(says.HINT_THINKING)
        scene.refresh_buttons()

    def _request(self, observation: State) -> None:
        """Ask the worker for the next step of the turn from `observation` (a fresh bot per
        hint, seeded from the position the hint was asked in)."""
        scene = self.scene
        state, seat = self.asked  # type: ignore[misc]
        bots = self.bots
        history = bots.history.entries if bots.uses_history else ()
        start = scene.turns.match.observe(seat)
        self.ticket = scene.app.bot_worker.request(
            ("hint", bots.key, self.asks), scene.spec.id, hint_level(scene.spec.id),
            hint_seed(start, seat, history), observation, seat, history, values=True)

    def answered(self, ticket: int, answer: Move | Valued | BotFailure) -> bool:
        """Take the worker's answer if it is this hint's (True), else leave it to the bots;
        the search's root values of the turn's first step come with it (a worker that sends
        a bare move leaves the reason to the rules' facts)."""
        if ticket != self.ticket:
            return False
        scene = self.scene
        self.ticket = None
        if isinstance(answer, Valued):
            if not self.plan:
                self.values = dict(answer.values)
            answer = answer.move
        elif not self.plan:
            self.values = {}
        state, seat = self.asked  # type: ignore[misc]
        observation = state.observe(seat)
        step = observation
        for move in self.plan:
            step = step.apply(move, seat).state
        if isinstance(answer, BotFailure) or step.why_illegal(seat, answer) is not None:
            self.asked, self.plan = None, []
            scene.status.say(says.HINT_FAILED, error=True)
        elif state is scene.turns.match.state and seat == scene.turns.chooser \
                and not self.needs_look(seat):
            self.plan.append(answer)
            after = step.apply(answer, seat).state if step.kind is NodeKind.DECISION else step
            if after is not step and turn_goes_on(scene.spec.id, observation, after, seat):
                self._request(after)  # the turn goes on: ask for its next step
                return True
            self.asked = None
            self.hint = self._hint(state, seat, observation, tuple(self.plan), self.values)
            self.tally.used += 1
            scene.status.say(self.words(self.hint))
        else:
            self.asked, self.plan = None, []
        scene.refresh_buttons()
        scene.app.invalidate()
        return True

    def _hint(self, state: State, seat: int, observation: State, plan: tuple[Move, ...],
              values: dict[Move, RootValue] | None = None) -> Hint:
        """The hint of a whole turn, with its reason from the facts the rules compute and the
        search's own values of every first move (`values`)."""
        words = self.scene.turns.words
        facts = hint_facts(self.scene.spec.id, observation, seat, plan, values)
        reason = words.hint_reason(facts, observation)
        return Hint(state, seat, plan, reason, self._private(seat), facts.alike)

    def drop(self) -> None:
        """Forget a hint still being worked out (the game moved on, or a bot was asked)."""
        if self.ticket is not None:
            self.scene.app.bot_worker.cancel(self.ticket)
        self.ticket = self.asked = self.after_look = None
        self.plan = []

    def tick(self) -> None:
        """Each frame: a hint asked about a position that has gone (or whose private look
        is over) is dropped; one asked before a private look is asked once it is taken."""
        scene = self.scene
        if self.asked is not None and (self.asked[0] is not scene.turns.match.state
                                       or self.asked[1] != scene.turns.chooser
                                       or self.needs_look(self.asked[1])):
            self.drop()
        waiting = self.after_look
        if waiting is None or scene.turns.handoff_open:
            return
        self.after_look = None
        if waiting[0] is scene.turns.match.state and waiting[1] == scene.turns.chooser \
                and not self.needs_look(waiting[1]):
            self.ask()  # the chooser is looking in private now

    def words(self, hint: Hint) -> str:
        """'Hint: pull t or g, ringed in blue: neither moves a stack; ...'"""
        turns = self.scene.turns
        text = turns.words.hint_choice(hint.plan, hint.alike, hint.state.observe(hint.seat),
                                       hint.seat)
        return says.hint_line(text, hint.reason)

    def spots(self, hint: Hint) -> list[tuple[object, int]]:
        """Each spot of the hinted turn with its number in the order of clicks (0: a spot of
        another choice exactly as good, unnumbered)."""
        board, state, seat = self.scene.board, hint.state, hint.seat
        spots: list[tuple[object, int]] = []
        step = state.observe(seat)
        for index, move in enumerate(hint.plan):
            if index:
                step = step.apply(hint.plan[index - 1], seat).state
            spots += [(spot, len(spots) + 1 + k) for k, spot in enumerate(board.path(move, step))]
        for move in hint.alike:
            spots += [(spot, 0) for spot in board.path(move, state)]
        return spots

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The ghost: each spot of the hinted move in the hint look (th.STATES: an orchid ring
        round the spot's own shape, no fill over its words), numbered in order when the move
        takes more than one click and the order matters, each number on a badge beside its
        spot where the frame is calm (no words, piece or line under it)."""
        hint = self.shown()
        if hint is None:
            return
        theme = self.scene.app.theme
        shapes = [(self._spot_shape(spot), order) for spot, order in self.spots(hint)]
        shapes = [(shape, order) for shape, order in shapes if shape is not None]
        numbered = self.scene.board.numbered_hints and \
            sum(1 for _, order in shapes if order) > 1
        badges = self._badges(surface, hint, shapes) if numbered else []
        for shape, _ in shapes:
            th.draw_state(surface, theme, shape, th.HINT)
        for badge, order in badges:
            pygame.draw.rect(surface, th.HINT_COLOUR, badge, border_radius=badge.height // 2)
            theme.blit_text(surface, str(order), ORDER_SIZE, badge.center, th.BACKGROUND,
                            "center")

    def _badges(self, surface: pygame.Surface, hint: Hint,
                shapes: list) -> list[tuple[pygame.Rect, int]]:
        """Where each click's number goes: of the places beside its spot, the calmest (found
        once a hint and window, in the frame as first drawn with its words)."""
        key = (surface.get_size(), tuple(self.scene.board.area))
        cached = self.badge_places
        if cached is not None and cached[0] is hint and cached[1] == key:
            return cached[2]
        theme = self.scene.app.theme
        size = theme.line(ORDER_SIZE)
        badge = pygame.Rect(0, 0, size + theme.px(6), size + theme.px(2))
        taken = [th.shape_bounds(shape) for shape, _ in shapes]
        places: list[tuple[pygame.Rect, int]] = []
        for shape, order in shapes:
            if not order:
                continue
            best = min(_beside(shape, badge, theme), key=lambda place: (
                any(place.colliderect(other) for other, _ in places)
                or any(place.colliderect(other) for other in taken),
                _busy(surface, place)))
            places.append((best, order))
        self.badge_places = (hint, key, places)
        return places

    def _spot_shape(self, spot) -> th.Shape | None:
        if isinstance(spot, Choice):
            for button in self.scene.buttons:
                if button.value == spot:
                    return button_shape(self.scene.app.theme, button.rect)
            return None
        return self.scene.board.spot_shape(spot)


def _beside(shape: th.Shape, badge: pygame.Rect, theme: th.Theme) -> list[pygame.Rect]:
    """The places for a badge beside a shape, first choice first: on the corners of its box
    (off a round or hexagonal spot's edge), then just outside its sides."""
    bounds = th.shape_bounds(shape, theme.px(th.STATES[th.HINT][-1].outer) + 1)
    places = [badge.copy() for _ in range(8)]
    for place, corner in zip(places, ("topleft", "topright", "bottomleft", "bottomright")):
        place.center = getattr(bounds, corner)
    places[4].midright = bounds.midleft
    places[5].midleft = bounds.midright
    places[6].midbottom = bounds.midtop
    places[7].midtop = bounds.midbottom
    return places


def _busy(surface: pygame.Surface, place: pygame.Rect) -> int:
    """How busy the frame is under a place: its pixels at an edge of anything drawn there
    (words, pieces, lines); a place off the surface is busiest."""
    grown = place.inflate(2, 2)
    if not surface.get_rect().contains(grown):
        return place.width * place.height + 1
    edges = pygame.transform.laplacian(surface.subsurface(grown).copy())
    inner = edges.subsurface(pygame.Rect(1, 1, place.width, place.height))
    calm = pygame.mask.from_threshold(inner, (0, 0, 0), (48, 48, 48, 255)).count()
    return place.width * place.height - calm
