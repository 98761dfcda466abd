"""The replay viewer and records screen: stepping both ways, files opened or refused, secrets."""
from __future__ import annotations

import json

import pygame
import pytest

from game.core import SEALED
from game.match import Match, RandomPlayer, play_out
from game.record import load_record
from scenes.play.play import PlayScene
from scenes.play.replay import ReplayScene
from scenes.screens.menu import MainMenu
from scenes.screens.records_view import RecordsScene
from scenes.store.records import RecordFolder, file_stem, record_meta
from scenes.store.saves import SavedGame, SaveFolder, new_game_id
from tests.support import carries, one_turn_logged
from tests.test_handoff import MORIARTY_SETUP
from tests.ui_driver import Driver


def finished(game_id="synch", seed=2, **options) -> Match:
    match = Match(game_id, options, seed=seed)
    play_out(match, [RandomPlayer(seed), RandomPlayer(seed + 1)])
    return match


def open_replay(driver, record) -> ReplayScene:
    driver.app.stack.reset(MainMenu(driver.app))
    scene = ReplayScene(driver.app, record)
    driver.app.stack.push(scene)
    driver.frames()
    return scene


def button(scene, value):
    return next(b for b in scene.group.buttons if b.value == value)


def test_replay_steps_forward_animated_and_back_by_keys_and_buttons(driver):
    record = finished("tug_of_war", seed=3).record()
    scene = open_replay(driver, record)
    assert scene.position == 0 and scene.last == len(record.entries)
    driver.key(pygame.K_RIGHT)
    assert scene.position == 1 and scene.shown is not None  # animating the first entry
    driver.frames(200)
    assert scene.shown is None
    driver.click(button(scene, "next").rect.center)
    driver.click(button(scene, "next").rect.center)
    assert scene.position == 3 and scene.log.lines()
    driver.key(pygame.K_LEFT)
    assert scene.position == 2 and scene.shown is None
    driver.click(button(scene, "back").rect.center)
    assert scene.position == 1
    driver.key(pygame.K_END)
    assert scene.position == scene.last and scene.view().state.is_terminal
    assert scene.log.lines()[-1] and "won" in scene._situation() or "draw" in scene._situation()
    driver.click(button(scene, "start").rect.center)
    assert scene.position == 0 and scene.log.lines() == []
    driver.key(pygame.K_SPACE)  # plays on by itself
    for _ in range(400):
        driver.frames(dt=0.05)
    assert scene.position > 3
    driver.key(pygame.K_ESCAPE)
    driver.frames()
    assert isinstance(driver.top, MainMenu)


def test_every_position_of_a_replay_is_the_public_view(driver):
    match = finished("moriarty", seed=5, games=1)
    scene = open_replay(driver, match.record())
    state = match.record().initial_state()
    states = [state]
    for _, step in match.record().replay():
        states.append(step.state)
    assert scene.states == [s.observe_public() for s in states]
    scored = next(i for i, s in enumerate(states) if s.is_terminal)
    assert all(s.bonus == (None, None) for s in scene.states[:scored])


def pixels_of_replay(tmp_path, moves: list[tuple], game_id: str, name: str):
    """The replay's last frame of a game made of these moves, and the states it drew."""
    match = Match(game_id, seed=7)
    for seat, text in moves:
        match.play(text, seat)
    driver = Driver(tmp_path / name)
    try:
        scene = open_replay(driver, match.record())
        drawn = []
        draw = scene.board.draw
        scene.board.draw = lambda surface, view: (drawn.append(view), draw(surface, view))
        driver.key(pygame.K_END)
        driver.frames(2)
        return pygame.image.tobytes(driver.app.screen, "RGB"), drawn, scene
    finally:
        pygame.quit()


def test_a_sealed_pull_of_an_unfinished_game_never_shows(tmp_path):
    base = [(0, "c"), (1, "h")]
    a, drawn_a, scene = pixels_of_replay(tmp_path, base + [(0, "a")], "pulling_strings", "a")
    b, drawn_b, _ = pixels_of_replay(tmp_path, base + [(0, "e")], "pulling_strings", "b")
    assert a == b
    assert all(v.state.pending[0] in (None, SEALED) for v in drawn_a + drawn_b)
    assert one_turn_logged(scene.log.lines())


def test_a_bonus_colour_never_shows_before_its_game_is_scored(tmp_path):
    setup = [(None, text) for text in MORIARTY_SETUP]  # the seats take turns by the rules
    a, drawn_a, scene = pixels_of_replay(tmp_path, setup + [(0, "bonus O"), (1, "bonus G")],
                                         "moriarty", "a")
    b, drawn_b, _ = pixels_of_replay(tmp_path, setup + [(0, "bonus B"), (1, "bonus P")],
                                     "moriarty", "b")
    assert a == b
    assert all(v.state.bonus == (None, None) for v in drawn_a + drawn_b)
    assert not any("bonus O" in line or "bonus G" in line for line in scene.log.lines())


# ---- the records screen -----------------------------------------------------------------------
def write_record(match: Match, controllers=("human", "bot:hard")):
    record = match.record(record_meta(controllers, "2026-01-01T10:00:00",
                                      ended="2026-01-01T10:20:00"))
    return RecordFolder().add(record, file_stem(match.spec.id, True))


def open_records(driver) -> RecordsScene:
    scene = driver.from_menu(pygame.K_e)
    assert isinstance(scene, RecordsScene)
    settle_records(driver, scene)
    return scene


def settle_records(driver, scene: RecordsScene) -> None:
    """Run frames until the screen has read its folder and opened what it was asked to."""
    driver.until(lambda: scene.reading is None and scene.opening is None)


def test_the_records_screen_lists_games_and_opens_a_replay(driver):
    path = write_record(finished("strands", seed=1, side=5))
    scene = open_records(driver)
    assert [r.columns[0] for r in scene.rows] == ["Strands"]
    assert scene.rows[0].columns[1] == "You v Hard bot" and scene.rows[0].summary.path == path
    assert not button(scene, "continue").enabled and not button(scene, "export").enabled
    driver.key(pygame.K_RETURN)
    settle_records(driver, scene)
    driver.frames()
    assert isinstance(driver.top, ReplayScene) and driver.top.last > 0


def test_a_record_file_dropped_in_the_folder_opens(driver):
    folder = RecordFolder().folder
    folder.mkdir(parents=True)
    (folder / "from a friend.json").write_text(finished("tug_of_war").record().dumps())
    scene = open_records(driver)
    assert scene.rows[0].columns[0] == "Tug of War" and scene.rows[0].columns[1] == ""
    driver.click(button(scene, "replay").rect.center)
    settle_records(driver, scene)
    driver.frames()
    assert isinstance(driver.top, ReplayScene)


def edited_record(change) -> str:
    data = finished("strands", seed=1, side=5).record().to_json()
    change(data)
    return json.dumps(data)


BAD_RECORDS = {
    "truncated": (lambda: finished().record().dumps()[:80], "cut short"),
    "corrupt": (lambda: "\u0000garbage", "damaged"),
    "newer": (lambda: edited_record(lambda d: d.update(version=5)), "newer than this Quintet"),
    "wrong types": (lambda: edited_record(lambda d: d.update(options=[1])),
                    "options: must be an object"),
    "illegal move": (lambda: edited_record(lambda d: d["moves"].insert(1, "1:a1")),
                     "'1:a1': space a1 is already covered"),
    "wrong result": (lambda: edited_record(lambda d: d.update(result=None)), "result: the record"),
}


@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_a_bad_record_file_is_named_when_opened_and_kept(driver, case):
    make, words = BAD_RECORDS[case]
    folder = RecordFolder().folder
    folder.mkdir(parents=True)
    path = folder / "bad.json"
    content = make()
    path.write_text(content, encoding="utf-8")
    scene = open_records(driver)
    driver.key(pygame.K_RETURN)
    settle_records(driver, scene)
    driver.frames()
    assert driver.top is scene  # no replay; the screen carries on
    assert scene.message_is_error and words in scene.message
    assert path.name in scene.message and str(path.parent) not in scene.message
    assert path.read_text(encoding="utf-8") == content  # the file is left as it was


def test_a_game_in_progress_is_listed_continued_replayed_and_exported(driver):
    match = Match("pulling_strings", seed=7)
    for seat, text in [(0, "c"), (1, "h"), (0, "a")]:  # Eks's last pull is still sealed
        match.play(text, seat)
    saved = SavedGame(new_game_id("pulling_strings"), match.record(), ("human", "human"),
                      "2026-01-01T09:00:00")
    SaveFolder().write(saved)
    write_record(finished("synch"))
    scene = open_records(driver)
    assert scene.rows[0].saved is not None
    carries(scene.rows[0].columns[2], "in progress", "turn 2")
    assert button(scene, "continue").enabled and button(scene, "export").enabled
    before = set(RecordFolder().folder.glob("*.json"))
    driver.key(pygame.K_x)  # export
    settle_records(driver, scene)
    assert scene.message.startswith("Exported: the Pulling Strings game is listed here")
    exported, = set(RecordFolder().folder.glob("*.json")) - before
    assert exported.name not in scene.message
    record = load_record(exported.read_text())
    assert [str(e) for e in record.entries] == ["0:c", "1:h"]  # the sealed pull left out
    assert record.result is None and record.meta["controllers"] == ["human", "human"]
    assert any(r.summary and r.summary.path == exported for r in scene.rows)
    driver.key(pygame.K_RETURN)  # replay the game in progress
    driver.frames()
    replay = driver.top
    assert isinstance(replay, ReplayScene) and replay.last == 3
    assert replay.states[-1].pending[0] is SEALED
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_c)  # continue it
    driver.frames(3)
    play = driver.play_scene()
    assert isinstance(play, PlayScene) and play.saves.id == saved.id
    assert [str(e) for e in play.turns.match.entries] == ["0:c", "1:h", "0:a"]


def test_an_empty_records_screen_says_so(driver):
    scene = open_records(driver)
    assert scene.rows == [] and scene.row is None
    driver.key(pygame.K_RETURN)  # nothing to open: nothing happens
    assert driver.top is scene
    driver.key(pygame.K_ESCAPE)
    driver.frames()
    assert isinstance(driver.top, MainMenu)


def test_records_scroll_to_keep_the_selection_in_view(driver):
    match = finished("synch", seed=3)
    for _ in range(25):
        write_record(match)
    scene = open_records(driver)
    visible = scene._visible()
    assert len(scene.rows) == 25 and visible < 25
    for _ in range(24):
        driver.key(pygame.K_DOWN)
    assert scene.selected == 24 and scene.scroll == 25 - visible
    driver.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0,
                touch=False, which=0)
    driver.frames()
    assert scene.scroll == 25 - visible - 3


def test_a_long_records_list_says_there_is_more_and_its_bar_scrolls_it(driver):
    match = finished("synch", seed=3)
    for _ in range(25):
        write_record(match)
    scene = open_records(driver)
    visible = scene._visible()
    assert scene.more_words().startswith(f"Rows 1-{visible} of 25:")
    track = scene.scroll_track()
    driver.click((track.centerx, track.bottom - 1))  # the bar's foot: the end of the list
    assert scene.scroll == 25 - visible
    assert scene.more_words().startswith(f"Rows {26 - visible}-25 of 25:")
    driver.click((track.centerx, track.top))
    assert scene.scroll == 0


def test_a_short_records_list_has_no_bar_and_no_words_of_more(driver):
    write_record(finished("synch", seed=3))
    scene = open_records(driver)
    assert len(scene.rows) == 1 and scene.more_words() == ""
    before = scene.scroll
    driver.click(scene.scroll_track().center)  # nothing to scroll
    assert scene.scroll == before


def test_a_record_file_that_vanished_is_named_by_its_game_not_its_file(driver):
    path = write_record(finished("synch", seed=3))
    scene = open_records(driver)
    path.unlink()
    driver.key(pygame.K_RETURN)
    settle_records(driver, scene)
    assert driver.top is scene and "is missing" in scene.message
    carries(scene.message, "Move In Synch")
    assert path.name not in scene.message and str(path.parent) not in scene.message
