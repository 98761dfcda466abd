"""ErrorScene: the friendly screen shown after a scene failed; the app itself carries on."""
from __future__ import annotations

import pygame

from scenes.shell import theme as th
from scenes.shell.folders import show_folder
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel


class ErrorScene(Scene):
    """'Something went wrong': where the details were written, and a way back to the menu."""

    def __init__(self, app, details: list[str]) -> None:
        super().__init__(app)
        self.details = details
        buttons = [Button("Back to menu", "menu", hint="Enter")]
        if getattr(app, "log_path", None) is not None:
            buttons.append(Button("Show log", "log", hint="L"))
        self.group = ButtonGroup(buttons, self._choose, columns=len(buttons))
        self.group.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _choose(self, value: str) -> None:
        if value == "log":
            log_path = self.app.log_path  # the button shows only when there is a log
            problem = show_folder(log_path.parent) if log_path is not None else ""
            if problem:
                self.details = self.details + [problem]
            self.app.invalidate()
            return
        self.app.stack.reset(self.app.home_scene())

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel with the button at its foot."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(720))
        h = min(size[1] - theme.px(40), theme.px(360))
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        bw, bh, gap = theme.px(260), theme.px(64), theme.px(16)
        count = len(self.group.buttons)
        left = self.panel.centerx - (count * bw + (count - 1) * gap) // 2
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(left + i * (bw + gap), self.panel.bottom - bh - theme.px(24),
                                      bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons, L for the log, Enter or Escape."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and len(self.group.buttons) > 1:
            self._choose("log")
            return True
        return self.group.handle_with_escape(event, lambda: self._choose("menu"))

    def draw(self, surface: pygame.Surface) -> None:
        """The apology and what was done about it."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        draw_panel(surface, theme, self.panel)
        cx = self.panel.centerx
        theme.blit_text(surface, "Something went wrong", th.TITLE,
                        (cx, self.panel.top + theme.px(54)), th.WARNING, "center")
        y = self.panel.top + theme.px(104)
        for detail in self.details:
            for line in theme.wrap(detail, th.BODY, self.panel.width - theme.px(48)):
                theme.blit_text(surface, line, th.BODY, (cx, y), th.TEXT, "center")
                y += theme.px(27)
            y += theme.px(8)
        self.group.draw(surface, theme, th.LABEL)
