"""The play scene's phones: seats that choose on their own phone instead of behind a hand-off.

`PlayPhones` starts the phones' server (scenes/phones/server.py, loaded only now), tells each
phone its seat's view whenever the game moves on, and plays the choices phones lock in once the
big screen is calm, through the same legality checks as a click; it words the top bar's
who-chooses-where and who has locked in. What a phone is told is built by `phone_message` from
that seat's observation alone (`state.observe(seat)`, the filter the bots get), so nothing of
the other seat's secrets can reach it.
"""
from __future__ import annotations

import atexit
import logging
from typing import TYPE_CHECKING, Any, Sequence

from game.core import GameError, Move, NodeKind, State
from game.words import phone_page as page
from game.words.base import Narrator
from scenes.phones.views import phone_view
from scenes.play.parts.contract import PlayHost

if TYPE_CHECKING:
    from scenes.phones.server import PhoneServer

log = logging.getLogger("quintet")


def phone_message(words: Narrator, seen: State, seat: int, seq: int, log_lines: Sequence[str],
                  offer: bool, locked: Move | None, held: str = "",
                  revealing: bool = False, ended: bool = False) -> dict[str, Any]:
    """What a seat's phone shows, from that seat's observation `seen` only.

    `offer` says the phone may choose now (the big screen is calm); `locked` is the choice the
    seat has locked in that the big screen has not played yet; `held` what the big screen waits
    for a player there to do (its Continue), if anything; `revealing` that the big screen is
    counting down to a reveal (`seen` is then the game as it stood before it); `ended` that
    the big screen shows the results (the phones may ask for a rematch or the menu too).
    """
    awaited = seat in seen.awaiting and not seen.is_terminal
    secret_turn = seen.kind is NodeKind.SIMULTANEOUS
    own = getattr(seen, "pending", (None, None))[seat] if secret_turn else None
    if awaited and locked is not None:
        own = locked
    chosen = own is not None  # in, and not yet revealed (or played)
    groups: dict[str, list] = {}  # in the order the groups first come
    if awaited and offer and not chosen:
        for move in seen.legal_moves(seat):
            group, label = words.move_words(move, seen)
            groups.setdefault(group, []).append({"move": str(move), "label": label,
                                                 "group": group, "at": move,
                                                 "say": words.choice_words(move, seen)})
    moves = [entry for listed in groups.values()
             for entry in sorted(listed, key=lambda e: words.move_place(e.pop("at")))]
    if revealing:
        moves, chosen = [], True
        prompt = page.REVEAL_COMING
    elif seen.is_terminal:
        prompt = page.game_over(seen.outcome.reason if seen.outcome else None)
    elif moves:
        prompt = words.phone_prompt(seen, seat)
    elif own is not None:  # chosen
        group, label = words.move_words(own, seen)
        prompt = page.locked_in(group, label)
    elif held:
        prompt = page.on_big_screen(held)
    elif awaited:
        prompt = page.YOUR_CHOICE_NEXT
    else:
        prompt = page.waiting_for([seen.seat_name(s) for s in seen.awaiting if s != seat])
    return {
        "type": "state",
        "seq": seq,
        "game": words.spec.title,
        "you": seen.seat_name(seat),
        "secret": words.secret_words(seen, seat),
        "prompt": prompt,
        "secret_turn": secret_turn,
        "moves": moves,
        "locked": page.WATCH if chosen else "",
        "status": list(words.status(seen)),
        "log": list(log_lines)[-6:],
        "actions": phone_actions(held, ended),
        "view": phone_view(seen, seat, {entry["move"] for entry in moves}),
    }


def phone_actions(held: str, ended: bool) -> list[dict[str, str]]:
    """The big screen's own buttons a phone offers too: Continue while a result is held there,
    Rematch and Menu once the results show."""
    if ended:
        return [{"action": "rematch", "label": "Rematch"},
                {"action": "menu", "label": page.BACK_TO_MENU}]
    return [{"action": "continue", "label": "Continue"}] if held else []


class PlayPhones:
    """Which seats choose on a phone, the server they reach it through, and their choices."""

    def __init__(self, scene: PlayHost, seats: Sequence[int] = (),
                 host: str | None = None) -> None:
        self.scene = scene
        self.seats: set[int] = scene.turns.phone_seats  # seats choosing on a phone now (the
        self.seats |= set(seats)  # turn loop's own set: who chooses where is a rule of play)
        self.asked = bool(self.seats)  # phones were chosen for this game (a rematch keeps them)
        self.host = host  # where to listen (None: this computer's local network address)
        self.server: PhoneServer | None = None
        self.seq = 0  # which decision point the phones were last told of
        self._seq_state: State | None = None  # the state that decision point is
        self.locked: dict[int, tuple[State, Move]] = {}  # locked in, to play once calm
        self._told: tuple | None = None

    @property
    def active(self) -> bool:
        """True while any seat chooses on a phone."""
        return bool(self.seats)

    def start(self) -> None:
        """Start the server (its thread listens within moments; the page shows a QR meanwhile)."""
        if self.server is not None or not self.seats:
            return
        from scenes.phones.server import PREFERRED_PORT, PhoneServer  # the network stack: now
        from scenes.shell.assets import asset_path

        self.server = PhoneServer(asset_path("phone", "phone.html").read_bytes(),
                                  seats=(0, 1), host=self.host, port=PREFERRED_PORT,
                                  join_page=asset_path("phone", "join.html").read_bytes(),
                                  names=tuple(self.scene.turns.match.state.seat_names))
        self.server.start()
        atexit.register(self._close_at_exit)  # quitting mid-game tells the phones too

    def add(self, seats: Sequence[int]) -> None:
        """Move these seats onto phones (mid-game too): the server starts if it has not."""
        self.seats |= set(seats)
        self.asked = True
        self._told = None
        self.start()

    def stop(self) -> None:
        """Stop the server: the phones are told the game has closed."""
        if self.server is not None:
            self.server.stop()
            self.server = None
            atexit.unregister(self._close_at_exit)
        self.seats.clear()
        self.locked.clear()

    def _close_at_exit(self) -> None:
        server = self.server
        if server is not None:
            server.stop()
            server.join(1.0)  # a moment for the phones' "the game has closed"

    def on_phone(self, seat: int) -> bool:
        """True when this seat chooses on its phone."""
        return self.scene.turns.on_phone(seat)

    def secret_on_phone(self, seat: int) -> bool:
        """True when this seat's choice now is a secret made on its phone."""
        return self.scene.turns.secret_on_phone(seat)

    def release(self, seat: int) -> None:
        """Move a seat back to the big screen: its phone is closed and its token revoked."""
        self.seats.discard(seat)
        self.locked.pop(seat, None)
        if self.server is not None:
            self.server.release(seat)
            if not self.seats:
                self.stop()
                self.asked = False  # a rematch plays on the big screen too
        self._told = None

    def url(self, seat: int) -> str | None:
        """The address of a seat's phone page, once the server listens."""
        return self.server.url(seat) if self.server is not None else None

    def claimed(self, seat: int) -> bool:
        """True once a phone has taken the seat."""
        return self.server is not None and self.server.claimed(seat)

    def address(self) -> str | None:
        """The short address to type on a phone, once the server listens."""
        return self.server.address() if self.server is not None else None

    def code(self, seat: int) -> str:
        """The seat's join code ("" without a server)."""
        return self.server.code(seat) if self.server is not None else ""

    def asking(self, seat: int) -> bool:
        """True while a phone without the seat's key asks the big screen for the seat."""
        return self.server is not None and seat in self.seats and self.server.asking(seat)

    def answer(self, seat: int, yes: bool) -> None:
        """The big screen's answer to a phone asking for the seat: let it in, or not."""
        if self.server is None:
            return
        if yes:
            self.server.let_in(seat)
            self._told = None
        else:
            self.server.turn_away(seat)

    def offered(self) -> bool:
        """True when this game could move seats onto phones now (hot-seat, with secrets)."""
        scene = self.scene
        return (scene.turns.hot_seat and scene.spec.secret_choices and not scene.turns.setup.demo
                and not scene.turns.match.state.is_terminal and len(self.seats) < 2)

    def waiting_text(self, state: State) -> str:
        """Who the game waits for, and who has locked in on a phone."""
        secret = state.kind is NodeKind.SIMULTANEOUS
        parts = []
        for seat in (0, 1) if secret else state.awaiting:
            name = state.seat_name(seat)
            sealed = secret and state.pending[seat] is not None
            if self.on_phone(seat) and (sealed or self.has_locked(seat)):
                parts.append(page.has_locked_in(name))
            elif self.on_phone(seat) and seat in state.awaiting:
                parts.append(page.choose_on_phone(name))
            elif seat in state.awaiting:
                parts.append(page.waiting_on_screen(name))
        return "  ·  ".join(parts)

    def play_choice(self, seat: int, move: Move) -> bool:
        """Play a choice locked in on a seat's phone, if it is still legal."""
        state = self.scene.turns.match.state
        if not self.on_phone(seat) or state.why_illegal(seat, move) is not None:
            return False
        return self.scene.commit(seat, move)

    def connected(self, seat: int) -> bool:
        """True while the seat's phone is connected."""
        return self.server is not None and self.server.connected(seat)

    def has_locked(self, seat: int) -> bool:
        """True when the seat's phone has locked in a choice the big screen has not played yet."""
        return seat in self.locked

    # ---- each frame ---------------------------------------------------------------------------
    def tick(self, play: bool = True) -> None:
        """Take in what the phones sent, play locked-in choices when calm (unless `play` is
        False: the game is under another screen), and tell the phones what is new."""
        if self.server is None:
            return
        for seat, message in self.server.poll():
            if seat in self.seats:
                self._received(seat, message)
        if play:
            self._play_locked()
        self._tell()

    def _calm(self) -> bool:
        scene = self.scene
        return not (scene.turns.busy or scene.turns.handoff_open or scene.turns.hold is not None
                    or scene.turns.results_shown)

    def _received(self, seat: int, message: dict) -> None:
        if message.get("type") == "ask":  # a phone without the key: ask on the big screen
            if getattr(self.scene.app.stack.top, "route", None) != "phones":
                self.scene.app.go("phones", play=self.scene, auto_close=False)
            return
        if message.get("type") == "action":
            self._asked(seat, message)
            return
        if message.get("type") != "move":
            return
        kiosk = getattr(self.scene.app, "kiosk", None)
        if kiosk is not None:  # a game played on phones is not a game left idle
            kiosk.stirred()
        state = self.scene.turns.match.state
        if message["seq"] != self.seq:
            self._refuse(seat, page.MOVED_ON_CHOOSE_AGAIN)
            return
        try:
            move = self.scene.spec.parse_move(message["move"])
        except (GameError, ValueError) as error:
            self._refuse(seat, page.not_a_move(str(error)))
            return
        reason = state.why_illegal(seat, move)
        if reason is not None or seat in self.locked:
            self._refuse(seat, page.not_a_choice(reason or "you have chosen"))
            return
        self.locked[seat] = (state, move)
        self._told = None

    def _asked(self, seat: int, message: dict) -> None:
        """A phone pressed one of the big screen's buttons: Continue, Rematch or Menu (the same
        as there, and only when the big screen offers it)."""
        scene = self.scene
        action = message["action"]
        if message["seq"] != self.seq:
            self._refuse(seat, page.MOVED_ON)
        elif action == "continue" and scene.turns.hold is not None and not scene.turns.busy:
            scene.acknowledge()
        elif action in ("rematch", "menu") and scene.turns.results_shown \
                and not scene.turns.setup.demo:
            app = scene.app
            if action == "rematch":
                app.reset("play", setup=scene.rematch_setup())
            else:
                app.stack.reset(app.home_scene())
        else:
            self._refuse(seat, page.NOT_ON_BIG_SCREEN)

    def _refuse(self, seat: int, text: str) -> None:
        if self.server is not None:
            self.server.tell(seat, {"type": "error", "text": text})
        self._told = None  # and the current state again

    def _play_locked(self) -> None:
        """Play the locked-in choices still asked for: the same decision, or the same secret
        turn with the other phone's choice sealed in meanwhile (an undo drops them)."""
        if not self.locked or not self._calm():
            return
        for seat, (asked, move) in sorted(self.locked.items()):
            state = self.scene.turns.match.state
            same_turn = state is asked or (
                state.kind is NodeKind.SIMULTANEOUS and asked.kind is NodeKind.SIMULTANEOUS
                and state.turn == asked.turn)
            if not (same_turn and self.play_choice(seat, move)):
                self._refuse(seat, page.MOVED_ON_CHOOSE_AGAIN)
        self.locked.clear()

    def _moved_on(self, state: State) -> bool:
        """True when `state` is a new decision point: not when a choice was only sealed in at
        the same secret turn (the other phone's choice still stands), but when one was taken
        back (an undo: that phone chooses again)."""
        last = self._seq_state
        if last is None or state is last:
            return last is None
        if state.kind is not NodeKind.SIMULTANEOUS or last.kind is not NodeKind.SIMULTANEOUS \
                or state.turn != last.turn:
            return True
        return any(old is not None and new is None
                   for old, new in zip(last.pending, state.pending))

    def _tell(self) -> None:
        scene = self.scene
        state = scene.turns.shown_state()  # never a result the big screen has not revealed
        revealing = scene.turns.countdown is not None
        offer = self._calm() or (state.is_terminal and not scene.turns.busy)
        turns = scene.turns
        held = turns.hold.prompt if turns.hold is not None and not turns.busy else ""
        lines = scene.turns.log.lines()
        ended = scene.turns.results_shown and not scene.turns.busy and scene.turns.hold is None
        key = (state, offer, held, tuple(sorted(self.locked)), len(lines), frozenset(self.seats),
               revealing, ended)
        if key == self._told:
            return
        if self._moved_on(state):
            self.seq += 1
        self._seq_state = state
        self._told = key
        server = self.server
        if server is None:
            return
        for seat in self.seats:
            server.publish(seat, phone_message(
                scene.turns.words, state.observe(seat), seat, self.seq, lines, offer,
                self.locked.get(seat, (None, None))[1], held, revealing, ended))
