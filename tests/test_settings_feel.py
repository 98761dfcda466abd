"""Settings behave like settings (issue 16, point 13): yes/no settings are switches, ranges stop
at their ends; Records deletes a record or a game in progress, and Stats resets, each after a
question; a file that changed or vanished since it was listed is never deleted by mistake."""
from __future__ import annotations

import json
import os

import pygame
from hypothesis import example, given, settings, strategies as st

from game.match import Match, RandomPlayer, play_out
from scenes.screens.dialog import ConfirmScene
from scenes.screens.settings_view import SettingsScene
from scenes.store.records import RecordFolder, file_stem, record_meta
from scenes.store.saves import SavedGame, SaveFolder
from scenes.store.settings import IDLE_SECONDS, SPEEDS
from scenes.store.stats import StatsFile
from scenes.store.storage import remove_if_unchanged, signature
from tests.support import examples
from tests.test_replay import open_records, settle_records
from tests.ui_driver import Driver

KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT, "enter": pygame.K_RETURN, "tab": pygame.K_TAB}


def settings_screen(driver: Driver) -> SettingsScene:
    driver.app.stack.reset(SettingsScene(driver.app))
    driver.frames()
    return driver.top


def saved_settings(driver: Driver) -> dict:
    return json.loads(driver.app.store.path.read_text())


def row(scene: SettingsScene, name: str) -> int:
    return [b.value for b in scene.group.buttons].index(name)


def test_switches_flip_with_enter_and_a_click_and_set_with_left_and_right(driver):
    scene = settings_screen(driver)
    scene.group.focus = row(scene, "sound")
    driver.key(pygame.K_RETURN)  # the driver starts muted: Enter switches the sound on
    assert driver.app.settings.muted is False and saved_settings(driver)["muted"] is False
    driver.key(pygame.K_RIGHT)  # Right is on: it stays on
    assert driver.app.settings.muted is False
    driver.key(pygame.K_LEFT)  # Left is off
    assert driver.app.settings.muted is True
    driver.key(pygame.K_LEFT)
    assert driver.app.settings.muted is True
    driver.click(scene.parts["kiosk"]["switch"].center)
    assert driver.app.settings.kiosk is True and saved_settings(driver)["kiosk"] is True
    driver.click(scene.group.buttons[row(scene, "kiosk")].rect.midleft)  # the row's words too
    assert driver.app.settings.kiosk is False


def test_the_switch_shows_on_and_off_differently(driver):
    scene = settings_screen(driver)
    driver.app.settings.kiosk = False
    before = driver.frame_texts()
    off = pygame.Surface.copy(driver.app.screen.subsurface(scene.parts["kiosk"]["switch"]))
    driver.click(scene.parts["kiosk"]["switch"].center)
    after = driver.frame_texts()
    on = driver.app.screen.subsurface(scene.parts["kiosk"]["switch"])
    assert before.count("On") + 1 == after.count("On")
    assert pygame.image.tobytes(off, "RGB") != pygame.image.tobytes(on, "RGB")


def test_volume_stops_at_its_ends_and_the_buttons_step_it(driver):
    scene = settings_screen(driver)
    driver.app.settings.volume = 0.9
    scene.group.focus = row(scene, "volume")
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    assert driver.app.settings.volume == 1.0  # not wrapped round to 0
    driver.click(scene.parts["volume"]["plus"].center)
    assert driver.app.settings.volume == 1.0
    for _ in range(12):
        driver.click(scene.parts["volume"]["minus"].center)
    assert driver.app.settings.volume == 0.0
    driver.key(pygame.K_LEFT)
    assert driver.app.settings.volume == 0.0 and saved_settings(driver)["volume"] == 0.0
    driver.key(pygame.K_RETURN)  # Enter on a range changes nothing
    assert driver.app.settings.volume == 0.0


def test_animation_speed_stops_at_the_fastest(driver):
    scene = settings_screen(driver)
    scene.group.focus = row(scene, "speed")
    driver.key(pygame.K_RIGHT)  # the driver's 4x is the fastest
    assert driver.app.settings.animation_speed == 4.0
    driver.key(pygame.K_LEFT)
    assert driver.app.settings.animation_speed == 2.0


@settings(max_examples=examples(25), deadline=None)
@given(volume=st.integers(0, 10), speed=st.sampled_from(SPEEDS),
       keys=st.lists(st.sampled_from(sorted(KEYS)), max_size=40),
       clicks=st.lists(st.tuples(st.sampled_from(["volume", "speed", "idle"]),
                                 st.sampled_from(["minus", "plus"])), max_size=15))
def test_no_keys_or_clicks_take_a_range_past_its_ends(tmp_path_factory, volume, speed, keys,
                                                       clicks):
    driver = Driver(tmp_path_factory.mktemp("settings"))
    try:
        driver.app.settings.volume = volume / 10
        driver.app.settings.animation_speed = speed
        scene = settings_screen(driver)
        expected = volume
        for name in keys:
            on_volume = scene.group.focus == row(scene, "volume")
            driver.key(KEYS[name])
            if on_volume and name in ("left", "right"):
                expected = max(0, min(10, expected + (1 if name == "right" else -1)))
            assert 0 <= driver.app.settings.volume <= 1
            assert round(driver.app.settings.volume * 10) == expected
        for name, part in clicks:
            driver.click(scene.parts[name][part].center)
        settings_ = driver.app.settings
        assert 0 <= settings_.volume <= 1 and settings_.animation_speed in SPEEDS
        assert settings_.kiosk_idle_seconds in IDLE_SECONDS
    finally:
        pygame.quit()


# ---- deleting ---------------------------------------------------------------------------------
def finished(seed: int) -> Match:
    match = Match("strands", {"side": 5}, seed=seed)
    play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return match


def write_record(seed: int):
    record = finished(seed).record(record_meta(("human", "bot:hard"), "2026-01-01T10:00:00",
                                               ended=f"2026-01-01T10:{seed:02d}:00"))
    return RecordFolder().add(record, file_stem("strands", True))


def write_save(seed: int) -> SavedGame:
    match = Match("strands", {"side": 5}, seed=seed)
    for _ in range(3):
        match.play(match.state.legal_moves(match.state.awaiting[0])[0])
    saved = SavedGame(f"20260101-1000{seed:02d}-strands-abc123", match.record(),
                      ("human", "bot:easy"), "2026-01-01T10:00:00", "2026-01-01T10:05:00")
    SaveFolder().write(saved)
    return saved


def answer(driver: Driver, yes: bool) -> None:
    dialog = driver.top
    assert isinstance(dialog, ConfirmScene)
    driver.click(dialog.group.buttons[0 if yes else 1].rect.center)


def test_a_record_is_deleted_after_the_question(driver):
    first, second = write_record(1), write_record(2)
    scene = open_records(driver)
    assert [r.summary.path for r in scene.rows] == [second, first]
    driver.key(pygame.K_DELETE)
    assert isinstance(driver.top, ConfirmScene) and "Delete this record?" in driver.top.title
    answer(driver, yes=False)  # Keep
    assert driver.top is scene and second.exists()
    driver.key(pygame.K_DOWN)
    driver.click(next(b for b in scene.group.buttons if b.value == "delete").rect.center)
    answer(driver, yes=True)
    settle_records(driver, scene)
    assert not first.exists() and second.exists()
    assert [r.summary.path for r in scene.rows] == [second]
    assert scene.message.startswith("Deleted the ") and " record" in scene.message
    assert first.name not in scene.message and not scene.message_is_error  # no file name


def test_a_game_in_progress_is_deleted_after_the_question(driver):
    saved = write_save(1)
    path = SaveFolder().path_for(saved.id)
    scene = open_records(driver)
    assert scene.rows[0].saved is not None
    driver.key(pygame.K_DELETE)
    assert "game in progress" in driver.top.title
    driver.key(pygame.K_ESCAPE)  # Escape keeps it
    assert path.exists()
    driver.key(pygame.K_DELETE)
    answer(driver, yes=True)
    settle_records(driver, scene)
    assert not path.exists() and scene.rows == []


def test_a_record_that_changed_or_vanished_since_it_was_listed_is_not_deleted(driver):
    first = write_record(1)
    scene = open_records(driver)
    first.write_text(first.read_text() + " ")  # rewritten after it was listed
    driver.key(pygame.K_DELETE)
    answer(driver, yes=True)
    settle_records(driver, scene)
    assert first.exists() and "changed since it was listed" in scene.message
    assert scene.message_is_error
    first.unlink()  # a file listed, then gone
    scene.rows = [scene.rows[0]]
    driver.key(pygame.K_DELETE)
    answer(driver, yes=True)
    settle_records(driver, scene)
    assert "already gone" in scene.message and scene.rows == []


def test_a_save_rewritten_since_it_was_read_is_kept(driver):
    saved = write_save(1)
    scene = open_records(driver)
    SaveFolder().write(saved)  # the same game written again: a new file under the same name
    driver.key(pygame.K_DELETE)
    answer(driver, yes=True)
    settle_records(driver, scene)
    assert SaveFolder().path_for(saved.id).exists() and "changed" in scene.message


def test_remove_if_unchanged_keeps_what_it_was_not_shown(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("one")
    seen = signature(path)
    assert remove_if_unchanged(path, seen) == "removed" and not path.exists()
    assert remove_if_unchanged(path, seen) == "gone"
    path.write_text("two")
    assert remove_if_unchanged(path, seen) == "changed" and path.read_text() == "two"
    target = tmp_path / "target.json"
    target.write_text("kept")
    link = tmp_path / "link.json"
    os.symlink(target, link)
    assert remove_if_unchanged(link, signature(link)) == "removed"
    assert target.read_text() == "kept"  # a link is deleted, never what it points to
    assert not list(tmp_path.glob(".*deleting"))


def test_a_read_only_folder_deletes_nothing(tmp_path):
    path = RecordFolder().add(finished(1).record(), "x")
    folder = RecordFolder(read_only="another copy of Quintet is using the folder")
    from scenes.store.records import summarise
    assert "was not deleted" in folder.delete(summarise(path)) and path.exists()


def test_the_statistics_reset_after_the_question(driver):
    from tests.test_stats import WIN0, open_stats
    stats = StatsFile()
    stats.count("strands", ("human", "bot:hard"), WIN0, hinted=True)
    scene = open_stats(driver)
    assert scene.games and scene.hinted == {"strands": 1}
    driver.key(pygame.K_r)
    assert isinstance(driver.top, ConfirmScene)
    answer(driver, yes=False)
    assert StatsFile().load()[0] and scene.games
    driver.click(scene.group.buttons[0].rect.center)  # Reset
    answer(driver, yes=True)
    driver.until(lambda: scene.resetting is None, 10)  # written off the frame loop
    assert StatsFile().load() == ({}, []) and scene.games == {}
    assert StatsFile().hinted() == {} == scene.hinted  # games with hints are a count too
    assert "reset" in scene.note
    assert not any("Played with hints" in text for text in driver.frame_texts())


CHANGES = ["none", "rewritten", "removed", "replaced", "folder", "link", "touched"]


@settings(max_examples=examples(60), deadline=None)
@given(change=st.sampled_from(CHANGES), content=st.text(min_size=1, max_size=40))
@example(change="link", content="\r")
def test_a_delete_removes_only_the_file_that_was_seen(tmp_path_factory, change, content):
    """Whatever happened to a listed file before its delete, the delete never fails and never
    removes anything but that very file."""
    folder = tmp_path_factory.mktemp("delete")
    path = folder / "record.json"
    path.write_bytes(content.encode())
    seen = signature(path)
    if change == "rewritten":  # the same name, a new file (as every atomic write makes)
        (folder / "new").write_bytes(content.encode() + b"!")
        os.replace(folder / "new", path)
    elif change == "removed":
        path.unlink()
    elif change == "replaced":  # another file under the name, same size
        path.unlink()
        path.write_bytes(content.encode())
    elif change == "folder":
        path.unlink()
        path.mkdir()
    elif change == "link":
        path.unlink()
        (folder / "other.json").write_bytes(content.encode())
        os.symlink(folder / "other.json", path)
    elif change == "touched":  # written in place: its time moves on
        stamp = os.stat(path).st_mtime_ns + 5_000_000_000
        os.utime(path, ns=(stamp, stamp))
    result = remove_if_unchanged(path, seen)
    expected = {"none": "removed", "removed": "gone"}.get(change, "changed")
    if change == "replaced" and signature(path) == seen:  # the system reused the very inode
        expected = "removed"  # and time: nothing tells it apart (not seen here in practice)
    assert result == expected
    assert os.path.lexists(path) == (expected == "changed")
    if change == "link":
        # bytes, as text mode would read a '\r' back as '\n'
        assert (folder / "other.json").read_bytes() == content.encode()
    assert not list(folder.glob(".*deleting"))
