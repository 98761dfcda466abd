"""DisplayWatch: the window destroyed from outside, or the display itself gone.

On X11, Xlib's own handlers end the process at once with exit(1), before Python can write a
word: on an error about a window that another program destroyed, and when the connection to
the display breaks (the X server stopped or restarted, the client killed with xkill). The
watch puts handlers of its own in their place:

- an error naming the app's window marks it lost (`window_lost`); the App opens a new window
  at the start of the next frame and play goes on. Other errors are logged and play goes on.
- a broken connection cannot be survived inside Xlib: the reason is written to the log and the
  process ends with EXIT_DISPLAY_LOST, so a supervisor (the README's systemd user unit) starts
  Quintet again once a display is back. Games are saved after every decision, each write is
  atomic, and the bots' worker ends with the app.

Other video drivers report a lost window as pygame errors in a frame (App.reopen_window).
"""
from __future__ import annotations

import ctypes
import logging
import os
import sys

import pygame

EXIT_DISPLAY_LOST = 3  # the process's exit status when the display went
X11_LIBRARIES = ("libX11.so.6", "libX11.so")  # Xlib's soname since 1995, then the bare name
BAD_WINDOW, BAD_DRAWABLE = 3, 9  # X error codes for a window or drawable that no longer exists


class XErrorEvent(ctypes.Structure):
    """Xlib's description of one error."""

    _fields_ = [("type", ctypes.c_int), ("display", ctypes.c_void_p),
                ("resourceid", ctypes.c_ulong), ("serial", ctypes.c_ulong),
                ("error_code", ctypes.c_ubyte), ("request_code", ctypes.c_ubyte),
                ("minor_code", ctypes.c_ubyte)]


ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(XErrorEvent))
IOErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


def _xlib() -> ctypes.CDLL | None:
    """The X11 client library SDL will use, or None (another system or video driver)."""
    if sys.platform.startswith(("win", "darwin")) or not os.environ.get("DISPLAY"):
        return None
    if os.environ.get("SDL_VIDEODRIVER", "x11") != "x11":
        return None
    for name in X11_LIBRARIES:  # the library SDL loads too: its handlers are the process's
        try:  # by its soname, as SDL opens it (ctypes.util.find_library would run ldconfig and
            return ctypes.CDLL(name)  # import subprocess before the first frame: ~15 ms)
        except OSError:
            continue
    return None


class DisplayWatch:
    """The app's watch on its X11 window and display (does nothing elsewhere)."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.window: int | None = None  # the X id of the app's window
        self.window_lost = False
        self.errors = 0  # X errors seen (and survived)
        self._handlers: tuple = ()  # Xlib keeps only their addresses: they must live here
        self._xlib: ctypes.CDLL | None = None  # set with the handlers

    @property
    def active(self) -> bool:
        """True once the handlers are in place (X11 only)."""
        return bool(self._handlers)

    def install(self) -> None:
        """Put the handlers in place (X11 only): before SDL starts, so that SDL keeps them as
        the handlers its own pass errors on to, and again by `follow` once a window is open."""
        xlib = self._xlib
        if xlib is None:  # the first time: no handlers yet
            xlib = _xlib()
            if xlib is None:
                return
            xlib.XSetErrorHandler.argtypes = [ErrorHandler]
            xlib.XSetErrorHandler.restype = ctypes.c_void_p
            xlib.XSetIOErrorHandler.argtypes = [IOErrorHandler]
            xlib.XSetIOErrorHandler.restype = ctypes.c_void_p
            self._xlib = xlib
            self._handlers = (ErrorHandler(self._error), IOErrorHandler(self._connection_lost))
        xlib.XSetErrorHandler(self._handlers[0])
        xlib.XSetIOErrorHandler(self._handlers[1])

    def follow(self) -> None:
        """Note the app's current window (after each time it is opened), and take the handlers
        back from SDL, which puts in its own each time it starts."""
        self.window_lost = False
        self.window = None
        if not self._handlers:
            return
        self.install()
        try:
            self.window = pygame.display.get_wm_info().get("window")
        except pygame.error:
            pass

    def forget(self) -> None:
        """The window is about to be replaced: errors about the old one no longer matter."""
        self.window = None

    def _error(self, _display, event) -> int:
        error = event.contents
        self.errors += 1
        if error.resourceid == self.window and error.error_code in (BAD_WINDOW, BAD_DRAWABLE):
            if not self.window_lost:
                self.log.warning("the window was destroyed from outside (X error %d on "
                                 "window 0x%x)", error.error_code, error.resourceid)
            self.window_lost = True
        elif self.window is not None and self.errors <= 20:  # a storm is not logged for ever
            self.log.warning("X error %d (request %d) on resource 0x%x; carrying on",
                             error.error_code, error.request_code, error.resourceid)
        return 0

    def _connection_lost(self, _display) -> int:
        self.log.critical("the connection to the display %s was lost (the X server stopped or "
                          "restarted, or the app's client was killed); Quintet exits with "
                          "status %d for its supervisor to start it again",
                          os.environ.get("DISPLAY", "?"), EXIT_DISPLAY_LOST)
        for handler in self.log.handlers:
            try:
                handler.flush()
            except Exception:  # a log that cannot be written must not stop the exit
                pass
        os._exit(EXIT_DISPLAY_LOST)
