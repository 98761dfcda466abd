"""One narrator per game: every sentence the app says about a game (game/words/base.py)."""
from __future__ import annotations

import importlib
from typing import Any, Mapping

from game.registry import PARTS, get_game
from game.words.base import Narrator

NARRATOR_MODULES = {game_id: parts.narrator for game_id, parts in PARTS.items()}


def narrator_for(game_id: str, options: Mapping[str, Any] | None = None) -> Narrator[Any]:
    """The narrator of a game (GameError for an unknown id)."""
    spec = get_game(game_id)
    module = importlib.import_module(NARRATOR_MODULES[game_id])
    narrator: Narrator[Any] = module.NARRATOR(spec, options)
    return narrator
