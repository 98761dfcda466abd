"""The phones' server alone, on loopback: tokens, the page, claims, limits and bad messages."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scenes.phones import server as phones_server
from scenes.phones.server import (
    BURST, CLOSE_MOVED, CLOSE_POLICY, CLOSE_RELEASED, CODE_ALPHABET, CODE_LENGTH, GUESS_BURST,
    MAX_MESSAGE, MAX_STRIKES, PHONE_ACTIONS, PhoneServer, check_message, nearby, typed_code,
)
from tests.phone_client import claim, connect, receive, ws_url
from tests.support import examples, wait_until

PAGE = b"<!doctype html><title>phone</title>"


@pytest.fixture
def server():
    """A server on 127.0.0.1 for seats 0 and 1, stopped after the test."""
    running = PhoneServer(PAGE, host="127.0.0.1")
    running.start()
    assert running.ready.wait(5) and running.error is None
    yield running
    running.stop()
    assert running.join(5)


def fetch(url: str) -> tuple[int, dict, bytes]:
    """GET a page: its status, headers and body (an error status too)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_each_seat_of_each_server_has_its_own_token_of_192_bits(server):
    other = PhoneServer(PAGE, host="127.0.0.1")
    tokens = [s.token for s in server.seats.values()] + [s.token for s in other.seats.values()]
    assert len(set(tokens)) == 4
    assert all(len(token) == 32 for token in tokens)  # 24 random bytes, url-safe base64


def test_the_page_is_served_for_a_seats_token_only(server):
    status, headers, body = fetch(server.url(0))
    assert status == 200 and body == PAGE
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-store"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    base = f"http://127.0.0.1:{server.port}"
    assert fetch(f"{base}/p/{'A' * 32}")[0] == 403
    assert fetch(f"{base}/p/")[0] == 403
    assert fetch(f"{base}/")[0] == 200  # the page that asks for a join code
    assert fetch(f"{base}/x/{server.seats[0].token}")[0] == 404
    assert fetch(f"{base}/favicon.ico")[0] == 404
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server.port}/ws/{'A' * 32}")
    assert refused.value.response.status_code == 403


def test_the_first_phone_claims_the_seat_and_only_it_may_come_back(server):
    phone, key = claim(server, 0)
    server.publish(0, {"type": "state", "seq": 1})
    assert receive(phone, "state")["seq"] == 1
    assert server.claimed(0) and not server.claimed(1)
    with pytest.raises(InvalidStatus) as refused:  # another phone that saw the code
        connect(ws_url(server, 0))
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        connect(ws_url(server, 0, key="x" * 22))
    phone.close()
    again = connect(ws_url(server, 0, key))  # the same phone after a sleep
    assert receive(again, "state")["seq"] == 1  # the current state at once
    again.close()


def test_a_page_from_elsewhere_may_not_open_a_seats_websocket(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(server, 0), origin="http://evil.example")
    assert refused.value.response.status_code == 403
    ours = connect(ws_url(server, 0), origin=f"http://127.0.0.1:{server.port}")
    assert receive(ours, "welcome")["key"]
    ours.close()


def test_of_two_phones_let_in_at_once_only_the_first_gets_the_seat(server):
    first, second = object(), object()  # both passed the handshake before either claimed
    entry, key = server._admit(0, "", first)
    assert key is not None and first in entry.sockets
    assert server._admit(0, "", second) is None
    assert server._admit(0, "key=" + "x" * 22, second) is None
    assert server._admit(0, f"key={key}", second) == (entry, None)  # the first, come back


def test_a_released_seats_old_token_is_refused_and_its_phone_closed(server):
    phone, key = claim(server, 1)
    old_page, old_socket = server.url(1), ws_url(server, 1, key)
    server.release(1)
    with pytest.raises(ConnectionClosed) as closed:
        receive(phone, "state")
    assert closed.value.rcvd.code == CLOSE_RELEASED
    assert fetch(old_page)[0] == 403
    with pytest.raises(InvalidStatus):
        connect(old_socket)
    assert server.url(1) != old_page and fetch(server.url(1))[0] == 200


BAD_MESSAGES = ["", "not json", "[]", "1", "null", '{"type": "move"}', '{"type": "hack"}',
                '{"type": "move", "move": 3, "seq": 1}', '{"type": "move", "move": "", "seq": 1}',
                '{"type": "move", "move": "c", "seq": -1}',
                '{"type": "move", "move": "c", "seq": true}',
                '{"type": "move", "move": "c", "seq": 1, "extra": 1}',
                json.dumps({"type": "move", "move": "x" * 41, "seq": 1}),
                '{"type": "move", "move": "c\\u0000", "seq": 1}']


def test_malformed_messages_get_an_error_then_the_connection_is_closed(server):
    phone, _ = claim(server, 0)
    for text in BAD_MESSAGES[:MAX_STRIKES - 1]:
        phone.send(text)
        assert receive(phone, "error")["text"].startswith("malformed message")
    phone.send(b"\x00binary")
    with pytest.raises(ConnectionClosed) as closed:
        receive(phone, "error")
    assert closed.value.rcvd.code == CLOSE_POLICY
    assert server.poll() == []  # nothing reached the game


def test_a_message_over_the_size_limit_closes_the_connection(server):
    phone, _ = claim(server, 0)
    phone.send(json.dumps({"type": "move", "move": "c", "seq": 1, "pad": "x" * MAX_MESSAGE}))
    with pytest.raises(ConnectionClosed) as closed:
        receive(phone, "state")
    assert closed.value.rcvd.code == 1009  # message too big
    assert server.poll() == []


def test_a_flood_is_cut_off_and_only_the_burst_reaches_the_game(server):
    phone, _ = claim(server, 0)
    with pytest.raises(ConnectionClosed):
        for seq in range(200):
            phone.send(json.dumps({"type": "move", "move": "c", "seq": seq}))
        receive(phone, "state")
    # the server's side of the connection is done (nothing more can come from it), then count
    wait_until(lambda: not server.connected(0), 10, "the flooding phone cut off")
    assert BURST <= len(server.poll()) <= BURST + 5


def test_good_messages_reach_the_game_with_their_seat(server):
    phone0, _ = claim(server, 0)
    phone1, _ = claim(server, 1)
    phone1.send(json.dumps({"type": "move", "move": "h", "seq": 4}))
    phone0.send(json.dumps({"type": "move", "move": "c", "seq": 4}))
    got: list = []
    wait_until(lambda: got.extend(server.poll()) or len(got) >= 2, 10, "both moves")
    assert sorted(got, key=lambda item: item[0]) == [
        (0, {"type": "move", "move": "c", "seq": 4}), (1, {"type": "move", "move": "h", "seq": 4})]


def test_messages_from_a_seat_sent_before_it_was_released_are_dropped(server):
    phones = [claim(server, seat)[0] for seat in (0, 1)]
    for seat, (phone, move) in enumerate(zip(phones, "ch")):
        server.publish(seat, {"type": "state", "seq": 0})
        receive(phone, "state")
        phone.send(json.dumps({"type": "move", "move": move, "seq": 1}))
        phone.send(json.dumps({"type": "refresh"}))
        receive(phone, "state")  # the server reads in order: the move has reached its inbox
    server.release(0)
    assert server.poll() == [(1, {"type": "move", "move": "h", "seq": 1})]  # seat 0's dropped


def test_stopping_closes_the_phones_and_the_port(server):
    phone, _ = claim(server, 0)
    server.stop()
    assert server.join(5)
    with pytest.raises(ConnectionClosed) as closed:
        receive(phone, "state")
    assert closed.value.rcvd.code == 1001  # going away: the page says the game has closed
    with pytest.raises(OSError):
        connect(ws_url(server, 1), open_timeout=2)
    assert not server._thread.is_alive()  # (other tests' games may still have theirs)


def test_a_server_stopped_as_it_starts_never_listens():
    for _ in range(20):  # stop() at once, before or after its loop has begun
        early = PhoneServer(PAGE, host="127.0.0.1")
        early.start()
        early.stop()
        assert early.join(5)


def test_only_addresses_on_the_local_network_are_nearby():
    for address in ("127.0.0.1", "::1", "192.168.1.20", "10.0.0.5", "172.16.3.4", "169.254.1.1",
                    "fe80::1"):
        assert nearby(address), address
    for address in ("8.8.8.8", "1.1.1.1", "2001:4860::8888", "", None, "not an address"):
        assert not nearby(address), address


def test_the_local_address_is_an_interface_address():
    address = phones_server.local_address()
    assert nearby(address)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=60), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=45),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "move", "seq", "action", "x"]),
        inner | st.sampled_from(["action", "continue", "rematch", "menu"]), max_size=4),
    max_leaves=8).map(json.dumps)))
def test_any_text_is_a_checked_message_or_a_value_error(text):
    try:
        message = check_message(text)
    except ValueError:
        return
    assert message == {"type": "refresh"} or (
        set(message) == {"type", "move", "seq"} and isinstance(message["move"], str)
        and type(message["seq"]) is int) or (
        set(message) == {"type", "action", "seq"} and message["action"] in PHONE_ACTIONS
        and type(message["seq"]) is int)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hand a redirect back as it is."""

    def redirect_request(self, *args, **kwargs):
        """No following."""
        return None


def join(server, code: str) -> tuple[int, str]:
    """Type a join code: (status, where it sends the phone)."""
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(f"http://127.0.0.1:{server.port}/j/{code}", timeout=5) as response:
            return response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location") or error.read().decode()


def test_each_seat_has_a_short_code_without_look_alikes(server):
    codes = [server.code(0), server.code(1)]
    assert codes[0] != codes[1]
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert typed_code(" ab-c 12 ") == "ABC12"
    assert server.address() == f"http://127.0.0.1:{server.port}"


def test_a_typed_code_leads_to_its_seats_page(server):
    code = server.code(1)
    token = server.seats[1].token
    assert join(server, code) == (303, f"/p/{token}")
    assert join(server, code.lower()[:3] + "%20" + code.lower()[3:]) == (303, f"/p/{token}")
    form = f"http://127.0.0.1:{server.port}/j?code={code}"
    assert urllib.request.urlopen(form, timeout=5).url.endswith(f"/p/{token}")


def test_wrong_and_near_miss_codes_are_refused_and_guessing_is_limited(server):
    code = server.code(0)
    near = [code[:-1] + next(c for c in CODE_ALPHABET if c != code[-1]), code[:-1], code + "A",
            "", "%00" + code, "../p/" + server.seats[0].token]
    for typed in near:
        status, body = join(server, typed)
        assert status != 303 and "/p/" not in body, typed
    status, body = join(server, "ZZZZZZ")
    assert status == 403 and "No seat has that code" in body
    for _ in range(GUESS_BURST):
        join(server, "ZZZZZZ")
    status, body = join(server, code)  # the bucket is empty: not even the right code is tried
    assert status == 429 and "Too many wrong codes" in body


def test_a_phone_that_lost_its_key_asks_and_the_big_screen_lets_it_in(server):
    first, _ = claim(server, 0)
    status, _, body = fetch(server.url(0).replace("/p/", "/s/") + "?key=wrong")
    assert status == 200 and json.loads(body) == {"seat": "Seat 1", "phone": "other",
                                                  "asking": False}
    with pytest.raises(InvalidStatus):  # the websocket still refuses it
        connect(ws_url(server, 0))
    knock_url = ws_url(server, 0).replace("/ws/", "/knock/")
    asking = connect(knock_url)
    assert receive(asking, "asked")["seat"] == "Seat 1"
    wait_until(lambda: server.asking(0), 10, "the knock heard")
    assert server.poll() == [(0, {"type": "ask"})]
    with pytest.raises(InvalidStatus):  # one asks at a time
        connect(knock_url)
    assert server.let_in(0)
    key = receive(asking, "granted")["key"]
    with pytest.raises(ConnectionClosed) as closed:  # the old phone is closed...
        receive(first, "state")
    assert closed.value.rcvd.code == CLOSE_MOVED
    with pytest.raises(InvalidStatus):  # ...and its key no longer opens the seat
        connect(ws_url(server, 0, key="x"))
    again = connect(ws_url(server, 0, key))
    server.publish(0, {"type": "state", "seq": 3})
    assert receive(again, "state")["seq"] == 3
    again.close()


def test_a_phone_that_asks_can_be_turned_away(server):
    claim(server, 1)
    asking = connect(ws_url(server, 1).replace("/ws/", "/knock/"))
    receive(asking, "asked")
    assert server.poll() == [(1, {"type": "ask"})] or server.asking(1)
    server.turn_away(1)
    assert receive(asking, "refused")
    assert not server.asking(1)


def test_a_free_seat_or_a_wrong_token_cannot_be_asked_for(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(server, 0).replace("/ws/", "/knock/"))
    assert refused.value.response.status_code == 409
    base = f"ws://127.0.0.1:{server.port}"
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{base}/knock/{'A' * 32}")
    assert refused.value.response.status_code == 403
    assert fetch(f"http://127.0.0.1:{server.port}/s/{'A' * 32}")[0] == 403
