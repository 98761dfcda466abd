"""The words around a finished or recorded game, the same in every game: the results' headline,
the replay's counter and notes, the review's titles. Each game's narrator says what its moves did;
these say where the player is in looking back."""
from __future__ import annotations

from typing import Sequence

from game.core import State
from game.words.base import capital


# ---- results --------------------------------------------------------------------------------
def result_title(state: State, you: int | None) -> str:
    """The results' headline: against the computer (`you`, the person's seat) "You won!" or
    "You lost"; between people the winning side; "A draw"; "Game over" if no outcome."""
    outcome = state.outcome
    if outcome is None:
        return "Game over"
    if outcome.winner is None:
        return "A draw"
    if you is None:
        return f"{state.seat_name(outcome.winner)} wins!"
    return "You won!" if outcome.winner == you else "You lost"


def sides(state: State, you: int, level: str) -> str:
    """Who played which seat against the computer, and at what level."""
    return (f"You played {state.seat_name(you)}; the computer ({capital(level)}) played "
            f"{state.seat_name(1 - you)}.")


SEE_RESULTS = "Click or press B for the results"  # under a board shown without the results


# ---- replay ---------------------------------------------------------------------------------
REPLAY_KEYS = "Right arrow or Next steps forward; Left or Back steps back."
GAME_START = "The start of the game."


def counter(unit: str, number: int, last: int) -> str:
    """The replay's counter in the game's unit, as play showed it ("Turn 5 of 13")."""
    return f"{capital(unit)} {number} of {last}"


def players(state: State, levels: Sequence[str | None]) -> str:
    """Who played which seat ("Eks: player  ·  Oh: Hard bot"); a level of None is a person."""
    if all(level is None for level in levels):
        return "Hot-seat game"
    return "  \u00b7  ".join(seat_player(state.seat_name(s), levels[s]) for s in (0, 1))


def seat_player(name: str, level: str | None) -> str:
    """A seat and who played it ("Oh: Hard bot")."""
    return f"{name}: {who_played(level)}"


def who_played(level: str | None) -> str:
    """Who played a seat: "player" for a person (level None), else "Medium bot"."""
    return "player" if level is None else f"{capital(level)} bot"


def situation(state: State, at_end: bool) -> str:
    """Where the game stands at a replayed position: who won, a draw, stopped unfinished at
    the record's end, or "" while it goes on."""
    outcome = state.outcome
    if state.is_terminal and outcome is not None:
        return "A draw" if outcome.winner is None else f"{state.seat_name(outcome.winner)} won"
    return "The game stopped here (unfinished)" if at_end else ""


# ---- review ---------------------------------------------------------------------------------
REVIEW_WORKING = "Working out who was ahead after each move..."


def review_failed(problem: str) -> str:
    """The review's workers failed, and why."""
    return f"The review could not be worked out: {problem}"


def points(chance: float) -> int:
    """A change of chance in percentage points, as the review says it (0.083 is 8)."""
    return round(chance * 100)


def swings_title(count: int, least: float = 0.10) -> str:
    """The heading over the largest swings, with the number keys that pick them (none: nothing
    swung the game by more than `least`)."""
    if not count:
        return f"Nothing swung it by more than {points(least)} points."
    keys = ", ".join(str(n) for n in range(1, count + 1))
    return f"What swung it most (click one, or press {keys}):"


def calm_review(least: float, largest: tuple[float, str, str] | None) -> str:
    """What the review says of a game nothing swung by more than `least`: its largest change
    (size, place as the review names it, the seat it went toward), or that nothing moved."""
    if largest is None:
        return "Neither side's chance moved all game."
    change, place, name = largest
    where = place[:1].lower() + place[1:] if place.split(" ")[0] in ("Turn", "Round") \
        else place
    return f"The largest change was {points(change)} points, toward {name}, at {where}; " \
        f"none was over {points(least)}."
