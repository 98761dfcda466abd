"""ResultsScene: who won and why, over the final board, with Rematch and Menu."""
from __future__ import annotations

import pygame

from game.words import after_game as says
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_panel, draw_veil
from scenes.store.controllers import HUMAN


class ResultsScene(Scene):
    """The outcome of a finished game; the final board stays visible beneath."""

    opaque = False

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.group = ButtonGroup([Button("Rematch", "rematch", hint="R"),
                                  Button("Menu", "menu", hint="M"),
                                  Button("Replay", "replay", hint="P"),
                                  Button("Review", "review", hint="V"),
                                  Button("See board", "board", hint="B")], self._choose,
                                 columns=5)
        self.group.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.hidden = False

    def _choose(self, value: str) -> None:
        if value == "rematch":
            play = self.play
            # the same seats and players (a person keeps the side they chose against the computer)
            self.app.reset("play", setup=play.rematch_setup())
        elif value == "menu":
            self.app.stack.reset(self.app.home_scene())
        elif value == "replay":
            self.app.go("replay", record=self.play.turns.match.record())
        elif value == "review":  # who was ahead after each move, and what swung it
            self.app.go("review", record=self.play.turns.match.record())
        else:
            self.hidden = not self.hidden

    def layout(self, size: tuple[int, int]) -> None:
        """A panel centred on the board area."""
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(640))
        h = theme.px(300)
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        count = len(self.group.buttons)
        gap = theme.px(16)
        bw, bh = (w - gap * (count + 1)) // count, theme.px(64)
        for i, button in enumerate(self.group.buttons):
            button.rect = pygame.Rect(self.panel.left + gap + i * (bw + gap),
                                      self.panel.bottom - bh - gap, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons, or R / M / B."""
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_r: "rematch", pygame.K_m: "menu", pygame.K_b: "board",
                        pygame.K_p: "replay", pygame.K_v: "review",
                        pygame.K_ESCAPE: "menu"}.get(event.key)
            if shortcut:
                self._choose(shortcut)
                return True
        if self.hidden and event.type == pygame.MOUSEBUTTONDOWN:
            self.hidden = False
            return True
        self.group.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Winner, reason and the deciding scores."""
        theme = self.app.theme
        if self.hidden:
            theme.blit_text(surface, says.SEE_RESULTS, th.BODY,
                            (surface.get_width() // 2, surface.get_height() - theme.px(24)),
                            th.ACCENT, "center")
            return
        draw_veil(surface, 140)
        draw_panel(surface, theme, self.panel)
        title, colour, who = self.headline()
        cx = self.panel.centerx
        # the outcome, the one thing to take in at a glance: larger than a screen's title
        theme.blit_text(surface, title, th.TITLE * 1.2, (cx, self.panel.top + theme.px(56)),
                        colour, "center")
        words = " ".join(part for part in (who, self.play.turns.words.result_words(
            self.play.turns.match.state)) if part)
        y = self.panel.top + theme.px(96)
        for line in theme.wrap(words, th.BODY, self.panel.width - theme.px(40))[:3]:
            theme.blit_text(surface, line, th.BODY, (cx, y), th.TEXT, "midtop")
            y += theme.line(th.BODY) + theme.px(4)
        filed = self.play.saves.filing_line()  # filed: Records (main menu) opens it again
        if filed:
            theme.blit_text(surface, filed, th.CAPTION,
                            (cx, self.group.buttons[0].rect.top - theme.px(16)), th.DIM, "center")
        self.group.draw(surface, theme, th.LABEL)

    def headline(self) -> tuple[str, tuple, str]:
        """The title, its colour and who played whom: against the computer, "You won!" or
        "You lost" and the computer's level; hot-seat, the winning side."""
        play = self.play
        state = play.turns.match.state
        outcome = state.outcome
        people = [seat for seat in (0, 1) if play.turns.controllers[seat] == HUMAN]
        you = people[0] if len(people) == 1 else None
        title = says.result_title(state, you)
        if outcome is None:
            return title, th.TEXT, ""
        sides = "" if you is None else says.sides(state, you, play.bots.levels[1 - you])
        if outcome.winner is None:
            return title, th.TEXT, sides
        if you is None:
            return title, play.board.seat_colours[outcome.winner], ""
        return title, th.ACCENT if outcome.winner == you else th.TEXT, sides
