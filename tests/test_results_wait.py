"""Results wait for the players: a reveal stays on screen until someone acknowledges it, and no
hand-off or results screen ever covers a reveal nobody has acknowledged."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.screens.menu import PauseScene
from tests.support import carries, examples
from tests.test_handoff import MORIARTY_SETUP, play_moves
from tests.test_play_vs_bot import FakeWorker, run_until, start_vs
from tests.ui_driver import Driver


MORIARTY_TO_SLIDES = MORIARTY_SETUP + ["bonus O", "bonus B", "edge south", "pivot 3", "take 2",
                                       "toward", "away"]


def reveal_then_wait(driver: Driver, pulls=("c", "h")) -> PlayScene:
    """Hot-seat Pulling Strings: both pull, the reveal plays out; the scene holding it."""
    scene = driver.start("pulling_strings", seed=7)
    play_moves(driver, list(pulls))
    driver.settle(acknowledge=False)
    assert scene.turns.hold is not None
    return scene


@pytest.mark.parametrize("game_id, moves", [("pulling_strings", ["c", "h"]),
                                            ("moriarty", MORIARTY_TO_SLIDES)])
def test_while_the_countdown_runs_the_caption_says_both_have_chosen(driver, game_id, moves):
    scene = driver.start(game_id, seed=7)
    play_moves(driver, moves)  # the second secret choice starts the countdown
    assert scene.turns.countdown is not None
    assert scene.turns.caption == "Both have chosen."
    driver.settle(acknowledge=False)
    turns = scene.turns
    assert " pulled " in turns.caption or " slid " in turns.caption  # then the reveal's words


def test_a_hot_seat_reveal_stays_until_a_key_then_the_hand_off_comes(driver):
    scene = reveal_then_wait(driver)
    driver.frames(600, dt=0.05)  # half a minute: nothing covers the result
    assert driver.top is scene and scene.turns.hold is not None
    assert "pulled c" in scene.turns.caption and "pulled h" in scene.turns.caption
    assert scene.view().state == scene.turns.match.state.observe_public()  # the result, in public
    assert "Continue, then pass to Eks" in scene.turns.hold.prompt
    assert [b.label for b in scene.buttons][0] == "Continue"
    assert scene.turns.chooser is None  # nobody can pull over the result
    driver.key(pygame.K_a, "a")  # any key
    driver.frames(2)
    assert isinstance(driver.top, HandoffScene) and driver.top.name == "Eks"


@pytest.mark.parametrize("how", ["board", "continue"])
def test_a_click_on_the_board_or_continue_acknowledges_the_result(driver, how):
    scene = reveal_then_wait(driver)
    if how == "board":
        driver.click(scene.rects["board"].center)
    else:
        driver.click(scene.buttons[0].rect.center)
    driver.frames(2)
    assert scene.turns.hold is None and isinstance(driver.top, HandoffScene)


def test_escape_opens_the_menu_and_leaves_the_result_waiting(driver):
    scene = reveal_then_wait(driver)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene) and scene.turns.hold is not None
    driver.key(pygame.K_ESCAPE)  # back to the game: still waiting
    driver.frames(20)
    assert driver.top is scene and scene.turns.hold is not None


def test_modifier_keys_do_not_acknowledge(driver):
    scene = reveal_then_wait(driver)
    for key in (pygame.K_LSHIFT, pygame.K_RCTRL, pygame.K_LALT):
        driver.key(key)
    assert scene.turns.hold is not None


def test_a_click_that_skips_the_animation_does_not_also_acknowledge(tmp_path):
    driver = Driver(tmp_path, speed=1.0)
    try:
        scene = driver.start("pulling_strings", seed=7)
        play_moves(driver, ["c", "h"])
        driver.click(scene.rects["board"].center)  # skips the countdown and the animation
        driver.frames(3)
        assert scene.turns.hold is not None and driver.top is scene
    finally:
        pygame.quit()


class Watch:
    """Counts reveals shown and acknowledgements made, and checks each cover against them."""

    def __init__(self, scene: PlayScene) -> None:
        self.unseen = False
        self.holds = 0
        show = scene.turns.show

        def watched(animation):
            if animation is not None and animation.reveal:
                self.unseen = True
            show(animation)
        scene.turns.show = watched


def play_watching(driver: Driver, game_id: str, seed: int, options, controllers) -> Watch:
    """Play a whole game at random through the UI, checking no cover hides an unseen reveal."""
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene(driver.app, game_id, options, seed=seed, controllers=controllers)
    driver.app.stack.push(scene)
    driver.frames()
    watch = Watch(scene)
    rng = random.Random(seed)
    for _ in range(3000):
        top = driver.top
        if isinstance(top, (HandoffScene, ResultsScene)):
            assert not watch.unseen, f"{type(top).__name__} covered a reveal nobody acknowledged"
        if isinstance(top, ResultsScene):
            return watch
        if isinstance(top, HandoffScene):
            driver.key(pygame.K_RETURN)
        elif scene.turns.hold is not None:
            watch.holds += 1
            driver.frames(20, dt=0.1)  # it waits, however long the players look
            assert driver.top is scene and scene.turns.hold is not None
            watch.unseen = False
            driver.key(pygame.K_SPACE, " ")
        elif scene.turns.chooser is not None:  # a player decides over the board: they have seen it
            watch.unseen = False
            turns = scene.turns
            driver.choose_by_keys(rng.choice(turns.match.state.legal_moves(turns.chooser)))
        else:
            driver.frames(dt=0.05)
    raise AssertionError("the game did not end")


GAMES = {"pulling_strings": {"turn_limit": 12}, "moriarty": {"games": 1, "round_limit": 6}}


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10_000), game_id=st.sampled_from(sorted(GAMES)),
       controllers=st.sampled_from([("human", "human"), ("human", "bot:easy"),
                                    ("bot:easy", "human")]))
def test_no_hand_off_or_results_ever_covers_an_unacknowledged_reveal(tmp_path_factory, seed,
                                                                       game_id, controllers):
    driver = Driver(tmp_path_factory.mktemp("held"), speed=8.0)
    driver.app.bot_worker = FakeWorker()
    try:
        watch = play_watching(driver, game_id, seed, GAMES[game_id], controllers)
        if game_id == "pulling_strings" and "bot:easy" not in controllers:
            assert watch.holds > 0  # every turn is a reveal before a hand-off
    finally:
        pygame.quit()


def test_against_the_bot_its_next_sealed_choice_leaves_the_reveal_s_words(driver):
    driver.app.bot_worker = FakeWorker()
    scene = start_vs(driver, "pulling_strings", ("human", "bot:easy"), driver.app.bot_worker)
    for _ in range(2):  # the first turn: Oh seals, Eks pulls, the reveal; then Oh seals again
        run_until(driver, lambda: scene.turns.chooser == 0)
        if scene.turns.log.lines():
            break
        driver.choose_by_keys(scene.turns.match.state.legal_moves(0)[0])
    assert scene.turns.match.state.pending[1] is not None  # Oh has sealed its next pull
    assert "pulled" in scene.turns.caption  # and the words of the last reveal are still there
    assert scene.board.seat_note(scene.view(), 1) == ("sealed", "has chosen")


# ---- the end of a game waits too ---------------------------------------------------------------
def to_the_summary(driver: Driver, scene: PlayScene, rng: random.Random, games_over: int):
    """Play on (never ending a game early) until the summary of `games_over` games is held."""
    for _ in range(3000):
        driver.settle(acknowledge=False)
        if isinstance(driver.top, HandoffScene):
            driver.key(pygame.K_RETURN)
            continue
        if scene.turns.hold is not None:
            turns = scene.turns
            if turns.hold.summary is not None and len(turns.match.state.history) == games_over:
                return scene.turns.hold.summary
            driver.key(pygame.K_SPACE, " ")
            continue
        legal = scene.turns.match.state.legal_moves(scene.turns.chooser)
        driver.choose_by_keys(rng.choice([m for m in legal if str(m) != "end"] or legal))
    raise AssertionError("no summary")


@pytest.mark.parametrize("controllers", [("human", "human"), ("human", "bot:easy")])
def test_between_moriarty_s_games_a_summary_waits_for_a_player(driver, controllers):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene(driver.app, "moriarty", {"round_limit": 3}, seed=4,
                      controllers=controllers)
    driver.app.stack.push(scene)
    rng = random.Random(4)
    summary = to_the_summary(driver, scene, rng, 1)
    first = scene.turns.match.state.history[0]
    carries(summary.title, "Game 1 of 3", "over")
    assert f"Game 1: Eks {first.points[0]}, Oh {first.points[1]}." in " ".join(summary.lines)
    assert any(line.startswith("The match so far:") for line in summary.lines)
    entries = len(scene.turns.match.entries)
    driver.frames(600, dt=0.05)  # half a minute: the card stays, nobody plays on
    assert scene.turns.hold is not None and scene.turns.hold.summary == summary
    assert len(scene.turns.match.entries) == entries and driver.top is scene
    drawn = []
    card = scene.board.draw_summary
    scene.board.draw_summary = lambda surface, s, rise=0.0: (drawn.append(s), card(surface, s))
    driver.app.invalidate()
    driver.frames()
    assert drawn == [summary]
    held = scene.view().state  # behind the card: the game it scores, as it ended
    assert held.game_index == 0 and held.bonus == first.bonus and held.colours[0] is not None
    if "Moriarty" not in first.reason:  # otherwise every point went to one side
        assert tuple(held.board_points(s) for s in (0, 1)) == first.points
    driver.key(pygame.K_RETURN)
    assert scene.turns.hold is None
    assert scene.view().state.game_index == 1  # then the next game
    summary = to_the_summary(driver, scene, rng, 2)  # the second game's lists both
    text = " ".join(summary.lines)
    assert "Game 1:" in text and "Game 2:" in text


def test_a_kiosk_demo_never_waits(driver):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene(driver.app, "moriarty", {"round_limit": 2, "games": 1}, seed=2,
                      controllers=("bot:easy", "bot:easy"), demo=True)
    driver.app.stack.push(scene)
    for _ in range(4000):
        assert scene.turns.hold is None
        if scene.turns.match.state.is_terminal and scene.turns.animation is None:
            break
        driver.frames(dt=0.05)
    assert scene.turns.match.state.is_terminal


def test_the_results_stay_until_dismissed(driver):
    scene = driver.start("synch", {"size": 5, "move_limit": 10}, seed=1)
    driver.play_to_end(random.Random(1))
    assert isinstance(driver.top, ResultsScene)
    driver.frames(1200, dt=0.05)
    assert isinstance(driver.top, ResultsScene) and driver.play_scene() is scene
