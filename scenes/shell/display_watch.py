"""When the display itself goes: a reason in the log and an exit code a supervisor acts on.

On X11, losing the connection to the display (the X server stopped or restarted, the window's
client killed with xkill) makes Xlib end the process at once with exit(1), before Python can
write a word. `watch_x11` gives Xlib a handler that writes the reason to the log first, then
ends the process with EXIT_DISPLAY_LOST, so a supervisor (the README's systemd user unit)
starts Quintet again once a display is back. Everything on disk is already safe: games are
saved after every decision, and each write is atomic. The bots' worker ends with the app.

Errors that leave the display up (a window destroyed from outside) surface as pygame errors in
a frame, and the App opens a new window (App.reopen_window).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import sys

import pygame

EXIT_DISPLAY_LOST = 3  # the process's exit status when the display went
IOErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


def watch_x11(log: logging.Logger):
    """On X11, log and exit with EXIT_DISPLAY_LOST when the display connection breaks.

    Returns the installed handler, which the caller must keep (Xlib holds only its address),
    or None where there is nothing to watch (another video driver, no libX11).
    """
    if not sys.platform.startswith("linux") and "bsd" not in sys.platform:
        return None
    try:
        if pygame.display.get_driver() != "x11":
            return None
    except pygame.error:
        return None
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    try:
        xlib = ctypes.CDLL(name)  # the library SDL already loaded: one handler for the process
    except OSError:
        return None

    def lost(_display) -> int:
        log.critical("the connection to the display %s was lost (the X server stopped or "
                     "restarted, or the window was killed); Quintet exits with status %d for "
                     "its supervisor to start it again", os.environ.get("DISPLAY", "?"),
                     EXIT_DISPLAY_LOST)
        for handler in log.handlers:
            try:
                handler.flush()
            except Exception:  # a log that cannot be written must not stop the exit
                pass
        os._exit(EXIT_DISPLAY_LOST)

    handler = IOErrorHandler(lost)
    xlib.XSetIOErrorHandler.argtypes = [IOErrorHandler]
    xlib.XSetIOErrorHandler.restype = ctypes.c_void_p
    xlib.XSetIOErrorHandler(handler)
    return handler
