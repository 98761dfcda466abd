"""The house rulings against stalls, as the bots and hints respect them: a player behind never
chooses a move that lets the game end by a ruling against it (a repetition in Pulling Strings,
a run of moves without a claim in Synch) while another move does not.

The search sees these endings too (they are in the rules), but a search of a few hundred visits
can still pick such a move among near-equal ones; this makes it a rule, for the bots' own
choices and for every hint, which asks the Hard bot.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

from game.core import Ending, Move, NodeKind, State

RULINGS = (Ending.REPETITION, Ending.NO_CLAIM)
MoveT = TypeVar("MoveT", bound=Move)


def behind(state: State, seat: int) -> bool:
    """True when `seat` has less than the other by the figure a ruling's ending counts."""
    scores = state.scores()
    return bool(scores[seat] < scores[1 - seat])


def _ruled_against(state: State, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and outcome.ending in RULINGS and outcome.winner != seat


def _after(state: State, seat: int, move: Move) -> list[State]:
    """The states `move` can lead to: one at a decision, one per reply at a secret turn."""
    if state.kind is NodeKind.SIMULTANEOUS:
        opened = state.replace(pending=(None, None))  # a sealed pull: it could be any
        pairs = [(move, r) if seat == 0 else (r, move) for r in opened.legal_moves(1 - seat)]
        return [opened.apply_joint_legal(*pair).state for pair in pairs]
    return [state.apply(move, seat).state]


def lets_a_ruling_end_it(state: State, seat: int, move: Move) -> bool:
    """True when after `move` the game ends by a ruling that `seat` does not win, or the other
    seat can end it so with its very next choice."""
    for after in _after(state, seat, move):
        if _ruled_against(after, seat):
            return True
        if after.kind is NodeKind.DECISION and after.awaiting == (1 - seat,):
            if any(_ruled_against(after.apply(reply, 1 - seat).state, seat)
                   for reply in after.legal_moves(1 - seat)):
                return True
    return False


def ruled(state: State) -> bool:
    """True when a house ruling against stalls is on in this game."""
    return bool(getattr(state, "repetition", False) or getattr(state, "no_claim_limit", 0))


def avoiding_rulings(state: State, seat: int, moves: Sequence[MoveT]) -> list[MoveT]:
    """`moves` without those that let a ruling end the game against `seat`, when `seat` is
    behind and some move is left; otherwise `moves` as they are."""
    if not ruled(state) or state.is_terminal or not behind(state, seat):
        return list(moves)
    safe = [move for move in moves if not lets_a_ruling_end_it(state, seat, move)]
    return safe or list(moves)
