"""Sound effects: loaded from assets/sounds, played at the settings' volume; else silent."""
from __future__ import annotations

import logging
import threading
import time

import pygame

from scenes.shell.assets import asset_path

log = logging.getLogger(__name__)


PYGAME_QUIT = pygame.quit  # the library's own, kept before anyone wraps it
LOADER_NAME = "quintet-sounds"  # the thread that reads the effects after the first frame


def quit_pygame() -> None:
    """pygame.quit() without the mixer's rare shutdown deadlock.

    Quitting the mixer while a channel is just finishing can deadlock: the mixer's
    channel-finished callback waits for the interpreter lock that the quitting thread holds
    while it waits for the audio lock. So every sound is stopped first, the interpreter lock is
    let go for a moment for any callback still running, and only then does the mixer quit.
    Sounds still being read in the background are waited for first (a few seconds at most).
    """
    for thread in threading.enumerate():
        if thread.name == LOADER_NAME and thread is not threading.current_thread():
            thread.join(5)
    if pygame.mixer.get_init():
        pygame.mixer.stop()
        time.sleep(0.02)
        pygame.mixer.quit()
    PYGAME_QUIT()


class SoundBoard:
    """The app's effects by name; a missing mixer or file means silence, never an error.

    Each effect is read from its file in the background once the first frame is shown
    (`load_in_background`), or when first played if that has not got to it yet (or by
    `load_all`): neither the first frame nor the first of each sound waits for the files."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}  # None: could not be loaded
        self.volume = 0.7
        self.muted = False
        self.problems: list[str] = []
        self.mixer = True
        self._loading = threading.Lock()  # one reader at a time: the frame loop or the loader
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except pygame.error as error:
            self.mixer = False
            self._problem(f"no sound: {error}")

    def _problem(self, text: str) -> None:
        self.problems.append(text)
        log.warning(text)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect, read from its file the first time (None if it cannot be)."""
        from scenes.shell.synth import EFFECTS  # the names of the effects (and their recipes)
        if name not in self.sounds and self.mixer and name in EFFECTS:
            with self._loading:
                if name not in self.sounds:  # the loader may have read it meanwhile
                    self.sounds[name] = self._read(name)
        return self.sounds.get(name)

    def _read(self, name: str) -> pygame.mixer.Sound | None:
        path = asset_path("sounds", f"{name}.wav")
        try:
            return pygame.mixer.Sound(str(path))
        except (pygame.error, FileNotFoundError, OSError) as error:
            self._problem(f"sound {path} could not be loaded ({error})")
            return None

    def load_in_background(self) -> None:
        """Read every effect in a thread of its own (the app starts it after the first frame)."""
        if self.mixer:
            threading.Thread(target=self.load_all, name=LOADER_NAME, daemon=True).start()

    def load_all(self) -> list[str]:
        """Read every effect now (the self-test); the problems found so far."""
        from scenes.shell.synth import EFFECTS
        for name in EFFECTS:
            self._sound(name)
        return self.problems

    def configure(self, volume: float, muted: bool) -> None:
        """Follow the settings."""
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        """Play an effect by name (nothing if muted or missing)."""
        if self.muted or self.volume <= 0:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
