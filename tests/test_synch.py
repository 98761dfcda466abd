"""Move In Synch, In Opposition: every ruling of RULES.md section 4."""
from __future__ import annotations

import pytest

from game import IllegalMoveError
from game.rules.synch import (
    DIRECTIONER_FIRST, GAME, OPPOSITION, SYNCH, ClaimBlocked, Direction, MarkerHeld, MarkerMoved,
    SquareClaimed, SynchState, label_square, square_label,
)


def play(state, *texts):
    for text in texts:
        state = state.apply(GAME.parse_move(text)).state
    return state


def placed(size=8, at0="a1", at1="h8", **options):
    return play(GAME.new_game(size=size, **options), at0, at1)


def test_square_names_are_chess_style():
    assert square_label((7, 0), 8) == "a1" and square_label((0, 7), 8) == "h8"
    assert label_square("d4", 8) == (4, 3)
    assert label_square("i1", 8) is None and label_square("a9", 8) is None


def test_seat_0_places_first_then_seat_1_on_another_square():
    state = GAME.new_game()
    assert state.actors == (0,) and len(state.legal_moves(0)) == 64
    state = play(state, "d4")
    assert state.actors == (1,) and len(state.legal_moves(1)) == 63
    with pytest.raises(IllegalMoveError, match="taken"):
        state.apply(GAME.parse_move("d4"))
    state = play(state, "e5")
    assert state.scores() == (1, 1)  # each start square has its owner's symbol
    assert state.markers == ((4, 3), (3, 4))


def test_seat_1_is_the_first_directioner_and_roles_alternate():
    state = placed(at0="d4", at1="e5")
    assert state.directioner == 1 and state.decider == 0
    assert state.actors == (0,)  # the decider announces first
    state = play(state, "synch")
    assert state.actors == (1,)
    state = play(state, "N")
    assert state.directioner == 0 and state.actors == (1,)


def test_first_directioner_option():
    state = placed(at0="d4", at1="e5", first_directioner=0)
    assert state.directioner == 0 and state.actors == (1,)


def test_synch_moves_both_the_same_way():
    state = placed(at0="d4", at1="e5")
    step = play(state, "synch").apply(Direction("N"))
    assert MarkerMoved(1, (3, 4), (2, 4)) in step.events
    assert MarkerMoved(0, (4, 3), (3, 3)) in step.events
    assert step.state.scores() == (2, 2)


def test_opposition_moves_the_decider_the_exact_opposite_way():
    state = placed(at0="d4", at1="e5")
    step = play(state, "opp").apply(Direction("NE"))
    assert MarkerMoved(1, (3, 4), (2, 5)) in step.events  # directioner NE
    assert MarkerMoved(0, (4, 3), (5, 2)) in step.events  # decider SW


def test_decider_may_only_announce_a_mode_with_a_direction_for_both():
    # directioner (seat 1) in the top-left corner, decider (seat 0) in the bottom-right
    state = placed(at0="h1", at1="a8")
    assert state.legal_moves(0) == (OPPOSITION,)
    with pytest.raises(IllegalMoveError, match="no direction keeps both"):
        state.apply(SYNCH)
    state = play(state, "opp")
    assert {str(d) for d in state.legal_moves(1)} == {"E", "S", "SE"}


def test_directions_keep_both_markers_on_the_board():
    state = play(placed(at0="a4", at1="h5"), "synch")  # decider on the left edge, directioner right
    assert {str(d) for d in state.legal_moves(1)} == {"N", "S"}
    with pytest.raises(IllegalMoveError, match="off the board"):
        state.apply(Direction("E"))


def test_some_mode_always_has_a_direction():
    for size in (5, 8):
        for a in range(size * size):
            for b in range(size * size):
                if a == b:
                    continue
                state = SynchState(size=size, claims=(0,) * size * size,
                                   markers=(divmod(a, size), divmod(b, size)))
                assert state.legal_moves(state.decider), (a, b)


def test_claims_empty_squares_only_and_symbols_stay():
    state = placed(at0="d4", at1="e5")
    state = play(state, "synch", "W")  # e5->d5 for seat 1, d4->c4 for seat 0
    assert state.scores() == (2, 2)
    step = play(state, "synch").apply(Direction("E"))  # seat 0 directioner: back to d4 / e5
    assert step.state.scores() == (2, 2)  # both squares already carry symbols
    assert not any(isinstance(e, SquareClaimed) for e in step.events)


def test_both_onto_the_same_empty_square_claim_nothing():
    state = placed(at0="d4", at1="f4")
    # seat 1 directioner moves W to e4; seat 0 in opposition moves E to e4
    step = play(state, "opp").apply(Direction("W"))
    assert step.state.markers == ((4, 4), (4, 4))
    assert ClaimBlocked((4, 4)) in step.events
    assert step.state.scores() == (1, 1)


def test_markers_may_share_a_square():
    state = placed(at0="d4", at1="f4")
    state = play(state, "opp", "W")
    assert state.markers[0] == state.markers[1]
    assert state.legal_moves(state.decider)


def test_game_ends_when_the_lead_cannot_be_caught():
    size = 5
    claims = [1] * 13 + [2] * 10 + [0] * 2
    state = SynchState(size=size, claims=tuple(claims), markers=((4, 3), (4, 4)),
                       directioner=1, move_limit=100)
    state = play(state, "synch", "N")  # one more symbol for each at most
    assert state.is_terminal and state.outcome.winner == 0
    assert "caught" in state.outcome.reason or "every square" in state.outcome.reason


def test_game_ends_when_every_square_is_claimed_and_can_draw():
    size = 6
    claims = [0] + [1, 2] * 17 + [0]  # 17 symbols each; a6 (0,0) and f1 (5,5) empty
    state = SynchState(size=size, claims=tuple(claims), markers=((1, 1), (4, 4)),
                       directioner=1, move_limit=100)
    assert state.scores() == (17, 17)
    # seat 1 directs SE from (4,4) to (5,5); seat 0 in opposition goes NW from (1,1) to (0,0)
    step = play(state, "opp").apply(Direction("SE"))
    assert step.state.scores() == (18, 18)
    assert step.state.is_terminal and step.state.outcome.is_draw
    assert "every square" in step.state.outcome.reason


def test_move_limit_defaults_to_four_n_squared():
    assert GAME.new_game().move_limit == 256
    assert GAME.new_game(size=5).move_limit == 100
    state = placed(size=5, at0="c3", at1="d3", move_limit=1)
    state = play(state, "synch", "N")
    assert state.is_terminal and "limit" in state.outcome.reason


def test_variation_directioner_picks_first_keeping_only_themself_on():
    state = placed(at0="a4", at1="h5", variant=DIRECTIONER_FIRST)
    assert state.actors == (1,)  # the directioner goes first
    assert {str(d) for d in state.legal_moves(1)} == {"N", "NW", "W", "SW", "S"}
    state = play(state, "W")
    assert state.actors == (0,)
    assert state.legal_moves(0) == (OPPOSITION,)  # synch W would take seat 0 off the board


def test_variation_decider_stays_when_neither_mode_keeps_it_on():
    # the decider (seat 0) sits in corner a1 of a 5x5 board; the directioner (seat 1) on c3
    state = placed(size=5, at0="a1", at1="c3", variant=DIRECTIONER_FIRST)
    one_way = state.apply(Direction("NE")).state  # synch NE keeps a1 on, opposition SW not
    assert one_way.actors == (0,) and one_way.legal_moves(0) == (SYNCH,)
    step = state.apply(Direction("NW"))  # synch NW and opposition SE both leave the board
    assert MarkerHeld(0, (4, 0)) in step.events
    assert step.state.markers == ((4, 0), (1, 1))
    assert step.state.directioner == 0  # the move is over and the roles swapped


def test_bad_options_are_value_errors():
    for options in ({"size": 4}, {"size": 16}, {"size": "8"}, {"variant": "other"},
                    {"move_limit": -1}, {"first_directioner": 2}):
        with pytest.raises(ValueError):
            GAME.new_game(options)
