"""No file name, internal id or raw exception text ever reaches a player's screen: every text
the app draws while the UI fuzzer plays every screen and game is scanned for such patterns."""
from __future__ import annotations

import re

import pygame

from scenes.shell.theme import Theme
from scenes.tools.fuzz_ui import fuzz

INTERNALS = {
    "a file name": re.compile(r"\b[\w.-]+\.(?:json|log|lock|tmp|txt)\b"),
    "a save's id": re.compile(r"\b\d{8}-\d{6}\b"),
    "an internal id": re.compile(r"\b(?:pulling_strings|tug_of_war|bot:(?:easy|medium|hard))\b"),
    "exception text": re.compile(r"\b\w*(?:Error|Exception)\b|Traceback|\[Errno\b|errno"),
}


def shown_problems(texts) -> list[str]:
    """Each drawn text that shows an internal, with what it shows."""
    return [f"{what}: {text!r}" for text in sorted(set(texts))
            for what, pattern in INTERNALS.items() if pattern.search(text)]


def test_the_patterns_catch_what_they_are_for():
    assert len(shown_problems(["Deleted 20261126-153855-pulling_strings.json.",
                               "Could not read it: [Errno 28] No space left on device",
                               "KeyError: 'x'", "Eks: bot:hard"])) >= 4
    assert not shown_problems(["Deleted the Strands record of 2026-11-26 15:38.",
                               "The game could not be saved: the disk is full.",
                               "Turn 5 of 13", "Eks pulls c; Oh pulls h"])


def test_no_screen_shows_an_internal_in_generated_play(tmp_path, monkeypatch):
    for name in ("CONFIG", "DATA", "LOG"):
        monkeypatch.setenv(f"QUINTET_{name}_DIR", str(tmp_path / name))
    drawn: list[str] = []
    render = Theme.text

    def recording(self, text, *args, **kwargs):
        drawn.append(text)
        return render(self, text, *args, **kwargs)
    monkeypatch.setattr(Theme, "text", recording)
    try:
        report = fuzz(events=6_000, seed=23, folder=tmp_path)
    finally:
        pygame.quit()
    assert report.events >= 6_000 and len(set(drawn)) > 200
    assert not shown_problems(drawn), shown_problems(drawn)
