"""The one-file build's app ends with its launcher.

The one-file executable is two processes: a launcher that unpacks the app and the app itself,
its child. Killing the launcher (a task manager, a kiosk's supervisor) would leave the app
running as an orphan with its window open. So the app asks to be sent SIGTERM when its parent
dies (Linux: prctl PR_SET_PDEATHSIG) and, everywhere, watches its parent's process id once a
second: when it changes, the parent is gone and SIGTERM ends the app as Quit would (its writes
drained within their bound).
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import threading

log = logging.getLogger("quintet")

PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 1.0


def follow_launcher(watch_seconds: float = WATCH_SECONDS) -> threading.Thread | None:
    """End this process (SIGTERM) when its parent process ends; the watching thread, or None
    where a parent cannot be watched (Windows)."""
    if os.name != "posix":
        return None
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        except (OSError, AttributeError) as error:
            log.info("no parent-death signal (%s); the parent is watched instead", error)
    if os.getppid() != parent or parent == 1:  # it died before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)
        return None
    stopped = threading.Event()

    def watch() -> None:
        while not stopped.wait(watch_seconds):
            if os.getppid() != parent:
                log.warning("the launcher (process %d) has gone: Quintet ends with it", parent)
                os.kill(os.getpid(), signal.SIGTERM)
                return

    thread = threading.Thread(target=watch, name="quintet-launcher-watch", daemon=True)
    thread.start()
    return thread
