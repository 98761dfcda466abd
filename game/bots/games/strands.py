"""Search knowledge for Strands: array playouts, and who covered each space for RAVE.

A turn is searched stone by stone, every empty space offered at each stone: the tree meets a
set of stones once per order, but each stone is chosen as the best next one (offering only
spaces after the last covered, so that each set came in one order, made the first stone stand
for the whole set and lost to plain UCT: 60% where all orders score 77.5%). Playouts fill the
board turn by turn on plain lists (no state objects) and then compare the groups, as the game
does. Hard blends in all-moves-as-first values (RAVE): a space is worth about the same whenever
its owner covers it, which is what makes RAVE strong in connection games (100% against plain
UCT at equal time, 40 games at a quarter of the budget; at full budget, where UCT's random
playouts get its whole 2.6 s a move, 92.5% over 40, 37-0-3). Hard's 20,000-iteration cap stops
it at a mean of 2.0-2.4 s; without the cap it thinks 2.5-2.6 s (p95 2.86 s, against 2.80 s) and
scored 90.0% over the same 40 seeds (36-0-4), so the cap stays.
"""
from __future__ import annotations

import random

from game.bots.knowledge import Knowledge
from game.bots.levels import Budget, Level
from game.core import Move
from game.rules.strands import Place, StrandsState, compare_groups


class GameKnowledge(Knowledge[StrandsState]):
    """What the search knows of Strands."""

    def levels(self) -> dict[str, Level]:
        """Strands' levels: a many-stone turn is one search, planned stone by stone; Hard
        also learns from every playout what each space is worth to whoever covers it (RAVE)."""
        return {
            "easy": Level("easy", Budget(150, 0.25), temperature=0.7),
            "medium": Level("medium", Budget(800, 0.9)),
            "hard": Level("hard", Budget(20000, 2.6), exploration=0.3, traits=(("rave", 300.0),)),
        }

    def amaf_key(self, state: StrandsState, move: Move) -> int | None:
        """A stone's space (who covers it by the end of a playout); None for ending a turn."""
        if isinstance(move, Place):
            return state.board.index(move.label)
        return None

    def playout_value(self, state: StrandsState, rng: random.Random) -> float:
        """Fill the board at random, turn by turn, and say who has the better groups."""
        return self.amaf_playout(state, rng)[0]

    def amaf_playout(self, state: StrandsState, rng: random.Random) -> tuple[float, list[int]]:
        """Fill the board at random, turn by turn: who has the better groups, and the stones."""
        assert isinstance(state, StrandsState)
        stones = list(state.stones)
        if state.result is not None:
            return (1.0 if state.result.winner == 0 else 0.0), stones
        board = state.board
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
        return (0.5 if winner is None else (1.0 if winner == 0 else 0.0)), stones


def _groups(stones: list[int], neighbours: tuple[tuple[int, ...], ...], mark: int) -> tuple[int,
            ...]:
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
