"""The application: window, clock, scene stack, settings, sounds, and screens by name."""
from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

import pygame

from scenes.shell.display_watch import DisplayWatch
from scenes.shell.present import plan_regions, prefer_direct_framebuffer
from scenes.shell.scene_base import SceneBase
from scenes.shell.sound import SoundBoard, quit_pygame
from scenes.shell.stack import SceneStack
from scenes.shell.theme import Theme
from scenes.store.data_folder import DataFolder
from scenes.store.keeper import Keeper
from scenes.store.settings import Settings, SettingsStore

if TYPE_CHECKING:  # made on first use, or for a kiosk only: named for the checker
    from scenes.shell.bot_process import BotProcess
    from scenes.shell.kiosk import Kiosk

MIN_SIZE = (640, 400)
DISPLAY_SHARE = 0.9  # the first window takes at most this share of the display each way
REOPEN_TRIES, REOPEN_PAUSE = 4, 0.5  # a lost window: tries at a new one, seconds apart
# a person's input: a scene that redraws what its own input changed redraws these itself
INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
                          pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                          pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION})
log = logging.getLogger("quintet")
Route = Callable[..., SceneBase]  # builds a screen: route(app, **arguments)


WINDOW_SHAPES = (1.2, 2.4)  # the widths per height the layouts are made and tested for


def fit_window(size: tuple[int, int], display: tuple[int, int] | None) -> tuple[int, int]:
    """A window of `size`, cut to at most DISPLAY_SHARE of the display each way (so its title
    bar and edges are on screen) and kept within WINDOW_SHAPES; never under MIN_SIZE."""
    width, height = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
    if display is None or min(display) <= 0:
        return width, height
    width = min(width, int(DISPLAY_SHARE * display[0]))
    height = min(height, int(DISPLAY_SHARE * display[1]))
    low, high = WINDOW_SHAPES
    width, height = min(width, int(height * high)), min(height, int(width / low))
    return max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)


def display_size() -> tuple[int, int] | None:
    """The size of the display the window opens on (None if SDL cannot say, or shows nothing:
    its dummy and offscreen drivers' made-up desktop is no display to fit)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    width, height = sizes[0]
    return int(width), int(height)


class Notices(list):
    """Messages for the player (the main menu shows the latest); each one is logged as well,
    so a kiosk's keeper, who never sees the screen, finds them in the log."""

    def append(self, message: str) -> None:
        """Add a message (and log it)."""
        log.warning("notice: %s", message)
        super().append(message)

    def extend(self, messages) -> None:
        """Add messages (and log them)."""
        for message in messages:
            self.append(message)


class DisplayLost(Exception):
    """The window went and a new one could not be opened (the display itself is gone)."""


class App:
    """Owns the window and runs frames; scenes reach settings, sound and the stack through it.

    `routes` names every screen (scenes/routes.py): a screen asks for the next one by name,
    `app.go("rules", game_id=...)`, and so never imports another screen. `data` is where the
    saves, records and statistics are, and whether this copy may write them.
    """

    def __init__(self, size: tuple[int, int] = (1280, 720), store: SettingsStore | None = None,
                 fullscreen: bool | None = None, kiosk: bool | None = None, *,
                 routes: Mapping[str, Route], data: DataFolder | None = None) -> None:
        self.routes = routes
        self.data = data or DataFolder()
        self.store = store or SettingsStore(read_only=self.data.read_only)
        self.settings: Settings = self.store.load()
        self.notices = Notices()
        self.notices.extend(self.store.messages)
        # every file the app writes goes through one background writer: no frame waits on disk
        # (its work waits for the first frame: tidying and reading saves never delay it)
        self.keeper = Keeper(self.data, self.notices.append, held=True)
        self.keeper.start([self.store.path.parent])
        kiosk = self.settings.kiosk if kiosk is None else kiosk
        if kiosk and fullscreen is None:
            fullscreen = True  # a kiosk fills the screen unless told a window size
        if kiosk:  # a fullscreen kiosk must not minimise when another window takes the focus,
            os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
            os.environ.setdefault("SDL_GRAB_KEYBOARD", "1")  # and keeps Alt+Tab and the like
        self.display_watch = DisplayWatch(log)  # X11: a window destroyed from outside, and a
        self.display_watch.install()  # lost display, are noticed and logged (before SDL starts)
        pygame.init()
        prefer_direct_framebuffer()  # X11: changed rectangles go straight to the X server
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.windowed_size = fit_window(size, display_size())
        pygame.display.set_caption("Quintet")
        _set_window_icon()
        self.screen = self._open_window()
        self.display_watch.follow()
        self.theme = Theme()
        self.sound = SoundBoard()
        self.sound.configure(self.settings.volume, self.settings.muted)
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.presented = 0  # frames that changed the screen (idle frames present nothing)
        self.full_presents = 0  # of them, frames that presented the whole window
        self.last_present = 0.0  # seconds the last frame spent handing pixels to the window
        self._full_redraw = True
        self._dirty: list[pygame.Rect] = []
        self._bot_worker: BotProcess | None = None  # started on first use (many sessions never)
        self.play_setup: dict = {}  # the last opponent and seat chosen (for the next game)
        self.lessons_offered: set[str] = set()  # games whose lesson was offered this session
        self.reraise_errors = False  # tests that drive scenes want an error raised, not rescued
        self.errors_recovered = 0
        self.windows_reopened = 0  # windows opened anew after one was lost
        self.log_path: Path | None = None  # the user's log file, once main() has opened it
        self.kiosk: Kiosk | None = None
        if kiosk:
            from scenes.shell.kiosk import Kiosk
            self.kiosk = Kiosk(self)
            self.theme.key_hints = False  # a touch screen at a game night: no keyboard hints
        self._relayout()

    @property
    def data(self) -> DataFolder:
        """Where the saves, records and statistics are, and whether this copy may write them."""
        return self._data

    @data.setter
    def data(self, data: DataFolder) -> None:
        self._data = data
        if hasattr(self, "keeper"):
            self.keeper.use(data)

    # ---- window ---------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def apply_display_mode(self) -> None:
        """Switch between fullscreen and a window to match the settings."""
        self.screen = self._open_window()
        self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on or off (remembered in the settings; not in kiosk mode)."""
        if self.kiosk is not None:
            return
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_display_mode()
        self.settings_changed()

    def _relayout(self) -> None:
        size = self.screen.get_size()
        self.theme.set_window(size)
        self.stack.layout(size)
        self.invalidate()

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        """Ask for this part of the window (default: all of it) to be redrawn this frame."""
        if rect is None:
            self._full_redraw = True
        else:
            self._dirty.append(pygame.Rect(rect))

    def settings_changed(self) -> None:
        """Apply the settings after a change, and have them saved (in the background)."""
        self.sound.configure(self.settings.volume, self.settings.muted)
        self.keeper.save_settings(self.store, self.settings, self._settings_written)

    def _settings_written(self, problem: str) -> None:
        if problem:
            self.store.messages.append(problem)
            self.notices.append(problem)

    def close_keeper(self) -> bool:
        """At quit: let the writes given reach the disk, waiting at most a few seconds; False
        (and said in the log and on the terminal) if some could not."""
        trouble = self.keeper.close()
        if trouble:
            log.warning("%s", trouble)
            print(f"quintet: {trouble}", file=sys.stderr)
        return not trouble

    @property
    def bot_worker(self) -> BotProcess:
        """The process the computer players think in (created on first use)."""
        if self._bot_worker is None:  # one that cannot start says why, and the app goes on
            from game.bots.worker import BotWorker
            from scenes.shell.bot_process import BotProcess
            self._bot_worker = BotProcess(BotWorker)
        return self._bot_worker

    @bot_worker.setter
    def bot_worker(self, worker) -> None:
        self._bot_worker = worker

    @property
    def bots_started(self) -> bool:
        """True once the bots' process has been asked for (it may not be running yet)."""
        return self._bot_worker is not None

    def close_bots(self) -> None:
        """Stop the bots' process, if one was started (waits briefly: only at quit)."""
        if self._bot_worker is not None:
            self._bot_worker.close()

    def quit(self) -> None:
        """Stop after this frame (the bots' process stops now)."""
        self.running = False
        self.close_bots()

    # ---- screens by name ----------------------------------------------------------------------
    def make(self, name: str, /, **arguments) -> SceneBase:
        """The screen named `name`, built with these arguments (not shown yet)."""
        route = self.routes.get(name)
        if route is None:
            raise KeyError(f"no screen is named {name!r} (known: {', '.join(self.routes)})")
        scene = route(self, **arguments)
        scene.route = name
        return scene

    def go(self, name: str, /, **arguments) -> None:
        """Show the named screen on top of this one (an overlay lets this one show beneath)."""
        self.stack.push(self.make(name, **arguments))

    def replace(self, name: str, /, **arguments) -> None:
        """Show the named screen instead of the one on top."""
        self.stack.replace(self.make(name, **arguments))

    def reset(self, name: str, /, **arguments) -> None:
        """Clear the screens and start again from the named one."""
        self.stack.reset(self.make(name, **arguments))

    # ---- frames ---------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One frame; an error in any scene is logged and rescued instead of ending the app.

        An error because the window itself has gone (destroyed from outside, the display
        restarted) opens a new window instead; DisplayLost if even that fails.
        """
        if self.display_watch.window_lost:
            self.reopen_window(RuntimeError("the window was destroyed from outside"))
        try:
            self._frame(dt)
        except Exception as error:
            if not self.window_alive():
                self.reopen_window(error)
            elif self.reraise_errors:
                raise
            else:
                self.recover(error)

    # ---- a window taken away ----------------------------------------------------------------
    @staticmethod
    def window_alive() -> bool:
        """True while the display is up and the window's surface is usable."""
        try:
            return pygame.display.get_init() and pygame.display.get_surface() is not None
        except pygame.error:
            return False

    def reopen_window(self, cause: BaseException) -> None:
        """Open a new window after the old one went; DisplayLost (with why) if none opens.

        The display may refuse a new client for a moment after losing a window, so a few
        tries are made, a little apart (there is no window to keep drawing meanwhile).
        """
        log.warning("the window was lost (%s: %s); opening a new one", type(cause).__name__,
                    cause)
        self.display_watch.forget()
        for attempt in range(REOPEN_TRIES):
            try:
                pygame.display.quit()  # whatever is left of the old window goes with it
                pygame.display.init()
                pygame.display.set_caption("Quintet")
                _set_window_icon()
                self.screen = self._open_window()
                break
            except pygame.error as error:
                if attempt == REOPEN_TRIES - 1:
                    raise DisplayLost(f"the window was lost ({cause}) and no new one could be "
                                      f"opened in {REOPEN_TRIES} tries ({error})") from error
                time.sleep(REOPEN_PAUSE)
        self.display_watch.follow()
        if self.kiosk is not None and self.settings.fullscreen:
            pygame.event.set_grab(True)
        self._relayout()
        self.windows_reopened += 1
        log.info("a new window is open")

    def recover(self, error: BaseException) -> None:
        """Log an error with its traceback, let scenes keep what they can, and start afresh."""
        self.errors_recovered += 1
        log.error("a scene failed (%s); recovering", type(error).__name__, exc_info=error)
        details = []
        for scene in list(self.stack.scenes):
            try:
                kept = scene.rescue()
            except Exception:
                log.exception("rescuing %s failed too", type(scene).__name__)
                continue
            if kept:
                details.append(kept)
        if self.log_path is not None:
            details.insert(0, "The details were written to Quintet's log (Show log shows it).")
        for failure in self.stack.restart(self.scene_after_error(details)):
            log.error("leaving %s failed too", type(failure).__name__, exc_info=failure)
        self.invalidate()

    def scene_after_error(self, details: list[str]) -> SceneBase:
        """The scene that carries on after an error: a friendly screen (kiosk: the demo)."""
        if self.kiosk is not None:
            return self.kiosk.demo_scene()
        return self.make("error", details=details)

    def home_scene(self) -> SceneBase:
        """Where Menu and Back to menu lead: the main menu (kiosk: the quick-start screen)."""
        if self.kiosk is not None:
            return self.kiosk.home_scene()
        return self.make("menu")

    def first_scene(self) -> SceneBase:
        """The screen the app opens on: the main menu (kiosk: the demo)."""
        return self.kiosk.demo_scene() if self.kiosk is not None else self.home_scene()

    def leave_kiosk(self) -> None:
        """The hidden combination was pressed: the kiosk ends and the main menu shows."""
        log.info("kiosk mode left with the exit combination")
        self.kiosk = None
        pygame.event.set_grab(False)
        self.sound.configure(self.settings.volume, self.settings.muted)
        self.reset("menu")

    def _frame(self, dt: float) -> None:
        """Events, update by dt seconds, and draw and present what changed.

        Presenting a frame to a window costs milliseconds in itself, so a frame where nothing
        changed presents nothing, and an animation redraws and presents only the regions it
        moves in (scenes/shell/present.py); the whole window only for a new layout, a new
        screen, or changes that cover most of it.
        """
        self.keeper.poll()  # what the disk writer finished: a save's result, a notice
        for event in pygame.event.get():
            self.dispatch(event)
        if self.stack.apply_changes():
            self.invalidate()
        self.stack.update(dt)
        if self.kiosk is not None:
            self.kiosk.update(dt)
        if self.stack.apply_changes():
            self.invalidate()
        self._follow_window_size()
        self.frames += 1
        self.last_present = 0.0
        if not self._full_redraw and not self._dirty:
            return
        regions = None if self._full_redraw else plan_regions(self._dirty,
                                                              self.screen.get_rect())
        if regions is None:
            self.stack.draw(self.screen)
            started = time.perf_counter()
            pygame.display.flip()
            self.full_presents += 1
        elif regions:
            # draw only inside the changed regions (blits outside a clip cost almost nothing)
            self.screen.set_clip(regions[0].unionall(regions[1:]))
            self.stack.draw(self.screen)
            self.screen.set_clip(None)
            started = time.perf_counter()
            pygame.display.update(regions)
        else:  # every change lay outside the window
            self._dirty = []
            return
        self.last_present = time.perf_counter() - started  # handing the frame to the window
        self._full_redraw, self._dirty = False, []
        self.presented += 1
        if self.presented == 1:  # the first frame is on screen: the disk work may start
            self.keeper.writer.release()
            self.sound.load_in_background()

    def _follow_window_size(self) -> None:
        """A window whose size changed with no resize event (SDL sends none for a size it was
        asked for, or one a fullscreen switch brings) is laid out anew and drawn whole."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.stack.size:
            self.screen = surface
            self._relayout()

    def dispatch(self, event: pygame.event.Event) -> None:
        """Window-level events first (quit, resize, F11), then the scenes. What an event
        changed is redrawn: the whole window, but for a person's input to a scene that redraws
        what its own input changed (window events, such as the window shown again after being
        covered, always redraw it whole)."""
        top = self.stack.top
        own = top is not None and top.redraws_own_input and top.modal
        if event.type == pygame.MOUSEMOTION:
            before = top.hover_key() if top else None
            if self.kiosk is not None:
                self.kiosk.intercept(event)
            self.stack.handle_event(event)
            after = self.stack.top
            if after is None or after is not top or (not own and after.hover_key() != before):
                self.invalidate()
            return
        if not (own and event.type in INPUT_EVENTS):
            self.invalidate()
        if self.kiosk is not None and self.kiosk.intercept(event):
            return
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.windowed_size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            if self.windowed_size != (event.w, event.h):
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:  # the window SDL resized (None only without a window: keep the old one)
                self.screen = pygame.display.get_surface() or self.screen
            self._relayout()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def run(self, seconds: float | None = None, screenshot: str | None = None,
            on_first_frame=None) -> None:
        """The frame loop, capped at the settings' frame rate (60 or 30 frames a second);
        optionally stop after `seconds`."""
        started = time.perf_counter()
        while self.running:
            # the first frame shows at once; the cap on the frame rate holds from the second
            cap = self.settings.frame_rate if self.frames else 0
            dt = min(self.clock.tick(cap) / 1000.0, 0.1)
            self.tick(dt)
            if on_first_frame is not None and self.presented == 1 and self.frames == 1:
                on_first_frame()
            if seconds is not None and time.perf_counter() - started >= seconds:
                if screenshot:
                    pygame.image.save(self.screen, screenshot)
                break
        self.close_bots()
        self.close_keeper()
        quit_pygame()


def _set_window_icon() -> None:
    """The app's own icon in the title bar and task bar (a missing file keeps SDL's default)."""
    from scenes.shell.assets import asset_path
    path = asset_path("icons", "quintet.png")
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, FileNotFoundError, OSError) as error:
        log.warning("no window icon: %s could not be loaded (%s)", path, error)
