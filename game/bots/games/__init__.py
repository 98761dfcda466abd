"""Each game's knowledge for the search, by game id."""
from __future__ import annotations

import importlib

from game.bots.knowledge import Knowledge
from game.core import State
from game.registry import PARTS, get_game


def knowledge_for(game_id: str) -> Knowledge[State]:
    """A fresh `Knowledge` for this game (it may keep a belief, so one per bot)."""
    get_game(game_id)  # an unknown id raises GameError naming the known ones
    knowledge: Knowledge[State] = importlib.import_module(PARTS[game_id].knowledge).GameKnowledge()
    return knowledge
