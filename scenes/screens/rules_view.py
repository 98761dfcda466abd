"""The rules of each game in our own words (assets/rules/<game>.md), with animated examples."""
from __future__ import annotations

import pygame

from game.core import NodeKind
from game.registry import GAMES
from scenes.boards import board_class
from scenes.boards.base import Example, View
from scenes.shell import theme as th
from scenes.shell.assets import asset_path
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_button, draw_panel

HOUSE_MARK = "House ruling"


def load_rules(game_id: str) -> str:
    """The rules text of a game, or a plain note if its file is missing."""
    path = asset_path("rules", f"{game_id}.md")
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return f"# {GAMES[game_id].title}\nThe rules file {path} could not be read ({error})."


class RulesScene(Scene):
    """A tab per game; the text scrolls with the wheel, arrows or Page Up/Down."""

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.ids = list(GAMES)
        self.game_id = game_id or self.ids[0]
        self.group = ButtonGroup([Button(GAMES[g].title, g) for g in self.ids]
                                 + [Button("Examples", "examples", hint="E"),
                                    Button("Learn by playing", "learn", hint="L"),
                                    Button("Back", "back", hint="Esc")], self._choose)
        self.group.focus = self.ids.index(self.game_id)
        self.scroll = 0
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, float, tuple]] = []
        self.board = None

    def _choose(self, value: str) -> None:
        if value == "back":
            self.app.stack.pop()
        elif value == "learn":  # a guided first game of the game shown
            self.app.go("learn", game_id=self.game_id)
        elif value == "examples":
            examples = self._examples()
            if examples:
                self.app.stack.push(ExampleScene(self.app, self.game_id, examples))
        else:
            self.game_id, self.scroll = value, 0
            self._wrap()

    def _examples(self) -> list[Example]:
        spec = GAMES[self.game_id]
        board = board_class(self.game_id)(spec, spec.resolve_options(), self.app.theme)
        return board.examples()

    def layout(self, size: tuple[int, int]) -> None:
        """Tabs down the left, text on the right."""
        theme = self.app.theme
        tab_w = min(theme.px(300), size[0] // 3)
        y = theme.px(90)
        for button in self.group.buttons:
            button.rect = pygame.Rect(theme.px(20), y, tab_w, theme.px(54))
            y += theme.px(62)
        self.group.buttons[-1].rect.top = size[1] - theme.px(74)
        self.text_rect = pygame.Rect(tab_w + theme.px(44), theme.px(90),
                                     size[0] - tab_w - theme.px(64), size[1] - theme.px(110))
        self._wrap()

    def _wrap(self) -> None:
        theme = self.app.theme
        width = self.text_rect.width - theme.px(40)
        self.lines = []
        for raw in load_rules(self.game_id).splitlines():
            line = raw.rstrip()
            if line.startswith("# "):
                self.lines.append((line[2:], 34, th.TEXT))
            elif line.startswith("## "):
                self.lines.append(("", 8, th.TEXT))
                self.lines.append((line[3:], 26, th.ACCENT))
            elif not line:
                self.lines.append(("", 10, th.TEXT))
            else:
                bullet = line.startswith("- ")
                body = ("\u2022 " + line[2:] if bullet else line).replace("**", "")
                colour = th.ORANGE if HOUSE_MARK in body else th.TEXT
                for i, part in enumerate(theme.wrap(body, 20, width - (theme.px(20)
                                                                       if bullet else 0))):
                    self.lines.append((("    " if bullet and i else "") + part, 20, colour))

    def _content_height(self) -> int:
        return sum(self.app.theme.px(size * 1.35) for _, size, _ in self.lines)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scrolling, tabs, Escape."""
        theme = self.app.theme
        page = self.text_rect.height - theme.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * theme.px(60))
            return True
        if event.type == pygame.KEYDOWN:
            amounts = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                       pygame.K_DOWN: theme.px(40), pygame.K_UP: -theme.px(40)}
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return True
            if event.key == pygame.K_e:
                self._choose("examples")
                return True
            if event.key == pygame.K_l:
                self._choose("learn")
                return True
            if event.key in amounts and not event.mod & pygame.KMOD_SHIFT:
                self._scroll_by(amounts[event.key])
                return True
            if event.key == pygame.K_TAB:
                result = self.group.handle_event(event)
                focus = self.group.focus
                if focus is not None and focus < len(self.ids):
                    self._choose(self.ids[focus])
                return result
        return self.group.handle_event(event)

    def _scroll_by(self, amount: int) -> None:
        limit = max(0, self._content_height() - self.text_rect.height + self.app.theme.px(60))
        self.scroll = max(0, min(limit, self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        """Tabs and the scrolled text."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "Rules", 40, (theme.px(20), theme.px(28)), th.TEXT)
        has_examples = bool(self._examples()) if self.board is None else True
        for index, button in enumerate(self.group.buttons):
            button.enabled = button.value != "examples" or has_examples
            draw_button(surface, theme, button, **self.group.looks(index), size=21,
                        selected=button.value == self.game_id)
        draw_panel(surface, theme, self.text_rect)
        clip = surface.get_clip()
        inner = self.text_rect.inflate(-theme.px(40), -theme.px(30))
        surface.set_clip(inner)
        y = inner.top - self.scroll
        for text, size, colour in self.lines:
            step = theme.px(size * 1.35)
            if y + step >= inner.top and y <= inner.bottom and text:
                theme.blit_text(surface, text, size, (inner.left, y), colour)
            y += step
        surface.set_clip(clip)
        if self._content_height() > inner.height:
            theme.blit_text(surface, "scroll: wheel, arrows, Page Up/Down", 15,
                            (self.text_rect.right - theme.px(12), self.text_rect.bottom - theme.px(6)),
                            th.DIM, "bottomright")


class ExampleScene(Scene):
    """Plays a game's worked examples on its own board, looping; any key or click moves on."""

    HOLD = 1.6  # seconds to hold the position before and after each step

    def __init__(self, app, game_id: str, examples: list[Example]) -> None:
        super().__init__(app)
        spec = GAMES[game_id]
        self.board = board_class(game_id)(spec, spec.resolve_options(), app.theme)
        self.examples = examples
        self.index = 0
        self.back = Button("Back", "back", hint="Esc")
        self.next = Button("Next example", "next", hint="N")
        self._start()

    def _start(self) -> None:
        self.example = self.examples[self.index]
        self.state = self.example.start
        self.step_index = 0
        self.timeline = None
        self.before = None
        self.events: tuple = ()
        self.t = 0.0
        self.wait = self.HOLD

    def layout(self, size: tuple[int, int]) -> None:
        """Board in the middle, caption above, buttons below."""
        theme = self.app.theme
        self.board.layout(pygame.Rect(theme.px(40), theme.px(120), size[0] - theme.px(80),
                                      size[1] - theme.px(220)))
        bw, bh = theme.px(240), theme.px(60)
        self.back.rect = pygame.Rect(theme.px(40), size[1] - bh - theme.px(20), bw, bh)
        self.next.rect = pygame.Rect(size[0] - bw - theme.px(40), size[1] - bh - theme.px(20),
                                     bw, bh)

    def _advance(self) -> None:
        moves = self.example.moves
        if self.step_index >= len(moves):
            self._start()  # loop the example
            return
        move = moves[self.step_index]
        self.step_index += 1
        if self.state.kind is NodeKind.SIMULTANEOUS:
            step = self.state.apply_joint(*move)
        else:
            step = self.state.apply(move)
        self.before, self.state, self.events = self.state, step.state, tuple(step.events)
        self.timeline = self.board.animate(self.before, self.events, self.state)
        self.t = 0.0
        for _, cue in self.board.sound_cues(self.events)[:1]:
            self.app.sound.play(cue)

    def update(self, dt: float) -> None:
        """Hold, animate, hold, next step."""
        self.app.invalidate()
        dt *= self.app.settings.animation_speed
        if self.timeline is not None and self.t < self.timeline.duration:
            self.t += dt
            return
        self.wait -= dt
        if self.wait <= 0:
            self.wait = self.HOLD
            self._advance()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Back, next example."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.stack.pop()
            elif event.key in (pygame.K_n, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self._next()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.rect.collidepoint(event.pos):
                self.app.stack.pop()
            elif self.next.rect.collidepoint(event.pos):
                self._next()
        return True

    def _next(self) -> None:
        self.index = (self.index + 1) % len(self.examples)
        self._start()

    def draw(self, surface: pygame.Surface) -> None:
        """The example's title, caption and board."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w = surface.get_width()
        theme.blit_text(surface, f"{self.example.title}  ({self.index + 1} of {len(self.examples)})",
                        30, (w // 2, theme.px(36)), th.TEXT, "center")
        y = theme.px(66)
        for line in theme.wrap(self.example.caption, 19, w - theme.px(80))[:2]:
            theme.blit_text(surface, line, 19, (w // 2, y), th.DIM, "midtop")
            y += theme.px(24)
        view = View(state=self.state.observe_public(), seat=None, chooser=None,
                    before=self.before.observe_public() if self.before else None,
                    events=self.events, timeline=self.timeline, t=self.t)
        self.board.draw(surface, view)
        draw_button(surface, theme, self.back, size=22)
        draw_button(surface, theme, self.next, size=22)
