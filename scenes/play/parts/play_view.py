"""The play screen's drawing: top bar, board, score and log panel, action bar, countdown."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core import State
from game.words.base import capital
from scenes.boards.base import BOARD_RADIUS, Board, View
from scenes.play.parts.lesson_guide import draw_guide_ring, draw_lesson
from scenes.play.parts.screen import PlayScreen
from scenes.play.parts.turns import COUNTDOWN_STEP
from scenes.shell import theme as th
from scenes.shell.widgets import draw_button, draw_panel, veil_mask

if TYPE_CHECKING:
    from scenes.shell.app import App


# The prompt in the top bar is a control's words, as large as a heading when it fits and
# smaller step by step (down the type scale) until it fits between the title and the turn.
PROMPT_SIZES = tuple(th.LABEL * factor for factor in (1.1, 1.0, 0.9, 0.8, 0.7, 0.64))
# The side panel's type roles: a section's name (small bold capitals, grey), the scores (the
# panel's figures, semibold), the move log (running words, the latest bright, those before soft)
SECTION = th.HEADING * 0.7
PLAYERS = th.BODY
SCORE = th.LABEL * 0.85
LOG = th.BODY
# The countdown's "3", "2", "1" and word fill the board's stage: the app's largest type, and
# smaller only for a word too wide for a narrow stage.
COUNTDOWN_SIZES = tuple(th.DISPLAY * (1.4 - 0.115 * step) for step in range(9))


MESSAGE_LINES = 3  # the action bar's message has room for this many lines above the buttons
BUTTON_H = 56  # design pixels: the action bar's buttons (play_buttons.py lays them out)


def message_step(theme: th.Theme) -> int:
    """The distance between the action bar's lines of message (normal leading)."""
    return round(theme.line(th.BODY) * 1.2)


def play_rects(theme: th.Theme, size: tuple[int, int], bottom_h: int) -> dict[str, pygame.Rect]:
    """The play screen's parts: top bar, board, side panel (scores, log) and action bar (which
    holds its buttons and MESSAGE_LINES lines of message above them, at least)."""
    if bottom_h:
        bottom_h = max(bottom_h, theme.px(BUTTON_H) + MESSAGE_LINES * message_step(theme)
                       + theme.px(8))
    width, height = size
    pad = theme.px(12)
    top = pygame.Rect(0, 0, width, theme.px(56))
    side_w = max(200, min(int(width * 0.24), theme.px(380)))
    side = pygame.Rect(width - side_w - pad, top.bottom + pad, side_w,
                       height - top.bottom - 2 * pad)
    bottom = pygame.Rect(pad, height - bottom_h - pad, side.left - 2 * pad, bottom_h)
    board = pygame.Rect(pad, top.bottom + pad, side.left - 2 * pad,
                        bottom.top - top.bottom - 2 * pad)
    return {"top": top, "side": side, "bottom": bottom, "board": board}


def latest_entries(entries: list[list[str]], room: int, step: int = 1, gap: int = 0) -> \
        list[list[str]]:
    """The latest whole log entries (each a list of wrapped lines) that fit in `room` (lines
    `step` apart, entries a further `gap` apart; by default, room counts lines): an entry is
    never shown cut at the top, unless the last alone is too long."""
    shown: list[list[str]] = []
    used = -gap
    for entry in reversed(entries):
        used += gap + len(entry) * step
        if used > room:
            break
        shown.insert(0, entry)
    if not shown and entries and room >= step:
        shown = [entries[-1][-(room // step):]]
    return shown


def leading(theme: th.Theme, size: th.Size) -> int:
    """The distance from one line to the next at this size: normal leading (1.2 lines)."""
    return round(theme.line(size) * 1.2)


class PlayDrawing:
    """The play screen's picture, owned by its screen: `draw` never changes the game."""

    def __init__(self, scene: PlayScreen) -> None:
        self.scene = scene
        self.side = SidePanel(scene)
        self._veil_memo: tuple = (None, None)  # ((size, radius), the countdown's veil mask)

    def draw(self, surface: pygame.Surface) -> None:
        """Top bar, board, side panel, action bar and any countdown."""
        scene = self.scene
        surface.fill(th.BACKGROUND)
        view = scene.view()
        clip = surface.get_clip()  # a frame may redraw only the areas that changed
        if clip.colliderect(scene.rects["board"]):
            scene.board.draw(surface, view)
        if clip.colliderect(scene.rects["top"]):
            self._draw_top(surface, view)
        if clip.colliderect(scene.rects["side"]):
            guide, match = scene.guide, scene.turns.match
            self.side.draw_side(surface, view.words_state, scene.players_line(),
                                scene.turns.log.lines(scene.app.settings.notation),
                                guide.panel_words(match) if guide is not None else None,
                                scene.turns.in_lesson())
        if scene.rects["bottom"].height and clip.colliderect(scene.rects["bottom"]):
            self.draw_bottom(surface)
        draw_guide_ring(surface, scene.app.theme, scene.lesson_spot(), scene.buttons, scene.board)
        scene.hints.draw(surface)
        if scene.turns.countdown is not None:
            self._draw_countdown(surface)
        if scene.turns.hold is not None and scene.turns.hold.summary is not None:
            scene.board.draw_summary(surface, scene.turns.hold.summary)

    def _draw_top(self, surface: pygame.Surface, view: View) -> None:
        scene = self.scene
        theme = scene.app.theme
        top = scene.rects["top"]
        pygame.draw.rect(surface, th.PANEL, top)
        title = theme.blit_text(surface, scene.spec.title, th.HEADING,
                                (theme.px(16), top.centery), th.TEXT, "midleft")
        state = view.words_state
        thinking = scene.bots.thinking_seat
        if scene.turns.busy:
            text = "Revealing..." if scene.turns.countdown is not None else ""
        elif scene.turns.hold is not None:
            text = scene.turns.hold.prompt
        elif scene.turns.handoff_open:
            text = ""
        elif thinking is not None:
            text = scene.bots.thinking_text()
        elif view.chooser is not None:
            text = scene.prompt_words(state, view.chooser)
        elif state.is_terminal:
            text = "Game over"
        else:
            text = scene.phones.waiting_text(state)
        shown = view.chooser if view.chooser is not None else thinking
        colour = scene.board.seat_colours[shown] if shown is not None else th.TEXT
        # a finished game's counter names its last turn, not the one that will never start
        words = scene.turns.words
        turn = theme.blit_text(surface, f"{capital(words.unit)} {words.number(state)}", th.BODY,
                               (top.right - theme.px(16), top.centery), th.DIM, "midright")
        turn.left = scene.saves.draw_mark(surface, turn.left, top.centery)  # 'Not saved'
        # the prompt shrinks to fit between the title and the turn number; thinking dots come
        # and go without moving the words (placed as if all three dots showed)
        full = text.rstrip(".") + "..." if thinking is not None else text
        left, right = title.right + theme.px(20), turn.left - theme.px(20)
        size = PROMPT_SIZES[0]
        for size in PROMPT_SIZES:
            if theme.text(full, size).get_width() <= right - left:
                break
        half = theme.text(full, size).get_width() / 2
        x = max(left + half, min(scene.rects["board"].centerx, right - half))
        if thinking is None:
            theme.blit_text(surface, text, size, (x - half, top.centery), colour, "midleft")
            return
        bare = text.rstrip(".")  # the dots come and go as dots, never as a typed ".."
        drawn = theme.blit_text(surface, bare, size, (x - half, top.centery), colour, "midleft")
        dot = max(1, round(theme.role_font(size).size("H")[1] * 0.09))
        gap = max(3 * dot + 1, theme.text(".", size).get_width())
        baseline = drawn.top + theme.role_font(size).get_ascent() - dot
        for i in range(3):
            lit = i < len(text) - len(bare)
            pygame.draw.circle(surface, colour if lit else th.mix(colour, th.PANEL, 0.65),
                               (drawn.right + 2 * dot + i * gap, baseline), dot)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        """The action bar: what was typed, else the message, else the caption; the buttons."""
        scene = self.scene
        theme = scene.app.theme
        area = scene.rects["bottom"]
        if scene.picker.typed:
            line, colour = f"Typed: {scene.picker.typed}_", th.ACCENT
        elif scene.status.text:
            line = scene.status.text
            colour = th.WARNING if scene.status.is_error else th.TEXT
        else:  # a result held for the players is the thing to read: it stands out
            line = scene.turns.caption
            colour = th.TEXT if scene.turns.hold is not None else th.DIM
        if line:  # as many lines as there is room for above the buttons (MESSAGE_LINES)
            step = message_step(theme)
            room = max(1, (area.height - theme.px(BUTTON_H) - theme.px(4)) // step)
            for i, text in enumerate(theme.wrap(line, th.BODY, area.width)[:room]):
                theme.blit_text(surface, text, th.BODY, (area.left, area.top + i * step), colour)
        focus = scene.picker.focus
        for button in scene.buttons:
            draw_button(surface, theme, button, hovered=button.value == scene.picker.hover,
                        focused=button.value == focus, size=th.LABEL,
                        selected=button.value in scene.picker.selected)  # the choice waiting

    def _draw_countdown(self, surface: pygame.Surface) -> None:
        scene = self.scene
        theme = scene.app.theme
        beats = ["3", "2", "1", scene.turns.countdown_word]
        index = min(3, max(0, 3 - int(max(scene.turns.countdown or 0.0, 0) / COUNTDOWN_STEP)))
        area = scene.rects["board"]
        key = (area.size, theme.px(BOARD_RADIUS))
        if self._veil_memo[0] != key:
            self._veil_memo = (key, veil_mask(area.size, 110, key[1]))
        surface.blit(self._veil_memo[1], area.topleft, special_flags=pygame.BLEND_RGB_MULT)
        stage = scene.board.stage()  # over the play, clear of the board's own panels
        size = COUNTDOWN_SIZES[0]
        for size in COUNTDOWN_SIZES:
            if theme.text(beats[index], size).get_width() <= stage.width * 0.8:
                break
        # on a disc of its own, so a stack or token beneath never shows through the digit
        word = theme.text(beats[index], size)
        radius = max(word.get_width(), word.get_height()) // 2 + theme.px(14)
        pygame.draw.circle(surface, th.PANEL, stage.center, radius)
        pygame.draw.circle(surface, th.ACCENT, stage.center, radius, max(2, theme.px(3)))
        theme.blit_text(surface, beats[index], size, stage.center, th.ACCENT, "center")


class SideHost(Protocol):
    """What the side panel reads of its screen (the play screen's, or a replay's)."""

    app: "App"
    rects: dict[str, pygame.Rect]
    board: Board[State]


class SidePanel:
    """The side panel: who plays whom, the scores, then the move log or a lesson's words.
    PlayDrawing owns one; ReplayScene owns one of its own."""

    def __init__(self, scene: SideHost) -> None:
        self.scene = scene
        self._status_memo: tuple = (None, [])  # (state, the board's score lines)
        self._log_memo: tuple = (None, [])  # ((lines, width, scale), the lines wrapped)

    def draw_side(self, surface: pygame.Surface, words: State, players: str,
                  log_lines: list[str], lesson: tuple[str, str] | None = None,
                  leave_lesson: bool = False) -> None:
        """The side panel: who plays whom, the scores of `words` (the state the words
        describe), then the move log, or a lesson's (progress, explanation) in its place, above
        the Leave lesson button while the lesson runs."""
        scene = self.scene
        theme = scene.app.theme
        side = scene.rects["side"]
        draw_panel(surface, theme, side)
        x, y = side.left + theme.px(14), side.top + theme.px(12)
        width = side.width - theme.px(28)
        if players:  # against the computer: who is who
            for part in theme.wrap(players, PLAYERS, width):
                theme.blit_text(surface, part, PLAYERS, (x, y), th.ACCENT)
                y += leading(theme, PLAYERS)
            y += theme.px(8)
        y = self._section(surface, "Score", x, y)
        if self._status_memo[0] is not words:  # some scores take work (Strands' groups)
            self._status_memo = (words, scene.board.words.status(words))
        for line in self._status_memo[1]:
            for part in theme.wrap(line, SCORE, width):
                theme.blit_text(surface, part, SCORE, (x, y), th.TEXT)
                y += leading(theme, SCORE)
        y += theme.px(10)
        pygame.draw.line(surface, th.PANEL_EDGE, (x, y), (side.right - theme.px(14), y))
        y += theme.px(10)
        if lesson is not None:  # a lesson's words take the place of the move log
            bottom = side.bottom - theme.px(72 if leave_lesson else 10)
            draw_lesson(surface, theme, pygame.Rect(x, y, width, bottom - y), *lesson)
            return
        y = self._section(surface, "Moves", x, y)
        key = (log_lines, width, theme.text_scale)
        if self._log_memo[0] != key:  # wrapping measures every word: do it when the log changes
            entries = []
            for line in log_lines:
                parts = theme.wrap(line, LOG, width - theme.px(12))
                entries.append([parts[0]] + ["   " + p for p in parts[1:]])
            self._log_memo = (key, entries)
        step, gap = leading(theme, LOG), theme.px(5)  # normal leading; entries a little apart
        shown = latest_entries(self._log_memo[1], side.bottom - theme.px(10) - y, step, gap)
        for number, entry in enumerate(shown, 1):
            colour = th.TEXT if number == len(shown) else th.SOFT  # the latest stands out
            for line in entry:
                theme.blit_text(surface, line, LOG, (x, y), colour)
                y += step
            y += gap

    def _section(self, surface: pygame.Surface, name: str, x: int, y: int) -> int:
        """A section's name over its lines, small capitals in grey; where its lines start."""
        theme = self.scene.app.theme
        theme.blit_text(surface, name.upper(), SECTION, (x, y), th.DIM)
        return y + leading(theme, SECTION) + theme.px(4)
