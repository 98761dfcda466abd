"""LessonGuide: a lesson's script run on the play screen (the play scene owns one in a lesson).

The script is followed by position: the match's entry count is the step the game is at, so an
undo walks the lesson back too. The computer's moves and every chance outcome come from the
script; the learner's move must be the one asked, and any other gets a word of help. Before a
computer's or a chance step that carries an explanation, the play screen holds until the learner
presses Continue (a step with no words of its own is played without a pause). The lesson
explains, asks, shows, then tells: a step's words show with its ask (never a step behind it),
and they move on only once the play screen has revealed and animated the moves before them
(`catch_up`). Once the script has run out, the Easy computer plays on.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.core import GameError, Move
from game.lesson import Lesson, LessonError, LessonStep, lesson_from_json
from game.match import Match
from game.words import play_screen as says
from scenes.boards.base import Board
from scenes.play.parts.picker import Extra, Picker, Spot
from scenes.shell import theme as th
from scenes.shell.assets import asset_path
from scenes.shell.widgets import Button, button_shape, paragraph_step

EASY = "bot:easy"
# the explanation's type, the largest that fits its box: running words, a step smaller for a
# long step's words, then small print
LESSON_SIZES = (th.BODY, th.BODY * 0.9, th.CAPTION)


def load_lesson(game_id: str) -> Lesson:
    """The lesson of a game from assets/lessons (LessonError if it is missing or damaged)."""
    path = asset_path("lessons", f"{game_id}.json")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(f"the lesson of {game_id} could not be read ({error})") from None
    return lesson_from_json(text)


def lesson_controllers(lesson: Lesson) -> tuple[str, str]:
    """The seats of a lesson: the learner, and the Easy computer (scripted until the end)."""
    return tuple(  # type: ignore[return-value]
        "human" if seat == lesson.learner else EASY for seat in (0, 1))


class LessonGuide:
    """Where a lesson stands in a match, and what it asks, answers and says there."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.held = -1  # the last step held for reading (each is held once)
        self.seen = 0  # the steps the play screen has shown: the words speak of these alone

    def index(self, match: Match) -> int:
        """The step the game is at."""
        return len(match.entries)

    def told(self, match: Match) -> int:
        """The step the lesson's words are at: the game's, once its moves have shown."""
        return min(self.seen, self.index(match))

    def catch_up(self, match: Match) -> None:
        """Every move made so far has been revealed and animated: the words may tell of them."""
        if self.index(match) < self.seen:  # taken back: the steps ahead wait for Continue again
            self.held = -1
        self.seen = self.index(match)

    def running(self, match: Match) -> bool:
        """True while the script has steps left."""
        return self.index(match) < len(self.lesson.steps)

    def step(self, match: Match) -> LessonStep | None:
        """The script's next step, or None once it has run out."""
        index = self.index(match)
        return self.lesson.steps[index] if index < len(self.lesson.steps) else None

    def shown(self, match: Match) -> bool:
        """True while the lesson's words are on screen: the script, then its last words until
        the learner's first move of the free game."""
        steps = len(self.lesson.steps)
        shown = match.entries[steps:self.told(match)]
        return not any(entry.actor == self.lesson.learner for entry in shown)

    def words(self, match: Match) -> str:
        """The explanation on show (of the moves shown so far, never of one still hidden)."""
        return self.lesson.words_at(self.told(match))

    def progress(self, match: Match) -> str:
        """'Step 3 of 10' (counting the steps with words), or that the lesson is over."""
        lesson = self.lesson
        return says.lesson_progress(lesson.page_at(self.told(match)), lesson.pages)

    def pause(self, match: Match) -> str:
        """The top bar's words when play waits here for Continue (once per step: before a
        computer's or a chance step with an explanation to read); '' to play on."""
        step, index = self.step(match), self.index(match)
        if step is None or step.by == "you" or self.held == index or not step.say:
            return ""
        self.held = index
        return says.lesson_pause(read=bool(step.say), computer_next=step.by == "computer")

    def computer_move(self, match: Match, seat: int) -> Move | None:
        """The scripted move of the computer's seat now, or None when the script has none."""
        step = self.step(match)
        if step is None or step.by != "computer" or seat == self.lesson.learner:
            return None
        return match.spec.parse_move(step.move)

    def chance(self, match: Match) -> Any:
        """The scripted chance outcome now (None: draw it as usual)."""
        step = self.step(match)
        if step is None or step.by != "chance":
            return None
        return match.spec.parse_chance(step.move)

    def expected(self, match: Match, seat: int) -> Move | None:
        """The move the learner is asked for now, if any."""
        step = self.step(match)
        if step is None or step.by != "you" or seat != self.lesson.learner:
            return None
        try:
            return match.spec.parse_move(step.move)
        except GameError:
            return None

    def ask(self, match: Match, seat: int) -> str:
        """What the learner is asked to do now ('' when nothing is asked)."""
        step = self.step(match)
        return step.ask if step is not None and step.by == "you" and \
            seat == self.lesson.learner else ""

    def panel_words(self, match: Match) -> tuple[str, str] | None:
        """(progress, explanation) while the lesson's words show, else None."""
        if not self.shown(match):
            return None
        return self.progress(match), self.words(match)

    def spot(self, match: Match, seat: int | None, held: bool, picker: Picker,
             board: Board) -> Spot | None:
        """The spot or button the lesson asks to be picked next (its own ring, which Enter
        follows): Continue while play is `held`; once the secret choice asked for is
        selected, Lock in."""
        if held:
            return Extra("continue") if self.shown(match) else None
        move = self.expected(match, seat) if seat is not None else None
        if move is None:
            return None
        if picker.pending_choice() is not None:
            return Extra("lockin")  # only the lesson's choice is ever left selected
        selected = picker.selected
        for path in board.paths(move, match.state):
            depth = len(selected)
            if len(path) > depth and tuple(path[:depth]) == selected:
                return path[depth]
        return None

    def refusal(self, match: Match, seat: int, move: Move) -> str | None:
        """A word of help when a legal move is not the one the lesson asks for (None: fine)."""
        expected = self.expected(match, seat)
        if expected is None or str(move) == str(expected):
            return None
        step = self.step(match)
        assert step is not None
        return says.lesson_refusal(step.help or step.ask + ".")


def draw_guide_ring(surface: pygame.Surface, theme: th.Theme, spot: Any,
                    buttons: Sequence[Button], board: Board) -> None:
    """The lesson's guide round the spot or button it asks for next (none: nothing drawn):
    brackets that follow the spot's own shape, within the reach of a choice's looks, where no
    layout writes words."""
    if spot is None:
        return
    button = next((b for b in buttons if b.value == spot), None)
    shape = button_shape(theme, button.rect) if button is not None else board.spot_shape(spot)
    if shape is not None:
        th.draw_guide(surface, theme, shape)


def draw_lesson(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, progress: str,
                words: str) -> None:
    """The lesson's box in the side panel: its progress, then the explanation, in the largest
    type that fits (the smallest type cuts the words short rather than run out of the box)."""
    title = theme.blit_text(surface, progress, th.BODY, rect.topleft, th.ACCENT)
    top = title.bottom + theme.px(8)
    for size in LESSON_SIZES:
        lines = theme.wrap(words, size, rect.width)
        step = paragraph_step(theme, size, 1.25)
        if top + len(lines) * step <= rect.bottom or size == LESSON_SIZES[-1]:
            break
    y = top
    for line in lines:
        if y + step > rect.bottom + step // 3:
            break
        theme.blit_text(surface, line, size, (rect.left, y), th.TEXT)
        y += step
