"""The UI fuzzer in CI: 20,000 random real events across every scene and game, no exception."""
from __future__ import annotations

import pygame

from game.registry import GAMES
from scenes.tools.fuzz_ui import fuzz

EXPECTED_SCENES = {"MainMenu", "GameSelect", "OptionsScene", "PlayScene", "HandoffScene",
                   "PauseScene", "RulesScene", "SettingsScene", "AttractScene",
                   "QuickStartScene", "OpponentScene", "PhonesScene"}


def test_twenty_thousand_random_events_raise_nothing(tmp_path, monkeypatch):
    for name in ("CONFIG", "DATA", "LOG"):  # the fuzzer points these at its own folders
        monkeypatch.setenv(f"QUINTET_{name}_DIR", str(tmp_path / name))
    try:
        report = fuzz(events=20_000, seed=11, folder=tmp_path)  # an exception fails the test
    finally:
        pygame.quit()
    assert report.events >= 20_000 and not report.failures
    assert set(report.games) == set(GAMES), report.lines()
    assert EXPECTED_SCENES <= set(report.scenes), report.lines()
    assert report.launches >= 3  # quitting was honoured and the app relaunched


def test_the_command_reports_failures_instead_of_stopping(tmp_path, monkeypatch, capsys):
    from scenes.screens.menu import MainMenu
    from scenes.tools import fuzz_ui
    for name in ("CONFIG", "DATA", "LOG"):
        monkeypatch.setenv(f"QUINTET_{name}_DIR", str(tmp_path / name))

    def broken(self, surface):
        raise RuntimeError("planted")
    monkeypatch.setattr(MainMenu, "draw", broken)
    try:
        assert fuzz_ui.main(["--events", "300", "--seed", "2"]) == 1
    finally:
        pygame.quit()
    out = capsys.readouterr().out
    assert "failure: RuntimeError: planted" in out
