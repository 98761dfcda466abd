"""StatusLine: the play screen's one message under the board, and whether it is a refusal."""
from __future__ import annotations

from typing import Callable


class StatusLine:
    """The action bar's message: said by any part, drawn by the screen."""

    def __init__(self, changed: Callable[[], None], refused: Callable[[], None]) -> None:
        self.text = ""
        self.is_error = False
        self._changed = changed  # the screen redraws
        self._refused = refused  # a refusal is heard too

    def say(self, text: str, error: bool = False) -> None:
        """Show `text` (an error stands out, and sounds)."""
        self.text, self.is_error = text, error
        self._changed()
        if error:
            self._refused()

    def clear(self) -> None:
        """No message."""
        self.say("")
