"""About Quintet (from Settings): the version, the licences in a line, and two texts to read:
Quintet's LICENSE and THIRD_PARTY_NOTICES (every library a packaged build bundles, with its
licence text), scrolled with the wheel, the arrows, Page Up/Down, Home/End or the scrollbar."""
from __future__ import annotations

import textwrap

import pygame

from scenes.shell import theme as th
from scenes.shell.about import LICENCE_SUMMARY, licence_text, notices_text, quintet_version
from scenes.shell.scene import Scene
from scenes.shell.widgets import (Button, ButtonGroup, draw_button, draw_panel, draw_scrollbar,
                                  scroll_at)

TEXT_SIZE = th.CAPTION  # the licences' long texts: small print
TABS = ("licence", "notices")
TAB_LABELS = {"licence": "Licence", "notices": "Third-party notices"}
MISSING = {
    "licence": "Quintet's LICENSE could not be found beside the app. Quintet is under the MIT "
               "licence.",
    "notices": "THIRD_PARTY_NOTICES comes with the packaged builds (and a checkout of the "
               "source). Installed with pip, Quintet uses Python, pygame-ce, websockets, qrcode "
               "and platformdirs as installed, and each of them carries its own licence.",
}


def wrap_columns(text: str, columns: int) -> list[str]:
    """Text cut into lines of at most `columns` characters (words kept whole where they fit;
    a blank line stays blank)."""
    lines: list[str] = []
    for line in text.expandtabs(4).splitlines():
        lines += textwrap.wrap(line, columns, subsequent_indent=" " * min(4, len(line) -
                                                                           len(line.lstrip())),
                               drop_whitespace=True) or [""]
    return lines


class AboutScene(Scene):
    """Two tabs (Quintet's licence, the third-party notices) over a scrolled text; Back."""

    def __init__(self, app, tab: str = "licence") -> None:
        super().__init__(app)
        self.texts = {"licence": licence_text(), "notices": notices_text()}
        self.tab = tab
        self.group = ButtonGroup([Button(TAB_LABELS[t], t) for t in TABS]
                                 + [Button("Back", "back", hint="Esc")], self._choose)
        self.group.focus = TABS.index(tab)
        self.version = quintet_version()
        self.scroll = 0  # the first line shown
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.wrapped: dict[tuple[str, int], list[str]] = {}  # (tab, columns) -> its lines

    def _choose(self, value: str) -> None:
        if value == "back":
            self.app.stack.pop()
        else:
            self.tab, self.scroll = value, 0
            self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """Tabs along the top; the text's panel fills the rest."""
        theme = self.app.theme
        top, step = self.summary_place()
        x = theme.px(20)
        y = max(theme.px(106), top + len(self.summary_lines(size[0])) * step + theme.px(8))
        for button in self.group.buttons:
            width = theme.text(button.label, th.LABEL).get_width() + theme.px(40)
            if button.value == "back":
                button.rect = pygame.Rect(0, 0, theme.px(120), theme.px(52))
                button.rect.topright = (size[0] - theme.px(20), theme.px(16))
                continue
            button.rect = pygame.Rect(x, y, width, theme.px(48))
            x += width + theme.px(10)
        self.text_rect = pygame.Rect(theme.px(20), y + theme.px(60), size[0] - theme.px(40),
                                     size[1] - y - theme.px(72))
        self.scroll = min(self.scroll, self._scroll_limit())

    def summary_lines(self, width: int) -> list[str]:
        """The version and the licences in brief, wrapped clear of the Back button (three lines
        at most)."""
        theme = self.app.theme
        return theme.wrap(f"Version {self.version}. {LICENCE_SUMMARY}", th.CAPTION,
                          width - theme.px(190))[:3]

    def summary_place(self) -> tuple[int, int]:
        """Where the summary's first line goes, under the title, and the step between lines."""
        theme = self.app.theme
        top = max(theme.px(60), theme.px(14) + theme.line(th.TITLE))
        return top, max(theme.px(18), theme.line(th.CAPTION))

    def inner_rect(self) -> pygame.Rect:
        """Where the text scrolls: inside the panel, clear of its scrollbar and of the line
        under it that says which lines show."""
        theme = self.app.theme
        inner = self.text_rect.inflate(-theme.px(40), -theme.px(28))
        inner.height -= theme.line(th.CAPTION)
        return inner

    def line_step(self) -> int:
        """Pixels from one line to the next."""
        return self.app.theme.line(TEXT_SIZE) + self.app.theme.px(3)

    def lines(self) -> list[str]:
        """The shown text's lines, wrapped to the panel (worked out once per tab and width)."""
        theme = self.app.theme
        sample = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789.,;:()"
        per_char = theme.text(sample, TEXT_SIZE).get_width() / len(sample)
        columns = max(20, int(self.inner_rect().width / per_char * 0.92))
        key = (self.tab, columns)
        if key not in self.wrapped:
            self.wrapped[key] = wrap_columns(self.texts[self.tab] or MISSING[self.tab], columns)
        return self.wrapped[key]

    def rows_shown(self) -> int:
        """How many lines the panel shows at once."""
        return max(1, self.inner_rect().height // self.line_step())

    def _scroll_limit(self) -> int:
        return max(0, len(self.lines()) - self.rows_shown()) if self.text_rect.width else 0

    def _scroll_to(self, first: int) -> None:
        self.scroll = max(0, min(self._scroll_limit(), first))
        self.app.invalidate()

    def scroll_track(self) -> pygame.Rect:
        """Where the scrollbar runs: in the panel's margin, right of the text."""
        theme, inner = self.app.theme, self.inner_rect()
        return pygame.Rect(inner.right + theme.px(7), inner.top, theme.px(6), inner.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel, arrows, Page Up/Down, Home/End and the bar scroll; Tab and a click pick a
        tab; Escape goes back."""
        page = self.rows_shown() - 2
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.scroll - event.y * 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track = self.scroll_track().inflate(self.app.theme.px(10), 0)
            if self._scroll_limit() and track.collidepoint(event.pos):
                self._scroll_to(scroll_at(track, event.pos[1], self._scroll_limit()))
                return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page}
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return True
            if event.key in moves:
                self._scroll_to(self.scroll + moves[event.key])
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self._scroll_to(0 if event.key == pygame.K_HOME else self._scroll_limit())
                return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, version, the licences in a line, the tabs and the scrolled text."""
        theme = self.app.theme
        w, _ = surface.get_size()
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "About Quintet", th.TITLE, (theme.px(20), theme.px(14)), th.TEXT)
        top, step = self.summary_place()
        for row, part in enumerate(self.summary_lines(w)):
            theme.blit_text(surface, part, th.CAPTION, (theme.px(20), top + row * step), th.DIM)
        for index, button in enumerate(self.group.buttons):
            draw_button(surface, theme, button, **self.group.looks(index), size=th.LABEL,
                        selected=button.value == self.tab)
        draw_panel(surface, theme, self.text_rect)
        inner = self.inner_rect()
        clip = surface.get_clip()
        surface.set_clip(inner)
        lines = self.lines()
        step = self.line_step()
        for row, line in enumerate(lines[self.scroll:self.scroll + self.rows_shown() + 1]):
            if line:
                theme.blit_text(surface, line, TEXT_SIZE, (inner.left, inner.top + row * step),
                                th.TEXT)
        surface.set_clip(clip)
        draw_scrollbar(surface, self.scroll_track(), self.scroll, self.rows_shown(), len(lines))
        if len(lines) > self.rows_shown():
            where = (f"lines {self.scroll + 1}-{min(len(lines), self.scroll + self.rows_shown())}"
                     f" of {len(lines)} · wheel, arrows, Page Up/Down, Home/End")
            corner = (self.text_rect.right - theme.px(12), self.text_rect.bottom - theme.px(4))
            theme.blit_text(surface, where, th.CAPTION, corner, th.DIM, "bottomright")
