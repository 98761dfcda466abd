"""The five games of Quintet by id: one table names each game's parts (its rules, bot knowledge,
narrator, board, lesson, figures and rules text), each loaded when first needed (importing the
registry, or `game`, loads no game's rules). Adding a game is one row here and its files."""
from __future__ import annotations

import dataclasses
import importlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterator, Mapping

from game.core import GameError

if TYPE_CHECKING:
    from game.spec import GameSpec



@dataclasses.dataclass(frozen=True)
class GameParts:
    """Where each part of one game lives: modules by dotted name (the board's is the app's,
    named here and never imported by the engine) and assets by path under assets/."""

    rules: str  # defines GAME, its GameSpec
    knowledge: str  # defines GameKnowledge, what the bots know of it
    narrator: str  # defines NARRATOR, every sentence about it
    board: str  # defines BOARD, its drawing and input (scenes/)
    lesson: str  # its guided first game
    figures: str  # the rules screen's figures
    rules_text: str  # its rules in plain words


def _parts(game_id: str) -> GameParts:
    return GameParts(f"game.rules.{game_id}", f"game.bots.games.{game_id}",
                     f"game.words.{game_id}", f"scenes.boards.{game_id}",
                     f"lessons/{game_id}.json", f"figures/{game_id}.json", f"rules/{game_id}.md")


# the one table of games, in menu order
PARTS: Mapping[str, GameParts] = MappingProxyType({
    game_id: _parts(game_id)
    for game_id in ("pulling_strings", "moriarty", "strands", "synch", "tug_of_war")})
RULES_MODULES: Mapping[str, str] = MappingProxyType({
    game_id: parts.rules for game_id, parts in PARTS.items()})


class GameTable(Mapping[str, "GameSpec"]):
    """The games by id, read-only: the ids are known at once, a game's rules are imported when
    it is first looked up (Python keeps the module, so later look-ups cost a dictionary's)."""

    __slots__ = ()

    def __getitem__(self, game_id: str) -> GameSpec:
        spec: GameSpec = importlib.import_module(RULES_MODULES[game_id]).GAME
        return spec

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
