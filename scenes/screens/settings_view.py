"""The settings screen: volume, mute, animation speed, fullscreen, kiosk; saved on every change."""
from __future__ import annotations

import pygame

from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.about import quintet_version
from scenes.shell.widgets import Button, ButtonGroup, draw_button, stack_rects
from scenes.store.settings import IDLE_SECONDS, SPEEDS


class SettingsScene(Scene):
    """One row per setting: click or Enter changes it, Left/Right steps it."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = ButtonGroup([Button("", "volume"), Button("", "muted"),
                                  Button("", "speed"), Button("", "fullscreen"),
                                  Button("", "kiosk"), Button("", "idle"),
                                  Button("Back", "back", hint="Esc")], lambda v: self.change(v, 1))
        self.group.focus = 0
        self.version = quintet_version()
        if app.kiosk is not None:  # a visitor may not unlock the kiosk from here
            for button in self.group.buttons:
                button.enabled = button.value not in ("fullscreen", "kiosk", "idle")

    def change(self, name: str, step: int) -> None:
        """Step one setting and save."""
        settings = self.app.settings
        if name == "back":
            self.app.stack.pop()
            return
        if name == "volume":
            settings.volume = ((round(settings.volume * 10) + step) % 11) / 10  # 0..100% wraps
        elif name == "muted":
            settings.muted = not settings.muted
        elif name == "speed":
            index = SPEEDS.index(settings.animation_speed) if settings.animation_speed in SPEEDS \
                else 1
            settings.animation_speed = SPEEDS[(index + step) % len(SPEEDS)]
        elif name == "fullscreen":
            settings.fullscreen = not settings.fullscreen
            self.app.apply_display_mode()
        elif name == "kiosk":
            settings.kiosk = not settings.kiosk
        elif name == "idle":
            index = IDLE_SECONDS.index(settings.kiosk_idle_seconds) \
                if settings.kiosk_idle_seconds in IDLE_SECONDS else 2
            settings.kiosk_idle_seconds = IDLE_SECONDS[(index + step) % len(IDLE_SECONDS)]
        self.app.settings_changed()
        self.app.sound.play("select")

    def layout(self, size: tuple[int, int]) -> None:
        """Rows centred."""
        theme = self.app.theme
        w = min(theme.px(560), size[0] - theme.px(40))
        area = pygame.Rect((size[0] - w) // 2, theme.px(110), w, size[1] - theme.px(140))
        count = len(self.group.buttons)
        for button, rect in zip(self.group.buttons, stack_rects(area, count, theme.px(60),
                                                                 theme.px(12))):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/Right step the focused setting; Escape goes back."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return True
            focus = self.group.focus
            rows = len(self.group.buttons) - 1
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focus is not None \
                    and focus < rows and self.group.buttons[focus].enabled:
                self.change(self.group.buttons[focus].value,
                            1 if event.key == pygame.K_RIGHT else -1)
                return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The settings with their values."""
        theme = self.app.theme
        settings = self.app.settings
        labels = {
            "volume": f"Volume: {round(settings.volume * 100)}%",
            "muted": f"Sound: {'off' if settings.muted else 'on'}",
            "speed": f"Animation speed: {settings.animation_speed:g}x",
            "fullscreen": f"Fullscreen: {'on' if settings.fullscreen else 'off'}  (F11)",
            "kiosk": f"Start as a kiosk demo: {'yes' if settings.kiosk else 'no'}",
            "idle": f"Kiosk: back to the demo after {settings.kiosk_idle_seconds:g} s idle",
        }
        for button in self.group.buttons:
            if button.value in labels:
                button.label = labels[button.value]
                button.hint = "Left/Right" if button.value in ("volume", "speed", "idle") \
                    else "Enter"
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "Settings", 40, (surface.get_width() // 2, theme.px(56)),
                        th.TEXT, "center")
        for index, button in enumerate(self.group.buttons):
            draw_button(surface, theme, button, **self.group.looks(index), size=24)
        centre = surface.get_width() // 2
        theme.blit_text(surface, f"Quintet {self.version}", 19,
                        (centre, surface.get_height() - theme.px(40)), th.DIM, "midbottom")
        theme.blit_text(surface, "Saved in your Quintet settings folder for next time", 15,
                        (centre, surface.get_height() - theme.px(16)), th.DIM, "midbottom")
