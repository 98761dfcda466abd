"""The phones screen's words over a game: how to join, what each seat's phone is doing, and the
question when a new phone asks for a seat. The phone page's own words are the phones' (scenes/
phones); a seat's code and address are data the screen passes in."""
from __future__ import annotations

TITLE = "Play with phones"
HOW_TO_JOIN = ("Each player scans their own code with a phone on this computer's network, "
               "or opens the address and types their code.")
NO_NETWORK = "This computer is on no network: phones cannot reach it."
ON_THIS_SCREEN = "Plays on this screen (hand-off)"
STARTING = "Starting..."
TYPE_THE_CODE = "and type the code"


def note(error: str | None, no_network: bool) -> str:
    """The line under the title: how to join, or why phones cannot."""
    if error:
        return f"Phones cannot connect: {error}"
    return NO_NETWORK if no_network else HOW_TO_JOIN


def use_this_screen(name: str) -> str:
    """The button that brings a seat back from its phone to the big screen."""
    return f"{name}: use this screen"


def phone_state(connected: bool) -> str:
    """A seat's claimed phone: there, or away for now."""
    return "Phone connected" if connected else "Phone away: it reconnects by itself"


def new_phone(address: str, code: str) -> str:
    """How another phone takes a claimed seat: the address and the seat's code."""
    return f"A new phone: {address}, code {code}"


def open_address(address: str) -> str:
    """The way in without the QR code, before the code to type."""
    return f"or open {address}"


def let_in_question(name: str) -> str:
    """A new phone asks for a seat a phone already has."""
    return f"{name}'s seat: let this new phone in?"


def let_in_details(name: str) -> str:
    """What saying yes does, and when to say it."""
    return (f"A phone without the seat's key asks for it. Say yes only if it is {name}'s "
            "(the phone that has the seat now is closed).")
