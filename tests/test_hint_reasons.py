"""Hints say why: a hint's reason compares the hinted choice with every other, by the engine's
own figures (an edge no other choice has) or by the Hard bot's root values of every choice (what
it expects from the hint and from the next best: tests/test_hint_values.py checks those with the
real bot). Each comparison is checked here against each alternative, on generated positions
with stub values; the words are checked for meaning, not whole sentences."""
from __future__ import annotations

import random
import re
import time

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.bot import RootValue
from game.bots.hints import _facts, bare, figures, hint_facts, rival_moves
from game.bots.rulings import avoiding_rulings, behind, lets_a_ruling_end_it, ruled
from game.core import NodeKind
from game.registry import GAMES
from game.rules import pulling_strings as ps
from game.words import narrator_for, play_screen as says
from game.words.base import plural
from tests.support import carries, examples
from tests.test_hint_values import check_quoted, lines_at_800x500, stub_values
from tests.test_hints import random_plan
from tests.test_house_rulings import one_from_the_third_time
from tests.test_text_fits import position

ALL = list(GAMES)


def hinted(game_id, seed, decisions):
    """A generated position, the seat to choose, a plan, stub root values (the plan's first
    move the best mostly), its facts and its reason (or None)."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return None
    seat = state.awaiting[0]
    observation = state.observe(seat)
    rng = random.Random(seed)
    plan = random_plan(game_id, observation, seat, rng)
    values = stub_values(observation, seat, plan, rng, rng.random() < 0.7)
    facts = hint_facts(game_id, observation, seat, plan, values)
    return observation, seat, plan, values, facts, \
        narrator_for(game_id).hint_reason(facts, observation)


def rivals_of(game_id, state, seat, facts):
    """The other choices a hint is compared with."""
    return [m for m in rival_moves(state, seat) if m not in facts.plan and m not in facts.alike]


def check_edge(game_id, state, seat, facts, reason):
    """The edge's figure: the hint's own value, every rival's below it, the best of them the
    `others` it names; and the reason says the hint is the only choice with it."""
    edge = facts.edge
    assert figures(facts)[edge.figure] == edge.mine
    rivals = rivals_of(game_id, state, seat, facts)
    assert rivals and edge.rivals == len(rivals)
    theirs = [figures(_facts(game_id, state, seat, (m,), False))[edge.figure] for m in rivals]
    assert max(theirs) == edge.others < edge.mine, (edge, theirs)
    for move in facts.alike:  # named together: just as good on it
        assert figures(_facts(game_id, state, seat, (move,), False))[edge.figure] == edge.mine
    carries(reason, "the only")
    other = state.seat_name(1 - seat)
    if edge.figure == "homes_sure":
        carries(reason, f"sure to leave {edge.mine} on your homes", f"whatever {other} pulls")
    elif edge.figure == "their_sure":
        carries(reason, f"stops {other} being sure of bringing {-edge.others}")
    elif edge.figure == "their_homes":
        carries(reason, f"holds {other}'s homes to {-edge.mine}", f"reach {-edge.others} or more")
    elif edge.figure == "claims_sure":
        carries(reason, f"sure to claim {plural(edge.mine, 'square')}",
                f"whatever {other} answers")
    elif edge.figure == "their_claims":
        carries(reason, f"stops {other} claiming")
    elif edge.figure == "points_sure":
        carries(reason, f"sure to leave you {plural(edge.mine, 'point')}",
                f"whatever {other} slides")


@settings(max_examples=examples(100), deadline=None)
@given(game_id=st.sampled_from(ALL), seed=st.integers(0, 10_000), decisions=st.integers(0, 70))
def test_every_comparison_a_hint_makes_holds_against_each_alternative(game_id, seed, decisions):
    """On generated positions in every game: an edge is the hint's alone (every other choice
    recomputed falls short, by as much as the reason says); a worth is the hint's value and the
    best of the others', each of them recomputed; the reason says which, as a coach would."""
    found = hinted(game_id, seed, decisions)
    if found is None:
        return
    state, seat, plan, values, facts, reason = found
    other = state.seat_name(1 - seat)
    assert reason and not re.search(rf"\bby {other}'s\b", reason), reason
    assert "  " not in reason and ";;" not in reason
    assert hint_facts(game_id, state, seat, plan, values) == facts  # deterministic
    if facts.edge is not None and "the only" in reason:
        check_edge(game_id, state, seat, facts, reason)
    check_quoted(game_id, state, seat, facts, values, reason)
    words = narrator_for(game_id)
    line = says.hint_line(words.hint_choice(plan, facts.alike, state, seat), reason)
    assert len(lines_at_800x500(line)) <= 2, line
    for move in facts.alike:
        assert bare(hint_facts(game_id, state, seat, [move])) == bare(facts)


@settings(max_examples=examples(40), deadline=None)
@given(game_id=st.sampled_from(["pulling_strings", "synch"]), seed=st.integers(0, 10_000),
       decisions=st.integers(10, 200))
def test_a_hint_to_a_player_behind_names_no_move_a_ruling_ends_against_them(game_id, seed,
                                                                           decisions):
    """A player behind is never pointed at a move that lets a house ruling against stalls end
    the game against them (a repetition, a run without a claim), neither as the hint, as one
    named with it, nor as the next best, while another move would not."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return
    seat = state.awaiting[0]
    observation = state.observe(seat)
    safe = avoiding_rulings(observation, seat, observation.legal_moves(seat))
    rng = random.Random(seed)
    plan = [rng.choice(safe)]
    values = stub_values(observation, seat, plan, rng, rng.random() < 0.5)
    facts = hint_facts(game_id, observation, seat, plan, values)
    named = list(facts.alike) + (list(facts.worth.next_best[:1]) if facts.worth else [])
    assert all(m in safe for m in named)
    if ruled(observation) and behind(observation, seat) and len(safe) < len(
            observation.legal_moves(seat)):
        assert not any(lets_a_ruling_end_it(observation, seat, m) for m in named)


def test_a_player_behind_at_the_third_coming_round_is_never_told_to_repeat():
    """One pull from a position's third coming round, behind: every pull a hint names (and
    the next best it compares with) keeps the game going."""
    state = one_from_the_third_time(1, 3)
    observation = state.observe(0)
    trap = ps.Pull("o")
    assert lets_a_ruling_end_it(observation, 0, trap)
    for first in rival_moves(observation, 0):  # the trap valued highest by the search
        values = {m: RootValue(0.3, 10) for m in observation.legal_moves(0)}
        values[trap], values[first] = RootValue(0.9, 500), RootValue(0.5, 100)
        facts = hint_facts("pulling_strings", observation, 0, [first], values)
        assert trap not in facts.plan + facts.alike
        assert facts.worth is None or trap not in facts.worth.next_best
        assert "pulling o" not in narrator_for("pulling_strings").hint_reason(facts, observation)
    assert trap not in rival_moves(observation, 0)


@pytest.mark.parametrize("game_id", ALL)
def test_reasons_read_as_a_coach_says_them(game_id):
    """'whatever Oh pulls' or 'depending on what Oh pulls', never 'by Oh's pull'; a reason
    short enough for two lines of the action bar."""
    for seed in range(6):
        found = hinted(game_id, seed, 8 + 9 * seed)
        if found is None:
            continue
        state, seat, _, _, facts, reason = found
        assert "by " + state.seat_name(1 - seat) + "'s" not in reason
        assert len(reason) <= 200, reason


@pytest.mark.parametrize("game_id", ALL)
def test_a_hint_s_comparison_costs_little(game_id):
    """The facts and comparison run where the hint is shown, off the worker (the values come
    from the worker's search): under half a second at worst on generated positions (a few
    tens of milliseconds mostly)."""
    worst = 0.0
    for seed in range(8):
        state = position(game_id, seed, 6 + 11 * seed).state
        if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
            continue
        seat = state.awaiting[0]
        observation = state.observe(seat)
        rng = random.Random(seed)
        plan = random_plan(game_id, observation, seat, rng)
        values = stub_values(observation, seat, plan, rng)
        start = time.process_time()
        hint_facts(game_id, observation, seat, plan, values)
        worst = max(worst, time.process_time() - start)
    assert worst < 0.5, worst
