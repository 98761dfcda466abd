"""Move In Synch, In Opposition in words: markers placed, modes announced, directions chosen,
squares claimed."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event, GameOver, Move, State
from game.rules.synch import (
    DIRECTIONER_FIRST,
    DIRECTIONS,
    ClaimBlocked,
    DirectionChosen,
    MarkerHeld,
    MarkerMoved,
    MarkerPlaced,
    Mode,
    ModeAnnounced,
    PlaceMarker,
    SquareClaimed,
    SynchState,
    square_label,
)
from game.words.base import Narrator, plural
from game.words.chances import fitted, reason_room, worth_words

SYMBOLS = ("X", "O")
COMPASS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
           "SW": "south-west", "W": "west", "NW": "north-west"}
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E",
            "NW": "SE"}


def phase(state: SynchState) -> str:
    """What the position waits for: place, mode, direction or over."""
    if state.result is not None:
        return "over"
    if state.placing:
        return "place"
    if state.variant == DIRECTIONER_FIRST:
        return "direction" if state.direction is None else "mode"
    return "mode" if state.mode is None else "direction"


def target(square: tuple[int, int], name: str, synch: bool = True) -> tuple[int, int]:
    """The square one step from `square` in direction `name` (reversed in opposition)."""
    dr, dc = DIRECTIONS[name]
    sign = 1 if synch else -1
    return (square[0] + sign * dr, square[1] + sign * dc)


def on_grid(square: tuple[int, int], size: int) -> bool:
    """True when the square lies on a size x size grid."""
    return 0 <= square[0] < size and 0 <= square[1] < size


def fits(state: SynchState, name: str, synch: bool) -> bool:
    """True when direction `name` in this mode keeps both markers on the grid."""
    return (on_grid(target(state.markers[state.directioner], name), state.size)
            and on_grid(target(state.markers[state.decider], name, synch), state.size))


def mode_word(synch: bool | None) -> str:
    """'synch' or 'opposition'."""
    return "synch" if synch else "opposition"


def moves_left(state: SynchState) -> str:
    """The last turn the move limit allows, counted as the top bar counts ("Ends by turn 257":
    turn 1 places the markers, each later turn is one move)."""
    return f"Ends by turn {state.move_limit + 1}"


def no_claim_words(state: SynchState) -> str:
    """How near the no-claim ruling is ("3 of 16 moves without a claim")."""
    return f"{state.since_claim} of {state.no_claim_limit} moves without a claim"


def result_badge(state: SynchState) -> str:
    """A finished game's result in the column beside the grid ("Ring wins, 20 to 15")."""
    a, b = state.scores()
    outcome = state.outcome
    assert outcome is not None  # only asked of a finished game
    if outcome.winner is None:
        return f"A draw, {a} to {b}"
    return f"{state.seat_name(outcome.winner)} wins, {max(a, b)} to {min(a, b)}"


class SynchNarrator(Narrator[SynchState]):
    """Cross and Ring: the decider picks synch or opposition, the directioner a direction."""

    def over_heading(self, state: SynchState) -> str:
        """The column's heading once the game is over ("Game over after 82 turns")."""
        return f"Game over after {self.units(self.number(state))}"

    def log_text(self, move: Move, seat: int, before: SynchState) -> str:
        """"places the marker on d4", "calls synch", "points north-east"."""
        if isinstance(move, PlaceMarker):
            return f"places the marker on {move}"
        if isinstance(move, Mode):
            return "calls synch" if move.synch else "calls opposition"
        return f"points {COMPASS.get(str(move), str(move))}"

    def choice_words(self, move: Move, state: SynchState) -> str:
        """"your marker on d4", "move in synch", "direction NE"."""
        if isinstance(move, PlaceMarker):
            return f"your marker on {move}"
        if isinstance(move, Mode):
            return "move in synch" if move.synch else "move in opposition"
        return f"direction {move}"

    def prompt(self, state: SynchState, seat: int) -> str:
        """Place, decide or direct, with what to click or type."""
        s = state
        name = s.seat_name(seat)
        now = phase(s)
        if now == "place":
            return f"{name}: place your marker"
        if now == "mode":
            if s.variant == DIRECTIONER_FIRST:
                return (f"{name}: follow {COMPASS[str(s.direction)]} ({s.direction}) in synch or "
                        "in opposition")
            return f"{name}: choose synch or opposition"
        if s.variant == DIRECTIONER_FIRST or s.mode is None:
            return f"{name}: pick a direction"
        return f"{name}: pick a direction ({mode_word(s.mode.synch)})"

    def status(self, state: SynchState) -> list[str]:
        """Each seat's symbols, the empty squares and the move count."""
        s = state
        counts = s.scores()
        empty = s.size * s.size - sum(counts)
        lines = [f"{s.seat_name(0)} (X): {plural(counts[0], 'symbol')}",
                 f"{s.seat_name(1)} (O): {plural(counts[1], 'symbol')}",
                 f"Empty squares: {empty}",
                 moves_left(s) if not s.is_terminal  # (turns are counted in the top bar)
                 else f"Played: {self.units(self.number(s))}"]
        if s.no_claim_limit and not s.is_terminal and not s.placing:
            lines.append(no_claim_words(s))  # the house ruling's count, as it comes near
        return lines

    def describe(self, before: SynchState, events: Sequence[Event], after: SynchState) -> str:
        """A plain-words caption: who announced and chose what, who moved where and claimed."""
        b = before
        text = ""
        placed = [e for e in events if isinstance(e, MarkerPlaced)]
        moved = {e.seat: e for e in events if isinstance(e, MarkerMoved)}
        chosen = next((e for e in events if isinstance(e, DirectionChosen)), None)
        announced = next((e for e in events if isinstance(e, ModeAnnounced)), None)
        if placed:
            e = placed[0]
            where = square_label(e.square, b.size)
            text = f"{b.seat_name(e.seat)} placed the marker on {where} and drew " \
                   f"{SYMBOLS[e.seat]} there."
        elif moved:
            if chosen is not None:
                way = chosen.direction
            else:  # directioner first: the direction was chosen before the mode
                assert b.direction is not None
                way = b.direction.name
            text = self._describe_move(b, events, moved, way, announced)
        elif announced is not None:
            text = (f"{b.seat_name(announced.seat)} calls {mode_word(announced.synch)}: "
                    f"{b.seat_name(1 - announced.seat)} now picks the direction.")
        elif chosen is not None:
            text = (f"{b.seat_name(chosen.seat)} points {COMPASS[chosen.direction]}: "
                    f"{b.seat_name(1 - chosen.seat)} now picks synch or opposition.")
        for event in events:
            if isinstance(event, GameOver):
                reason = event.outcome.reason
                text += f" Game over: {reason}."
        return text.strip()

    def _describe_move(self, b: SynchState, events: Sequence[Event], moved: Any, name: str,
                       announced: Any) -> str:
        leader, follower = b.directioner, b.decider
        synch = announced.synch if announced is not None else (b.mode.synch if b.mode else None)
        held = any(isinstance(e, MarkerHeld) for e in events)
        if held:
            head = (f"{b.seat_name(leader)} points {COMPASS[name]}; {b.seat_name(follower)} "
                    "cannot stay on the board either way")
        elif b.variant == DIRECTIONER_FIRST:
            head = (f"{b.seat_name(leader)} points {COMPASS[name]}; {b.seat_name(follower)} calls "
                    f"{mode_word(synch)}")
        else:
            head = (f"{b.seat_name(follower)} calls {mode_word(synch)}; "
                    f"{b.seat_name(leader)} points {COMPASS[name]}")
        claimed = {e.seat: e.square for e in events if isinstance(e, SquareClaimed)}
        blocked = next((e.square for e in events if isinstance(e, ClaimBlocked)), None)
        parts = []
        for seat, way in ((leader, name), (follower, name if synch else OPPOSITE[name])):
            if seat not in moved:
                parts.append(f"{b.seat_name(seat)} stays put and claims nothing")
                continue
            dst = square_label(moved[seat].dst, b.size)
            words = f"{b.seat_name(seat)} moves {COMPASS[way]}"
            if seat in claimed:
                words += f" and claims {dst}"
            elif blocked is None:
                words += f" to {dst} (already marked)"
            parts.append(words)
        tail = ""
        if blocked is not None:
            tail = f": both land on {square_label(blocked, b.size)}, so neither claims it"
        return f"{head}: {', '.join(parts)}{tail}."

    # ---- hints ------------------------------------------------------------------------------
    def hint_reason(self, facts: Any, state: SynchState) -> str:
        """Why a mode or a direction beats the others ("the only direction that stops Ring
        claiming a square", or what the computer expects from it and from the next best), then
        what it does for the symbols, whatever the other answers."""
        if facts.wins:
            return self.expects_words(facts)
        other = state.seat_name(1 - facts.seat)
        noun = "start square" if state.placing else "mode" if isinstance(facts.plan[0], Mode) \
            else "direction"
        room = reason_room(self, facts, state)
        lead = self.synch_edge(facts, other, noun) or worth_words(self, facts, state, noun, room)
        mine, theirs = facts.mine, facts.theirs
        whatever = f" whatever {other} answers" if facts.replies > 1 else ""
        parts = []
        if mine.low > mine.before:
            parts.append(f"you claim {plural(mine.low - mine.before, 'square')}{whatever}")
        elif mine.high > mine.before:
            parts.append(f"you may claim a square, depending on {other}'s answer")
        if theirs.high == theirs.before:
            parts.append(f"{other} cannot claim a square")
        elif theirs.low > theirs.before and facts.replies == 1:
            parts.append(f"{other} claims {plural(theirs.low - theirs.before, 'square')}")
        if mine.sure and theirs.sure:
            parts.append(f"then you have {mine.low} to {other}'s {theirs.low}, "
                         f"{facts.empty} empty")
        if lead:
            return fitted([lead] + parts[:1], room)
        chance = self.expects_words(facts)
        return fitted(parts[:2] + [chance], room)

    @staticmethod
    def synch_edge(facts: Any, other: str, noun: str) -> str:
        """What the hinted choice does that no other does, whatever the other answers."""
        edge = facts.edge
        if edge is None:
            return ""
        only = f"the only {noun}" + ("s" if facts.alike else "")
        if edge.figure == "claims_sure":
            return f"{only} sure to claim {plural(edge.mine, 'square')} whatever {other} " \
                   "answers"
        if edge.figure == "their_claims":
            most = -edge.mine
            return f"{only} that stops {other} claiming " + \
                ("a square" if most == 0 else f"more than {plural(most, 'square')}")
        return ""


NARRATOR = SynchNarrator
