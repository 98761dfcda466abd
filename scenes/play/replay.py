"""ReplayScene: a recorded game stepped forwards (animated) and backwards, with its move log.

A replay shows what an onlooker saw: every position is the public observation, and the log holds
a sealed choice back until its reveal. So a pull still sealed when a game was saved, or a Moriarty
Bonus Colour before its game was scored, never shows.
"""
from __future__ import annotations

import dataclasses

import pygame

from game.record import Record
from game.words import after_game as says
from game.words.replay_book import ReplayBook
from scenes.boards import board_class
from scenes.boards.base import View
from scenes.play.parts.play_view import SidePanel, play_rects
from scenes.shell import theme as th
from scenes.shell.anim import Timeline
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_button
from scenes.store.controllers import bot_level_name, check_controllers

AUTO_PAUSE = 0.7  # seconds between steps when playing on by itself (at animation speed 1)


@dataclasses.dataclass
class Shown:
    """A step being animated: the public views either side, its events, timeline and sounds."""

    before: object
    events: tuple
    after: object
    timeline: Timeline
    t: float = 0.0
    cues: list = dataclasses.field(default_factory=list)
    caption: str = ""  # what happened: said once the animation has shown it


class LogLines:
    """The move log as it stood at one position (what the side panel reads)."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines

    def lines(self) -> list[str]:
        """The log's lines."""
        return self._lines


class ReplayScene(Scene):
    """Steps through a record: Right/Left, Home/End, Space to play on, Esc to close."""

    def __init__(self, app, record: Record, name: str = "",
                 book: ReplayBook | None = None, start: int = 0) -> None:
        super().__init__(app)
        self.record = record
        self.spec = record.spec
        self.name = name  # the file or game it came from, for the side panel
        self.board = board_class(record.game)(self.spec, record.options, app.theme)
        self.words = self.board.words  # the game's narrator: captions, scores, the log
        book = book or ReplayBook.of(record)  # the Records screen brings it ready
        self.states = book.states  # the public view after each number of entries
        self.steps = book.steps  # (before, events, after) of each entry, public views
        self.logs = book.notation_logs if app.settings.notation else book.logs  # at each position
        self.lasts = book.lasts  # each seat's last turn at each position, for the marks
        self.position = 0
        self.shown: Shown | None = None
        self.playing = False
        self.wait = 0.0
        self.clock = 0.0
        self.caption = says.REPLAY_KEYS
        self.rects: dict[str, pygame.Rect] = {}
        self.group = ButtonGroup([Button("Start", "start", hint="Home"),
                                  Button("Back", "back", hint="Left"),
                                  Button("Play", "play", hint="Space"),
                                  Button("Next", "next", hint="Right"),
                                  Button("End", "end", hint="End"),
                                  Button("Review", "review", hint="V"),
                                  Button("Close", "close", hint="Esc")], self._choose, columns=7)
        self.group.focus = 3
        self.drawing = SidePanel(self)  # the play screen's side panel
        self.book = book
        if start:
            self.go_to(start)

    # ---- what the side panel shows ------------------------------------------------------------
    @property
    def words_position(self) -> int:
        """The position the words describe: the one before a step until its animation ends."""
        return self.position - 1 if self.shown is not None else self.position

    def counter_words(self) -> str:
        """The top bar's counter in the game's unit, as play showed it ("Turn 5 of 13")."""
        words = self.words
        shown, last = self.states[self.words_position], self.states[-1]
        return says.counter(words.unit, words.number(shown), words.number(last))

    @property
    def log(self) -> LogLines:
        """The log up to the position the words describe."""
        return LogLines(self.logs[self.words_position])

    def players_line(self) -> str:
        """Who played which seat, from the record's notes ("Eks: person · Oh: Hard bot")."""
        try:
            controllers = check_controllers(self.record.meta.get("controllers"))
        except ValueError:
            return ""
        return says.players(self.states[0], [bot_level_name(c) for c in controllers])

    # ---- moving through the game ----------------------------------------------------------------
    @property
    def last(self) -> int:
        """The number of entries in the record."""
        return len(self.steps)

    def step_forward(self) -> None:
        """Show the next entry, animated (finishing any animation still running)."""
        if self.position >= self.last:
            self.playing = False
            return
        if self.shown is not None:  # the step still moving is cut short: its words now
            self.caption = self.shown.caption or self.caption
        before, events, after = self.steps[self.position]
        self.position += 1
        timeline = self.board.animate(before, events, after)
        self.shown = Shown(before, events, after, timeline,
                           cues=sorted(timeline.cues),
                           caption=self.words.describe(before, events, after))
        self.app.invalidate()

    def go_to(self, position: int) -> None:
        """Jump to a position at once (no animation)."""
        self.position = max(0, min(self.last, position))
        self.shown = None
        self.caption = self._caption_at(self.position)
        self.app.invalidate()

    def _caption_at(self, position: int) -> str:
        if position == 0:
            return says.GAME_START
        before, events, after = self.steps[position - 1]
        return self.words.describe(before, events, after)

    def _choose(self, value: str) -> None:
        if value == "close":
            self.app.stack.pop()
            return
        if value == "review":  # who was ahead, move by move; a move picked there shows here
            self.playing = False
            self.app.go("review", record=self.record, name=self.name, book=self.book,
                        on_pick=self.go_to)
            return
        if value != "play":
            self.playing = False
        if value == "start":
            self.go_to(0)
        elif value == "back":
            self.go_to(self.position - 1)
        elif value == "next":
            self.step_forward()
        elif value == "end":
            self.go_to(self.last)
        elif value == "play":
            self.playing = not self.playing and self.position < self.last
            self.wait = 0.0
        self.group.buttons[2].label = "Pause" if self.playing else "Play"

    # ---- the scene ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The play screen's parts, with the replay's buttons in the action bar."""
        theme = self.app.theme
        self.rects = play_rects(theme, size, theme.px(118))
        self.board.layout(self.rects["board"])
        area = self.rects["bottom"]
        gap = theme.px(10)
        height = theme.px(56)
        count = len(self.group.buttons)
        width = min(theme.px(130), (area.width - gap * (count - 1)) // count)
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(area.left + i * (width + gap), area.bottom - height,
                                      width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, arrows, Home/End, Space and Escape."""
        if event.type == pygame.KEYDOWN:
            value = {pygame.K_RIGHT: "next", pygame.K_LEFT: "back", pygame.K_HOME: "start",
                     pygame.K_END: "end", pygame.K_SPACE: "play", pygame.K_v: "review",
                     pygame.K_ESCAPE: "close"}.get(event.key)
            if value is not None:
                self._choose(value)
                return True
        self.group.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        """Run the animation; when playing on, step again after a pause."""
        self.clock += dt
        speed = self.app.settings.animation_speed
        shown = self.shown
        if shown is not None:
            shown.t += dt * speed
            while shown.cues and shown.cues[0][0] <= shown.t:
                self.app.sound.play(shown.cues.pop(0)[1])
            board = self.rects["board"]  # and the gap around it: a piece may reach past its edge
            gap = 2 * (board.top - self.rects["top"].bottom)
            self.app.invalidate(board.inflate(gap, gap))
            if shown.t >= shown.timeline.duration:
                self.shown = None
                self.wait = 0.0
                self.caption = shown.caption or self.caption
                self.app.invalidate()
            return
        if self.playing:
            self.wait += dt * speed
            if self.wait >= AUTO_PAUSE:
                self.step_forward()
                if self.position >= self.last and self.shown is None:
                    self._choose("play")

    def view(self) -> View:
        """The public view at the position shown (mid-animation: the step's views)."""
        shown = self.shown
        if shown is not None:
            return View(state=shown.after, seat=None, chooser=None, before=shown.before,
                        events=shown.events, timeline=shown.timeline, t=shown.t,
                        clock=self.clock, last=self.lasts[self.position])
        return View(state=self.states[self.position], seat=None, chooser=None, clock=self.clock,
                    last=self.lasts[self.position])

    def draw(self, surface: pygame.Surface) -> None:
        """Board, top bar, side panel (players, scores, the log so far) and the controls."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        view = self.view()
        self.board.draw(surface, view)
        top = self.rects["top"]
        pygame.draw.rect(surface, th.PANEL, top)
        title = theme.blit_text(surface, f"Replay: {self.spec.title}", th.HEADING,
                                (theme.px(16), top.centery), th.TEXT, "midleft")
        counter = theme.blit_text(surface, self.counter_words(), th.BODY,
                                  (top.right - theme.px(16), top.centery), th.DIM, "midright")
        theme.blit_text(surface, self._situation(), th.LABEL,
                        ((title.right + counter.left) // 2, top.centery), th.ACCENT, "center")
        self.drawing.draw_side(surface, view.words_state, self.players_line(), self.log.lines())
        area = self.rects["bottom"]
        line_h = theme.text_px(th.BODY) + 2
        room = (self.group.buttons[0].rect.top - area.top) // line_h
        for i, line in enumerate(theme.wrap(self.caption, th.BODY, area.width)[:max(1, room)]):
            theme.blit_text(surface, line, th.BODY, (area.left, area.top + i * line_h), th.DIM)
        for index, button in enumerate(self.group.buttons):
            draw_button(surface, theme, button, **self.group.looks(index), size=th.LABEL)

    def _situation(self) -> str:
        return says.situation(self.states[self.words_position], self.words_position == self.last)
