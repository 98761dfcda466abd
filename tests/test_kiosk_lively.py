"""The kiosk demo stays lively (issue 16, point 15): Pulling Strings demos play under the turn
limit that RULES turns on for bot-vs-bot demos, never show two still turns in a row while a pull
could move a stack, and an idle visitor gets a "Still playing?" countdown before the demo."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.match import Match
from game.registry import GAMES
from game.rules.pulling_strings import (DEMO_TURN_LIMIT, PullsRevealed, moves_a_stack)
from scenes.kiosk.attract import AttractScene
from scenes.kiosk.still_playing import StillPlayingScene
from scenes.play.parts.demo_pace import MOVING, DemoPace
from scenes.play.play import PlayScene
from tests.support import examples
from tests.test_kiosk import kiosk, wake  # noqa: F401 (the fixture)


def test_rules_turn_the_limit_on_for_demos_only():
    spec = GAMES["pulling_strings"]
    assert spec.resolve_options()["turn_limit"] == 0  # people's games: no limit unless set
    assert spec.demo_options == {"turn_limit": DEMO_TURN_LIMIT}
    assert all(GAMES[g].demo_options == {} for g in GAMES if g != "pulling_strings")


def test_the_demo_plays_pulling_strings_under_the_turn_limit(kiosk):  # noqa: F811
    demo = kiosk.top
    assert isinstance(demo, AttractScene) and demo.play.spec.id == "pulling_strings"
    assert demo.play.turns.match.options["turn_limit"] == DEMO_TURN_LIMIT


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_demo_pace_never_shows_two_still_turns_while_a_pull_could_move(seed):
    """Random bots pull at random (many dead pulls); through DemoPace, the demo's turns."""
    rng = random.Random(seed)
    match = Match("pulling_strings", GAMES["pulling_strings"].demo_options, seed)
    pace = DemoPace("pulling_strings")
    still = 0
    while not match.state.is_terminal:
        could_move = any(moves_a_stack(match.state.stacks, pull.end)
                         for pull in match.state.legal_moves(0))
        for seat in match.state.awaiting:
            observation = match.observe(seat)
            move = pace.pick(observation, seat, rng.choice(observation.legal_moves(seat)))
            step = match.play(move, seat)
        pace.note(step.events)
        moved = any(isinstance(e, MOVING) for e in step.events)
        if still and could_move:
            assert moved, "a second still turn although a pull could move a stack"
        still = 0 if moved else still + 1
    assert match.state.turn_number - 1 <= DEMO_TURN_LIMIT


def test_a_steered_pull_is_the_bots_own_kind_of_choice():
    """After a still turn a dead pull becomes a legal pull that moves a stack; a live one, or
    any pull before a still turn, is left alone; other games are never touched."""
    match = Match("pulling_strings", seed=1)
    pace = DemoPace("pulling_strings")
    observation = match.observe(0)
    dead = next(p for p in observation.legal_moves(0)
                if not moves_a_stack(observation.stacks, p.end))
    live = next(p for p in observation.legal_moves(0) if moves_a_stack(observation.stacks, p.end))
    assert pace.pick(observation, 0, dead) == dead
    pace.still = 1
    steered = pace.pick(observation, 0, dead)
    assert steered in observation.legal_moves(0) and moves_a_stack(observation.stacks, steered.end)
    assert pace.pick(observation, 0, live) == live
    strands = Match("strands", seed=1)
    other = DemoPace("strands")
    other.still = 3
    move = strands.state.legal_moves(0)[0]
    assert other.pick(strands.observe(0), 0, move) == move


def test_a_whole_demo_game_ends_within_the_limit_and_stays_lively(kiosk):  # noqa: F811
    """The real demo screen, its bots answering at random: the game ends by the rules within
    the turn limit, and a still turn is never followed by another while a pull could move."""
    demo = kiosk.top
    play = demo.play
    for _ in range(6000):
        kiosk.frames(dt=0.1)
        if demo.play is not play:
            break
    assert play.turns.match.state.is_terminal, "the demo game did not end"
    assert play.turns.match.state.turn_number - 1 <= DEMO_TURN_LIMIT
    turns = play.turns
    state, still, could_move, checked = turns.match.spec.start(turns.match.options), 0, False, 0
    for entry in play.turns.match.entries:
        if state.pending == (None, None):  # a turn begins: could a pull move a stack?
            could_move = any(moves_a_stack(state.stacks, p.end) for p in state.legal_moves(0))
        step = state.apply(play.turns.match.spec.parse_move(entry.text), int(entry.actor))
        state = step.state
        if any(isinstance(e, PullsRevealed) for e in step.events):
            moved = any(isinstance(e, MOVING) for e in step.events)
            assert moved or not still or not could_move
            still = 0 if moved else still + 1
            checked += could_move
    assert checked > 0


# ---- "Still playing?" ----------------------------------------------------------------------------
def visitor_game(kiosk) -> PlayScene:  # noqa: F811
    wake(kiosk)
    kiosk.click(kiosk.top.group.buttons[0].rect.center)  # the first game
    kiosk.frames()
    kiosk.click(kiosk.top.group.buttons[0].rect.center)  # against the Easy computer
    kiosk.frames(20)
    assert isinstance(kiosk.top, PlayScene)
    return kiosk.top


def idle(kiosk, seconds: float) -> None:  # noqa: F811
    kiosk.frames(int(seconds / 0.25), dt=0.25)


def test_still_playing_counts_down_before_the_demo_returns(kiosk):  # noqa: F811
    game = visitor_game(kiosk)
    timeout = kiosk.app.kiosk.idle_seconds
    idle(kiosk, timeout - 12)
    assert kiosk.top is game
    idle(kiosk, 3)
    assert isinstance(kiosk.top, StillPlayingScene)
    with kiosk.texts() as first:
        kiosk.app.invalidate()
        kiosk.frames()
    idle(kiosk, 3)
    with kiosk.texts() as later:
        kiosk.app.invalidate()
        kiosk.frames()
    assert "Still playing?" in first
    count = [t for t in first if t.startswith("The demo comes back in")]
    again = [t for t in later if t.startswith("The demo comes back in")]
    assert count and again and count != again
    idle(kiosk, 6)
    assert isinstance(kiosk.top, AttractScene) and len(kiosk.app.stack.scenes) == 1


@pytest.mark.parametrize("how", ["key", "click", "motion"])
def test_any_input_keeps_the_game(kiosk, how):  # noqa: F811
    game = visitor_game(kiosk)
    entries = len(game.turns.match.entries)
    selected = game.picker.selected
    idle(kiosk, kiosk.app.kiosk.idle_seconds - 5)
    assert isinstance(kiosk.top, StillPlayingScene)
    if how == "key":
        kiosk.key(pygame.K_a, "a")  # a pull's letter: it must not reach the game
    elif how == "click":
        kiosk.click(game.rects["board"].center)
    else:
        kiosk.post(pygame.MOUSEMOTION, pos=(50, 50), rel=(3, 3), buttons=(0, 0, 0))
        kiosk.frames()
    kiosk.frames()
    assert kiosk.top is game and kiosk.app.kiosk.idle < 1
    assert game.picker.selected == selected and len(game.turns.match.entries) == entries
    idle(kiosk, kiosk.app.kiosk.idle_seconds - 12)
    assert kiosk.top is game  # a full idle time again before the next warning


def test_the_demo_gets_no_warning(kiosk):  # noqa: F811
    idle(kiosk, kiosk.app.kiosk.idle_seconds + 5)
    assert isinstance(kiosk.top, AttractScene)
