"""Hints: the Hard bot's move for the person choosing, asked off the frame loop with only the
asking seat's observation, shown as a ghost with a line of why; on against the computer, off
hot-seat unless both agree, never in a demo or a lesson; counted in the record and the stats."""
from __future__ import annotations

import json
import random
import re

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.bots.bot import RootValue
from game.bots.hints import afters, bare, hint_facts, hint_level, hint_seed, turn_goes_on
from game.bots.perfect_tug import PerfectTugPlayer
from game.bots.worker import Valued
from game.core import NodeKind
from game.match import Match
from game.record import load_record
from game.registry import GAMES
from game.words import narrator_for
from game.rules.pulling_strings import moves_a_stack
from game.rules.tug_of_war import END_TURN, Exchange, Remove
from scenes.boards import board_class
from scenes.play.handoff import HandoffScene
from scenes.play.parts.picker import Extra
from scenes.play.parts.play_saves import PlaySaves
from scenes.play.play import PlayScene
from scenes.screens.select import OptionsScene
from scenes.shell.theme import Theme
from tests.support import carries, examples
from tests.test_play_vs_bot import FakeWorker
from tests.test_text_fits import position

ALL = list(GAMES)


class HintWorker(FakeWorker):
    """FakeWorker whose check allows a hint's later steps: the observation its earlier steps
    make, in the same turn of the same seat."""

    def request(self, key, game_id, level, seed, observation, seat, history=(), values=False):
        scene = self.scene
        if scene is not None and observation != scene.turns.match.state.observe(seat):
            turns = scene.turns
            assert observation.turn == turns.match.state.turn and observation.awaiting == (seat,)
            self.scene = None
            try:
                return super().request(key, game_id, level, seed, observation, seat, history,
                                       values)
            finally:
                self.scene = scene
        return super().request(key, game_id, level, seed, observation, seat, history, values)


def on_screen(driver, game_id, controllers=("human", "bot:easy"), hints=None, seed=3,
              options=None, worker=None) -> PlayScene:
    worker = worker or HintWorker()
    driver.app.bot_worker = worker
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene(driver.app, game_id, options, seed=seed, controllers=controllers,
                      hints=hints)
    worker.scene = scene  # every request is checked: the asking seat's observation only
    driver.app.stack.push(scene)
    driver.frames()
    return scene


def to_person(driver, scene, limit=3000) -> None:
    for _ in range(limit):
        if scene.turns.chooser is not None:
            return
        if scene.turns.hold is not None:
            driver.key(pygame.K_SPACE, " ")
        elif driver.top is not scene:
            driver.key(pygame.K_RETURN)  # a hand-off
        else:
            driver.frames(dt=0.05)
    raise AssertionError("never the person's turn")


def after_plan(hint):
    """The chooser's view after a hint's whole turn."""
    state = hint.state.observe(hint.seat)
    for move in hint.plan:
        state = state.apply(move, hint.seat).state
    return state


def hint_button(scene):
    return next((b for b in scene.buttons if b.value == Extra("hint")), None)


@pytest.mark.parametrize("game_id", ALL)
def test_a_hint_is_the_hard_bot_s_move_shown_until_the_choice_is_made(driver, game_id):
    scene = on_screen(driver, game_id)
    to_person(driver, scene)
    button = hint_button(scene)
    assert button is not None
    worker = driver.app.bot_worker
    worker.hold = True  # thinking: shown on the button and in the action bar
    driver.click(button.rect.center)
    asked = worker.requests[-1]
    assert asked["level"] == hint_level(game_id) and asked["seat"] == scene.turns.chooser
    turns = scene.turns
    assert asked["seed"] == hint_seed(turns.match.observe(turns.chooser), turns.chooser,
                                      asked["history"])
    assert hint_button(scene).label == "Hint..." and "thinking" in scene.status.text
    worker.hold = False
    driver.frames(2)
    hint = scene.hints.shown()
    assert hint is not None and hint.seat == scene.turns.chooser
    assert scene.status.text.startswith("Hint: ") and scene.hints.tally.used == 1
    surface = pygame.Surface(driver.app.screen.get_size())
    scene.draw(surface)
    ghost = surface.copy()
    scene.hints.hint = None
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(ghost, "RGB")
    scene.hints.hint = hint
    driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
    assert scene.hints.shown() is None  # the choice is made: the ghost goes


def test_a_hint_at_a_secret_turn_stays_while_the_choice_is_only_selected(driver):
    """The lock-in step and hints together: selecting a secret choice (another than the
    hint's, or the hint's own) keeps the ghost; Lock in makes the choice, and the ghost goes."""
    scene = on_screen(driver, "pulling_strings")
    to_person(driver, scene)
    assert scene.turns.secret_turn()
    driver.key(pygame.K_SLASH, "?")
    driver.frames(2)
    hint = scene.hints.shown()
    assert hint is not None
    entries = len(scene.turns.match.entries)
    turns = scene.turns
    other = next(m for m in turns.match.state.legal_moves(turns.chooser) if m != hint.move)
    for move in (other, hint.move):
        driver.click(driver.spot_pos(scene.board.path(move, scene.turns.match.state)[0]))
        assert scene.picker.pending_choice() == move and scene.hints.shown() is hint
    driver.click(driver.lock_in_button().rect.center)
    assert scene.hints.shown() is None and len(scene.turns.match.entries) == entries + 1


def test_the_hint_key_asks_too(driver):
    scene = on_screen(driver, "strands", controllers=("bot:easy", "human"))
    to_person(driver, scene)
    before = len(driver.app.bot_worker.requests)
    driver.key(pygame.K_SLASH, "?")
    asked = driver.app.bot_worker.requests[before:]
    assert asked and all(r["level"] == hint_level("strands") for r in asked)
    driver.frames(12)  # a whole turn: each later stone asked on the earlier stones' position
    hint = scene.hints.shown()
    state = scene.turns.match.state
    assert hint is not None and not turn_goes_on("strands", state, after_plan(hint), 1)
    assert scene.status.text.startswith("Hint: cover ") or "end the turn" in scene.status.text


@pytest.mark.parametrize("game_id", ["pulling_strings", "moriarty"])
def test_a_hint_at_a_secret_turn_never_carries_the_computer_s_secret(driver, game_id):
    scene = on_screen(driver, game_id, seed=5)
    for _ in range(6):
        to_person(driver, scene)
        state = scene.turns.match.state
        driver.key(pygame.K_SLASH, "?")
        asked = driver.app.bot_worker.requests[-1]
        assert asked["observation"] == state.observe(scene.turns.chooser)
        if state.kind is NodeKind.SIMULTANEOUS and any(p is not None for p in state.pending):
            assert asked["observation"] != state  # the computer's sealed choice is hidden
        driver.frames(2)
        driver.choose_by_keys(random.Random(1).choice(state.legal_moves(scene.turns.chooser)))


def test_hot_seat_hints_are_off_unless_both_agree_and_then_each_sees_only_their_own(driver):
    scene = on_screen(driver, "moriarty", controllers=("human", "human"))
    to_person(driver, scene)
    assert hint_button(scene) is None
    driver.key(pygame.K_SLASH, "?")
    assert driver.app.bot_worker.requests == []
    scene = on_screen(driver, "pulling_strings", controllers=("human", "human"), hints=True)
    for _ in range(4):
        to_person(driver, scene)
        assert hint_button(scene) is not None
        driver.key(pygame.K_SLASH, "?")
        asked = driver.app.bot_worker.requests[-1]
        assert asked["observation"] == scene.turns.match.state.observe(scene.turns.chooser)
        driver.frames(2)
        driver.choose_by_keys(scene.turns.match.state.legal_moves(scene.turns.chooser)[0])
    # the Hard bot reads the pulls revealed so far, as it does against the computer (the
    # worker checked each request's history was the game's at the time)
    assert asked["history"]


def test_no_hints_in_the_kiosk_demo_nor_in_a_lesson(driver):
    driver.app.bot_worker = FakeWorker()
    demo = PlayScene(driver.app, "strands", None, seed=1, controllers=("bot:easy", "bot:easy"),
                     demo=True, hints=True)
    assert not demo.hints.tally.allowed
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("learn", game_id="synch")
    driver.frames()
    lesson = driver.top
    to_person(driver, lesson)
    assert hint_button(lesson) is None


def test_the_options_screen_sets_hints(driver):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    options = OptionsScene(driver.app, "strands")
    driver.app.stack.push(options)
    driver.frames()
    assert options.opponent == "human" and not options.hints_on()  # hot-seat: off
    options._pick("opponent", "bot:medium")
    assert options.hints_on()  # against the computer: on
    options._pick("hints", False)
    assert not options.hints_on()
    options._pick("opponent", "human")
    options._pick("hints", True)  # both agree
    options._choose("start")
    driver.frames()
    assert driver.top.hints.tally.allowed and driver.top.turns.hot_seat


def test_a_finished_game_with_hints_is_noted_in_its_record_and_the_stats(driver):
    scene = on_screen(driver, "strands", options={"side": 5})
    match = Match("strands", {"side": 5}, 3)
    rng = random.Random(3)
    while not match.state.is_terminal:
        state = match.state
        match.play(rng.choice(state.legal_moves(state.awaiting[0])), state.awaiting[0])
    scene.turns.restore(match.record())
    scene.hints.tally.used = 2
    scene.saves.game_finished()
    driver.written()  # filed by the app's disk writer
    assert driver.app.data.stats().hinted() == {"strands": 1}
    record = json.loads(scene.saves.record_path.read_text())
    assert record["meta"]["hints"] == 2
    driver.app.go("stats")
    driver.frames()
    assert any("Played with hints: Strands 1." in t for t in driver.frame_texts())
    scene.hints.tally.used = 0
    scene.saves = PlaySaves(scene, scene.hints.tally)  # another game, without hints: no count
    scene.saves.game_finished()
    driver.written()
    assert driver.app.data.stats().hinted() == {"strands": 1}


def random_plan(game_id, state, seat, rng):
    """A turn of random legal steps for `seat` from `state` (all of a many-step turn)."""
    plan = [rng.choice(state.legal_moves(seat))]
    if state.kind is NodeKind.DECISION:
        step = state.apply(plan[0], seat).state
        while turn_goes_on(game_id, state, step, seat):
            plan.append(rng.choice(step.legal_moves(seat)))
            step = step.apply(plan[-1], seat).state
    return plan


def numbers_after(pattern, text):
    found = re.search(pattern, text)
    return None if found is None else [int(n) for n in found.groups()]


def check_claims(game_id, state, seat, plan, facts, reason):
    """Each figure the reason names, recomputed from the positions after the plan (for every
    reply of the other seat at a secret turn)."""
    after = afters(state, seat, plan)
    other = state.seat_name(1 - seat)
    if game_id == "pulling_strings":
        homes = sorted({a.home_total(seat) for a in after})
        theirs = sorted({a.home_total(1 - seat) for a in after})
        got = numbers_after(r"your homes go from (\d+) to (\d+), whatever", reason)
        if got:
            assert got == [state.home_total(seat), homes[0]] and len(homes) == 1
        got = numbers_after(r"your homes keep their (\d+)", reason)
        if got:
            assert homes == got == [state.home_total(seat)]
        got = numbers_after(r"your homes end with (\d+) to (\d+) \(now (\d+)\)", reason)
        if got:
            assert got == [homes[0], homes[-1], state.home_total(seat)]
        got = numbers_after(rf"{other}'s homes go from (\d+) to (\d+)", reason)
        if got:
            assert got == [state.home_total(1 - seat), theirs[0]] and len(theirs) == 1
        if "moves no stack" in reason or "neither moves" in reason or "none of them" in reason:
            for move in (plan[0],) + facts.alike:
                assert not moves_a_stack(state.stacks, str(move))
        live = [a for a in after if not a.is_terminal]
        if f"{other} cannot bring a piece home next turn" in reason:
            for a in live:
                for p in a.legal_moves(1 - seat):
                    for q in a.legal_moves(seat):
                        pair = (q, p) if seat == 0 else (p, q)
                        gained = a.apply_joint_legal(*pair).state.home_total(1 - seat)
                        assert gained <= a.home_total(1 - seat)
    elif game_id == "strands":
        end = after[0]
        assert end.turn > state.turn or end.is_terminal or facts.plan[-1] != plan[-1] or \
            not turn_goes_on(game_id, state, end, seat)  # the whole turn
        got = numbers_after(r"grows your largest group from (\d+) to (\d+)", reason)
        if got:
            assert got == [state.group_sizes(seat)[0], end.group_sizes(seat)[0]] and got[0]
        got = numbers_after(rf"{re.escape(other)}'s largest is (\d+)", reason)
        if got:
            assert got == [(end.group_sizes(1 - seat) or (0,))[0]]
        got = numbers_after(r"your largest stays (\d+)", reason)
        if got:
            assert got == [end.group_sizes(seat)[0]] == [(state.group_sizes(seat) or (0,))[0]]
        got = numbers_after(r"into one of (\d+)", reason)
        if got:
            assert got[0] in end.group_sizes(seat)
    elif game_id == "synch":
        mid = after[0]  # half a move (a mode, or a direction first): then every answer of the
        if not state.placing and not mid.is_terminal and mid.awaiting == (1 - seat,) \
                and mid.moves_made == state.moves_made:  # other's, as the reason speaks of
            after = [mid.apply(m, 1 - seat).state for m in mid.legal_moves(1 - seat)]
        if f"{other} cannot claim a square" in reason:
            assert all(a.scores()[1 - seat] == state.scores()[1 - seat] for a in after)
        got = numbers_after(r"you claim (\d+) square", reason)
        if got:
            assert all(a.scores()[seat] - state.scores()[seat] >= got[0] for a in after)
        got = numbers_after(rf"then you have (\d+) to {other}'s (\d+), (\d+) empty", reason)
        if got:
            assert all([a.scores()[seat], a.scores()[1 - seat], a.claims.count(0)] == got
                       for a in after) or len(after) > 1
    elif game_id == "moriarty":
        points = sorted({a.board_points(seat) for a in after})
        got = numbers_after(r"your points on the board go from (\d+) to (\d+)", reason)
        if got:
            assert got == [state.board_points(seat), points[0]] and len(points) == 1
        got = numbers_after(r"your points on the board become (\d+) to (\d+) \(now (\d+)\)",
                            reason)
        if got:
            assert got == [points[0], points[-1], state.board_points(seat)]
    elif game_id == "tug_of_war":
        end = after[0]
        got = numbers_after(rf"removes (\d+) of {other}'s athletes \((\d+) to (\d+)\)", reason)
        if got:
            assert got == [state.scores()[1 - seat] - end.scores()[1 - seat],
                           state.scores()[1 - seat], end.scores()[1 - seat]]
        got = numbers_after(r"your rope goes from (\d+) to (\d+)", reason)
        if got:
            assert got == [state.scores()[seat], end.scores()[seat]]
        assert end.is_terminal or not turn_goes_on(game_id, state, end, seat) or \
            end.kind is NodeKind.CHANCE  # the whole turn, up to a roll
    got = numbers_after(r"win from here (\d+) times in 10", reason)
    if got:
        assert got[0] == round(facts.chance * 10)


@settings(max_examples=examples(80), deadline=None)
@given(game_id=st.sampled_from(ALL), seed=st.integers(0, 10_000), decisions=st.integers(0, 70))
def test_every_claim_a_hint_makes_holds_in_the_position_after_its_turn(game_id, seed, decisions):
    """On generated positions in every game, a random whole turn's reason: each number it
    names is recomputed from the positions after the turn (every reply at a secret turn);
    the other choices named with it have the very same facts; the same position gives the
    same words; and every hint has a reason."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return
    seat = state.awaiting[0]
    observation = state.observe(seat)
    plan = random_plan(game_id, observation, seat, random.Random(seed))
    facts = hint_facts(game_id, observation, seat, plan)
    words = narrator_for(game_id)
    reason = words.hint_reason(facts, observation)
    assert reason and "\n" not in reason and "  " not in reason, (plan, reason)
    check_claims(game_id, observation, seat, plan, facts, reason)
    for move in facts.alike:  # named together: the very same facts
        again = hint_facts(game_id, observation, seat, [move])
        assert bare(again) == bare(facts)
    assert hint_facts(game_id, observation, seat, plan) == facts  # the same position, the same
    assert hint_seed(observation, seat) == hint_seed(state.observe(seat), seat)
    choice = words.hint_choice(facts.plan, facts.alike, observation, seat)
    assert choice and "?" not in choice


@pytest.mark.parametrize("game_id", ALL)
def test_a_hint_is_searched_by_iterations_from_a_seed_of_the_position(game_id):
    """The same position gives the same hint: the search's budget is counted in iterations
    (the clock is only a safety net), and its seed comes from the position."""
    level = hint_level(game_id)
    if game_id == "tug_of_war":
        assert level == "hard"  # the solved table: exact, so always the same
    else:
        assert level.budget.seconds >= 10 and level.budget.iterations >= 200
    a, b = position(game_id, 3, 12).state, position(game_id, 4, 12).state
    assert hint_seed(a, 0) == hint_seed(a, 0) != hint_seed(b, 0)


def hint_words_of(game_id, state, seat):
    """Each legal move of `seat` and the words a hint would name it by."""
    spec = GAMES[game_id]
    board = board_class(game_id)(spec, spec.resolve_options(), Theme())  # position()'s options
    return board, [(m, board.words.choice_words(m, state)) for m in state.legal_moves(seat)]


@settings(max_examples=examples(80), deadline=None)
@given(game_id=st.sampled_from(ALL), seed=st.integers(0, 10_000), decisions=st.integers(0, 80))
def test_a_hint_names_its_move_in_the_chooser_s_words(game_id, seed, decisions):
    """Each legal move has words of its own (never the log's 'bonus ?', which hides which), in
    words rather than notation ('1x5'); a Tug of War pairing names its dice in the order the
    ghost numbers them."""
    state = position(game_id, seed, decisions).state
    if state.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return
    seat = state.awaiting[0]
    board, named = hint_words_of(game_id, state, seat)
    words = [w for _, w in named]
    assert len(set(words)) == len(words) and all(" " in w and "?" not in w for w in words)
    for move, said in named:
        if isinstance(move, (Remove, Exchange)):
            faces = [state.common[spot[1]] if spot[0] == "common" else state.team[seat][spot[2]]
                     for spot in board.path(move, state)]
            assert [int(n) for n in re.findall(r"\d", said)] == faces, said


def tug_position(entries):
    """A Tug of War game after these record entries."""
    return load_record({"format": "quintet-record", "version": 1, "game": "tug_of_war",
                        "options": {}, "seed": 1, "moves": entries})


def test_the_tug_of_war_swap_hint_says_which_dice_and_why(driver):
    """The hint once read 'Hint: 1x5, ringed in blue.': the notation (common die first) while
    the ghost numbered the team 5 first, and no why for a swap that costs athletes (Perfect's
    table: 78% to win after it, 59% ending the turn). Now the words follow the ghost and say
    what the swap costs and buys."""
    scene = on_screen(driver, "tug_of_war", worker=FakeWorker(hold=True))
    scene.turns.restore(tug_position(["*:145", "0:keep", "*:223", "1:reroll 23", "*:46", "*:146",
                                "0:4/1", "0:6/4"]))
    to_person(driver, scene)
    state = scene.turns.match.state
    assert state.legal_moves(0) == (Exchange(1, 5), END_TURN)
    driver.key(pygame.K_SLASH, "?")
    values = {m: RootValue(v, 0) for m, v in PerfectTugPlayer().move_values(state, 0).items()}
    scene.hints.answered(driver.app.bot_worker.ticket, Valued(Exchange(1, 5), values))
    carries(scene.status.text, "Hint", "swap your team 5 for the common 1", "costs 3 athletes",
            "removes against a team 1", "8 wins in 10 from it, 6 in 10 from the next best")
    from tests.test_hint_values import lines_at_800x500
    assert len(lines_at_800x500(scene.status.text)) <= 2
    first, second = scene.board.path(Exchange(1, 5), state)
    assert state.team[0][first[2]] == 5 and state.common[second[1]] == 1  # the ghost's 1, 2
    after = state.apply(Exchange(1, 5), 0).state
    assert after.scores()[0] == state.scores()[0] - 3 and 1 in after.team[0]


@pytest.mark.parametrize("common, team, note", [
    (2, 2, ""), (5, 2, ""), (3, 4, "it brings none now, but a common 3 or higher can remove "
                             "against a team 3 (a team 4 needs a 4, 5 or 6)"),
    (2, 6, "it costs 3 athletes now, but a common 2 or higher can remove against a team 2 "
           "(a team 6 needs a 6)")])
def test_a_swap_s_note_is_said_only_where_the_one_ply_line_is_silent(common, team, note):
    board = board_class("tug_of_war")(GAMES["tug_of_war"], {}, Theme())
    assert board.words.hint_note(Exchange(common, team), None, 0) == note


class ScreenWatch(FakeWorker):
    """FakeWorker that also checks each hint request against the screen at that moment: it
    carries only the asker's observation, and only what the screen may show now."""

    def request(self, key, game_id, level, seed, observation, seat, history=(), values=False):
        scene = self.scene
        assert observation == scene.turns.observation(), "a hint asked with a secret off screen"
        assert scene.turns.viewer == seat or observation == scene.turns.match.state.observe_public()
        self.seen = getattr(self, "seen", []) + [(scene.turns.private_seat, observation)]
        return super().request(key, game_id, level, seed, observation, seat, history, values)


def test_hot_seat_moriarty_hints_at_public_turns_keep_the_bonus_colour_off_the_shared_screen(
        driver):
    """A hint at a public turn (a Pivot, a take) was worked out with the chooser's Bonus Colour
    and shown on the shared screen, which could give that colour away. Now Hint first hides
    the screen for the chooser (the Peek hand-off), asks once they look in private, and the
    ghost and its line go when they Hide; no request ever carries a colour the screen may not
    show (the worker checks every one)."""
    worker = ScreenWatch()
    scene = on_screen(driver, "moriarty", controllers=("human", "human"), hints=True, seed=5,
                      worker=worker)
    rng = random.Random(5)
    looked = 0
    for _ in range(40):
        to_person(driver, scene)
        state, seat = scene.turns.match.state, scene.turns.chooser
        public_turn = state.kind is NodeKind.DECISION
        secret = state.observe(seat) != state.observe_public()
        asked = len(worker.requests)
        driver.key(pygame.K_SLASH, "?")
        if public_turn and secret and scene.turns.private_seat != seat:
            assert len(worker.requests) == asked  # nothing asked on the shared screen
            assert isinstance(driver.top, HandoffScene) and driver.top.peek
            assert "hint" in driver.top.doing
            driver.key(pygame.K_RETURN)  # the chooser looks in private
            driver.frames(2)
            looked += 1
            assert scene.turns.private_seat == seat and len(worker.requests) == asked + 1
            hint = scene.hints.shown()
            assert hint is not None and hint.private and scene.status.text.startswith("Hint: ")
            hide = next(b for b in scene.buttons if b.value == Extra("hide"))
            driver.click(hide.rect.center)  # the screen is shared again: the ghost goes
            assert scene.hints.shown() is None and not scene.status.text.startswith("Hint: ")
            surface = pygame.Surface(driver.app.screen.get_size())
            scene.draw(surface)
            shared = pygame.image.tobytes(surface, "RGB")
            scene.hints.hint = None
            scene.draw(surface)
            assert pygame.image.tobytes(surface, "RGB") == shared  # no ghost drawn
        else:
            driver.frames(2)
            assert len(worker.requests) == asked + 1
        driver.choose_by_keys(rng.choice(state.legal_moves(seat)))
        if scene.turns.match.state.is_terminal:
            break
    assert looked >= 3  # pivots and takes with a Bonus Colour were met and looked at


def test_a_phone_seat_gets_no_hint_at_a_public_turn_that_would_use_its_bonus_colour(driver):
    scene = on_screen(driver, "moriarty", controllers=("human", "human"), hints=True, seed=5,
                      worker=ScreenWatch())
    rng = random.Random(5)
    for _ in range(40):
        to_person(driver, scene)
        state, seat = scene.turns.match.state, scene.turns.chooser
        if state.kind is NodeKind.DECISION and state.observe(seat) != state.observe_public():
            break
        driver.choose_by_keys(rng.choice(state.legal_moves(seat)))
    scene.phones.seats.add(seat)  # the seat chooses on its phone (its colour lives there)
    scene.refresh_buttons()
    assert scene.turns.chooser == seat and hint_button(scene) is None
    asked = len(driver.app.bot_worker.requests)
    driver.key(pygame.K_SLASH, "?")
    assert len(driver.app.bot_worker.requests) == asked and driver.top is scene
