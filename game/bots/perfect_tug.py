"""Perfect Tug of War: the move with the best exact chance to win, from the solved table.

The table holds every turn start's value; inside a turn the player searches the rest of the
turn exactly (re-rolls as chance, then every pairing), valuing each way the turn can end by the
table. At setup it weighs keeping against every re-roll by the table's setup values.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from game.bots.tug_table import (
    SHARED_LOADER, TableLoader, TableMissingError, TugTable, red_start_value, reroll_value,
    roll_probabilities,
)
from game.core import History, Move
from game.rules.tug_of_war import (
    ACT, ATHLETES, SETUP_CHOICE, EndTurn, Exchange, Keep, Remove, Reroll, TugOfWarState,
)

FACES = 6


def _without(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The ascending dice with one die of this value taken out."""
    rest = list(dice)
    rest.remove(value)
    return tuple(rest)


def _with(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The ascending dice with a die of this value added."""
    return tuple(sorted(dice + (value,)))


class TurnSearch:
    """Exact values inside one turn, from the mover's side; the table values the turn's end."""

    def __init__(self, table: TugTable, their_team: tuple[int, ...]) -> None:
        self.table = table
        self.their_team = tuple(sorted(their_team))
        self.memo: dict[tuple[Any, ...], float] = {}

    def end_value(self, team: tuple[int, ...], mine: int, theirs: int) -> float:
        """The mover's chance once the turn ends here: one minus the other side's at its start."""
        return 1.0 - self.table.value(theirs, mine, self.their_team, team)

    def finish(self, commons: tuple[int, ...], free: tuple[int, ...], team: tuple[int, ...],
               mine: int, theirs: int, exchanged: bool) -> float:
        """The best of every way to go on pairing: unpaired common and team dice, ascending."""
        key = (commons, free, team, mine, theirs, exchanged)
        if key in self.memo:
            return self.memo[key]
        best = self.end_value(team, mine, theirs)
        for common in set(commons):
            for die in set(free):
                rest_c, rest_t = _without(commons, common), _without(free, die)
                if common >= die:
                    if theirs == 1:
                        best = 1.0
                        break
                    best = max(best, self.finish(rest_c, rest_t, team, mine, theirs - 1,
                                                 exchanged))
                on_rope = mine + 1 + common - die
                if not exchanged and common != die and on_rope >= 1:
                    after = _with(_without(team, die), common)
                    best = max(best, self.finish(rest_c, rest_t, after, min(ATHLETES, on_rope),
                                                 theirs, True))
            if best == 1.0:
                break
        self.memo[key] = best
        return best

    def rolled(self, roll: tuple[int, ...], team: tuple[int, ...], mine: int, theirs: int,
               rerolls: int) -> float:
        """The value of a fresh roll with this many re-rolls left, nothing paired yet."""
        key = ("rolled", roll, team, mine, theirs, rerolls)
        if key in self.memo:
            return self.memo[key]
        best = self.finish(roll, team, team, mine, theirs, False)
        if rerolls:
            for value in set(roll):
                best = max(best, self.rerolled(roll, value, team, mine, theirs, rerolls))
        self.memo[key] = best
        return best

    def rerolled(self, roll: tuple[int, ...], value: int, team: tuple[int, ...], mine: int,
                 theirs: int, rerolls: int) -> float:
        """The expected value of re-rolling one common die of this value."""
        kept = _without(roll, value)
        return sum(self.rolled(_with(kept, face), team, mine, theirs, rerolls - 1)
                   for face in range(1, FACES + 1)) / FACES

    def turn_start(self, team: tuple[int, ...], mine: int, theirs: int) -> float:
        """A turn start's value, worked out again from the turn's rules and the table."""
        rerolls = team.count(FACES)
        return sum(p * self.rolled(roll, team, mine, theirs, rerolls)
                   for roll, p in roll_probabilities(FACES).items())


class PerfectTugPlayer:
    """Plays Tug of War perfectly: every choice maximises the exact chance to win."""

    def __init__(self, seed: int | None = None, loader: TableLoader = SHARED_LOADER) -> None:
        self.rng = random.Random(seed)  # unused: perfect play here needs no mixing
        self.loader = loader

    def table(self) -> TugTable:
        """The solved table (read on first use); TableMissingError if it cannot be had."""
        table = self.loader.get()
        if (table.layout.athletes, table.layout.faces) != (ATHLETES, FACES):
            raise TableMissingError("the solved table is not for this game's 18 athletes")
        return table

    def move_values(self, observation: TugOfWarState, seat: int) -> dict[Move, float]:
        """Each legal move's exact chance to win for `seat`, playing perfectly after it."""
        legal = observation.legal_moves(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no move to make here")
        table = self.table()
        if observation.phase == SETUP_CHOICE:
            return {move: self._setup_value(table, observation, seat, move) for move in legal}
        if observation.phase != ACT:
            raise ValueError(f"Tug of War has no decision in phase {observation.phase!r}")
        return self._turn_values(table, observation, seat, legal)

    def choose(self, observation: TugOfWarState, seat: int, history: History[TugOfWarState] = (),
               should_stop: Callable[[], bool] | None = None) -> Move:
        """The legal move with the best exact value (the first such in legal order).

        `history` and `should_stop` are there to match `Bot.choose`; a move takes milliseconds."""
        values = self.move_values(observation, seat)
        return max(values, key=values.__getitem__)

    def _setup_value(self, table: TugTable, state: TugOfWarState, seat: int, move: Move) -> float:
        roll = tuple(sorted(state.team[seat]))
        assert isinstance(move, (Keep, Reroll))  # the setup's two moves
        rerolled = () if isinstance(move, Keep) else move.values
        if seat == 0:
            return reroll_value(roll, rerolled, table.yellow_setup_value, FACES)
        yellow = tuple(sorted(state.team[0]))
        return reroll_value(roll, rerolled,
                            lambda red: red_start_value(table.value, yellow, red), FACES)

    def _turn_values(self, table: TugTable, state: TugOfWarState, seat: int,
                     legal: Sequence[Move]) -> dict[Move, float]:
        search = TurnSearch(table, state.team[1 - seat])
        commons = tuple(sorted(v for i, v in enumerate(state.common)
                               if not state.used_common >> i & 1))
        free = tuple(sorted(v for i, v in enumerate(state.team[seat])
                            if not state.used_team >> i & 1))
        team = tuple(sorted(state.team[seat]))
        mine, theirs = state.athletes[seat], state.athletes[1 - seat]
        values: dict[Move, float] = {}
        for move in legal:
            if isinstance(move, EndTurn):
                values[move] = search.end_value(team, mine, theirs)
            elif isinstance(move, Reroll):
                values[move] = search.rerolled(commons, move.values[0], team, mine, theirs,
                                               state.rerolls_left)
            elif isinstance(move, Remove):
                rest_c, rest_t = _without(commons, move.common), _without(free, move.team)
                values[move] = 1.0 if theirs == 1 else search.finish(
                    rest_c, rest_t, team, mine, theirs - 1, state.exchanged)
            elif isinstance(move, Exchange):
                rest_c, rest_t = _without(commons, move.common), _without(free, move.team)
                after = _with(_without(team, move.team), move.common)
                on_rope = min(ATHLETES, mine + 1 + move.common - move.team)
                values[move] = search.finish(rest_c, rest_t, after, on_rope, theirs, True)
            else:
                raise ValueError(f"unexpected Tug of War move {move!r}")
        return values
