"""BotWorker: bots answer from another process; cancel, crash and close leave nothing behind."""
from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time

import pytest

from game.bots import Level
from game.bots import worker as worker_module
from game.bots.levels import Budget
from game.bots.worker import BotFailure, BotWorker
from game.match import Match
from tests.support import wait_for_work, wait_until, warmed_up

TINY = Level("easy", Budget(20, 0.05), temperature=1.0)  # answers in milliseconds
ENDLESS = Level("hard", Budget(10**9, 120.0))  # thinks for two minutes unless stopped
WAIT = 30.0  # seconds to wait for an answer that should come in well under one


def answer(worker: BotWorker, limit: float = WAIT):
    """Poll (as a frame loop would) until the awaited answer comes."""
    return wait_until(worker.poll, limit, "an answer from the bots' process")


def searching(worker: BotWorker, observation, seat: int, key: str) -> int:
    """Ask a warmed-up worker for an endless search, and wait until it is searching (using
    processor time): the ticket."""
    ticket = worker.request(key, "pulling_strings", ENDLESS, 1, observation, seat)
    wait_for_work(worker.pid)
    return ticket


@pytest.fixture(scope="module")
def worker():
    """One worker process for the tests that only ask it questions."""
    bots = BotWorker()
    yield bots
    bots.close()


def test_a_request_is_answered_with_a_legal_move_of_that_seat(worker):
    match = Match("strands", seed=1)
    ticket = worker.request("game-a", "strands", TINY, 1, match.observe(0), 0)
    got, move = answer(worker)
    assert got == ticket
    assert move in match.state.legal_moves(0)
    assert worker.poll() is None  # one answer per request


def _polls(worker: BotWorker, count: int = 50) -> float:
    """The least time of five rounds of `count` polls, each answering None."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(count):
            assert worker.poll() is None
        best = min(best, time.perf_counter() - started)
    return best


def test_poll_answers_none_at_once_while_the_bot_thinks(worker):
    match = Match("pulling_strings", seed=2)
    idle = _polls(warmed_up(worker, TINY))  # nothing asked: polling is only a look at the queue
    ticket = searching(worker, match.observe(1), 1, "game-b")
    busy = _polls(worker)
    assert worker.outstanding == ticket  # the search goes on: no poll waited for its answer
    # and none waited a while: polls take about as long as with nothing asked (a ratio, not a
    # wall-clock limit, so a loaded machine is slower at both)
    assert busy < 20 * idle + 0.01, (busy, idle)
    worker.cancel()


def test_cancel_stops_the_search_and_drops_its_answer(worker):
    match = Match("pulling_strings", seed=3)
    stale = searching(warmed_up(worker, TINY), match.observe(0), 0, "game-c")
    worker.cancel()
    assert worker.outstanding is None and worker.poll() is None
    # Were the endless search still running, this would wait two minutes behind it.
    fresh = worker.request("game-c", "pulling_strings", TINY, 1, match.observe(0), 0)
    got, move = answer(worker)
    assert got == fresh != stale
    assert move in match.state.legal_moves(0)


def test_a_new_request_replaces_the_running_one(worker):
    match = Match("synch", seed=4)
    seat = match.state.awaiting[0]
    first = worker.request("game-d", "synch", ENDLESS, 1, match.observe(seat), seat)
    second = worker.request("game-d", "synch", TINY, 1, match.observe(seat), seat)
    got, _ = answer(worker)  # the first search was cut short and its answer dropped
    assert got == second != first


def test_cancel_of_another_ticket_leaves_the_search_alone(worker):
    match = Match("strands", seed=5)
    ticket = worker.request("game-e", "strands", TINY, 1, match.observe(0), 0)
    worker.cancel(ticket - 1)
    assert answer(worker)[0] == ticket


def test_a_bot_error_is_reported_and_the_worker_stays_up(worker):
    match = Match("strands", seed=6)
    ticket = worker.request("game-f", "strands", TINY, 1, match.observe(1), 1)  # not 1's turn
    got, failure = answer(worker)
    assert got == ticket and isinstance(failure, BotFailure)
    assert "no move" in str(failure)
    assert worker.alive
    worker.request("game-f", "strands", TINY, 1, match.observe(0), 0)
    assert not isinstance(answer(worker)[1], BotFailure)


def test_a_dead_process_is_reported_and_the_next_request_restarts_it():
    worker = BotWorker()
    try:
        match = Match("pulling_strings", seed=7)
        ticket = worker.request("game-g", "pulling_strings", ENDLESS, 1, match.observe(0), 0)
        os.kill(worker.pid, signal.SIGKILL)
        got, failure = answer(worker)
        assert got == ticket and isinstance(failure, BotFailure)
        assert "stopped" in str(failure)
        assert not worker.alive and worker.poll() is None
        worker.request("game-g", "pulling_strings", TINY, 1, match.observe(0), 0)
        got, move = answer(worker)
        assert move in match.state.legal_moves(0)
        assert worker.starts == 2 and worker.alive
    finally:
        worker.close()


def test_close_leaves_no_process_behind_even_mid_search():
    worker = warmed_up(BotWorker(), TINY)
    match = Match("pulling_strings", seed=8)
    searching(worker, match.observe(0), 0, "game-h")
    pid = worker.pid
    started = time.perf_counter()
    worker.close()
    # it did not wait for the two-minute search to end (a loaded machine takes longer to stop a
    # process, but nowhere near the search's budget)
    assert time.perf_counter() - started < ENDLESS.budget.seconds / 4
    assert not worker.alive
    assert pid not in [p.pid for p in multiprocessing.active_children()]
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped: no zombie either
    worker.close()  # a second close is harmless


def test_nothing_starts_until_the_first_request():
    worker = BotWorker()
    assert worker.pid is None and worker.poll() is None
    worker.cancel()
    worker.close()
    assert worker.pid is None


class SharedInt:
    """Stands in for the shared ticket number when the worker loop runs in a thread."""

    def __init__(self) -> None:
        self.value = 0


def test_one_bot_per_game_and_seat_kept_between_requests(monkeypatch):
    made = []
    real = worker_module._make_bot

    def counting(game_id, level, seed):
        made.append((game_id, seed))
        return real(game_id, level, seed)

    monkeypatch.setattr(worker_module, "_make_bot", counting)
    requests, results, live = queue.Queue(), queue.Queue(), SharedInt()
    results.cancel_join_thread = lambda: None
    loop = threading.Thread(target=worker_module._serve, args=(requests, results, live))
    loop.start()
    try:
        match = Match("strands", seed=9)
        asks = [("one", 0, 11), ("one", 0, 11), ("one", 1, 12), ("two", 0, 13), ("one", 0, 11)]
        for ticket, (key, seat, seed) in enumerate(asks, start=1):
            live.value = ticket
            state = match.state if seat == 0 else match.state.apply(
                match.state.legal_moves(0)[0]).state
            requests.put((ticket, key, "strands", TINY, seed, state.observe(seat), seat, ()))
            assert results.get(timeout=WAIT)[:2] == (ticket, True)
    finally:
        requests.put(None)
        loop.join(WAIT)
    # game "one" seats 0 and 1, then game "two" (which discards "one"), then "one" afresh
    assert [seed for _, seed in made] == [11, 12, 13, 11]
