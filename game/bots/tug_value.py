"""Tug of War's exact value of any position, from the solved table: what a review plots.

A playout that never exchanges dice cannot see an exchange coming, so its value jumps when one is
made and a perfect player's good move looks like a swing. The solved game knows every choice in
advance: at a decision the value is the best move's (so only a mistake moves the line), at a roll
the mean over the dice, so what moves the line is what the dice gave and what a player gave away.
"""
from __future__ import annotations

from game.bots.perfect_tug import PerfectTugPlayer
from game.bots.tug_table import TugTable
from game.core import NodeKind
from game.rules.tug_of_war import TURN_ROLL, TugOfWarState


def exact_value(state: TugOfWarState, player: PerfectTugPlayer | None = None) -> float:
    """Yellow's exact chance to win from `state`, both sides playing perfectly from here on
    (TableMissingError where the table cannot be read)."""
    player = player or PerfectTugPlayer()
    return _value(state, player, player.table())


def _value(state: TugOfWarState, player: PerfectTugPlayer, table: TugTable) -> float:
    kind = state.kind
    if kind is NodeKind.TERMINAL:
        outcome = state.outcome
        return 0.5 if outcome is None or outcome.winner is None else 1.0 - outcome.winner
    mover = state.to_move
    if kind is NodeKind.DECISION:
        best = max(player.move_values(state, mover).values())
    elif state.phase == TURN_ROLL:  # a turn's start: the table's own entry
        best = table.value(state.athletes[mover], state.athletes[1 - mover], state.team[mover],
                           state.team[1 - mover])
    else:  # a setup roll or a re-roll: the mean over what the dice may show
        return sum(float(p) * _value(state.apply_chance(roll).state, player, table)
                   for roll, p in state.chance_outcomes())
    return best if mover == 0 else 1.0 - best
