"""Taking back decisions: to a seat's previous decision, never across a completed secret turn."""
from __future__ import annotations

import pytest

from game.core import NodeKind
from game.match import Match, RandomPlayer, play_out
from game.undo import UndoRefused, entry_facts, last_decider, undo_point, without_sealed_tail


def strands_after(moves: list[str]) -> Match:
    match = Match("strands", {"side": 5}, seed=1)
    for text in moves:
        match.play(text)
    return match


def test_a_seat_goes_back_to_its_own_last_decision():
    match = strands_after([])
    first = match.state.legal_moves(0)[0]
    match.play(first)  # Black's opening stone ends Black's first turn
    white = match.state.awaiting[0]
    assert white == 1
    match.play(match.state.legal_moves(1)[0])
    record = match.record()
    assert last_decider(record) == 1
    assert undo_point(record, (0,)) == 0  # Black's last decision: the first entry
    assert undo_point(record, (1,)) == 1


def test_nothing_to_take_back_before_a_seat_has_decided():
    with pytest.raises(UndoRefused, match="no move to take back"):
        undo_point(Match("strands", {"side": 5}, seed=1).record(), (0, 1))


def test_a_sealed_choice_not_yet_answered_may_be_taken_back():
    match = Match("pulling_strings", seed=1)
    match.play("c", 0)  # sealed; Oh has not chosen
    assert [f.seals for f in entry_facts(match.record())] == [True]
    assert undo_point(match.record(), (0,)) == 0


def test_a_completed_secret_turn_is_never_taken_back():
    match = Match("pulling_strings", seed=1)
    match.play("c", 0)
    match.play("h", 1)  # both in: revealed
    facts = entry_facts(match.record())
    assert [f.completes for f in facts] == [False, True]
    for seats in ((0,), (1,), (0, 1)):
        with pytest.raises(UndoRefused, match="both secret choices of turn 1"):
            undo_point(match.record(), seats)
    match.play("a", 1)  # turn 2: Oh seals first this time; Oh may take that back
    assert undo_point(match.record(), (1,)) == 2
    with pytest.raises(UndoRefused):
        undo_point(match.record(), (0,))  # Eks's last decision lies before the reveal


def test_a_finished_game_is_not_taken_back():
    match = Match("synch", {"move_limit": 20}, seed=2)
    play_out(match, [RandomPlayer(1), RandomPlayer(2)])
    with pytest.raises(UndoRefused, match="over"):
        undo_point(match.record(), (0, 1))


def test_rewound_matches_draw_the_same_dice():
    match = Match("tug_of_war", seed=5)
    play_out(match, [RandomPlayer(1), RandomPlayer(2)])
    keep = len(match.entries) // 2
    again = match.rewound(keep)
    assert again.entries == match.entries[:keep]
    for entry in match.entries[keep:]:
        if entry.actor == "*":
            again.resolve_chance()  # drawn afresh: the seed and the place decide it
        else:
            again.play(entry.text, entry.actor)
    assert again.entries == match.entries and again.state == match.state


def test_no_roll_of_the_dice_is_taken_back():
    match = Match("tug_of_war", seed=5)
    match.resolve_chance()
    seat = match.state.actors[0]
    match.play(match.state.legal_moves(seat)[0], seat)
    assert undo_point(match.record(), (seat,)) == 1  # a decision after the roll: yes
    while match.entries[-1].actor != "*":  # on to the next roll
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
        else:
            match.play(state.legal_moves(state.actors[0])[0], state.actors[0])
    with pytest.raises(UndoRefused, match="dice have been rolled"):
        undo_point(match.record(), (0, 1))


def test_a_record_for_others_drops_an_unrevealed_sealed_choice():
    match = Match("pulling_strings", seed=1)
    match.play("c", 0)
    match.play("h", 1)
    match.play("a", 0)  # sealed, unrevealed: the secret of an unfinished game
    public = without_sealed_tail(match.record())
    assert [str(e) for e in public.entries] == ["0:c", "1:h"]
    assert without_sealed_tail(public) == public
