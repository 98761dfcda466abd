"""Rule figures as data (assets/figures/<game>.json): a small position and the moves that show
one rule, for the Rules screen to animate beside that rule's words.

    {"format": "quintet-figures", "version": 1, "game": "pulling_strings", "options": {},
     "figures": [{"rule": "A stack on exactly one pulled string", "caption": "...",
                  "setup": ["1:t", "0:c"], "moves": ["1:c", "0:g"]}]}

A figure may carry its own "options" (a variation, a smaller board) over the file's.
`rule` is words of the rule's line in the game's rules text (assets/rules/<game>.md), which the
figure is drawn under; `setup` entries (as a record writes them: `0:c`, `*:135`) make the
position shown first, `moves` are then played one by one. `Figure.steps` plays them through the
engine; a figure that does not fit says which and where.
"""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from game.core import Event, GameError, State
from game.record import Entry, apply_entry
from game.game_data import objects, read_game_file
from game.registry import get_game

FIGURES_FORMAT = "quintet-figures"
FIGURES_VERSION = 1
FIGURE_KEYS = frozenset({"rule", "caption", "setup", "moves", "options"})
KEYS = frozenset({"format", "version", "game", "options", "figures"})


class FigureError(GameError):
    """A figures file that cannot be read, or a figure that does not play."""


@dataclasses.dataclass(frozen=True)
class Figure:
    """One rule shown: where it is in the rules text, a caption, a position and its moves."""

    game: str
    options: Mapping[str, Any]
    rule: str
    caption: str
    setup: tuple[Entry, ...]
    moves: tuple[Entry, ...]

    def steps(self) -> tuple[State, list[tuple[State, tuple[Event, ...], State]]]:
        """The first position and each move's (before, events, after), full states
        (FigureError names the entry that does not fit)."""
        spec = get_game(self.game)
        state = spec.start(spec.resolve_options(self.options))
        shown: list[tuple[State, tuple[Event, ...], State]] = []
        for index, entry in enumerate(self.setup + self.moves):
            try:
                step = apply_entry(spec, state, entry)
            except GameError as error:
                raise FigureError(f"figure {self.rule!r}, {entry}: {error}") from None
            if index >= len(self.setup):
                shown.append((state, tuple(step.events), step.state))
            state = step.state
        if not shown:
            raise FigureError(f"figure {self.rule!r} has no moves to show")
        start = shown[0][0]
        return start, shown


def _entries(value: Any, where: str) -> tuple[Entry, ...]:
    if not isinstance(value, list):
        raise FigureError(f"{where} must be a list of entries like '0:c'")
    try:
        return tuple(Entry.parse(item) for item in value)
    except GameError as error:
        raise FigureError(f"{where}: {error}") from None


def figures_from_json(text: str) -> list[Figure]:
    """Read a figures file's text (FigureError says what is wrong and where)."""
    data, game, options = read_game_file(text, FIGURES_FORMAT, FIGURES_VERSION, KEYS,
                                         FigureError)
    figures = []
    for where, item in objects(data, "figures", FIGURE_KEYS, "figure", FigureError):
        rule, caption = item.get("rule"), item.get("caption")
        if not isinstance(rule, str) or not rule.strip() or not isinstance(caption, str):
            raise FigureError(f"{where}: 'rule' and 'caption' must be text")
        own = item.get("options") or {}  # a figure's own options over the file's
        try:
            mine = get_game(game).resolve_options({**options, **own}) if own else options
        except (GameError, TypeError) as error:
            raise FigureError(f"{where} options: {error}") from None
        figures.append(Figure(game, MappingProxyType(dict(mine)), rule.strip(),
                              caption.strip(), _entries(item.get("setup", []), f"{where} setup"),
                              _entries(item.get("moves"), f"{where} moves")))
    return figures
