"""PlayHost: the small public interface the play screen's parts (bots, phones, hints, undo,
saves) talk to it through.

A part reads the game through the host's turn loop (who chooses, is it busy, what may be on
screen), hands moves back through `commit` (the one legality check, a click's too), and asks for
what it needs shown (`say`, `refresh_buttons`). None of them touches the
scene's private names (tests/test_private_names.py); PlayScene is the one host.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.core import Move, State
from game.match import Match
from game.record import Record
from game.spec import GameSpec
from game.words.base import Narrator

if TYPE_CHECKING:
    from scenes.play.parts.picker import Picker
    from scenes.play.parts.play_animation import Hold
    from scenes.play.parts.setup import GameSetup
    from scenes.play.parts.turns import TurnLoop


class PlayHost(Protocol):
    """What a play part may ask of the play screen."""

    app: Any  # the shell: worker, settings, sounds, screens by name
    spec: GameSpec
    demo: bool
    clock: float  # seconds since the game's screen opened
    message: str  # the action bar's message
    message_is_error: bool
    rects: dict  # the screen's areas by name ("top", "board"...)
    # the other parts, which a part may ask (bots ask hints to wait; saves count hints)
    bots: Any
    hints: Any
    phones: Any
    saves: Any
    pace: Any  # a demo's pace, else None
    guide: Any  # a lesson's guide, else None
    board: Any  # the game's board (a hint's ghost is drawn there)
    buttons: list  # the action bar's buttons now
    picker: "Picker"  # what a person has picked, hovered, focused and typed

    @property
    def turns(self) -> "TurnLoop":
        """The rules of play (pygame-free)."""

    def in_lesson(self) -> bool:
        """A lesson's script still runs."""

    def commit(self, seat: int, move: Move) -> bool:
        """Play a seat's move (False, with the reason said, if refused)."""

    def say(self, text: str, error: bool = False) -> None:
        """A message in the action bar."""

    def refresh_buttons(self) -> None:
        """Work out the action bar's buttons again."""

    def close_handoff(self) -> None:
        """A hand-off closed from its menu: the game is public again."""

    def skip_animation(self) -> None:
        """Finish the countdown and any animation at once."""

    def restore(self, record: Record) -> None:
        """Put the game at the position after a record's entries."""

    def rewind_to(self, keep: int) -> None:
        """Put the game back to the position after its first `keep` entries."""

    def draw_agreed(self) -> None:
        """Both players agreed a draw."""

    def peek(self, seat: int, doing: str = "") -> None:
        """Show a seat its own secrets behind a hand-off."""

    def acknowledge(self) -> None:
        """The result held on screen has been seen: play goes on."""

    def rematch_setup(self) -> "GameSetup":
        """This game's setup for a rematch."""
