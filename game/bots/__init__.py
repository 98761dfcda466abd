"""Computer players for all five games: one search (`search.py`) and each game's knowledge.

    bot = make_bot("strands", "hard", seed=1)
    move = bot.choose(state.observe(seat), seat)
"""
from __future__ import annotations

from game.bots.bot import Bot
from game.bots.levels import LEVEL_NAMES, Budget, Level
from game.bots.games import knowledge_for
from game.core import GameError

__all__ = ["LEVEL_NAMES", "Budget", "Bot", "Level", "make_bot", "knowledge_for"]


def make_bot(game_id: str, level: str, seed: int | None = None) -> Bot:
    """A bot for this game at this level ("easy", "medium" or "hard")."""
    knowledge = knowledge_for(game_id)
    levels = knowledge.levels()
    if level not in levels:
        raise GameError(f"unknown bot level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    return Bot(knowledge, levels[level], seed)
