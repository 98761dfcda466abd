"""Search knowledge for synch."""
from __future__ import annotations

from game.bots.knowledge import Knowledge


class GameKnowledge(Knowledge):
    """What the search knows of synch."""
