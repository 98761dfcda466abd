"""The play scene's drawing: top bar, board, score and log panel, action bar, countdown."""
from __future__ import annotations

import pygame

from scenes.boards.base import View
from scenes.play.parts.lesson_guide import draw_lesson
from scenes.shell import theme as th
from scenes.shell.widgets import draw_button, draw_panel, draw_veil

COUNTDOWN_STEP = 0.45  # seconds per beat of "3, 2, 1, pull!" at speed 1


def play_rects(theme: th.Theme, size: tuple[int, int], bottom_h: int) -> dict[str, pygame.Rect]:
    """The play screen's parts: top bar, board, side panel (scores, log) and action bar."""
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


class PlayDrawing:
    """Drawing mixed into PlayScene; `draw` never changes the game."""

    def prompt_words(self, state, seat: int) -> str:
        """The top bar's request to the chooser."""
        return self.board.prompt(state, seat)

    def lesson_words(self) -> tuple[str, str] | None:
        """A lesson's (progress, explanation) while it shows (None: no lesson)."""
        return None

    def lesson_spot(self):
        """The spot a lesson asks for next, ringed (None: none)."""
        return None

    def draw_hint(self, surface: pygame.Surface) -> None:
        """A hint's ghost over the board (none by default)."""

    def shown_focus(self):
        """The keyboard's focus, or else the spot a lesson asks for."""
        return self.focus if self.focus is not None else self.lesson_spot()

    def view(self) -> View:
        """What the board should draw this frame."""
        anim = self.animation or self.revealing
        if anim is not None:
            return View(state=anim.after if self.animation else anim.before, seat=self.viewer,
                        chooser=None, before=anim.before, events=anim.events,
                        timeline=anim.timeline if self.animation else None,
                        t=anim.t if self.animation else 0.0, clock=self.clock,
                        last=self.last.shown())
        return View(state=self.observation(), seat=self.viewer, chooser=self.chooser,
                    clickable=self.clickable(), selected=self.selected, hover=self.hover,
                    focus=self.shown_focus(), clock=self.clock, thinking=self.thinking_seat,
                    last=self.last.shown())

    def draw(self, surface: pygame.Surface) -> None:
        """Top bar, board, side panel, action bar and any countdown."""
        surface.fill(th.BACKGROUND)
        view = self.view()
        self.board.draw(surface, view)
        clip = surface.get_clip()  # an animation frame redraws only the board area
        if clip.colliderect(self.rects["top"]):
            self._draw_top(surface, view)
        if clip.colliderect(self.rects["side"]):
            self._draw_side(surface, view)
        if self.rects["bottom"].height and clip.colliderect(self.rects["bottom"]):
            self._draw_bottom(surface)
        self.draw_hint(surface)
        if self.countdown is not None:
            self._draw_countdown(surface)
        hold = getattr(self, "hold", None)
        if hold is not None and hold.summary is not None:
            self.board.draw_summary(surface, hold.summary)

    def _draw_top(self, surface: pygame.Surface, view: View) -> None:
        theme = self.app.theme
        top = self.rects["top"]
        pygame.draw.rect(surface, th.PANEL, top)
        title = theme.blit_text(surface, self.spec.title, 26, (theme.px(16), top.centery),
                                th.TEXT, "midleft")
        state = view.words_state
        hold = getattr(self, "hold", None)
        if self._busy():
            text = "Revealing..." if self.countdown is not None else ""
        elif hold is not None:
            text = hold.prompt
        elif self.handoff_open:
            text = ""
        elif self.thinking_seat is not None:
            text = self.thinking_text()
        elif view.chooser is not None:
            text = self.prompt_words(state, view.chooser)
        elif state.is_terminal:
            text = "Game over"
        else:
            text = self.waiting_text(state)
        shown = view.chooser if view.chooser is not None else self.thinking_seat
        colour = self.board.seat_colours[shown] if shown is not None else th.TEXT
        turn = theme.blit_text(surface, f"Turn {state.turn}", 20,
                               (top.right - theme.px(16), top.centery), th.DIM, "midright")
        # the prompt shrinks to fit between the title and the turn number; thinking dots come
        # and go without moving the words (placed as if all three dots showed)
        full = text.rstrip(".") + "..." if self.thinking_seat is not None else text
        left, right = title.right + theme.px(20), turn.left - theme.px(20)
        size = 24
        while size > 14 and theme.text(full, size).get_width() > right - left:
            size -= 2
        half = theme.text(full, size).get_width() / 2
        x = max(left + half, min(self.rects["board"].centerx, right - half))
        theme.blit_text(surface, text, size, (x - half, top.centery), colour, "midleft")

    def _draw_side(self, surface: pygame.Surface, view: View) -> None:
        theme = self.app.theme
        side = self.rects["side"]
        draw_panel(surface, theme, side)
        x, y = side.left + theme.px(14), side.top + theme.px(12)
        players = self.players_line()
        if players:  # against the computer: who is who
            for part in theme.wrap(players, 18, side.width - theme.px(28)):
                theme.blit_text(surface, part, 18, (x, y), th.ACCENT)
                y += theme.px(24)
            y += theme.px(8)
        theme.blit_text(surface, "Score", 20, (x, y), th.DIM)
        y += theme.px(28)
        words = view.words_state  # the figures change once the animation has shown it
        if self._status_memo[0] is not words:  # some scores take work (Strands' groups)
            self._status_memo = (words, self.board.status(words))
        for line in self._status_memo[1]:
            for part in theme.wrap(line, 20, side.width - theme.px(28)):
                theme.blit_text(surface, part, 20, (x, y))
                y += theme.px(26)
        y += theme.px(10)
        pygame.draw.line(surface, th.PANEL_EDGE, (x, y), (side.right - theme.px(14), y))
        y += theme.px(10)
        lesson = self.lesson_words()
        if lesson is not None:  # a lesson's words take the place of the move log
            bottom = side.bottom - theme.px(72 if self.in_lesson() else 10)
            draw_lesson(surface, theme, pygame.Rect(x, y, side.width - theme.px(28),
                                                    bottom - y), *lesson)
            return
        theme.blit_text(surface, "Moves", 20, (x, y), th.DIM)
        y += theme.px(28)
        step = round(theme.text_px(18) * 1.3)
        width = side.width - theme.px(28)
        lines = self.log.lines()
        key = (lines, width, theme.text_scale)
        if self._log_memo[0] != key:  # wrapping measures every word: do it when the log changes
            wrapped: list[str] = []
            for line in lines:
                parts = theme.wrap(line, 18, width)
                wrapped += [parts[0]] + ["   " + p for p in parts[1:]]
            self._log_memo = (key, wrapped)
        wrapped = self._log_memo[1]
        room = max(0, (side.bottom - theme.px(10) - y) // step)
        for line in wrapped[-room:] if room else []:
            theme.blit_text(surface, line, 18, (x, y), th.TEXT)
            y += step

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.rects["bottom"]
        if self.typed:
            line, colour = f"Typed: {self.typed}_", th.ACCENT
        elif self.message:
            line, colour = self.message, th.WARNING if self.message_is_error else th.TEXT
        else:  # a result held for the players is the thing to read: it stands out
            line = self.caption
            colour = th.TEXT if getattr(self, "hold", None) is not None else th.DIM
        if line:
            shown = theme.wrap(line, 19, area.width)[:2]
            for i, text in enumerate(shown):
                theme.blit_text(surface, text, 19, (area.left, area.top + i * theme.px(22)),
                                colour)
        picked = getattr(self, "selected", ())
        focus = self.shown_focus()
        for button in self.buttons:
            draw_button(surface, theme, button, hovered=button.value == self.hover,
                        focused=button.value == focus, size=22,
                        selected=button.value in picked  # the choice waiting, and Lock in
                        or getattr(button.value, "name", None) == "lockin")

    def _draw_countdown(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        beats = ["3", "2", "1", self.countdown_word]
        index = min(3, max(0, 3 - int(max(self.countdown, 0) / COUNTDOWN_STEP)))
        draw_veil(surface, 110, self.rects["board"])
        stage = self.board.stage()  # over the play, clear of the board's own panels
        size = 120
        while size > 40 and theme.text(beats[index], size).get_width() > stage.width:
            size -= 10
        theme.blit_text(surface, beats[index], size, stage.center, th.ACCENT, "center")
