"""Phones benchmark: `python -m scenes.tools.bench_phones`.

Runs the real app (a hot-seat Pulling Strings game with phones, its server on 127.0.0.1) at a
paced 60 frames a second, with two phones played by websocket clients in threads of this
process, and prints:

- lock-in to reveal: from the second phone sending its choice to the end of the first frame on
  the big screen that shows the reveal's countdown (p50, p95, max; target p95 <= 100 ms);
- frame times (events + update + draw + present) of the same play with the choices made on two
  connected phones, and made in the app itself with no server (p50, p99, max; the two take
  turns, so a busy spell of the machine falls on both);
- a load: 50 connections (half with a wrong token) and 1,000 malformed messages while the game
  runs: how long it took, the frame times meanwhile, and whether the game was left alone.

Run it under Xvfb for a real window (`xvfb-run -a -s "-screen 0 1280x720x24" python -m
scenes.tools.bench_phones`), or with SDL_VIDEODRIVER=dummy. The phone clients share this
process, so their work is counted against the app; real phones are other devices.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

FRAME = 1 / 60
PACE = 0.4  # seconds between a player's choices in the frame-time runs

if TYPE_CHECKING:
    from scenes.play.play import PlayScene


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def connect(url: str):
    """A phone's websocket (websockets 17 wants `legacy=True` for a bare connection)."""
    from websockets.sync.client import connect as open_socket
    try:
        return open_socket(url, legacy=True)
    except TypeError:
        return open_socket(url)


class BenchPhone:
    """A seat's phone: claims the seat, and a reader thread keeps the latest state."""

    def __init__(self, server, seat: int) -> None:
        self.seat = seat
        self.base = server.url(seat).replace("http://", "ws://").replace("/p/", "/ws/")
        self.socket = connect(self.base)
        self.key = json.loads(self.socket.recv(timeout=5))["key"]
        self.state: dict | None = None
        self.sent_seq = -1
        self.changed = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            for text in self.socket:
                message = json.loads(text)
                if message["type"] == "state":
                    self.state = message
                elif message["type"] == "error":
                    self.sent_seq = -1
                self.changed.set()
        except ConnectionClosed:
            pass

    def choices(self) -> list[str]:
        """The moves the phone offers now (none while its choice is on its way)."""
        state = self.state
        if state is None or state["seq"] == self.sent_seq:
            return []
        return [move["move"] for move in state["moves"]]

    def lock_in(self, move: str) -> float:
        """Send a choice; the moment it was sent."""
        assert self.state is not None, "nothing offered yet"
        self.sent_seq = self.state["seq"]
        sent = time.perf_counter()
        self.socket.send(json.dumps({"type": "move", "move": move, "seq": self.sent_seq}))
        return sent

    def close(self) -> None:
        """Hang up."""
        self.socket.close()


class Bench:
    """The app with a phones game, run at a paced 60 frames a second."""

    def __init__(self, size: tuple[int, int], seed: int) -> None:
        from scenes.routes import ROUTES
        from scenes.shell.app import App
        from scenes.store.settings import SettingsStore
        self.rng = random.Random(seed)
        self.app = App(size, store=SettingsStore(Path(tempfile.mkdtemp()) / "settings.json"),
                       routes=ROUTES)
        self.app.settings.muted = True
        self.app.settings.animation_speed = 4.0
        self._play: PlayScene | None = None
        self.phones: list[BenchPhone] = []
        self.next_frame = time.perf_counter()

    @property
    def play(self) -> PlayScene:
        """The game on screen (`new_game` starts one)."""
        assert self._play is not None, "start a game first"
        return self._play

    def new_game(self, phones: bool) -> None:
        """A fresh hot-seat game; with phones, both connected once its server listens."""
        from scenes.play.play import PlayScene
        from scenes.screens.menu import MainMenu
        for phone in self.phones:
            phone.close()
        self.phones = []
        app = self.app
        play = self._play = PlayScene(app, "pulling_strings", seed=self.rng.randrange(10**6),
                                      phones=True, phone_host="127.0.0.1")
        if not phones:  # the same scene, its seats' choices made here: no server at all
            play.phones.start = lambda: None  # type: ignore[method-assign]  # no server
        app.stack.reset(MainMenu(app))
        app.stack.push(play)
        app.stack.apply_changes()
        self.frame()
        if phones:
            server = self.play.phones.server
            assert server is not None, "the phones' server did not start"
            server.ready.wait(10)
            self.phones = [BenchPhone(server, seat) for seat in (0, 1)]
        while app.stack.top is not self.play:  # the codes' screen goes once both are in
            if not phones:
                app.stack.pop()
            self.frame()

    def frame(self) -> float:
        """One paced frame; its duration (events + update + draw + present)."""
        pause = self.next_frame - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        self.next_frame = max(self.next_frame + FRAME, time.perf_counter())
        started = time.perf_counter()
        self.app.tick(FRAME)
        return time.perf_counter() - started

    def over(self) -> bool:
        """True once the results show (or the game ended)."""
        return self.play.turns.match.state.is_terminal

    def close(self) -> None:
        """Leave the game (its server stops) and close the window."""
        import pygame

        from scenes.screens.menu import MainMenu
        for phone in self.phones:
            phone.close()
        self.app.stack.reset(MainMenu(self.app))
        self.frame()
        pygame.quit()


def reveal_latencies(bench: Bench, samples: int) -> list[float]:
    """Seconds from the second phone's lock-in to the frame that shows the countdown."""
    results: list[float] = []
    waiting: dict[str, tuple[PlayScene, float] | None] = {"sent": None}
    done = threading.Event()

    def players() -> None:  # two people: one locks in, the other a moment later
        rng = random.Random(7)
        while not done.is_set():
            play, phones = bench.play, bench.phones
            if len(phones) < 2 or not all(p.choices() for p in phones) or waiting["sent"]:
                time.sleep(0.002)
                continue
            first, second = rng.sample(phones, 2)
            first.lock_in(rng.choice(first.choices()))
            deadline = time.monotonic() + 2
            while (first.state or {}).get("locked", "") == "" and time.monotonic() < deadline:
                first.changed.wait(0.05)
                first.changed.clear()
            time.sleep(rng.uniform(0.0, 0.05))  # anywhere between two frames
            if second.choices():
                waiting["sent"] = (play, second.lock_in(rng.choice(second.choices())))

    thread = threading.Thread(target=players, daemon=True)
    thread.start()
    try:
        while len(results) < samples:
            if bench.over():
                waiting["sent"] = None
                bench.new_game(phones=True)
            bench.frame()
            sent = waiting["sent"]
            if sent is not None and sent[0] is not bench.play:  # sent to a game now over
                waiting["sent"] = None
            elif sent is not None and bench.play.turns.countdown is not None:
                results.append(time.perf_counter() - sent[1])  # the countdown is presented
                bench.play.turns.skip()  # a click on the big screen: on to the next turn
                waiting["sent"] = None
    finally:
        done.set()
        thread.join(5)
    return results


def frame_times(bench: Bench, phones: bool, seconds: float) -> list[float]:
    """Frame times of play paced like people: on two phones, or chosen in the app itself."""
    rng = random.Random(3)
    bench.new_game(phones=phones)
    times, next_choice = [], time.perf_counter() + PACE
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if bench.over():
            bench.new_game(phones=phones)
        play = bench.play
        if time.perf_counter() >= next_choice and not play.turns.busy:
            if choose(bench, phones, rng):  # the next one a person's pause later
                next_choice = time.perf_counter() + PACE
        times.append(bench.frame())
    return times


def choose(bench: Bench, phones: bool, rng: random.Random) -> bool:
    """One seat awaited makes a random choice, on its phone or in the app; True if one did."""
    play = bench.play
    state = play.turns.match.state
    for seat in state.awaiting:
        if phones and bench.phones[seat].choices():
            bench.phones[seat].lock_in(rng.choice(bench.phones[seat].choices()))
            return True
        if not phones and state.pending[seat] is None and not play.turns.hold:
            return play.phones.play_choice(seat, rng.choice(state.legal_moves(seat)))
    return False


def load(bench: Bench, connections: int = 50, messages: int = 1000) -> dict:
    """Connections and malformed messages thrown at the server while frames run."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    bench.new_game(phones=True)
    server = bench.play.phones.server
    assert server is not None, "the phones' server did not start"
    entries = len(bench.play.turns.match.entries)
    counts = {"sent": 0, "refused": 0, "opened": 0}
    lock = threading.Lock()
    share = messages // (connections // 2)

    def attacker(index: int) -> None:
        if index % 2:
            try:
                connect(f"ws://127.0.0.1:{server.port}/ws/{'x' * 32}")
            except InvalidStatus:
                with lock:
                    counts["refused"] += 1
            return
        remaining = share
        while remaining:
            socket = connect(f"{bench.phones[0].base}?key={bench.phones[0].key}")
            with lock:
                counts["opened"] += 1
            try:
                while remaining:
                    socket.send(f"not a move {index} {remaining}")
                    remaining -= 1
                    with lock:
                        counts["sent"] += 1
                    socket.recv(timeout=5)
            except (ConnectionClosed, TimeoutError):
                pass
            finally:
                socket.close()

    threads = [threading.Thread(target=attacker, args=(i,), daemon=True)
               for i in range(connections)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    times, rng, next_choice = [], random.Random(5), 0.0
    while any(thread.is_alive() for thread in threads):
        if time.perf_counter() >= next_choice and not bench.play.turns.busy:
            if choose(bench, True, rng):  # the phones play on meanwhile (phone 1, mostly)
                next_choice = time.perf_counter() + PACE
        times.append(bench.frame())
    seconds = time.perf_counter() - started
    return dict(counts, seconds=seconds, times=times,
                moves=len(bench.play.turns.match.entries) - entries)


def main(argv=None) -> int:
    """Print the phones' figures."""
    from scenes.tools.own_folders import own_folders
    with own_folders("quintet-bench-phones-"):  # never the player's own folders
        return _run(argv)


def _run(argv=None) -> int:
    """The run itself, in folders of its own."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_phones",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="lock-ins timed to a reveal")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="seconds of play timed with phones and as many without")
    parser.add_argument("--rounds", type=int, default=3,
                        help="turns the two take, so a busy spell of the machine falls on both")
    parser.add_argument("--size", default="1280x720", help="window size")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    bench = Bench((width, height), seed=1)
    print(f"video driver: {pygame.display.get_driver()}, window {width}x{height}, phones on "
          f"127.0.0.1 (websocket clients in this process)")
    try:
        bench.new_game(phones=True)
        late = reveal_latencies(bench, args.samples)
        print(f"lock-in to reveal: {len(late)} lock-ins, p50 {percentile(late, .5) * 1000:.1f} ms,"
              f" p95 {percentile(late, .95) * 1000:.1f} ms, max {max(late) * 1000:.1f} ms "
              f"(target: p95 <= 100 ms)")
        print(f"frame times over {args.seconds:.0f} s of play each, in {args.rounds} turns "
              f"(a choice every {PACE} s):")
        pooled: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(args.rounds):
            for phones in (False, True):
                pooled[phones] += frame_times(bench, phones, args.seconds / args.rounds)
        for phones, name in ((False, "choices made in the app, no server"),
                             (True, "choices made on two connected phones")):
            times = pooled[phones]
            print(f"  {name:38} {len(times):5d} frames  p50 "
                  f"{percentile(times, .5) * 1000:6.2f} ms  p99 "
                  f"{percentile(times, .99) * 1000:6.2f} ms  max {max(times) * 1000:6.2f} ms")
        result = load(bench)
        times = result["times"]
        print(f"load: 50 connections ({result['refused']} refused for a wrong token, "
              f"{result['opened']} opened with the seat's key) and {result['sent']} malformed "
              f"messages in {result['seconds']:.2f} s; frames meanwhile: {len(times)}, p50 "
              f"{percentile(times, .5) * 1000:.2f} ms, p99 {percentile(times, .99) * 1000:.2f} ms, "
              f"max {max(times) * 1000:.2f} ms; the phones played on: {result['moves']} moves")
    finally:
        bench.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
