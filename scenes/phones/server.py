"""PhoneServer: the phones' small web server, on the local network, in a thread of its own.

One asyncio loop (the websockets library) runs in a daemon thread, so the frame loop never waits
on the network: the app publishes each seat's message with `publish` and drains what the phones
sent with `poll`, both without blocking. It serves the phone page at `/p/<token>` and a
websocket at `/ws/<token>`; each seat has its own unguessable token (192 bits from `secrets`),
and the first phone to connect claims the seat with a device key of its own, so a second phone
that saw the QR code across the room gets 403, as does a wrong or revoked token. Messages are
small and rate-limited; a malformed one gets an error reply, and a phone that keeps sending
them is disconnected. The server never touches the game: it only relays text.

A seat can also be joined by typing: `/` asks for a short join code (6 characters without
look-alikes), and `/j/<code>` sends the phone on to its seat's page. Wrong codes are limited
for the whole server together (GUESS_BURST, then GUESS_RATE a second), so guessing one of the
two live codes takes decades. A phone that lost its key asks for its seat at `/knock/<token>`;
the app puts the question on the big screen and answers with `let_in` or `turn_away`.
"""
from __future__ import annotations

import asyncio
import html
import http
import ipaddress
import json
import logging
import queue
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

PHONE_ACTIONS = ("continue", "rematch", "menu")  # what a phone may ask besides a move
MAX_MESSAGE = 1024  # bytes a phone's message may have (a move is a few dozen)
RATE = 20.0  # messages a second a phone may keep sending (a person taps a few)...
BURST = 40  # ...after a burst of this many
MAX_STRIKES = 5  # malformed or too-fast messages before the connection is closed
MAX_CONNECTIONS = 64  # open websockets, all seats together
MAX_MOVE_TEXT = 40
TOKEN_BYTES = 24  # 192 bits
CLOSE_POLICY = 1008  # websocket close code: a policy was broken
CLOSE_RELEASED = 4001  # the seat went back to the big screen
CLOSE_MOVED = 4002  # the big screen let another phone into the seat
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY23456789"  # 28: no 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_LENGTH = 6  # 28**6 = 481,890,304 codes
GUESS_BURST = 10  # wrong join codes the whole server takes at once...
GUESS_RATE = 10 / 60  # ...then this many a second (10 a minute), all phones together
PREFERRED_PORT = 8765  # a port to type that stays the same from game to game (if free)
NOTE_MARK = b"<!--note-->"  # where the join page says why a code was refused
log = logging.getLogger("quintet")


def local_address() -> str:
    """This computer's address on the local network (127.0.0.1 when it has none).

    Connecting a UDP socket sends nothing; it only asks the system which interface would route
    to an outside address, and that interface's address is the one phones can reach.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def nearby(address: str | None) -> bool:
    """True for an address on the local network (private, link-local or this machine)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local


def new_code() -> str:
    """A fresh join code: CODE_LENGTH characters of CODE_ALPHABET, from `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def typed_code(text: str) -> str:
    """A code as a person typed it, made comparable: capitals, no spaces or dashes."""
    return "".join(char for char in text.upper() if char not in " -_.+")[:4 * CODE_LENGTH]


@dataclass
class Seat:
    """One seat's invitation: its token and join code, the key of the phone that claimed it,
    and a phone asking to take the seat over (if any)."""

    token: str
    code: str = field(default_factory=new_code)
    key: str | None = None
    sockets: set = field(default_factory=set)
    knock: object | None = None


@dataclass
class Bucket:
    """A token bucket: `rate` a second after a `burst`."""

    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)
    rate: float = RATE
    burst: float = BURST

    def refill(self) -> float:
        """The tokens now (refilled at `rate` a second, up to `burst`)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens

    def take(self) -> bool:
        """Spend one token if the bucket has one."""
        if self.refill() < 1:
            return False
        self.tokens -= 1
        return True


def check_message(text) -> dict:
    """A phone's message as a dict, or ValueError saying what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError("messages are text")
    try:
        message = json.loads(text)
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(message, dict):
        raise ValueError("not an object")
    kind = message.get("type")
    if kind == "refresh" and set(message) == {"type"}:
        return message
    if kind == "action" and set(message) == {"type", "action", "seq"}:
        if message["action"] not in PHONE_ACTIONS:
            raise ValueError("unknown action")
        if not isinstance(message["seq"], int) or isinstance(message["seq"], bool):
            raise ValueError("bad seq")
        return message
    if kind != "move" or set(message) != {"type", "move", "seq"}:
        raise ValueError("unknown message")
    move, seq = message["move"], message["seq"]
    if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_TEXT or not move.isprintable():
        raise ValueError("bad move text")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < 2**31:
        raise ValueError("bad seq")
    return message


class PhoneServer:
    """The web server for phone controllers: a page and a websocket per seat, in a thread."""

    def __init__(self, page: bytes, seats=(0, 1), host: str | None = None, port: int = 0,
                 join_page: bytes = b"", names: tuple[str, ...] = ()) -> None:
        self.page = page
        self.join_page = join_page or b"<!doctype html><title>Quintet</title>" + NOTE_MARK
        self.names = {seat: names[seat] if seat < len(names) else f"Seat {seat + 1}"
                      for seat in seats}
        self.host = host or local_address()
        self.port = port  # 0: any free port; the real one once ready (any, if it was taken)
        self.seats: dict[int, Seat] = {}
        for seat in seats:
            self.seats[seat] = self._fresh_seat()
        self._guesses = Bucket(GUESS_BURST, rate=GUESS_RATE, burst=GUESS_BURST)
        self.error: str | None = None  # why it could not start
        self.ready = threading.Event()
        self._latest: dict[int, str] = {}
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future | None = None
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()  # stop() was called (perhaps before the loop ran)
        self._open = 0  # websockets open now

    # ---- the app's side (any thread, never blocking) ------------------------------------------
    def start(self) -> None:
        """Start serving in a daemon thread (ready is set once listening, or on error)."""
        self._thread = threading.Thread(target=self._run, name="quintet-phones", daemon=True)
        self._thread.start()

    def url(self, seat: int) -> str | None:
        """The address of a seat's phone page (None until the server listens)."""
        if not self.ready.is_set() or self.error:
            return None
        with self._lock:
            token = self.seats[seat].token
        return f"http://{self.host}:{self.port}/p/{token}"

    def address(self) -> str | None:
        """The short address to type on a phone (then its seat's code); None until listening."""
        if not self.ready.is_set() or self.error:
            return None
        return f"http://{self.host}:{self.port}"

    def code(self, seat: int) -> str:
        """The seat's join code, to read aloud and type."""
        with self._lock:
            return self.seats[seat].code

    def asking(self, seat: int) -> bool:
        """True while a phone without the seat's key asks to take it over."""
        with self._lock:
            return self.seats[seat].knock is not None

    def let_in(self, seat: int) -> bool:
        """Give the seat to the phone asking for it (the big screen said yes): it gets a new key,
        and the phone that had the seat is closed. False if no phone asks any more."""
        with self._lock:
            entry = self.seats[seat]
            knock, entry.knock = entry.knock, None
            if knock is None:
                return False
            entry.key = key = secrets.token_urlsafe(16)
            old = list(entry.sockets)
        self._call(self._grant, knock, key)
        for connection in old:
            self._call(self._close, connection, CLOSE_MOVED, "this seat moved to another phone")
        return True

    def turn_away(self, seat: int) -> None:
        """Refuse the phone asking for the seat (the big screen said no)."""
        with self._lock:
            entry = self.seats[seat]
            knock, entry.knock = entry.knock, None
        if knock is not None:
            self._call(self._refuse_knock, knock)

    def claimed(self, seat: int) -> bool:
        """True once a phone has claimed the seat."""
        with self._lock:
            return self.seats[seat].key is not None

    def connected(self, seat: int) -> bool:
        """True while the seat's phone has a connection open."""
        with self._lock:
            return bool(self.seats[seat].sockets)

    def publish(self, seat: int, message: dict) -> None:
        """Send a seat's phone its current state (kept for a phone that connects later)."""
        text = json.dumps(message, separators=(",", ":"))
        with self._lock:
            self._latest[seat] = text
        self._call(self._send, seat, text)

    def tell(self, seat: int, message: dict) -> None:
        """Send a seat's phone a passing note (an error), not kept."""
        self._call(self._send, seat, json.dumps(message, separators=(",", ":")))

    def poll(self) -> list[tuple[int, dict]]:
        """What phones sent since the last poll: (seat, message), from current tokens only."""
        found: list[tuple[int, dict]] = []
        while True:
            try:
                seat, token, message = self._inbox.get_nowait()
            except queue.Empty:
                return found
            with self._lock:
                current = self.seats[seat].token == token
            if current:
                found.append((seat, message))

    def release(self, seat: int) -> None:
        """Revoke a seat's token and close its phone (the seat goes back to the big screen)."""
        with self._lock:
            entry = self.seats[seat]
            self.seats[seat] = self._fresh_seat(seat)
            self._latest.pop(seat, None)
            sockets = list(entry.sockets) + ([entry.knock] if entry.knock is not None else [])
        for connection in sockets:
            self._call(self._close, connection, CLOSE_RELEASED, "back to the big screen")

    def _fresh_seat(self, seat: int | None = None) -> Seat:
        """A new invitation: a new token, and a code no other seat has."""
        taken = {entry.code for other, entry in self.seats.items() if other != seat}
        while True:
            fresh = Seat(secrets.token_urlsafe(TOKEN_BYTES))
            if fresh.code not in taken:
                return fresh

    def stop(self) -> None:
        """Stop serving (at once, without waiting for the thread)."""
        self._stopping.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            def finish() -> None:
                if not stop.done():
                    stop.set_result(None)
            try:
                loop.call_soon_threadsafe(finish)
            except RuntimeError:  # the loop has already closed
                pass

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the server's thread to end (tests and tools); True if it has."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def _call(self, function, *args) -> None:
        loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(function, *args)
        except RuntimeError:  # stopped meanwhile
            pass

    # ---- the server's thread --------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # noqa: BLE001 - any failure to listen is told to the app
            self.error = str(error) or type(error).__name__
            log.warning("the phones' server stopped: %s", self.error)
        finally:
            self._loop = None
            self.ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        if self._stopping.is_set():  # stopped before it began: never listen
            return
        options: dict[str, Any] = dict(
            process_request=self._check, max_size=MAX_MESSAGE, max_queue=4, open_timeout=10,
            ping_interval=15, ping_timeout=15, close_timeout=2, server_header=None)
        try:
            listening = await serve(self._handle, self.host, self.port, **options)
        except OSError:
            if not self.port:
                raise
            listening = await serve(self._handle, self.host, 0, **options)  # taken: any port
        async with listening as server:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            await self._stop

    def _seat_of(self, token: str) -> int | None:
        with self._lock:
            for seat, entry in self.seats.items():
                if secrets.compare_digest(entry.token, token):
                    return seat
        return None

    def _check(self, connection: ServerConnection, request: Request) -> Response | None:
        """Serve the page, refuse strangers; None lets a websocket handshake go on."""
        remote = connection.remote_address[0] if connection.remote_address else None
        if not nearby(remote):
            return connection.respond(http.HTTPStatus.FORBIDDEN, "Forbidden\n")
        parts = urlsplit(request.path)
        kind, _, token = parts.path.lstrip("/").partition("/")
        if kind in ("", "j") and not token and not parts.query:
            return self._join_page(connection, http.HTTPStatus.OK, "")
        if kind == "j":
            return self._join(connection, unquote(token) or
                              parse_qs(parts.query).get("code", [""])[0])
        seat = self._seat_of(token) if kind in ("p", "ws", "s", "knock") and token else None
        if seat is None:
            status = (http.HTTPStatus.FORBIDDEN if kind in ("p", "ws", "s", "knock")
                      else http.HTTPStatus.NOT_FOUND)
            return connection.respond(status, f"{status.phrase}\n")
        if kind == "p":
            return self._page(connection)
        if kind == "s":
            return self._seat_state(connection, seat, parts.query)
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{self.host}:{self.port}":
            # a page from elsewhere, in a phone's browser: only our own page may connect
            return connection.respond(http.HTTPStatus.FORBIDDEN, "Forbidden\n")
        if kind == "knock":
            if not self.claimed(seat) or self.asking(seat):
                return connection.respond(http.HTTPStatus.CONFLICT, "Conflict\n")
        elif not self._may_take(seat, parts.query):
            return connection.respond(http.HTTPStatus.FORBIDDEN,
                                      "This seat is on another phone.\n")
        if self._open >= MAX_CONNECTIONS:
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "Too many phones\n")
        return None

    def _may_take(self, seat: int, query: str) -> bool:
        """True if the seat is free, or the query holds the key of the phone that claimed it."""
        key = parse_qs(query).get("key", [""])[0]
        with self._lock:
            owner = self.seats[seat].key
        return owner is None or secrets.compare_digest(owner, key)

    def _join(self, connection: ServerConnection, typed: str) -> Response:
        """A typed join code: on to its seat's page, or the join page again saying why not.
        Wrong codes spend the server's guess bucket; while it is empty no code is even looked
        at, so guessing runs at GUESS_RATE however many phones try."""
        if self._guesses.refill() < 1:
            return self._join_page(connection, http.HTTPStatus.TOO_MANY_REQUESTS,
                                   "Too many wrong codes were typed just now. Wait a minute, "
                                   "then type the code again.")
        code = typed_code(typed)
        with self._lock:
            found = [entry.token for entry in self.seats.values()
                     if secrets.compare_digest(entry.code, code)]
        if not found:
            self._guesses.take()
            return self._join_page(connection, http.HTTPStatus.FORBIDDEN,
                                   "No seat has that code. Check it on the big screen "
                                   "(its Phones button shows the codes) and type it again.")
        response = connection.respond(http.HTTPStatus.SEE_OTHER, "")
        response.headers["Location"] = f"/p/{found[0]}"
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    def _join_page(self, connection: ServerConnection, status: http.HTTPStatus,
                   note: str) -> Response:
        return self._page(connection, self.join_page.replace(
            NOTE_MARK, html.escape(note).encode()), status)

    def _seat_state(self, connection: ServerConnection, seat: int, query: str) -> Response:
        """What a page that could not connect may know of its seat: its name, and whether it
        is free, this phone's (by its key), or on another phone (and whether one asks)."""
        key = parse_qs(query).get("key", [""])[0]
        with self._lock:
            entry = self.seats[seat]
            phone = ("free" if entry.key is None else
                     "yours" if secrets.compare_digest(entry.key, key) else "other")
            asking = entry.knock is not None
        body = json.dumps({"seat": self.names[seat], "phone": phone, "asking": asking})
        response = connection.respond(http.HTTPStatus.OK, "")
        self._body(response, body.encode(), "application/json")
        return response

    @staticmethod
    def _body(response: Response, body: bytes, kind: str) -> None:
        response.body = body
        headers = response.headers
        for name in ("Content-Type", "Content-Length"):
            del headers[name]
        headers["Content-Type"] = kind
        headers["Content-Length"] = str(len(body))
        headers["Cache-Control"] = "no-store"
        headers["X-Content-Type-Options"] = "nosniff"

    def _page(self, connection: ServerConnection, page: bytes | None = None,
              status: http.HTTPStatus = http.HTTPStatus.OK) -> Response:
        response = connection.respond(status, "")
        self._body(response, self.page if page is None else page, "text/html; charset=utf-8")
        headers = response.headers
        headers["Referrer-Policy"] = "no-referrer"  # the token is in the address
        headers["Content-Security-Policy"] = ("default-src 'none'; style-src 'unsafe-inline'; "
                                              "script-src 'unsafe-inline'; connect-src 'self'; "
                                              "form-action 'self'")
        return response

    def _admit(self, seat: int, query: str, connection) -> tuple[Seat, str | None] | None:
        """Let a connection in as the seat's phone: (its seat, the new key if it claimed the
        seat just now); None if another phone claimed it first (two at once)."""
        key = parse_qs(query).get("key", [""])[0]
        with self._lock:
            entry = self.seats[seat]
            fresh = None
            if entry.key is None:
                entry.key = fresh = secrets.token_urlsafe(16)
            elif not secrets.compare_digest(entry.key, key):
                return None
            entry.sockets.add(connection)
            return entry, fresh

    async def _handle(self, connection: ServerConnection) -> None:
        request = connection.request
        if request is None:  # never: a connection is handled once its handshake is done
            return
        parts = urlsplit(request.path)
        token = parts.path.rpartition("/")[2]
        seat = self._seat_of(token)
        if parts.path.startswith("/knock/"):
            if seat is not None:
                await self._knock(connection, seat, token)
            return
        admitted = self._admit(seat, parts.query, connection) if seat is not None else None
        if seat is None or admitted is None:  # revoked since, or claimed by another phone
            await connection.close(CLOSE_POLICY, "this seat is not yours")
            return
        entry, fresh = admitted
        with self._lock:
            latest = self._latest.get(seat)
        self._open += 1
        try:
            if fresh is not None:
                await connection.send(json.dumps({"type": "welcome", "key": fresh}))
            if latest is not None:
                await connection.send(latest)
            await self._listen(connection, seat, token)
        except ConnectionClosed:
            pass
        finally:
            self._open -= 1
            with self._lock:
                entry.sockets.discard(connection)

    async def _listen(self, connection: ServerConnection, seat: int, token: str) -> None:
        bucket, strikes = Bucket(), 0
        async for text in connection:
            problem = None
            if not bucket.take():
                problem = "too many messages: slow down"
            else:
                try:
                    message = check_message(text)
                except ValueError as error:
                    problem = f"malformed message: {error}"
            if problem is None:
                if message["type"] == "refresh":
                    with self._lock:
                        latest = self._latest.get(seat)
                    if latest is not None:
                        await connection.send(latest)
                else:
                    self._inbox.put((seat, token, message))
                continue
            strikes += 1
            if strikes >= MAX_STRIKES:
                await connection.close(CLOSE_POLICY, "too many bad messages")
                return
            await connection.send(json.dumps({"type": "error", "text": problem}))

    async def _knock(self, connection: ServerConnection, seat: int, token: str) -> None:
        """A phone without the seat's key asks for it: the app is told, and the phone waits
        (sending nothing) for `let_in` or `turn_away`."""
        with self._lock:
            entry = self.seats[seat]
            if entry.knock is not None or entry.key is None:
                busy = True
            else:
                entry.knock, busy = connection, False
        if busy:
            await connection.close(CLOSE_POLICY, "another phone is asking")
            return
        self._open += 1
        try:
            self._inbox.put((seat, token, {"type": "ask"}))
            await connection.send(json.dumps({"type": "asked", "seat": self.names[seat]}))
            async for _ in connection:  # a phone that asks only waits
                await connection.close(CLOSE_POLICY, "only wait")
        except ConnectionClosed:
            pass
        finally:
            self._open -= 1
            with self._lock:
                if entry.knock is connection:
                    entry.knock = None

    @staticmethod
    def _grant(connection: ServerConnection, key: str) -> None:
        async def grant() -> None:
            try:
                await connection.send(json.dumps({"type": "granted", "key": key}))
                await connection.close(1000, "let in")
            except ConnectionClosed:
                pass
        asyncio.ensure_future(grant())

    @staticmethod
    def _refuse_knock(connection: ServerConnection) -> None:
        async def refuse() -> None:
            try:
                await connection.send(json.dumps({"type": "refused"}))
                await connection.close(1000, "refused")
            except ConnectionClosed:
                pass
        asyncio.ensure_future(refuse())

    def _send(self, seat: int, text: str) -> None:
        with self._lock:
            sockets = list(self.seats[seat].sockets)
        for connection in sockets:
            asyncio.ensure_future(self._send_one(connection, text))

    @staticmethod
    async def _send_one(connection: ServerConnection, text: str) -> None:
        try:
            await connection.send(text)
        except ConnectionClosed:
            pass

    @staticmethod
    def _close(connection: ServerConnection, code: int, reason: str) -> None:
        asyncio.ensure_future(connection.close(code, reason))
