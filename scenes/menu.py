"""The main menu (Play, Rules, Settings, Quit) and the in-game pause menu."""
from __future__ import annotations

import pygame

from scenes import theme as th
from scenes.scene import Scene
from scenes.widgets import Button, ButtonGroup, draw_panel, draw_veil, stack_rects


class MainMenu(Scene):
    """The first screen: the title and four big buttons."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = ButtonGroup([Button("Play", "play", hint="P"),
                                  Button("Rules", "rules", hint="R"),
                                  Button("Settings", "settings", hint="S"),
                                  Button("Quit", "quit", hint="Q")], self._choose)
        self.group.focus = 0

    def _choose(self, value: str) -> None:
        from scenes.rules_view import RulesScene
        from scenes.select import GameSelect
        from scenes.settings_view import SettingsScene
        self.app.sound.play("click")
        if value == "play":
            self.app.stack.push(GameSelect(self.app))
        elif value == "rules":
            self.app.stack.push(RulesScene(self.app))
        elif value == "settings":
            self.app.stack.push(SettingsScene(self.app))
        elif value == "quit":
            self.app.quit()

    def layout(self, size: tuple[int, int]) -> None:
        """Buttons centred below the title."""
        theme = self.app.theme
        w = min(theme.px(360), size[0] - theme.px(40))
        area = pygame.Rect((size[0] - w) // 2, int(size[1] * 0.36), w, int(size[1] * 0.56))
        for button, rect in zip(self.group.buttons,
                                stack_rects(area, 4, theme.px(72), theme.px(16))):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, or their initials."""
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_p: "play", pygame.K_r: "rules", pygame.K_s: "settings",
                        pygame.K_q: "quit"}.get(event.key)
            if shortcut:
                self._choose(shortcut)
                return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tagline, buttons and any notice (such as a settings file that was set aside)."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, "Quintet", 84, (w // 2, int(h * 0.16)), th.TEXT, "center")
        theme.blit_text(surface, "Five little games for two players, one screen", 24,
                        (w // 2, int(h * 0.16) + theme.px(62)), th.DIM, "center")
        draw_pips(surface, theme, (w // 2, int(h * 0.16) + theme.px(100)))
        self.group.draw(surface, theme, 30)
        notices = self.app.notices
        if notices:
            y = h - theme.px(12)
            for notice in reversed(notices[-3:]):
                for line in reversed(theme.wrap(notice, 17, w - theme.px(40))):
                    y -= theme.px(21)
                    theme.blit_text(surface, line, 17, (theme.px(20), y), th.WARNING)


def draw_pips(surface: pygame.Surface, theme: th.Theme, centre) -> None:
    """Five dots in the palette's colours: the app's small emblem."""
    colours = (th.ORANGE, th.SKY, th.GREEN, th.YELLOW, th.PURPLE)
    gap = theme.px(22)
    for i, colour in enumerate(colours):
        pygame.draw.circle(surface, colour, (centre[0] + (i - 2) * gap, centre[1]), theme.px(7))


class PauseScene(Scene):
    """Over a game: Resume, Rules, Settings, or leave to the menu."""

    opaque = False

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.group = ButtonGroup([Button("Resume", "resume", hint="Esc"),
                                  Button("Rules of this game", "rules"),
                                  Button("Settings", "settings"),
                                  Button("Leave to menu", "menu")], self._choose)
        self.group.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _choose(self, value: str) -> None:
        from scenes.rules_view import RulesScene
        from scenes.settings_view import SettingsScene
        if value == "resume":
            self.app.stack.pop()
        elif value == "rules":
            game_id = self.play.spec.id if self.play else None
            self.app.stack.push(RulesScene(self.app, game_id))
        elif value == "settings":
            self.app.stack.push(SettingsScene(self.app))
        elif value == "menu":
            self.app.stack.reset(self.app.home_scene())

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel of buttons."""
        theme = self.app.theme
        w = min(theme.px(420), size[0] - theme.px(40))
        h = theme.px(4 * 64 + 3 * 14 + 110)
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        area = self.panel.inflate(-theme.px(40), -theme.px(40)).move(0, theme.px(30))
        area.height -= theme.px(30)
        for button, rect in zip(self.group.buttons,
                                stack_rects(area, 4, theme.px(64), theme.px(14))):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Escape resumes."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return True
        self.group.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game and show the menu."""
        theme = self.app.theme
        draw_veil(surface, 160)
        draw_panel(surface, theme, self.panel)
        theme.blit_text(surface, "Paused", 34, (self.panel.centerx, self.panel.top + theme.px(40)),
                        th.TEXT, "center")
        self.group.draw(surface, theme, 24)
