"""Narrator: every sentence the app says about one game, written from states and events.

A narrator never draws and never imports pygame: the play screen's captions and prompts, the
move log, the side panel's figures, summary cards, hints' reasons, phones, replays, the review
and Records all ask it for words. Boards ask it too, for the few words drawn on a board. Each
game's narrator (game/words/<game>.py) overrides what its game says differently.

Seats are named as each game names them ("Eks", "South", "Yellow"); a move's notation ("c",
"take 4", "3x2") stays in records and typed moves, and a narrator turns it into words.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from game.core import Event, GameOver, Move, State
from game.spec import GameSpec


@dataclasses.dataclass(frozen=True)
class Summary:
    """Results a player reads before play goes on (a game of a match just ended)."""

    title: str
    lines: tuple[str, ...]  # an empty line is a gap


@dataclasses.dataclass(frozen=True)
class PickOptions:
    """What may be picked now, as facts a board reads off its spots: (group, values, purpose)
    rows such as ("common", (2, 5), "to remove with"), the buttons' labels, and how many spots
    are picked already."""

    groups: tuple[tuple[str, tuple[int, ...], str], ...] = ()
    buttons: tuple[str, ...] = ()
    picked: int = 0


def join_words(parts: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 athlete', '3 athletes' ('1 die', '2 dice' with `many`)."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def capital(text: str) -> str:
    """The text with its first letter a capital."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """The text as a sentence: a capital first and a full stop (or other mark) last."""
    text = capital(text.strip())
    return text if not text or text[-1] in ".!?:" else text + "."


def ending(outcome) -> str:
    """How a game ended, as a sentence ("Eks wins: 5 at home against 3.")."""
    if outcome is None:
        return ""
    if outcome.winner is None:
        return sentence(f"drawn: {outcome.reason}" if outcome.reason else "drawn")
    return sentence(outcome.reason)


class Narrator:
    """A game's words. The default speaks of moves by their text; games override."""

    reveal_word = "reveal!"  # the last word of the countdown before simultaneous choices show
    log_joiner = " "  # the move log's separator between one seat's decisions in a row
    unit = "turn"  # what the game counts in (the top bar, the log, results, replay, review)

    def __init__(self, spec: GameSpec, options: Mapping[str, Any] | None = None) -> None:
        self.spec = spec
        self.options = spec.resolve_options(options)

    # ---- counting ---------------------------------------------------------------------------
    def count_of(self, state: State) -> int:
        """How many of the game's units have been played to reach `state` (its turn so far,
        whole units once over)."""
        return state.turn

    def units(self, count: int) -> str:
        """'1 turn', '13 turns' in this game's unit."""
        return plural(count, self.unit)

    # ---- asking for a choice ----------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        return f"{state.seat_name(seat)} to choose"

    def phone_prompt(self, state: State, seat: int) -> str:
        """What the seat must do, for its phone (where nothing of the board is clicked)."""
        return self.prompt(state, seat)

    def legal_words(self, state: State, seat: int, options: PickOptions) -> str:
        """What may be picked now, said after a click that is not a choice ("" for nothing
        more than the reason)."""
        return ""

    def choice_words(self, move: Move, state: State) -> str:
        """A move in words for its chooser ("pull c"): said while a secret choice waits for
        Lock in, and by a hint (never the log's text, which hides the chooser's secrets)."""
        return str(move)

    def move_words(self, move: Move, state: State) -> tuple[str, str]:
        """A move as a phone button: the group it is listed under, and its label."""
        return "", str(move)

    def move_place(self, move: Move) -> int:
        """Where a move's button comes within its group on a phone (the board's reading order)."""
        return 0

    # ---- secrets ----------------------------------------------------------------------------
    def has_secret(self, state: State, seat: int) -> bool:
        """True when this seat holds a lasting secret it may want to peek at (hot-seat)."""
        return False

    def secret_words(self, state: State, seat: int) -> str:
        """The seat's own lasting secret in words, for its phone ("" when it has none)."""
        return ""

    # ---- what happened ----------------------------------------------------------------------
    def status(self, state: State) -> list[str]:
        """Lines for the scores panel: the figures that decide the game."""
        scores = state.scores()
        if not scores:
            return []
        return [f"{state.seat_name(s)}: {scores[s]}" for s in (0, 1)]

    def describe(self, before: State, events: Sequence[Event], after: State) -> str:
        """A plain-words caption of what just happened (empty for nothing worth saying)."""
        over = next((e for e in events if isinstance(e, GameOver)), None)
        return ending(over.outcome) if over is not None else ""

    def summary(self, before: State, events: Sequence[Event], after: State) -> Summary | None:
        """Results that wait on screen for a player after this step (None: play goes on)."""
        return None

    def countdown_word(self, before: State, events: Sequence[Event]) -> str | None:
        """The countdown's last word before simultaneous choices are shown, or None for none."""
        return self.reveal_word

    def log_text(self, move: Move, seat: int, before: State) -> str:
        """A decision as the public move log says it, after the seat's name ("pulls c");
        secrets stay hidden here."""
        return str(move)

    def chance_text(self, outcome: str, before: State) -> str:
        """How a chance outcome (its record text) appears in the public log."""
        return f"[{outcome}]"

    def agreement_text(self) -> str:
        """The log's line when both players agree a draw."""
        return "draw agreed"

    def hint_note(self, move: Move, state: State, seat: int) -> str:
        """Why a hinted move is worth making where the hint's own reason says nothing ("")."""
        return ""
