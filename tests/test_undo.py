"""Undo in play: at once against the computer, by consent hot-seat, and never revealing a secret."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core import SEALED
from scenes.play.handoff import HandoffScene
from scenes.play.parts.picker import Extra
from scenes.screens.dialog import ConfirmScene
from scenes.screens.menu import PauseScene
from scenes.store.saves import SaveFolder
from tests.support import carries
from tests.test_handoff import play_moves
from tests.test_play_vs_bot import FakeWorker, start_vs
from tests.ui_driver import Driver

CTRL_Z = dict(key=pygame.K_z, mod=pygame.KMOD_LCTRL)


def undo_button(scene):
    return next((b for b in scene.buttons if b.value == Extra("undo")), None)


def saved_moves(scene) -> list[str]:
    saved = SaveFolder().read(SaveFolder().path_for(scene.saves.id))
    return [str(e) for e in saved.record.entries]


def test_against_the_bot_undo_goes_back_to_your_previous_decision(driver):
    worker = FakeWorker()
    scene = start_vs(driver, "strands", ("human", "bot:easy"), worker, {"side": 5})
    driver.settle()
    assert undo_button(scene) is None  # nothing of yours to take back yet
    first = scene.turns.match.state.legal_moves(0)[0]
    driver.choose_by_keys(first)
    driver.settle()  # White's whole turn, then Black's again
    before = list(scene.turns.match.entries)
    assert {e.actor for e in before[1:]} == {1}
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[-1])
    driver.settle()
    assert undo_button(scene) is not None
    driver.key(**CTRL_Z)
    assert scene.turns.match.entries == before and scene.turns.chooser == 0  # your turn again
    carries(scene.turns.caption, "Your last move", "taken back", "choose")
    assert saved_moves(scene) == [str(e) for e in scene.turns.match.entries]
    driver.click(undo_button(scene).rect.center)  # and once more, by the button:
    assert scene.turns.match.entries == [] and scene.turns.chooser == 0  # White's replies went too


def test_undo_while_the_bot_thinks_cancels_its_search(driver):
    worker = FakeWorker(hold=True)
    scene = start_vs(driver, "strands", ("human", "bot:easy"), worker, {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.frames(40)
    ticket = worker.outstanding
    assert ticket is not None and scene.bots.thinking_seat == 1
    driver.key(**CTRL_Z)
    assert worker.cancelled == [ticket] and scene.turns.match.entries == []
    assert scene.bots.ticket is None and scene.turns.chooser == 0


def test_against_the_bot_a_revealed_pull_is_not_taken_back(driver):
    worker = FakeWorker()
    scene = start_vs(driver, "pulling_strings", ("human", "bot:easy"), worker)
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.settle()
    entries = list(scene.turns.match.entries)
    assert len(entries) >= 2
    driver.key(**CTRL_Z)
    assert scene.turns.match.entries == entries
    assert scene.status.is_error and "both secret choices of turn 1 are in" in scene.status.text


def test_hot_seat_undo_asks_the_other_player(driver):
    scene = driver.start("strands", {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    driver.settle()
    assert scene.turns.chooser == 1
    driver.click(undo_button(scene).rect.center)
    dialog = driver.top
    assert isinstance(dialog, ConfirmScene)
    carries(dialog.title, "Black", "undo", without=("White",))
    carries(dialog.question, "White", "accept", without=("Black",))
    driver.key(pygame.K_ESCAPE)  # White refuses
    assert len(scene.turns.match.entries) == 1 and driver.top is scene
    driver.key(**CTRL_Z)
    driver.click(driver.top.group.buttons[0].rect.center)  # White accepts
    driver.frames()
    assert scene.turns.match.entries == [] and scene.turns.chooser == 0
    carries(scene.turns.caption, "Black's last move", "taken back", without=("White",))
    assert saved_moves(scene) == []


@pytest.mark.parametrize("secret", ["c", "h"])
def test_hot_seat_undo_of_a_sealed_pull_shows_nobody_the_pull(tmp_path, secret):
    driver = Driver(tmp_path)
    try:
        scene = driver.start("pulling_strings", seed=7)
        drawn = []
        draw = scene.board.draw
        scene.board.draw = lambda surface, view: (drawn.append(view), draw(surface, view))
        play_moves(driver, [secret])  # Eks seals a pull
        driver.settle()
        assert isinstance(driver.top, HandoffScene) and driver.top.name == "Oh"
        drawn.clear()
        driver.key(pygame.K_ESCAPE)  # Eks, still at the screen, opens the menu
        assert isinstance(driver.top, PauseScene) and driver.top.play is scene
        undo = next(b for b in driver.top.group.buttons if b.value == "undo")
        driver.click(undo.rect.center)
        driver.frames()
        assert isinstance(driver.top, ConfirmScene)
        carries(driver.top.title, "Eks", "undo", without=("Oh",))
        assert not any(isinstance(s, HandoffScene) for s in driver.app.stack.scenes)
        assert scene.turns.private_seat is None  # the public board beneath the question
        pixels = pygame.image.tobytes(driver.app.screen, "RGB")
        driver.click(driver.top.group.buttons[0].rect.center)  # Oh accepts
        driver.frames(3)
        assert scene.turns.match.entries == [] and scene.turns.log.lines() == []
        assert isinstance(driver.top, HandoffScene) and driver.top.name == "Eks"  # choose again
        assert drawn and all(v.seat is None and v.state.pending[0] in (None, SEALED)
                             for v in drawn)
        (tmp_path / f"{secret}.bin").write_bytes(pixels)
        other = tmp_path / ("h.bin" if secret == "c" else "c.bin")
        if other.exists():  # the question looks the same whatever Eks had pulled
            assert other.read_bytes() == pixels
    finally:
        pygame.quit()


def test_hot_seat_a_revealed_turn_is_not_taken_back(driver):
    scene = driver.start("pulling_strings", seed=7)
    play_moves(driver, ["c", "h"])
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.click(next(b for b in driver.top.group.buttons if b.value == "undo").rect.center)
    driver.frames()
    assert not isinstance(driver.top, ConfirmScene)
    assert len(scene.turns.match.entries) == 2
    assert "Cannot undo: both secret choices of turn 1 are in" in scene.status.text


def test_no_undo_button_while_someone_looks_at_their_secret(driver):
    scene = driver.start("pulling_strings", seed=7)
    play_moves(driver, ["c"])
    driver.settle()
    driver.key(pygame.K_RETURN)  # Oh looks
    driver.frames(2)
    assert scene.turns.private_seat == 1 and undo_button(scene) is None


def test_hot_seat_undo_within_your_own_unfinished_turn_needs_no_consent(driver):
    scene = driver.start("strands", {"side": 5})
    driver.settle()
    driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])  # Black's opening stone
    driver.settle()
    state = scene.turns.match.state
    first = next(m for m in state.legal_moves(1) if str(m) != "end")
    driver.choose_by_keys(first)  # White's first stone of a turn of several
    driver.settle()
    assert scene.turns.chooser == 1 and scene.turns.match.state.placed == 1
    driver.key(**CTRL_Z)
    driver.frames()
    assert not isinstance(driver.top, ConfirmScene)  # no question to Black
    assert driver.top is scene and len(scene.turns.match.entries) == 1 and scene.turns.chooser == 1
    carries(scene.turns.caption, "White's last move", "taken back", "White's turn goes on",
            without=("Black",))
    assert saved_moves(scene) == [f"0:{scene.turns.match.entries[0].text}"]


@pytest.mark.parametrize("game_id", ["strands", "tug_of_war", "moriarty", "synch"])
def test_undo_asks_the_other_player_only_outside_the_asker_s_own_turn(driver, game_id):
    scene = driver.start(game_id, seed=3)
    rng = random.Random(3)
    at_once = asked = 0
    for _ in range(40):
        driver.to_choice()
        if scene.turns.chooser is None:
            break
        name = scene.turns.match.state.seat_name(scene.turns.chooser)
        lines = scene.turns.log.lines(notation=True)  # is the log's last line my turn so far?
        number, _, line = lines[-1].partition(". ") if lines else ("", "", "")
        seats = tuple(scene.turns.match.state.seat_name(s) + " " for s in (0, 1))
        parts = [part for part in line.split(", ") if part.startswith(seats)]  # not dice
        own = number == str(scene.turns.match.state.turn) and bool(parts) and \
            all(part.startswith(f"{name} ") for part in parts)
        before = len(scene.turns.match.entries)
        driver.key(**CTRL_Z)
        driver.frames()
        if isinstance(driver.top, ConfirmScene):
            asked += 1
            assert not own
            driver.key(pygame.K_ESCAPE)  # refused: nothing changes
            assert len(scene.turns.match.entries) == before
        elif len(scene.turns.match.entries) < before:
            at_once += 1
            assert own and scene.turns.chooser is not None
            turns = scene.turns
            assert turns.match.state.seat_name(turns.chooser) == name  # the same turn goes on
        legal = scene.turns.match.state.legal_moves(scene.turns.chooser)
        keep = [m for m in legal if not str(m).startswith(("end", "moriarty"))] or legal
        driver.choose_by_keys(rng.choice(keep))
    assert asked or at_once
