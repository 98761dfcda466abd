"""GameSpec: what the registry knows of a game (title, seats, options) and how to start one."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from game.core import MoveParseError, Move, State
from game.options import Option, resolve_options


def _no_chance(text: str) -> Any:
    raise MoveParseError(f"this game has no chance outcomes, so {text!r} cannot be one")


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game of the collection: its id, names, options, and its start and parse functions."""

    id: str
    title: str
    pitch: str
    seat_names: tuple[str, str]
    options: tuple[Option, ...]
    start: Callable[[Mapping[str, Any]], State]
    move_parser: Callable[[str], Move]
    chance_parser: Callable[[str], Any] = _no_chance
    # options a bot-vs-bot demo plays with unless told otherwise (RULES: Pulling Strings' turn
    # limit is on by default for bot-vs-bot demos)
    demo_options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    secret_choices: bool = False  # it has simultaneous secret choices (phones can make them)

    def parse_move(self, text: str) -> Move:
        """The move this text names (not yet checked against any state); MoveParseError if none."""
        if not isinstance(text, str):
            raise MoveParseError(f"move text must be a string, not {type(text).__name__}")
        return self.move_parser(text)

    def parse_chance(self, text: str) -> Any:
        """The chance outcome this text names; MoveParseError if none."""
        if not isinstance(text, str):
            raise MoveParseError(f"chance text must be a string, not {type(text).__name__}")
        return self.chance_parser(text)

    def resolve_options(self, options: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
        """Every option of this game with `options` validated over the defaults."""
        return resolve_options(self.options, options)

    def resolve_recorded(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """The options of a record or save, resolved: an option it does not name takes the
        value games were played with before the option existed (its `absent`)."""
        older = {spec.name: spec.absent for spec in self.options
                 if spec.absent is not None and spec.name not in options}
        return resolve_options(self.options, {**older, **options})

    def new_game(self, options: Mapping[str, Any] | None = None, **more: Any) -> State:
        """The initial state for these options (given as a mapping, keywords or both)."""
        return self.start(self.resolve_options({**(options or {}), **more}))

    def option(self, name: str) -> Option:
        """The option of this name."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)
