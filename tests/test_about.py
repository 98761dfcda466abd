"""About, from Settings: Quintet's licence and the third-party notices, shown and scrolled."""
from __future__ import annotations

import pygame

from scenes.screens.about_view import AboutScene, wrap_columns
from scenes.screens.settings_view import SettingsScene
from scenes.shell import about


def open_about(driver) -> AboutScene:
    """Settings from the main menu, then its About button clicked."""
    settings = driver.from_menu(pygame.K_s)
    assert isinstance(settings, SettingsScene)
    button = next(b for b in settings.group.buttons if b.value == "about")
    driver.click(button.rect.center)
    driver.frames(2)
    assert isinstance(driver.top, AboutScene)
    return driver.top


def test_about_shows_the_mit_licence_then_every_bundled_librarys_notice(driver):
    scene = open_about(driver)
    drawn = driver.frame_texts()
    assert "MIT License" in drawn and any("Creative Commons" in text for text in drawn)
    tab = next(b for b in scene.group.buttons if b.value == "notices")
    driver.click(tab.rect.center)
    text = "\n".join(scene.lines())
    for name in ("Python", "pygame-ce", "SDL2", "FreeType", "websockets", "qrcode"):
        assert name in text
    driver.key(pygame.K_END)
    assert scene.scroll == scene._scroll_limit() > 1000
    assert any(text.startswith("lines ") for text in driver.frame_texts())
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, SettingsScene)


def test_the_key_a_opens_about_and_its_button_fits_the_window_at_every_size(tmp_path):
    from tests.ui_driver import Driver
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        driver = Driver(tmp_path / f"{size[0]}", size=size)
        settings = driver.from_menu(pygame.K_s)
        driver.frames()
        rects = [b.rect for b in settings.group.buttons]
        about_rect = rects[-1]
        assert driver.app.screen.get_rect().contains(about_rect)
        assert not any(about_rect.colliderect(rect) for rect in rects[:-1])
        driver.key(pygame.K_a, "a")
        driver.frames()
        assert isinstance(driver.top, AboutScene)
        pygame.quit()


def test_without_notices_about_says_where_they_are(driver, monkeypatch):
    monkeypatch.setattr("scenes.screens.about_view.notices_text", lambda: None)
    scene = open_about(driver)
    scene._choose("notices")
    assert "packaged builds" in " ".join(scene.lines())


def test_wrapping_keeps_every_word_and_blank_line():
    text = "a b\n\n" + "word " * 50
    lines = wrap_columns(text, 30)
    assert lines[1] == "" and all(len(line) <= 30 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_the_licence_is_read_beside_the_code_and_never_from_anothers_folder(tmp_path,
                                                                           monkeypatch):
    assert about.licence_text().startswith("MIT License")
    assert about.notices_text().startswith("Third-party notices")
    (tmp_path / "LICENSE").write_text("someone else's")
    monkeypatch.setattr(about, "code_root", lambda: tmp_path)  # site-packages, say
    assert about.notices_text() is None and about.licence_text() != "someone else's"
