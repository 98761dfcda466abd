"""The main menu (Play, Rules, Settings, Quit) and the in-game pause menu."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel, draw_veil, stack_rects
from scenes.store.storage import has_saved_games

if TYPE_CHECKING:  # the App runs screens and never imports them
    from scenes.shell.app import App

TAGLINE = th.BODY * 1.4  # the line under the app's name: running words, large under DISPLAY


class MainMenu(Scene):
    """The first screen: the title, Continue (when a game is saved) and the big buttons."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saved = None
        self.rows = [[Button("Play", "play", hint="P")],
                     [Button("Records", "records", hint="E"), Button("Stats", "stats", hint="T")],
                     [Button("Rules", "rules", hint="R"), Button("Settings", "settings", hint="S")],
                     [Button("Quit", "quit", hint="Q")]]
        if has_saved_games(app.data.root):  # a look at names only: Continue's place is kept
            self.rows.insert(0, [Button("Continue", "continue", enabled=False,
                                        hint="reading your saved game...")])
        self.group = ButtonGroup([b for row in self.rows for b in row], self._choose)
        self.group.focus = 0
        # the saves are read by the app's disk writer, after any save still being written, so
        # the frame never waits on reading them and Continue offers the newest, once read
        app.keeper.find_latest(self._found_latest)

    def _continue_button(self) -> Button | None:
        return next((b for b in self.rows[0] if b.value == "continue"), None)

    def _found_latest(self, saved, messages: list[str]) -> None:
        """On the frame loop: the game Continue resumes (None: there is none) has been read."""
        self.app.notices.extend(messages)
        self.saved = saved
        button = self._continue_button()
        if saved is not None:
            if button is None:  # saved since the menu looked: Continue takes the focus
                button = Button("Continue", "continue")
                self.rows.insert(0, [button])
                self._regroup(0 if self.group.focus in (0, None) else self.group.focus + 1)
            button.enabled, button.hint = True, f"{saved.describe()}  (C)"
        elif button is not None:  # every save was finished or damaged: no Continue after all
            self.rows.pop(0)
            self._regroup(0 if not self.group.focus else self.group.focus - 1)
        self.redraw()  # under a game, nothing: it is drawn again when uncovered

    def _regroup(self, focus: int) -> None:
        """The buttons again after a row came or went, laid out for the window."""
        self.group = ButtonGroup([b for row in self.rows for b in row], self._choose)
        self.group.focus = focus
        self.layout(self.app.screen.get_size())

    def _choose(self, value: str) -> None:
        self.app.sound.play("click")
        if value == "continue":
            self.continue_game()
        elif value == "play":
            self.app.go("select")
        elif value in ("records", "stats", "rules", "settings"):
            self.app.go(value)
        elif value == "quit":
            self.app.quit()

    def continue_game(self) -> None:
        """Resume the latest saved game (read again: it may have changed since the menu opened)."""
        from scenes.store.storage import FileProblem
        if self.saved is None:
            return
        folder = self.app.data.saves()
        try:
            saved = folder.read(folder.path_for(self.saved.id))
        except FileProblem as problem:
            self.app.notices.append(folder.keep_bad(problem))
            self.app.stack.replace(MainMenu(self.app))
            return
        self.app.go("continue", saved=saved)

    def layout(self, size: tuple[int, int]) -> None:
        """Rows of buttons centred below the title (two to a row in the middle rows)."""
        theme = self.app.theme
        w = min(max(theme.px(400), 340), size[0] - theme.px(40))  # room for Continue's line
        gap = theme.px(14)
        top = int(size[1] * 0.16) + theme.px(128)
        room = size[1] - top - theme.px(20) - self._notice_height(size)
        height = max(theme.px(40), min(theme.px(68), (room - gap * (len(self.rows) - 1))
                                       // len(self.rows)))
        left = (size[0] - w) // 2
        for r, row in enumerate(self.rows):
            cell = (w - gap * (len(row) - 1)) // len(row)
            for c, button in enumerate(row):
                button.rect = pygame.Rect(left + c * (cell + gap), top + r * (height + gap),
                                          cell, height)

    def _notice_lines(self, width: int) -> list[str]:
        theme = self.app.theme
        lines: list[str] = []
        for notice in self.app.notices[-3:]:
            lines += theme.wrap(notice, th.BODY, width - theme.px(40))
        return lines

    def _notice_height(self, size: tuple[int, int]) -> int:
        lines = self._notice_lines(size[0])
        return len(lines) * self._notice_step() + (self.app.theme.px(8) if lines else 0)

    def _notice_step(self) -> int:
        """The height of a notice's line."""
        return max(self.app.theme.px(21), self.app.theme.line(th.BODY))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, or their initials."""
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_p: "play", pygame.K_r: "rules", pygame.K_s: "settings",
                        pygame.K_q: "quit", pygame.K_e: "records", pygame.K_t: "stats",
                        pygame.K_c: "continue"}.get(event.key)
            if shortcut:
                self._choose(shortcut)
                return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tagline, buttons and any notice (such as a file that was set aside)."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, "Quintet", th.DISPLAY, (w // 2, int(h * 0.16)), th.TEXT, "center")
        theme.blit_text(surface, "Five little games for two players, one screen", TAGLINE,
                        (w // 2, int(h * 0.16) + theme.px(62)), th.DIM, "center")
        draw_pips(surface, theme, (w // 2, int(h * 0.16) + theme.px(100)))
        self.group.draw(surface, theme, th.LABEL * 1.25)  # big buttons: the first choice
        y = h - theme.px(12)
        for line in reversed(self._notice_lines(w)):
            y -= self._notice_step()
            theme.blit_text(surface, line, th.BODY, (theme.px(20), y), th.WARNING)


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
        buttons = [Button("Resume", "resume", hint="Esc")]
        if play is not None and play.undo.offered():
            buttons.append(Button("Undo last move", "undo", hint="Ctrl+Z"))
        if play is not None and play.phones.offered():
            buttons.append(Button("Play with phones", "phones", hint="no more hand-offs"))
        self.leave = Button("Leave to menu", "menu", hint=self._saved_words())
        buttons += [Button("Rules of this game", "rules"), Button("Settings", "settings"),
                    self.leave]
        self.group = ButtonGroup(buttons, self._choose)
        self.group.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _choose(self, value: str) -> None:
        if value == "resume":
            self.app.stack.pop()
        elif value == "undo":
            self.app.stack.pop()
            self.play.undo.request()
        elif value == "phones":  # over a hand-off: it goes too, nothing is passed any more
            self.app.stack.pop()
            if self.play.turns.handoff_open:
                self.app.stack.pop()
            self.play.use_phones()
            self.app.go("phones", play=self.play)
        elif value == "rules":
            game_id = self.play.spec.id if self.play else None
            self.app.go("rules", game_id=game_id)
        elif value == "settings":
            self.app.go("settings")
        elif value == "menu":
            self.app.stack.reset(self.app.home_scene())

    def _saved_words(self) -> str:
        """Whether the game is saved, as true as the disk writer knows it now."""
        play = self.play
        return "" if play is None or play.turns.setup.demo else play.saves.status_words()

    def update(self, dt: float) -> None:
        """Keep the Leave to menu line true: saving, saved, or not saved and why."""
        words = self._saved_words()
        if words != self.leave.hint:
            self.leave.hint = words
            self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel of buttons."""
        theme = self.app.theme
        w = min(theme.px(420), size[0] - theme.px(40))
        count = len(self.group.buttons)
        h = theme.px(count * 64 + (count - 1) * 14 + 110)
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        area = self.panel.inflate(-theme.px(40), -theme.px(40)).move(0, theme.px(30))
        area.height -= theme.px(30)
        for button, rect in zip(self.group.buttons,
                                stack_rects(area, count, theme.px(64), theme.px(14))):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons; Escape resumes."""
        return self.group.handle_with_escape(event, self.app.stack.pop)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game and show the menu; over a hand-off, hide it whole (slivers of its words
        and button would peek out beside the panel, saying nothing)."""
        theme = self.app.theme
        if self.play is not None and self.play.turns.handoff_open:
            surface.fill(th.shade(th.BACKGROUND, 0.4))
        else:
            draw_veil(surface, 160)
        draw_panel(surface, theme, self.panel)
        theme.blit_text(surface, "Paused", th.TITLE,
                        (self.panel.centerx, self.panel.top + theme.px(40)),
                        th.TEXT, "center")
        self.group.draw(surface, theme, th.LABEL)
