"""One narrator per game: every sentence the app says about a game (game/words/base.py)."""
from __future__ import annotations

import importlib
from typing import Any, Mapping

from game.registry import get_game
from game.words.base import Narrator

NARRATOR_MODULES = {
    "pulling_strings": "game.words.pulling_strings",
    "moriarty": "game.words.moriarty",
    "strands": "game.words.strands",
    "synch": "game.words.synch",
    "tug_of_war": "game.words.tug_of_war",
}


def narrator_for(game_id: str, options: Mapping[str, Any] | None = None) -> Narrator:
    """The narrator of a game (GameError for an unknown id)."""
    spec = get_game(game_id)
    module = importlib.import_module(NARRATOR_MODULES[game_id])
    return module.NARRATOR(spec, options)
