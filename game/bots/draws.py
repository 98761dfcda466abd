"""When the computer accepts a draw offered across the board.

Two players of Pulling Strings can reach a standoff: every pull but one that changes nothing
loses, so both make that pull for ever (the app has no turn limit). The bot accepts a draw once
the board has stood still for `STILL_TURNS` whole turns, which both players' choices made so;
otherwise it plays on. It judges from the public history only, as a person across the table
would.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Sequence

from game.bots.history import PublicDecision
from game.core import State

STILL_TURNS = 3  # whole turns in a row that left the board as it was
# what a standstill ignores: the turn counter, choices sealed this turn, and the repetition
# ruling's count of positions (a still board does not add to it)
SET_ASIDE = MappingProxyType({"turn_number": 0, "pending": (None, None),
                              "seen_once": frozenset(), "seen_twice": frozenset(),
                              "still_turns": 0})


def board_of(state: State) -> State:
    """The state with its turn counter and this turn's sealed choices set aside: two turns of
    one board compare equal."""
    names = set(type(state).__slots__)  # a slotted dataclass's slots are its fields
    changes = {name: value for name, value in SET_ASIDE.items() if name in names}
    return state.replace(**changes)


def turn_starts(history: Sequence[PublicDecision], now: State) -> list[State]:
    """The public state at the start of each turn in `history`, then `now`'s."""
    starts: list[State] = []
    for state, _, _ in history:
        if not starts or starts[-1] != state:  # both seats' entries of a turn share its state
            starts.append(state)
    starts.append(now.observe_public())
    return starts


def accepts_draw(history: Sequence[PublicDecision], now: State,
                 turns: int = STILL_TURNS) -> bool:
    """Whether the bot accepts a draw offered at `now`: the last `turns` turns each left the
    board as it was."""
    if not now.draw_by_agreement or now.is_terminal:
        return False
    starts = turn_starts(history, now)
    if len(starts) <= turns:
        return False
    boards = [board_of(state) for state in starts[-(turns + 1):]]
    return all(board == boards[0] for board in boards[1:])
