"""Why a hinted move is good, in a line, where one ply of the rules can say (else "").

A hint is the Hard bot's move; this says what the move does at once, from the asking seat's
observation only: the figure each game is won by, before and after the move. At a secret turn
the other seat's choice is unknown, so every reply it could make is tried and the line says only
what holds whatever it picks ("brings 2 pieces home, whatever Oh chooses").
"""
from __future__ import annotations

from typing import Callable

from game.core import Move, NodeKind, State

Figure = Callable[[State, int], int]


def _home(state: State, seat: int) -> int:
    return state.home_total(seat)  # type: ignore[attr-defined]


def _board_points(state: State, seat: int) -> int:
    return state.board_points(seat)  # type: ignore[attr-defined]


def _largest_group(state: State, seat: int) -> int:
    sizes = state.group_sizes(seat)  # type: ignore[attr-defined]
    return sizes[0] if sizes and sizes[0] > 1 else 0  # a lone stone is no group to speak of


def _count(state: State, seat: int) -> int:
    return state.scores()[seat]  # type: ignore[index]


# per game: the figure that wins it; what a rise for the mover says, and a fall for the other
FIGURES: dict[str, tuple[Figure, str, str]] = {
    "pulling_strings": (_home, "brings {n} piece{s} home",
                        "takes {n} of {other}'s pieces off its homes"),
    "moriarty": (_board_points, "adds {n} point{s} on the board for you",
                 "takes {n} point{s} from {other}"),
    "strands": (_largest_group, "grows your largest group to {total}", ""),
    "synch": (_count, "claims a square", "keeps {other} from claiming"),
    "tug_of_war": (_count, "brings {n} athlete{s} onto your rope",
                   "removes {n} of {other}'s athletes"),
}


def _after_each_reply(state: State, seat: int, move: Move) -> list[State]:
    """The states after `move`: one at a seat's turn, one per possible reply at a secret turn."""
    if state.kind is NodeKind.SIMULTANEOUS:
        open_turn = state._evolve(pending=(None, None))
        replies = open_turn.legal_moves(1 - seat)
        pairs = [(move, reply) if seat == 0 else (reply, move) for reply in replies]
        return [open_turn.apply_joint_legal(*pair).state for pair in pairs]
    return [state.apply(move, seat).state]


def _phrase(template: str, n: int, total: int, other: str) -> str:
    return template.format(n=n, s="" if n == 1 else "s", total=total, other=other)


def hint_reason(game_id: str, observation: State, seat: int, move: Move) -> str:
    """One line of what `move` does for `seat` now, or "" when one ply cannot say."""
    figure, rise, fall = FIGURES[game_id]
    if observation.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS) \
            or not observation.is_legal(seat, move):
        return ""
    other, name = 1 - seat, observation.seat_name(1 - seat)
    afters = [a for a in _after_each_reply(observation, seat, move) if not a.is_terminal]
    if not afters:
        return ""
    mine = [figure(a, seat) - figure(observation, seat) for a in afters]
    theirs = [figure(observation, other) - figure(a, other) for a in afters]
    parts = []
    if min(mine) > 0:  # what holds whatever the other does (what might happen is no reason)
        parts.append(_phrase(rise, min(mine), figure(afters[0], seat), name))
    if fall and min(theirs) > 0:
        parts.append(_phrase(fall, min(theirs), 0, name))
    line = " and ".join(parts)
    if line and len(afters) > 1 and min(mine + theirs) > 0:
        line += f", whatever {name} chooses"
    return line
