"""The hand-off screen: opaque, it hides the board until the named player confirms."""
from __future__ import annotations

from typing import Callable

import pygame

from game.words import handoff as says
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup


class HandoffScene(Scene):
    """'Pass to <name>': nothing of the game shows until that player clicks or presses Enter.
    A peek (a player's own look at their secret, or a hint that may use it) is asked for by
    the player already at the screen: it says 'For <name>'s eyes only' instead."""

    opaque = True

    def __init__(self, app, name: str, on_ready: Callable[[], None], play,
                 peek: bool = False, doing: str = "") -> None:
        super().__init__(app)
        self.name = name
        self.peek = peek  # a look at the player's own secret, not a choice
        self.doing = doing or says.doing(peek)
        self.on_ready = on_ready
        self.play = play  # the game it hides, whose pause menu Escape opens
        self.group = ButtonGroup([Button(says.show_me(name), "ready", hint="Enter")],
                                 self._choose)
        self.group.focus = 0
        self.done = False

    def _choose(self, value) -> None:
        self.ready()

    def ready(self) -> None:
        """The named player has the screen: show them their choice (once)."""
        if not self.done:
            self.done = True
            self.app.stack.pop()
            self.on_ready()

    def layout(self, size: tuple[int, int]) -> None:
        """Centre the confirm button."""
        theme = self.app.theme
        width, height = size
        w, h = theme.px(420), theme.px(72)
        self.group.buttons[0].rect = pygame.Rect((width - w) // 2, height // 2 + theme.px(70), w, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter, Space or a click on the button confirms; Escape opens the menu."""
        return self.group.handle_with_escape(event, self._open_menu)

    def _open_menu(self) -> None:
        self.app.go("pause", play=self.play)

    def title(self) -> str:
        """What the screen asks: pass it on, or (a peek) keep it to the player who asked."""
        return says.title(self.name, self.peek)

    def draw(self, surface: pygame.Surface) -> None:
        """An opaque screen with the next player's name."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, says.SCREEN_HIDDEN, th.HEADING, (w // 2, h // 2 - theme.px(120)),
                        th.DIM, "center")
        # the screen's name, larger than a title: read from across the table as it is passed
        theme.blit_text(surface, self.title(), th.TITLE * 1.6, (w // 2, h // 2 - theme.px(50)),
                        th.ACCENT, "center")
        # running words two steps up the scale: read from across the table, as the title is
        theme.blit_text(surface, says.look_away(self.name, self.doing),
                        th.BODY * 1.25, (w // 2, h // 2 + theme.px(20)), th.TEXT, "center")
        self.group.draw(surface, theme, th.LABEL)
