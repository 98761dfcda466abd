"""The hand-off screen's words: whom the screen passes to, what that player does while the others
look away, and the button that shows them their choice."""
from __future__ import annotations


def doing(peek: bool) -> str:
    """What the named player does behind the hidden screen, unless the play screen says."""
    return "looks at their own secret" if peek else "chooses in secret"


def title(name: str, peek: bool) -> str:
    """What the screen asks: pass it on, or (a peek) keep it to the player who asked."""
    return f"For {name}'s eyes only" if peek else f"Pass to {name}"


def look_away(name: str, doing: str) -> str:
    """Who has the screen and why, and what everyone else does ("Oh chooses in secret. ...")."""
    return f"{name} {doing}. Everyone else, look away."


def show_me(name: str) -> str:
    """The confirm button, pressed by the named player alone."""
    return f"I am {name}: show me"


SCREEN_HIDDEN = "Screen hidden"
