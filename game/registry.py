"""The five games of Quintet by id."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from game.core import GameError
from game.rules import moriarty, pulling_strings, strands, synch, tug_of_war
from game.spec import GameSpec

GAMES: Mapping[str, GameSpec] = MappingProxyType({
    spec.id: spec
    for spec in (pulling_strings.GAME, moriarty.GAME, strands.GAME, synch.GAME, tug_of_war.GAME)
})


def get_game(game_id: str) -> GameSpec:
    """The game with this id; GameError naming the known ids if there is none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise GameError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})") from None
