"""Checks of single values read from the app's files: times, plain text, whole numbers.

Each check answers with what is wrong, in words, or None when the value is in its domain, so a
file holding a NUL in a time, a 30th of February or a count of -1 takes the damaged-file path
instead of being shown or offered to play.
"""
from __future__ import annotations

import datetime
from typing import Any

from scenes.store.plain_text import UNSAFE, brief

TIME_FORMAT = "%Y-%m-%dT%H:%M:%S"  # how the app writes a time (scenes/store/saves.now_text)
TIME_LENGTH = 19
EARLIEST_YEAR = 1970  # a clock can be wrong, but not before the epoch


def time_problem(value: Any, optional: bool = True) -> str | None:
    """What is wrong with a time as the app writes it ('2024-03-01T12:00:00'); None if good
    (an empty text is good when `optional`)."""
    if optional and value == "":
        return None
    if not isinstance(value, str):
        return f"{brief(value)} is not a time"
    if len(value) != TIME_LENGTH or UNSAFE.search(value):
        return f"{brief(value)} is not a time like 2024-03-01T12:00:00"
    try:
        when = datetime.datetime.strptime(value, TIME_FORMAT)
    except ValueError:
        return f"{brief(value)} is not a real date and time"
    if when.year < EARLIEST_YEAR:
        return f"{brief(value)} is not a date Quintet could have written"
    return None


def text_problem(value: Any, limit: int) -> str | None:
    """What is wrong with a short plain text (no control or direction characters, at most
    `limit` characters); None if good."""
    if not isinstance(value, str):
        return f"{brief(value)} is not text"
    if len(value) > limit:
        return f"{brief(value)} is longer than {limit} characters"
    if UNSAFE.search(value):
        return f"{brief(value)} holds control characters"
    return None


def count_problem(value: Any, high: int) -> str | None:
    """What is wrong with a whole number from 0 to `high`; None if good."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        return f"{brief(value)} is not a whole number from 0 to {high:,}"
    return None
