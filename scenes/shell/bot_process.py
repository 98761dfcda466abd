"""BotProcess: the bots' worker as the app holds it, so a worker that cannot start never stops
the app.

Starting the worker process can fail: shared memory full (its queues need a semaphore in
/dev/shm), the process limit reached, no memory. Then the app opens all the same: `problem`
says why, each question to a bot is answered at once with a BotFailure saying the computer
player cannot start, and the play screen offers to play on hot-seat (PlayBots). Everything else
is the worker's own (`BotWorker`), reached through this object.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

log = logging.getLogger("quintet")

CANNOT_START = "the computer player cannot start"


class BotProcess:
    """A BotWorker made on first use, whose failure to start is kept as `problem`."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self.worker: Any = None
        self.problem = ""  # why the worker could not start ('' while it could)
        self._refused: list[int] = []  # questions answered with the failure at the next poll
        self._tickets = 0

    def _worker(self) -> Any:
        if self.worker is None:
            self.worker = self._make()
        return self.worker

    def start(self) -> None:
        """Start the worker if it is not running; on failure keep why (never raises)."""
        if self.problem:
            return
        try:
            self._worker().start()
        except Exception as error:  # shared memory full, process limits, no memory...
            self._fail(error)

    def _fail(self, error: BaseException) -> None:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.problem = why or type(error).__name__
        log.error("%s: %s", CANNOT_START, self.problem, exc_info=error)

    def request(self, *args: Any, **kwargs: Any) -> int:
        """Ask a bot (see BotWorker.request); if the worker cannot start, a ticket answered
        with a BotFailure at the next poll."""
        if not self.problem:
            try:
                return self._worker().request(*args, **kwargs)
            except Exception as error:
                self._fail(error)
        self._tickets -= 1  # below any real ticket
        self._refused.append(self._tickets)
        return self._tickets

    def poll(self) -> Any:
        """The awaited answer (see BotWorker.poll); a refused question's failure first."""
        if self._refused:
            from game.bots.worker import BotFailure
            return self._refused.pop(0), BotFailure(f"{CANNOT_START}: {self.problem}")
        if self.worker is None or self.problem:
            return None
        return self.worker.poll()

    def cancel(self, ticket: int | None = None) -> None:
        """Cancel a question (see BotWorker.cancel)."""
        if ticket is not None and ticket in self._refused:
            self._refused.remove(ticket)
        elif self.worker is not None and not self.problem:
            self.worker.cancel(ticket)

    def close(self) -> None:
        """Stop the worker's process, if one was started."""
        if self.worker is not None:
            self.worker.close()

    def __getattr__(self, name: str) -> Any:
        """Anything else is the worker's (its pid, whether it is alive...)."""
        return getattr(self._worker(), name)
