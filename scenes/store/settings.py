"""Player settings: a JSON file in the user's config folder, validated, never lost.

A file that cannot be read or holds bad values gives defaults for what is wrong plus a message,
and is moved aside (kept as `settings.json.bad-<time>`, never overwritten) before a new one is
written; one that cannot be moved aside is left alone and no settings are saved over it. Writes
are atomic and go through a symbolic link to its target (scenes/store/storage.py).
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import platformdirs

from scenes.store.plain_text import brief, printable
from scenes.store.storage import (APP_NAME, FileProblem, check_header, keep_bad_file,
                                  nothing_there, read_json, write_json)

FORMAT = "quintet-settings"
VERSION = 1
SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
IDLE_SECONDS = (30, 60, 90, 120, 180, 300)  # the kiosk idle timeouts offered on screen
FRAME_RATES = (30, 60)  # frames a second at most: 30 for a weak kiosk machine
MODIFIERS = ("ctrl", "alt", "shift", "meta")
SIZE_LIMIT = 64_000  # bytes: a settings file is about 250; anything near this is not one


@dataclasses.dataclass
class Settings:
    """Everything a player can set."""

    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0
    fullscreen: bool = False
    kiosk: bool = False  # start as the self-running demo (as `quintet --kiosk` does)
    kiosk_idle_seconds: int = 90  # kiosk: seconds without input before the demo returns
    kiosk_exit_keys: str = "ctrl+shift+k"  # kiosk: the hidden combination that leaves it
    notation: bool = False  # the move log in the games' notation instead of plain words
    frame_rate: int = 60  # frames a second at most (one of FRAME_RATES)

    def check(self) -> list[str]:
        """Replace bad values with defaults; the problems found, in plain words."""
        problems = []
        defaults = Settings()
        if not _is_number(self.volume) or not 0 <= self.volume <= 1:
            problems.append(f"volume {brief(self.volume)} is not between 0 and 1")
            self.volume = defaults.volume
        if not isinstance(self.muted, bool):
            problems.append(f"muted {brief(self.muted)} is not true or false")
            self.muted = defaults.muted
        if not _is_number(self.animation_speed) or self.animation_speed not in SPEEDS:
            problems.append(f"animation_speed {brief(self.animation_speed)} is not one of "
                            f"{', '.join(str(s) for s in SPEEDS)}")
            self.animation_speed = defaults.animation_speed
        if not isinstance(self.fullscreen, bool):
            problems.append(f"fullscreen {brief(self.fullscreen)} is not true or false")
            self.fullscreen = defaults.fullscreen
        if not isinstance(self.notation, bool):
            problems.append(f"notation {brief(self.notation)} is not true or false")
            self.notation = defaults.notation
        if not isinstance(self.kiosk, bool):
            problems.append(f"kiosk {brief(self.kiosk)} is not true or false")
            self.kiosk = defaults.kiosk
        if not _is_number(self.kiosk_idle_seconds) or not 15 <= self.kiosk_idle_seconds <= 3600:
            problems.append(f"kiosk_idle_seconds {brief(self.kiosk_idle_seconds)} is not a number "
                            "of seconds from 15 to 3600")
            self.kiosk_idle_seconds = defaults.kiosk_idle_seconds
        if combination_problem(self.kiosk_exit_keys):
            problems.append(f"kiosk_exit_keys {brief(self.kiosk_exit_keys)} "
                            f"{combination_problem(self.kiosk_exit_keys)}")
            self.kiosk_exit_keys = defaults.kiosk_exit_keys
        if not _is_number(self.frame_rate) or self.frame_rate not in FRAME_RATES:
            problems.append(f"frame_rate {brief(self.frame_rate)} is not one of "
                            f"{', '.join(str(rate) for rate in FRAME_RATES)}")
            self.frame_rate = defaults.frame_rate
        return problems


def combination_problem(text) -> str | None:
    """What is wrong with a key combination like 'ctrl+shift+k' (None if nothing)."""
    if not isinstance(text, str):
        return "is not text like 'ctrl+shift+k'"
    parts = [part.strip().lower() for part in text.split("+")]
    *mods, key = parts
    if not mods or any(mod not in MODIFIERS for mod in mods) or not key or key in MODIFIERS \
            or printable(key, 30) != key:  # a key's name is short, plain text
        return f"is not one or more of {', '.join(MODIFIERS)} and a key, like 'ctrl+shift+k'"
    return None


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def config_dir() -> Path:
    """Where settings live: $QUINTET_CONFIG_DIR if set, else the platform's config folder."""
    override = os.environ.get("QUINTET_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, False))


class SettingsStore:
    """Loads and saves Settings in one file; remembers what went wrong for the player to see.

    `read_only` says why settings must not be written (empty when they may): another copy of
    Quintet owns the data folder, or a bad settings file could not be moved out of the way.
    """

    def __init__(self, path: Path | None = None, read_only: str = "") -> None:
        self.path = path or config_dir() / "settings.json"
        self.messages: list[str] = []
        self.read_only = read_only

    def load(self) -> Settings:
        """The saved settings, or defaults (with a message) for whatever cannot be used.

        A file that cannot be used whole (not JSON, a newer version, bad values) is moved aside
        before anything is saved over it, so the player's own file is never lost.
        """
        self.messages = []
        if nothing_there(self.path):
            return Settings()
        try:
            data = read_json(self.path, SIZE_LIMIT)
            if not isinstance(data, dict):
                raise FileProblem(self.path, "does not hold a JSON object")
            if data.get("version", VERSION) != VERSION:
                check_header(self.path, {"format": FORMAT, **data}, "settings file", FORMAT,
                             VERSION)
        except FileProblem as problem:
            self._keep(problem, "using defaults")
            return Settings()
        known = {f.name for f in dataclasses.fields(Settings)}
        settings = Settings(**{k: v for k, v in data.items() if k in known})
        problems = settings.check()
        if problems:
            self._keep(FileProblem(self.path, f"has {'; '.join(problems)}"),
                       "using the defaults for those")
        return settings

    def _keep(self, problem: FileProblem, instead: str) -> None:
        self.messages.append(keep_bad_file("Settings file", problem, instead,
                                           move=not self.read_only))
        if not nothing_there(self.path) and not self.read_only:
            self.read_only = "the bad settings file could not be moved out of the way"

    def save(self, settings: Settings) -> bool:
        """Write the settings atomically (temporary file, then rename); False if it failed
        (the reason is added to `messages`)."""
        problem = self.write(settings)
        if problem:
            self.messages.append(problem)
        return not problem

    def write(self, settings: Settings) -> str:
        """Write the settings atomically; '' if they are on disk, else the message saying why
        not (safe on the disk writer's thread: it changes nothing but the file)."""
        if self.read_only:
            return f"Settings are not saved: {self.read_only}."
        try:
            write_json(self.path, {"format": FORMAT, "version": VERSION,
                                   **dataclasses.asdict(settings)})
        except OSError as error:
            return f"Could not save settings to {printable(str(self.path))}: " \
                   f"{error.strerror or error}"
        return ""
