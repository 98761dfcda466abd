"""Settings persist in the config folder; a bad file gets defaults and a message, and is kept."""
from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from scenes.store.settings import Settings, SettingsStore
from tests.ui_driver import Driver


def test_settings_round_trip(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    assert store.load() == Settings()
    assert store.save(Settings(volume=0.3, muted=True, animation_speed=2.0, fullscreen=False))
    assert SettingsStore(tmp_path / "settings.json").load() == Settings(0.3, True, 2.0, False)


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\xff\xfe garbage", ""])
def test_an_unreadable_file_is_kept_aside_and_defaults_are_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content.encode("latin-1"))
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert len(store.messages) == 1 and str(path) in store.messages[0]
    kept = list(tmp_path.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content.encode("latin-1")
    store.save(Settings(volume=0.2))  # a new file is written; the old one stays put
    assert kept[0].read_bytes() == content.encode("latin-1")


def test_bad_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 7, "muted": "yes", "animation_speed": 2.0,
                                "unknown": 1}))
    store = SettingsStore(path)
    settings = store.load()
    assert settings == Settings(volume=0.7, muted=False, animation_speed=2.0)
    assert "volume 7" in store.messages[0] and "muted 'yes'" in store.messages[0]
    kept = list(tmp_path.glob("settings.json.bad-*"))  # the player's file is kept, not overwritten
    assert len(kept) == 1 and json.loads(kept[0].read_text())["volume"] == 7
    assert kept[0].name in store.messages[0]


def test_a_newer_settings_file_is_kept_and_defaults_are_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "quintet-settings", "version": 9, "volume": 0.1}))
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert "newer Quintet" in store.messages[0]
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_saved_settings_say_their_format_and_version(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    assert store.save(Settings(volume=0.4))
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["format"] == "quintet-settings" and saved["version"] == 1
    assert not list(tmp_path.glob(".*tmp"))  # the temporary file was renamed into place


def test_a_settings_file_from_before_versions_still_loads(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.2, "muted": True}))
    store = SettingsStore(path)
    assert store.load() == Settings(volume=0.2, muted=True) and not store.messages


def test_a_corrupt_settings_file_shows_a_notice_in_the_app(tmp_path):
    (tmp_path / "settings.json").write_text("{oops")
    driver = Driver(tmp_path)
    try:
        assert driver.app.notices and "not valid JSON" in driver.app.notices[0]
        assert list(tmp_path.glob("settings.json.bad-*"))
    finally:
        pygame.quit()


def test_the_settings_screen_changes_and_saves(tmp_path):
    from scenes.screens.settings_view import SettingsScene
    driver = Driver(tmp_path)
    try:
        driver.app.stack.reset(SettingsScene(driver.app))
        driver.frames()
        driver.key(pygame.K_DOWN)  # volume -> sound on/off
        driver.key(pygame.K_RETURN)
        assert driver.app.settings.muted is False  # the driver starts muted; Enter toggles
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["muted"] is False
        driver.key(pygame.K_DOWN)  # animation speed
        driver.key(pygame.K_LEFT)  # from the driver's 4x
        assert driver.app.settings.animation_speed == 2.0
        assert json.loads((tmp_path / "settings.json").read_text())["animation_speed"] == 2.0
    finally:
        pygame.quit()


@pytest.mark.parametrize("args, words", [(["--size", "huge"], "is not a size"),
                                         (["--size", "10x10"], "at least"),
                                         (["--game", "chess"], "is not one of")])
def test_a_bad_command_line_gets_a_clear_message(tmp_path, args, words):
    result = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
