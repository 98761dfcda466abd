"""ReviewScene: a look back at a game: who was ahead after each move, and the moves that
swung it most; a click on the graph (or a swing) shows that moment in the replay.

The values come from game/review.py, worked out in worker processes while a progress bar
fills; the frame loop only polls. Everything shown is what the replay shows: the public view of
each position (the preview is drawn by the game's own board) and values that know no secret.
"""
from __future__ import annotations

import bisect
import math
from typing import Callable

import pygame

from game.record import Record
from game.review import SMALL_SWING, Review, ReviewRun, Swing, axis_ticks, look_back
from game.words import after_game as says
from game.words.replay_book import ReplayBook
from scenes.boards import board_class
from scenes.boards.base import PLAY_AREA, View, board_picture
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel
from scenes.store.controllers import bot_level_name, check_controllers

# a swing's words on its row, the largest that fits two lines: running words, a step smaller,
# then small print (cut short with "..." if even that runs over)
SWING_SIZES = (th.BODY, th.BODY * 0.9, th.CAPTION)


def seat_cards(board, state) -> dict[int, pygame.Rect]:
    """Each seat's card on a board as last laid out, to write its player on: Pulling Strings'
    two by seat, Moriarty's by the seat's role; none for a board without cards (the review
    names the players beneath it)."""
    cards = getattr(board, "cards", None)
    if isinstance(cards, (tuple, list)) and len(cards) == 2:
        return {0: cards[0], 1: cards[1]}
    role = getattr(state, "role", None)
    if isinstance(cards, dict) and callable(role):
        found = {seat: cards.get(str(role(seat)).lower()) for seat in (0, 1)}
        return {seat: rect for seat, rect in found.items() if isinstance(rect, pygame.Rect)}
    return {}


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
        self.review: Review | None = None  # the line, its counts and parts, the swings' words
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
                self.app.notices.append(says.review_failed(run.error))
            self.review = look_back(self.record, self.values, self.book) if self.values \
                else None
            self.swings = list(self.review.swings) if self.review else []
            self._layout_swings()
            self.app.invalidate()

    # ---- choosing ---------------------------------------------------------------------------
    def _choose(self, value) -> None:
        if value == "close":
            self.app.stack.pop()
        elif value == "replay":
            self.show(self.position)
        elif isinstance(value, Swing):
            self.show(value.before)  # at its own turn: the position its step is made from

    def show(self, position: int) -> None:
        """The replay at `position` (the one that opened this review, or a new one)."""
        if self.on_pick is not None:
            self.app.stack.pop()
            self.on_pick(position)
        else:
            self.app.go("replay", record=self.record, name=self.name, book=self.book,
                        start=position)

    def swing_words(self, swing: Swing) -> str:
        """The swing as its game's narrator says it ("The common dice came 6, 6 and 2 for Red.
        Red's chance went from 40% to 63%.")."""
        review = self.review
        if review is None or swing not in review.swings:
            return ""
        return review.words[review.swings.index(swing)]

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
        swings_h = theme.line(th.HEADING) + theme.px(8) + 3 * self.swing_row_height()
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

    def swing_row_height(self) -> int:
        """A swing's row: room for its sentences on two lines."""
        theme = self.app.theme
        return 2 * theme.line(SWING_SIZES[0]) + theme.px(12)

    def _layout_swings(self) -> None:
        area = self.rects.get("swings")
        if area is None:
            return
        theme = self.app.theme
        step = self.swing_row_height()
        self.swing_buttons = []
        for i, swing in enumerate(self.swings):
            top = area.top + theme.line(th.HEADING) + theme.px(8) + i * step
            rect = pygame.Rect(area.left, top, area.width, step - theme.px(6))
            self.swing_buttons.append(Button(self.swing_words(swing), swing, rect))

    def swing_lines(self, text: str, width: int) -> tuple[th.Role, list[str]]:
        """A swing's words in at most two lines that fit `width`: the size and the lines."""
        theme = self.app.theme
        for size in SWING_SIZES:
            lines = theme.wrap(text, size, width)
            if len(lines) <= 2:
                return size, lines
        size = SWING_SIZES[-1]
        lines = theme.wrap(text, size, width)[:2]
        while lines[1] and theme.text(lines[1] + "...", size).get_width() > width:
            lines[1] = lines[1].rsplit(" ", 1)[0] if " " in lines[1] else ""
        lines[1] += "..."
        return size, lines

    def graph_area(self) -> pygame.Rect:
        """Where the curve is drawn, inside the graph's panel (the axis and names around it)."""
        theme = self.app.theme
        panel = self.rects["graph"]
        top = panel.top + theme.px(14) + theme.line(th.BODY)  # the value read out, above
        # a seat's name and the count's unit, beneath the count's numbers
        bottom = panel.bottom - theme.px(12) - 2 * theme.line(th.CAPTION) - theme.px(4)
        return pygame.Rect(panel.left + theme.px(24), top, panel.width - theme.px(48),
                           max(10, bottom - top))

    def line(self) -> tuple[int, ...]:
        """The positions plotted (every position until the review is in)."""
        if self.review is not None:
            return self.review.line
        return tuple(range(len(self.values)))

    def position_at(self, pos) -> int | None:
        """The plotted position under a point of the graph (the nearest point), or None off it."""
        area = self.graph_area()
        line = self.line()
        if not self.values or not area.inflate(0, 20).collidepoint(pos):
            return None
        xs = self.point_xs()
        k = bisect.bisect_left(xs, pos[0])
        near = [i for i in (k - 1, k) if 0 <= i < len(xs)]
        return line[min(near, key=lambda i: abs(xs[i] - pos[0]))]

    def along(self) -> tuple[float, ...]:
        """Each plotted point along the axis, in the game's unit (every turn as wide as the
        next), or one step a point until the review is in."""
        if self.review is not None and self.review.places_x:
            return self.review.places_x
        return tuple(float(k) for k in range(len(self.line())))

    def axis_x(self, place: float) -> int:
        """The graph's x of a place along the axis (0 is the start)."""
        area = self.graph_area()
        along = self.along()
        return area.left + round(place / max(1e-9, along[-1] if along else 1.0) * area.width)

    def point_xs(self) -> list[int]:
        """Each plotted point's x on the graph, left to right."""
        return [self.axis_x(place) for place in self.along()]

    def at_point(self, k: int) -> tuple[int, int]:
        """Where the line's k-th point is on the graph."""
        area = self.graph_area()
        line = self.line()
        return (self.axis_x(self.along()[k]),
                area.bottom - round(self.values[line[k]] * area.height))

    def point(self, position: int) -> tuple[int, int]:
        """Where a position's value is on the graph (a sealed choice's, at the point before)."""
        review = self.review
        return self.at_point(review.point_of(position) if review else position)

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
                line = self.line()
                at = self.review.point_of(self.position) if self.review else self.position
                self.position = line[max(0, min(len(line) - 1, at + step))]
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
        theme.blit_text(surface, f"Look back: {self.spec.title}", th.TITLE, (w // 2, theme.px(36)),
                        th.TEXT, "center")
        draw_panel(surface, theme, self.rects["graph"])
        if self.values:
            self._draw_graph(surface)
        else:
            self._draw_progress(surface)
        self._draw_preview(surface)
        self._draw_swings(surface)
        self.group.draw(surface, theme, th.LABEL)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.graph_area()
        bar = pygame.Rect(area.left, area.centery, area.width, theme.px(22))
        theme.blit_text(surface, says.REVIEW_WORKING, th.BODY,
                        (bar.centerx, bar.top - theme.px(12)), th.TEXT, "midbottom")
        pygame.draw.rect(surface, th.PANEL_EDGE, bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = round(bar.width * max(0.0, self.shown_progress))
        if done.width:
            pygame.draw.rect(surface, th.ACCENT, done, border_radius=bar.height // 2)
        theme.blit_text(surface, f"{round(max(0.0, self.shown_progress) * 100)}%", th.NUMBER,
                        (bar.centerx, bar.bottom + theme.px(10)), th.DIM, "midtop")

    def _draw_graph(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area, panel = self.graph_area(), self.rects["graph"]
        names = [self.book.states[0].seat_name(s) for s in (0, 1)]
        colours = self.colours()
        middle = area.centery
        line = self.line()
        xs = self.point_xs()
        points = [(x, area.bottom - round(self.values[p] * area.height))
                  for x, p in zip(xs, line)]
        for seat, colour in enumerate(colours[:2]):  # the lead, filled toward its side
            shape = [(points[0][0], middle)] + [
                (x, min(y, middle) if seat == 0 else max(y, middle)) for x, y in points
            ] + [(points[-1][0], middle)]
            if len(shape) >= 3:
                pygame.draw.polygon(surface, th.mix(th.PANEL, colour, 0.45), shape)
        pygame.draw.line(surface, th.PANEL_EDGE, (area.left, middle), (area.right, middle), 2)
        taken = self._draw_sections(surface, area)
        if len(points) > 1:
            pygame.draw.lines(surface, th.TEXT, False, points, 2)
        self._draw_axis(surface, area, panel)
        theme.blit_text(surface, f"{names[0]} ahead", th.CAPTION, (panel.left + theme.px(14),
                        panel.top + theme.px(10)), colours[0])
        theme.blit_text(surface, f"{names[1]} ahead", th.CAPTION, (panel.left + theme.px(14),
                        panel.bottom - theme.px(8)), colours[1], "bottomleft")
        x, _ = self.point(self.position)
        pygame.draw.line(surface, th.TEXT, (x, area.top), (x, area.bottom), 1)
        self._draw_markers(surface, area, taken)
        value = self.values[self.position]
        leader = 0 if value >= 0.5 else 1
        chance = round(max(value, 1 - value) * 100)
        words = "even" if chance == 50 else f"{names[leader]} {chance}%"
        place = self.review.places[self.review.point_of(self.position)] if self.review \
            else f"After {self.position}"
        theme.blit_text(surface, f"{place}: {words}", th.BODY,
                        (panel.right - theme.px(14), panel.top + theme.px(10)), th.TEXT,
                        "topright")

    def _draw_sections(self, surface: pygame.Surface, area: pygame.Rect) -> list[pygame.Rect]:
        """A match's games: a line where each begins and its name; the names' rects."""
        theme = self.app.theme
        taken: list[pygame.Rect] = []
        for k, name in (self.review.sections if self.review else ()):
            x = self.at_point(k)[0]
            if k:
                for y in range(area.top, area.bottom, theme.px(10)):  # dashed
                    pygame.draw.line(surface, th.DIM, (x, y), (x, min(area.bottom,
                                     y + theme.px(5))), 2)
            label = theme.text(name, th.CAPTION, th.DIM)
            rect = label.get_rect(topleft=(x + theme.px(5), area.top + theme.px(3)))
            rect.right = min(rect.right, area.right)
            theme.blit_text(surface, name, th.CAPTION, rect.topleft, th.DIM)
            taken.append(rect)
        return taken

    def _draw_axis(self, surface: pygame.Surface, area: pygame.Rect,
                   panel: pygame.Rect) -> None:
        """The game's count under the line ("turns": 1 .. 13), at round steps that fit."""
        review = self.review
        if review is None:
            return
        theme = self.app.theme
        unit = theme.text(f"{review.unit}s", th.CAPTION, th.DIM)
        unit_rect = unit.get_rect(bottomright=(panel.right - theme.px(14),
                                               panel.bottom - theme.px(8)))
        theme.blit_text(surface, f"{review.unit}s", th.CAPTION, unit_rect.topleft, th.DIM)
        y = area.bottom + theme.px(4)
        widest = theme.text(str(max(review.counts) or 1), th.CAPTION).get_width()
        most = max(2, area.width // (widest + theme.px(28)))
        drawn: list[pygame.Rect] = []
        for k in axis_ticks(review.counts, most):
            if k == 0:
                continue
            x = self.axis_x(math.ceil(self.along()[k] - 1e-9))  # the turn's end: even steps
            label = theme.text(str(review.counts[k]), th.CAPTION, th.DIM)
            rect = label.get_rect(midtop=(x, y))
            rect.clamp_ip(panel.inflate(-theme.px(8), 0))
            if any(rect.inflate(theme.px(6), 0).colliderect(r) for r in drawn + [unit_rect]):
                continue
            pygame.draw.line(surface, th.DIM, (x, area.bottom), (x, area.bottom + theme.px(3)))
            theme.blit_text(surface, str(review.counts[k]), th.CAPTION, rect.topleft, th.DIM)
            drawn.append(rect)

    def marker_places(self, area: pygame.Rect, taken: list[pygame.Rect]) -> list[tuple]:
        """Each swing's numbered badge: (point, centre), the badge on its point, or moved up or
        down its column where another badge or a label is in the way."""
        theme = self.app.theme
        radius = theme.px(11)
        placed: list[tuple] = []
        rects = list(taken)
        for swing in self.swings:
            x, y = self.point(swing.after)
            for shift in (0, -1, 1, -2, 2, -3, 3, -4, 4):
                cy = min(area.bottom - radius, max(area.top + radius,
                                                   y + shift * (2 * radius + 1)))
                rect = pygame.Rect(x - radius, cy - radius, 2 * radius, 2 * radius)
                if not any(rect.colliderect(r) for r in rects):
                    break
            rects.append(rect)
            placed.append(((x, y), (x, cy)))
        return placed

    def _draw_markers(self, surface: pygame.Surface, area: pygame.Rect,
                      taken: list[pygame.Rect]) -> None:
        theme = self.app.theme
        for number, (spot, centre) in enumerate(self.marker_places(area, taken), 1):
            pygame.draw.circle(surface, th.ACCENT, spot, theme.px(4))
            if centre != spot:
                pygame.draw.line(surface, th.ACCENT, spot, centre, 2)
            pygame.draw.circle(surface, th.ACCENT, centre, theme.px(11))
            theme.blit_text(surface, str(number), th.CAPTION, centre, th.BACKGROUND, "center")

    def _draw_preview(self, surface: pygame.Surface) -> None:
        rect = self.rects["preview"]
        if self._preview is None or self._preview[0] != self.position:
            self._preview = (self.position, self._picture(rect.size))
        surface.blit(self._preview[1], rect)

    def _picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The position as the replay shows it, drawn by its board and shrunk to fit, with the
        players written on its seat cards (a shrunk board writes no words), or beneath it."""
        state = self.book.states[self.position]
        view = View(state=state, seat=None, chooser=None, last=self.book.lasts[self.position])
        theme = self.app.theme
        full = (theme.px(PLAY_AREA[0]), theme.px(PLAY_AREA[1]))
        self.board.layout(pygame.Rect((0, 0), full))  # as board_picture lays it out
        cards = seat_cards(self.board, state)
        line = 0 if cards else theme.line(th.CAPTION) + theme.px(6)
        picture = pygame.Surface(size)
        picture.fill(th.BACKGROUND)
        board_size = (size[0], max(1, size[1] - line))
        picture.blit(board_picture(self.board, view, board_size, th.BACKGROUND), (0, 0))
        scale = min(board_size[0] / full[0], board_size[1] / full[1])
        left = (board_size[0] - round(full[0] * scale)) // 2
        top = (board_size[1] - round(full[1] * scale)) // 2
        names = [state.seat_name(seat) for seat in (0, 1)]
        colours = self.colours()
        for seat, card in cards.items():
            rect = pygame.Rect(left + round(card.left * scale), top + round(card.top * scale),
                               round(card.width * scale), round(card.height * scale))
            self._write_card(picture, rect.inflate(-theme.px(6), -theme.px(6)), names[seat],
                             says.who_played(self.levels()[seat]), colours[seat])
        if not cards:
            x = theme.px(6)
            for seat in (0, 1):
                words = says.seat_player(names[seat], self.levels()[seat])
                rect = theme.blit_text(picture, words, th.CAPTION, (x, size[1] - theme.px(2)),
                                       colours[seat], "bottomleft")
                x = rect.right + theme.px(24)
        return picture

    def _write_card(self, surface: pygame.Surface, rect: pygame.Rect, name: str, who: str,
                    colour) -> None:
        """A seat's name (and who played it, where it fits) centred on its shrunk card."""
        theme = self.app.theme
        lines = [(name, colour), (who, th.TEXT)]
        for size in (th.BODY, th.CAPTION):
            fits = [(text, c) for text, c in lines if theme.text(text, size).get_width()
                    <= rect.width]
            while fits and len(fits) * theme.line(size) > rect.height:
                fits.pop()
            if fits and fits[0][0] == name:
                break
        else:
            return  # not even the name fits: the card stays as the board drew it
        y = rect.centery - len(fits) * theme.line(size) // 2
        for text, c in fits:
            theme.blit_text(surface, text, size, (rect.centerx, y), c, "midtop")
            y += theme.line(size)

    def levels(self) -> tuple[str | None, str | None]:
        """Each seat's bot level from the record's notes, None for a person (or not noted)."""
        try:
            controllers = check_controllers(self.record.meta.get("controllers"))
        except ValueError:
            return (None, None)
        return (bot_level_name(controllers[0]), bot_level_name(controllers[1]))

    def _draw_swings(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.rects["swings"]
        if not self.values:
            return
        title = says.swings_title(len(self.swings), SMALL_SWING)
        theme.blit_text(surface, title, th.HEADING, area.topleft, th.ACCENT)
        calm = self.review.calm if self.review is not None and not self.swings else ""
        if calm:  # nothing to mark: how little it moved, where the first swing's row would be
            top = area.top + theme.line(th.HEADING) + theme.px(8)
            size, lines = self.swing_lines(calm, area.width - theme.px(20))
            for text in lines:
                theme.blit_text(surface, text, size, (area.left + theme.px(10), top), th.TEXT)
                top += theme.line(size)
        for number, button in enumerate(self.swing_buttons, 1):
            hovered = button.value == self.swing_hover
            rect = button.rect
            pygame.draw.rect(surface, th.shade(th.PANEL, 1.4 if hovered else 1.15), rect,
                             border_radius=theme.px(8))
            if hovered:
                pygame.draw.rect(surface, th.TEXT, rect, 2, border_radius=theme.px(8))
            badge = (rect.left + theme.px(22), rect.centery)
            pygame.draw.circle(surface, th.ACCENT, badge, theme.px(11))
            theme.blit_text(surface, str(number), th.CAPTION, badge, th.BACKGROUND, "center")
            left = rect.left + theme.px(44)
            size, lines = self.swing_lines(button.label, rect.right - left - theme.px(10))
            height = theme.line(size)
            y = rect.centery - height * len(lines) // 2
            for text in lines:
                theme.blit_text(surface, text, size, (left, y), th.TEXT)
                y += height
