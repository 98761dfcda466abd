"""How a hint says the computer's reckoning of a choice: a chance as wins in ten."""
from __future__ import annotations

from typing import Any, Sequence

# a hint's whole line at most ("Hint: ..., ringed in pink: reason."), so that it keeps within two
# lines of the action bar at 800x500 (tests/test_hint_values.py measures it with the theme)
HINT_CHARACTERS = 192


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


GERUNDS = {"pull": "pulling", "cover": "covering", "pair": "pairing", "swap": "swapping",
           "re-roll": "re-rolling", "end": "ending", "take": "taking", "slide": "sliding",
           "move": "moving", "keep": "keeping", "declare": "declaring"}


def gerund(choice: str) -> str:
    """A choice in words as what one does ("pull c" -> "pulling c"), to say what it is worth."""
    verb, _, rest = choice.partition(" ")
    return f"{GERUNDS[verb]} {rest}".strip() if verb in GERUNDS else choice


def reason_room(words: Any, facts: Any, state: Any) -> int:
    """The characters a hint's reason may take: its whole line within `HINT_CHARACTERS`."""
    from game.words.play_screen import hint_line
    choice = words.hint_choice(facts.plan, facts.alike, state, facts.seat)
    return HINT_CHARACTERS - len(hint_line(choice, "x")) + 1


def fitted(parts: Sequence[str], room: int) -> str:
    """A reason's parts, the most telling first, joined by "; ": as many as fit in `room`
    characters ("" when not even the first fits)."""
    kept: list[str] = []
    for part in (p for p in parts if p):
        if len("; ".join(kept + [part])) <= room:
            kept.append(part)
    return "; ".join(kept)


def worth_words(words: Any, facts: Any, state: Any, noun: str = "choice",
                room: int = HINT_CHARACTERS) -> str:
    """The hint against the next best by the Hard bot's own values of every choice at the root
    of the search that picked it ("the computer expects 7 wins in 10 from it, 5 in 10 from
    pulling c, the next best"; shorter, the next best unnamed, where that would not fit in
    `room` characters), in the words of the game's narrator `words`; "" when the facts carry
    no such values or another choice is worth more by them."""
    worth = facts.worth
    if worth is None or not worth.leads:
        return ""
    mine, other = wins_in_ten(worth.mine), wins_in_ten(worth.other, short=True)
    it = "them" if facts.alike else "it"
    if worth.all_as_good:
        return f"every {noun} is worth about the same to the computer now ({mine})"
    named = words.next_best_words(worth.next_best, state, facts.seat)
    about = "about " if 0 < tenths(worth.mine) < 10 else ""
    if worth.as_good and worth.share and worth.other_share:  # a secret turn's mix
        forms = [f"the computer mixes {it} with {named}: {mine} from either",
                 f"the computer mixes {it} with another {noun}: {mine} from either"]
    elif worth.as_good:
        forms = [f"{named} is as good: the computer expects {mine} from either",
                 f"another {noun} is as good: {mine} from either"]
    elif tenths(worth.mine) != tenths(worth.other):
        forms = [f"the computer expects {mine} from {it}, {other} from {named}, the next best",
                 f"the computer expects {mine} from {it}, {other} from the next best",
                 f"{mine} from {it}, {other} from the next best"]
    else:
        forms = [f"the computer rates {it} just above {named}, the next best (both {about}"
                 f"{mine})", f"the computer rates {it} just above the next best ({about}{mine})"]
    return next((text for text in forms if len(text) <= room), forms[-1])
