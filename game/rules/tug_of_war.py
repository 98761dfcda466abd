"""Tug of War (Bernd Eisenstein): team dice, common dice, removals and exchanges.

The rules in plain words (with the house rulings of RULES.md):
- Yellow (seat 0) and Red (seat 1) have 18 athletes each; there are 9 dice. Setup: Yellow rolls
  3 dice and may re-roll any 1 to 3 of them once; those are Yellow's team dice, and Yellow puts
  their total in athletes on the rope. Red does the same. Fewer athletes starts (equal: Yellow).
  The other 3 dice are the common dice.
- A turn: roll the 3 common dice. For each 6 among your team dice you may re-roll one common die,
  one at a time, any die each time, before you act.
- Then up to 3 actions, each pairing an unused common die with an unused team die:
  a common die at least as high as its team die removes one opposing athlete; or, once a turn,
  a common die and a team die of different values are exchanged: +1 athlete, plus the rise or
  minus the fall in value. A team die that was paired (the exchanged one too) takes no other
  pairing that turn. Gains are capped by your reserve, and an exchange may not leave your team
  with no athletes (house rulings). The turn passes when you end it or nothing is left to do.
- Whoever removes the last opposing athlete wins at once.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction
from typing import Any, Mapping

from game.core import (
    Event, GameOver, IllegalMoveError, Move, MoveParseError, NodeKind, Outcome, State, Step,
    tuple_with,
)
from game.spec import GameSpec

SEAT_NAMES = ("Yellow", "Red")
ATHLETES = 18
SETUP_ROLL, SETUP_CHOICE, SETUP_REROLL = "setup-roll", "setup-choice", "setup-reroll"
TURN_ROLL, ACT, TURN_REROLL = "turn-roll", "act", "turn-reroll"
CHANCE_PHASES = (SETUP_ROLL, SETUP_REROLL, TURN_ROLL, TURN_REROLL)


@dataclasses.dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: the values some dice landed on, in ascending order."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "".join(map(str, self.values))


def _roll_table(dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    counts = Counter(tuple(sorted(p)) for p in itertools.product(range(1, 7), repeat=dice))
    return tuple((Roll(values), Fraction(n, 6 ** dice)) for values, n in sorted(counts.items()))


def _cumulative(table: tuple[tuple[Roll, Fraction], ...]
                ) -> tuple[tuple[Roll, ...], tuple[float, ...]]:
    running = itertools.accumulate(p for _, p in table)
    return tuple(r for r, _ in table), tuple(float(total) for total in running)


# by the number of dice rolled (1 to 3; none is never rolled)
ROLL_TABLES = ((), _roll_table(1), _roll_table(2), _roll_table(3))
CUMULATIVE_TABLES = (((), ()),) + tuple(_cumulative(t) for t in ROLL_TABLES[1:])


def parse_chance(text: str) -> Roll:
    """Parse dice values such as `135`."""
    word = text.strip()
    if not 1 <= len(word) <= 3 or any(ch not in "123456" for ch in word):
        raise MoveParseError(f"{text!r} is not 1 to 3 die faces like '135'")
    return Roll(tuple(sorted(int(ch) for ch in word)))


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Move):
    """At setup: keep the team dice as rolled."""

    def __str__(self) -> str:
        return "keep"


@dataclasses.dataclass(frozen=True, slots=True)
class Reroll(Move):
    """Re-roll dice of these values: 1-3 team dice at setup, or one common die on a turn."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "reroll " + "".join(map(str, self.values))


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Move):
    """Pair a common die with a team die it equals or beats: one opposing athlete leaves."""

    common: int
    team: int

    def __str__(self) -> str:
        return f"{self.common}/{self.team}"


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Swap a common die with a team die of another value (once a turn)."""

    common: int
    team: int

    def __str__(self) -> str:
        return f"{self.common}x{self.team}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """End the turn, leaving any remaining dice unused."""

    def __str__(self) -> str:
        return "end"


KEEP, END_TURN = Keep(), EndTurn()


def parse_move(text: str) -> Move:
    """Parse `keep`, `reroll 66`, `5/4` (remove), `3x2` (exchange) or `end`."""
    word = " ".join(text.strip().lower().split())
    if word == "keep":
        return KEEP
    if word == "end":
        return END_TURN
    if word.startswith("reroll "):
        faces = word[len("reroll "):]
        if 1 <= len(faces) <= 3 and all(ch in "123456" for ch in faces):
            return Reroll(tuple(sorted(int(ch) for ch in faces)))
    for sep, kind in (("/", Remove), ("x", Exchange)):
        parts = word.split(sep)
        if len(parts) == 2 and all(len(p) == 1 and p in "123456" for p in parts):
            return kind(int(parts[0]), int(parts[1]))
    raise MoveParseError(f"{text!r} is not 'keep', 'reroll 66', '5/4', '3x2' or 'end'")


# ---- events ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice landed: a seat's `team` dice or the `common` dice, by slot, with their new values."""

    seat: int
    group: str
    slots: tuple[int, ...]
    values: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class TeamFormed(Event):
    """A seat's team dice are final and that many athletes took the rope."""

    seat: int
    dice: tuple[int, ...]
    athletes: int


@dataclasses.dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A seat's turn begins (the first one goes to the smaller team)."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class AthleteRemoved(Event):
    """`seat` paired common die slot `common_slot` with team die slot `team_slot`: one opposing
    athlete left the rope, leaving `remaining`."""

    seat: int
    common_slot: int
    team_slot: int
    remaining: int


@dataclasses.dataclass(frozen=True, slots=True)
class DiceExchanged(Event):
    """`seat` swapped a common die for a team die; its rope changed by `change` athletes."""

    seat: int
    common_slot: int
    team_slot: int
    new_value: int
    old_value: int
    change: int
    on_rope: int


@dataclasses.dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """`seat`'s turn is over (`reason`: 'ended' by choice or 'spent' when nothing was left)."""

    seat: int
    reason: str


# ---- state -------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class TugOfWarState(State):
    """A position: athletes on the rope, team and common dice, and the step of the turn."""

    athletes: tuple[int, int] = (0, 0)
    team: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    common: tuple[int, ...] = ()
    phase: str = SETUP_ROLL
    to_move: int = 0
    reroll_slots: tuple[int, ...] = ()  # the dice waiting for a chance roll
    rerolls_left: int = 0
    used_team: int = 0  # bit i: team die i is paired this turn
    used_common: int = 0  # bit i: common die i is paired this turn
    exchanged: bool = False
    turn_number: int = 1
    pending: tuple[Any, Any] = (None, None)
    result: Outcome | None = None

    game_id = "tug_of_war"
    seat_names = SEAT_NAMES

    @property
    def kind(self) -> NodeKind:
        """Chance for every roll, else the decision of the player whose setup or turn it is."""
        if self.result is not None:
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if self.phase in CHANCE_PHASES else NodeKind.DECISION

    @property
    def actors(self) -> tuple[int, ...]:
        """The player to decide, at a decision node."""
        return (self.to_move,) if self.kind is NodeKind.DECISION else ()

    @property
    def reserve(self) -> tuple[int, int]:
        """Athletes off the rope, per seat."""
        return (ATHLETES - self.athletes[0], ATHLETES - self.athletes[1])

    def scores(self) -> tuple[int, int]:
        """Athletes on the rope, per seat."""
        return self.athletes

    # ---- chance --------------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Roll, Fraction], ...]:
        """The possible rolls of the dice being rolled, with exact probabilities."""
        if self.result is not None or self.phase not in CHANCE_PHASES:
            return ()
        return ROLL_TABLES[len(self.reroll_slots)]

    def chance_cumulative(self) -> tuple[tuple[Roll, ...], tuple[float, ...]]:
        """The precomputed sampling table of the roll in progress."""
        if self.result is not None or self.phase not in CHANCE_PHASES:
            return (), ()
        return CUMULATIVE_TABLES[len(self.reroll_slots)]

    def apply_chance(self, outcome: Roll) -> Step[TugOfWarState]:
        """Resolve the roll in progress with these values."""
        if self.kind is not NodeKind.CHANCE:
            raise IllegalMoveError("this is not a chance node")
        if not isinstance(outcome, Roll) or len(outcome.values) != len(self.reroll_slots) or \
                any(type(v) is not int or not 1 <= v <= 6 for v in outcome.values) or \
                list(outcome.values) != sorted(outcome.values):
            raise IllegalMoveError(f"{outcome} is not a roll of {len(self.reroll_slots)} dice")
        return self._apply_chance(outcome)

    def _apply_chance(self, outcome: Roll) -> Step[TugOfWarState]:
        seat, slots = self.to_move, self.reroll_slots
        if self.phase in (SETUP_ROLL, SETUP_REROLL):
            dice = list(self.team[seat])
            for slot, value in zip(slots, outcome.values):
                dice[slot] = value
            team = tuple_with(self.team, seat, tuple(dice))
            event = DiceRolled(seat, "team", slots, outcome.values)
            after = self.replace(team=team, reroll_slots=())
            if self.phase == SETUP_ROLL:
                return Step(after.replace(phase=SETUP_CHOICE), (event,))
            return after._form_team([event])
        common = list(self.common)
        for slot, value in zip(slots, outcome.values):
            common[slot] = value
        event = DiceRolled(seat, "common", slots, outcome.values)
        rerolls = self.team[seat].count(6) if self.phase == TURN_ROLL else self.rerolls_left - 1
        after = self.replace(common=tuple(common), reroll_slots=(), phase=ACT, rerolls_left=rerolls)
        return after._continue([event])

    # ---- decisions -----------------------------------------------------------------------
    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        if self.kind is not NodeKind.DECISION or seat != self.to_move:
            return ()
        if self.phase == SETUP_CHOICE:
            dice = sorted(self.team[seat])
            subsets = {tuple(c) for k in (1, 2, 3) for c in itertools.combinations(dice, k)}
            return (KEEP,) + tuple(Reroll(s) for s in sorted(subsets))
        return self._actions() + (END_TURN,)

    def _actions(self) -> tuple[Move, ...]:
        seat = self.to_move
        commons = sorted(_free(self.common, self.used_common))
        teams = sorted(_free(self.team[seat], self.used_team))
        moves: list[Move] = []
        if self.rerolls_left and not self.used_common:
            moves.extend(Reroll((c,)) for c in commons)
        moves.extend(Remove(c, t) for c in commons for t in teams if c >= t)
        if not self.exchanged:
            moves.extend(Exchange(c, t) for c in commons for t in teams
                         if c != t and self.athletes[seat] + 1 + c - t >= 1)
        return tuple(moves)

    def _explain_illegal(self, seat: int, move: Move) -> str:
        if self.phase == SETUP_CHOICE:
            if isinstance(move, Reroll):
                return f"your team dice do not show {''.join(map(str, move.values))} to re-roll"
            return "first keep your team dice or re-roll 1 to 3 of them"
        if isinstance(move, Keep):
            return "keep is for your setup roll"
        if isinstance(move, Reroll):
            if self.used_common:
                return "re-rolls come before any pairing"
            if not self.rerolls_left:
                return "you have no re-rolls left (one per 6 among your team dice)"
            if len(move.values) != 1:
                return "re-roll one common die at a time"
            return f"no common die shows {move.values[0]}"
        if isinstance(move, (Remove, Exchange)):
            if move.common not in _free(self.common, self.used_common) or \
                    move.team not in _free(self.team[seat], self.used_team):
                return f"there is no unpaired common {move.common} and team {move.team}"
            if isinstance(move, Remove):
                return f"a common {move.common} cannot remove against a team {move.team}: " \
                       "it must be at least as high"
            if self.exchanged:
                return "only one exchange a turn"
            if move.common == move.team:
                return "an exchange needs dice of different values"
            return "that exchange would leave your team with no athletes"
        return State._explain_illegal(self, seat, move)

    def _apply_decision(self, move: Move) -> Step[TugOfWarState]:
        seat = self.to_move
        if isinstance(move, Keep):
            return self._form_team([])
        if isinstance(move, Reroll):
            if self.phase == SETUP_CHOICE:
                slots = _slots_of(self.team[seat], move.values, 0)
                return Step(self.replace(phase=SETUP_REROLL, reroll_slots=slots), ())
            slot = _slots_of(self.common, move.values, 0)
            return Step(self.replace(phase=TURN_REROLL, reroll_slots=slot), ())
        if isinstance(move, EndTurn):
            return self._end_turn([], "ended")
        assert isinstance(move, (Remove, Exchange))  # the moves that pair two dice
        common_slot = _slots_of(self.common, (move.common,), self.used_common)[0]
        team_slot = _slots_of(self.team[seat], (move.team,), self.used_team)[0]
        used = dict(used_common=self.used_common | 1 << common_slot,
                    used_team=self.used_team | 1 << team_slot)
        if isinstance(move, Remove):
            athletes = tuple_with(self.athletes, 1 - seat, self.athletes[1 - seat] - 1)
            after = self.replace(athletes=athletes, **used)
            events: list[Event] = [AthleteRemoved(seat, common_slot, team_slot,
                                                  athletes[1 - seat])]
            if athletes[1 - seat] == 0:
                result = Outcome(seat, f"{SEAT_NAMES[seat]} removed {SEAT_NAMES[1 - seat]}'s "
                                       "last athlete", athletes)
                events.append(GameOver(result))
                return Step(after.replace(result=result), tuple(events))
            return after._continue(events)
        old = self.team[seat][team_slot]
        on_rope = min(ATHLETES, self.athletes[seat] + 1 + move.common - old)
        change = on_rope - self.athletes[seat]
        dice = tuple_with(self.team[seat], team_slot, move.common)
        team = tuple_with(self.team, seat, dice)
        common = tuple_with(self.common, common_slot, old)
        after = self.replace(athletes=tuple_with(self.athletes, seat, on_rope), team=team,
                                    common=common, exchanged=True, **used)
        event = DiceExchanged(seat, common_slot, team_slot, move.common,
                              old, change, on_rope)
        return after._continue([event])

    def _continue(self, events: list[Event]) -> Step[TugOfWarState]:
        """Stay in the turn while anything is left to do; else pass the turn."""
        if self._actions():
            return Step(self, tuple(events))
        return self._end_turn(events, "spent")

    def _end_turn(self, events: list[Event], reason: str) -> Step[TugOfWarState]:
        seat = self.to_move
        events.append(TurnEnded(seat, reason))
        events.append(TurnStarted(1 - seat))
        after = self.replace(
            to_move=1 - seat, phase=TURN_ROLL, reroll_slots=(0, 1, 2), rerolls_left=0,
            used_team=0, used_common=0, exchanged=False, turn_number=self.turn_number + 1)
        return Step(after, tuple(events))

    def _form_team(self, events: list[Event]) -> Step[TugOfWarState]:
        seat = self.to_move
        dice = self.team[seat]
        athletes = tuple_with(self.athletes, seat, sum(dice))
        events.append(TeamFormed(seat, dice, sum(dice)))
        if seat == 0:
            after = self.replace(athletes=athletes, to_move=1, phase=SETUP_ROLL,
                                        reroll_slots=(0, 1, 2),
                                        team=tuple_with(self.team, 1, (0, 0, 0)),
                                        turn_number=self.turn_number + 1)
            return Step(after, tuple(events))
        starter = 1 if athletes[1] < athletes[0] else 0
        events.append(TurnStarted(starter))
        after = self.replace(athletes=athletes, to_move=starter, phase=TURN_ROLL,
                                    reroll_slots=(0, 1, 2), common=(0, 0, 0),
                                    turn_number=self.turn_number + 1)
        return Step(after, tuple(events))



def _free(dice: tuple[int, ...], used: int) -> set[int]:
    """The values of the dice not yet paired this turn."""
    return {v for i, v in enumerate(dice) if not used >> i & 1}


def _slots_of(dice: tuple[int, ...], values: tuple[int, ...], used: int) -> tuple[int, ...]:
    """The first unused slots holding these values, one slot per value."""
    taken = used
    slots = []
    for value in values:
        slot = next(i for i, v in enumerate(dice) if v == value and not taken >> i & 1)
        taken |= 1 << slot
        slots.append(slot)
    return tuple(slots)


def _start(options: Mapping[str, Any]) -> TugOfWarState:
    return TugOfWarState(team=((0, 0, 0), ()), reroll_slots=(0, 1, 2))


GAME = GameSpec(
    id="tug_of_war",
    title="Tug of War",
    pitch="Roll the common dice: beat your team dice to pull rivals off the rope, or swap to grow.",
    seat_names=SEAT_NAMES,
    options=(),
    start=_start,
    move_parser=parse_move,
    chance_parser=parse_chance,
)
