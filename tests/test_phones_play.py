"""Hot-seat games played on phones: the real play screen and server, phones as websocket clients.

No hand-off for a seat on its phone, who has locked in on the big screen, a seat moved back to
the big screen, a phone that drops and comes back, bad messages and a load of them leaving the
game alone, the server stopping with the game, and no server unless phones are turned on. What
a phone is told is checked against the other seat's secrets with generated games.
"""
from __future__ import annotations

import json
import random
import threading
import time

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.core import NodeKind
from game.match import Match
from scenes.boards import board_class
from scenes.play.handoff import HandoffScene
from scenes.play.parts.play_phones import phone_message
from scenes.play.phones_view import PhonesScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.phones.server import CLOSE_RELEASED, MAX_STRIKES
from scenes.screens.menu import MainMenu
from tests.phone_client import Phone, connect, receive, start_phones_game, ws_url
from tests.support import carries, examples

SHORT_MORIARTY = {"games": 1, "round_limit": 3}


def phone_threads() -> int:
    """How many phones' servers are running in this process."""
    return sum(thread.name == "quintet-phones" for thread in threading.enumerate())


@pytest.fixture
def driver(driver):
    """The headless app; its game, and so any phones' server, closed after the test."""
    yield driver
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)


def phones_game(driver, game_id: str, options=None, seed: int = 1, **play_options):
    """A hot-seat game with phones on loopback, both phones connected: (scene, phones)."""
    play = start_phones_game(driver, game_id, options, seed, **play_options)
    phones = [Phone(play.phones.server, seat) for seat in (0, 1)]
    driver.until(lambda: driver.top is play, 10)  # and go once both phones are in
    return play, phones


def frame(driver, play, phones) -> None:
    """One frame of a game on phones; a result held on the big screen is acknowledged there."""
    driver.frames(dt=0.05)
    time.sleep(0.002)  # let the server's thread answer
    assert not isinstance(driver.top, HandoffScene), "a hand-off for a seat on its phone"
    if driver.top is play and play.turns.hold is not None:
        driver.key(pygame.K_SPACE, " ")
    for phone in phones:
        phone.drain()


def play_on_phones(driver, play, phones, rng: random.Random, limit: float = 120.0) -> dict:
    """Random choices on both phones until the results show; what was seen on the way."""
    seen = {"locked_texts": set(), "countdowns": 0, "secret_turns": 0}
    deadline = time.monotonic() + limit
    while not isinstance(driver.top, ResultsScene):
        assert time.monotonic() < deadline, "the game on phones did not finish"
        frame(driver, play, phones)
        if play.turns.countdown is not None:
            seen["countdowns"] += 1
        state = play.turns.match.state
        if state.kind is NodeKind.SIMULTANEOUS and driver.top is play:
            assert play.turns.chooser is None  # nobody chooses a phone's secret on the big screen
            seen["locked_texts"].add(play.phones.waiting_text(state))
        for phone in rng.sample(phones, 2):  # people choose one after the other
            if phone.state and phone.state["moves"]:
                seen["secret_turns"] += phone.state["secret_turn"]
                phone.lock_in(rng.choice(phone.state["moves"])["move"])
                taken_in(driver, play, phones, phone.seat, state, seen)
                break
    return seen


def taken_in(driver, play, phones, seat: int, state, seen: dict, limit: float = 5.0) -> None:
    """Frames until the big screen has taken in `seat`'s lock (or played on), so the next
    person's choice comes after it, as between people (on a busy machine the server's thread
    could otherwise hand both over in one frame); what it says meanwhile is seen."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and play.turns.match.state is state \
            and not play.phones.has_locked(seat) and driver.top is play:
        frame(driver, play, phones)
    if play.turns.match.state.kind is NodeKind.SIMULTANEOUS and driver.top is play:
        seen["locked_texts"].add(play.phones.waiting_text(play.turns.match.state))


@pytest.mark.parametrize("game_id, options", [("pulling_strings", {"turn_limit": 40}),
                                              ("moriarty", SHORT_MORIARTY)])
def test_a_whole_game_on_phones_never_hands_off_and_shows_who_has_locked_in(driver, game_id,
                                                                           options):
    play, phones = phones_game(driver, game_id, options)
    seen = play_on_phones(driver, play, phones, random.Random(3))
    assert play.turns.match.state.is_terminal
    assert seen["countdowns"] and seen["secret_turns"]
    names = play.turns.match.state.seat_names
    assert any(f"{name} has locked in" in text for text in seen["locked_texts"] for name in names)
    assert any("choose on your phone" in text for text in seen["locked_texts"])
    for phone in phones:  # each phone says how it ended
        assert phone.drain()["prompt"].startswith("Game over")
        assert phone.errors == []


def test_a_phone_sees_only_its_own_bonus_colour_in_a_whole_moriarty_game(driver):
    play, phones = phones_game(driver, "moriarty", SHORT_MORIARTY, seed=5)
    play_on_phones(driver, play, phones, random.Random(5))
    colours = {}
    for entry in play.turns.match.entries:  # the moves as played: each seat's own colour
        if entry.text.startswith("bonus"):
            colours[entry.actor] = entry.text
    for phone in phones:
        secrets_told = {m["secret"] for m in phone.received if m["type"] == "state"} - {""}
        own = {"O": "orange", "B": "blue", "G": "green", "P": "pink"}[colours[phone.seat][-1]]
        (secret,) = secrets_told
        carries(secret, "Bonus Colour", own,
                without=tuple({"orange", "blue", "green", "pink"} - {own}))


def test_while_the_big_screen_holds_the_scores_the_phones_say_so(driver):
    play, phones = phones_game(driver, "moriarty", {"games": 3, "round_limit": 1}, seed=2)
    rng = random.Random(2)
    deadline = time.monotonic() + 60
    turns = play.turns
    while turns.hold is None or turns.hold.summary is None:  # to the end of the first game
        assert time.monotonic() < deadline and not play.turns.match.state.is_terminal
        driver.frames(dt=0.05)
        time.sleep(0.002)
        for phone in phones:
            state = phone.drain()
            if state and state["moves"]:
                phone.lock_in(rng.choice([m for m in state["moves"]
                                          if not m["move"].startswith(("end", "moriarty"))]
                                         or state["moves"])["move"])
    driver.until(lambda: all((p.drain() or {}).get("prompt", "").startswith("On the big screen")
                             for p in phones), 10)
    carries(phones[0].state["prompt"], "On the big screen", play.turns.hold.prompt)
    assert phones[0].state["moves"] == []
    driver.key(pygame.K_SPACE, " ")  # Continue, on the big screen: the second game's setup
    driver.until(lambda: any((p.drain() or {}).get("moves") for p in phones), 10)


def test_a_seat_moved_back_to_the_big_screen_is_handed_off_and_its_phone_shut_out(driver):
    play, phones = phones_game(driver, "pulling_strings")
    old_page = play.phones.url(1)
    play.input.action("phones")  # the Phones button
    driver.frames()
    codes = driver.top
    assert isinstance(codes, PhonesScene)
    driver.click(codes.group.buttons[1].rect.center)  # "Oh: use this screen"
    assert not play.phones.on_phone(1) and play.phones.on_phone(0)
    with pytest.raises(ConnectionClosed) as closed:
        receive(phones[1].socket, "never", limit=5)
    assert closed.value.rcvd.code == CLOSE_RELEASED
    with pytest.raises(InvalidStatus):
        connect(old_page.replace("http://", "ws://").replace("/p/", "/ws/") + "?key="
                + phones[1].key)
    driver.key(pygame.K_ESCAPE)  # the codes screen closes
    driver.until(lambda: isinstance(driver.top, HandoffScene), 10)  # Oh chooses here
    driver.key(pygame.K_RETURN)
    driver.type("h")  # on the big screen a secret choice is selected, then locked in
    assert play.picker.pending_choice() is not None and play.turns.match.state.pending[1] is None
    driver.key(pygame.K_RETURN)
    assert play.turns.match.state.pending[1] is not None
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    phones[0].lock_in("c")
    driver.until(lambda: play.turns.countdown is not None, 10)  # both in: the reveal
    assert play.turns.match.entries[-1].text == "c" and play.turns.match.entries[-2].text == "h"


def test_hints_agreed_hot_seat_are_never_asked_for_a_choice_made_on_a_phone(driver):
    """Hints (issue 17) with phones: the big screen shows what everyone sees, so a secret
    choice made on a phone gets no Hint button there and '?' asks nothing; a seat moved back
    to the big screen chooses behind its hand-off and may ask again."""
    from scenes.play.parts.picker import Extra
    from tests.test_play_vs_bot import FakeWorker
    driver.app.bot_worker = worker = FakeWorker()
    play, phones = phones_game(driver, "pulling_strings", hints=True)
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    assert play.hints.tally.allowed and play.turns.chooser is None
    assert Extra("hint") not in [button.value for button in play.buttons]
    driver.key(pygame.K_SLASH, "?")
    assert worker.requests == []
    play.phones.release(1)  # Oh goes back to the big screen
    driver.until(lambda: isinstance(driver.top, HandoffScene), 10)
    driver.key(pygame.K_RETURN)
    assert play.turns.chooser == 1 and Extra("hint") in [button.value for button in play.buttons]
    driver.key(pygame.K_SLASH, "?")
    level = worker.requests[-1]["level"]
    assert worker.requests[-1]["seat"] == 1 and getattr(level, "name", level) == "hint"


def test_a_phone_that_drops_comes_back_to_the_current_state(driver):
    play, phones = phones_game(driver, "pulling_strings")
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    before = phones[0].state
    phones[0].socket.close()
    driver.frames(5)
    back = connect(ws_url(play.phones.server, 0, phones[0].key))
    again = receive(back, "state")
    assert again["seq"] == before["seq"] and again["moves"] == before["moves"]
    back.send(json.dumps({"type": "move", "move": "c", "seq": again["seq"]}))
    driver.until(lambda: play.turns.match.state.pending[0] is not None, 10)
    back.close()


def test_bad_and_stale_messages_get_an_error_and_leave_the_game_alone(driver):
    play, phones = phones_game(driver, "pulling_strings")
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    entries = list(play.turns.match.entries)
    phone = phones[0]
    seq = phone.state["seq"]
    for move, at in (("z", seq), ("zz", seq), ("c", seq + 7)):  # illegal, no move, stale
        phone.socket.send(json.dumps({"type": "move", "move": move, "seq": at}))
    for _ in range(MAX_STRIKES - 1):
        phone.socket.send("{not json")
    driver.until(lambda: len(phone.drain() and phone.errors) >= 3 + MAX_STRIKES - 1, 10)
    assert any("not a move" in e or "not a choice" in e for e in phone.errors)
    assert any("moved on" in e for e in phone.errors)
    assert sum(e.startswith("malformed") for e in phone.errors) == MAX_STRIKES - 1
    assert play.turns.match.entries == entries and play.turns.match.state.pending == (None, None)
    phone.lock_in(phone.state["moves"][0]["move"])  # the phone still plays
    driver.until(lambda: play.turns.match.state.pending[0] is not None, 10)


def test_fifty_connections_and_a_thousand_malformed_messages_leave_the_game_alone(driver):
    play, phones = phones_game(driver, "pulling_strings")
    server = play.phones.server
    entries = list(play.turns.match.entries)
    sent, opened, refused = [0], [0], [0]
    lock = threading.Lock()

    def attacker(index: int) -> None:
        if index % 2:  # half come with a wrong token: refused at the door
            try:
                connect(f"ws://127.0.0.1:{server.port}/ws/{'x' * 32}", open_timeout=10)
            except InvalidStatus:
                with lock:
                    refused[0] += 1
        remaining = 1000 // 50
        while remaining:  # the other half with the seat's own key, thrown out and back again
            socket = connect(ws_url(server, 0, phones[0].key), open_timeout=10)
            with lock:
                opened[0] += 1
            try:
                while remaining:
                    socket.send(f"garbage {index} {remaining}")
                    with lock:
                        sent[0] += 1
                    remaining -= 1
                    socket.recv(timeout=5)
            except (ConnectionClosed, TimeoutError):
                pass
            finally:
                socket.close()

    threads = [threading.Thread(target=attacker, args=(i,), daemon=True) for i in range(50)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    frames = 0
    while any(thread.is_alive() for thread in threads):
        assert time.monotonic() - started < 120, "the load was not over in two minutes"
        driver.frames(dt=1 / 60)  # the frame loop goes on meanwhile
        frames += 1
        time.sleep(0.001)
    assert sent[0] == 1000 and refused[0] == 25 and opened[0] >= 50
    assert frames > 0 and play.turns.match.entries == entries
    driver.until(lambda: (phones[1].drain() or {}).get("moves"), 10)
    phones[1].lock_in("c")  # the real phones still play
    driver.until(lambda: play.turns.match.state.pending[1] is not None, 10)


def test_closing_the_game_stops_the_server_and_tells_the_phones(driver):
    play, phones = phones_game(driver, "moriarty")
    server = play.phones.server
    driver.app.stack.reset(MainMenu(driver.app))  # leave to the menu
    driver.frames(2)
    assert server.join(5)
    with pytest.raises(ConnectionClosed) as closed:
        receive(phones[0].socket, "never", limit=5)
    assert closed.value.rcvd.code == 1001


def test_without_phones_there_is_no_server_and_the_hand_off_stays(driver):
    running = phone_threads()
    play = driver.start("pulling_strings")
    driver.settle()
    assert isinstance(driver.top, HandoffScene)
    assert play.phones.server is None and not play.phones.active
    assert phone_threads() <= running  # none started (one stopping before may end meanwhile)


def test_a_game_without_phones_loads_no_network_stack(tmp_path):
    """Start-up and hot-seat play never pay for the server: it loads when phones are turned on."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; from scenes.main import main; "
            "main(['--game', 'pulling_strings', '--seconds', '0.5']); "
            "print(sorted(m for m in ('asyncio', 'websockets', 'qrcode', 'http', 'email') "
            "if m in sys.modules))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(tmp_path / "c"), QUINTET_DATA_DIR=str(tmp_path / "d"),
               QUINTET_LOG_DIR=str(tmp_path / "l"))
    result = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parent.parent,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def test_phones_are_offered_for_hot_seat_games_with_secret_choices_only(driver):
    from scenes.screens.select import OptionsScene
    app = driver.app
    for game_id in ("pulling_strings", "moriarty", "strands", "synch", "tug_of_war"):
        options = OptionsScene(app, game_id)
        kinds = [kind for kind, _ in options.rows]
        assert ("phones" in kinds) == (game_id in ("pulling_strings", "moriarty"))
        options._pick("opponent", "bot:easy")
        assert "phones" not in [kind for kind, _ in options.rows]
    options = OptionsScene(app, "moriarty")
    app.stack.reset(MainMenu(app))
    app.stack.push(options)
    driver.frames()
    options._pick("phones", True)
    options._choose("start")
    driver.frames(2)
    play = driver.play_scene()
    assert play.phones.active and isinstance(driver.top, PhonesScene)
    driver.app.stack.reset(MainMenu(app))
    driver.frames(2)


# ---- what a phone is told: never the other seat's secret (generated games) ------------------
def other_secrets(state, seat: int, rng: random.Random):
    """The same state with the other seat's secrets (sealed choice, Bonus Colour) changed."""
    other = 1 - seat
    changes = {}
    pending = getattr(state, "pending", (None, None))
    if pending[other] is not None:
        alternatives = [m for m in state.replace(pending=(None, None)).legal_moves(other)
                        if m != pending[other]]
        if alternatives:
            masked = list(pending)
            masked[other] = rng.choice(alternatives)
            changes["pending"] = tuple(masked)
    bonus = getattr(state, "bonus", None)
    if bonus is not None and bonus[other] is not None and not state.is_terminal:
        changed = list(bonus)
        changed[other] = rng.choice([k for k in range(4) if k != bonus[other]])
        changes["bonus"] = tuple(changed)
    return state.replace(**changes) if changes else None


@settings(max_examples=examples(25), deadline=None)
@given(st.sampled_from(["pulling_strings", "moriarty"]), st.integers(0, 2**31 - 1))
def test_no_message_to_a_seat_carries_the_other_seats_secret(game_id, seed):
    rng = random.Random(seed)
    match = Match(game_id, {"games": 1} if game_id == "moriarty" else None, seed)
    board = board_class(game_id)(match.spec, match.options, _theme())
    changed_somewhere = 0
    for _ in range(120):
        state = match.state
        if state.is_terminal:
            break
        for seat in (0, 1):
            twin = other_secrets(state, seat, rng)
            if twin is None:
                continue
            changed_somewhere += 1
            for offer in (True, False):
                told = phone_message(board.words, state.observe(seat), seat, 1, ["1. a"], offer,
                                     None)
                told_twin = phone_message(board.words, twin.observe(seat), seat, 1, ["1. a"], offer,
                                          None)
                assert told == told_twin
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
        else:
            seat = state.awaiting[0]
            match.play(rng.choice(state.legal_moves(seat)), seat)
    assert changed_somewhere


def _theme():
    from scenes.shell.theme import Theme
    return Theme()


def test_quitting_mid_game_tells_the_phones_the_game_has_closed(tmp_path):
    """The app ends (Quit, the window closed) with a game on phones: each phone is told (1001)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    code = (
        "import sys, time\n"
        "from tests.ui_driver import Driver\n"
        "from tests.phone_client import start_phones_game\n"
        "driver = Driver(sys.argv[1])\n"
        "play = start_phones_game(driver, 'pulling_strings')\n"
        "print(play.phones.url(0), flush=True)\n"
        "sys.stdin.readline()\n"  # the phone is in: quit, with the game on screen
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(tmp_path / "c"), QUINTET_DATA_DIR=str(tmp_path / "d"),
               QUINTET_LOG_DIR=str(tmp_path / "l"))
    app = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)],
                           cwd=Path(__file__).parent.parent, env=env, text=True,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        url = app.stdout.readline().strip()
        phone = connect(url.replace("http://", "ws://").replace("/p/", "/ws/"))
        receive(phone, "welcome")
        app.stdin.write("\n")
        app.stdin.flush()
        with pytest.raises(ConnectionClosed) as closed:
            receive(phone, "never", limit=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        assert app.wait(20) == 0
    finally:
        app.kill()


def test_a_choice_locked_in_on_a_phone_can_be_taken_back_on_the_big_screen(driver):
    play, phones = phones_game(driver, "pulling_strings")
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)
    phones[0].lock_in("c")
    driver.until(lambda: play.turns.match.state.pending[0] is not None, 10)
    driver.until(lambda: phones[0].drain()["prompt"] == "Locked in: c", 10)
    play.undo.request()  # Undo, on the big screen: Oh is asked, over the public board
    driver.frames()
    assert driver.top.route == "confirm"
    driver.top.on_yes()
    driver.app.stack.pop()
    driver.frames(2)
    assert play.turns.match.state.pending == (None, None)
    driver.until(lambda: (phones[0].drain() or {}).get("moves"), 10)  # Eks chooses again
    assert phones[0].state["prompt"].startswith("Eks: pull a string")
    phones[0].lock_in("h")
    driver.until(lambda: play.turns.match.state.pending[0] is not None, 10)
    assert str(play.turns.match.state.pending[0]) == "h"


def test_phones_can_be_turned_on_mid_game_from_the_menu_even_over_a_hand_off(driver):
    play = driver.start("pulling_strings", seed=3)
    play.phones.host = "127.0.0.1"  # where the phones' server will listen, once turned on
    driver.settle()
    assert isinstance(driver.top, HandoffScene)  # Eks's turn to look, behind a hand-off
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert menu.route == "pause"
    button = next(b for b in menu.group.buttons if b.value == "phones")
    driver.click(button.rect.center)
    driver.frames()
    assert isinstance(driver.top, PhonesScene) and play.phones.active
    assert not any(isinstance(scene, HandoffScene) for scene in driver.app.stack.scenes)
    driver.until(lambda: play.phones.url(1) is not None, 10)
    phones = [Phone(play.phones.server, seat) for seat in (0, 1)]
    driver.until(lambda: driver.top is play, 10)
    seen = play_on_phones(driver, play, phones, random.Random(4))  # no hand-off on the way
    assert seen["countdowns"] and play.turns.match.state.is_terminal


def test_the_menu_offers_phones_only_where_they_can_be_used(driver):
    from scenes.screens.menu import PauseScene
    for game_id, controllers, offered in (("moriarty", ("human", "human"), True),
                                          ("strands", ("human", "human"), False),
                                          ("pulling_strings", ("human", "bot:easy"), False)):
        scene = PlayScene(driver.app, game_id, controllers=controllers)
        values = [b.value for b in PauseScene(driver.app, scene).group.buttons]
        assert ("phones" in values) == offered, game_id
    play, phones = phones_game(driver, "moriarty")  # both on phones already: nothing to add
    assert "phones" not in [b.value for b in PauseScene(driver.app, play).group.buttons]
    play.phones.release(1)  # one back on the big screen: it may go back to a phone
    assert "phones" in [b.value for b in PauseScene(driver.app, play).group.buttons]
