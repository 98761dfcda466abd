"""The rules of each game in our own words (assets/rules/<game>.md), each rule with a small
animated figure on the game's own board (assets/figures/<game>.json), and worked examples."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import GameError, State
from game.lengths import length_sentence
from game.registry import GAMES
from scenes.boards import board_class
from scenes.boards.base import PLAY_AREA, Example, View
from scenes.screens.parts.rule_figures import FigurePlayer, load_figures
from scenes.shell import theme as th
from scenes.shell.assets import asset_path, game_lengths
from scenes.shell.scene import Scene
from scenes.shell.widgets import (Button, ButtonGroup, draw_button, draw_panel, draw_scrollbar,
                                  paragraph_step, scroll_at)

if TYPE_CHECKING:
    from scenes.shell.anim import Timeline
    from scenes.shell.app import App

HOUSE_MARKS = ("House ruling", "(interpretation")  # our rulings, not the designer's: in orange
FIGURE = object()  # marks a rule figure's place among the text's lines
FIGURE_WIDTH = 720  # design pixels: a figure's width (less in a narrow window); at 460 its
# cards' words came out at 5-6 pixels


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
        self.lines: list[tuple] = []  # (text, size, colour), or (FIGURE, height, figure)
        self.board = None
        self.figures: dict[str, list] = {}  # each game's rule figures, read when first shown
        self.players: dict[int, FigurePlayer] = {}  # id(figure) -> its player, when seen
        self.lengths = game_lengths()  # each game's typical length, read once

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

    def _figures(self) -> list:
        if self.game_id not in self.figures:
            self.figures[self.game_id] = load_figures(self.game_id)
        return self.figures[self.game_id]

    def figure_size(self) -> tuple[int, int]:
        """A figure's picture: as wide as fits, the play screen's board area's shape."""
        theme = self.app.theme
        width = min(theme.px(FIGURE_WIDTH), self.text_rect.width - theme.px(60))
        return width, round(width * PLAY_AREA[1] / PLAY_AREA[0])

    def _figure_block(self, figure) -> tuple:
        theme = self.app.theme
        width, height = self.figure_size()
        caption = theme.wrap(figure.caption, th.CAPTION, width)
        total = height + theme.px(8) + len(caption) * paragraph_step(theme, th.CAPTION) \
            + theme.px(14)
        return (FIGURE, total, figure)

    def _wrap(self) -> None:
        theme = self.app.theme
        width = self.text_rect.width - theme.px(40)
        self.lines = []
        figures = self._figures()
        for raw in load_rules(self.game_id).splitlines():
            line = raw.rstrip()
            if line.startswith("# "):
                self.lines.append((line[2:], th.TITLE, th.TEXT))
                length = self.length_line()
                for part in theme.wrap(length, th.BODY, width) if length else ():
                    self.lines.append((part, th.BODY, th.DIM))
            elif line.startswith("## "):
                self.lines.append(("", 8, th.TEXT))
                self.lines.append((line[3:], th.HEADING, th.ACCENT))
            elif not line:
                self.lines.append(("", 10, th.TEXT))
            else:
                bullet = line.startswith("- ")
                body = ("\u2022 " + line[2:] if bullet else line).replace("**", "")
                colour = th.ORANGE if any(mark in body for mark in HOUSE_MARKS) else th.TEXT
                for i, part in enumerate(theme.wrap(body, th.BODY, width - (theme.px(20)
                                                                            if bullet else 0))):
                    self.lines.append((("    " if bullet and i else "") + part, th.BODY, colour))
                self.lines += [self._figure_block(f) for f in figures if f.rule in line]

    def length_line(self) -> str:
        """How long a game of the game shown takes, under its title ("" when not known)."""
        length = self.lengths.get(self.game_id)
        return length_sentence(self.game_id, length) if length else ""

    def inner_rect(self) -> pygame.Rect:
        """Where the text scrolls: inside the panel, above the scrolling hint if there is one."""
        theme = self.app.theme
        inner = self.text_rect.inflate(-theme.px(40), -theme.px(30))
        if self._content_height() > inner.height:
            inner.height -= theme.line(th.CAPTION)
        return inner

    def _step(self, line: tuple) -> int:
        """The height a line (or a figure, or a gap of design pixels) takes."""
        if line[0] is FIGURE:
            return line[1]
        theme = self.app.theme
        if isinstance(line[1], th.Role):  # words: never closer than their own line's height
            return max(theme.px(line[1].size * 1.35), theme.line(line[1]) + 1)
        return theme.px(line[1] * 1.35)

    def _content_height(self) -> int:
        return sum(self._step(line) for line in self.lines)

    def update(self, dt: float) -> None:
        """The figures in view play on (the others wait where they are)."""
        inner = self.inner_rect()
        y = inner.top - self.scroll
        moving = False
        for line in self.lines:
            step = self._step(line)
            if line[0] is FIGURE and y + step >= inner.top and y <= inner.bottom:
                player = self._player(line[2])
                if player is not None:
                    player.update(dt * self.app.settings.animation_speed)
                    moving = True
            y += step
        if moving:
            self.app.invalidate(self.text_rect)

    def _player(self, figure) -> FigurePlayer | None:
        player = self.players.get(id(figure))
        if player is None:
            try:
                player = self.players[id(figure)] = FigurePlayer(figure, self.app.theme)
            except GameError:  # a figure that no longer plays: its rule's words still show
                return None
        return player

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scrolling, tabs, Escape."""
        theme = self.app.theme
        page = self.text_rect.height - theme.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * theme.px(60))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, limit = self.scroll_track().inflate(theme.px(10), 0), self._scroll_limit()
            if limit and track.collidepoint(event.pos):  # the bar: go to that part of the text
                self.scroll = scroll_at(track, event.pos[1], limit)
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
        self.scroll = max(0, min(self._scroll_limit(), self.scroll + amount))

    def _scroll_limit(self) -> int:
        return max(0, self._content_height() - self.text_rect.height + self.app.theme.px(60))

    def scroll_track(self, inner: pygame.Rect | None = None) -> pygame.Rect:
        """Where the text's scrollbar runs: in the panel's margin, right of the text (`inner`,
        when the caller has it already)."""
        theme, inner = self.app.theme, inner or self.inner_rect()
        return pygame.Rect(inner.right + theme.px(7), inner.top, theme.px(6), inner.height)

    def draw(self, surface: pygame.Surface) -> None:
        """Tabs and the scrolled text."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "Rules", th.TITLE, (theme.px(20), theme.px(28)), th.TEXT)
        has_examples = bool(self._examples()) if self.board is None else True
        for index, button in enumerate(self.group.buttons):
            button.enabled = button.value != "examples" or has_examples
            draw_button(surface, theme, button, **self.group.looks(index), size=th.LABEL,
                        selected=button.value == self.game_id)
        draw_panel(surface, theme, self.text_rect)
        clip = surface.get_clip()
        inner = self.inner_rect()
        surface.set_clip(inner)
        y = inner.top - self.scroll
        for line in self.lines:
            step = self._step(line)
            visible = y + step >= inner.top and y <= inner.bottom
            if visible and line[0] is FIGURE:
                self._draw_figure(surface, line[2], (inner.left + theme.px(20), y))
            elif visible and line[0]:
                theme.blit_text(surface, line[0], line[1], (inner.left, y), line[2])
            y += step
        surface.set_clip(clip)
        content = self._content_height()
        draw_scrollbar(surface, self.scroll_track(inner), self.scroll, inner.height, content)
        if content > inner.height:
            corner = (self.text_rect.right - theme.px(12), self.text_rect.bottom - theme.px(6))
            theme.blit_text(surface, "scroll: wheel, arrows, Page Up/Down", th.CAPTION, corner,
                            th.DIM, "bottomright")


    def _draw_figure(self, surface: pygame.Surface, figure, topleft) -> None:
        """A rule's figure: the board's picture, framed, and its caption beneath."""
        theme = self.app.theme
        size = self.figure_size()
        rect = pygame.Rect(topleft, size)
        player = self._player(figure)
        if player is not None:
            surface.blit(player.picture(size), rect)
        pygame.draw.rect(surface, th.PANEL_EDGE, rect, theme.px(2), border_radius=theme.px(6))
        y = rect.bottom + theme.px(8)
        for part in theme.wrap(figure.caption, th.CAPTION, size[0]):
            theme.blit_text(surface, part, th.CAPTION, (rect.left, y), th.DIM)
            y += paragraph_step(theme, th.CAPTION)


class ExampleScene(Scene):
    """Plays a game's worked examples on its own board, looping; any key or click moves on."""

    HOLD = 1.6  # seconds to hold the position before and after each step

    def __init__(self, app: App, game_id: str, examples: list[Example]) -> None:
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
        self.timeline: Timeline | None = None
        self.before: State | None = None
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
        if isinstance(move, tuple):  # both seats' moves: a simultaneous node
            step = self.state.apply_joint(*move)
        else:
            step = self.state.apply(move)
        self.before, self.state, self.events = self.state, step.state, tuple(step.events)
        self.timeline = self.board.animate(self.before, self.events, self.state)
        self.t = 0.0
        for _, cue in sorted(self.timeline.cues)[:1]:  # the plan's own sounds
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
        heading = f"{self.example.title}  ({self.index + 1} of {len(self.examples)})"
        theme.blit_text(surface, heading, th.HEADING * 1.25, (w // 2, theme.px(36)), th.TEXT,
                        "center")
        y = theme.px(66)
        for line in theme.wrap(self.example.caption, th.BODY, w - theme.px(80))[:2]:
            theme.blit_text(surface, line, th.BODY, (w // 2, y), th.DIM, "midtop")
            y += theme.px(24)
        view = View(state=self.state.observe_public(), seat=None, chooser=None,
                    before=self.before.observe_public() if self.before else None,
                    events=self.events, timeline=self.timeline, t=self.t)
        self.board.draw(surface, view)
        draw_button(surface, theme, self.back, size=th.LABEL)
        draw_button(surface, theme, self.next, size=th.LABEL)
