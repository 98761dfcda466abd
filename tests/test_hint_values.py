"""A hint's comparison is the Hard bot's own: the worker answers a hint with the value its search
gave every choice at the root (`values=True`), and the reason quotes the hint's value and the
next best's from those, so the hint is the best, or as good as the best, by the figures it
quotes. Checked with stub values (a unit test of the words and the play screen's part), with
the real bot at a small budget on generated positions (the values quoted are the search's own;
asking for them leaves the bot's choice as it was), and for the fit: every generated hint keeps
within two lines of the action bar at 800x500, measured with the theme."""
from __future__ import annotations

import dataclasses
import random
import re

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.bot import RootValue
from game.bots.hints import EVEN, ask_hint, hint_facts, hint_level, hint_seed, rival_moves
from game.bots.worker import Valued, _answer, _make_bot
from game.core import NodeKind
from game.registry import GAMES
from game.words import narrator_for, play_screen as says
from game.words.chances import tenths
from scenes.play.parts.play_view import play_rects
from scenes.shell import theme as th
from tests.support import examples
from tests.test_bot_choices import quick
from tests.test_hints import random_plan
from tests.test_text_fits import position

ALL = list(GAMES)


def lines_at_800x500(text: str) -> list[str]:
    """The action bar's lines `text` takes on the play screen at 800x500 (the theme's wrap at
    the bottom rect's width, as play_view draws it)."""
    if not pygame.font.get_init():
        pygame.font.init()
    theme = th.Theme()
    theme.set_window((800, 500))
    area = play_rects(theme, (800, 500), theme.px(118))["bottom"]
    return theme.wrap(text, th.BODY, area.width)


def small_level(game_id):
    """The hint's level on a small budget read on a counting clock, so it repeats exactly
    (Tug of War's exact player as it is)."""
    level = hint_level(game_id)
    return level if isinstance(level, str) else quick(level)


def asked(game_id, seed, decisions):
    """A generated position with a choice to make: (observation, seat), or None."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return None
    seat = state.awaiting[0]
    return state.observe(seat), seat


def generated(game_id, count, start, step):
    """(seed, observation, seat) of generated positions with a choice to make: seeds 0 to
    `count` - 1, each `start` + `step` x seed decisions in."""
    for seed in range(count):
        found = asked(game_id, seed, start + step * seed)
        if found is not None:
            yield (seed, *found)


def said_tenths(bound, count):
    """The tenths a reason names: 'under 1' stands for 0, 'over 9' for 10."""
    return {"under ": 0, "over ": 10}.get(bound or "", int(count))


def check_quoted(game_id, state, seat, facts, values, reason):
    """The worth is the values' own: the hint's, and the best of the rivals it is compared
    with (none of them a move a ruling would end against a player behind); the tenths the
    reason names are theirs; and the hint is never said to beat a choice worth more."""
    worth = facts.worth
    rivals = [m for m in rival_moves(state, seat)
              if m not in facts.plan and m not in facts.alike and m in values]
    if worth is None:
        assert not rivals or facts.plan[0] not in values or facts.wins
        return
    assert worth.mine == values[facts.plan[0]].value
    assert worth.next_best[0] in rivals and worth.rivals == len(rivals)
    assert worth.other == max(values[m].value for m in rivals) == values[worth.next_best[0]].value
    for move in facts.alike:  # named with the hint: as good by the values too
        assert abs(values[move].value - worth.mine) < EVEN
    claims = "next best" in reason or "as good" in reason or "mixes" in reason \
        or "about the same" in reason
    if claims:
        assert worth.leads
        assert all(values[m].value <= worth.mine + EVEN for m in rivals)
    said = re.search(r"expects (under |over )?(\d+) wins? in 10 from (it|them), (under |over )?"
                     r"(\d+) in 10 from (.+?)(, the next best)?(;|$)", reason)
    if said:
        assert said_tenths(said[1], said[2]) == tenths(worth.mine)
        assert said_tenths(said[4], said[5]) == tenths(worth.other)
        assert worth.mine > worth.other and tenths(worth.mine) != tenths(worth.other)
    if "just above" in reason:
        assert worth.mine - worth.other >= EVEN and tenths(worth.mine) == tenths(worth.other)
    if "as good" in reason or "mixes" in reason:
        assert abs(worth.mine - worth.other) < EVEN
    if not worth.leads:
        assert not claims and "the only" not in reason or facts.edge is not None


# ---- stub values: the words quote what they are given ----------------------------------------
def stub_values(state, seat, plan, rng, lead=True):
    """Values for every legal first move: the plan's first the best (`lead`), or not."""
    moves = list(state.legal_moves(seat))
    values = {m: RootValue(round(rng.random(), 3), rng.randrange(1, 500)) for m in moves}
    top = max(v.value for v in values.values())
    if lead:
        values[plan[0]] = RootValue(min(1.0, top + rng.choice([0.0, 0.002, 0.03, 0.2])), 600)
    return values


@settings(max_examples=examples(80), deadline=None)
@given(game_id=st.sampled_from(ALL), seed=st.integers(0, 10_000), decisions=st.integers(0, 70),
       lead=st.booleans())
def test_a_reason_quotes_the_values_it_is_given_and_never_more(game_id, seed, decisions, lead):
    """With stub root values (known figures) on generated positions: the worth is the hint's
    value and the best rival's; a reason names them in tenths; where a rival is worth more,
    the reason claims nothing over it."""
    found = asked(game_id, seed, decisions)
    if found is None:
        return
    state, seat = found
    rng = random.Random(seed)
    plan = random_plan(game_id, state, seat, rng)
    values = stub_values(state, seat, plan, rng, lead)
    facts = hint_facts(game_id, state, seat, plan, values)
    reason = narrator_for(game_id).hint_reason(facts, state)
    check_quoted(game_id, state, seat, facts, values, reason)


def test_the_brief_s_own_example_reads_as_a_coach_says_it():
    """'the computer expects 7 wins in 10 from it, 5 in 10 from ..., the next best'."""
    found = next(f for f in (asked("synch", s, 9) for s in range(40))
                 if f and len(f[0].legal_moves(f[1])) > 2 and not f[0].placing)
    state, seat = found
    moves = list(state.legal_moves(seat))
    values = {m: RootValue(0.2, 10) for m in moves}
    values[moves[0]], values[moves[1]] = RootValue(0.71, 300), RootValue(0.52, 200)
    facts = hint_facts("synch", state, seat, [moves[0]], values)
    if facts.edge is None:
        words = narrator_for("synch")
        reason = words.hint_reason(facts, state)
        name = words.next_best_words((moves[1],), state, seat)
        assert f"the computer expects 7 wins in 10 from it, 5 in 10 from {name}, the next best" \
            in reason, reason


def test_the_play_screen_quotes_the_values_the_worker_sends(driver):
    """The play screen's hint part asks the worker for values and quotes them: a stub worker
    answers with known values (the hint 0.72, the next best 0.41)."""
    from tests.test_hints import HintWorker, on_screen, to_person

    class Valuing(HintWorker):
        def poll(self):
            answer = super().poll()
            if answer is None or not self.requests[-1]["values"]:
                return answer
            ticket, move = answer
            state, seat = self.requests[-1]["observation"], self.requests[-1]["seat"]
            values = {m: RootValue(0.1, 5) for m in state.legal_moves(seat)}
            rival = next(m for m in state.legal_moves(seat) if m != move)
            values[move], values[rival] = RootValue(0.72, 400), RootValue(0.41, 90)
            self.sent = (move, rival)
            return ticket, Valued(move, values)

    scene = on_screen(driver, "synch", worker=Valuing())
    to_person(driver, scene)
    driver.key(pygame.K_SLASH, "?")
    driver.frames(2)
    assert driver.app.bot_worker.requests[-1]["values"] is True
    hint = scene.hints.shown()
    assert hint is not None and hint.move == driver.app.bot_worker.sent[0]
    text = scene.status.text
    assert "7 wins in 10" in text or "the only" in text, text
    assert len(lines_at_800x500(text)) <= 2


# ---- the real bot at a small budget ----------------------------------------------------------
@pytest.mark.parametrize("game_id", ALL)
def test_the_values_quoted_are_the_search_s_own(game_id):
    """On generated positions, the Hard bot at a small budget: the worker's answer carries the
    value of every choice its search weighed, the hint is the best of them (or as good as the
    best: a secret turn's mix, a search that chose by visits), and the reason quotes them."""
    words = narrator_for(game_id)
    quoted = 0
    for _, state, seat in generated(game_id, 6, 4, 9):
        plan, values = ask_hint(game_id, state, seat, (), small_level(game_id))
        if not values:
            continue
        assert plan[0] in values and all(0.0 <= v.value <= 1.0 for v in values.values())
        facts = hint_facts(game_id, state, seat, plan, values)
        reason = words.hint_reason(facts, state)
        check_quoted(game_id, state, seat, facts, values, reason)
        quoted += facts.worth is not None and str(round(facts.worth.mine * 10)) in reason
    assert quoted or game_id == "moriarty"  # Moriarty's early turns are forced or ruled


@pytest.mark.parametrize("game_id", ["strands", "synch", "moriarty", "pulling_strings"])
def test_asking_for_values_leaves_the_bot_s_choice_alone(game_id):
    """The same bot, seed and position choose the same move whether or not the root values
    are kept (so the game bots' own requests are unchanged: tests/test_bot_choices.py)."""
    level = small_level(game_id)
    for _, state, seat in generated(game_id, 3, 5, 7):
        plain = _make_bot(game_id, level, hint_seed(state, seat)).choose(state, seat)
        valued = _answer(_make_bot(game_id, level, hint_seed(state, seat)), state, seat, (),
                         None, True)
        assert isinstance(valued, Valued) and valued.move == plain
        bot = Bot(knowledge_for(game_id), level, 1)
        bot.choose(state, seat)
        assert bot.root_values == {}  # not asked: nothing kept


@pytest.mark.parametrize("game_id", ALL)
def test_every_generated_hint_fits_two_lines_at_800x500(game_id):
    """A hint's whole line ('Hint: ..., ringed in pink: reason.') keeps within two lines of
    the action bar at 800x500, measured with the theme: the real bot's hints at a small budget
    and hints with stub values (the longest names of a next best) on generated positions."""
    words = narrator_for(game_id)
    rng = random.Random(7)
    for seed, state, seat in generated(game_id, 12, 3, 7):
        if seed < 4:
            plan, values = ask_hint(game_id, state, seat, (), small_level(game_id))
        else:
            plan = random_plan(game_id, state, seat, rng)
            values = stub_values(state, seat, plan, rng)
        for given in (values, None):
            facts = hint_facts(game_id, state, seat, plan, given)
            reason = words.hint_reason(facts, state)
            line = says.hint_line(words.hint_choice(plan, facts.alike, state, seat), reason)
            assert len(lines_at_800x500(line)) <= 2, line


def test_a_solved_game_s_values_are_its_exact_table():
    """Tug of War's Hard is exact: its answer's values are the solved table's move values."""
    from game.bots.perfect_tug import PerfectTugPlayer
    found = next(f for f in (asked("tug_of_war", s, 12) for s in range(20)) if f)
    state, seat = found
    answer = _answer(_make_bot("tug_of_war", "hard", 1), state, seat, (), None, True)
    exact = PerfectTugPlayer().move_values(state, seat)
    assert {m: v.value for m, v in answer.values.items()} == exact
    assert answer.values[answer.move].value == max(exact.values())


def test_a_root_value_is_a_small_frozen_record():
    value = RootValue(0.5, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.value = 0.6  # type: ignore[misc]
