"""Strands: the layouts' counts and every ruling of RULES.md section 3."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game import IllegalMoveError
from game.rules.strands import (
    GAME, Board, EndTurn, Place, StonePlaced, StrandsState, TurnEnded, compare_groups,
)


def play(state, *texts):
    for text in texts:
        state = state.apply(GAME.parse_move(text)).state
    return state


def labels_marked(state, number):
    return [state.board.labels[i] for i in state.board.by_number[number] if not state.stones[i]]


def test_standard_board_counts():
    board = Board.build(6)
    assert len(board.numbers) == 91
    assert Counter(board.numbers) == {1: 1, 2: 36, 3: 24, 5: 24, 6: 6}
    assert board.numbers[board.index("f6")] == 1  # the centre


def test_small_board_counts():
    board = Board.build(5)
    assert len(board.numbers) == 61
    assert Counter(board.numbers) == {1: 1, 2: 18, 3: 18, 4: 18, 6: 6}


@pytest.mark.parametrize("side", [6, 5])
def test_numbers_by_distance_and_corners(side):
    board = Board.build(side)
    radius = side - 1
    for (q, r), number in zip(board.coords, board.numbers):
        distance = max(abs(q), abs(r), abs(q + r))
        corner = distance == radius and sorted((abs(q), abs(r), abs(q + r)))[1] == radius
        if distance == 0:
            assert number == 1
        elif corner:
            assert number == 6
    corners = [n for n in board.numbers if n == 6]
    assert len(corners) == 6


@pytest.mark.parametrize("side", [6, 5])
def test_board_shape(side):
    board = Board.build(side)
    degrees = Counter(len(n) for n in board.neighbours)
    assert degrees[3] == 6  # the corners
    assert degrees[4] == 6 * (side - 2)  # the other edge spaces
    assert len(board.numbers) % 2 == 1
    for cell, near in enumerate(board.neighbours):  # adjacency is symmetric
        assert all(cell in board.neighbours[other] for other in near)
    rows = Counter(label[0] for label in board.labels)
    assert len(rows) == 2 * side - 1 and rows["a"] == side and max(rows.values()) == 2 * side - 1


def test_random_numbering_shuffles_the_same_numbers_reproducibly():
    standard = GAME.new_game().board
    shuffled = GAME.new_game(numbering="random", seed=7).board
    again = GAME.new_game(numbering="random", seed=7).board
    other = GAME.new_game(numbering="random", seed=8).board
    assert Counter(shuffled.numbers) == Counter(standard.numbers)
    assert shuffled == again and shuffled != standard and shuffled != other
    assert GAME.new_game(side=5, numbering="random", seed=1).board.side == 5


def test_black_opens_with_exactly_one_two():
    state = GAME.new_game()
    assert state.actors == (0,)
    opening = state.legal_moves(0)
    assert len(opening) == 36 and all(state.board.numbers[state.board.index(m.label)] == 2
                                      for m in opening)
    with pytest.raises(IllegalMoveError, match="marked 2"):
        state.apply(Place("f6"))  # the 1 in the centre
    step = state.apply(Place("f5"))
    assert step.events == (StonePlaced(0, step.state.board.index("f5"), "f5"),
                           TurnEnded(0, 2, 1))
    assert step.state.actors == (1,)  # White moves next


def test_a_turn_covers_up_to_x_spaces_marked_x():
    state = play(GAME.new_game(), "f5")
    threes = labels_marked(state, 3)
    state = play(state, threes[0])
    assert state.actors == (1,) and state.number == 3 and state.placed == 1
    moves = state.legal_moves(1)
    assert EndTurn() in moves
    assert all(state.board.numbers[state.board.index(m.label)] == 3
               for m in moves if isinstance(m, Place))
    with pytest.raises(IllegalMoveError, match="marked 3"):
        state.apply(Place(labels_marked(state, 2)[0]))
    state = play(state, threes[1], threes[2])
    assert state.actors == (0,)  # three stones on 3s end the turn by themselves


def test_a_turn_may_stop_early_but_not_before_one_stone():
    state = play(GAME.new_game(), "f5")
    with pytest.raises(IllegalMoveError, match="at least one"):
        state.apply(EndTurn())
    fives = labels_marked(state, 5)
    state = play(state, fives[0], fives[1], "end")
    assert state.actors == (0,) and state.stones.count(2) == 2


def test_fewer_left_than_x_ends_the_turn_when_they_run_out():
    state = play(GAME.new_game(), "f5")
    sixes = labels_marked(state, 6)
    state = play(state, *sixes)  # all six corners in one turn
    assert state.actors == (0,)
    board = state.board
    stones = list(state.stones)
    fives = [i for i in board.by_number[5]]
    for i in fives[:-2]:
        stones[i] = 1
    state = StrandsState(board=board, stones=tuple(stones), to_move=1, turn_number=5)
    last_two = [board.labels[i] for i in fives[-2:]]
    state = play(state, *last_two)
    assert state.actors == (0,)  # only two 5s were left: the turn ends with them


def test_the_one_is_covered_alone():
    state = play(GAME.new_game(), "f5", "f6")
    assert state.actors == (0,) and state.stones[state.board.index("f6")] == 2


def _finished(board, black):
    stones = tuple(1 if i in black else 2 for i in range(len(board.numbers)))
    last = next(i for i in range(len(stones)) if stones[i] == 2)
    before = list(stones)
    before[last] = 0
    state = StrandsState(board=board, stones=tuple(before), to_move=1, turn_number=9)
    return state.apply(Place(board.labels[last])).state


def test_full_board_largest_group_wins():
    board = Board.build(5)
    black = {i for i, (q, r) in enumerate(board.coords) if r < 0}  # the top rows: one group
    state = _finished(board, black)
    assert state.is_terminal
    assert state.outcome.scores[0] == (len(black),)
    assert state.outcome.winner == 1  # White has the larger group (the rest of the board)
    assert "largest group" in state.outcome.reason


def test_group_comparison_goes_down_the_ranks_with_missing_groups_as_zero():
    assert compare_groups((5, 3), (4, 4)) == (0, 0)
    assert compare_groups((5, 3, 1), (5, 4)) == (1, 1)
    assert compare_groups((5, 3, 1), (5, 3)) == (0, 2)  # White's missing third group is 0
    assert compare_groups((2,), (2, 1)) == (1, 1)
    assert compare_groups((3, 2), (3, 2)) == (None, 0)


def test_a_tie_on_the_largest_group_is_decided_by_the_next():
    board = Board.build(5)
    rng = random.Random(0)
    for _ in range(5000):  # find a random full board whose largest groups are equal
        black = {i for i in range(len(board.numbers)) if rng.random() < 0.5}
        if 0 < len(black) < len(board.numbers) - 1:
            state = _finished(board, black)
            sizes = state.outcome.scores
            if sizes[0][0] == sizes[1][0]:
                break
    else:
        pytest.fail("no random board with equal largest groups")
    winner, rank = compare_groups(*sizes)
    assert rank >= 1 and state.outcome.winner == winner
    assert f"group number {rank + 1}" in state.outcome.reason


def test_parse_move_rejects_bad_labels():
    for text in ("", "6f", "f0", "end turn", "ff"):
        with pytest.raises(ValueError):
            GAME.parse_move(text)
    state = GAME.new_game()
    with pytest.raises(IllegalMoveError, match="no space"):
        state.apply(Place("z9"))
