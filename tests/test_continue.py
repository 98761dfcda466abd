"""Saves in play: every decision is saved, Continue resumes exactly, a finished game is filed."""
from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from game.core import SEALED
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.screens.dialog import ConfirmScene
from scenes.screens.error_view import ErrorScene
from scenes.screens.menu import MainMenu, PauseScene
from scenes.store.saves import SaveFolder
from scenes.store.stats import StatsFile
from tests.support import carries, one_turn_logged
from tests.test_handoff import play_moves
from tests.test_play_vs_bot import FakeWorker, start_vs
from tests.ui_driver import Driver


def saves() -> list:
    games, messages = SaveFolder().scan()
    assert messages == []
    return games


def relaunch(old: Driver, where) -> Driver:
    """Quit the app and start it again (the same data folder): the main menu shows."""
    pygame.quit()
    driver = Driver(where)
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    return driver


def continue_button(driver: Driver):
    menu = driver.top
    assert isinstance(menu, MainMenu)
    return next((b for b in menu.group.buttons if b.value == "continue"), None)


def test_every_decision_is_saved_and_the_menu_offers_continue(driver):
    scene = driver.start("strands", {"side": 5})
    assert saves() == []  # nothing decided yet
    driver.settle()
    for count in (1, 2, 3):
        driver.settle()
        driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
        [saved] = saves()
        assert [str(e) for e in saved.record.entries] == [str(e) for e in scene.turns.match.entries]
        assert len(saved.record.entries) == count
        assert saved.controllers == ("human", "human") and saved.id == scene.saves.id
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    button = continue_button(driver)
    assert button is not None and "Strands · Hot-seat · turn" in button.hint


def test_no_save_no_continue(driver):
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    assert continue_button(driver) is None
    assert [b.label for b in driver.top.group.buttons] == [
        "Play", "Records", "Stats", "Rules", "Settings", "Quit"]


@pytest.mark.parametrize("secret", ["c", "h"])
def test_continue_resumes_at_the_hand_off_and_shows_no_secret(tmp_path, secret):
    driver = Driver(tmp_path / "first")
    driver.start("pulling_strings", seed=7)
    play_moves(driver, ["c", "h", secret])  # a whole turn, then Eks seals a pull
    driver.settle()
    assert isinstance(driver.top, HandoffScene) and driver.top.name == "Oh"
    driver = relaunch(driver, tmp_path / "second")
    try:
        driver.key(pygame.K_c)  # Continue
        driver.frames(3)
        assert isinstance(driver.top, HandoffScene) and driver.top.name == "Oh"
        scene = driver.play_scene()
        assert scene.turns.match.state.pending[0] is not None and scene.turns.private_seat is None
        assert not any(secret in line.split(", ")[-1] and "2." in line
                       for line in scene.turns.log.lines())
        assert one_turn_logged(scene.turns.log.lines())  # the sealed pull is held back
        driver.key(pygame.K_RETURN)  # Oh confirms
        driver.frames(3)
        view = scene.view()
        assert scene.turns.chooser == 1 and view.seat == 1 and view.state.pending[0] is SEALED
        pixels = pygame.image.tobytes(driver.app.screen, "RGB")
        (tmp_path / f"{secret}.bin").write_bytes(pixels)
        other = tmp_path / ("h.bin" if secret == "c" else "c.bin")
        if other.exists():  # the second run: Oh's screen is the same whatever Eks pulled
            assert other.read_bytes() == pixels
    finally:
        pygame.quit()


def test_continue_resumes_a_bot_s_pending_turn(tmp_path):
    driver = Driver(tmp_path / "first")
    worker = FakeWorker(hold=True)  # the bot is still thinking when the app closes
    scene = start_vs(driver, "strands", ("human", "bot:easy"), worker, {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.frames(60)
    assert scene.bots.to_move() == 1 and worker.outstanding is not None
    driver = relaunch(driver, tmp_path / "second")
    try:
        worker = FakeWorker()
        driver.app.bot_worker = worker
        driver.key(pygame.K_c)
        resumed = driver.play_scene()
        worker.scene = resumed  # checks the bot is asked with its own observation
        assert resumed.turns.controllers == ("human", "bot:easy")
        assert len(resumed.turns.match.entries) == 1
        driver.frames(2)
        assert worker.requests and worker.requests[-1]["seat"] == 1  # asked again at once
        driver.settle()
        assert resumed.turns.chooser == 0  # White's whole turn was played; Black's turn again
        assert {e.actor for e in resumed.turns.match.entries[1:]} == {1}
        carries(resumed.players_line(), "Black: you", "White", "Easy")
    finally:
        pygame.quit()


def hint_offered(scene) -> bool:
    return any(getattr(b.value, "name", None) == "hint" for b in scene.buttons)


@pytest.mark.parametrize("controllers, hints", [
    (("human", "human"), True), (("human", "human"), None),
    (("human", "bot:easy"), False), (("human", "bot:easy"), None)])
def test_continue_keeps_the_hints_choice_and_count(tmp_path, controllers, hints):
    """Hints agreed hot-seat stay on, hints turned off against the computer stay off, the
    defaults stay the defaults, and the hints asked before still count (for the stats)."""
    from tests.test_hints import on_screen
    driver = Driver(tmp_path / "first")
    scene = on_screen(driver, "strands", controllers, hints=hints, options={"side": 5})
    on = scene.hints.tally.allowed
    assert on is (hints if hints is not None else controllers[1] != "human")
    driver.settle()
    if on:  # one hint asked, by its key
        driver.key(pygame.K_SLASH, "?")
        driver.frames(2)
        assert scene.hints.tally.used == 1
    driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
    [saved] = saves()
    assert saved.hints is on and saved.hints_used == (1 if on else 0)
    driver = relaunch(driver, tmp_path / "second")
    try:
        driver.app.bot_worker = FakeWorker()
        driver.click(continue_button(driver).rect.center)
        driver.frames(3)
        resumed = driver.play_scene()
        assert resumed.hints.tally.allowed is on and resumed.hints.tally.used == (1 if on else 0)
        driver.settle()
        assert resumed.turns.chooser is not None and hint_offered(resumed) is on
    finally:
        pygame.quit()


@pytest.mark.parametrize("controllers, default", [(["human", "human"], False),
                                                  (["human", "bot:easy"], True)])
def test_a_save_from_before_hints_were_kept_carries_on_with_the_default(driver, controllers,
                                                                         default):
    from tests.test_saves import saved_strands
    folder = SaveFolder()
    saved = saved_strands()
    data = saved.to_json()
    data["controllers"] = controllers
    assert "hints" not in data and "hints_used" not in data  # no choice kept: none written
    folder.folder.mkdir(parents=True, exist_ok=True)
    folder.path_for(saved.id).write_text(json.dumps(data))
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    driver.click(continue_button(driver).rect.center)
    driver.frames(3)
    resumed = driver.play_scene()
    assert resumed.hints.tally.allowed is default and resumed.hints.tally.used == 0


def test_a_finished_game_clears_its_save_and_is_filed(driver):
    scene = driver.start("synch", {"move_limit": 12}, seed=4)
    final = driver.play_to_end(random.Random(4), how="keys")
    assert isinstance(driver.top, ResultsScene)
    assert saves() == []
    path = scene.saves.record_path
    assert path is not None and path.parent.name == "records"
    data = json.loads(path.read_text())
    assert data["format"] == "quintet-record" and data["result"] == final.outcome.to_json()
    assert data["meta"]["controllers"] == ["human", "human"] and "ended" in data["meta"]
    games, _ = StatsFile().load()
    counts = games["synch"]["hot-seat"]
    key = "drawn" if final.outcome.is_draw else f"seat{final.outcome.winner}"
    assert counts[key] == 1 and sum(counts.values()) == 1


def test_a_demo_game_is_never_saved_or_counted(driver):
    worker = FakeWorker()
    driver.app.bot_worker = worker
    driver.app.stack.reset(MainMenu(driver.app))
    scene = PlayScene(driver.app, "synch", {"move_limit": 10}, seed=2,
                      controllers=("bot:easy", "bot:easy"), demo=True)
    driver.app.stack.push(scene)
    deadline = time.monotonic() + 30
    while not scene.turns.match.state.is_terminal:
        assert time.monotonic() < deadline
        driver.frames(dt=0.1)
    driver.frames(5)
    assert saves() == [] and StatsFile().load() == ({}, [])
    assert scene.saves.record_path is None and scene.rescue() is None


def test_an_error_in_play_saves_the_game_and_says_so(driver):
    scene = driver.start("strands", {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.settle()
    entries = list(scene.turns.match.entries)
    driver.app.reraise_errors = False
    scene.board.draw = lambda surface, view: 1 / 0
    driver.app.invalidate()
    driver.frames(2)
    assert isinstance(driver.top, ErrorScene)
    assert any("Your game was saved" in line for line in driver.top.details)
    [saved] = saves()
    assert list(saved.record.entries) == entries
    driver.key(pygame.K_RETURN)  # Back to menu
    driver.frames()
    assert continue_button(driver) is not None


def test_a_dead_bot_leaves_a_saved_game_and_a_way_to_the_menu(driver):
    worker = FakeWorker(fail=100)  # the bot's process dies at every request
    scene = start_vs(driver, "strands", ("bot:easy", "human"), worker, {"side": 5})
    driver.frames(30)
    assert scene.bots.broken and "Your game is saved" in scene.status.text
    driver.app.notices.clear()
    dialog = driver.top  # the friendly screen: Back to menu, or look at the board first
    assert isinstance(dialog, ConfirmScene) and "saved" in dialog.question
    driver.key(pygame.K_ESCAPE)  # look at the board; the game menu still leads out
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    leave = next(b for b in driver.top.group.buttons if b.value == "menu")
    carries(leave.hint, "saved")
    driver.click(leave.rect.center)
    driver.frames()
    assert continue_button(driver) is not None  # Continue tries the bot again


def test_the_dead_bot_screen_leads_back_to_the_menu(driver):
    worker = FakeWorker(fail=100)
    start_vs(driver, "strands", ("bot:easy", "human"), worker, {"side": 5})
    driver.frames(30)
    driver.click(driver.top.group.buttons[0].rect.center)  # Back to menu
    driver.frames()
    assert continue_button(driver) is not None


def test_a_save_that_cannot_be_written_is_said_once_and_play_goes_on(driver, tmp_path,
                                                                       monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("QUINTET_DATA_DIR", str(blocker))
    scene = driver.start("strands", {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    assert "could not be saved" in scene.status.text and scene.status.is_error
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
    assert len(scene.turns.match.entries) == 2 and scene.status.text == ""  # said once; play on


@pytest.mark.parametrize("content, words", [
    ("{\"format\": \"quintet-save\", \"version\": 1, \"contro", "cut short"),
    ("{\"format\": \"quintet-save\", \"version\": 7}", "newer Quintet"),
])
def test_a_bad_save_is_named_on_the_menu_and_kept(driver, content, words):
    folder = SaveFolder()
    folder.folder.mkdir(parents=True)
    bad = folder.path_for("20240101-000000-strands-abcdef")
    bad.write_text(content)
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    assert continue_button(driver) is None
    assert any(str(bad) in n and words in n for n in driver.app.notices)
    assert [p.read_text() for p in folder.folder.glob("*.bad-*")] == [content]


def test_a_save_that_vanishes_before_continue_is_named(driver):
    scene = driver.start("strands", {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    SaveFolder().path_for(scene.saves.id).unlink()
    driver.key(pygame.K_c)
    driver.frames()
    assert isinstance(driver.top, MainMenu) and continue_button(driver) is None
    assert any("is missing" in n and scene.saves.id in n for n in driver.app.notices)


def test_saving_is_quick(driver):
    scene = driver.start("tug_of_war", seed=3)
    rng = random.Random(1)
    while len(scene.turns.match.entries) < 150 and not scene.turns.match.state.is_terminal:
        state = scene.turns.match.state
        if state.kind.name == "CHANCE":
            scene.turns.match.resolve_chance()
        else:
            seat = state.awaiting[0]
            scene.turns.match.play(rng.choice(state.legal_moves(seat)), seat)
    # processor time, not the wall clock: a loaded machine is slower, not wrong
    started, loop_started = time.process_time(), time.thread_time()
    for _ in range(20):  # the frame loop only hands each save to the disk writer
        scene.hints.tally.used += 1  # (a save of an unchanged game is not asked again)
        assert scene.saves.autosave()
    per_save = (time.thread_time() - loop_started) / 20  # this thread's: the frame loop's
    driver.written()
    written = time.process_time() - started  # every thread's, the disk writer's too
    size = SaveFolder().path_for(scene.saves.id).stat().st_size
    print(f"save: {size} bytes, {per_save * 1000:.1f} ms on the frame loop, all written in "
          f"{written:.2f} s of processor time")
    assert per_save < 0.05 and written < 5 and size < 20_000


def test_the_menu_reads_the_saves_off_the_frame_loop_after_the_save_being_written(
        driver, monkeypatch):
    """A slow disk: the save of the game just left is still with the writer when the menu
    opens; the menu shows at once without Continue, reads nothing on the frame loop, and offers
    that game as soon as the writer has written it."""
    import threading

    scene = driver.start("strands", {"side": 5})
    driver.settle()
    turns = scene.turns
    driver.choose_by_keys(turns.match.state.legal_moves(turns.chooser)[0])  # saved at once
    driver.settle()
    readers: list[str] = []
    latest = SaveFolder.latest

    def watched(folder):
        readers.append(threading.current_thread().name)
        return latest(folder)

    monkeypatch.setattr(SaveFolder, "latest", watched)
    gate = threading.Event()
    driver.app.keeper.writer.submit(lambda: gate.wait(30))  # the disk stalls here
    move = scene.turns.match.state.legal_moves(scene.turns.chooser)[0]
    scene.commit(scene.turns.chooser, move)  # its save waits behind the stall
    turns = scene.turns.words.number(scene.turns.match.state)
    driver.app.stack.reset(MainMenu(driver.app))
    driver.app.tick(1 / 60)  # a frame while the writer is stuck: Continue's place, no read
    driver.app.keeper.poll()
    waiting = continue_button(driver)
    assert waiting is not None and not waiting.enabled and readers == []
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # nothing to continue yet: the key does nothing
        driver.post(kind, key=pygame.K_c, unicode="c", mod=0, scancode=0)
    driver.app.tick(1 / 60)  # (driver.key's frame would wait 30 s for the stalled writer)
    assert isinstance(driver.top, MainMenu) and readers == []
    gate.set()
    driver.frames()
    button = continue_button(driver)
    assert button is not None and button.enabled
    assert f"Strands · Hot-seat · turn {turns}" in button.hint
    assert readers and threading.main_thread().name not in readers
    assert driver.top.group.focus == 0  # Continue takes the focus, as when it was there at once


def test_the_disk_work_of_start_up_waits_for_the_first_frame(tmp_path):
    """Tidying, filing leftovers and reading the saves start once the first frame is shown."""
    pygame.quit()
    driver = Driver(tmp_path)
    driver.app.stack.reset(MainMenu(driver.app))
    writer = driver.app.keeper.writer
    assert writer.held and writer.pending >= 2  # the start's tidying and the menu's reading
    driver.app.tick(1 / 60)
    assert not writer.held
    assert writer.flush(30) and writer.pending == 0



def test_continue_goes_when_the_only_save_holds_a_finished_game(driver):
    """Names alone promised a game to continue; read, the save holds a finished game (it is
    filed instead): the row goes and the buttons close up."""
    from tests.test_keeping import finished_match, saved_at
    match = finished_match()
    SaveFolder().write(saved_at(match, len(match.entries)))
    driver.app.stack.reset(MainMenu(driver.app))
    driver.app.stack.apply_changes()
    assert continue_button(driver) is not None  # its place kept while the save is read
    driver.frames(2)
    assert continue_button(driver) is None
    assert [b.label for b in driver.top.group.buttons][0] == "Play"
