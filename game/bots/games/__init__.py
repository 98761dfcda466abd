"""Each game's knowledge for the search, by game id."""
from __future__ import annotations

from game.bots.knowledge import Knowledge
from game.registry import get_game


def knowledge_for(game_id: str) -> Knowledge:
    """A fresh `Knowledge` for this game (it may keep a belief, so one per bot)."""
    get_game(game_id)  # an unknown id raises GameError naming the known ones
    from game.bots.games import moriarty, pulling_strings, strands, synch, tug_of_war
    modules = {"moriarty": moriarty, "pulling_strings": pulling_strings, "strands": strands,
               "synch": synch, "tug_of_war": tug_of_war}
    return modules[game_id].GameKnowledge()
