"""GameSetup: one typed description of how a game was set up, from the menus to Rematch.

The game select, the kiosk, the command line, a lesson, Continue and Rematch all describe a game
the same way: which game with which options and seed, who plays each seat, the private seat's
hints, and whether phones make the secret choices. The play route takes it whole
(`app.go("play", setup=...)`), and a rematch is the same setup with a new seed.
"""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from game.bots import Level
from scenes.store.controllers import HUMAN, check_controllers


@dataclasses.dataclass(frozen=True)
class GameSetup:
    """A game's setup: the game, its options and seed, the seats' controllers, and the extras."""

    game_id: str
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    seed: int | None = None  # None: a fresh seed when the match starts
    controllers: tuple[str, str] = (HUMAN, HUMAN)  # "human" or "bot:easy|medium|hard"
    bot_level: Level | None = None  # a Level for every bot seat instead of its named level
    demo: bool = False  # a kiosk demo: nothing saved or counted, no results screen
    hints: bool | None = None  # hints allowed (None: on against the computer, off hot-seat)
    phones: bool = False  # secret choices on the players' phones (hot-seat games with secrets)
    phone_host: str | None = None  # where the phones' server listens (None: the local address)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "controllers", check_controllers(self.controllers))

    @property
    def hot_seat(self) -> bool:
        """True when both seats are people sharing the screen."""
        return all(c == HUMAN for c in self.controllers)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, c in enumerate(self.controllers) if c == HUMAN)

    @property
    def hints_allowed(self) -> bool:
        """Hints: on against the computer, off hot-seat unless both agreed; never in a demo."""
        allowed = not self.hot_seat if self.hints is None else self.hints
        return allowed and not self.demo and bool(self.people)

    def rematch(self, options: Mapping[str, Any] | None = None, phones: bool | None = None
                ) -> "GameSetup":
        """The same setup for a new game (a new seed), options and phones as now given."""
        return dataclasses.replace(
            self, seed=None, options=self.options if options is None else options,
            phones=self.phones if phones is None else phones)

    def with_controllers(self, controllers: tuple[str, str]) -> "GameSetup":
        """The same game with other players (the computer could not start: hot-seat)."""
        return dataclasses.replace(self, controllers=controllers)
