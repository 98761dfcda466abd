"""DiskWriter: one background thread writes the app's files, in order, so a frame never waits.

Saves, records, statistics and settings are handed to the writer as jobs (plain functions that
do the disk work). They run one at a time in the order given; a job given a `key` supersedes a
job with the same key that has not started yet (a newer save of the same game makes the older
one pointless), so a slow disk falls behind by at most one write per file. What a job returned
(or raised) comes back to the frame loop through `poll`, which runs each job's `done` there,
never on the writer's thread. Only quitting waits, and only up to a bound (`close`).

    writer.submit(lambda: folder.write(saved), key=("save", saved.id), done=show_result)
    ...                                   # each frame:
    writer.poll()                         # runs `done(result, error)` of finished jobs

With `background=False` (tests, tools) a job runs at once inside `submit`; `poll` still delivers.
A writer made with `held=True` keeps its jobs until `release` (the app releases it once its
first frame is on screen, so start-up's tidying and reading never compete with that frame);
`flush` and `close` release it first.
"""
from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Any, Callable, Hashable

log = logging.getLogger("quintet")

Done = Callable[[Any, BaseException | None], None]


@dataclasses.dataclass
class _Job:
    work: Callable[[], Any]
    key: Hashable | None
    done: Done | None
    result: Any = None
    error: BaseException | None = None


class DiskWriter:
    """One thread that runs disk jobs in order; every method but `flush` and `close` returns
    at once."""

    def __init__(self, background: bool = True, name: str = "quintet-writer",
                 held: bool = False) -> None:
        self.background = background
        self.held = held and background  # jobs wait until `release`
        self.name = name
        self._lock = threading.Condition()
        self._waiting: list[_Job] = []
        self._running: _Job | None = None
        self._finished: list[_Job] = []
        self._thread: threading.Thread | None = None
        self._closed = False
        self.written = 0  # jobs run so far
        self.superseded = 0  # jobs dropped for a newer one with the same key

    def submit(self, work: Callable[[], Any], key: Hashable | None = None,
               done: Done | None = None) -> None:
        """Run `work` after every job given before it; a waiting job with the same `key` is
        dropped (its `done` is never called)."""
        job = _Job(work, key, done)
        if not self.background:
            self._run(job)
            with self._lock:
                self._finished.append(job)
            return
        with self._lock:
            if self._closed:
                raise RuntimeError("the disk writer is closed")
            if key is not None:
                kept = [waiting for waiting in self._waiting if waiting.key != key]
                self.superseded += len(self._waiting) - len(kept)
                self._waiting = kept
            self._waiting.append(job)
            self._lock.notify_all()
            if self._thread is None and not self.held:
                self._start()

    def _start(self) -> None:
        """Start the writing thread (with the lock held)."""
        self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
        self._thread.start()

    def release(self) -> None:
        """Let a held writer start on the jobs given so far (and every later one)."""
        with self._lock:
            self.held = False
            if self._thread is None and self._waiting and not self._closed:
                self._start()

    def _run(self, job: _Job) -> None:
        try:
            job.result = job.work()
        except Exception as error:  # handed to the frame loop by poll()
            if not isinstance(error, OSError):  # a refusing disk is said by the job's done
                log.warning("a disk job failed: %s", error, exc_info=error)
            job.error = error
        self.written += 1

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._waiting and not self._closed:
                    self._lock.wait()
                if not self._waiting:
                    return  # closed and nothing left
                job = self._waiting.pop(0)
                self._running = job
            self._run(job)
            with self._lock:
                self._running = None
                self._finished.append(job)
                self._lock.notify_all()

    def poll(self) -> int:
        """Run the `done` of every job finished since the last poll (the frame loop calls this
        once a frame); how many finished."""
        with self._lock:
            finished, self._finished = self._finished, []
        for job in finished:
            if job.done is not None:
                job.done(job.result, job.error)
        return len(finished)

    @property
    def pending(self) -> int:
        """Jobs given and not yet finished (waiting or running)."""
        with self._lock:
            return len(self._waiting) + (self._running is not None)

    def busy_with(self, key: Hashable) -> bool:
        """True while a job with this key waits or runs."""
        with self._lock:
            jobs = self._waiting + ([self._running] if self._running is not None else [])
            return any(job.key == key for job in jobs)

    def flush(self, seconds: float | None = None) -> bool:
        """Wait until every job given so far has run (never in the frame loop: quitting, tests
        and tools); False if `seconds` passed first."""
        self.release()
        deadline = None if seconds is None else time.monotonic() + seconds
        with self._lock:
            while self._waiting or self._running is not None:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self, seconds: float) -> bool:
        """Finish the jobs given, waiting at most `seconds`, and stop; False if some were left
        (their files keep their last version written)."""
        drained = self.flush(seconds)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        return drained
