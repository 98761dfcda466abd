"""BotWorker: bots thinking in one worker process, so the app's frame loop never waits on them.

Pure-Python search holds the GIL, so a thread would stall the frames; a process does not. The
app asks for a move with `request` and looks for the answer with `poll` once a frame; neither
blocks. The process is started lazily ("spawn", so it also works in a frozen app on Windows and
macOS) and keeps one `Bot` per (game key, seat), so a bot keeps its plan between its decisions;
a request with a new key (a new game, a rematch) discards the bots of the old one.

    worker = BotWorker()
    ticket = worker.request("game-1", "strands", "easy", 7, match.observe(1), 1, ())
    ...                               # each frame:
    answer = worker.poll()            # None, or (ticket, move), or (ticket, BotFailure(...))
    ticket = worker.request(..., values=True)   # a hint: its answer is (ticket, Valued(...))
    worker.cancel()                   # the search stops at its next look; its answer is dropped
    worker.close()                    # at exit: the process is joined, or terminated

Cancelling is a shared number rather than a flag: the worker works on a request only while its
ticket is the live one, so a cancel can never be lost to a request that had not yet begun, and
the search's `should_stop` is one read of shared memory.

The worker never outlives the app: a thread in it waits on the app's end (the parent's sentinel:
a pipe's end on POSIX, a process handle on Windows) and ends the worker at once, however the app
ended (Quit, an error, kill -9, its terminal closed). multiprocessing's resource tracker, which
"spawn" starts on POSIX, reads a pipe both hold open, so it ends with them.
"""
from __future__ import annotations

import dataclasses
import multiprocessing
import multiprocessing.connection
import os
import queue
import threading
import traceback
import weakref
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.core import History, Move, State

if TYPE_CHECKING:
    from game.bots.bot import RootValue
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

JOIN_SECONDS = 1.0  # how long close() waits for the process before terminating it
NO_TICKET = 0


class BotFailure(Exception):
    """A bot could not answer: it raised an error, or its process stopped."""


@dataclasses.dataclass(frozen=True)
class Valued:
    """The answer to a request made with `values=True`: the move, and the search's figure for
    each choice it weighed at the root (the chooser's mean result and its visits; empty where
    the bot did not search, as for a forced move)."""

    move: Move
    values: Mapping[Move, RootValue]


def _answer(bot: Any, observation: State, seat: int, history: History[State],
            should_stop: Any, values: bool) -> Move | Valued:
    """The bot's move; asked `values`, with its root figures (a solved game's exact values)."""
    if not values:
        chosen: Move = bot.choose(observation, seat, history, should_stop)
        return chosen
    from game.bots.bot import RootValue
    if hasattr(bot, "move_values"):  # a solved game's player: the exact value of every move
        exact = bot.move_values(observation, seat)
        move = bot.choose(observation, seat, history, should_stop)
        return Valued(move, {m: RootValue(v, 0) for m, v in exact.items()})
    bot.keep_values = True
    try:
        move = bot.choose(observation, seat, history, should_stop)
    finally:
        bot.keep_values = False
    return Valued(move, dict(bot.root_values))


def _make_bot(game_id: str, level: Any, seed: int | None) -> Any:
    """A bot for this game at a level name, or at a `Level` given whole (tests: tiny budgets)."""
    from game.bots import Bot, knowledge_for, make_bot
    if isinstance(level, str):
        return make_bot(game_id, level, seed)
    return Bot(knowledge_for(game_id), level, seed)


def _end_with_parent() -> None:
    """In a worker process: end it the moment the process that started it has ended."""
    parent = multiprocessing.parent_process()
    if parent is None:  # the loop runs in the app's own process (tests): nothing to watch
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)  # no clean-up to wait for: the app that wanted the answers is gone

    threading.Thread(target=watch, name="quintet-bots-parent-watch", daemon=True).start()


def _serve(requests: Queue[Any], results: Queue[Any], live: Any) -> None:
    """The worker process: answer requests one at a time until the None that says stop."""
    _end_with_parent()
    results.cancel_join_thread()  # never hang at exit over an answer nobody will read
    bots: dict[int, Any] = {}
    current_key = None
    while True:
        job = requests.get()
        if job is None:
            return
        ticket, key, game_id, level, seed, observation, seat, history, *asks = job
        values = bool(asks and asks[0])  # a job of old, without the flag, asks for none
        if live.value != ticket:
            continue  # cancelled before it began
        if key != current_key:
            bots, current_key = {}, key  # a new game: the old game's bots and plans go

        def should_stop(ticket: int = ticket) -> bool:
            return bool(live.value != ticket)

        try:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = _make_bot(game_id, level, seed)
            move = _answer(bot, observation, seat, history, should_stop, values)
        except Exception:  # a bug in a bot: say so, and stay up for the next request
            bots.pop(seat, None)
            results.put((ticket, False, traceback.format_exc()[-1500:]))
            continue
        if live.value != ticket:
            bots.pop(seat, None)  # a cut-short search may have left a half-made plan
            continue
        results.put((ticket, True, move))


def _shut_down(process: BaseProcess, requests: Queue[Any] | None, live: Any) -> None:
    """Stop a worker process: ask, wait a little, then terminate (also run at interpreter exit)."""
    if live is not None:
        live.value = NO_TICKET
    if requests is not None:
        try:
            requests.put(None)
        except (ValueError, OSError):  # the queue is already closed
            pass
    if process is not None and process.pid is not None:
        process.join(JOIN_SECONDS)
        if process.is_alive():
            process.terminate()
            process.join(JOIN_SECONDS)
        if process.is_alive():  # pragma: no cover - terminate is refused only in odd cases
            process.kill()
            process.join(JOIN_SECONDS)
    if requests is not None:
        requests.close()


class BotWorker:
    """Runs bots in one worker process; `request` and `poll` never block the caller."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._requests: Queue[Any] | None = None
        self._results: Queue[Any] | None = None
        self._live: Any = None  # shared (a RawValue): the ticket the process may work on now
        self._finalizer: weakref.finalize[Any, BotWorker] | None = None
        self._ticket = NO_TICKET
        self.outstanding: int | None = None  # the ticket whose answer is awaited
        self.starts = 0  # processes started so far (a restart after a crash counts)

    # ---- the process ------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        """True while the worker process is running."""
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        """The worker process's id, once started."""
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Start the worker process if it is not running (returns at once: it loads by itself)."""
        if self.alive:
            return
        self._stop_process()
        context = self._context
        self._requests = requests = context.Queue()
        requests.cancel_join_thread()  # a dead reader must never hang our exit
        self._results = context.Queue()
        self._live = context.RawValue("q", NO_TICKET)
        self._process = process = context.Process(
            target=_serve, name="quintet-bots", daemon=True,
            args=(self._requests, self._results, self._live))
        process.start()
        self.starts += 1
        self._finalizer = weakref.finalize(self, _shut_down, process, requests, self._live)

    def _stop_process(self) -> None:
        if self._finalizer is not None:
            self._finalizer()  # runs _shut_down once
        self._finalizer = None
        self._process = self._requests = self._results = self._live = None

    # ---- asking and answering -----------------------------------------------------------------
    def request(self, key: Any, game_id: str, level: Any, seed: int | None, observation: State,
                seat: int, history: History[State] = (), values: bool = False) -> int:
        """Ask for `seat`'s move from its observation; a ticket to match the answer by.

        `key` names the game (one bot per key and seat keeps its plan); `level` is a level name
        or a `Level`; `values` asks for the search's root figures too (the answer is then a
        `Valued`). Any request still running is cancelled: one search at a time.
        """
        self.start()
        self._ticket += 1
        ticket = self._ticket
        self._live.value = ticket
        assert self._requests is not None  # start() made it
        self._requests.put((ticket, key, game_id, level, seed, observation, seat,
                            tuple(history), values))
        self.outstanding = ticket
        return ticket

    def poll(self) -> tuple[int, Move | Valued | BotFailure] | None:
        """The awaited answer if it has come, `(ticket, move)` (`(ticket, Valued)` when asked
        with values); `(ticket, BotFailure)` if the bot failed or its process died (the next
        request starts a new one); else None."""
        if self._results is None:
            return None
        while True:
            try:
                ticket, ok, payload = self._results.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError, ValueError):  # the process died mid-answer
                break
            if ticket != self.outstanding:
                continue  # the answer to a cancelled request: dropped
            self.outstanding = None
            return ticket, (payload if ok else BotFailure(f"the bot raised an error:\n{payload}"))
        if self.outstanding is not None and not self.alive:
            ticket, self.outstanding = self.outstanding, None
            code = self._process.exitcode if self._process is not None else None
            self._stop_process()
            return ticket, BotFailure(f"the bot process stopped (exit code {code})")
        return None

    def cancel(self, ticket: int | None = None) -> None:
        """Stop the running search (only if it is `ticket`'s, when given); its answer is dropped."""
        if ticket is not None and ticket != self.outstanding:
            return
        if self._live is not None:
            self._live.value = NO_TICKET
        self.outstanding = None

    def close(self) -> None:
        """Stop the worker process: it is asked to finish, then terminated if it does not."""
        self.outstanding = None
        self._stop_process()
