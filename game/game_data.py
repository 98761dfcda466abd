"""Reading the app's own data files about a game (lessons, rule figures): JSON with a format
name and version, a game, its options, and a list of objects; each problem said with where."""
from __future__ import annotations

import json
from typing import Any, Iterator, Mapping

from game.core import GameError
from game.registry import GAMES, get_game


def read_game_file(text: str, fmt: str, version: int, keys: frozenset[str],
                   error: type[GameError]) -> tuple[dict[str, Any], str, Mapping[str, Any]]:
    """The file's data, its game and the game's options resolved (`error` if anything is
    wrong: not JSON, another format or version, unknown keys, no such game, bad options)."""
    try:
        data = json.loads(text)
    except ValueError as problem:
        raise error(f"not JSON: {problem}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(f"not a {fmt} file")
    if data.get("version") != version:
        raise error(f"{fmt} version {data.get('version')!r} is not {version}")
    unknown = set(data) - keys
    if unknown:
        raise error(f"unknown keys {sorted(unknown)}")
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise error(f"{game!r} is not a game")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise error("'options' must be an object")
    try:
        return data, game, get_game(game).resolve_options(options)
    except GameError as problem:
        raise error(f"options: {problem}") from None


def objects(data: dict[str, Any], key: str, keys: frozenset[str], what: str,
            error: type[GameError]) -> Iterator[tuple[str, dict[str, Any]]]:
    """('<what> N', object) for each object of the non-empty list `data[key]`, each checked to
    use only `keys`."""
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise error(f"{key!r} must be a non-empty list")
    for index, item in enumerate(items):
        where = f"{what} {index + 1}"
        if not isinstance(item, dict) or set(item) - keys:
            raise error(f"{where}: an object with keys among {sorted(keys)}")
        yield where, item
