"""The five games of Quintet by id: one table names each game's rules module, which is imported
when that game is first looked up (importing the registry, or `game`, loads no game's rules)."""
from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterator, Mapping

from game.core import GameError

if TYPE_CHECKING:
    from game.spec import GameSpec

# each game's id -> the module of its rules (which defines GAME, its GameSpec), in menu order
RULES_MODULES: Mapping[str, str] = MappingProxyType({
    "pulling_strings": "game.rules.pulling_strings",
    "moriarty": "game.rules.moriarty",
    "strands": "game.rules.strands",
    "synch": "game.rules.synch",
    "tug_of_war": "game.rules.tug_of_war",
})


class GameTable(Mapping[str, "GameSpec"]):
    """The games by id, read-only: the ids are known at once, a game's rules are imported when
    it is first looked up (Python keeps the module, so later look-ups cost a dictionary's)."""

    __slots__ = ()

    def __getitem__(self, game_id: str) -> GameSpec:
        return importlib.import_module(RULES_MODULES[game_id]).GAME

    def __contains__(self, game_id: object) -> bool:
        return game_id in RULES_MODULES  # without importing the game's rules

    def __iter__(self) -> Iterator[str]:
        return iter(RULES_MODULES)

    def __len__(self) -> int:
        return len(RULES_MODULES)

    def __repr__(self) -> str:
        return f"GameTable({', '.join(RULES_MODULES)})"


GAMES: Mapping[str, GameSpec] = GameTable()


def get_game(game_id: str) -> GameSpec:
    """The game with this id; GameError naming the known ids if there is none."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise GameError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})") from None
