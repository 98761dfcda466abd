"""Words on a player's phone page and the phones' refusals: what the big screen is doing, what
the phone may do now, and why a choice sent was not taken."""
from __future__ import annotations

from typing import Sequence

REVEAL_COMING = "Both have chosen: watch the big screen for the reveal."
WATCH = "Watch the big screen."
YOUR_CHOICE_NEXT = "Watch the big screen: your choice comes next."
BACK_TO_MENU = "Back to the menu"
MOVED_ON = "The game has moved on."
MOVED_ON_CHOOSE_AGAIN = "The game has moved on: choose again."
NOT_ON_BIG_SCREEN = "That is not on the big screen now."


def game_over(reason: str | None) -> str:
    """The game has ended (and how, when the outcome says)."""
    return f"Game over: {reason}." if reason else "Game over."


def locked_in(group: str, label: str) -> str:
    """The choice this phone locked in ("Locked in: column 4", "Locked in: pull c")."""
    return f"Locked in: {group} {label}" if label.isdigit() else f"Locked in: {label}"


def on_big_screen(held: str) -> str:
    """What the big screen waits for a player there to do."""
    return f"On the big screen: {held}."


def waiting_for(names: Sequence[str]) -> str:
    """Whom the game waits for, when it is not this phone's seat."""
    return f"Waiting for {' and '.join(names)}." if names else WATCH


def has_locked_in(name: str) -> str:
    """A seat has locked in its choice on its phone."""
    return f"{name} has locked in"


def choose_on_phone(name: str) -> str:
    """A seat is to choose on its phone."""
    return f"{name}: choose on your phone"


def waiting_on_screen(name: str) -> str:
    """A seat is to choose on the big screen."""
    return f"Waiting for {name}"


def not_a_move(problem: str) -> str:
    """A phone sent text that names no move."""
    return f"That is not a move: {problem}"


def not_a_choice(reason: str) -> str:
    """A phone sent a move that is not a choice now."""
    return f"That is not a choice now: {reason}."
