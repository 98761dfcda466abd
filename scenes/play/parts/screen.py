"""PlayScreen: what the play screen's own pieces (its drawing, keys, buttons and input) read of
it. The parts (bots, hints, saves, undo, phones) see only the smaller PlayHost."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core import State
from scenes.boards.base import View
from scenes.play.parts.contract import PlayHost

if TYPE_CHECKING:
    from scenes.play.parts.lesson_guide import LessonGuide
    from scenes.play.parts.play_bots import PlayBots
    from scenes.play.parts.play_hints import PlayHints
    from scenes.play.parts.play_phones import PlayPhones
    from scenes.play.parts.play_saves import PlaySaves
    from scenes.play.parts.play_undo import PlayUndo


class PlayScreen(PlayHost, Protocol):
    """The play screen as its drawing, keys, buttons and input see it."""

    rects: dict[str, pygame.Rect]  # the screen's areas by name ("top", "board"...)
    guide: "LessonGuide | None"  # a lesson's guide, else None
    bots: "PlayBots"
    hints: "PlayHints"
    phones: "PlayPhones"
    saves: "PlaySaves"
    undo: "PlayUndo"

    def view(self) -> View[State]:
        """What the board draws this frame."""

    def players_line(self) -> str:
        """Who plays which seat, when the computer plays."""

    def prompt_words(self, state: State, seat: int) -> str:
        """The top bar's request to the chooser."""

    def lesson_spot(self) -> object | None:
        """The spot or button a lesson asks to be picked next."""

    def leave_lesson(self) -> None:
        """Leave a lesson for the screen it was started from."""
