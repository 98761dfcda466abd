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
from typing import Any, Generic, Mapping, Sequence

from game.core import Event, GameOver, Move, Outcome, StateT
from game.spec import GameSpec
from game.words.chances import gerund


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


def join_alike(parts: Sequence[str], last: str = "or") -> str:
    """Choices joined with the words they share said once: 'orange or pink as your Bonus
    Colour', 'the token in column 2 or 4 as the Pivot'; choices of several kinds each said once
    with the ends that differ ('swap your team 2 for the common 3 or 1, or end the turn')."""
    parts = [p for p in parts if p]
    factored = _factored(parts, last)
    if factored or len(parts) <= 1:
        return factored or "".join(parts)
    groups: list[tuple[list[str], int, list[str]]] = []  # (words, where they differ, there)
    for part in parts:
        words = part.split(" ")
        for group, (first, at, values) in enumerate(groups):
            differ = [i for i, (a, b) in enumerate(zip(first, words)) if a != b]
            if len(first) == len(words) and len(differ) == 1 and at in (-1, differ[0]):
                at = differ[0]
                groups[group] = (first, at, (values or [first[at]]) + [words[at]])
                break
        else:
            groups.append((words, -1, []))
    if len(groups) == len(parts):
        return join_words(parts, last)
    said = [" ".join(first[:at] + [join_words(values, last)] + first[at + 1:]) if at >= 0
            else " ".join(first) for first, at, values in groups]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f", {last} " + said[-1]


def _factored(parts: Sequence[str], last: str) -> str:
    """The parts with a shared start and end said once round one or two words of each that
    differ ("" when they share none, or differ in more)."""
    words = [p.split(" ") for p in parts]
    if len(words) <= 1:
        return ""
    shortest = min(len(w) for w in words)
    head = 0  # words every choice starts with, leaving each at least one of its own
    while head < shortest - 1 and all(w[head] == words[0][head] for w in words):
        head += 1
    tail = 0
    while head + tail < shortest - 1 and all(w[-1 - tail] == words[0][-1 - tail] for w in words):
        tail += 1
    middles = [w[head:len(w) - tail] for w in words]
    if not head + tail or max(len(m) for m in middles) > 2 \
            or len({tuple(m) for m in middles}) < len(middles):
        return ""
    return " ".join(words[0][:head] + [join_words([" ".join(m) for m in middles], last)]
                    + words[0][len(words[0]) - tail:])


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 athlete', '3 athletes' ('1 die', '2 dice' with `many`)."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def capital(text: str) -> str:
    """The text with its first letter a capital, unless its first word is a name the board
    writes in small letters (a coordinate such as i7)."""
    if any(ch.isdigit() for ch in text.split(" ", 1)[0]):
        return text
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """The text as a sentence: a capital first and a full stop (or other mark) last."""
    text = capital(text.strip())
    return text if not text or text[-1] in ".!?:" else text + "."


def ending(outcome: Outcome | None) -> str:
    """How a game ended, as a sentence ("Eks wins: 5 at home against 3.")."""
    if outcome is None:
        return ""
    if outcome.winner is None:
        return sentence(f"drawn: {outcome.reason}" if outcome.reason else "drawn")
    return sentence(outcome.reason)


class Narrator(Generic[StateT]):
    """A game's words. The default speaks of moves by their text; games override."""

    reveal_word = "reveal!"  # the last word of the countdown before simultaneous choices show
    unit = "turn"  # what the game counts in (the top bar, the log, results, replay, review)

    def __init__(self, spec: GameSpec, options: Mapping[str, Any] | None = None) -> None:
        self.spec = spec
        self.options = spec.resolve_options(options)

    def seat_name(self, seat: int) -> str:
        """What the game calls a seat ("Eks", "South", "Yellow")."""
        return self.spec.seat_names[seat]

    # ---- counting ----------------------------------------------------------------------------
    def number(self, state: StateT) -> int:
        """The number of the turn on screen: the one under way, or once the game is over the
        last one played (the top bar, the log's numbers, results, replay and review agree)."""
        return state.turn - 1 if state.is_terminal else state.turn

    def units(self, count: int) -> str:
        """'1 turn', '13 turns' in this game's unit."""
        return plural(count, self.unit)

    # ---- asking for a choice ----------------------------------------------------------------
    def prompt(self, state: StateT, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        return f"{state.seat_name(seat)} to choose"

    def touch_prompt(self, state: StateT, seat: int) -> str:
        """The prompt for a touch screen (the kiosk): no word of keys to type."""
        prompt = self.prompt(state, seat)
        return prompt.replace(" (click or type its letter)", "").replace("click ", "tap ")

    def phone_prompt(self, state: StateT, seat: int) -> str:
        """What the seat must do, for its phone (where nothing of the board is clicked)."""
        return self.prompt(state, seat)

    def legal_words(self, state: StateT, seat: int, options: PickOptions) -> str:
        """What may be picked now, said after a click that is not a choice ("" for nothing
        more than the reason)."""
        return ""

    def choice_words(self, move: Move, state: StateT) -> str:
        """A move in words for its chooser ("pull c"): said while a secret choice waits for
        Lock in, and by a hint (never the log's text, which hides the chooser's secrets)."""
        return str(move)

    def move_words(self, move: Move, state: StateT) -> tuple[str, str]:
        """A move as a phone button: the group it is listed under, and its label."""
        return "", str(move)

    def move_place(self, move: Move) -> int:
        """Where a move's button comes within its group on a phone (the board's reading order)."""
        return 0

    # ---- secrets ----------------------------------------------------------------------------
    def has_secret(self, state: StateT, seat: int) -> bool:
        """True when this seat holds a lasting secret it may want to peek at (hot-seat)."""
        return False

    def secret_words(self, state: StateT, seat: int) -> str:
        """The seat's own lasting secret in words, for its phone ("" when it has none)."""
        return ""

    # ---- what happened ----------------------------------------------------------------------
    def status(self, state: StateT) -> list[str]:
        """Lines for the scores panel: the figures that decide the game."""
        scores = state.scores()
        if not scores:
            return []
        return [f"{state.seat_name(s)}: {scores[s]}" for s in (0, 1)]

    def describe(self, before: StateT, events: Sequence[Event], after: StateT) -> str:
        """A plain-words caption of what just happened (empty for nothing worth saying)."""
        over = next((e for e in events if isinstance(e, GameOver)), None)
        return ending(over.outcome) if over is not None else ""

    def result_words(self, state: StateT) -> str:
        """A finished game's result for the results screen: why it ended and after how long
        ("Eks has 5 at home against 3. Game over after 13 turns.")."""
        if state.outcome is None:
            return ""
        reason = sentence(state.outcome.reason) if state.outcome.reason else ""
        return f"{reason} Game over after {self.units(self.number(state))}.".strip()

    def summary(self, before: StateT, events: Sequence[Event], after: StateT) -> Summary | None:
        """Results that wait on screen for a player after this step (None: play goes on)."""
        return None

    def countdown_word(self, before: StateT, events: Sequence[Event]) -> str | None:
        """The countdown's last word before simultaneous choices are shown, or None for none."""
        return self.reveal_word

    def log_text(self, move: Move, seat: int, before: StateT) -> str:
        """A decision as the public move log says it, after the seat's name ("pulls c");
        secrets stay hidden here ("chose in secret")."""
        return f"plays {move}"

    def notation_text(self, move: Move, seat: int, before: StateT) -> str:
        """A decision in the game's notation for the log's notation view (secrets hidden)."""
        return str(move)

    def join_run(self, phrases: Sequence[str]) -> str:
        """One seat's decisions in a row, as one phrase: neighbours with the same verb share it
        ("covers f6, f7 and f8 and ends the turn")."""
        groups: list[tuple[str, list[str]]] = []
        for phrase in phrases:
            verb, _, rest = phrase.partition(" ")
            if groups and groups[-1][0] == verb and rest:
                groups[-1][1].append(rest)
            else:
                groups.append((verb, [rest] if rest else []))
        return join_words([f"{verb} {join_words(rests)}".strip() for verb, rests in groups])

    def chance_text(self, outcome: str, before: StateT) -> str:
        """How a chance outcome (its record text) appears in the public log, as a clause."""
        return f"chance gives {outcome}"

    def agreement_text(self) -> str:
        """The log's words when both players agree a draw."""
        return "both players agree a draw"

    def hint_note(self, move: Move, state: StateT, seat: int) -> str:
        """Why a hinted move is worth making where the hint's own reason says nothing ("")."""
        return ""

    # ---- hints ------------------------------------------------------------------------------
    def hint_choice(self, plan: Sequence[Move], alike: Sequence[Move], state: StateT,
                    seat: int) -> str:
        """A hinted turn in the chooser's words: its steps in order ("cover f6, g6 and h7"),
        or a move and the others exactly as good ("pull t or g")."""
        first = self.choice_words(plan[0], state)
        if alike:
            return join_alike([first] + [self.alike_words(m, state) for m in alike], "or")
        words, step, last = [first], state, first.split(" ", 1)[0]
        for before, move in zip(plan, plan[1:]):
            step = step.apply(before, seat).state
            verb, _, rest = self.choice_words(move, step).partition(" ")
            words.append(rest if verb == last and rest else f"{verb} {rest}".strip())
            last = verb  # a verb said just before is not said again ("pair ..., then ...")
        return ", then ".join(words)

    def next_best_words(self, plan: Sequence[Move], state: StateT, seat: int) -> str:
        """The choice a hint is compared with, as a hint's reason names it ("5 in 10 from
        pulling c")."""
        return gerund(self.hint_choice(plan, (), state, seat))

    def alike_words(self, move: Move, state: StateT) -> str:
        """Another choice as good as a hint's, named after it ("g" after "pull t")."""
        return self.choice_words(move, state)

    def hint_reason(self, facts: Any, state: StateT) -> str:
        """Why a hinted turn is good, from the facts the rules compute after it (see
        game/bots/hints.py); each game says its own, this is what every game can say."""
        return self.expects_words(facts)

    def expects_words(self, facts: Any) -> str:
        """The computer's own reckoning after a hinted turn ("the computer expects you to win
        from here 7 times in 10"), or that the turn wins."""
        if facts.wins:
            return "it wins the game"
        if facts.chance is None:
            return ""
        tenths = round(facts.chance * 10)
        if tenths >= 10:
            return "the computer expects you to win from here"
        if tenths <= 0:
            return "you are behind: the computer expects you to win from here less than " \
                "1 time in 10, but no other choice does better"
        return f"the computer expects you to win from here {tenths} times in 10"

    # ---- the review -------------------------------------------------------------------------
    def section_of(self, state: StateT) -> str:
        """The part of a match a position belongs to ("Game 2"); "" for a game of one part."""
        return ""

    def moment_words(self, before: StateT, events: Sequence[Event], after: StateT) -> str:
        """One step of the review's line in words: a move, a reveal or what chance gave."""
        return self.describe(before, events, after)

    def swing_words(self, before: StateT, events: Sequence[Event], after: StateT,
                    was: float, now: float) -> str:
        """A swing of the review as sentences: what happened, then whose chance it moved from
        what to what (`was` and `now`: the first seat's chance before and after)."""
        what = self.moment_words(before, events, after) or "Play went on."
        return f"{sentence(what)} {self.chance_words(after, was, now)}"

    def chance_words(self, after: StateT, was: float, now: float) -> str:
        """"Red's chance went from 40% to 63%.", for the seat it went up for."""
        seat = 0 if now >= was else 1
        old, new = (was, now) if seat == 0 else (1 - was, 1 - now)
        name = after.seat_name(seat)
        if after.is_terminal:
            result = "a draw" if after.outcome is not None and after.outcome.winner is None \
                else "a win"
            return f"{name}'s chance went from {round(old * 100)}% to {result}."
        if round(old * 100) == round(new * 100):
            return f"{name}'s chance rose a little, to about {round(new * 100)}%."
        return f"{name}'s chance went from {round(old * 100)}% to {round(new * 100)}%."
