"""Kiosk mode: the self-running demo, the idle timeout, the locked window and the hidden exit.

With the kiosk on, the app starts on the demo (bot-vs-bot games cycling through all five). Any
touch, click or key opens the quick-start screen; after `kiosk_idle_seconds` without input, on
any screen and mid-game, the demo comes back by itself. The usual ways out are refused: closing
the window, F11, Escape on a menu, Quit; a minimised window is restored. Only the combination in
the settings (`kiosk_exit_keys`, default ctrl+shift+k) leaves kiosk mode, to the main menu.
The kiosk's own screens (scenes/kiosk/) are asked for by name, like every other.
"""
from __future__ import annotations

import dataclasses
import logging
import warnings
from typing import Callable

import pygame

from game.bots import Level
from game.registry import GAMES
from scenes.store.settings import MODIFIERS, Settings

log = logging.getLogger("quintet")

INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN,
                          pygame.TEXTINPUT, pygame.MOUSEWHEEL, pygame.JOYBUTTONDOWN})
MODIFIER_MASKS = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT,
                  "meta": pygame.KMOD_GUI}
STILL_SECONDS = 10.0  # the "Still playing?" countdown before an idle screen returns to the demo
REFUSED_KEYS = frozenset({pygame.K_F11})  # the window's own keys; closing is refused as QUIT


@dataclasses.dataclass(frozen=True)
class KeyCombination:
    """Modifiers held and one key pressed, e.g. ctrl+shift+k."""

    modifiers: tuple[str, ...]
    key: int

    @classmethod
    def parse(cls, text: str) -> "KeyCombination":
        """Read 'ctrl+shift+k' (ValueError if a part is not a modifier or a key name)."""
        *mods, name = [part.strip().lower() for part in text.split("+")]
        if not mods or any(mod not in MODIFIERS for mod in mods):
            raise ValueError(f"{text!r} needs one or more of {', '.join(MODIFIERS)} and a key")
        return cls(tuple(mods), pygame.key.key_code(name))

    def matches(self, event: pygame.event.Event) -> bool:
        """True for a key press of this combination (extra modifiers do not matter)."""
        if event.type != pygame.KEYDOWN or event.key != self.key:
            return False
        return all(event.mod & MODIFIER_MASKS[mod] for mod in self.modifiers)


class Kiosk:
    """The kiosk's rules for one app: what input is refused, when the demo returns, what plays."""

    def __init__(self, app) -> None:
        self.app = app
        settings: Settings = app.settings
        self.idle_seconds = float(settings.kiosk_idle_seconds)
        try:
            self.exit_keys = KeyCombination.parse(settings.kiosk_exit_keys)
        except ValueError as error:
            default = Settings().kiosk_exit_keys
            app.notices.append(f"Kiosk exit keys {settings.kiosk_exit_keys!r}: {error}. "
                               f"Using {default}.")
            self.exit_keys = KeyCombination.parse(default)
        self.idle = 0.0
        self.game_index = 0
        self.demo_games = 0  # demo games started so far
        self.visits = 0  # times a visitor woke the demo
        # game id -> Level for the demo bots (the soak scales thinking)
        self.level_for: Callable[[str], Level] | None = None
        if settings.fullscreen:  # with SDL_GRAB_KEYBOARD, system keys such as Alt+Tab stay here
            pygame.event.set_grab(True)

    # ---- the demo -----------------------------------------------------------------------------
    def next_game(self) -> str:
        """The next game of the demo's cycle through all five."""
        ids = list(GAMES)
        game_id = ids[self.game_index % len(ids)]
        self.game_index += 1
        self.demo_games += 1
        return game_id

    def demo_level(self, game_id: str) -> Level | None:
        """The level the demo's bots play this game at (None: the named demo level)."""
        return self.level_for(game_id) if self.level_for is not None else None

    def demo_scene(self):
        """A fresh demo screen."""
        return self.app.make("demo", kiosk=self)

    def home_scene(self):
        """Where a visitor's Menu and Back lead: the quick-start screen."""
        return self.app.make("quickstart")

    def on_demo(self) -> bool:
        """True while the demo is on screen."""
        top = self.app.stack.top
        return top is not None and top.route == "demo"

    def woken(self) -> None:
        """A visitor touched the demo: the quick-start screen takes over."""
        self.visits += 1
        self.idle = 0.0
        self.app.stack.reset(self.home_scene())

    def stirred(self) -> None:
        """A player acted elsewhere (a choice on a phone): the idle time starts again."""
        self.idle = 0.0

    # ---- input and time -----------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """Look at an event before the scenes do; True if the kiosk consumed it."""
        if event.type in INPUT_EVENTS or event.type == pygame.MOUSEMOTION:
            self.idle = 0.0
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            log.info("kiosk: a request to close the window was refused")
            return True
        if event.type == pygame.WINDOWMINIMIZED:
            self._restore_window(getattr(event, "window", None))
            return True
        if event.type == pygame.KEYDOWN:
            if self.exit_keys.matches(event):
                self.app.leave_kiosk()
                return True
            if event.key in REFUSED_KEYS or (event.key == pygame.K_F4 and
                                             event.mod & pygame.KMOD_ALT):
                return True
        return False

    def warning_due(self) -> bool:
        """True in the last STILL_SECONDS of idle time before the demo returns."""
        return self.idle >= self.idle_seconds - self.still_seconds()

    def still_seconds(self) -> float:
        """How long "Still playing?" counts down (never more than a third of the timeout)."""
        return min(STILL_SECONDS, self.idle_seconds / 3)

    def update(self, dt: float) -> None:
        """Count idle time; off the demo, "Still playing?" counts down its last seconds, then
        the demo comes back."""
        self.idle += dt
        if self.on_demo():
            return
        if self.idle >= self.idle_seconds:
            log.info("kiosk: %.0f s without input, back to the demo", self.idle)
            self.idle = 0.0
            self.app.stack.reset(self.demo_scene())
        elif self.warning_due() and getattr(self.app.stack.top, "route", None) != "still_playing":
            self.app.go("still_playing", kiosk=self)

    def _restore_window(self, window) -> None:
        """Bring a minimised window back (the event names it; else the display's own)."""
        try:
            if window is None:
                with warnings.catch_warnings():  # the display module's window has no other name
                    warnings.simplefilter("ignore", DeprecationWarning)
                    window = pygame.Window.from_display_module()
            window.restore()
        except (pygame.error, AttributeError) as error:
            log.info("kiosk: could not restore the minimised window (%s)", error)
