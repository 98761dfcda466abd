"""Hints say why: a hint's reason compares the hinted choice with every other, by the engine's
own figures (an edge no other choice has) or by the computer's reckoning of every choice (what
it expects from the hint and from the next best). Each comparison is checked here against each
alternative, on generated positions; the words are checked for meaning, not whole sentences."""
from __future__ import annotations

import random
import re
import time

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.hints import (_facts, _playout_worth, bare, choice_values, figures, hint_facts,
                             rival_moves)
from game.bots.rulings import avoiding_rulings, behind, lets_a_ruling_end_it, ruled
from game.core import NodeKind
from game.registry import GAMES
from game.rules import pulling_strings as ps
from game.words import narrator_for
from game.words.base import plural
from game.words.chances import EVEN, tenths
from tests.support import carries, examples
from tests.test_hints import random_plan
from tests.test_house_rulings import one_from_the_third_time
from tests.test_text_fits import position

ALL = list(GAMES)


def best_plan(game_id, state, seat, rng):
    """A turn whose first move is the best by the computer's reckoning where it has one (as a
    hint's is, mostly), the rest random; else a random turn."""
    values = choice_values(game_id, state, seat)
    plan = random_plan(game_id, state, seat, rng)
    if not values or rng.random() < 0.3:
        return plan
    first = max(sorted(values, key=str), key=values.__getitem__)
    return random_plan(game_id, state, seat, rng) if first == plan[0] else \
        [first] + random_plan_after(game_id, state, seat, first, rng)


def random_plan_after(game_id, state, seat, first, rng):
    """The rest of a whole turn after `first`, random."""
    from game.bots.hints import turn_goes_on
    if state.kind is not NodeKind.DECISION:
        return []
    rest, step = [], state.apply(first, seat).state
    while turn_goes_on(game_id, state, step, seat):
        rest.append(rng.choice(step.legal_moves(seat)))
        step = step.apply(rest[-1], seat).state
    return rest


def hinted(game_id, seed, decisions):
    """A generated position, the seat to choose, a plan, its facts and its reason (or None)."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return None
    seat = state.awaiting[0]
    observation = state.observe(seat)
    plan = best_plan(game_id, observation, seat, random.Random(seed))
    facts = hint_facts(game_id, observation, seat, plan)
    return observation, seat, plan, facts, narrator_for(game_id).hint_reason(facts, observation)


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


def said_tenths(bound, count):
    """The tenths a reason names: 'under 1' stands for 0, 'over 9' for 10."""
    return {"under ": 0, "over ": 10}.get(bound or "", int(count))


def check_worth(game_id, state, seat, facts, reason):
    """The worth: the hint's value and each rival's recomputed; the next best is the best of
    them and no better than the hint where the reason says so, in the tenths it names."""
    worth = facts.worth
    words = narrator_for(game_id)
    if game_id == "strands":
        assert worth.mine == _playout_worth(state, seat, facts.plan)
        assert worth.other == _playout_worth(state, seat, worth.next_best)
        assert worth.lowest <= worth.other
    else:
        values = choice_values(game_id, state, seat)
        rivals = [m for m in rivals_of(game_id, state, seat, facts) if m in values]
        assert worth.mine == values[facts.plan[0]]
        assert worth.next_best[0] in rivals and worth.rivals == len(rivals)
        for move in rivals:  # the comparison against each alternative
            assert worth.lowest <= values[move] <= worth.other
    said = re.search(r"expects (under |over )?(\d+) wins? in 10 from it; the next best, (.+), "
                     r"(under |over )?(\d+) in 10", reason)
    if said:
        assert worth.leads and said_tenths(said[1], said[2]) == tenths(worth.mine)
        assert said_tenths(said[4], said[5]) == tenths(worth.other)
        assert said[3] == words.hint_choice(worth.next_best, (), state, seat)
        assert tenths(worth.mine) != tenths(worth.other) and worth.mine > worth.other
    if "a little above the next best" in reason:
        assert worth.mine - worth.other >= EVEN and tenths(worth.mine) == tenths(worth.other)
    if "worth about the same" in reason:
        assert worth.mine - worth.lowest < EVEN and worth.other - worth.lowest < 2 * EVEN
    if "is as good" in reason:
        assert abs(worth.mine - worth.other) < EVEN
    if not worth.leads:  # the hint is never said to beat a choice the reckoning prefers
        assert "next best" not in reason and "the only" not in reason


@settings(max_examples=examples(100), deadline=None)
@given(game_id=st.sampled_from(ALL), seed=st.integers(0, 10_000), decisions=st.integers(0, 70))
def test_every_comparison_a_hint_makes_holds_against_each_alternative(game_id, seed, decisions):
    """On generated positions in every game: an edge is the hint's alone (every other choice
    recomputed falls short, by as much as the reason says); a worth is the hint's value and the
    best of the others', each of them recomputed; the reason says which, as a coach would."""
    found = hinted(game_id, seed, decisions)
    if found is None:
        return
    state, seat, plan, facts, reason = found
    other = state.seat_name(1 - seat)
    assert reason and not re.search(rf"\bby {other}'s\b", reason), reason
    assert "  " not in reason and ";;" not in reason
    assert hint_facts(game_id, state, seat, plan) == facts  # deterministic
    if facts.edge is not None:
        assert facts.worth is None
        check_edge(game_id, state, seat, facts, reason)
    elif facts.worth is not None:
        check_worth(game_id, state, seat, facts, reason)
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
    plan = [random.Random(seed).choice(safe)]
    facts = hint_facts(game_id, observation, seat, plan)
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
    for first in rival_moves(observation, 0):
        facts = hint_facts("pulling_strings", observation, 0, [first])
        assert trap not in facts.plan + facts.alike
        assert facts.worth is None or trap not in facts.worth.next_best
    assert trap not in rival_moves(observation, 0)


@pytest.mark.parametrize("game_id", ALL)
def test_reasons_read_as_a_coach_says_them(game_id):
    """'whatever Oh pulls' or 'depending on what Oh pulls', never 'by Oh's pull'; a reason
    short enough for two lines of the action bar."""
    for seed in range(6):
        found = hinted(game_id, seed, 8 + 9 * seed)
        if found is None:
            continue
        state, seat, _, facts, reason = found
        assert "by " + state.seat_name(1 - seat) + "'s" not in reason
        assert len(reason) <= 200, reason


@pytest.mark.parametrize("game_id", ALL)
def test_a_hint_s_comparison_costs_little(game_id):
    """The comparison runs where the hint is shown, off no worker: under half a second at
    worst on generated positions (a few tens of milliseconds mostly)."""
    worst = 0.0
    for seed in range(8):
        state = position(game_id, seed, 6 + 11 * seed).state
        if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
            continue
        seat = state.awaiting[0]
        observation = state.observe(seat)
        plan = random_plan(game_id, observation, seat, random.Random(seed))
        start = time.process_time()
        hint_facts(game_id, observation, seat, plan)
        worst = max(worst, time.process_time() - start)
    assert worst < 0.5, worst
