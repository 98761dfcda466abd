"""Rule figures on the Rules screen: each a small position played on the game's own board,
looping (assets/figures/<game>.json, read by game/figures.py).

A FigurePlayer steps through its figure like a replay: the first position held, each move
animated by the board as in play, the last position held, then again from the start. It draws
only public views (a sealed choice shows sealed until its reveal) at the play screen's size and
shrinks the picture into its place in the text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.figures import Figure, FigureError, figures_from_json
from game.registry import GAMES
from scenes.boards import board_class
from scenes.boards.base import View, board_picture
from scenes.shell import theme as th
from scenes.shell.assets import asset_path

if TYPE_CHECKING:
    from scenes.shell.anim import Timeline

HOLD = 1.4  # seconds the first and the last position stay still (at animation speed 1)
PAUSE = 0.45  # seconds between two moves


def load_figures(game_id: str) -> list[Figure]:
    """A game's rule figures (none if its file is missing or damaged: the text still shows)."""
    try:
        return figures_from_json(asset_path("figures", f"{game_id}.json").read_text("utf-8"))
    except (OSError, UnicodeDecodeError, FigureError):
        return []


class FigurePlayer:
    """One figure, looping: hold, each move animated, hold, again."""

    def __init__(self, figure: Figure, theme: th.Theme) -> None:
        self.board = board_class(figure.game)(GAMES[figure.game], figure.options, theme)
        start, steps = figure.steps()
        self.start = start.observe_public()
        self.steps = [(b.observe_public(), events, a.observe_public()) for b, events, a in steps]
        self.index = 0  # moves shown so far
        self.timeline: Timeline | None = None
        self.t = 0.0
        self.wait = HOLD

    def update(self, dt: float) -> None:
        """Advance the loop by `dt` seconds (already scaled by the animation speed)."""
        if self.timeline is not None and self.t < self.timeline.duration:
            self.t += dt
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if self.index >= len(self.steps):  # the end held: from the start again
            self.index, self.timeline, self.wait = 0, None, HOLD
            return
        before, events, after = self.steps[self.index]
        self.index += 1
        self.timeline, self.t = self.board.animate(before, events, after), 0.0
        self.wait = HOLD if self.index == len(self.steps) else PAUSE

    def view(self) -> View:
        """What the board draws now."""
        if self.index == 0:
            return View(state=self.start, seat=None, chooser=None)
        before, events, after = self.steps[self.index - 1]
        return View(state=after, seat=None, chooser=None, before=before, events=events,
                    timeline=self.timeline, t=self.t)

    def picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The figure now, shrunk to `size`."""
        return board_picture(self.board, self.view(), size, th.PANEL)
