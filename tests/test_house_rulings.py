"""The house rulings that end stalled games: Pulling Strings' repetition, Synch's no-claim run."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.hints import hint_facts
from game.core import Ending
from game.record import load_record
from game.registry import get_game
from game.rules import pulling_strings as ps
from game.rules import synch

PULLING = get_game("pulling_strings")
SYNCH = get_game("synch")


def turn(state, eks: str, oh: str):
    """Both pulls of one turn."""
    return state.apply_joint(ps.Pull(eks), ps.Pull(oh)).state


def centre_stack(repetition: bool = True, **rows: str) -> ps.PullingStringsState:
    """One piece on the centre (no home), plus any rows given."""
    return ps.from_diagram({"w": "..1..", **rows}, repetition=repetition)


# Eks pulls the centre column up, then down; Oh pulls a string with nothing on it.
UP_AND_BACK = [("c", "a"), ("o", "a")]


def test_the_third_arrival_at_a_position_ends_the_game():
    state = centre_stack()
    for number, (eks, oh) in enumerate(UP_AND_BACK * 2, start=1):
        assert not state.is_terminal, f"ended early, at turn {number}"
        state = turn(state, eks, oh)
    # the centre position stood at the start, after turn 2 and after turn 4: its third time
    assert state.is_terminal and state.outcome.ending is Ending.REPETITION
    assert state.outcome.winner is None  # both homes hold 0


def test_the_home_totals_decide_a_repetition_below_five():
    state = centre_stack(y=".2...")  # two pieces on an Eks home, off the pulled strings
    for eks, oh in UP_AND_BACK * 2:
        state = turn(state, eks, oh)
    assert state.outcome.ending is Ending.REPETITION
    assert state.outcome.winner == 0 and state.outcome.scores == (2, 0)


def test_five_still_turns_in_a_row_end_the_game_but_four_do_not():
    state = centre_stack(t="...3.")  # three on an Eks home; Oh pulls nothing either
    for _ in range(ps.STANDSTILL_TURNS - 1):
        state = turn(state, "a", "e")
    assert not state.is_terminal and state.still_turns == ps.STANDSTILL_TURNS - 1
    state = turn(state, "a", "e")
    assert state.outcome.ending is Ending.REPETITION and state.outcome.winner == 0


def test_a_moving_turn_starts_the_still_count_again():
    state = centre_stack()
    for _ in range(ps.STANDSTILL_TURNS - 1):
        state = turn(state, "a", "e")
    state = turn(state, "c", "e")  # the centre piece moves up
    for _ in range(ps.STANDSTILL_TURNS - 1):
        state = turn(state, "a", "e")
    assert not state.is_terminal


def test_with_the_ruling_off_a_cycle_goes_on():
    state = centre_stack(repetition=False)
    for eks, oh in UP_AND_BACK * 10:
        state = turn(state, eks, oh)
    for _ in range(20):
        state = turn(state, "a", "e")
    assert not state.is_terminal


def test_the_ruling_is_on_by_default_and_an_option():
    assert PULLING.new_game().repetition
    assert not PULLING.new_game(repetition=False).repetition


def _record(game: str, options: dict, moves: list[str]) -> str:
    return json.dumps({"format": "quintet-record", "version": 1, "game": game,
                       "options": options, "seed": 1, "moves": moves})


def test_a_record_from_before_the_ruling_replays_without_it():
    cycle = ["0:c", "1:a", "0:o", "1:a"] * 4  # the centre stack up and back, four times
    older = load_record(_record("pulling_strings", {}, cycle))
    assert older.options["repetition"] is False and not older.final_state().is_terminal
    newer = load_record(_record("pulling_strings", {"repetition": True}, cycle[:8]))
    assert newer.final_state().outcome.ending is Ending.REPETITION


def arrivals_ending(positions: list) -> int | None:
    """An oracle: the turn the ruling ends a game whose positions (the start, then after each
    turn) are these, or None. An arrival is a position unlike the one before it."""
    arrived: dict = {positions[0]: 1}
    still = 0
    for number in range(1, len(positions)):
        if positions[number] == positions[number - 1]:
            still += 1
            if still == ps.STANDSTILL_TURNS:
                return number
            continue
        still = 0
        arrived[positions[number]] = arrived.get(positions[number], 0) + 1
        if arrived[positions[number]] == 3:
            return number
    return None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("acoeyfmsw"), st.sampled_from("acoeyfmsw")),
                min_size=1, max_size=40))
def test_the_game_ends_exactly_where_the_oracle_says(pulls):
    state = centre_stack()
    positions = [state.position()]
    for eks, oh in pulls:
        if state.is_terminal:
            break
        if state.is_broken(eks) or state.is_broken(oh):
            continue
        state = turn(state, eks, oh)
        positions.append(state.position())
    expected = arrivals_ending(positions)
    ruled = state.is_terminal and state.outcome.ending is Ending.REPETITION
    assert ruled == (expected is not None)
    if ruled:
        assert expected == len(positions) - 1  # and at that turn, not later
        totals = state.scores()
        assert state.outcome.winner == (None if totals[0] == totals[1]
                                        else int(totals[1] > totals[0]))


# ---- Synch ---------------------------------------------------------------------------------
def synch_midgame(no_claim: bool = True) -> synch.SynchState:
    """Both markers placed in the top left, every square claimed there and level, the empty
    squares in the far corner."""
    state = SYNCH.new_game(no_claim=no_claim)
    claims = [1 + (i + i // 8) % 2 for i in range(64)]
    for index in (62, 63, 54, 55):  # four empty squares at h1, g1, h2, g2: the counts stay level
        claims[index] = 0
    return state.replace(claims=tuple(claims), markers=((1, 1), (2, 2)))


def claimless_move(state: synch.SynchState) -> synch.SynchState:
    """One whole move (mode and direction) that claims nothing, keeping to the top left."""
    for mode in state.legal_moves(state.actors[0]):
        announced = state.apply(mode).state
        for direction in announced.legal_moves(announced.actors[0]):
            step = announced.apply(direction)
            markers = step.state.markers
            if all(max(m) <= 4 for m in markers) and step.state.claims == state.claims:
                return step.state
    raise AssertionError("no move without a claim")


def test_synch_ends_after_two_n_moves_without_a_claim_and_the_count_decides():
    state = synch_midgame()
    limit = synch.no_claim_moves(8)
    assert limit == 16 and state.no_claim_limit == limit
    for _ in range(limit - 1):
        state = claimless_move(state)
    assert not state.is_terminal and state.since_claim == limit - 1
    state = claimless_move(state)
    assert state.outcome.ending is Ending.NO_CLAIM
    assert state.outcome.winner is None and state.outcome.scores == state.scores()


def test_synch_no_claim_rule_follows_the_grid_and_can_be_switched_off():
    assert SYNCH.new_game(size=5).no_claim_limit == 10
    state = synch_midgame(no_claim=False)
    for _ in range(60):
        state = claimless_move(state)
    assert not state.is_terminal


def test_a_claim_starts_the_count_again():
    state = synch_midgame()
    for _ in range(5):
        state = claimless_move(state)
    claims = list(state.claims)
    claims[0] = 0  # the top left corner empty, the markers beside it
    state = state.replace(claims=tuple(claims), markers=((0, 1), (1, 1)))
    for mode in state.legal_moves(state.actors[0]):
        announced = state.apply(mode).state
        for direction in announced.legal_moves(announced.actors[0]):
            after = announced.apply(direction).state
            if after.scores() != state.scores():
                assert after.since_claim == 0
                return
    raise AssertionError("no move claims the empty square")


def test_a_synch_record_from_before_the_ruling_replays_without_it():
    older = load_record(_record("synch", {}, []))
    assert older.options["no_claim"] is False
    assert older.initial_state().no_claim_limit == 0


# ---- the bots and the hints know the rulings ----------------------------------------------
def small_bot(game_id: str, seed: int) -> Bot:
    """Hard's knowledge on a small budget counted in iterations (quick, and the same anywhere)."""
    level = knowledge_for(game_id).levels()["hard"]
    return Bot(knowledge_for(game_id), level.timed_by(lambda: 0.0).scaled(0.02), seed)


def one_from_the_third_time(eks_home: int, oh_home: int) -> ps.PullingStringsState:
    """The centre piece up and back twice, then up: pulling `o` brings the centre position
    round a third time whatever Oh pulls along an empty string. Homes hold the given pieces
    (on homes no pull along row w or column c moves)."""
    state = centre_stack(y=f".{eks_home or '.'}.{oh_home or '.'}.")
    for eks, oh in UP_AND_BACK + [("c", "a")]:
        state = turn(state, eks, oh)
    return state


def lets_the_other_win_by_repetition(state, seat: int, move) -> bool:
    """An oracle: some reply of the other seat ends the game by repetition, not won by seat."""
    for reply in state.legal_moves(1 - seat):
        pair = (move, reply) if seat == 0 else (reply, move)
        outcome = state.apply_joint(*pair).state.outcome
        if outcome is not None and outcome.ending is Ending.REPETITION \
                and outcome.winner != seat:
            return True
    return False


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 4), st.integers(1, 4), st.integers(0, 10_000))
def test_a_bot_behind_never_walks_into_the_repetition(eks_home, lead, seed):
    oh_home = min(4, eks_home + lead)
    if oh_home <= eks_home:
        return
    state = one_from_the_third_time(eks_home, oh_home)
    assert lets_the_other_win_by_repetition(state, 0, ps.Pull("o"))  # the trap is there
    move = small_bot("pulling_strings", seed).choose(state.observe(0), 0)
    assert not lets_the_other_win_by_repetition(state, 0, move)


def test_a_bot_ahead_may_bring_the_position_round():
    state = one_from_the_third_time(3, 1)
    knowledge = knowledge_for("pulling_strings")
    assert ps.Pull("o") in knowledge.root_moves(state.observe(0), 0, None)
    assert ps.Pull("o") not in knowledge.root_moves(one_from_the_third_time(1, 3), 0, None)


def test_a_hint_never_names_a_repeating_pull_to_the_player_behind():
    state = one_from_the_third_time(1, 3)
    observation = state.observe(0)
    plan = (small_bot("pulling_strings", 5).choose(observation, 0),)
    facts = hint_facts("pulling_strings", observation, 0, plan)
    for move in facts.plan + facts.alike:
        assert not lets_the_other_win_by_repetition(state, 0, move), move


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(5, 5), (5, 6), (5, 7), (6, 5), (7, 5)]), st.booleans(),
       st.integers(0, 10_000))
def test_a_synch_bot_behind_claims_rather_than_stall(ring_at, synch_mode, seed):
    # Cross one symbol ahead, one move short of the ruling; Cross announced the mode, Ring
    # directs, beside the empty corner squares: some direction claims, some do not
    claims = list(synch_midgame().claims)
    claims[claims.index(2)] = 1
    state = synch_midgame().replace(claims=tuple(claims), markers=((2, 2), ring_at),
                                    directioner=1, since_claim=synch.no_claim_moves(8) - 1)
    mode = synch.SYNCH if synch_mode else synch.OPPOSITION
    assert state.scores()[0] > state.scores()[1] and mode in state.legal_moves(0)
    state = state.apply(mode, 0).state
    endings = {move: state.apply(move, 1).state.outcome for move in state.legal_moves(1)}
    stalls = {m for m, o in endings.items() if o is not None and o.ending is Ending.NO_CLAIM}
    assert stalls and len(stalls) < len(endings)  # the trap and a way out are both there
    assert small_bot("synch", seed).choose(state, 1) not in stalls


def test_a_draw_by_the_ruling_is_worth_less_than_half_to_the_bots_own_seat():
    knowledge = knowledge_for("pulling_strings")
    state = centre_stack()
    for eks, oh in UP_AND_BACK * 2:
        state = turn(state, eks, oh)
    assert state.outcome.ending is Ending.REPETITION and state.outcome.winner is None
    knowledge.root_seat = 0
    assert knowledge.value(state) < 0.5  # seat 0's value: below a half for Eks's bot
    knowledge.root_seat = 1
    assert knowledge.value(state) > 0.5  # for Oh's bot, seat 0 doing well is its loss
    agreed = centre_stack().agree_draw().state
    assert knowledge.value(agreed) == 0.5  # a draw the players agreed is a plain draw


def test_a_bot_at_a_level_score_does_not_stand_still_into_a_draw():
    # 0-0, the board still for four turns: a fifth still turn draws; any pull that moves the
    # centre piece plays on
    state = centre_stack()
    for _ in range(ps.STANDSTILL_TURNS - 1):
        state = turn(state, "a", "e")
    moves = [small_bot("pulling_strings", seed).choose(state.observe(0), 0) for seed in range(10)]
    # without contempt, 5 of 20 seeds moved it (a still pull lets Oh draw at once)
    assert all(ps.moves_a_stack(state.stacks, move.end) for move in moves)


def test_synch_s_score_panel_counts_the_moves_toward_the_no_claim_ruling():
    from game.words import narrator_for
    state = synch_midgame()
    for _ in range(3):
        state = claimless_move(state)
    words = " ".join(narrator_for("synch").status(state))
    assert "3 of 16" in words and "without a claim" in words
    off = " ".join(narrator_for("synch").status(synch_midgame(no_claim=False)))
    assert "without a claim" not in off
