"""How a hint says the computer's reckoning of a choice: a chance as wins in ten."""
from __future__ import annotations

from typing import Any

EVEN = 0.005  # values of choices closer than this are called the same in a hint


def tenths(value: float) -> int:
    """A chance in tenths, as a hint says it."""
    return round(value * 10)


def wins_in_ten(value: float, short: bool = False) -> str:
    """A chance to win as a count in ten ("7 wins in 10", "under 1 win in 10"; short: "7 in
    10")."""
    count = tenths(value)
    win = "" if short else " win" if count <= 1 else " wins"
    if count <= 0:
        return f"under 1{win} in 10"
    if count >= 10:
        return f"over 9{win} in 10"
    return f"{count}{win} in 10"


def worth_words(words: Any, facts: Any, state: Any, noun: str = "choice") -> str:
    """The hint against the next best by the computer's reckoning of every choice ("the
    computer expects 7 wins in 10 from it; the next best, pull c, 5 in 10"), in the words of
    the game's narrator `words`; "" when the facts carry no such reckoning or the hint is not
    the best by it."""
    worth = facts.worth
    if worth is None or not worth.leads:
        return ""
    mine = wins_in_ten(worth.mine)
    if worth.mine - worth.lowest < EVEN:
        return f"every {noun} is worth about the same to the computer now ({mine})"
    name = words.hint_choice(worth.next_best, (), state, facts.seat)
    if tenths(worth.mine) != tenths(worth.other):
        return f"the computer expects {mine} from it; the next best, {name}, " \
               f"{wins_in_ten(worth.other, short=True)}"
    if worth.mine - worth.other >= EVEN:
        return f"the computer rates it a little above the next best, {name} (both about {mine})"
    return f"the next best, {name}, is as good: {mine} from either"
