"""Search knowledge for Strands: a turn's stones in one order only, and array playouts.

A turn covers a set of spaces, and the tree would otherwise meet each set once per order of its
stones; within a turn it only offers spaces after the last one covered. Playouts fill the board
turn by turn on plain lists (no state objects) and then compare the groups, as the game does.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.bots.knowledge import Knowledge
from game.bots.levels import Budget, Level
from game.core import Move, State
from game.rules.strands import END_TURN, Place, StrandsState, compare_groups


class GameKnowledge(Knowledge):
    """What the search knows of Strands."""

    def levels(self) -> dict[str, Level]:
        """Strands' levels: a many-stone turn is one search, planned stone by stone."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.7),
            "medium": Level("medium", Budget(800, 0.9)),
            "hard": Level("hard", Budget(9000, 2.6)),
        }

    def candidate_moves(self, state: State, seat: int, previous: Move | None) -> Sequence[Move]:
        """Within a turn, only spaces after the last covered (each set of stones in one order)."""
        moves = state.legal_moves(seat)
        if not isinstance(previous, Place):
            return moves
        board = state.board  # type: ignore[attr-defined]
        after = board.index(previous.label)
        return tuple(m for m in moves if m is END_TURN or board.index(m.label) > after)

    def playout_value(self, state: State, rng: random.Random) -> float:
        """Fill the board at random, turn by turn, and say who has the better groups."""
        assert isinstance(state, StrandsState)
        if state.result is not None:
            return 1.0 if state.result.winner == 0 else 0.0
        board = state.board
        stones = list(state.stones)
        empty: dict[int, list[int]] = {}
        for cell, owner in enumerate(stones):
            if not owner:
                empty.setdefault(board.numbers[cell], []).append(cell)
        for cells in empty.values():
            rng.shuffle(cells)
        mark = state.to_move + 1
        if state.turn_number == 1 and empty.get(2):  # Black's opening: exactly one 2
            stones[empty[2].pop()] = mark
            mark = 3 - mark
        elif state.placed:  # finish the turn in progress (a playout always covers all it may)
            cells = empty.get(state.number, [])
            for _ in range(min(len(cells), state.number - state.placed)):
                stones[cells.pop()] = mark
            mark = 3 - mark
        left = sum(len(c) for c in empty.values())
        while left:
            pick = rng.randrange(left)
            for number, cells in empty.items():
                if pick < len(cells):
                    break
                pick -= len(cells)
            take = min(len(cells), number)
            for _ in range(take):
                stones[cells.pop()] = mark
            left -= take
            mark = 3 - mark
        winner, _ = compare_groups(_groups(stones, board.neighbours, 1),
                                   _groups(stones, board.neighbours, 2))
        return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


def _groups(stones: list[int], neighbours: tuple, mark: int) -> tuple[int, ...]:
    """Group sizes of one colour, largest first."""
    seen = [False] * len(stones)
    sizes = []
    for start, owner in enumerate(stones):
        if owner != mark or seen[start]:
            continue
        seen[start] = True
        frontier, size = [start], 0
        while frontier:
            cell = frontier.pop()
            size += 1
            for near in neighbours[cell]:
                if not seen[near] and stones[near] == mark:
                    seen[near] = True
                    frontier.append(near)
        sizes.append(size)
    sizes.sort(reverse=True)
    return tuple(sizes)
