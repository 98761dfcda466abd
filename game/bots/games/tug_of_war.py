"""Search knowledge for tug_of_war."""
from __future__ import annotations

from game.bots.knowledge import Knowledge


class GameKnowledge(Knowledge):
    """What the search knows of tug_of_war."""
