"""The kiosk's quick start: pick a game with one touch, then the computer or a friend with another.

Large targets and no typing: a visitor walking up to the demo is two touches from playing, with
the designers' rules as the options. The sixth card goes back to watching the demo.
"""
from __future__ import annotations

import pygame

from game.registry import GAMES
from scenes.play.parts.setup import GameSetup
from scenes.screens.parts.game_cards import GameCards
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_button, stack_rects

OPPONENT_CHOICES = (("bot:easy", "Play the computer: Easy", "gentle, good for learning"),
                    ("bot:medium", "Play the computer: Medium", "plays soundly"),
                    ("bot:hard", "Play the computer: Hard", "thinks longest, plays best"),
                    ("human", "Play a friend", "two players sharing this screen"))
PHONES_CHOICE = ("phones", "Play a friend, with phones", "secret choices on your own phones")


class QuickStartScene(GameCards):
    """Five game cards and 'Watch the demo'; a card leads to the choice of opponent."""

    def __init__(self, app) -> None:
        super().__init__(app)
        demo = self.group.buttons[-1]
        demo.label, demo.value, demo.hint = "Watch the demo", "demo", "Esc"

    def _choose(self, value: str) -> None:
        self.app.sound.play("click")
        if value in ("demo", "back"):
            self.go_back()
        else:
            self.app.stack.push(OpponentScene(self.app, value))

    def go_back(self) -> None:
        """Escape and Watch the demo: back to the demo."""
        kiosk = self.app.kiosk
        self.app.stack.reset(kiosk.demo_scene() if kiosk is not None else self.app.home_scene())

    def draw(self, surface: pygame.Surface) -> None:
        """The cards under a welcoming title."""
        super().draw(surface)
        theme = self.app.theme
        surface.fill(th.BACKGROUND, pygame.Rect(0, 0, surface.get_width(), theme.px(92)))
        theme.blit_text(surface, "Pick a game to play", th.TITLE,
                        (surface.get_width() // 2, theme.px(52)), th.TEXT, "center")


class OpponentScene(Scene):
    """Who to play one game against: the computer at a level, or a friend on this screen."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.spec = GAMES[game_id]
        choices = OPPONENT_CHOICES + ((PHONES_CHOICE,) if self.spec.secret_choices else ())
        self.group = ButtonGroup([Button(label, value, hint=hint)
                                  for value, label, hint in choices]
                                 + [Button("Back", "back", hint="Esc")], self._choose)
        self.group.focus = 1

    def _choose(self, value: str) -> None:
        self.app.sound.play("click")
        if value == "back":
            self.app.stack.pop()
            return
        friend = value in ("human", "phones")
        controllers = ("human", "human") if friend else ("human", value)
        self.app.reset("play", setup=GameSetup(self.spec.id, controllers=controllers,
                                               phones=value == "phones"))

    def layout(self, size: tuple[int, int]) -> None:
        """Big buttons, one above the other, under the game's name."""
        theme = self.app.theme
        w = min(size[0] - theme.px(60), theme.px(620))
        top, gap = theme.px(150), theme.px(16)
        count = len(self.group.buttons)
        height = min(theme.px(92), (size[1] - top - theme.px(24) - (count - 1) * gap) // count)
        area = pygame.Rect((size[0] - w) // 2, top, w, count * height + (count - 1) * gap)
        for button, rect in zip(self.group.buttons, stack_rects(area, count, height, gap)):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons by touch, mouse or arrows and Enter; Escape goes back to the games."""
        return self.group.handle_with_escape(event, lambda: self._choose("back"), modal=False)

    def draw(self, surface: pygame.Surface) -> None:
        """The game's name and pitch above the choices."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        cx = surface.get_width() // 2
        theme.blit_text(surface, self.spec.title, th.TITLE, (cx, theme.px(58)), th.ACCENT, "center")
        theme.blit_text(surface, self.spec.pitch, th.BODY, (cx, theme.px(108)), th.DIM, "center")
        for index, button in enumerate(self.group.buttons):  # big, for a finger on a kiosk:
            draw_button(surface, theme, button, **self.group.looks(index),  # their words too
                        size=th.LABEL * 1.25)
