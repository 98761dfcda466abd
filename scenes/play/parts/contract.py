"""PlayHost: the small interface the play screen's parts (bots, phones, hints, undo, saves)
reach the screen through.

A part reads and changes the game through the turn loop itself (`turns`: who chooses, is it
busy, skip, take back, close a hand-off); the loop's outbox tells the screen what changed, so a
part never asks the screen to redraw or to forget a plan. Through the host a part hands a move
over (`commit`: the one legality check, a click's too), says something (`status`), and asks for
what only the screen can do: open a private look, go on after a result, rebuild its buttons.
Parts that need each other are handed each other when the screen is built (bots get the saves,
hints get the bots), never reached through the host.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.core import Move, State
from game.spec import GameSpec

if TYPE_CHECKING:
    from scenes.boards.base import Board
    from scenes.play.parts.picker import Picker
    from scenes.play.parts.setup import GameSetup
    from scenes.play.parts.status import StatusLine
    from scenes.play.parts.turns import TurnLoop
    from scenes.shell.app import App
    from scenes.shell.widgets import Button


class PlayHost(Protocol):
    """What a play part may ask of the play screen."""

    app: "App"  # the shell: the bots' worker, settings, sounds, screens by name
    spec: GameSpec
    turns: "TurnLoop"  # the rules of play (pygame-free)
    board: "Board[State]"  # the game's board (a hint's ghost is drawn there)
    picker: "Picker"  # what a person has picked, hovered, focused and typed
    status: "StatusLine"  # the action bar's message
    buttons: "list[Button]"  # the action bar's buttons now

    def commit(self, seat: int, move: Move) -> bool:
        """Play a seat's move (False, with the reason said, if refused)."""

    def refresh_buttons(self) -> None:
        """Work out the action bar's buttons again."""

    def peek(self, seat: int, doing: str = "") -> None:
        """Show a seat its own secrets behind a hand-off."""

    def acknowledge(self) -> None:
        """The result held on screen has been seen: play goes on."""

    def rematch_setup(self) -> "GameSetup":
        """This game's setup for a rematch."""
