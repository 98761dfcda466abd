"""AttractScene: the kiosk's demo, bot-vs-bot games of all five in turn, explained as they go.

The demo is a real PlayScene (both seats bots, `demo=True`: nothing saved, no results screen)
drawn above a caption band: the game's name and one-line pitch, what just happened in plain
words (the board's own caption, e.g. "Eks pulled c, Oh pulled h: the stack of 5 splits in two"),
and an invitation to play. A finished game stays on screen with its result for a few seconds;
a game that runs long makes way for the next. Any touch, click or key wakes the kiosk.
"""
from __future__ import annotations

from typing import Protocol, cast

import pygame

from game.core import NodeKind
from game.registry import GAMES
from game.spec import GameSpec
from scenes.play.parts.play_bots import PlayBots
from scenes.play.parts.setup import GameSetup
from scenes.play.parts.turns import TurnLoop
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import draw_panel

DEMO_CONTROLLER = "bot:medium"  # sound play at a thinking time that keeps the show moving
RESULT_SECONDS = 8.0  # how long a finished demo game stays on screen
LONGEST_GAME = 240.0  # seconds of play before a long game makes way for the next
WAKE_EVENTS = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN})
INVITATION = "Touch the screen or press any key to play"
# The band's pitch beside the title: running words, smaller step by step until they fit
PITCH_SIZES = (th.BODY, th.BODY * 0.9, th.CAPTION, th.CAPTION * 0.9)
# The demo's caption, read from a few steps away: running words as large as fit two lines
CAPTION_SIZES = tuple(th.BODY * factor for factor in (1.4, 1.25, 1.1, 1.0, 0.9, 0.8))


class Demo(Protocol):
    """What the demo reads of the play screen it shows, which it asks the App for by name (a
    screen never imports another): its game, its turn loop and bots, and its lifecycle."""

    spec: GameSpec
    turns: TurnLoop
    bots: PlayBots

    def layout(self, size: tuple[int, int]) -> None:
        """Lay out for a window of this size."""

    def enter(self) -> None:
        """Start the game."""

    def exit(self) -> None:
        """Stop its bots."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the game."""


class AttractScene(Scene):
    """The self-running demo: one bot-vs-bot game after another, with a caption band."""

    def __init__(self, app, kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.play: Demo | None = None  # the game on show, from `enter` on
        self.elapsed = 0.0  # seconds of the current demo game
        self.ended_for = 0.0  # seconds since the current game ended (or was cut short)
        self.clock = 0.0
        self.size = (0, 0)
        self.band = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple = ()  # what the band showed last (it is redrawn when this changes)

    # ---- the demo's games -----------------------------------------------------------------------
    def enter(self) -> None:
        """Start the first game, quietly (a demo plays no sounds at a game night)."""
        self.app.sound.configure(self.app.settings.volume, True)
        self._next_game()

    def exit(self) -> None:
        """Stop the game's bots and give the sound back."""
        if self.play is not None:
            self.play.exit()
        self.app.sound.configure(self.app.settings.volume, self.app.settings.muted)

    def _next_game(self) -> None:
        if self.play is not None:
            self.play.exit()
        game_id = self.kiosk.next_game()
        play = cast(Demo, self.app.make("play", setup=GameSetup(  # the route makes a PlayScene
            game_id, GAMES[game_id].demo_options, controllers=(DEMO_CONTROLLER, DEMO_CONTROLLER),
            bot_level=self.kiosk.demo_level(game_id), demo=True)))
        self.play = play
        self.elapsed = self.ended_for = 0.0
        play.layout(self._play_size())
        play.enter()
        self.app.invalidate()

    @property
    def shown(self) -> Demo:
        """The game on show (there is one from `enter` on)."""
        assert self.play is not None, "the demo shows a game once entered"
        return self.play

    @property
    def finished(self) -> bool:
        """True once the game on show has ended and its last move has been shown."""
        play = self.play
        return play is not None and play.turns.match.state.kind is NodeKind.TERMINAL \
            and play.turns.animation is None and play.turns.countdown is None

    def update(self, dt: float) -> None:
        """Run the game; after its end (or a long game), the next one."""
        self.clock += dt
        self.elapsed += dt
        self.shown.update(dt)
        if self.finished or self.elapsed > LONGEST_GAME and not self.shown.turns.busy:
            self.ended_for += dt
            if self.ended_for >= (RESULT_SECONDS if self.finished else 3.0):
                self._next_game()
        if self.shown.bots.broken:
            self._next_game()
        shown = self._band_content()
        if shown != self._shown:
            self._shown = shown
            self.app.invalidate(self.band)

    # ---- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any touch, click or key wakes the kiosk; nothing reaches the game beneath."""
        if event.type in WAKE_EVENTS:
            self.kiosk.woken()
        return True

    # ---- layout and drawing ---------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The game above, the caption band across the foot of the screen."""
        self.size = size
        theme = self.app.theme
        height = max(theme.px(150), size[1] // 5)
        self.band = pygame.Rect(0, size[1] - height, size[0], height)
        if self.play is not None:
            self.play.layout(self._play_size())

    def _play_size(self) -> tuple[int, int]:
        return (self.size[0], self.size[1] - self.band.height)

    def caption(self) -> str:
        """What just happened, in words (or the result once the game is over)."""
        play = self.shown
        state = play.turns.match.state
        outcome = state.outcome
        if self.finished and outcome is not None:  # a finished game has its outcome
            head = "A draw" if outcome.winner is None else f"{state.seat_name(outcome.winner)} wins"
            return f"{head}: {outcome.reason}." if outcome.reason else f"{head}."
        if self.elapsed > LONGEST_GAME:
            return "That is enough of this game: the next one starts in a moment."
        return play.turns.caption or f"{state.seat_name(0)} and {state.seat_name(1)} begin."

    def _band_content(self) -> tuple:
        pulse = int(self.clock * 2) % 2  # the invitation brightens and dims twice a second
        return (self.shown.spec.id, self.caption(), pulse)

    def draw(self, surface: pygame.Surface) -> None:
        """The game, then the band: title and pitch, the caption, the invitation."""
        clip = surface.get_clip()
        self.shown.draw(surface)
        if clip.colliderect(self.band):
            self._draw_band(surface)

    def _draw_band(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        band = self.band
        surface.fill(th.BACKGROUND, band)
        pad = theme.px(14)
        panel = band.inflate(-2 * pad, -pad).move(0, -pad // 2)
        draw_panel(surface, theme, panel)
        inner = panel.inflate(-2 * theme.px(18), -2 * theme.px(12))
        spec = self.shown.spec
        title = theme.blit_text(surface, spec.title, th.HEADING, inner.topleft, th.ACCENT)
        pitch_left = title.right + theme.px(18)
        pitch_size = PITCH_SIZES[-1]
        for pitch_size in PITCH_SIZES:
            if theme.text(spec.pitch, pitch_size).get_width() <= inner.right - pitch_left:
                break
        theme.blit_text(surface, spec.pitch, pitch_size, (pitch_left, title.centery), th.DIM,
                        "midleft")
        invite_h = theme.text_px(th.LABEL) + theme.px(6)
        caption_area = pygame.Rect(inner.left, title.bottom + theme.px(8), inner.width,
                                   inner.bottom - invite_h - title.bottom - theme.px(12))
        self._draw_caption(surface, caption_area)
        bright = self._band_content()[2] == 0
        colour = th.ACCENT if bright else th.mix(th.DIM, th.ACCENT, 0.35)
        theme.blit_text(surface, INVITATION, th.LABEL, (inner.centerx, inner.bottom), colour,
                        "midbottom")

    def _draw_caption(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The caption as large as fits its area in at most two lines."""
        theme = self.app.theme
        text = self.caption()
        size = CAPTION_SIZES[-1]
        for size in CAPTION_SIZES:
            lines = theme.wrap(text, size, area.width)
            if len(lines) <= 2 and len(lines) * theme.text_px(size) * 1.2 <= area.height:
                break
        lines = theme.wrap(text, size, area.width)[:2]
        step = round(theme.text_px(size) * 1.2)
        y = area.centery - step * len(lines) // 2
        for line in lines:
            theme.blit_text(surface, line, size, (area.centerx, y), th.TEXT, "midtop")
            y += step
