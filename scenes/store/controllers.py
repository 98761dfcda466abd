"""Who plays each seat: a person ("human") or a bot at a level ("bot:easy", "bot:medium"...)."""
from __future__ import annotations

from typing import Any, Sequence

from game.bots import LEVEL_NAMES
from scenes.store.plain_text import brief

HUMAN = "human"
HOT_SEAT = "hot-seat"  # the opponent of a game two people play on one screen
OPPONENTS = (HOT_SEAT,) + tuple(LEVEL_NAMES)  # what statistics are kept against


def bot_level_name(controller: str) -> str | None:
    """The level of a bot controller ("bot:hard" -> "hard"), or None for a person."""
    if controller == HUMAN:
        return None
    if isinstance(controller, str) and controller.startswith("bot:") \
            and controller[4:] in LEVEL_NAMES:
        return controller[4:]
    raise ValueError(f"unknown controller {brief(controller)} (human, or bot: and one of "
                     f"{', '.join(LEVEL_NAMES)})")


def check_controllers(value: Any) -> tuple[str, str]:
    """Two valid controllers as a tuple; ValueError says what is wrong."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"controllers must be a list of two, found {brief(value)}")
    for controller in value:
        bot_level_name(controller)
    return (value[0], value[1])


def human_seats(controllers: Sequence[str]) -> tuple[int, ...]:
    """The seats people play."""
    return tuple(seat for seat, c in enumerate(controllers) if c == HUMAN)


def opponent_key(controllers: Sequence[str]) -> str | None:
    """Who the people played: "hot-seat" or a bot level; None when no person played (a demo)."""
    people = human_seats(controllers)
    if len(people) == 2:
        return HOT_SEAT
    if len(people) == 1:
        return bot_level_name(controllers[1 - people[0]])
    return None


def opponent_words(controllers: Sequence[str]) -> str:
    """The pairing in a few words: "Hot-seat", "You v Hard bot", "Medium bot v Easy bot"."""
    key = opponent_key(controllers)
    if key is None:
        return " v ".join(f"{(bot_level_name(c) or '').capitalize()} bot" for c in controllers)
    return "Hot-seat" if key == HOT_SEAT else f"You v {key.capitalize()} bot"
