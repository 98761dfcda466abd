"""RecordsScene: games in progress and record files, to replay, review, continue or export.

Reading the folder and opening a record file run in background tasks (scenes/store/background.py),
so a folder of many files, or a damaged giant, never holds up a frame: the list says how far the
reading has got, and the message line says a file is being opened.
"""
from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING

import pygame

from game.record import Record
from game.undo import without_sealed_tail
from game.words.replay_book import ReplayBook
from scenes.shell import theme as th
from scenes.shell.folders import show_folder
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel, draw_scrollbar, scroll_at
from scenes.store.background import Task
from scenes.store.plain_text import printable
from scenes.store.records import RecordSummary, file_stem, record_meta
from scenes.store.saves import SavedGame
from scenes.store.storage import FileProblem

if TYPE_CHECKING:  # the App runs screens and never imports them
    from scenes.shell.app import App

ROW = 50  # design pixels per row of the list
# a cell of the list: running words, smaller step by step until they fit their column
CELL_SIZES = (th.BODY, th.BODY * 0.9, th.CAPTION, th.CAPTION * 0.9)


@dataclasses.dataclass(frozen=True)
class Row:
    """One line of the list: a saved game in progress, or a record file."""

    columns: tuple[str, str, str, str]
    saved: SavedGame | None = None
    summary: RecordSummary | None = None

    @property
    def problem(self) -> str:
        """Why this record file cannot be opened, when its header already says so."""
        return self.summary.problem if self.summary else ""


def when_text(stamp: str) -> str:
    """"2024-05-01T14:03:12" as "2024-05-01 14:03"."""
    return stamp.replace("T", " ")[:16]


def build_rows(saves: list[SavedGame], summaries: list[RecordSummary]) -> list[Row]:
    """Games in progress first (the latest first), then record files (the newest first)."""
    rows = []
    for saved in saves:
        title, players, turn = saved.parts()
        rows.append(Row((title, players, f"in progress, {turn}", when_text(saved.saved)),
                        saved=saved))
    for summary in summaries:
        if summary.problem:
            short = summary.problem.split(" (")[0]  # Replay says it in full
            rows.append(Row(("Damaged record", "", f"cannot open: {short}", ""),
                            summary=summary))
        else:
            rows.append(Row((summary.title, summary.players, summary.result,
                             when_text(summary.when)), summary=summary))
    return rows



def opening_failed(name: str, problem: FileProblem) -> str:
    """Why a listed record did not open: its problem, and the file's name while there is a file
    to look at (never the folder's place: Show folder opens it)."""
    words = f"{name[:1].upper()}{name[1:]} could not be opened: it {problem.problem}"
    if os.path.lexists(problem.path):
        return f"{words} (the file {printable(problem.path.name)})."
    return f"{words}."


class RecordsScene(Scene):
    """The list; Replay, Review, Continue (games in progress), Export and Delete; Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.records = app.data.records()
        self.saves = app.data.saves()
        self.rows: list[Row] = []
        self.selected = 0
        self.scroll = 0
        self.message = ""
        self.message_is_error = False
        self.reading: Task | None = Task(self._read_folder, name="quintet-records")
        self.opening: tuple[Task, str, str] | None = None  # a file being opened: the task,
        # its name, the screen it opens in (replay or review)
        self.shown_progress = (0, 0)
        self.group = ButtonGroup([Button("Replay", "replay", hint="Enter"),
                                  Button("Review", "review", hint="V"),
                                  Button("Continue", "continue", hint="C"),
                                  Button("Export", "export", hint="X"),
                                  Button("Delete", "delete", hint="Del"),
                                  Button("Show folder", "folder", hint="F"),
                                  Button("Back", "back", hint="Esc")], self._choose, columns=7)
        self.group.focus = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)  # the list's panel, its margins round the rows
        self._update_buttons()

    # ---- the background work ------------------------------------------------------------------
    def _read_folder(self, task: Task, said: str = "") -> tuple:
        saves, messages = self.saves.scan()
        return saves, messages, self.records.listing(task), said

    def _delete_then_read(self, row: Row, task: Task) -> tuple:
        if row.saved is not None:
            said = self.saves.delete(row.saved)
        else:
            assert row.summary is not None  # a row is a save or a record file
            said = self.records.delete(row.summary)
        return self._read_folder(task, said)

    def update(self, dt: float) -> None:
        """Take in what the background tasks have finished; show how far the reading has got."""
        if self.reading is not None:
            if self.reading.done:
                task, self.reading = self.reading, None
                saves, messages, summaries, said = task.result()
                self.app.notices.extend(messages)
                self.rows = build_rows(saves, summaries)
                if messages:
                    self.say(messages[0], error=True)
                elif said:
                    self.say(said, error=not said.startswith(("Deleted", "Exported")))
                self.select(self.selected)
                self._update_buttons()
                self.app.invalidate()
            elif self.reading.progress != self.shown_progress:
                self.shown_progress = self.reading.progress
                self.app.invalidate()
        if self.opening is not None and self.opening[0].done:
            (task, name, screen), self.opening = self.opening, None
            self._update_buttons()
            try:
                record, book = task.result()
            except FileProblem as problem:
                self.say(opening_failed(name, problem), error=True)
                return
            self.say("")
            self.app.go(screen, record=record, name=name, book=book)

    def exit(self) -> None:
        """Leaving: work still running is no longer wanted."""
        for task in (self.reading, self.opening[0] if self.opening else None):
            if task is not None:
                task.cancel()

    # ---- the selection ----------------------------------------------------------------------
    @property
    def row(self) -> Row | None:
        """The selected row, if any."""
        return self.rows[self.selected] if self.rows else None

    def _update_buttons(self) -> None:
        row = self.row
        replay, review, resume, export, delete, _, _ = self.group.buttons
        # a damaged file says what is wrong when opened
        replay.enabled = review.enabled = row is not None and self.opening is None
        resume.enabled = export.enabled = row is not None and row.saved is not None
        delete.enabled = row is not None and self.reading is None and self.opening is None

    def select(self, index: int) -> None:
        """Select a row (kept in view)."""
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        visible = self._visible()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
        self._update_buttons()
        self.app.invalidate()

    def _visible(self) -> int:
        return max(1, self.list_rect.height // self.app.theme.px(ROW))

    def scroll_track(self) -> pygame.Rect:
        """Where the list's scrollbar runs: in the panel's margin, right of the rows."""
        theme = self.app.theme
        return pygame.Rect(self.list_rect.right + theme.px(5), self.list_rect.top, theme.px(6),
                           self._visible() * theme.px(ROW) - theme.px(4))

    def more_words(self) -> str:
        """Which rows show, when not all of them do ("" when all show)."""
        shown = min(len(self.rows), self.scroll + self._visible())
        if self.scroll == 0 and shown == len(self.rows):
            return ""
        return (f"Rows {self.scroll + 1}-{shown} of {len(self.rows)}: "
                "the wheel, the arrows or the bar on the right show the rest.")

    # ---- actions ------------------------------------------------------------------------------
    def _choose(self, value: str) -> None:
        row = self.row
        if value == "back":
            self.app.stack.pop()
        elif value == "folder":
            self.say(show_folder(self.records.folder) or "The records folder is open in your "
                     "file manager: put a record file there to see it here.")
        elif row is None:
            return
        elif value == "replay":
            self.replay(row)
        elif value == "review":
            self.replay(row, screen="review")  # who was ahead, move by move
        elif value == "continue" and row.saved is not None:
            self.app.reset("continue", saved=row.saved)
        elif value == "export" and row.saved is not None:
            self.export(row.saved)
        elif value == "delete" and self.reading is None and self.opening is None:
            self.ask_to_delete(row)

    def ask_to_delete(self, row: Row) -> None:
        """The confirmation before a record file or a game in progress is deleted."""
        title, players, status, when = row.columns
        what = "this game in progress" if row.saved is not None else "this record"
        self.say("")  # the last action's message is done with: the question is the thing now
        self.app.go("confirm", title=f"Delete {what}?",
                    question=" · ".join(part for part in (title, players, status, when) if part),
                    yes="Delete", no="Keep", on_yes=lambda: self.delete(row))

    def delete(self, row: Row) -> None:
        """Delete a row's file in the background (only if it is still the file listed), then
        read the folder again."""
        self.reading = Task(lambda task: self._delete_then_read(row, task),
                            name="quintet-records")
        self.shown_progress = (0, 0)
        self._update_buttons()

    def replay(self, row: Row, screen: str = "replay") -> None:
        """Open the selected game in the replay viewer (or its review). A record file is
        checked in full and the replay worked out in the background: it shows when ready."""
        if self.opening is not None:
            return
        if row.saved is not None:
            saved, name = row.saved, "game in progress"
            task = Task(lambda _: self._prepare(saved.record), name="quintet-open-record")
        else:
            summary = row.summary
            assert summary is not None  # a row is a save or a record file
            path = summary.path
            name = f"the {summary.title} record" if not summary.problem else "the damaged record"
            task = Task(lambda _: self._prepare(self.records.open(path)),
                        name="quintet-open-record")
        self.opening = (task, name, screen)
        self.say(f"Opening {name}...")
        self._update_buttons()

    def _prepare(self, record: Record) -> tuple[Record, ReplayBook]:
        return record, ReplayBook.of(record)

    def export(self, saved: SavedGame) -> None:
        """Write a game in progress as a record file (a choice still sealed is left out)."""
        record = dataclasses.replace(without_sealed_tail(saved.record),
                                     meta=record_meta(saved.controllers, saved.started,
                                                      exported=saved.saved))
        self.say("Exporting...")
        self.reading = Task(lambda task: self._export_then_read(record, task),
                            name="quintet-records")  # written off the frame loop
        self._update_buttons()

    def _export_then_read(self, record: Record, task: Task) -> tuple:
        try:
            self.records.add(record, file_stem(record.game, finished=False))
        except OSError as error:
            return self._read_folder(task, f"Could not export the game: "
                                           f"{error.strerror or error}.")
        return self._read_folder(task, f"Exported: the {record.spec.title} game is listed here "
                                       "as an unfinished record (Show folder shows its file).")

    def say(self, text: str, error: bool = False) -> None:
        """A line under the list."""
        self.message, self.message_is_error = text, error
        self.app.invalidate()
        if error:
            self.app.sound.play("deny")

    # ---- layout and input ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The list in a panel; the buttons beneath."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(1180))
        left = (size[0] - w) // 2
        self.list_rect = pygame.Rect(left + theme.px(16), theme.px(132), w - theme.px(32),
                                     size[1] - theme.px(132) - theme.px(170))
        self.panel_rect = self.list_rect.inflate(theme.px(32), theme.px(16))
        bw, bh, gap = theme.px(200), theme.px(60), theme.px(16)
        count = len(self.group.buttons)
        bw = min(bw, (w - (count - 1) * gap) // count)  # the row no wider than the panel
        x = left + (w - count * bw - (count - 1) * gap) // 2
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(x + i * (bw + gap), size[1] - bh - theme.px(24), bw, bh)
        self.select(self.selected)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where a row of the list is drawn (as it is scrolled now), its picked look's tick clear
        of the scrollbar."""
        theme, area = self.app.theme, self.list_rect
        return pygame.Rect(area.left, area.top + (index - self.scroll) * theme.px(ROW),
                           area.width - theme.px(8), theme.px(ROW) - theme.px(4))

    def _row_at(self, pos) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.list_rect.top) // self.app.theme.px(ROW)
        return index if index < len(self.rows) else None

    def hover_key(self):
        """The button under the mouse."""
        return self.group.hover

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click or arrows to pick a row; the buttons or their keys; the wheel scrolls."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track = self.scroll_track().inflate(self.app.theme.px(10), 0)
            most = max(0, len(self.rows) - self._visible())
            if most and track.collidepoint(event.pos):  # the bar: jump to that part of the list
                self.scroll = scroll_at(track, event.pos[1], most)
                self.app.invalidate()
                return True
            index = self._row_at(event.pos)
            if index is not None:
                self.select(index)
                return True
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.rows) - self._visible())
            self.scroll = max(0, min(most, self.scroll - event.y))
            self.app.invalidate()
            return True
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self._visible(),
                    pygame.K_PAGEDOWN: self._visible()}.get(event.key)
            if step is not None:
                self.select(self.selected + step)
                return True
            value = {pygame.K_ESCAPE: "back", pygame.K_RETURN: "replay",
                     pygame.K_KP_ENTER: "replay", pygame.K_v: "review", pygame.K_c: "continue",
                     pygame.K_x: "export", pygame.K_f: "folder",
                     pygame.K_DELETE: "delete", pygame.K_BACKSPACE: "delete"}.get(event.key)
            if value is not None:
                button = next(b for b in self.group.buttons if b.value == value)
                if button.enabled:
                    self._choose(value)
                return True
        self.group.handle_event(event)
        return True

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, where the files are, the list, a message line and the buttons."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, "Records", th.TITLE, (w // 2, theme.px(44)), th.TEXT, "center")
        folder = "Finished games are kept as record files: Show folder shows where, and a record " \
                 "file put there is listed here."
        step = max(theme.px(22), theme.line(th.BODY))
        for i, line in enumerate(theme.wrap(folder, th.BODY, w - theme.px(60))[:2]):
            theme.blit_text(surface, line, th.BODY, (w // 2, theme.px(84) + step * i), th.DIM,
                            "center")
        panel = self.panel_rect
        draw_panel(surface, theme, panel)
        if self.reading is not None:
            done, total = self.shown_progress
            count = f": {done} of {total} files" if total else ""
            theme.blit_text(surface, f"Reading the records folder{count}...", th.BODY,
                            self.list_rect.center, th.DIM, "center")
        elif not self.rows:
            theme.blit_text(surface, "No games yet: finished and saved games appear here.",
                            th.BODY,
                            self.list_rect.center, th.DIM, "center")
        self._draw_rows(surface)
        draw_scrollbar(surface, self.scroll_track(), self.scroll, self._visible(), len(self.rows))
        message, colour = self.message, th.WARNING if self.message_is_error else th.ACCENT
        if not message and self.reading is None:  # say there is more than shows
            message, colour = self.more_words(), th.DIM
        if message:
            for i, line in enumerate(theme.wrap(message, th.BODY, w - theme.px(60))[:2]):
                theme.blit_text(surface, line, th.BODY,
                                (w // 2, panel.bottom + theme.px(12) + step * i), colour, "midtop")
        self.group.draw(surface, theme, th.LABEL)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.list_rect
        widths = (0.27, 0.25, 0.28, 0.20)
        for i in range(self.scroll, min(len(self.rows), self.scroll + self._visible())):
            row = self.rows[i]
            rect = self.row_rect(i)
            picked = i == self.selected  # the row the buttons act on: in the picked look
            if picked:  # a yellow ground with dark words, as a picked toggle or string end
                pygame.draw.rect(surface, th.ACCENT, rect, border_radius=theme.px(8))
            x = rect.left + theme.px(12)
            colours = (th.PICKED_INK,) * 4 if picked else self._colours(row)
            for text, share, colour in zip(row.columns, widths, colours):
                room = int(area.width * share) - theme.px(16)
                size = CELL_SIZES[-1]
                for size in CELL_SIZES:
                    if theme.text(text, size).get_width() <= room:
                        break
                lines = theme.wrap(text, size, room)[:2]  # two lines where one is too long
                step = min(theme.line(size), rect.height // len(lines))
                for j, line in enumerate(lines):
                    y = rect.centery + round((j - (len(lines) - 1) / 2) * step)
                    theme.blit_text(surface, line, size, (x, y), colour, "midleft")
                x += int(area.width * share)
            if picked:
                th.draw_state(surface, theme, th.Rounded(rect, theme.px(8)), th.PICKED)

    @staticmethod
    def _colours(row: Row) -> tuple:
        if row.problem:
            return (th.WARNING, th.DIM, th.WARNING, th.DIM)
        status = th.ACCENT if row.saved is not None else th.TEXT
        return (th.TEXT, th.DIM, status, th.DIM)
