"""An error inside a scene is logged with its traceback and rescued: the app never dies on it."""
from __future__ import annotations

import logging

import pygame
import pytest

from scenes.screens.error_view import ErrorScene
from scenes.screens.menu import MainMenu
from scenes.shell.scene import Scene
from scenes.store.userlog import LOG_NAME, start_file_log


class Faulty(Scene):
    """A scene that fails in one chosen place and remembers what was asked of it."""

    def __init__(self, app, where: str) -> None:
        super().__init__(app)
        self.where = where
        self.exited = False

    def update(self, dt: float) -> None:
        if self.where == "update":
            raise RuntimeError("boom in update")

    def draw(self, surface) -> None:
        if self.where == "draw":
            raise ZeroDivisionError("boom in draw")

    def handle_event(self, event) -> bool:
        if self.where == "event" and event.type == pygame.KEYDOWN:
            raise KeyError("boom in an event")
        return False

    def rescue(self) -> str | None:
        return "Your game was saved."

    def exit(self) -> None:
        self.exited = True
        if self.where == "exit":
            raise ValueError("boom in exit")


@pytest.fixture
def logged(driver, tmp_path, monkeypatch):
    """The driver's app with its file log in a temporary folder, and errors rescued."""
    monkeypatch.setenv("QUINTET_LOG_DIR", str(tmp_path / "logs"))
    logger = logging.getLogger("quintet")
    driver.app.log_path = start_file_log(logger)
    driver.app.reraise_errors = False
    yield driver
    for handler in list(logger.handlers):
        if isinstance(handler, logging.FileHandler):
            logger.removeHandler(handler)
            handler.close()


@pytest.mark.parametrize("where", ["update", "draw", "event"])
def test_an_error_anywhere_in_a_scene_shows_the_friendly_screen(logged, where):
    app = logged.app
    faulty = Faulty(app, where)
    app.stack.reset(faulty)
    logged.frames()
    if where == "event":
        logged.key(pygame.K_a, "a")
    logged.frames(2)
    assert isinstance(logged.top, ErrorScene)
    assert faulty.exited
    assert app.errors_recovered == 1
    text = (app.log_path.parent / LOG_NAME).read_text(encoding="utf-8")
    assert "Traceback" in text and "boom in" in text and where in text
    assert "Your game was saved." in logged.top.details
    assert not any(str(app.log_path.parent) in line for line in logged.top.details)  # no path:
    assert [b.label for b in logged.top.group.buttons] == ["Back to menu", "Show log"]  # a button


def test_back_to_menu_leaves_the_error_screen(logged):
    logged.app.stack.reset(Faulty(logged.app, "update"))
    logged.frames(2)
    logged.key(pygame.K_RETURN)
    logged.frames()
    assert isinstance(logged.top, MainMenu)


def test_a_scene_that_fails_to_exit_does_not_stop_the_rescue(logged):
    logged.app.stack.reset(Faulty(logged.app, "exit"))
    logged.app.stack.push(Faulty(logged.app, "update"))
    logged.frames(2)
    assert isinstance(logged.top, ErrorScene)
    assert len(logged.app.stack.scenes) == 1
    text = (logged.app.log_path.parent / LOG_NAME).read_text(encoding="utf-8")
    assert "boom in exit" in text


def test_tests_see_errors_raised_unless_they_ask_for_the_rescue(driver):
    driver.app.stack.reset(Faulty(driver.app, "update"))
    with pytest.raises(RuntimeError):
        driver.frames(2)


def test_an_unwritable_log_folder_is_a_warning_not_a_failure(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("QUINTET_LOG_DIR", str(blocker / "logs"))
    assert start_file_log(logging.getLogger("quintet-test")) is None


def test_a_missing_icon_or_sound_is_a_warning_and_the_app_starts(tmp_path, monkeypatch, caplog):
    from pathlib import Path

    from scenes.shell import assets
    from tests.ui_driver import Driver
    monkeypatch.setattr(assets, "asset_root", lambda: Path(tmp_path / "no-assets"))
    with caplog.at_level(logging.WARNING):
        drv = Driver(tmp_path)
    try:
        drv.app.stack.reset(MainMenu(drv.app))
        drv.frames(2)
        drv.app.sound.configure(0.5, False)
        drv.app.sound.play("click")  # a sound is read when first played: silence, and a warning
        drv.frames(2)
        assert "no window icon" in caplog.text
        assert "click.wav could not be loaded" in caplog.text
    finally:
        pygame.quit()
