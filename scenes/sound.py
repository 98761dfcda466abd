"""Sound effects: loaded from assets/sounds, played at the settings' volume; silent if unavailable."""
from __future__ import annotations

import logging

import pygame

from scenes.assets import asset_path
from scenes.synth import EFFECTS

log = logging.getLogger(__name__)


class SoundBoard:
    """The app's effects by name; a missing mixer or file means silence, never an error."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.7
        self.muted = False
        self.problems: list[str] = []
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except pygame.error as error:
            self.problems.append(f"no sound: {error}")
            return
        for name in EFFECTS:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError) as error:
                self.problems.append(f"sound {path} could not be loaded ({error})")
        for problem in self.problems:
            log.warning(problem)

    def configure(self, volume: float, muted: bool) -> None:
        """Follow the settings."""
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        """Play an effect by name (nothing if muted or missing)."""
        if self.muted or self.volume <= 0:
            return
        sound = self.sounds.get(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
