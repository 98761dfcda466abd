"""Pulling Strings in words: pulls, what the stacks did, homes and the tie rule."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event, GameOver, Move, State
from game.rules.pulling_strings import (
    SIZE,
    STRING_ENDS,
    PullingStringsState,
    PullsRevealed,
    StackHeld,
    StackMoved,
    StacksCombined,
    StackSplit,
    StringBroken,
)
from game.words.base import Narrator, ending, join_words, plural
from game.words.chances import fitted, reason_room, worth_words

SIDES = (("Top", "abcde"), ("Right", "fghil"), ("Bottom", "sronm"), ("Left", "yxwvt"))
TOP, RIGHT, BOTTOM, LEFT = (letters for _, letters in SIDES)  # ends by side, in grid order
DIRECTION_WORDS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}  # a few stacks, in words


def count_word(count: int) -> str:
    """A few in words ("two"), more in figures."""
    return COUNT_WORDS.get(count, str(count))


def stacks_of(sizes: Sequence[int]) -> str:
    """Stacks by their sizes: "stacks of 3 and 1", or "two stacks of 1" when they are alike."""
    if len(sizes) > 1 and len(set(sizes)) == 1:
        return f"{count_word(len(sizes))} stacks of {sizes[0]}"
    return f"stacks of {join_words([str(size) for size in sizes])}"


def reveal_of(events: Sequence[Event]) -> PullsRevealed | None:
    """The step's revealed pulls, if it has them."""
    return next((e for e in events if isinstance(e, PullsRevealed)), None)


def side_of(letter: str) -> str:
    """'Top', 'Right', 'Bottom' or 'Left': where an end's letter sits around the grid."""
    return next((side for side, letters in SIDES if letter in letters), "")


def spread_words(whose: str, spread: Any, other: str) -> str:
    """A home total after a pull, over the other's every pull: "your homes go from 2 to 4,
    whatever Oh pulls", "your homes end with 1 to 3 (now 2), depending on what Oh pulls"."""
    if spread.low == spread.high:
        if spread.low == spread.before:
            return f"{whose} keep their {spread.before}, whatever {other} pulls" \
                if spread.before else ""
        return f"{whose} go from {spread.before} to {spread.low}, whatever {other} pulls"
    return f"{whose} end with {spread.low} to {spread.high} (now {spread.before}), depending " \
           f"on what {other} pulls"


def edge_words(facts: Any, other: str) -> str:
    """What the hinted pulls do that no other pull does ("the only pull that stops Oh being
    sure of bringing 2 pieces home next turn")."""
    edge = facts.edge
    if edge is None:
        return ""
    only = "the only pull" if not facts.alike else "the only pulls"
    if edge.figure == "homes_sure":
        rest = f"{edge.others} or fewer" if edge.others else "none"
        return f"{only} sure to leave {edge.mine} on your homes whatever {other} pulls; " \
               f"any other may leave {rest}"
    if edge.figure == "their_sure":
        return f"{only} that stops {other} being sure of bringing " \
               f"{plural(-edge.others, 'piece')} home next turn"
    if edge.figure == "their_homes":
        return f"{only} that holds {other}'s homes to {-edge.mine}; any other lets {other} " \
               f"reach {-edge.others} or more"
    return ""


class PullingStringsNarrator(Narrator[PullingStringsState]):
    """Eks and Oh pull string ends in secret; stacks move, split, combine, strings snap."""

    reveal_word = "pull!"

    def log_text(self, move: Move, seat: int, before: PullingStringsState) -> str:
        """"pulls c"."""
        return f"pulls {move}"

    def choice_words(self, move: Move, state: PullingStringsState) -> str:
        """"pull c"."""
        return f"pull {move}"

    def move_words(self, move: Move, state: PullingStringsState) -> tuple[str, str]:
        """A pull by its end's letter, under the side of the board it is on."""
        letter = str(move)
        side = side_of(letter)
        return (f"{side} ends" if side else ""), letter

    def move_place(self, move: Move) -> int:
        """Ends in the order they show: left to right along the top and bottom, top to bottom
        down the sides."""
        letter = str(move)
        return next((letters.index(letter) for _, letters in SIDES if letter in letters), 0)

    def prompt(self, state: PullingStringsState, seat: int) -> str:
        """Ask the chooser to pull."""
        return f"{state.seat_name(seat)}: pull a string (click or type its letter)"

    def phone_prompt(self, state: PullingStringsState, seat: int) -> str:
        """Ask the phone's player to pull: an end on the phone's own board, or its letter."""
        return f"{state.seat_name(seat)}: pull a string (tap its end, or its letter below)"

    def status(self, state: PullingStringsState) -> list[str]:
        """Home totals, the tie rule when it applies, broken strings and any turn limit."""
        scores = state.scores()
        lines = [f"Eks (X) at home: {scores[0]}", f"Oh (O) at home: {scores[1]}"]
        if getattr(state, "tied", False):
            lines.append("Tied at 5+: the next difference wins")
        else:
            lines.append("5 or more home: the higher total wins")
        broken = [STRING_ENDS[s] for s in range(2 * SIZE) if state.broken >> s & 1]
        if broken:
            lines.append("Broken: " + ", ".join("-".join(ends) for ends in broken))
        if getattr(state, "turn_limit", 0):
            lines.append(f"Turn limit: {state.turn_limit}")
        return lines

    def describe(self, before: PullingStringsState, events: Sequence[Event],
                 after: PullingStringsState) -> str:
        """Who pulled what, then what the stacks did, e.g. 'the stack of 5 splits in two'."""
        reveal = reveal_of(events)
        if reveal is None:
            return ""
        eks, oh = reveal.ends
        head = f"Both pulled {eks}" if eks == oh else f"Eks pulled {eks}, Oh pulled {oh}"
        clauses = self.clauses(events)
        text = f"{head}: {'; '.join(clauses)}." if clauses else f"{head}."
        over = next((e for e in events if isinstance(e, GameOver)), None)
        if over is not None:
            text += " " + ending(over.outcome)
        return text

    @staticmethod
    def clauses(events: Sequence[Event]) -> list[str]:
        """What a pull did: how the stacks went, then each thing that brought about (stacks
        combining, a string snapping), each a clause of its own."""
        splits = [e for e in events if isinstance(e, StackSplit)]
        moves = [e for e in events if isinstance(e, StackMoved)]
        holds = [e for e in events if isinstance(e, StackHeld)]
        if len(splits) == 1:
            s = splits[0]
            clauses = [f"the stack of {s.size} splits in two ({s.parts[0][1]} each)"]
        else:
            clauses = [f"{stacks_of([s.size for s in splits])} split in two"] if splits else []
        if len(moves) == 1:
            m = moves[0]
            way = DIRECTION_WORDS[(m.dst[0] - m.src[0], m.dst[1] - m.src[1])]
            clauses.append(f"the stack of {m.size} moves {way}")
        elif moves:
            clauses.append(f"{count_word(len(moves))} stacks move")
        if holds:
            clauses.append("a stack holds against the edge" if len(holds) == 1
                           else f"{count_word(len(holds))} stacks hold against the edge")
        if not (splits or moves or holds):
            clauses.append("no stack is on those strings")
        brought = []
        combined = [f"{stacks_of(e.sizes)} combine into {e.total}"
                    for e in events if isinstance(e, StacksCombined)]
        for clause in dict.fromkeys(combined[:2]):  # the same twice is said once, "twice"
            brought.append(clause + (" twice" if combined[:2].count(clause) > 1 else ""))
        brought += [f"the {e.ends[0]}-{e.ends[1]} string snaps"
                    for e in events if isinstance(e, StringBroken)]
        return [join_words(clauses)] + brought

    # ---- hints ------------------------------------------------------------------------------
    def hint_reason(self, facts: Any, state: PullingStringsState) -> str:
        """Why these pulls beat the others ("the only pull that stops Oh being sure of
        bringing 2 pieces home next turn", or what the computer expects from them and from the
        next best), then the most telling fact of what they do, whatever the other pulls."""
        other = state.seat_name(1 - facts.seat)
        many = len(facts.alike) + 1
        if facts.wins:
            return ("each" if many > 1 else "it") + f" wins the game, whatever {other} pulls"
        room = reason_room(self, facts, state)
        lead = edge_words(facts, other) or worth_words(self, facts, state, "pull", room)
        if lead.startswith("every pull"):
            lead += f": mix your pulls so {other} cannot read them"
        facts_said = self.pull_facts(facts, other, many)
        return fitted([lead] + facts_said[:1] if lead else facts_said[:2], room)

    @staticmethod
    def pull_facts(facts: Any, other: str, many: int) -> list[str]:
        """What the hinted pulls do, the most telling first: a danger next turn, the homes."""
        parts = []
        if facts.their_sure_next:
            parts.append(f"careful: {other} can bring {facts.their_sure_next} home next turn "
                         "whatever you pull")
        parts.append(spread_words("your homes", facts.mine, other))
        if facts.theirs.high < facts.theirs.before:
            parts.append(spread_words(f"{other}'s homes", facts.theirs, other))
        if facts.their_best_next == 0:
            parts.append(f"{other} cannot bring a piece home next turn")
        elif facts.their_sure_next == 0:
            parts.append(f"{other} cannot be sure of bringing a piece home next turn")
        if not facts.moves_stack:
            parts.append({1: "your pull moves no stack", 2: "neither moves a stack"}.get(
                many, "none of them moves a stack"))
        return [p for p in parts if p]

    def seat_note(self, state: PullingStringsState, seat: int, pulled: str | None = None,
                  sealed: bool = False, chooser: int | None = None,
                  thinking: int | None = None) -> tuple[str, str]:
        """What a seat's card says now, as (kind, words): `pulled` the end it pulled while the
        reveal shows, `sealed` during the countdown before it, `chooser` the seat choosing in
        this view and `thinking` a computer seat thinking; the other's pick is only ever
        'has chosen'."""
        if pulled is not None:
            return "pulled", pulled
        if sealed:
            return "sealed", "has chosen"  # the countdown before the reveal
        result = state.result
        if result is not None:  # the game is over
            if result.winner is None:
                return "done", "draw"
            return ("won", "wins!") if result.winner == seat else ("done", "")
        if state.pending[seat] is not None:
            return "sealed", "has chosen"
        if chooser == seat or thinking == seat:
            return "choosing", "thinking..." if thinking == seat else "choosing..."
        if thinking is not None and seat in state.awaiting:
            return "waiting", "chooses next"  # after the computer has committed its pull
        return "waiting", "to choose" if seat in state.awaiting else ""


NARRATOR = PullingStringsNarrator
