"""StillPlayingScene: "Still playing?" over a visitor's idle screen, counting down to the demo.

The kiosk shows it for its last STILL_SECONDS of idle time. The screen beneath waits (only the
top scene runs); any touch, click, key or mouse movement keeps the game and closes this, without
reaching the game. At zero the kiosk brings the demo back.
"""
from __future__ import annotations

import math

import pygame

from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel, draw_veil

KEEP_EVENTS = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN,
                         pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.TEXTINPUT,
                         pygame.JOYBUTTONDOWN})


class StillPlayingScene(Scene):
    """A countdown card over the idle screen; any input keeps playing."""

    opaque = False

    def __init__(self, app, kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.group = ButtonGroup([Button("Keep playing", "keep", hint="any key")],
                                 lambda _: self.keep())
        self.group.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shown = -1  # the whole seconds drawn last
        self.closed = False  # (a click is three events in one frame: close once)

    def seconds_left(self) -> int:
        """Whole seconds until the demo comes back."""
        return max(0, math.ceil(self.kiosk.idle_seconds - self.kiosk.idle))

    def keep(self) -> None:
        """The visitor is still here: back to their screen."""
        self.kiosk.idle = 0.0
        if not self.closed:
            self.closed = True
            self.app.stack.pop()
        self.app.invalidate()

    def update(self, dt: float) -> None:
        """Redraw as the seconds count down; close if the kiosk saw input meanwhile."""
        if not self.kiosk.warning_due() and not self.closed:
            self.keep()
            return
        if self.seconds_left() != self.shown:
            self.shown = self.seconds_left()
            self.app.invalidate(self.panel)

    def layout(self, size: tuple[int, int]) -> None:
        """A centred card with its button."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(620))
        h = min(size[1] - theme.px(20), theme.px(270))
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        bw, bh = min(w - theme.px(40), theme.px(300)), theme.px(64)
        self.group.buttons[0].rect = pygame.Rect(self.panel.centerx - bw // 2,
                                                 self.panel.bottom - bh - theme.px(22), bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any input keeps playing; nothing reaches the screen beneath."""
        if event.type in KEEP_EVENTS:
            self.keep()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen beneath; the question, the seconds left and the button."""
        theme = self.app.theme
        draw_veil(surface, 170)
        draw_panel(surface, theme, self.panel)
        x = self.panel.centerx
        theme.blit_text(surface, "Still playing?", th.TITLE, (x, self.panel.top + theme.px(46)),
                        th.ACCENT, "center")
        left = self.seconds_left()
        unit = "second" if left == 1 else "seconds"
        # a kiosk's running words, read from a step away: two steps up the scale
        theme.blit_text(surface, f"The demo comes back in {left} {unit}.", th.BODY * 1.25,
                        (x, self.panel.top + theme.px(100)), th.TEXT, "center")
        theme.blit_text(surface, "Touch the screen or press any key to keep playing.", th.BODY,
                        (x, self.panel.top + theme.px(136)), th.DIM, "center")
        self.group.draw(surface, theme, th.LABEL)
