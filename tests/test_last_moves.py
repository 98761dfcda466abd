"""See the last move: every board marks each player's last turn at a glance, a sealed choice
joins the marks only once revealed, and Strands outlines the groups that decided it."""
from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.registry import GAMES
from game.rules.pulling_strings import Pull
from game.rules.strands import Place
from scenes.boards.base import latest
from scenes.boards.pulling_strings import last_pulls
from game.words.strands import deciding_words
from game.words.tug_of_war import last_turn_words
from game.last_moves import LastMoves
from scenes.play.replay import ReplayScene
from tests.support import carries, examples
from tests.ui_driver import Driver

def pixels(driver: Driver, scene, view) -> bytes:
    """The board drawn for this view, as pixels."""
    surface = pygame.Surface(driver.app.screen.get_size())
    scene.board.draw(surface, view)
    return pygame.image.tobytes(surface, "RGB")


def play_some(driver: Driver, game_id: str, seed: int, decisions: int):
    """A hot-seat game after some random decisions (never ending a Moriarty game early)."""
    scene = driver.start(game_id, seed=seed)
    driver.play_calmly(scene, random.Random(seed), decisions)
    return scene


DECISIONS = {"pulling_strings": 6, "moriarty": 16, "strands": 9, "synch": 9, "tug_of_war": 8}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_board_marks_the_last_moves(driver, game_id):
    scene = play_some(driver, game_id, 4, DECISIONS[game_id])
    view = scene.view()
    assert view.last, "no last moves noted"
    bare = dataclasses.replace(view, last={})
    assert pixels(driver, scene, view) != pixels(driver, scene, bare), "nothing marks them"


@settings(max_examples=examples(8), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 500),
       decisions=st.integers(1, 30))
def test_the_marks_are_each_seat_s_latest_decisions(tmp_path_factory, game_id, seed, decisions):
    driver = Driver(tmp_path_factory.mktemp("last"), speed=8.0)
    try:
        scene = play_some(driver, game_id, seed, decisions)
        entries = [e for e in scene.turns.match.entries if e.actor in (0, 1)]
        state = scene.turns.match.state
        for seat, turns in scene.view().last.items():
            mine = [e.text for e in entries if e.actor == seat]
            if state.kind is NodeKind.SIMULTANEOUS and state.pending[seat] is not None:
                mine = mine[:-1]  # a sealed choice is not marked before its reveal
            assert str(turns[-1][-1][1]) == mine[-1]
            for before, _ in (d for turn in turns for d in turn):
                assert before == before.observe_public()  # only what everyone saw
    finally:
        pygame.quit()


def test_a_sealed_pull_is_marked_only_once_revealed():
    from game.match import Match
    match = Match("pulling_strings", None, 1)
    last = LastMoves()
    before = match.state
    match.play("c", 0)
    last.seal(before, 0, Pull("c"))
    assert last.shown() == {}
    sealed = match.state
    match.play("h", 1)
    last.add(sealed, 1, Pull("h"))
    shown = last.shown()
    assert [latest(shown[s], Pull)[1].end for s in (0, 1)] == ["c", "h"]


def test_a_turn_of_several_stones_is_one_turn(driver):
    scene = play_some(driver, "strands", 2, 12)
    turns = scene.view().last
    for seat, seat_turns in turns.items():
        places = [m for _, m in seat_turns[-1] if isinstance(m, Place)]
        assert places, "a Strands turn covers at least one space"
        entries = [e for e in scene.turns.match.entries]
        run = []
        for entry in reversed(entries):
            if entry.actor != seat:
                if run:
                    break
                continue
            run.append(entry.text)
        assert [str(m) for _, m in seat_turns[-1]] == list(reversed(run))


def test_pulling_strings_marks_both_pulls_of_the_last_turn(driver):
    scene = driver.start("pulling_strings", seed=7)
    from tests.test_handoff import play_moves
    play_moves(driver, ["c", "h"])
    driver.settle()
    assert last_pulls(scene.view()) == {0: "c", 1: "h"}


def test_tug_of_war_says_each_side_s_last_turn():
    from game.rules.tug_of_war import Exchange, Remove
    turn = ((None, Remove(5, 4)), (None, Exchange(5, 3)))
    carries(last_turn_words(turn), "Last turn", "5 beat 4", "3 for 5")
    assert last_turn_words(turn, now=True).startswith("This turn: ")
    short = carries(last_turn_words(turn, short=True), "Last turn", "1 removed", "swap")
    assert len(short) < len(last_turn_words(turn))


def test_strands_outlines_the_groups_that_decided_it(driver):
    scene = driver.start("strands", {"side": 5}, seed=4)
    driver.play_to_end(random.Random(4))
    state = scene.turns.match.state
    words = deciding_words(state)
    assert words.startswith("Outlined on the board:") and "beat" in words
    assert words in scene.board.words.status(state)
    view = scene.view()
    drawn = pixels(driver, scene, view)
    not_over = dataclasses.replace(view, state=dataclasses.replace(state, result=None))
    assert drawn != pixels(driver, scene, not_over)  # the outlines show only at the end


def test_a_replay_marks_the_last_moves_at_each_position(driver):
    scene = play_some(driver, "synch", 3, 10)
    replay = ReplayScene(driver.app, scene.turns.match.record())
    assert replay.lasts[0] == {}
    assert replay.lasts[-1].keys() == scene.view().last.keys()
    assert replay.view().last == replay.lasts[0]
