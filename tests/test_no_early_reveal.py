"""Nothing shows a sealed choice before the countdown's reveal: not the board, the move log, the
caption, the scores or the top bar. The screen during a countdown is the same, pixel for pixel,
whatever the two choices were. A lesson's panel, like the log, tells of a move only once it has
been revealed and animated, in every game's lesson."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import assume, given, settings, strategies as st

from game.core import NodeKind
from game.match import Match
from game.registry import GAMES as ALL_GAMES
from game.words import play_screen as says
from scenes.boards import board_class
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from tests.support import examples
from tests.ui_driver import Driver

GAMES = {"pulling_strings": {"turn_limit": 40}, "moriarty": {"games": 1, "round_limit": 30}}


class ScriptedWorker:
    """A bot process stand-in that answers with the move it is told to play where that move is
    legal, and thinks for ever about any other question."""

    def __init__(self, move) -> None:
        self.move, self.ticket, self.out = move, 0, None

    def start(self) -> None:
        """Nothing to start."""

    def request(self, key, game_id, level, seed, observation, seat, history=(),
                values=False) -> int:
        self.ticket += 1
        self.out = self.ticket if self.move in observation.legal_moves(seat) else None
        return self.ticket

    def poll(self):
        if self.out is None:
            return None
        ticket, self.out = self.out, None
        return ticket, self.move

    def cancel(self, ticket=None) -> None:
        self.out = None

    def close(self) -> None:
        """Nothing to close."""


def position(game_id: str, seed: int, turns: int) -> Match | None:
    """A random game played by the engine up to a secret turn after about `turns` decisions
    (None if it ends before one)."""
    rng = random.Random(seed)
    match = Match(game_id, GAMES[game_id], seed)
    decisions = 0
    while True:
        state = match.state
        if state.is_terminal:
            return None
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        if state.kind is NodeKind.SIMULTANEOUS and decisions >= turns \
                and state.pending == (None, None) and has_countdown(match):
            return match
        seat = state.awaiting[0]
        legal = state.legal_moves(seat)
        lasting = [m for m in legal if not str(m).startswith(("end", "moriarty"))]  # play on
        match.play(rng.choice(lasting or legal), seat)
        decisions += 1


def has_countdown(match: Match) -> bool:
    """True when both seats have a choice between moves here and their reveal counts down."""
    state = match.state
    if min(len(state.legal_moves(s)) for s in (0, 1)) < 2:
        return False
    board = board_class(match.spec.id)(match.spec, match.options, None)
    step = state.apply_joint(state.legal_moves(0)[0], state.legal_moves(1)[0])
    return bool(board.words.countdown_word(state, step.events))


def countdown_frames(tmp, match: Match, choices, controllers) -> list[tuple]:
    """Make these two choices through the UI; what was on screen at every countdown frame."""
    driver = Driver(tmp, speed=1.0)
    try:
        bot = next((s for s in (0, 1) if controllers[s] != "human"), None)
        if bot is not None:
            driver.app.bot_worker = ScriptedWorker(choices[bot])
        driver.app.stack.reset(driver.app.make("menu"))
        scene = PlayScene(driver.app, match.spec.id, match.options, seed=match.seed,
                          controllers=controllers)
        driver.app.stack.push(scene)
        driver.frames()
        scene.turns.restore(match.record())
        for _ in range(2000):
            if scene.turns.countdown is not None:
                break
            top = driver.top
            if isinstance(top, HandoffScene):
                driver.key(pygame.K_RETURN)
            elif scene.turns.chooser is not None:
                driver.choose_by_keys(choices[scene.turns.chooser])
            else:
                driver.frames(dt=0.05)
        assert scene.turns.countdown is not None
        seen = []
        for _ in range(100):
            driver.app.invalidate()
            driver.frames(dt=0.1)
            if scene.turns.countdown is None:
                return seen
            words = (scene.turns.log.lines(), scene.turns.caption, scene.status.text,
                     scene.board.words.status(scene.view().state), scene.bots.thinking_text())
            seen.append((words, pygame.image.tobytes(driver.app.screen, "RGB")))
        raise AssertionError("the countdown did not end")
    finally:
        pygame.quit()


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 30),
       game_id=st.sampled_from(sorted(GAMES)),
       controllers=st.sampled_from([("human", "human"), ("human", "bot:easy"),
                                    ("bot:easy", "human")]), data=st.data())
def test_the_countdown_shows_the_same_screen_whatever_was_chosen(tmp_path_factory, seed, turns,
                                                                 game_id, controllers, data):
    match = position(game_id, seed, turns)
    assume(match is not None)
    state = match.state
    first = tuple(data.draw(st.sampled_from(state.legal_moves(s))) for s in (0, 1))
    second = tuple(data.draw(st.sampled_from([m for m in state.legal_moves(s) if m != first[s]]))
                   for s in (0, 1))
    a = countdown_frames(tmp_path_factory.mktemp("a"), match, first, controllers)
    b = countdown_frames(tmp_path_factory.mktemp("b"), match, second, controllers)
    assert len(a) == len(b) > 3
    for (words_a, pixels_a), (words_b, pixels_b) in zip(a, b):
        assert words_a == words_b
        assert pixels_a == pixels_b


def test_the_log_shows_both_pulls_at_the_reveal_not_before(tmp_path):
    match = position("pulling_strings", 1, 0)
    frames = countdown_frames(tmp_path, match, ("c", "h"), ("human", "human"))
    assert all(words[0] == [] for words, _ in frames)


def opening(words: str) -> str:
    """The first words of an explanation: enough to know it on screen, wrapped or not."""
    return " ".join(words.split()[:6])


@pytest.mark.parametrize("game_id", list(ALL_GAMES))
def test_a_lesson_tells_of_a_move_only_once_it_has_shown(tmp_path, game_id):
    """Through the whole of a game's lesson, at every frame of a countdown or an animation, the
    lesson's panel tells at most of the moves made before the one being shown: its progress and
    words are those of an earlier step, and no later explanation (nor the lesson's last words)
    is anywhere on screen yet. Whenever the learner is asked for a move, the panel shows that
    step's words beside the ask (what they say is checked line by line in
    tests/test_lesson_words.py)."""
    from tests.test_ui_lessons import start_lesson
    driver = Driver(tmp_path, speed=1.0)
    try:
        scene = start_lesson(driver, game_id)
        lesson = scene.guide.lesson
        total = len(lesson.steps)
        steps = list(lesson.steps)
        shown, start = None, 0
        busy_frames = reveals = 0
        asks = set()

        def asked(drawn: str) -> None:
            """The panel is never a step behind the prompt: on any frame that shows a step's
            ask, the panel shows that step's words (drawn in the same frame)."""
            turns = scene.turns
            ask = turns.chooser is not None and scene.guide.ask(turns.match, turns.chooser)
            if ask and ask in drawn:
                here = len(turns.match.entries)
                assert scene.guide.panel_words(turns.match) == (
                    says.lesson_progress(lesson.page_at(here), lesson.pages),
                    lesson.words_at(here)), f"step {here + 1} is asked before it is explained"
                asks.add(here)

        for _ in range(20_000):
            if scene.turns.countdown is not None or scene.turns.animation is not None:
                turns = scene.turns
                if (turns.animation or turns.revealing) is not shown:  # a new move shows
                    turns = scene.turns
                    shown, start = turns.animation or turns.revealing, len(turns.match.entries)
                drawn = " ".join(driver.frame_texts(dt=0.05))
                asked(drawn)
                if scene.turns.countdown is None and scene.turns.animation is None:
                    continue  # it ended in this frame, drawn shown: its words may follow
                busy_frames += 1
                reveals += scene.turns.countdown is not None
                told = [(says.lesson_progress(lesson.page_at(t), lesson.pages),
                         lesson.words_at(t)) for t in range(start)]  # before the one shown
                assert scene.guide.panel_words(scene.turns.match) in told, \
                    f"step {start}: the lesson told of a move not yet shown"
                later = {s.say for s in steps[start - 1:] if s.say} | {lesson.finish}
                for words in later - {scene.guide.panel_words(scene.turns.match)[1]}:
                    assert opening(words) not in drawn, f"{opening(words)!r} shows too early"
                continue
            made = len(scene.turns.match.entries)
            drawn = " ".join(driver.frame_texts())  # a calm frame: the words of every move shown
            asked(drawn)
            if len(scene.turns.match.entries) != made or scene.turns.countdown is not None \
                    or scene.turns.animation is not None:
                continue  # a move was made in it: look again
            if scene.guide.told(scene.turns.match) >= total:
                break  # the script's last move has shown: its last words may too
            if scene.turns.hold is not None:
                driver.key(pygame.K_SPACE, " ")
            elif scene.turns.chooser is not None:
                turns = scene.turns
                driver.choose_by_clicks(scene.guide.expected(turns.match, turns.chooser))
        else:
            raise AssertionError("the lesson did not come to its end")
        assert busy_frames > 20
        assert asks == {i for i, step in enumerate(steps) if step.by == "you"}
        if scene.spec.secret_choices:
            assert reveals > 0  # its countdowns were watched too
        assert scene.guide.panel_words(scene.turns.match) == ("Lesson done", lesson.finish)
    finally:
        pygame.quit()
