"""Each game's knowledge for the search, by game id."""
from __future__ import annotations

import importlib

from game.bots.knowledge import Knowledge
from game.registry import PARTS, get_game


def knowledge_for(game_id: str) -> Knowledge:
    """A fresh `Knowledge` for this game (it may keep a belief, so one per bot)."""
    get_game(game_id)  # an unknown id raises GameError naming the known ones
    return importlib.import_module(PARTS[game_id].knowledge).GameKnowledge()
