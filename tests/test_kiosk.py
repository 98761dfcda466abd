"""Kiosk mode: the demo plays itself, a touch starts a game, idleness brings the demo back, and
the window cannot be closed except by the hidden combination."""
from __future__ import annotations

import logging
import time

import pygame
import pytest

from game.registry import GAMES
from scenes.kiosk import attract
from scenes.kiosk.attract import AttractScene
from scenes.kiosk.quickstart import OpponentScene, QuickStartScene
from scenes.main import parse_args
from scenes.play.play import PlayScene
from scenes.screens.menu import MainMenu, PauseScene
from scenes.screens.settings_view import SettingsScene
from scenes.shell.kiosk import KeyCombination
from scenes.store.settings import Settings, SettingsStore
from tests.support import carries
from tests.test_play_vs_bot import FakeWorker
from tests.ui_driver import Driver


@pytest.fixture
def kiosk(tmp_path):
    """A headless app in kiosk mode on its demo, its bots answering at once in this process."""
    drv = Driver(tmp_path, kiosk=True)
    drv.app.bot_worker = FakeWorker()
    drv.app.stack.push(drv.app.first_scene())
    drv.frames()
    yield drv
    pygame.quit()


def wake(drv) -> None:
    drv.click((640, 300))
    drv.frames()


def test_the_kiosk_opens_on_the_demo_and_its_bots_play(kiosk):
    demo = kiosk.top
    assert isinstance(demo, AttractScene)
    turns = demo.play.turns
    assert turns.setup.demo and turns.controllers == ("bot:medium", "bot:medium")
    kiosk.frames(400, dt=0.05)
    assert len(demo.play.turns.match.entries) >= 4
    assert demo.caption() == demo.play.turns.caption != "" or demo.finished  # (a quick game ended)
    assert demo.play.spec.pitch  # shown in the band beside the title


def test_the_demo_cycles_through_all_five_games(kiosk, monkeypatch):
    monkeypatch.setattr(attract, "LONGEST_GAME", 1.0)
    seen = []
    for _ in range(400):
        play = kiosk.top.play
        if not seen or seen[-1] != play.spec.id:
            seen.append(play.spec.id)
        kiosk.frames(dt=0.1)
    assert seen[:5] == list(GAMES)


def test_a_finished_demo_game_shows_its_result_then_the_next_begins(kiosk, monkeypatch):
    monkeypatch.setattr(attract, "LONGEST_GAME", 10**9)
    demo = kiosk.top
    first = demo.play
    for _ in range(50000):
        if demo.finished:
            break
        kiosk.frames(dt=0.2)
    assert demo.finished and demo.play is first
    assert demo.caption().split(":")[0].endswith(("wins", "A draw"))
    kiosk.frames(int(attract.RESULT_SECONDS / 0.2) - 2, dt=0.2)
    assert demo.play is first
    kiosk.frames(4, dt=0.2)
    assert demo.play is not first


def test_a_touch_leads_in_two_more_to_a_game_against_the_computer(kiosk):
    wake(kiosk)
    assert isinstance(kiosk.top, QuickStartScene)
    cards = kiosk.top.group.buttons
    assert [b.value for b in cards[:-1]] == list(GAMES) and cards[-1].label == "Watch the demo"
    kiosk.click(cards[2].rect.center)
    kiosk.frames()
    assert isinstance(kiosk.top, OpponentScene)
    kiosk.click(kiosk.top.group.buttons[1].rect.center)  # the computer at Medium
    kiosk.frames()
    play = kiosk.top
    assert isinstance(play, PlayScene) and not play.turns.setup.demo
    assert play.spec.id == list(GAMES)[2] and play.turns.controllers == ("human", "bot:medium")


def test_a_friend_game_is_hot_seat(kiosk):
    wake(kiosk)
    kiosk.click(kiosk.top.group.buttons[0].rect.center)
    kiosk.frames()
    kiosk.click(kiosk.top.group.buttons[3].rect.center)
    kiosk.frames()
    assert kiosk.play_scene().turns.hot_seat


def test_escape_and_watch_the_demo_go_back_to_it(kiosk):
    wake(kiosk)
    kiosk.key(pygame.K_ESCAPE)
    kiosk.frames()
    assert isinstance(kiosk.top, AttractScene)
    wake(kiosk)
    kiosk.click(kiosk.top.group.buttons[-1].rect.center)
    kiosk.frames()
    assert isinstance(kiosk.top, AttractScene)


@pytest.mark.parametrize("where", ["quick start", "mid-game", "pause menu", "settings"])
def test_idle_time_brings_the_demo_back_from_any_screen(kiosk, where):
    wake(kiosk)
    if where != "quick start":
        kiosk.click(kiosk.top.group.buttons[0].rect.center)
        kiosk.frames()
        kiosk.click(kiosk.top.group.buttons[0].rect.center)  # Easy computer
        kiosk.frames(20)
        assert isinstance(kiosk.top, PlayScene)
    if where in ("pause menu", "settings"):
        kiosk.key(pygame.K_ESCAPE)
        assert isinstance(kiosk.top, PauseScene)
    if where == "settings":
        kiosk.click(kiosk.top.group.buttons[2].rect.center)
        kiosk.frames()
        assert isinstance(kiosk.top, SettingsScene)
    timeout = kiosk.app.kiosk.idle_seconds
    kiosk.frames(int((timeout - 5) / 0.5), dt=0.5)
    assert not isinstance(kiosk.top, AttractScene)
    kiosk.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))  # still here
    kiosk.frames(int((timeout - 5) / 0.5), dt=0.5)
    assert not isinstance(kiosk.top, AttractScene)
    kiosk.frames(int(10 / 0.5) + 1, dt=0.5)
    assert isinstance(kiosk.top, AttractScene)
    assert len(kiosk.app.stack.scenes) == 1


def test_the_window_cannot_be_closed_and_f11_is_refused(kiosk):
    kiosk.post(pygame.QUIT)
    kiosk.post(pygame.WINDOWCLOSE)
    kiosk.frames()
    assert kiosk.app.running
    kiosk.key(pygame.K_F4, mod=pygame.KMOD_LALT)
    kiosk.key(pygame.K_F11)
    assert kiosk.app.running and not kiosk.app.settings.fullscreen
    wake(kiosk)
    kiosk.key(pygame.K_q, "q")  # the main menu's Quit key: not on the quick start
    assert kiosk.app.running and isinstance(kiosk.top, QuickStartScene)


def test_the_kiosk_s_settings_cannot_be_changed_from_inside_it(kiosk):
    kiosk.app.stack.push(SettingsScene(kiosk.app))
    kiosk.frames()
    locked = {b.value for b in kiosk.top.group.buttons if not b.enabled}
    assert locked == {"fullscreen", "kiosk", "idle", "fps"}  # the frame rate: the keeper's


def test_the_hidden_combination_leaves_the_kiosk(kiosk):
    kiosk.key(pygame.K_k, "k", mod=pygame.KMOD_LCTRL)  # not the whole combination
    assert kiosk.app.kiosk is not None
    kiosk.key(pygame.K_k, "K", mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    kiosk.frames()
    assert kiosk.app.kiosk is None and isinstance(kiosk.top, MainMenu)
    assert len(kiosk.app.stack.scenes) == 1
    kiosk.post(pygame.QUIT)
    kiosk.frames()
    assert not kiosk.app.running  # an ordinary app again


def test_an_error_in_the_kiosk_is_logged_and_the_demo_carries_on(kiosk, caplog):
    kiosk.app.reraise_errors = False
    wake(kiosk)

    def broken(dt):
        raise RuntimeError("a scene broke")
    kiosk.top.update = broken
    with caplog.at_level(logging.ERROR, logger="quintet"):
        kiosk.frames(2)
    assert isinstance(kiosk.top, AttractScene)
    assert "a scene broke" in caplog.text
    kiosk.frames(100, dt=0.05)
    assert kiosk.app.running and kiosk.app.errors_recovered == 1


def test_a_broken_demo_bot_moves_on_to_the_next_game(kiosk):
    demo = kiosk.top
    first = demo.play
    kiosk.app.bot_worker.fail = 10
    kiosk.frames(200, dt=0.05)
    assert demo.play is not first


def test_the_kiosk_settings_are_checked(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"kiosk": "yes", "kiosk_idle_seconds": 2, "kiosk_exit_keys": "q"}')
    store = SettingsStore(path)
    settings = store.load()
    assert (settings.kiosk, settings.kiosk_idle_seconds, settings.kiosk_exit_keys) == \
        (False, 90, "ctrl+shift+k")
    assert all(name in store.messages[0] for name in ("kiosk ", "kiosk_idle_seconds",
                                                       "kiosk_exit_keys"))
    assert Settings(kiosk_exit_keys="alt+meta+F12").check() == []


def test_an_unknown_key_name_falls_back_to_the_default_combination(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"kiosk_exit_keys": "ctrl+nosuchkey"}')
    drv = Driver(tmp_path, kiosk=True)
    try:
        assert drv.app.kiosk.exit_keys == KeyCombination.parse("ctrl+shift+k")
        assert any("nosuchkey" in notice for notice in drv.app.notices)
    finally:
        pygame.quit()


def test_the_kiosk_setting_starts_the_app_in_kiosk_mode(tmp_path):
    (tmp_path / "settings.json").write_text('{"kiosk": true, "kiosk_idle_seconds": 30}')
    drv = Driver(tmp_path)
    try:
        assert drv.app.kiosk is not None and drv.app.kiosk.idle_seconds == 30
        assert isinstance(drv.app.first_scene(), AttractScene)
    finally:
        pygame.quit()


def test_the_command_line_takes_kiosk():
    assert parse_args(["--kiosk"]).kiosk and not parse_args([]).kiosk
    assert parse_args(["--kiosk", "--size", "800x600"]).size == (800, 600)


def start_with_phones(kiosk):
    """Walk the quick start to Pulling Strings with a friend, on phones: the game, and both
    phones connected and offered their first choices."""
    from scenes.play.phones_view import PhonesScene
    from tests.phone_client import Phone
    wake(kiosk)
    kiosk.click(kiosk.top.group.buttons[list(GAMES).index("strands")].rect.center)
    kiosk.frames()
    assert "phones" not in [b.value for b in kiosk.top.group.buttons]  # no secrets to keep
    kiosk.key(pygame.K_ESCAPE)
    kiosk.frames()
    kiosk.click(kiosk.top.group.buttons[list(GAMES).index("pulling_strings")].rect.center)
    kiosk.frames()
    phones_button = next(b for b in kiosk.top.group.buttons if b.value == "phones")
    carries(phones_button.label, "phones")
    kiosk.click(phones_button.rect.center)
    kiosk.frames(2)
    play = kiosk.play_scene()
    assert play.turns.hot_seat and play.phones.active and isinstance(kiosk.top, PhonesScene)
    kiosk.until(lambda: play.phones.url(0) is not None, 10)
    phones = [Phone(play.phones.server, seat) for seat in (0, 1)]
    kiosk.until(lambda: kiosk.top is play, 10)
    kiosk.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    return play, phones


def test_a_friend_with_phones_plays_on_phones_and_their_choices_keep_the_demo_away(kiosk):
    from scenes.screens.menu import MainMenu
    try:
        play, phones = start_with_phones(kiosk)
        kiosk.app.kiosk.idle = kiosk.app.kiosk.idle_seconds - 1  # nobody touched the screen
        phones[0].lock_in("c")
        kiosk.until(lambda: play.turns.match.state.pending[0] is not None, 10)
        assert kiosk.app.kiosk.idle < 1 and kiosk.play_scene() is play
    finally:
        kiosk.app.stack.reset(MainMenu(kiosk.app))
        kiosk.frames(2)


def test_a_choice_on_a_phone_under_still_playing_keeps_the_game(kiosk):
    """"Still playing?" covers the game, yet the phones are still heard: a choice locked in on
    one closes the card, and the game plays it once it shows again."""
    from scenes.kiosk.still_playing import StillPlayingScene
    from scenes.screens.menu import MainMenu
    try:
        play, phones = start_with_phones(kiosk)
        guard = kiosk.app.kiosk
        guard.idle = guard.idle_seconds - guard.still_seconds() + 0.5  # nobody touched it
        kiosk.frames(2)
        assert isinstance(kiosk.top, StillPlayingScene)
        phones[0].lock_in("c")
        deadline = time.monotonic() + 10
        while kiosk.top is not play:  # frames that pass no idle time: the phone alone decides
            assert time.monotonic() < deadline, "the card stayed: the phone was not heard"
            kiosk.frames(dt=0.0)
            time.sleep(0.002)
        assert guard.idle < 1 and not guard.warning_due()
        kiosk.until(lambda: play.turns.match.state.pending[0] is not None, 10)
        assert kiosk.play_scene() is play and not play.turns.setup.demo
    finally:
        kiosk.app.stack.reset(MainMenu(kiosk.app))
        kiosk.frames(2)
