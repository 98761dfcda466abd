"""Words follow pictures: scores, captions, counters and headers change once the animation has
shown the change, not when it starts."""
from __future__ import annotations

import random

import pygame
from hypothesis import given, settings, strategies as st

from game.registry import GAMES
from game.rules.tug_of_war import ACT
from scenes.play.parts.play_view import SCORE
from scenes.play.play import PlayScene
from scenes.play.replay import ReplayScene
from tests.support import examples
from tests.ui_driver import Driver


def wrapped(driver: Driver, lines: list[str], scene: PlayScene) -> set[str]:
    """The score lines as the side panel wraps them."""
    theme = driver.app.theme
    width = scene.rects["side"].width - theme.px(28)
    return {part for line in lines for part in theme.wrap(line, SCORE, width)}


@settings(max_examples=examples(10), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000))
def test_scores_caption_and_turn_change_when_the_animation_ends(tmp_path_factory, game_id,
                                                                  seed):
    driver = Driver(tmp_path_factory.mktemp("words"), speed=1.0)
    try:
        scene = driver.start(game_id, seed=seed)
        rng = random.Random(seed)
        steps_seen = 0
        for _ in range(30):
            driver.to_choice()
            if scene.turns.chooser is None:
                break
            turns = scene.turns
            driver.choose_by_keys(rng.choice(turns.match.state.legal_moves(turns.chooser)))
            while scene.turns.countdown is not None:
                driver.frames(dt=0.05)
            caption = scene.turns.caption  # a secret turn's countdown said "Both have chosen."
            anim = scene.turns.animation
            if anim is None or anim.timeline.duration < 0.1:
                continue
            board = scene.board
            before, after = wrapped(driver, board.words.status(anim.before), scene), \
                wrapped(driver, board.words.status(anim.after), scene)
            during = driver.frame_texts(dt=0.02)
            assert scene.turns.animation is anim
            assert before <= set(during) and not (after - before) & set(during)
            assert scene.turns.caption == caption  # the last words stay while the pictures move
            assert f"Turn {anim.before.turn}" in during
            while scene.turns.animation is not None:
                driver.frames(dt=0.05)
            if anim.caption:
                assert scene.turns.caption == anim.caption  # then the words of what was shown
            done = driver.frame_texts(dt=0.02)
            if scene.turns.hold is not None and scene.turns.hold.backdrop is not None:
                # a game of a match scored: its card is read over the game as it ended
                turns = scene.turns
                assert wrapped(driver, board.words.status(turns.hold.backdrop), scene) <= set(done)
                driver.key(pygame.K_RETURN)
                done = driver.frame_texts(dt=0.02)
            if driver.top is scene:  # (not yet covered by the next hand-off)
                assert after <= set(done)
            steps_seen += 1
        assert steps_seen
    finally:
        pygame.quit()


def test_tug_of_war_s_header_changes_after_the_re_roll_lands(driver):
    driver.app.settings.animation_speed = 1.0
    for seed in range(40):
        scene = driver.start("tug_of_war", seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            driver.settle()
            state = scene.turns.match.state
            rerolls = [m for m in state.legal_moves(scene.turns.chooser) if "reroll" in str(m)]
            if state.phase == ACT and rerolls:
                break
            driver.choose_by_keys(rng.choice(state.legal_moves(scene.turns.chooser)))
        else:
            continue
        before = scene.board.words.phase_words(state)
        driver.choose_by_keys(rerolls[0])
        while scene.turns.animation is None:  # the re-roll itself is the dice's chance step
            driver.frames(dt=0.02)
        anim = scene.turns.animation
        if scene.board.words.phase_words(anim.after) == scene.board.words.phase_words(anim.before):
            continue
        during = driver.frame_texts(dt=0.02)
        assert scene.board.words.phase_words(anim.before) in during
        assert scene.board.words.phase_words(anim.after) not in during
        while scene.turns.animation is not None:
            driver.frames(dt=0.05)
        assert scene.board.words.phase_words(scene.turns.match.state) in driver.frame_texts(dt=0.02)
        assert before
        return
    raise AssertionError("no re-roll that changes the header was found")


def test_the_replay_s_counter_and_log_follow_the_animation(driver):
    driver.app.settings.animation_speed = 1.0
    scene = driver.start("strands", {"side": 5}, seed=2)
    driver.play_to_end(random.Random(2))
    replay = ReplayScene(driver.app, scene.turns.match.record())
    driver.app.stack.push(replay)
    driver.frames()
    words, states = replay.words, replay.states
    total = words.number(states[-1])
    turn = [f"Turn {words.number(state)} of {total}" for state in states]
    step = next(p for p in range(2, len(states)) if turn[p] != turn[p - 1])  # a new turn
    replay.go_to(step - 1)
    driver.frames()
    driver.key(pygame.K_RIGHT)
    assert replay.shown is not None and replay.position == step
    during = driver.frame_texts(dt=0.02)
    assert turn[step - 1] in during and turn[step] not in during  # the words wait
    assert replay.log.lines() == replay.logs[step - 1]
    while replay.shown is not None:
        driver.frames(dt=0.05)
    assert turn[step] in driver.frame_texts(dt=0.02)
    assert replay.log.lines() == replay.logs[step] and \
        replay.caption == replay._caption_at(step)
