"""A phone in tests: a websocket client to the phones' server (tests only)."""
from __future__ import annotations

import json
import time

from websockets.sync.client import connect as _connect


def connect(url: str, **options):
    """A phone's websocket, closed by the test or its server (websockets 17 wants a `with`
    unless told that a bare connection is meant)."""
    try:
        return _connect(url, legacy=True, **options)
    except TypeError:  # older websockets: no such flag, and no warning
        return _connect(url, **options)


def ws_url(server, seat: int, key: str = "") -> str:
    """The websocket address of a seat's phone (with its device key, if any)."""
    url = server.url(seat).replace("http://", "ws://").replace("/p/", "/ws/")
    return url + (f"?key={key}" if key else "")


def receive(socket, kind: str, limit: float = 5.0) -> dict:
    """The next message of this type."""
    deadline = time.monotonic() + limit
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def claim(server, seat: int):
    """Connect as the seat's phone: (socket, device key)."""
    socket = connect(ws_url(server, seat))
    return socket, receive(socket, "welcome")["key"]


def start_phones_game(driver, game_id: str, options=None, seed: int = 1, **play_options):
    """A hot-seat game with phones on loopback, its codes on screen and its server listening
    (`play_options`: more of PlayScene's, hints=...)."""
    from scenes.play.phones_view import PhonesScene
    from scenes.play.play import PlayScene
    from scenes.screens.menu import MainMenu
    app = driver.app
    app.stack.reset(MainMenu(app))
    app.stack.push(PlayScene(app, game_id, options, seed=seed, phones=True,
                             phone_host="127.0.0.1", **play_options))
    driver.frames(2)
    play = driver.play_scene()
    assert isinstance(driver.top, PhonesScene)  # the codes to scan come first
    driver.until(lambda: play.phones.url(1) is not None, 10)
    return play


class Phone:
    """A seat's phone that keeps the latest state it was sent, polled without waiting."""

    def __init__(self, server, seat: int) -> None:
        self.seat = seat
        self.socket, self.key = claim(server, seat)
        self.state: dict | None = None
        self.errors: list[str] = []
        self.received: list[dict] = []
        self.sent_seq = -1  # the decision point it last locked in at (as the page keeps it)

    def drain(self) -> dict | None:
        """Read whatever has come; the latest state."""
        while True:
            try:
                message = json.loads(self.socket.recv(timeout=0))
            except TimeoutError:
                return self.state
            self.received.append(message)
            if message["type"] == "state":
                self.state = message
                if message["seq"] == self.sent_seq:  # sent before our choice arrived
                    self.state = dict(message, moves=[])
            elif message["type"] == "error":
                self.errors.append(message["text"])
                self.sent_seq = -1

    def lock_in(self, move: str) -> None:
        """Send a choice for the state last seen."""
        self.socket.send(json.dumps({"type": "move", "move": move, "seq": self.state["seq"]}))
        self.sent_seq = self.state["seq"]
        self.state = dict(self.state, moves=[])  # until the server says more
