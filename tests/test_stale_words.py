"""No stale words: a message or caption tied to a state goes when the state does. Generated play
through the real play screen, with wrong clicks thrown in: after every move no error is left
standing, "has chosen, in secret" only while that choice is still sealed, and a summary card
and the score panel behind it tell the same totals."""
from __future__ import annotations

import random

import pygame
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core import NodeKind
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from game.words.play_screen import WELCOME_BACK
from scenes.store.saves import SavedGame
from tests.support import examples
from tests.test_play_vs_bot import FakeWorker
from tests.test_text_fits import position

GAMES = {"pulling_strings": {"turn_limit": 6}, "moriarty": {"games": 3, "round_limit": 2},
         "strands": {"side": 5}, "synch": {"move_limit": 10}, "tug_of_war": {}}


def wrong_click(driver, scene: PlayScene, rng: random.Random) -> None:
    """A click on the board somewhere that is not a choice now (if one can be found)."""
    area = scene.board.area
    for _ in range(20):
        pos = (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom))
        spot = scene.board.spot_at(pos, scene.turns.observation())
        if spot is not None and spot not in scene.picker.clickable():
            driver.click(pos)
            return


@settings(max_examples=examples(6), deadline=None,  # a whole game each
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # one app, many games
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000))
def test_no_word_outlives_its_state(driver, game_id, seed):
    rng = random.Random(seed)
    scene = driver.start(game_id, GAMES[game_id], seed=seed)
    for _ in range(400):
        driver.settle(acknowledge=False)
        top = driver.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            driver.key(pygame.K_RETURN)
            continue
        if scene.turns.hold is not None:
            summary = scene.turns.hold.summary
            if summary is not None and game_id == "moriarty":  # the card and the panel agree
                match_line = next(line for line in summary.lines if "The match" in line)
                panel = scene.turns.words.status(scene.turns.hold.backdrop)
                for line in panel:
                    if "points in all" in line:
                        name, _, rest = line.partition(" (")
                        total = rest.split(": ")[1].split(" ")[0]
                        assert f"{name} {total}" in match_line, (panel, match_line)
            driver.key(pygame.K_SPACE, " ")
            continue
        if rng.random() < 0.5:
            wrong_click(driver, scene, rng)
        state = scene.turns.match.state
        move = rng.choice(state.legal_moves(scene.turns.chooser))
        for spot in scene.board.path(move, state):  # each pick of the move, one by one
            driver.click(driver.spot_pos(spot))
            assert not scene.status.is_error, scene.status.text  # a refusal outlives no pick
        if scene.picker.pending_choice() is not None:
            driver.click(driver.lock_in_button().rect.center)
        now = scene.turns.match.state
        if "has chosen, in secret" in scene.turns.caption:
            assert now.kind is NodeKind.SIMULTANEOUS and any(p is not None for p in now.pending)


@settings(max_examples=examples(6), deadline=None,  # a whole game each
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000))
def test_enter_does_the_one_thing_on_offer(driver, game_id, seed):
    """Wherever a single choice (or one button finishing a pick begun) is on offer, Enter makes
    it: the selection or the game moves on."""
    rng = random.Random(seed)
    scene = driver.start(game_id, GAMES[game_id], seed=seed)
    pressed = 0
    for _ in range(300):
        driver.settle()
        top = driver.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            driver.key(pygame.K_RETURN)
            continue
        state = scene.turns.match.state
        move = rng.choice(state.legal_moves(scene.turns.chooser))
        for spot in scene.board.path(move, state):
            only = scene.input.keys.only_action()
            if only is not None:  # one thing can be done: Enter does it
                picker = scene.picker
                before = (picker.selected, len(scene.turns.match.entries), picker.pending_choice())
                driver.key(pygame.K_RETURN)
                pressed += 1
                assert (scene.picker.selected, len(scene.turns.match.entries),
                        scene.picker.pending_choice()) != before, f"Enter ignored {only!r}"
                break
            driver.click(driver.spot_pos(spot))
        if scene.picker.pending_choice() is not None:
            driver.key(pygame.K_RETURN)  # Enter seals the choice selected
    assert pressed or game_id != "tug_of_war"  # Tug of War's re-rolls offer one button


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       decisions=st.integers(0, 12), data=st.data())
def test_welcome_back_goes_at_the_first_pick_and_cancel_never_brings_it_back(
        driver, game_id, seed, decisions, data):
    """A game carried on greets the player once: whatever is picked and put back (Cancel, Esc)
    leaves the last move's words or nothing, never the greeting again."""
    match = position(game_id, seed, decisions)
    saved = SavedGame(f"20260101-100000-{game_id}-abc123", match.record(), ("human", "human"),
                      "2026-01-01T10:00:00", "2026-01-01T10:05:00")
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene.from_save(driver.app, saved)
    driver.app.stack.push(scene)
    driver.frames()
    assert scene.status.text == WELCOME_BACK  # said on coming back
    for _ in range(3):
        driver.settle()
        if isinstance(driver.top, HandoffScene):
            driver.key(pygame.K_RETURN)
            driver.settle()
        if driver.top is not scene or scene.turns.chooser is None:
            break
        state = scene.turns.match.state
        move = data.draw(st.sampled_from(state.legal_moves(scene.turns.chooser)))
        path = scene.board.path(move, state)
        for spot in path[:data.draw(st.integers(1, len(path)))]:
            driver.click(driver.spot_pos(spot))
        if not scene.picker.selected:
            break  # the pick was a whole move: the game moved on
        cancel = next((b for b in scene.buttons if b.label == "Cancel"), None)
        if cancel is not None and data.draw(st.booleans()):
            driver.click(cancel.rect.center)
        else:
            driver.key(pygame.K_ESCAPE)
        driver.frames()
        assert not scene.picker.selected
        assert WELCOME_BACK not in driver.frame_texts(), "Cancel brought the greeting back"
        assert scene.status.text in ("", scene.turns.caption) or not scene.status.text.strip()


def test_a_records_message_goes_when_the_delete_question_comes(driver):
    """The Export message is about the export: the Delete question over the list stands alone."""
    from scenes.screens.dialog import ConfirmScene
    from tests.test_settings_feel import write_save
    write_save(2)
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.go("records")
    driver.frames()
    records = driver.top
    driver.until(lambda: records.reading is None)
    driver.key(pygame.K_x)  # Export the game in progress
    driver.until(lambda: records.reading is None)
    driver.frames()
    assert records.message.startswith("Exported")
    driver.key(pygame.K_DELETE)
    driver.frames()
    assert isinstance(driver.top, ConfirmScene)
    shown = driver.frame_texts()
    assert not any(text.startswith("Exported") for text in shown), shown
