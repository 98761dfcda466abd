"""HintTally: whether a game may have hints, and how many it had (its saves keep both)."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class HintTally:
    """Hints allowed in this game (chosen on the options screen), and how many were given."""

    allowed: bool
    used: int = 0
