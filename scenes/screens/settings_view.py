"""The settings screen: volume, sound, animation speed, fullscreen, kiosk, frame rate; saved on
every change.

Yes/no settings are switches (a click, Enter or Space flips one; Left turns it off, Right on);
settings with a range are steppers with - and + (Left/Right step them) that stop at their ends.
"""
from __future__ import annotations

import pygame

from scenes.shell import theme as th
from scenes.shell.about import quintet_version
from scenes.shell.scene import Scene
from scenes.shell.widgets import (
    Button,
    ButtonGroup,
    draw_button,
    draw_button_frame,
    draw_step,
    stack_rects,
)
from scenes.store.settings import FRAME_RATES, IDLE_SECONDS, SPEEDS, Settings

SWITCHES = ("sound", "fullscreen", "notation", "kiosk")  # yes/no settings
STEPPERS = ("volume", "speed", "idle", "fps")  # settings with a range
LABELS = {"volume": "Volume", "sound": "Sound", "speed": "Animation speed",
          "fullscreen": "Fullscreen (F11)", "notation": "Move log in notation",
          "kiosk": "Start as a kiosk demo",
          "idle": "Kiosk: back to the demo after", "fps": "Frames a second, at most"}
KIOSK_KEEPERS = ("fullscreen", "kiosk", "idle", "fps")  # rows a kiosk's visitor may not change
# a range setting's values offered, its attribute, and the index shown for a value not offered
RANGES = {"speed": (SPEEDS, "animation_speed", 1),
          "idle": (IDLE_SECONDS, "kiosk_idle_seconds", 2),
          "fps": (FRAME_RATES, "frame_rate", 1)}
VOLUME_STEPS = 10  # volume moves in tenths


def switched_on(settings: Settings, name: str) -> bool:
    """Whether a yes/no setting is on."""
    return {"sound": not settings.muted, "fullscreen": settings.fullscreen,
            "notation": settings.notation, "kiosk": settings.kiosk}[name]


def step_index(values: tuple, value, fallback: int) -> int:
    """Where a value stands among the values offered (the fallback if it is not one of them)."""
    return values.index(value) if value in values else fallback


def stepped(settings: Settings, name: str, step: int) -> bool:
    """Move a range setting one step up or down, stopping at its ends; True if it moved."""
    if name == "volume":
        tenths = round(settings.volume * VOLUME_STEPS)
        value = max(0, min(VOLUME_STEPS, tenths + step)) / VOLUME_STEPS
        moved, settings.volume = value != settings.volume, value
        return moved
    values, attribute, fallback = RANGES[name]
    index = step_index(values, getattr(settings, attribute), fallback)
    value = values[max(0, min(len(values) - 1, index + step))]
    moved = value != getattr(settings, attribute)
    setattr(settings, attribute, value)
    return moved


def at_end(settings: Settings, name: str, step: int) -> bool:
    """True when a range setting cannot go further this way."""
    if name == "volume":
        tenths = round(settings.volume * VOLUME_STEPS)
        return tenths <= 0 if step < 0 else tenths >= VOLUME_STEPS
    values, attribute, _ = RANGES[name]
    value = getattr(settings, attribute)
    if value not in values:
        return False
    return value == (values[0] if step < 0 else values[-1])


def value_text(settings: Settings, name: str) -> str:
    """A range setting's value as shown."""
    if name == "volume":
        return f"{round(settings.volume * 100)}%"
    if name == "speed":
        return f"{settings.animation_speed:g}x"
    if name == "fps":
        return f"{settings.frame_rate:g}"
    return f"{settings.kiosk_idle_seconds:g} s idle"


class SettingsScene(Scene):
    """One row per setting: switches flip, steppers step; Back."""

    def __init__(self, app) -> None:
        super().__init__(app)
        names = ("volume", "sound", "speed", "fullscreen", "notation", "kiosk", "idle", "fps")
        self.group = ButtonGroup([Button(LABELS[name], name) for name in names]
                                 + [Button("Back", "back", hint="Esc"),
                                    Button("About", "about", hint="A")], self._choose)
        self.group.focus = 0
        self.version = quintet_version()
        self.parts: dict[str, dict[str, pygame.Rect]] = {}  # each row's switch, or - and +
        self.mouse = (-1, -1)
        if self.app.kiosk is not None:  # a visitor may not unlock the kiosk from here
            for button in self.group.buttons:
                button.enabled = button.value not in KIOSK_KEEPERS

    def _choose(self, name: str) -> None:
        """A click or Enter on a row: a switch flips; a stepper's row only takes the focus."""
        if name == "back":
            self.app.stack.pop()
        elif name == "about":  # the version and the licences, Quintet's and the libraries'
            self.app.go("about")
        elif name in SWITCHES:
            self.switch(name, not switched_on(self.app.settings, name))

    def switch(self, name: str, on: bool) -> None:
        """Turn a yes/no setting on or off, and save."""
        settings = self.app.settings
        if switched_on(settings, name) == on:
            return
        if name == "sound":
            settings.muted = not on
        elif name == "fullscreen":
            settings.fullscreen = on
            self.app.apply_display_mode()
        elif name == "notation":
            settings.notation = on
        elif name == "kiosk":
            settings.kiosk = on
        self._saved()

    def step(self, name: str, step: int) -> None:
        """Step a range setting and save (nothing at its end but a sound saying so)."""
        if stepped(self.app.settings, name, step):
            self._saved()
        else:
            self.app.sound.play("deny")

    def _saved(self) -> None:
        self.app.settings_changed()
        self.app.sound.play("select")
        self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """Rows centred; each row's control at its right end."""
        theme = self.app.theme
        w = min(theme.px(640), size[0] - theme.px(40))
        ring = th.reach(theme) + theme.px(2)  # the rows' focus rings stay off the words
        top = theme.px(84) + theme.line(th.CAPTION) // 2 + ring
        bottom = size[1] - theme.px(36) - theme.line(th.CAPTION) - ring
        area = pygame.Rect((size[0] - w) // 2, top, w, bottom - top)
        rows = [b for b in self.group.buttons if b.value != "about"]
        gap = theme.px(12)
        height = min(theme.px(60), (area.height - gap * (len(rows) - 1)) // len(rows))
        rects = stack_rects(area, len(rows), height, gap)
        about = self._button("about")  # in the corner, beside the version at the foot
        about.rect = pygame.Rect(0, 0, theme.px(132), theme.px(52))
        about.rect.bottomright = (size[0] - theme.px(16), size[1] - theme.px(12))
        self.parts = {}
        for button, rect in zip(rows, rects):
            button.rect = rect
            pad = theme.px(16)
            box = pygame.Rect(0, 0, theme.px(44), rect.height - theme.px(18))
            if button.value in SWITCHES:
                switch = pygame.Rect(0, 0, theme.px(76), box.height)
                switch.midright = (rect.right - pad, rect.centery)
                self.parts[button.value] = {"switch": switch}
            elif button.value in STEPPERS:
                plus = box.copy()
                plus.midright = (rect.right - pad, rect.centery)
                minus = box.copy()
                minus.midright = (plus.left - theme.px(150), rect.centery)
                self.parts[button.value] = {"minus": minus, "plus": plus}

    def _part_at(self, pos) -> tuple[str, str] | None:
        for name, parts in self.parts.items():
            for part, rect in parts.items():
                if rect.collidepoint(pos) and self._button(name).enabled:
                    return name, part
        return None

    def _button(self, name: str) -> Button:
        return next(b for b in self.group.buttons if b.value == name)

    def hover_key(self):
        """The row and the part of it under the mouse."""
        return self.group.hover, self._part_at(self.mouse)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """- and + step; Left/Right step a stepper or set a switch; Escape goes back."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            part = self._part_at(event.pos)
            if part is not None and part[1] in ("minus", "plus"):
                self.group.focus = self.group.buttons.index(self._button(part[0]))
                self.step(part[0], -1 if part[1] == "minus" else 1)
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return True
            if event.key == pygame.K_a:
                self._choose("about")
                return True
            focus = self.group.focus
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focus is not None:
                button = self.group.buttons[focus]
                right = event.key == pygame.K_RIGHT
                if button.enabled and button.value in STEPPERS:
                    self.step(button.value, 1 if right else -1)
                elif button.enabled and button.value in SWITCHES:
                    self.switch(button.value, right)
                return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The settings with their values."""
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "Settings", th.TITLE, (w // 2, theme.px(50)), th.TEXT, "center")
        theme.blit_text(surface, "Up/Down: choose a row · Left/Right: change it · Enter or a "
                        "click: switch on or off", th.CAPTION, (w // 2, theme.px(84)), th.DIM,
                        "center")
        for index, button in enumerate(self.group.buttons):
            looks = self.group.looks(index)
            if button.value in ("back", "about"):
                draw_button(surface, theme, button, **looks,  # Back a step larger than About
                            size=th.LABEL * (1.1 if button.value == "back" else 0.9))
                continue
            draw_button_frame(surface, theme, button, **looks)
            colour = th.TEXT if button.enabled else th.DIM
            theme.blit_text(surface, button.label, th.LABEL,
                            (button.rect.left + theme.px(20), button.rect.centery), colour,
                            "midleft")
            if button.value in SWITCHES:
                self._draw_switch(surface, button)
            else:
                self._draw_stepper(surface, button)
        theme.blit_text(surface, f"Quintet {self.version}", th.CAPTION, (w // 2, h - theme.px(36)),
                        th.DIM, "midbottom")
        theme.blit_text(surface, "Saved in your Quintet settings folder for next time", th.CAPTION,
                        (w // 2, h - theme.px(12)), th.DIM, "midbottom")

    def _draw_switch(self, surface: pygame.Surface, button: Button) -> None:
        """A switch: its knob at the right and lit when on; the word beside it says which."""
        theme = self.app.theme
        rect = self.parts[button.value]["switch"]
        on = switched_on(self.app.settings, button.value)
        live = button.enabled
        track = th.GREEN if on and live else th.shade(th.PANEL_EDGE, 1.1)
        radius = rect.height // 2
        pygame.draw.rect(surface, track, rect, border_radius=radius)
        th.draw_choice(surface, theme, th.Rounded(rect, radius), legal=False,
                       hovered=self._part_at(self.mouse) == (button.value, "switch"))
        knob = (rect.right - radius if on else rect.left + radius, rect.centery)
        pygame.draw.circle(surface, th.TEXT if live else th.DIM, knob, radius - theme.px(4))
        # the word in full white while the row is live (grey "Off" on a row's fill read at
        # 2.4:1): the track's green and the knob's side tell On from Off at a glance
        theme.blit_text(surface, "On" if on else "Off", th.LABEL,
                        (rect.left - theme.px(12), rect.centery),
                        th.TEXT if live else th.DIM, "midright")

    def _draw_stepper(self, surface: pygame.Surface, button: Button) -> None:
        """- value +: a side at its end is dimmed."""
        theme = self.app.theme
        parts = self.parts[button.value]
        settings = self.app.settings
        hovered = self._part_at(self.mouse)
        for part, sign, step in (("minus", "\u2212", -1), ("plus", "+", 1)):  # a minus sign
            rect = parts[part]
            live = button.enabled and not at_end(settings, button.value, step)
            draw_step(surface, theme, rect, sign, live=live,
                      hovered=hovered == (button.value, part))
        middle = (parts["minus"].right + parts["plus"].left) // 2
        theme.blit_text(surface, value_text(settings, button.value), th.NUMBER,
                        (middle, button.rect.centery), th.TEXT if button.enabled else th.DIM,
                        "center")
