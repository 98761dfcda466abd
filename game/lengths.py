"""Each game's typical length as players are told it ("about 10 minutes"), read from the lengths
file (assets/lengths.json, written by `python -m game.arena --lengths --write`).

A missing, unreadable or malformed file, or a bad entry in it, says nothing rather than fail:
a game with no length known simply shows none.
"""
from __future__ import annotations

import json
import math
from typing import Any, Mapping

from game.registry import GAMES

FORMAT, VERSION = "quintet-lengths", 1
LONGEST = 600.0  # minutes: a "typical length" above this is not believed


def about(minutes: float) -> str:
    """A length as players read it: "about 7 minutes" (to the minute under 10, else to 5)."""
    whole = max(1, round(minutes) if minutes < 9.5 else 5 * round(minutes / 5))
    return f"about {whole} minute{'s' if whole != 1 else ''}"


def typical_minutes(text: str | None) -> dict[str, float]:
    """Each game's typical minutes in a lengths file's text (None: no file); games with no
    valid entry are left out, and a file that is not a lengths file gives none."""
    if text is None:
        return {}
    try:
        data: Any = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("version") != VERSION or not isinstance(data.get("games"), dict):
        return {}
    minutes: dict[str, float] = {}
    for game_id, entry in data["games"].items():
        value = entry.get("minutes") if isinstance(entry, dict) else None
        if game_id in GAMES and isinstance(value, (int, float)) and not isinstance(value, bool) \
                and math.isfinite(value) and 0 < value <= LONGEST:
            minutes[game_id] = float(value)
    return minutes


def typical_lengths(text: str | None) -> Mapping[str, str]:
    """Each game's typical length in words ("about 10 minutes"), from a lengths file's text."""
    return {game_id: about(m) for game_id, m in typical_minutes(text).items()}


def match_games(game_id: str) -> int:
    """The games in a match as the game is played by default (1: a game is not a match): a
    typical length is a match's (Moriarty's three games)."""
    return next((option.default for option in GAMES[game_id].options if option.name == "games"
                 and isinstance(option.default, int)), 1)


def card_length(game_id: str, length: str) -> str:
    """A length as a game's card says it: "about 6 minutes", or "about 10 minutes a match"."""
    return f"{length} a match" if match_games(game_id) > 1 else length


def length_sentence(game_id: str, length: str) -> str:
    """The rules screen's line: "A game takes about 6 minutes against the computer at Medium."
    ("A match of 3 games takes ..." where a match is what is timed)."""
    games = match_games(game_id)
    timed = f"A match of {games} games" if games > 1 else "A game"
    return f"{timed} takes {length} against the computer at Medium."
