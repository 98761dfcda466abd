"""Tug of War: the seed's two worked examples and every ruling of RULES.md section 5."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game import IllegalMoveError, MoveParseError, NodeKind
from game.core import GameOver
from game.rules.tug_of_war import (
    ACT, ATHLETES, GAME, SETUP_CHOICE, SETUP_ROLL, TURN_ROLL, AthleteRemoved, DiceExchanged,
    EndTurn, Exchange, Keep, Remove, Reroll, Roll, TeamFormed, TugOfWarState, TurnEnded,
    TurnStarted, parse_chance, parse_move,
)
from support import carries, playout


def play(state, *texts):
    """Apply each text in turn: die faces at a chance node, move notation otherwise."""
    events = []
    for text in texts:
        if state.kind is NodeKind.CHANCE:
            step = state.apply_chance(parse_chance(text))
        else:
            step = state.apply(parse_move(text), state.to_move)
        events.extend(step.events)
        state = step.state
    return state, events


def legal(state):
    return {str(m) for m in state.legal_moves(state.to_move)}


def acting(team, common, athletes=(10, 10), to_move=0, rerolls_left=0):
    """A turn in progress: the common dice are rolled and `to_move` is about to act."""
    teams = (team, (3, 3, 3)) if to_move == 0 else ((3, 3, 3), team)
    return TugOfWarState(athletes=athletes, team=teams, common=common, phase=ACT,
                         to_move=to_move, rerolls_left=rerolls_left)


def rolling(team, athletes=(10, 10), to_move=0):
    """A turn about to start: the common dice are to be rolled."""
    teams = (team, (3, 3, 3)) if to_move == 0 else ((3, 3, 3), team)
    return TugOfWarState(athletes=athletes, team=teams, common=(0, 0, 0), phase=TURN_ROLL,
                         to_move=to_move, reroll_slots=(0, 1, 2))


def set_up(yellow, red):
    """Both setups played with `keep`, from three-dice rolls given as text."""
    state, _ = play(GAME.new_game(), yellow, "keep", red, "keep")
    return state


# ---- setup -----------------------------------------------------------------------------------
def test_yellow_rolls_three_dice_first():
    state = GAME.new_game()
    assert state.kind is NodeKind.CHANCE and state.phase == SETUP_ROLL and state.to_move == 0
    assert state.athletes == (0, 0) and state.reserve == (ATHLETES, ATHLETES) == (18, 18)
    assert len(state.chance_outcomes()) == 56


def test_setup_worked_example_bernd_rerolls_his_two_sixes():
    state, events = play(GAME.new_game(), "266")
    assert state.phase == SETUP_CHOICE and state.actors == (0,)
    assert legal(state) == {"keep", "reroll 2", "reroll 6", "reroll 26", "reroll 66", "reroll 266"}
    state, events = play(state, "reroll 66")
    assert state.kind is NodeKind.CHANCE and len(state.chance_outcomes()) == 21  # two dice
    state, events = play(state, "35")
    assert sorted(state.team[0]) == [2, 3, 5]
    assert state.athletes[0] == 10 and state.reserve[0] == 8
    assert TeamFormed(0, state.team[0], 10) in events


@pytest.mark.parametrize("reroll, dice, kept", [("reroll 2", 1, [6, 6]), ("reroll 66", 2, [2]),
                                               ("reroll 266", 3, [])])
def test_setup_rerolls_one_to_three_dice_once(reroll, dice, kept):
    state, _ = play(GAME.new_game(), "266", reroll)
    assert len(state.chance_outcomes()) == {1: 6, 2: 21, 3: 56}[dice]
    state, events = play(state, "1" * dice)
    # the re-roll settles Yellow's team: no second choice, straight on to Red's roll
    assert sorted(state.team[0]) == sorted(kept + [1] * dice)
    assert any(isinstance(e, TeamFormed) for e in events)
    assert state.phase == SETUP_ROLL and state.to_move == 1 and state.kind is NodeKind.CHANCE


def test_setup_keep_takes_the_roll_as_it_is():
    state, events = play(GAME.new_game(), "456", "keep")
    assert state.team[0] == (4, 5, 6) and state.athletes == (15, 0)
    assert events[-1] == TeamFormed(0, (4, 5, 6), 15)
    assert state.phase == SETUP_ROLL and state.to_move == 1


def test_setup_choice_offers_no_faces_that_were_not_rolled():
    state, _ = play(GAME.new_game(), "266")
    assert Reroll((1,)) not in state.legal_moves(0)
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("reroll 666"), 0)


def test_red_sets_up_the_same_way_and_three_dice_become_common():
    state, _ = play(GAME.new_game(), "266", "reroll 66", "35", "134")
    assert state.phase == SETUP_CHOICE and state.actors == (1,)
    assert "reroll 134" in legal(state) and "keep" in legal(state)
    state, events = play(state, "reroll 1", "6")
    assert sorted(state.team[1]) == [3, 4, 6] and state.athletes == (10, 13)
    assert TeamFormed(1, state.team[1], 13) in events
    assert len(state.team[0]) + len(state.team[1]) + len(state.common) == 9
    assert state.phase == TURN_ROLL and len(state.chance_outcomes()) == 56


@pytest.mark.parametrize("yellow, red, starter", [
    ("235", "112", 1),  # 10 against 4: Red has fewer
    ("112", "235", 0),  # 4 against 10: Yellow has fewer
])
def test_fewer_athletes_starts(yellow, red, starter):
    state = set_up(yellow, red)
    assert state.to_move == starter and state.phase == TURN_ROLL
    assert state.kind is NodeKind.CHANCE and state.actors == ()


def test_equal_athletes_yellow_starts():
    state, events = play(GAME.new_game(), "226", "keep", "145", "keep")
    assert state.athletes == (10, 10)
    assert state.to_move == 0 and TurnStarted(0) in events


# ---- the turn worked example -----------------------------------------------------------------
def jeff_before_his_roll():
    return rolling((2, 4, 6), athletes=(3, 10))


def test_turn_worked_example_jeff_plays_it_as_told():
    state, _ = play(jeff_before_his_roll(), "135")
    assert state.phase == ACT and state.rerolls_left == 1  # one 6 among his team dice
    assert "reroll 1" in legal(state)
    state, _ = play(state, "reroll 1")
    assert state.chance_outcomes() == tuple((Roll((v,)), Fraction(1, 6)) for v in range(1, 7))
    state, _ = play(state, "4")
    assert sorted(state.common) == [3, 4, 5] and state.rerolls_left == 0
    state, events = play(state, "3x2")
    assert state.athletes == (5, 10)  # 1 for the trade plus 1 for the rise 3-2
    assert [(e.new_value, e.old_value, e.change, e.on_rope) for e in events] == [(3, 2, 2, 5)]
    assert sorted(state.team[0]) == [3, 4, 6]
    # either the 4 or the 5 removes against the 4; nothing else pairs: one removal, not two
    assert legal(state) == {"4/4", "5/4", "end"}
    for removal in ("4/4", "5/4"):
        after, events = play(state, removal)
        assert after.athletes == (5, 9)
        assert AthleteRemoved(0, *_slots(state, removal), 9) in events
        assert TurnEnded(0, "spent") in events and TurnStarted(1) in events
        assert after.to_move == 1 and after.phase == TURN_ROLL
        # the opponent takes the three extra dice, the old team 2 among them
        assert sorted(after.common) == sorted([2, 4, 5])


def _slots(state, removal):
    move = parse_move(removal)
    common = next(i for i, v in enumerate(state.common)
                  if v == move.common and not state.used_common >> i & 1)
    team = next(i for i, v in enumerate(state.team[state.to_move])
                if v == move.team and not state.used_team >> i & 1)
    return common, team


def test_exchanged_team_die_takes_no_other_pairing():
    state, _ = play(jeff_before_his_roll(), "135", "reroll 1", "4", "3x2")
    # the new team 3 would be beaten by the 4 and the 5, but it was paired by the exchange
    for text in ("4/3", "5/3"):
        reason = state.why_illegal(0, parse_move(text))
        assert reason is not None and "unpaired" in reason
        with pytest.raises(IllegalMoveError):
            state.apply(parse_move(text), 0)


def test_old_team_die_joins_the_common_dice_but_pairs_no_more_this_turn():
    state = acting((1, 5, 6), (2, 2, 6))
    state, events = play(state, "2x5")
    assert sorted(state.team[0]) == [1, 2, 6] and sorted(state.common) == [2, 5, 6]
    assert state.athletes[0] == 10 + 1 - 3
    assert Remove(5, 1) not in state.legal_moves(0)
    assert legal(state) == {"2/1", "6/1", "6/6", "end"}  # the new team 2 is paired too


# ---- re-rolls on a turn ----------------------------------------------------------------------
@pytest.mark.parametrize("team, sixes", [((1, 2, 3), 0), ((1, 2, 6), 1), ((1, 6, 6), 2),
                                         ((6, 6, 6), 3)])
def test_one_reroll_per_six_among_the_team_dice(team, sixes):
    state, _ = play(rolling(team), "124")
    assert state.rerolls_left == sixes
    for _ in range(sixes):
        assert {"reroll 1", "reroll 2", "reroll 4"} <= legal(state)
        state, _ = play(state, "reroll 1", "1")
    assert not any(isinstance(m, Reroll) for m in state.legal_moves(0))


def test_rerolls_are_one_die_at_a_time_and_may_repeat_the_same_die():
    state, _ = play(rolling((6, 6, 5)), "113")
    assert Reroll((1, 1)) not in state.legal_moves(0)
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("reroll 11"), 0)
    state, _ = play(state, "reroll 1", "2")  # the re-rolled die ...
    assert sorted(state.common) == [1, 2, 3]
    state, _ = play(state, "reroll 2", "5")  # ... may be re-rolled again
    assert sorted(state.common) == [1, 3, 5] and state.rerolls_left == 0


@pytest.mark.parametrize("first", ["4/2", "1x3"])
def test_rerolls_come_only_before_any_pairing(first):
    state, _ = play(rolling((6, 2, 3)), "145", first)
    assert state.rerolls_left == 1 and state.kind is NodeKind.DECISION
    assert not any(isinstance(m, Reroll) for m in state.legal_moves(0))
    assert "before any pairing" in state.why_illegal(0, parse_move("reroll 5"))


# ---- removals --------------------------------------------------------------------------------
def test_removal_needs_the_common_die_at_least_as_high_as_its_team_die():
    state = acting((3, 4, 5), (2, 4, 4))
    assert Remove(4, 4) in state.legal_moves(0) and Remove(4, 3) in state.legal_moves(0)
    for text in ("4/5", "2/3"):
        assert "at least as high" in state.why_illegal(0, parse_move(text))
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("4/5"), 0)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_removal_sends_one_opposing_athlete_to_the_reserve(seat):
    state = acting((1, 1, 1), (6, 2, 2), athletes=(7, 7), to_move=seat)
    after, events = play(state, "6/1")
    assert after.athletes[seat] == 7 and after.athletes[1 - seat] == 6
    assert after.reserve[1 - seat] == 12
    assert events == [AthleteRemoved(seat, 0, 0, 6)]


def test_each_common_die_is_paired_at_most_once():
    state, _ = play(acting((1, 2, 3), (5, 1, 1)), "5/1")
    assert not any(m.common == 5 for m in state.legal_moves(0) if isinstance(m, (Remove, Exchange)))
    assert "unpaired" in state.why_illegal(0, parse_move("5/2"))


def test_each_team_die_is_paired_at_most_once():
    state, _ = play(acting((1, 4, 6), (3, 3, 3)), "3/1")
    assert legal(state) == {"3x4", "3x6", "end"}  # the team 1 is spent though two 3s remain
    assert "unpaired" in state.why_illegal(0, parse_move("3/1"))


def test_three_actions_at_most_then_the_turn_is_spent():
    state, events = play(acting((1, 1, 1), (6, 6, 6), athletes=(5, 10)), "6/1", "6/1")
    assert state.to_move == 0 and legal(state) == {"6/1", "6x1", "end"}
    state, events = play(state, "6/1")
    assert state.athletes == (5, 7)
    assert events[-2:] == [TurnEnded(0, "spent"), TurnStarted(1)]
    assert state.to_move == 1 and state.kind is NodeKind.CHANCE


# ---- exchanges -------------------------------------------------------------------------------
@pytest.mark.parametrize("move, before, after", [
    ("3x2", 3, 5),    # +1, plus the rise of 1
    ("6x1", 5, 11),   # +1, plus the rise of 5
    ("4x5", 6, 6),    # +1, minus the fall of 1: one value at a time loses nothing
    ("1x5", 10, 7),   # +1, minus the fall of 4
    ("1x6", 5, 1),    # +1, minus the fall of 5, leaving one athlete
])
def test_exchange_gives_one_plus_the_rise_or_minus_the_fall(move, before, after):
    exchange = parse_move(move)
    state = acting((exchange.team, 3, 3), (exchange.common, 2, 2), athletes=(before, 9))
    state, events = play(state, move)
    assert state.athletes == (after, 9) and state.reserve[0] == ATHLETES - after
    changed = [e for e in events if isinstance(e, DiceExchanged)]
    assert [(e.change, e.on_rope) for e in changed] == [(after - before, after)]


def test_exchange_never_removes_opposing_athletes():
    state, events = play(acting((2, 4, 6), (6, 1, 1), athletes=(5, 3)), "6x2")
    assert state.athletes == (10, 3)
    assert not any(isinstance(e, AthleteRemoved) for e in events)


def test_exchange_swaps_the_two_dice():
    state, _ = play(acting((2, 4, 6), (1, 3, 5)), "5x2")
    assert state.team[0] == (5, 4, 6) and state.common == (1, 3, 2)
    assert state.team[1] == (3, 3, 3)


def test_exchange_needs_dice_of_different_values():
    state = acting((4, 5, 6), (4, 1, 1))
    assert Exchange(4, 4) not in state.legal_moves(0) and Exchange(4, 5) in state.legal_moves(0)
    assert "different values" in state.why_illegal(0, parse_move("4x4"))


def test_at_most_one_exchange_a_turn():
    state, _ = play(acting((1, 2, 3), (4, 5, 6)), "4x1")
    assert not any(isinstance(m, Exchange) for m in state.legal_moves(0))
    assert "only one exchange" in state.why_illegal(0, parse_move("5x2"))
    assert legal(state) == {"5/2", "5/3", "6/2", "6/3", "end"}


@pytest.mark.parametrize("before, after", [(16, 18), (17, 18), (18, 18), (12, 17)])
def test_exchange_gains_are_capped_by_the_reserve(before, after):
    state, events = play(acting((1, 2, 3), (5, 1, 1), athletes=(before, 4)), "5x1")
    assert state.athletes[0] == after and state.reserve[0] == ATHLETES - after
    assert [e.change for e in events if isinstance(e, DiceExchanged)] == [after - before]


@pytest.mark.parametrize("athletes, allowed", [(3, False), (4, False), (5, True)])
def test_exchange_that_would_leave_your_team_empty_is_refused(athletes, allowed):
    state = acting((6, 6, 6), (1, 1, 1), athletes=(athletes, 9))  # 1x6 means +1 -5
    assert (Exchange(1, 6) in state.legal_moves(0)) is allowed
    if allowed:
        assert play(state, "1x6")[0].athletes[0] == 1
    else:
        assert "no athletes" in state.why_illegal(0, parse_move("1x6"))
        with pytest.raises(IllegalMoveError, match="no athletes"):
            state.apply(parse_move("1x6"), 0)


# ---- passing the turn ------------------------------------------------------------------------
def test_end_passes_the_turn_with_dice_unused():
    state, _ = play(acting((1, 2, 3), (4, 5, 6), rerolls_left=0), "4x1")
    state, events = play(state, "end")
    assert events == [TurnEnded(0, "ended"), TurnStarted(1)]
    assert state.to_move == 1 and state.phase == TURN_ROLL and state.kind is NodeKind.CHANCE
    assert (state.used_common, state.used_team) == (0, 0)
    assert (state.exchanged, state.rerolls_left) == (False, 0)
    assert len(state.chance_outcomes()) == 56  # the opponent rolls all three common dice


def test_the_turn_passes_at_once_when_nothing_is_left_to_do():
    # one athlete and team 5 5 5: the 1s remove nothing and 1x5 (+1 -4) would empty the team
    state, events = play(rolling((5, 5, 5), athletes=(1, 9)), "111")
    assert TurnEnded(0, "spent") in events and state.to_move == 1
    assert state.kind is NodeKind.CHANCE


def test_a_reroll_left_keeps_the_turn_open():
    state, _ = play(rolling((5, 5, 6), athletes=(1, 9)), "111")
    assert state.to_move == 0 and legal(state) == {"reroll 1", "end"}


def test_only_the_mover_has_choices():
    state = acting((1, 2, 3), (4, 5, 6))
    assert state.actors == (0,) and state.legal_moves(1) == ()
    assert "Red" in state.why_illegal(1, parse_move("4/1"))


# ---- the end ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_removing_the_last_opposing_athlete_wins_at_once(seat):
    athletes = (5, 1) if seat == 0 else (1, 5)
    state, events = play(acting((1, 1, 1), (6, 6, 6), athletes=athletes, to_move=seat), "6/1")
    assert state.is_terminal and state.kind is NodeKind.TERMINAL
    assert state.outcome.winner == seat and state.athletes[1 - seat] == 0
    assert isinstance(events[-1], GameOver)
    assert not any(isinstance(e, TurnEnded) for e in events)  # two dice left unused
    assert state.legal_moves(seat) == () and state.actors == ()
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("6/1"), seat)


# ---- chance ----------------------------------------------------------------------------------
def test_three_dice_probabilities_are_exact():
    table = dict(GAME.new_game().chance_outcomes())
    assert len(table) == 56 and sum(table.values()) == 1
    assert table[Roll((1, 1, 1))] == Fraction(1, 216)
    assert table[Roll((1, 2, 3))] == Fraction(6, 216)
    assert table[Roll((1, 1, 2))] == Fraction(3, 216)
    assert all(list(r.values) == sorted(r.values) for r in table)


def test_two_dice_probabilities_are_exact():
    state, _ = play(GAME.new_game(), "266", "reroll 66")
    table = dict(state.chance_outcomes())
    assert len(table) == 21 and sum(table.values()) == 1
    assert table[Roll((3, 5))] == Fraction(2, 36) and table[Roll((3, 3))] == Fraction(1, 36)


def test_a_single_die_reroll_is_one_sixth_each():
    state, _ = play(rolling((6, 1, 1)), "123", "reroll 1")
    assert state.chance_outcomes() == tuple((Roll((v,)), Fraction(1, 6)) for v in range(1, 7))


@pytest.mark.parametrize("outcome", [
    Roll((1, 2)),        # too few dice
    Roll((1, 2, 3, 4)),  # too many
    Roll((6, 2, 6)),     # not in ascending order
    Roll((0, 1, 2)),     # not a die face
    Roll((1, 2, 7)),
    (1, 2, 3),           # not a Roll
])
def test_illegal_chance_outcomes_raise(outcome):
    state = GAME.new_game()
    with pytest.raises(IllegalMoveError):
        state.apply_chance(outcome)


def test_chance_and_decisions_do_not_mix():
    with pytest.raises(IllegalMoveError):
        GAME.new_game().apply(parse_move("keep"), 0)
    with pytest.raises(IllegalMoveError):
        acting((1, 2, 3), (4, 5, 6)).apply_chance(Roll((1, 2, 3)))
    assert acting((1, 2, 3), (4, 5, 6)).chance_outcomes() == ()


# ---- notation --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, move", [
    ("keep", Keep()), ("reroll 66", Reroll((6, 6))), ("reroll 6", Reroll((6,))),
    ("5/4", Remove(5, 4)), ("3x2", Exchange(3, 2)), ("end", EndTurn()),
])
def test_move_notation_round_trips(text, move):
    assert parse_move(text) == move and str(move) == text
    assert GAME.parse_move(f"  {text.upper()} ") == move


@pytest.mark.parametrize("text", ["", "reroll", "reroll 7", "reroll 6666", "7/4", "5/", "3x",
                                  "33x2", "5-4", "pass"])
def test_bad_move_text_does_not_parse(text):
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_chance_notation():
    assert parse_chance("531") == Roll((1, 3, 5)) and str(Roll((1, 3, 5))) == "135"
    for text in ("", "1234", "170", "a"):
        with pytest.raises(MoveParseError):
            parse_chance(text)


# ---- invariants over random play -------------------------------------------------------------
def test_eighteen_athletes_per_side_over_random_games():
    winners = set()
    for seed in range(200):
        path = playout(GAME, seed)
        for before, step in path:
            after = step.state
            for seat in (0, 1):
                assert 0 <= after.athletes[seat] <= ATHLETES == 18
            assert len(after.team[0]) + len(after.team[1]) + len(after.common) <= 9
            if after.phase == ACT and not after.is_terminal:
                assert len(after.team[0]) + len(after.team[1]) + len(after.common) == 9
                assert all(1 <= v <= 6 for v in after.team[0] + after.team[1] + after.common)
                assert min(after.athletes) >= 1
            for event in step.events:
                if isinstance(event, AthleteRemoved):
                    assert after.athletes[1 - event.seat] == before.athletes[1 - event.seat] - 1
        final = path[-1][1].state
        winners.add(final.outcome.winner)
        assert final.athletes[1 - final.outcome.winner] == 0
    assert winners == {0, 1}


def test_refusals_name_the_real_reason():
    state = TugOfWarState(athletes=(10, 10), team=((2, 4, 6), (1, 1, 1)), common=(1, 3, 5),
                          phase=ACT, to_move=0, rerolls_left=1)
    reasons = {text: state.why_illegal(0, parse_move(text))
               for text in ("6x2", "reroll 13", "reroll 6", "keep", "2/4")}
    carries(reasons["6x2"], "no unpaired", "common 6", "team 2")
    carries(reasons["reroll 13"], "one common die at a time")
    carries(reasons["reroll 6"], "no common die", "6")
    carries(reasons["keep"], "keep", "setup roll")
    carries(reasons["2/4"], "no unpaired", "common 2", "team 4")
    assert "at least as high" in state.why_illegal(0, parse_move("3/4"))
    with pytest.raises(IllegalMoveError):
        TugOfWarState(reroll_slots=(0,)).apply_chance(Roll((1.0,)))
