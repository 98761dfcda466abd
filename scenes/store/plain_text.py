"""Text from files and file names made safe to show and to log.

A string read from a file (or a file's own name) may hold anything: control characters, a NUL,
a lone surrogate (a file name that is not UTF-8), marks that turn text right to left, megabytes
of one word. `printable` makes such text visible as escapes and cuts it to a length a screen
line can hold; `brief` does the same for any value quoted in a message.
"""
from __future__ import annotations

import re
import reprlib
from typing import Any

# C0 and C1 controls, DEL, lone surrogates, the byte-order mark, line and paragraph separators,
# and the marks and overrides that change the direction of the text after them
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                    "\ufeff\ud800-\udfff]")
LINE_LIMIT = 1000  # characters: far more than any line the app shows


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, limit: int = LINE_LIMIT) -> str:
    """`text` with every unsafe character as a visible escape, cut to `limit` characters."""
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return UNSAFE.sub(_escape, text)


def brief(value: Any, limit: int = 60) -> str:
    """A short, safe quotation of any value for a message (long or deep values are elided)."""
    short = reprlib.Repr()
    short.maxlevel, short.maxstring, short.maxother, short.maxlong = 2, limit, limit, 24
    short.maxlist = short.maxtuple = short.maxdict = short.maxset = 4
    return printable(short.repr(value), limit + 20)
