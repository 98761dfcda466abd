"""StatsScene: a table of games won, lost and drawn, per game and per opponent."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.registry import GAMES
from game.words.base import plural
from scenes.shell import theme as th
from scenes.shell.folders import show_folder
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel
from scenes.store.background import Task
from scenes.store.controllers import HOT_SEAT, OPPONENTS
from scenes.store.stats import count_names

if TYPE_CHECKING:  # the App runs screens and never imports them
    from scenes.shell.app import App

HEADINGS = {HOT_SEAT: "Friend (hot-seat)", "easy": "Easy bot", "medium": "Medium bot",
            "hard": "Hard bot"}
# The table's rows: a game's name and its counts, at first as large as the column headings
# (HEADING * 0.84: five columns share the window's width), then smaller step by step to fit
NAME_SIZES = (th.LABEL * 0.9, th.BODY, th.BODY * 0.9, th.CAPTION)
COUNT_SIZES = tuple(th.NUMBER * factor for factor in (0.84, 0.75, 0.67, 0.6))


def cell_text(game_id: str, opponent: str, counts: dict | None) -> str:
    """One cell in words: "3 wins, 1 loss, 0 draws" against a bot; "Eks 2, Oh 1, 0 draws" (each
    side's wins) for hot-seat games."""
    if not counts or not any(counts.values()):
        return "-"
    if opponent == HOT_SEAT:
        names = GAMES[game_id].seat_names
        return f"{names[0]} {counts['seat0']}, {names[1]} {counts['seat1']}, " \
            f"{plural(counts['drawn'], 'draw')}"
    return record_words(counts)


def record_words(counts: dict[str, int]) -> str:
    """"1 win, 0 losses, 0 draws"."""
    return f"{plural(counts['won'], 'win')}, {plural(counts['lost'], 'loss', 'losses')}, " \
        f"{plural(counts['drawn'], 'draw')}"


def cell_lines(theme: th.Theme, text: str, width: int) -> tuple[list[str], th.Role]:
    """A cell's words in the largest size that fits `width` on one line, else on two (split
    after its first comma but one) in the largest that fits so."""
    for fit in COUNT_SIZES:
        if theme.text(text, fit).get_width() <= width:
            return [text], fit
    parts = text.split(", ")
    lines = [", ".join(parts[:-1]) + ",", parts[-1]] if len(parts) > 1 else [text]
    fit = COUNT_SIZES[-1]
    for fit in COUNT_SIZES:
        if max(theme.text(line, fit).get_width() for line in lines) <= width:
            break
    return lines, fit


def hints_line(hinted: dict[str, int]) -> str:
    """'Played with hints: Strands 2, Moriarty 1.'"""
    return "Played with hints: " + ", ".join(
        f"{GAMES[g].title} {n}" for g, n in hinted.items() if g in GAMES) + "."


def totals(games: dict) -> dict[str, dict[str, int]]:
    """Each opponent's counts summed over the games."""
    summed = {opponent: {name: 0 for name in count_names(opponent)} for opponent in OPPONENTS}
    for opponents in games.values():
        for opponent, counts in opponents.items():
            for name, number in counts.items():
                summed[opponent][name] += number
    return summed


class StatsScene(Scene):
    """Statistics from the data folder; Back (or Esc) returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats = app.data.stats()
        self.path = self.stats.path
        self.games, messages = self.stats.load()
        self.hinted = self.stats.hinted()  # games finished with hints, per game
        app.notices.extend(messages)
        self.messages = messages
        self.group = ButtonGroup([Button("Reset", "reset", hint="R"),
                                  Button("Show folder", "folder", hint="F"),
                                  Button("Back", "back", hint="Esc")], self._choose, columns=3)
        self.group.focus = 2
        self.note = ""  # what Show folder did
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.resetting: Task | None = None  # a reset being written, off the frame loop

    def _choose(self, value: str) -> None:
        if value == "reset":
            self.app.go("confirm", title="Reset the statistics?",
                        question="Every count of every game goes back to 0. Records and games in "
                                 "progress are kept.", yes="Reset", no="Keep",
                        on_yes=self.reset)
            return
        if value == "folder":
            self.note = show_folder(self.path.parent) or "Your data folder is open in your " \
                                                         "file manager."
            self.app.invalidate()
            return
        self.app.stack.pop()

    def reset(self) -> None:
        """Counting starts again from nothing (after the player said yes), written in the
        background (the frame never waits on the disk); the table follows once it is done."""
        if self.resetting is None:
            self.resetting = Task(lambda _: self.stats.reset(), name="quintet-stats-reset")
            self.note = "Resetting the statistics..."
            self.app.invalidate()

    def update(self, dt: float) -> None:
        """Take in a reset once it has been written."""
        if self.resetting is not None and self.resetting.done:
            task, self.resetting = self.resetting, None
            try:
                problems = task.result()
            except OSError as error:
                problems = [f"The statistics could not be reset: {error.strerror or error}."]
            self._reset_done(problems)

    def _reset_done(self, problems: list[str]) -> None:
        self.app.notices.extend(problems)
        self.games, self.messages = self.stats.load()
        self.messages = problems + self.messages
        self.hinted = self.stats.hinted()
        self.note = "" if problems else "The statistics were reset: every count starts from 0."
        self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """The table in a panel; Back beneath it."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(1180))
        self.panel = pygame.Rect((size[0] - w) // 2, theme.px(110), w,
                                 size[1] - theme.px(110) - theme.px(150))
        bw, bh, gap = theme.px(220), theme.px(60), theme.px(16)
        count = len(self.group.buttons)
        left = (size[0] - count * bw - (count - 1) * gap) // 2
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(left + i * (bw + gap), size[1] - bh - theme.px(28), bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons, F for the folder, R to reset, Enter or Escape."""
        keys = {pygame.K_f: "folder", pygame.K_r: "reset"}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self._choose(keys[event.key])
            return True
        return self.group.handle_with_escape(event, lambda: self._choose("back"))

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the table, where the numbers are kept, and Back."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w = surface.get_width()
        theme.blit_text(surface, "Statistics", th.TITLE, (w // 2, theme.px(44)), th.TEXT, "center")
        theme.blit_text(surface, "Against the computer: your wins, losses and draws. "
                        "Hot-seat: each side's wins, and draws.", th.BODY,
                        (w // 2, theme.px(84)), th.DIM, "center")
        draw_panel(surface, theme, self.panel)
        self._draw_table(surface)
        foot = self.messages[0] if self.messages else \
            self.note or "Kept in your Quintet data folder (Show folder shows it)."
        if not self.messages and self.hinted:
            foot = f"{hints_line(self.hinted)} {foot}"
        colour = th.WARNING if self.messages else th.DIM
        step = max(theme.px(20), theme.line(th.CAPTION))
        for i, line in enumerate(theme.wrap(foot, th.CAPTION, self.panel.width)[:2]):
            theme.blit_text(surface, line, th.CAPTION,
                            (w // 2, self.panel.bottom + theme.px(14) + step * i), colour, "midtop")
        self.group.draw(surface, theme, th.LABEL)

    def _draw_table(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        panel = self.panel
        pad = theme.px(20)
        first = int((panel.width - 2 * pad) * 0.22)
        column = (panel.width - 2 * pad - first) // len(OPPONENTS)
        rows = len(GAMES) + 2
        step = min(theme.px(64), (panel.height - 2 * pad) // rows)
        x0, y = panel.left + pad, panel.top + pad
        for i, opponent in enumerate(OPPONENTS):
            theme.blit_text(surface, HEADINGS[opponent], th.HEADING * 0.84,
                            (x0 + first + column * i + column // 2, y + step // 2), th.ACCENT,
                            "center")
        summed = totals(self.games)
        lines = [(spec.title, {o: self.games.get(gid, {}).get(o) for o in OPPONENTS}, gid)
                 for gid, spec in GAMES.items()]
        for r, (title, cells, game_id) in enumerate(lines, start=1):
            top = y + r * step
            pygame.draw.line(surface, th.PANEL_EDGE, (x0, top), (panel.right - pad, top))
            self._draw_row(surface, title, top, step, first, column,
                           [cell_text(game_id, o, cells[o]) for o in OPPONENTS], th.TEXT)
        top = y + (len(lines) + 1) * step
        pygame.draw.line(surface, th.PANEL_EDGE, (x0, top), (panel.right - pad, top), 2)
        self._draw_row(surface, "All games", top, step, first, column,
                       [self._total_text(o, summed[o]) for o in OPPONENTS], th.DIM)

    def _draw_row(self, surface, title, top, step, first, column, texts, colour) -> None:
        theme = self.app.theme
        x0 = self.panel.left + theme.px(20)
        size = NAME_SIZES[-1]
        for size in NAME_SIZES:
            if theme.text(title, size).get_width() <= first - theme.px(8):
                break
        theme.blit_text(surface, title, size, (x0, top + step // 2), colour, "midleft")
        for i, text in enumerate(texts):
            lines, fit = cell_lines(theme, text, column - theme.px(10))
            line_h = theme.line(fit)
            for j, line in enumerate(lines):
                y = top + step // 2 + round((j - (len(lines) - 1) / 2) * line_h)
                theme.blit_text(surface, line, fit, (x0 + first + column * i + column // 2, y),
                                colour, "center")

    @staticmethod
    def _total_text(opponent: str, counts: dict[str, int]) -> str:
        played = sum(counts.values())
        if not played:
            return "-"
        if opponent == HOT_SEAT:
            return f"{played} played, {plural(counts['drawn'], 'draw')}"
        return record_words(counts)
