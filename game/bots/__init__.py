"""Computer players for all five games: one search (`search.py`) and each game's knowledge.

    bot = make_bot("strands", "hard", seed=1)
    move = bot.choose(state.observe(seat), seat)
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.bots.bot import Bot
from game.bots.games import knowledge_for
from game.bots.levels import LEVEL_NAMES, Budget, Level
from game.bots.perfect_tug import PerfectTugPlayer
from game.core import GameError

# Levels that play a solved game's exact optimal moves instead of searching.
SOLVED = MappingProxyType({("tug_of_war", "hard"): PerfectTugPlayer})

__all__ = ["LEVEL_NAMES", "SOLVED", "Budget", "Bot", "Level", "make_bot", "knowledge_for"]


def make_bot(game_id: str, level: str, seed: int | None = None) -> Any:
    """A bot for this game at this level ("easy", "medium" or "hard"): a `Bot`, or where the
    game is solved (Tug of War's Hard) a player of the exact optimal moves."""
    solved = SOLVED.get((game_id, level))
    if solved is not None:
        return solved(seed)
    knowledge = knowledge_for(game_id)
    levels = knowledge.levels()
    if level not in levels:
        raise GameError(f"unknown bot level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    return Bot(knowledge, levels[level], seed)
