"""ConfirmScene: a yes/no question drawn over the scene beneath."""
from __future__ import annotations

from typing import Callable

import pygame

from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel, draw_veil


class ConfirmScene(Scene):
    """A question with two buttons; the first runs `on_yes`, the second (and Escape) `on_no` if
    given; either closes the dialog."""

    opaque = False

    def __init__(self, app, title: str, question: str, yes: str, no: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title, self.question = title, question
        self.on_yes, self.on_no = on_yes, on_no
        self.group = ButtonGroup([Button(yes, True), Button(no, False)], self._choose, columns=2)
        self.group.focus = 1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []  # the question, wrapped to the panel

    def _choose(self, value: bool) -> None:
        self.app.stack.pop()
        if value:
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel with the buttons side by side."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(620))
        self.lines = theme.wrap(self.question, th.BODY, w - theme.px(40))
        # the title, the question's lines and the buttons, never less than the usual height
        h = min(size[1] - theme.px(20), max(theme.px(240), theme.px(92) + theme.px(100)
                                            + (len(self.lines) - 1) * theme.line(th.BODY)))
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        bw, bh = (w - theme.px(60)) // 2, theme.px(60)
        y = self.panel.bottom - bh - theme.px(20)
        self.group.buttons[0].rect = pygame.Rect(self.panel.left + theme.px(20), y, bw, bh)
        self.group.buttons[1].rect = pygame.Rect(self.panel.right - theme.px(20) - bw, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Escape says no."""
        return self.group.handle_with_escape(event, lambda: self._choose(False))

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is beneath and draw the question."""
        theme = self.app.theme
        draw_veil(surface, 150)
        draw_panel(surface, theme, self.panel)
        title_at = (self.panel.centerx, self.panel.top + theme.px(46))
        theme.blit_text(surface, self.title, th.HEADING * 1.25, title_at, th.TEXT, "center")
        lines = self.lines
        step = theme.line(th.BODY)
        top = self.panel.top + theme.px(92) - step // 2
        room = self.group.buttons[0].rect.top - theme.px(8) - top
        for i, line in enumerate(lines[:max(1, room // step)]):
            theme.blit_text(surface, line, th.BODY, (self.panel.centerx, top + i * step), th.DIM,
                            "midtop")
        self.group.draw(surface, theme, th.LABEL)
