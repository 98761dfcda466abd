"""ReviewScene: a look back at a game: who was ahead after each move, and the moves that
swung it most; a click on the graph (or a swing) shows that moment in the replay.

The values come from game/review.py, worked out in worker processes while a progress bar
fills; the frame loop only polls. Everything shown is what the replay shows: the public view of
each position (the preview is drawn by the game's own board) and values that know no secret.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.record import Record
from game.review import ReviewRun, Swing, swings
from scenes.boards import board_class
from scenes.boards.base import View, board_picture
from game.words.replay_book import ReplayBook
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel

class ReviewScene(Scene):
    """The graph of a record's values, its three biggest swings, and a preview of the board."""

    def __init__(self, app, record: Record, name: str = "", book: ReplayBook | None = None,
                 on_pick: Callable[[int], None] | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.spec = record.spec
        self.name = name
        self.book = book or ReplayBook.of(record)
        self.on_pick = on_pick  # a replay that opened this review is shown the position picked
        self.board = board_class(record.game)(self.spec, record.options, app.theme)
        self.run: ReviewRun | None = None
        self.values: list[float] = []
        self.swings: list[Swing] = []
        self.shown_progress = -1.0
        self.position = len(record.entries)  # the position previewed (hovered, or the last)
        self.group = ButtonGroup([Button("Replay from here", "replay", hint="Enter"),
                                  Button("Close", "close", hint="Esc")], self._choose,
                                 columns=2)
        self.group.focus = 0
        self.swing_buttons: list[Button] = []
        self.swing_hover: Swing | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self._preview: tuple[int, pygame.Surface] | None = None

    # ---- the scene's life --------------------------------------------------------------------
    def enter(self) -> None:
        """Start working out the values (in worker processes)."""
        if self.run is None and not self.values:
            self.run = ReviewRun(self.record)

    def exit(self) -> None:
        """Leaving: the workers are stopped."""
        if self.run is not None:
            self.run.cancel()
            self.run = None

    def update(self, dt: float) -> None:
        """Poll the workers; take the values in once they are all done."""
        run = self.run
        if run is None:
            return
        progress = run.progress()
        if progress != self.shown_progress:
            self.shown_progress = progress
            self.app.invalidate()
        if run.done:
            self.run = None
            self.values = run.values()
            if run.error:
                self.app.notices.append(f"The review could not be worked out: {run.error}")
            self.swings = swings(self.record, self.values) if self.values else []
            self._layout_swings()
            self.app.invalidate()

    # ---- choosing ---------------------------------------------------------------------------
    def _choose(self, value) -> None:
        if value == "close":
            self.app.stack.pop()
        elif value == "replay":
            self.show(self.position)
        elif isinstance(value, Swing):
            self.show(value.index + 1)

    def show(self, position: int) -> None:
        """The replay at `position` (the one that opened this review, or a new one)."""
        if self.on_pick is not None:
            self.app.stack.pop()
            self.on_pick(position)
        else:
            self.app.go("replay", record=self.record, name=self.name, book=self.book,
                        start=position)

    def swing_words(self, swing: Swing) -> str:
        """'Turn 12: Eks c, Oh h (+31% for Eks)', the move as the move log says it."""
        state = self.book.states[swing.index]
        lines = self.book.logs[swing.index + 1]
        move = lines[-1] if lines else str(self.record.entries[swing.index])
        number, dot, rest = move.partition(". ")
        if dot and number.isdigit():
            move = f"Turn {number}: {rest}"
        seat = 0 if swing.change > 0 else 1
        return f"{move}  (+{round(abs(swing.change) * 100)}% for {state.seat_name(seat)})"

    def colours(self) -> tuple:
        """The seats' colours on the graph: the board's, unless they are greys (Strands' black
        and white would not show on the panel), then the app's."""
        colours = tuple(self.board.seat_colours[:2])
        if any(max(c[:3]) - min(c[:3]) < 60 for c in colours):
            return tuple(th.SEAT_COLOURS[:2])
        return colours

    # ---- layout and input ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Graph on the left, board preview on the right, the swings and buttons beneath."""
        theme = self.app.theme
        pad = theme.px(20)
        top = theme.px(80)
        swings_h = theme.line(19) + theme.px(8) + 3 * (theme.line(18) + theme.px(14))
        bottom_h = swings_h + pad + theme.px(100)
        body = pygame.Rect(pad, top, size[0] - 2 * pad, size[1] - top - bottom_h)
        graph_w = int(body.width * 0.56)
        self.rects = {"graph": pygame.Rect(body.left, body.top, graph_w, body.height),
                      "preview": pygame.Rect(body.left + graph_w + pad, body.top,
                                             body.width - graph_w - pad, body.height),
                      "swings": pygame.Rect(pad, body.bottom + pad, size[0] - 2 * pad,
                                            swings_h)}
        bw, bh = theme.px(260), theme.px(60)
        y = size[1] - bh - theme.px(20)
        self.group.buttons[0].rect = pygame.Rect(size[0] // 2 - bw - theme.px(10), y, bw, bh)
        self.group.buttons[1].rect = pygame.Rect(size[0] // 2 + theme.px(10), y, bw, bh)
        self._preview = None
        self._layout_swings()

    def _layout_swings(self) -> None:
        area = self.rects.get("swings")
        if area is None:
            return
        theme = self.app.theme
        step = (area.height - theme.line(19) - theme.px(8)) // 3
        self.swing_buttons = []
        for i, swing in enumerate(self.swings):
            rect = pygame.Rect(area.left, area.top + theme.line(19) + theme.px(8) + i * step,
                               area.width, step - theme.px(6))
            self.swing_buttons.append(Button(self.swing_words(swing), swing, rect))

    def graph_area(self) -> pygame.Rect:
        """Where the curve is drawn, inside the graph's panel."""
        theme = self.app.theme
        return self.rects["graph"].inflate(-theme.px(40), -theme.px(70)).move(theme.px(8), 0)

    def position_at(self, pos) -> int | None:
        """The position under a point of the graph, or None off it."""
        area = self.graph_area()
        if not self.values or not area.inflate(0, 20).collidepoint(pos):
            return None
        last = len(self.values) - 1
        return max(0, min(last, round((pos[0] - area.left) / max(1, area.width) * last)))

    def point(self, index: int) -> tuple[int, int]:
        """Where a position's value is on the graph."""
        area = self.graph_area()
        last = max(1, len(self.values) - 1)
        return (area.left + round(index / last * area.width),
                area.bottom - round(self.values[index] * area.height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Graph hover and click, swings, buttons; Enter replays, Escape closes."""
        if event.type == pygame.MOUSEMOTION:
            self.swing_hover = next((b.value for b in self.swing_buttons
                                     if b.rect.collidepoint(event.pos)), None)
            at = self.position_at(event.pos)
            if at is not None and at != self.position:
                self.position = at
                self.app.invalidate()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            at = self.position_at(event.pos)
            if at is not None:
                self.show(at)
                return True
            for button in self.swing_buttons:
                if button.rect.collidepoint(event.pos):
                    self._choose(button.value)
                    return True
        if event.type == pygame.KEYDOWN and self.values:
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
            if step is not None:
                self.position = max(0, min(len(self.values) - 1, self.position + step))
                self.app.invalidate()
                return True
            if event.unicode in ("1", "2", "3") and int(event.unicode) <= len(self.swings):
                self._choose(self.swings[int(event.unicode) - 1])
                return True
        return self.group.handle_with_escape(event, lambda: self._choose("close"))

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, graph (or progress), preview, swings and buttons."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w = surface.get_width()
        theme.blit_text(surface, f"Look back: {self.spec.title}", 34, (w // 2, theme.px(36)),
                        th.TEXT, "center")
        draw_panel(surface, theme, self.rects["graph"])
        if self.values:
            self._draw_graph(surface)
        else:
            self._draw_progress(surface)
        self._draw_preview(surface)
        self._draw_swings(surface)
        self.group.draw(surface, theme, 22)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.graph_area()
        bar = pygame.Rect(area.left, area.centery, area.width, theme.px(22))
        theme.blit_text(surface, "Working out who was ahead after each move...", 20,
                        (bar.centerx, bar.top - theme.px(12)), th.TEXT, "midbottom")
        pygame.draw.rect(surface, th.PANEL_EDGE, bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = round(bar.width * max(0.0, self.shown_progress))
        if done.width:
            pygame.draw.rect(surface, th.ACCENT, done, border_radius=bar.height // 2)
        theme.blit_text(surface, f"{round(max(0.0, self.shown_progress) * 100)}%", 18,
                        (bar.centerx, bar.bottom + theme.px(10)), th.DIM, "midtop")

    def _draw_graph(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area, panel = self.graph_area(), self.rects["graph"]
        names = [self.book.states[0].seat_name(s) for s in (0, 1)]
        colours = self.colours()
        middle = area.centery
        theme.blit_text(surface, f"{names[0]} ahead", 17, (panel.left + theme.px(14),
                        panel.top + theme.px(10)), colours[0])
        theme.blit_text(surface, f"{names[1]} ahead", 17, (panel.left + theme.px(14),
                        panel.bottom - theme.px(10)), colours[1], "bottomleft")
        theme.blit_text(surface, "each move, left to right", 15,
                        (panel.right - theme.px(14), panel.bottom - theme.px(10)), th.DIM,
                        "bottomright")
        points = [self.point(i) for i in range(len(self.values))]
        for seat, colour in enumerate(colours[:2]):  # the lead, filled toward its side
            shape = [(points[0][0], middle)] + [
                (x, min(y, middle) if seat == 0 else max(y, middle)) for x, y in points
            ] + [(points[-1][0], middle)]
            if len(shape) >= 3:
                pygame.draw.polygon(surface, th.mix(th.PANEL, colour, 0.45), shape)
        pygame.draw.line(surface, th.PANEL_EDGE, (area.left, middle), (area.right, middle), 2)
        if len(points) > 1:
            pygame.draw.lines(surface, th.TEXT, False, points, 2)
        for number, swing in enumerate(self.swings, 1):  # the swings, numbered
            x, y = self.point(swing.index + 1)
            pygame.draw.circle(surface, th.ACCENT, (x, y), theme.px(11))
            theme.blit_text(surface, str(number), 15, (x, y), th.BACKGROUND, "center")
        x, _ = self.point(self.position)
        pygame.draw.line(surface, th.TEXT, (x, area.top), (x, area.bottom), 1)
        value = self.values[self.position]
        leader = 0 if value >= 0.5 else 1
        chance = round(max(value, 1 - value) * 100)
        words = "Even" if chance == 50 else f"{names[leader]} {chance}%"
        theme.blit_text(surface, f"After move {self.position}: {words}", 17,
                        (panel.right - theme.px(14), panel.top + theme.px(10)), th.TEXT,
                        "topright")

    def _draw_preview(self, surface: pygame.Surface) -> None:
        rect = self.rects["preview"]
        if self._preview is None or self._preview[0] != self.position:
            self._preview = (self.position, self._picture(rect.size))
        surface.blit(self._preview[1], rect)

    def _picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The position as the replay shows it, drawn by its board and shrunk to fit."""
        view = View(state=self.book.states[self.position], seat=None, chooser=None,
                    last=self.book.lasts[self.position])
        return board_picture(self.board, view, size, th.BACKGROUND)

    def _draw_swings(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.rects["swings"]
        if not self.values:
            return
        title = "The moves that swung it most (click one, or press 1, 2, 3):" if self.swings \
            else "No move changed who was ahead."
        theme.blit_text(surface, title, 19, area.topleft, th.ACCENT)
        for number, button in enumerate(self.swing_buttons, 1):
            hovered = button.value == self.swing_hover
            rect = button.rect
            pygame.draw.rect(surface, th.shade(th.PANEL, 1.4 if hovered else 1.15), rect,
                             border_radius=theme.px(8))
            if hovered:
                pygame.draw.rect(surface, th.TEXT, rect, 2, border_radius=theme.px(8))
            badge = (rect.left + rect.height // 2 + theme.px(4), rect.centery)
            pygame.draw.circle(surface, th.ACCENT, badge, theme.px(11))
            theme.blit_text(surface, str(number), 15, badge, th.BACKGROUND, "center")
            left = rect.left + rect.height + theme.px(12)
            size = 18
            while size > 14 and theme.text(button.label, size).get_width() > \
                    rect.right - left - theme.px(10):
                size -= 1
            theme.blit_text(surface, button.label, size, (left, rect.centery), th.TEXT,
                            "midleft")
