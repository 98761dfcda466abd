"""Lessons: a guided first game of a game, as data (assets/lessons/<game>.json).

A lesson is a script of a game's opening: the learner's moves (each asked in words, with a word
of help for a wrong one), the computer's answers and every chance outcome, fixed in advance, and
the explanation that shows from each step on, so a rule is explained the moment it first matters
(and, like the move log, only once the moves before that step have been revealed and shown: the
play screen tells `words_at` how many have). A step's words come before its move: they say what
the learner is about to do and why (shown with the step's ask), or, before a computer's or a
chance step, what to watch for, never what it will be; what a move did is told by the words of
the step after it, once it has shown. A move with no words of its own is made without a pause,
on the page before it (`page_at`). When the script runs out the game goes on against the Easy
computer.

    {"format": "quintet-lesson", "version": 1, "game": "pulling_strings", "learner": 0,
     "options": {}, "finish": "...",
     "steps": [{"by": "computer", "move": "t"},
               {"by": "you", "move": "c", "ask": "Pull string c", "say": "...", "help": "..."},
               {"by": "chance", "move": "135"}]}

At a turn both seats choose in secret the computer's step comes first, as the play screen asks
the computer first. `Lesson.check` plays a script through the engine and says where it breaks.
"""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from game.core import GameError, NodeKind, State
from game.record import CHANCE, Entry, apply_entry
from game.game_data import objects, read_game_file
from game.registry import get_game

LESSON_FORMAT = "quintet-lesson"
LESSON_VERSION = 1
BY = ("you", "computer", "chance")
STEP_KEYS = frozenset({"by", "move", "say", "ask", "help"})
KEYS = frozenset({"format", "version", "game", "learner", "options", "finish", "steps"})


class LessonError(GameError):
    """A lesson script that cannot be read or played; the message says which step and why."""


@dataclasses.dataclass(frozen=True)
class LessonStep:
    """One scripted decision: whose (the learner, the computer, chance), and its text."""

    by: str  # "you", "computer" or "chance"
    move: str  # the move's text, or the chance outcome's
    say: str = ""  # the explanation shown from this step on
    ask: str = ""  # what the learner is asked to do ("Pull string c")
    help: str = ""  # said after a wrong move (the ask is said when this is empty)


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A game's guided opening: the script and its words."""

    game: str
    learner: int  # the learner's seat
    options: Mapping[str, Any]
    finish: str  # shown once the script has run out and the Easy computer takes over
    steps: tuple[LessonStep, ...]

    def seat_of(self, step: LessonStep) -> int | str:
        """The actor of a step as a record names it: a seat, or `*` for chance."""
        if step.by == "chance":
            return CHANCE
        return self.learner if step.by == "you" else 1 - self.learner

    def entry(self, index: int) -> Entry:
        """Step `index` as a record entry."""
        step = self.steps[index]
        return Entry(self.seat_of(step), step.move)

    @property
    def pages(self) -> int:
        """How many steps carry words: the lesson's length as the learner counts it (a move
        with no words of its own belongs to the page before it)."""
        return sum(1 for step in self.steps if step.say)

    def page_at(self, index: int) -> int:
        """The page on show (from 0) once `index` of the script's steps have been made and
        shown; `pages` once the script has run out."""
        if index >= len(self.steps):
            return self.pages
        return sum(1 for step in self.steps[:index + 1] if step.say) - 1

    def words_at(self, index: int) -> str:
        """The explanation on show once `index` of the script's steps have been made and shown."""
        if index >= len(self.steps):
            return self.finish
        for step in reversed(self.steps[:index + 1]):
            if step.say:
                return step.say
        return ""

    def check(self) -> State:
        """Play the whole script through the engine; the state it ends in (LessonError if a
        step does not fit: a wrong actor, an illegal move, the game over before its end)."""
        spec = get_game(self.game)
        state = spec.start(spec.resolve_options(self.options))
        for index, step in enumerate(self.steps):
            where = f"step {index + 1} ({step.by} {step.move!r})"
            if state.kind is NodeKind.TERMINAL:
                raise LessonError(f"{where}: the game is already over")
            actor = self.seat_of(step)
            if actor == CHANCE and state.kind is not NodeKind.CHANCE:
                raise LessonError(f"{where}: no chance is pending")
            if actor != CHANCE and actor not in state.awaiting:
                raise LessonError(f"{where}: the game is waiting for {state.awaiting or 'chance'}")
            if step.by == "you" and not step.ask:
                raise LessonError(f"{where}: a learner's step needs an ask")
            try:
                state = apply_entry(spec, state, Entry(actor, step.move)).state
            except GameError as error:
                raise LessonError(f"{where}: {error}") from None
        if state.kind is NodeKind.TERMINAL:
            raise LessonError("the script ends the game: the learner must play on against Easy")
        return state


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key!r} must be {'a non-empty ' if required else 'a '}text")
    return value.strip()


def lesson_from_json(text: str) -> Lesson:
    """Read a lesson file's text (LessonError says what is wrong and where)."""
    data, game, options = read_game_file(text, LESSON_FORMAT, LESSON_VERSION, KEYS, LessonError)
    learner = data.get("learner")
    if learner not in (0, 1) or isinstance(learner, bool):
        raise LessonError("'learner' must be seat 0 or 1")
    steps = []
    for where, raw in objects(data, "steps", STEP_KEYS, "step", LessonError):
        by = raw.get("by")
        if by not in BY:
            raise LessonError(f"{where}: 'by' must be one of {BY}")
        steps.append(LessonStep(by, _text(raw, "move", where), _text(raw, "say", where, False),
                                _text(raw, "ask", where, False), _text(raw, "help", where, False)))
    if not steps[0].say:
        raise LessonError("step 1: the first step needs a 'say' (the welcome)")
    return Lesson(game, learner, MappingProxyType(dict(options)), _text(data, "finish", "lesson"),
                  tuple(steps))
