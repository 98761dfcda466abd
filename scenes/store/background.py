"""Task: slow file work (reading many record files, replaying one) in a background thread.

The frame loop starts a task and looks at it once a frame, never waiting: `progress` for a line
on screen, `done`, then `result()` (which raises what the work raised). The work gets the task
itself, to report progress and to see `cancelled` (a screen that closes cancels its task).

    task = Task(lambda task: slow(task), name="records")
    ...                                   # each frame:
    if task.done: use(task.result())      # else: draw task.progress
"""
from __future__ import annotations

import threading
from typing import Any, Callable


class Task:
    """One piece of work in its own daemon thread; every method returns at once."""

    def __init__(self, work: Callable[["Task"], Any], name: str = "quintet-task") -> None:
        self.progress = (0, 0)  # (steps done, steps in all) as the work reports them
        self._work = work
        self._finished = threading.Event()
        self._cancelled = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._work(self)
        except BaseException as error:  # handed to the frame loop by result()
            self._error = error
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """True once the work has returned or raised."""
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        """True once someone asked the work to stop (the work looks between its steps)."""
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Ask the work to stop at its next step; its result will not be wanted."""
        self._cancelled.set()

    def result(self) -> Any:
        """What the work returned (raises what it raised); only once `done`."""
        if not self.done:
            raise RuntimeError("the task has not finished")
        if self._error is not None:
            raise self._error
        return self._value

    def wait(self, seconds: float | None = None) -> bool:
        """Wait for the work to finish (tests and tools only: never in the frame loop)."""
        return self._finished.wait(seconds)
