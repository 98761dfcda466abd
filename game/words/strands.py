"""Strands in words: stones covering numbered spaces, turns, and the groups that decide."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event, GameOver, Move, State
from game.rules.strands import (
    EndTurn,
    StonePlaced,
    StrandsState,
    TurnEnded,
    compare_groups,
)
from game.words.base import Narrator, join_words
from game.words.chances import fitted, reason_room, worth_words


def deciding_words(state: StrandsState) -> str:
    """Which outlined groups decided the game, in words."""
    winner, rank = compare_groups(*state.scores())
    if winner is None:
        return "Every group is matched in size."
    which = "largest group" if rank == 0 else f"group number {rank + 1} by size"
    sizes = [s[rank] if rank < len(s) else 0 for s in state.scores()]
    return (f"Outlined on the board: {state.seat_name(winner)}'s {which} ({sizes[winner]}, "
            f"yellow) beat {state.seat_name(1 - winner)}'s ({sizes[1 - winner]}, white).")


class StrandsNarrator(Narrator[StrandsState]):
    """Black and White cover up to X spaces marked X; the larger largest group wins."""

    def log_text(self, move: Move, seat: int, before: StrandsState) -> str:
        """"covers f6", "ends the turn"."""
        return "ends the turn" if isinstance(move, EndTurn) else f"covers {move}"

    def choice_words(self, move: Move, state: StrandsState) -> str:
        """"cover f6", "end the turn"."""
        return "end the turn" if isinstance(move, EndTurn) else f"cover {move}"

    def prompt(self, state: StrandsState, seat: int) -> str:
        """The opening, the first stone of a turn, or more stones on the same number."""
        name = state.seat_name(seat)
        s = state
        if s.turn_number == 1:
            return f"{name}: cover one space marked 2"
        if not s.placed:
            return f"{name}: cover a space; its number X lets you cover up to X"
        left = s.number - s.placed
        return f"{name}: {left} more on {s.number}s, or end the turn"

    def status(self, state: StrandsState) -> list[str]:
        """Each seat's group sizes, largest first (the first difference decides)."""
        lines = []
        for seat in (0, 1):
            sizes = state.scores()[seat]
            shown = ", ".join(str(n) for n in sizes[:6]) + (" ..." if len(sizes) > 6 else "")
            lines.append(f"{state.seat_name(seat)}'s group sizes: {shown or 'no stones yet'}")
        empty = state.stones.count(0)
        lines.append(f"Empty spaces: {empty}")
        if not state.is_terminal:
            lines.append("The larger largest group wins; equal, the next ones decide.")
        if state.is_terminal:
            lines.append(deciding_words(state))
        return lines

    def describe(self, before: StrandsState, events: Sequence[Event], after: StrandsState) -> str:
        """Which spaces were covered and whether the turn ended."""
        placed = [e.label for e in events if isinstance(e, StonePlaced)]
        words = []
        for event in events:
            if isinstance(event, GameOver):
                reason = event.outcome.reason
                return reason[:1].upper() + reason[1:] + "."
            if isinstance(event, TurnEnded):
                count = "1 space" if event.stones == 1 else f"{event.stones} spaces"
                words.append(f"{before.seat_name(event.seat)} covered {count} marked "
                             f"{event.number}; {after.seat_name(1 - event.seat)} to play.")
        if placed and not words:
            mover = before.seat_name(before.to_move)
            words.append(f"{mover} covered {', '.join(placed)}.")
        return " ".join(words)


    def moment_words(self, before: StrandsState, events: Sequence[Event],
                     after: StrandsState) -> str:
        """A step of the review: the stone covered ("Black covered f6, the last of 3 spaces
        marked 3"), or a turn ended early, and the result if it ended the game."""
        from game.words.base import join_words, plural
        placed = [e.label for e in events if isinstance(e, StonePlaced)]
        ended = next((e for e in events if isinstance(e, TurnEnded)), None)
        over = next((e for e in events if isinstance(e, GameOver)), None)
        mover = before.seat_name(before.to_move)
        if placed:
            text = f"{mover} covered {join_words(placed)}"
            if ended is not None and ended.stones > 1:
                text += f", the last of {ended.stones} spaces marked {ended.number}"
        elif ended is not None:
            text = f"{mover} ended the turn after {plural(ended.stones, 'space')} marked " \
                   f"{ended.number}"
        else:
            return self.describe(before, events, after)
        if over is not None:
            reason = over.outcome.reason
            text += ". " + reason[:1].upper() + reason[1:]
        return text + "."
    # ---- hints ------------------------------------------------------------------------------
    def hint_choice(self, plan: Sequence[Move], alike: Sequence[Move], state: StrandsState,
                    seat: int) -> str:
        """A whole turn: "cover f6, g6 and h7" (", then end the turn" when it stops early)."""
        stones = [str(m) for m in plan if not isinstance(m, EndTurn)]
        if not stones:
            return "end the turn"
        text = "cover " + join_words(stones)
        return text + ", then end the turn" if isinstance(plan[-1], EndTurn) else text

    def hint_reason(self, facts: Any, state: StrandsState) -> str:
        """Why a whole turn beats the others (what the computer's playouts expect from it and
        from the best turn of another number), and what it does to the groups: "grows your
        largest group from 4 to 9", "joins 2 of your groups into one of 6"."""
        if facts.wins:
            return self.expects_words(facts)
        other = state.seat_name(1 - facts.seat)
        largest, parts = facts.largest, []
        if facts.joined >= 2:
            parts.append(f"joins {facts.joined} of your groups into one of {facts.group}")
        if largest.before == 0:
            parts.append("your first stone")
        elif largest.low > largest.before:
            parts.append(f"grows your largest group from {largest.before} to {largest.low}")
        elif facts.group:
            if facts.joined < 2 and facts.group > 1:
                parts.append(f"makes a group of {facts.group}" if facts.joined == 0
                             else f"grows a group to {facts.group}")
            parts.append(f"your largest stays {largest.low}")
        parts.append(f"{other}'s largest is {facts.their_largest}" if facts.their_largest
                     else "")
        room = reason_room(self, facts, state)
        lead = worth_words(self, facts, state, "turn", room)
        if lead:
            whole = fitted([lead, " and ".join(parts[:-1])], room)
            return whole if " and " in whole or not parts[:-1] else fitted([lead, parts[0]], room)
        chance = self.expects_words(facts)
        return fitted([" and ".join(parts[:-1]), parts[-1], chance], room)

    def next_best_words(self, plan: Sequence[Move], state: StrandsState, seat: int) -> str:
        """The turn a hint is compared with, by its first stone (the search valued each first
        stone with its own best turn after it): "starting at d4"."""
        if isinstance(plan[0], EndTurn):
            return "ending the turn"
        return f"starting at {plan[0]}"


NARRATOR = StrandsNarrator
