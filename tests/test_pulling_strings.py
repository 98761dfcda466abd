"""Pulling Strings: the seed's figures and every ruling of RULES.md section 1."""
from __future__ import annotations

import pytest

from game import IllegalMoveError, NodeKind
from game.rules.pulling_strings import (
    GAME, HOMES, ROW_LETTERS, Pull, PullingStringsState, StackHeld, StackMoved, StackSplit,
    StacksCombined, StringBroken, from_diagram, parse_move,
)


def turn(state, eks, oh):
    return state.apply_joint(Pull(eks), Pull(oh))


def rows_of(state):
    return {letter: state.row_diagram(letter) for letter in ROW_LETTERS}


EMPTY = {"y": ".X.O.", "x": "O...X", "w": ".....", "v": "X...O", "t": ".O.X."}

# (figure, Eks's end, Oh's end, rows before, rows after) as RULES.md checks them
FIGURES = [
    (3, "g", "i", {"x": "O.3.X", "v": "X.3.O"}, {"x": "O..3X", "v": "X..3O"}),
    (4, "b", "i", {"x": "O3..X", "v": "X.3.O"}, {"y": ".3.O.", "x": "O...X", "v": "X..3O"}),
    (5, "c", "h", {"w": "..5.."}, {"x": "O.3.X", "w": "...3."}),
    (6, "c", "o", {"x": "O.3.X", "w": "...3."}, {"y": ".X2O.", "x": "O...X", "w": "..23."}),
    (7, "w", "h", {"y": ".X2O.", "w": "..23."}, {"y": ".X2O.", "w": ".1212"}),
    (8, "y", "c", {"y": ".X2O.", "w": "..23."}, {"y": ".11O.", "x": "O.2.X", "w": "...3."}),
    (9, "o", "w", {"x": "O.3.X", "w": "...3."}, {"x": "O...X", "w": "..6.."}),
    (10, "c", "h", {"y": ".X3O.", "x": "O.2.X", "w": "...3."},
     {"y": ".X5O.", "x": "O...X", "w": "....3"}),
]


def test_figure_1_initial_setup():
    state = GAME.new_game()
    assert state.diagram() == "\n".join([
        "  a b c d e",
        "y . X . O . f",
        "x O . . . X g",
        "w . . 5 . . h",
        "v X . . . O i",
        "t . O . X . l",
        "  s r o n m",
    ])
    assert state.kind is NodeKind.SIMULTANEOUS and state.actors == (0, 1)
    assert len(state.legal_moves(0)) == 20 and sum(state.stacks) == 5


@pytest.mark.parametrize("figure, eks, oh, before, after", FIGURES,
                         ids=[f"fig{f[0]}" for f in FIGURES])
def test_checked_figures(figure, eks, oh, before, after):
    state = from_diagram(before)
    moved = turn(state, eks, oh).state
    assert rows_of(moved) == {**EMPTY, **after}
    assert not moved.is_terminal


def test_pull_order_does_not_matter_for_the_position():
    for figure, eks, oh, before, after in FIGURES:
        state = from_diagram(before)
        assert turn(state, eks, oh).state.stacks == turn(state, oh, eks).state.stacks


def test_string_end_letters_and_directions():
    # top a..e pull columns up; right f..l rows right; bottom s r o n m under a..e pull down;
    # left y x w v t down the rows pull left
    centre = from_diagram({"w": "..1.."})
    expected = {"c": (1, 2), "h": (2, 3), "o": (3, 2), "w": (2, 1)}
    for end, cell in expected.items():
        events = turn(centre, end, end).events
        assert StackMoved((2, 2), cell, 1) in events
    corner = from_diagram({"t": "....1"})  # bottom-right corner (4, 4): column e, row t
    assert StackMoved((4, 4), (3, 4), 1) in turn(corner, "e", "e").events
    assert StackMoved((4, 4), (4, 3), 1) in turn(corner, "t", "t").events


def test_l_is_a_lowercase_l_not_a_one():
    assert parse_move("l") == Pull("l")
    with pytest.raises(ValueError):
        parse_move("1")
    assert {str(m) for m in GAME.new_game().legal_moves(0)} == set("abcdefghilmnorstvwxy")


def test_homes_match_rules():
    assert HOMES[0] == ((0, 1), (1, 4), (3, 0), (4, 3))
    assert HOMES[1] == ((0, 3), (1, 0), (3, 4), (4, 1))


def test_same_end_moves_everything_and_breaks_the_string():
    state = from_diagram({"x": "O.3.X", "w": "..2..", "t": "..1.."})
    step = turn(state, "c", "c")
    assert rows_of(step.state)["y"] == ".X3O."
    assert rows_of(step.state)["x"] == "O.2.X"
    assert rows_of(step.state)["v"] == "X.1.O"
    assert StringBroken(2, "co") in step.events
    after = step.state
    assert after.is_broken("c") and after.is_broken("o")
    assert Pull("c") not in after.legal_moves(0) and Pull("o") not in after.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="broken"):
        after.apply(Pull("o"), 1)


def test_opposite_ends_split_but_do_not_break():
    step = turn(from_diagram({"w": "..5.."}), "h", "w")
    assert rows_of(step.state)["w"] == ".3.3."
    assert step.state.broken == 0
    assert StackSplit((2, 2), 5, (((2, 3), 3), ((2, 1), 3))) in step.events


def test_odd_stacks_split_into_two_halves_rounded_up():
    step = turn(from_diagram({"w": "..1.."}), "c", "h")
    assert sum(step.state.stacks) == 2
    step = turn(from_diagram({"w": "..4.."}), "c", "h")
    assert rows_of(step.state)["x"] == "O.2.X" and rows_of(step.state)["w"] == "...2."


def test_half_pulled_into_the_edge_stays_put():
    # a stack on the top edge pulled up (into the wall) and right (along it)
    step = turn(from_diagram({"y": "..4.."}), "c", "f")
    assert rows_of(step.state)["y"] == ".X22."
    assert StackSplit((0, 2), 4, (((0, 2), 2), ((0, 3), 2))) in step.events


def test_corner_stack_pulled_into_both_walls_stays_whole():
    step = turn(from_diagram({"y": "3...."}), "a", "y")
    assert rows_of(step.state)["y"] == "3X.O."
    assert StackHeld((0, 0), 3) in step.events
    assert not any(isinstance(e, StackSplit) for e in step.events)


def test_corner_stack_pulled_into_one_wall_and_along_the_other_splits():
    step = turn(from_diagram({"y": "3...."}), "a", "f")
    assert rows_of(step.state)["y"] == "22.O."


def test_edge_stack_pulled_into_its_wall_stays():
    step = turn(from_diagram({"y": "..2.."}), "c", "c")
    assert StackHeld((0, 2), 2) in step.events
    assert rows_of(step.state)["y"] == ".X2O."


def test_splits_happen_first_then_combinations():
    # figure 11's idea: a split half lands on a stack that itself moved this turn
    state = from_diagram({"y": "..2..", "w": "..2.."})
    step = turn(state, "c", "o")
    # (0,2) splits: 1 stays, 1 down to (1,2); (2,2) splits: 1 up to (1,2), 1 down to (3,2)
    assert rows_of(step.state)["y"] == ".X1O."
    assert rows_of(step.state)["x"] == "O.2.X"
    assert rows_of(step.state)["v"] == "X.1.O"
    assert StacksCombined((1, 2), (1, 1), 2) in step.events


def test_stacks_landing_together_combine():
    step = turn(from_diagram({"x": "O.3.X", "w": "...3."}), "o", "w")
    assert StacksCombined((2, 2), (3, 3), 6) in step.events


def test_supply_is_unlimited():
    state = from_diagram({"w": "..9.."})
    for _ in range(3):
        state = turn(state, "c", "h").state
    assert sum(state.stacks) > 9


def test_five_home_wins_for_the_higher_total():
    step = turn(from_diagram({"w": ".5..."}), "b", "b")  # (2,1) -> (1,1): not a home
    assert not step.state.is_terminal
    step = turn(from_diagram({"x": ".5..."}), "b", "b")  # (1,1) -> (0,1): Eks home, 5 pieces
    assert step.state.is_terminal
    assert step.state.outcome.winner == 0 and step.state.outcome.scores == (5, 0)


def test_equal_totals_at_five_continue_then_first_difference_decides():
    tied = from_diagram({"x": "5...5"})  # Oh home (1,0) and Eks home (1,4) hold 5 each
    step = turn(tied, "h", "h")  # nothing moves on row w: totals stay 5-5
    assert not step.state.is_terminal and step.state.tied
    later = turn(step.state, "a", "a").state  # (1,0) moves up to (0,0): Oh 0, Eks 5
    assert later.is_terminal and later.outcome.winner == 0
    assert "tie" in later.outcome.reason


def test_tie_flag_decides_even_below_five():
    state = PullingStringsState(stacks=from_diagram({"x": "2...1"}).stacks, tied=True)
    step = turn(state, "h", "h")
    assert step.state.is_terminal and step.state.outcome.winner == 1  # Oh 2, Eks 1


def test_every_string_broken_is_a_draw():
    state = PullingStringsState(broken=(1 << 10) - 1 - (1 << 7))  # only row w is whole
    step = turn(state, "h", "h")
    assert step.state.is_terminal and step.state.outcome.is_draw
    assert "broken" in step.state.outcome.reason


def test_turn_limit_draw():
    state = GAME.new_game(turn_limit=2)
    state = turn(state, "a", "b").state
    assert not state.is_terminal
    state = turn(state, "a", "b").state
    assert state.is_terminal and state.outcome.is_draw and "limit" in state.outcome.reason


def test_agreed_draw():
    state = GAME.new_game()
    step = state.agree_draw()
    assert step.state.is_terminal and step.state.outcome.is_draw
    assert step.state.outcome.reason == "draw agreed"
    sealed = state.apply(Pull("a"), 0).state
    with pytest.raises(IllegalMoveError):
        sealed.agree_draw()


def test_a_seat_cannot_choose_twice():
    sealed = GAME.new_game().apply(Pull("a"), 0).state
    assert sealed.legal_moves(0) == () and sealed.awaiting == (1,)
    with pytest.raises(IllegalMoveError):
        sealed.apply(Pull("b"), 0)
