"""How hard a bot tries: a search budget, and a level built from one."""
from __future__ import annotations

import dataclasses
import time
from typing import Callable

LEVEL_NAMES = ("easy", "medium", "hard")


@dataclasses.dataclass(frozen=True)
class Budget:
    """How long one search may run: at most this many iterations and this many seconds, read
    on `clock` (the wall clock; the arena may count the thread's processor time instead, so that
    a busy machine plays the same games as a quiet one, only slower)."""

    iterations: int
    seconds: float
    clock: Callable[[], float] = time.perf_counter

    def times(self, iterations: int, seconds: float) -> "Budget":
        """This budget's clock with other limits."""
        return dataclasses.replace(self, iterations=iterations, seconds=seconds)


@dataclasses.dataclass(frozen=True)
class Level:
    """How hard a bot tries: its search budget and how loosely it picks among the findings."""

    name: str
    budget: Budget
    temperature: float = 0.0  # 0 plays the most searched move; more spreads the choice
    exploration: float = 1.0  # UCT's exploration constant
    traits: tuple[tuple[str, float], ...] = ()  # settings of the game's knowledge at this level

    def scaled(self, scale: float, floor: int = 10) -> "Level":
        """This level with its budget (iterations and seconds) times `scale`."""
        budget = self.budget.times(max(floor, int(self.budget.iterations * scale)),
                                   self.budget.seconds * scale)
        return dataclasses.replace(self, budget=budget)

    def timed_by(self, clock: Callable[[], float]) -> "Level":
        """This level with its seconds read on `clock`."""
        return dataclasses.replace(self, budget=dataclasses.replace(self.budget, clock=clock))


def default_levels() -> dict[str, Level]:
    """Budgets that suit a game with a few dozen moves a turn and fast playouts."""
    return {
        "easy": Level("easy", Budget(60, 0.2), temperature=1.0),
        "medium": Level("medium", Budget(600, 0.8)),
        "hard": Level("hard", Budget(6000, 2.5)),
    }
