"""The computer accepts a draw once the board has stood still for three whole turns."""
from __future__ import annotations

import pickle

from hypothesis import given, settings, strategies as st

from game.bots.draws import STILL_TURNS, accepts_draw
from game.bots.history import History
from game.registry import get_game

PULLING = get_game("pulling_strings")
# The pulls of an arena game (Hard v greedy, seed 3) that ran into a standoff at 4 all: from
# here on each side pulls the one end that changes nothing, as every other pull loses.
TO_STANDOFF = "bm ie do lb yc nw hd mn xx wb bw sa bi ar bs sr ta al fs ar bs br br sr br br br br"


def play_turn(state, history: History, pull0: str, pull1: str):
    """Both pulls of one turn, noted in `history` as the play screen notes them."""
    first, second = PULLING.parse_move(pull0), PULLING.parse_move(pull1)
    middle = state.apply(first, 0).state
    history.add(state, 0, first)
    after = middle.apply(second, 1).state
    history.add(middle, 1, second)
    return after


def play(pulls: list[str], repetition: bool = False):
    """The state and history after these turns of two pulls each, from the start (by default
    without the repetition ruling, which would end a standoff by itself)."""
    state, history = PULLING.new_game(repetition=repetition), History()
    for pair in pulls:
        state = play_turn(state, history, pair[0], pair[1])
    return state, history


def test_a_real_standoff_is_accepted_after_three_still_turns():
    state, history = play(TO_STANDOFF.split())
    assert state.scores() == (4, 4) and not state.is_terminal
    for pull in state.legal_moves(0):  # it is a standoff: any other pull of Eks loses
        after = state.apply_joint(pull, PULLING.parse_move("r")).state
        assert str(pull) == "b" or after.outcome.winner == 1
    for _ in range(STILL_TURNS):
        assert not accepts_draw(history.entries, state)
        state = play_turn(state, history, "b", "r")
    assert accepts_draw(history.entries, state)
    state = play_turn(state, history, "a", "r")  # Eks breaks the standoff (and loses)
    assert not accepts_draw(history.entries, state)


def test_a_history_sent_to_another_process_reads_the_same():
    state, history = play(TO_STANDOFF.split() + ["br"] * STILL_TURNS)
    copied = pickle.loads(pickle.dumps(history.entries))
    assert accepts_draw(copied, state) and accepts_draw(history.entries, state)


def test_a_game_without_draws_by_agreement_never_accepts():
    strands = get_game("strands")
    assert not accepts_draw((), strands.new_game())


def test_at_the_start_there_is_no_standstill_to_judge():
    assert not accepts_draw((), PULLING.new_game())


# Ends of strings that meet no piece at the start, so random play often leaves the board as it
# was, beside ends that move the centre stack.
QUIET_OR_NOT = "aeyflmswcrhv"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(QUIET_OR_NOT), st.sampled_from(QUIET_OR_NOT)),
                max_size=12))
def test_accepts_exactly_when_the_last_three_turns_left_the_board_unchanged(turns):
    state, history = PULLING.new_game(), History()
    boards = [(state.stacks, state.broken, state.tied)]
    for pull0, pull1 in turns:
        if state.is_terminal:
            break
        legal = {str(move) for move in state.legal_moves(0)}
        if pull0 not in legal or pull1 not in legal:  # a broken string's end
            continue
        state = play_turn(state, history, pull0, pull1)
        boards.append((state.stacks, state.broken, state.tied))
    still = (not state.is_terminal and len(boards) > STILL_TURNS
             and len(set(boards[-(STILL_TURNS + 1):])) == 1)
    assert accepts_draw(history.entries, state) == still
