"""Playing the computer in the app: bots think off the frame loop, commit first, and stay fair."""
from __future__ import annotations

import dataclasses
import random
import time

import pygame
import pytest

from game.bots import Level, knowledge_for
from game.bots.levels import Budget
from game.bots.worker import BotFailure, BotWorker
from game.core import SEALED, NodeKind
from game.registry import GAMES
from scenes.play.handoff import HandoffScene
from scenes.play.parts.play_bots import BOT_PAUSE
from scenes.play.play import HUMAN, PlayScene
from scenes.play.results import ResultsScene
from scenes.screens.dialog import ConfirmScene
from scenes.screens.menu import MainMenu, PauseScene
from scenes.screens.select import OptionsScene
from scenes.shell.bot_process import BotProcess
from tests.support import carries, wait_for_work, wait_until, warmed_up

TINY = Level("easy", Budget(20, 0.05), temperature=1.0)  # an Easy bot that answers at once
ENDLESS = Level("hard", Budget(10**9, 120.0))  # thinks for two minutes unless stopped
WAIT = 30.0  # seconds: generous limits for things that take well under one
SHORT = {"pulling_strings": {"turn_limit": 30}, "moriarty": {"games": 1},
         "strands": {"side": 5}, "synch": {"move_limit": 40}}


class FakeWorker:
    """Answers like BotWorker but in this process: a seeded random legal move of the observation.

    `hold` keeps the bot thinking for ever; `fail` answers that many requests with a failure;
    `scene`, when set, is checked at every request: the bot may be given only its observation.
    """

    def __init__(self, hold: bool = False, fail: int = 0) -> None:
        self.hold, self.fail = hold, fail
        self.requests: list[dict] = []
        self.cancelled: list[int] = []
        self.outstanding: int | None = None
        self.closed = False
        self.scene: PlayScene | None = None
        self.ticket = 0

    def start(self) -> None:
        """Nothing to start."""

    def request(self, key, game_id, level, seed, observation, seat, history=(),
                values=False) -> int:
        if self.scene is not None:
            truth = self.scene.turns.match.state
            assert observation == truth.observe(seat)
            bots = self.scene.bots
            assert history == (bots.history.entries if bots.uses_history else ())
        self.ticket += 1
        self.requests.append({"key": key, "game": game_id, "level": level, "seed": seed,
                              "seat": seat, "observation": observation, "history": history,
                              "ticket": self.ticket, "values": values})
        self.outstanding = self.ticket
        return self.ticket

    def poll(self):
        if self.outstanding is None or self.hold:
            return None
        asked = self.requests[-1]
        ticket, self.outstanding = self.outstanding, None
        if self.fail:
            self.fail -= 1
            return ticket, BotFailure("the bot process stopped (exit code -9)")
        legal = asked["observation"].legal_moves(asked["seat"])
        return ticket, random.Random(ticket).choice(legal)

    def cancel(self, ticket=None) -> None:
        if self.outstanding is not None and ticket in (None, self.outstanding):
            self.cancelled.append(self.outstanding)
            self.outstanding = None

    def close(self) -> None:
        self.closed = True


@pytest.fixture(scope="module")
def real_worker():
    """One real worker process shared by the tests that play whole games."""
    bots = BotWorker()
    yield bots
    bots.close()


def start_vs(driver, game_id, controllers, worker, options=None, seed=1, level=TINY,
             ) -> PlayScene:
    """Put a game against the computer on screen, its bots thinking in `worker`."""
    driver.app.bot_worker = worker
    driver.app.stack.reset(MainMenu(driver.app))
    scene = PlayScene(driver.app, game_id, options, seed=seed, controllers=controllers,
                      bot_level=level)
    if isinstance(worker, FakeWorker):
        worker.scene = scene
    driver.app.stack.push(scene)
    driver.frames()
    return scene


def run_until(driver, done, seconds: float = WAIT) -> None:
    """Run frames (giving the bots' process time to think) until `done()`; never a hand-off.
    A result held on screen is acknowledged with a key, as the person would."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        if isinstance(driver.top, PlayScene) and driver.top.turns.hold is not None:
            driver.key(pygame.K_SPACE, " ")
        driver.frames(dt=0.05)
        assert not isinstance(driver.top, HandoffScene), "no hand-off with one person playing"
        time.sleep(0.001)


def human_turn_or_end(driver, scene):
    return lambda: isinstance(driver.top, ResultsScene) or scene.turns.chooser is not None


# ---- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("index, game_id", list(enumerate(GAMES)))
def test_a_game_against_an_easy_bot_is_played_to_the_end(driver, real_worker, index, game_id):
    human = index % 2  # the person plays either seat across the games
    controllers = tuple(HUMAN if s == human else "bot:easy" for s in (0, 1))
    scene = start_vs(driver, game_id, controllers, real_worker, SHORT.get(game_id), seed=index)
    rng = random.Random(index)
    for _ in range(2000):
        run_until(driver, human_turn_or_end(driver, scene))
        if isinstance(driver.top, ResultsScene):
            break
        seat = scene.turns.chooser
        assert seat == human and scene.bots.thinking_seat is None
        assert scene.view().state == scene.turns.match.state.observe(human)  # the person's own view
        driver.choose_by_clicks(rng.choice(scene.turns.match.state.legal_moves(seat)))
    bot_moves = sum(1 for e in scene.turns.match.entries if e.actor == 1 - human)
    assert scene.turns.match.state.is_terminal
    assert bot_moves > 0 and scene.bots.failures == 0 and not scene.bots.broken


def test_two_bots_play_each_other_to_the_end(driver, real_worker):
    scene = start_vs(driver, "pulling_strings", ("bot:easy", "bot:easy"), real_worker,
                     {"turn_limit": 8}, seed=5)
    run_until(driver, lambda: isinstance(driver.top, ResultsScene))
    assert scene.turns.match.state.is_terminal and len(scene.turns.match.entries) == 16
    assert scene.view().seat is None  # nobody's secrets: the public view


# ---- fairness ---------------------------------------------------------------------------------
def play_until(driver, scene, rng, stop, moves: int = 400) -> None:
    """Play the person's moves at random (by keys) until `stop()`."""
    for _ in range(moves):
        run_until(driver, lambda: stop() or human_turn_or_end(driver, scene)())
        if stop() or isinstance(driver.top, ResultsScene):
            return
        driver.choose_by_keys(rng.choice(scene.turns.match.state.legal_moves(scene.turns.chooser)))
    raise AssertionError("never got there")


@pytest.mark.parametrize("game_id", ["moriarty", "pulling_strings", "tug_of_war"])
def test_the_bot_is_given_only_its_own_observation(driver, game_id):
    worker = FakeWorker()  # checks every request against the true state
    options = {"turn_limit": 30} if game_id == "pulling_strings" else None
    scene = start_vs(driver, game_id, ("human", "bot:medium"), worker, options)
    play_until(driver, scene, random.Random(2), lambda: scene.turns.match.state.is_terminal)
    assert len(worker.requests) > 5
    assert all(r["level"] == TINY and r["key"] == scene.bots.key for r in worker.requests)
    if game_id == "moriarty":  # Oh's view never held Eks's Bonus Colour
        assert scene.bots.uses_history and any(r["history"] for r in worker.requests)
        assert all(r["observation"].bonus[0] is None for r in worker.requests)


@pytest.mark.parametrize("game_id", ["pulling_strings", "moriarty"])
def test_at_a_secret_turn_the_bot_commits_first_and_shows_sealed(driver, game_id):
    worker = FakeWorker()
    scene = start_vs(driver, game_id, ("human", "bot:easy"), worker)
    drawn = []
    draw = scene.board.draw
    scene.board.draw = lambda surface, view: (drawn.append(view), draw(surface, view))
    def state():
        return scene.turns.match.state

    play_until(driver, scene, random.Random(3),
               lambda: state().kind is NodeKind.SIMULTANEOUS and scene.turns.chooser == 0)
    assert state().pending[1] is not None and state().pending[0] is None  # Oh chose first
    driver.frames(2)
    view = drawn[-1]
    assert view.chooser == 0 and view.state.pending[1] is SEALED  # sealed, not shown
    if game_id == "pulling_strings":
        assert scene.board.seat_note(view, 1) == ("sealed", "has chosen")
    else:
        assert scene.board.activity(view, view.state, 1) == ("has chosen", True)
    carries(scene.turns.caption, "Oh has chosen", "secret", "you choose")
    assert len(scene.turns.log._sealed) == 1  # held back from the public log until the reveal
    driver.choose_by_keys(state().legal_moves(0)[0])
    assert state().pending == (None, None)  # both choices are in and resolved
    if game_id == "pulling_strings":
        assert scene.turns.countdown is not None  # then the usual reveal, on one screen
    assert not any(isinstance(s, HandoffScene) for s in driver.app.stack.scenes)


def test_the_bot_s_move_waits_for_a_calm_board(tmp_path):
    from tests.ui_driver import Driver
    driver = Driver(tmp_path, speed=1.0)
    try:
        worker = FakeWorker()  # answers at once: only the pace holds the move back
        scene = start_vs(driver, "strands", ("bot:easy", "human"), worker, {"side": 5})
        commits = []
        commit = scene.commit

        def watched(seat, move):
            if scene.turns.controllers[seat] != HUMAN:
                assert scene.turns.animation is None and scene.turns.countdown is None
                commits.append(scene.clock - scene.bots.calm_since)
            return commit(seat, move)

        scene.commit = watched
        play_until(driver, scene, random.Random(4), lambda: len(commits) >= 6)
        assert min(commits) >= BOT_PAUSE - 1e-9
        assert max(commits) < BOT_PAUSE + 0.2  # and not much longer either
    finally:
        pygame.quit()


# ---- while the bot thinks ---------------------------------------------------------------------
def test_input_while_the_bot_thinks_is_politely_refused(driver):
    worker = FakeWorker(hold=True)
    scene = start_vs(driver, "strands", ("bot:easy", "human"), worker)
    driver.frames(5)
    assert scene.bots.thinking_seat == 0 and scene.turns.chooser is None
    assert scene.bots.thinking_text().startswith("Black is thinking.")
    driver.click(scene.rects["board"].center)
    carries(scene.status.text, "Black is thinking", "your turn", "next")
    assert not scene.status.is_error
    scene.status.say("")
    driver.type("f")
    assert "is thinking" in scene.status.text and scene.picker.typed == ""
    assert scene.turns.match.entries == []


def test_a_thinking_bot_is_shown_on_its_card_and_in_the_top_bar(driver):
    worker = FakeWorker(hold=True)
    scene = start_vs(driver, "pulling_strings", ("human", "bot:hard"), worker)
    driver.frames(3)
    view = scene.view()
    assert view.thinking == 1
    assert scene.board.seat_note(view, 1) == ("choosing", "thinking...")
    assert scene.board.seat_note(view, 0) == ("waiting", "chooses next")
    assert scene.bots.thinking_text().startswith("Oh is choosing in secret.")
    texts = set()
    for _ in range(40):
        driver.frames(dt=0.05)
        texts.add(scene.bots.thinking_text())
    assert len(texts) == 3  # the dots come and go


def test_the_frame_loop_keeps_running_while_a_hard_bot_thinks(driver):
    # Pulling Strings' own Hard (its traits: reading the other player...) searching in the real
    # worker process, with a budget that never runs out: it thinks until the test releases it
    # (leaving the game cancels it), so the second watched below can never race its answer
    # (the real Hard answers in about a second on a quiet machine).
    hard = knowledge_for("pulling_strings").levels()["hard"]
    endless_hard = dataclasses.replace(hard, budget=ENDLESS.budget)
    worker = BotWorker()
    try:
        scene = start_vs(driver, "pulling_strings", ("human", "bot:hard"), worker,
                         level=endless_hard)
        frames, thinking = 0, True
        started = last = time.perf_counter()
        # a second and 30 frames, however long a loaded machine takes over them; a frame that
        # waited on the two-minute search would run past the limit
        while frames < 30 or time.perf_counter() - started < 1.0:
            assert time.perf_counter() - started < WAIT, f"{frames} frames in {WAIT} s"
            now = time.perf_counter()
            driver.app.tick(now - last)
            last = now
            frames += 1
            thinking &= scene.bots.thinking_seat == 1
        assert thinking and scene.bots.ticket is not None  # still thinking all along
        assert worker.alive
        driver.key(pygame.K_ESCAPE)  # the pause menu, then leave to the menu
        assert isinstance(driver.top, PauseScene)
        driver.top._choose("menu")
        driver.frames()
        assert isinstance(driver.top, MainMenu)
        assert worker.outstanding is None and scene.bots.ticket is None
    finally:
        worker.close()


def test_leaving_the_game_cancels_the_search(driver, real_worker):
    scene = start_vs(driver, "pulling_strings", ("human", "bot:hard"),
                     warmed_up(real_worker, TINY), level=ENDLESS)
    run_until(driver, lambda: scene.bots.ticket is not None)
    wait_for_work(real_worker.pid)  # the search is under way
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames()
    assert real_worker.outstanding is None
    # Had the two-minute search gone on, this answer would queue behind it.
    from game.match import Match
    match = Match("strands", seed=1)
    real_worker.request("after", "strands", TINY, 1, match.observe(0), 0)
    reply = wait_until(real_worker.poll, WAIT, "the answer after the cancelled search")
    assert reply[1] in match.state.legal_moves(0)


def test_rematch_keeps_the_players_and_cancels_the_old_search(driver):
    worker = FakeWorker(hold=True)
    scene = start_vs(driver, "synch", ("bot:medium", "human"), worker)
    run_until(driver, lambda: scene.bots.ticket is not None)
    ticket = scene.bots.ticket
    results = ResultsScene(driver.app, scene)
    driver.app.stack.push(results)
    driver.frames()
    results._choose("rematch")
    driver.frames()
    again = driver.play_scene()
    assert again is not scene
    assert again.turns.controllers == ("bot:medium", "human") and again.bots.level == TINY
    assert again.bots.key != scene.bots.key  # fresh bots for the new game
    assert worker.cancelled == [ticket]


# ---- draws, failures, quitting ----------------------------------------------------------------
def test_the_bot_declines_a_draw_and_plays_on(driver):
    worker = FakeWorker()
    scene = start_vs(driver, "pulling_strings", ("human", "bot:easy"), worker)
    run_until(driver, lambda: scene.turns.chooser == 0)
    offer = next(b for b in scene.buttons if b.label == "Offer draw")
    driver.click(offer.rect.center)
    assert scene.status.text.startswith("Oh declines the draw and plays on")
    assert not scene.turns.match.state.is_terminal and scene.turns.chooser == 0


class StillWorker(FakeWorker):
    """A bot that always pulls `e`, an end no piece lies on at the start."""

    def poll(self):
        answer = super().poll()
        return answer if answer is None else (answer[0], GAMES["pulling_strings"].parse_move("e"))


def test_the_bot_accepts_a_draw_once_the_board_has_stood_still(driver):
    scene = start_vs(driver, "pulling_strings", ("human", "bot:easy"), StillWorker())
    for turn in range(3):  # the person pulls `a`, the bot `e`: nothing moves
        run_until(driver, lambda: scene.turns.chooser == 0)
        if turn == 2:  # two still turns are not yet enough
            offer = next(b for b in scene.buttons if b.label == "Offer draw")
            driver.click(offer.rect.center)
            assert "declines" in scene.status.text and not scene.turns.match.state.is_terminal
        driver.choose_by_keys(GAMES["pulling_strings"].parse_move("a"))
    run_until(driver, lambda: scene.turns.chooser == 0)
    assert scene.turns.match.state.stacks == GAMES["pulling_strings"].new_game().stacks
    offer = next(b for b in scene.buttons if b.label == "Offer draw")
    driver.click(offer.rect.center)
    assert scene.turns.match.state.is_terminal and scene.turns.match.state.outcome.winner is None
    assert "accepts the draw" in scene.status.text


def test_a_failed_bot_is_asked_again_and_a_broken_one_is_reported(driver):
    worker = FakeWorker(fail=1)
    scene = start_vs(driver, "strands", ("bot:easy", "human"), worker)
    run_until(driver, lambda: scene.turns.chooser == 1)
    assert len(worker.requests) == 2 and scene.bots.failures == 0  # the retry answered
    assert len(scene.turns.match.entries) == 1
    worker.fail = 10
    play_until(driver, scene, random.Random(5), lambda: scene.bots.broken)
    assert scene.status.is_error and "stopped working" in scene.status.text
    assert scene.bots.thinking_seat is None
    dialog = driver.top  # a friendly screen, its way back to the menu first
    assert isinstance(dialog, ConfirmScene) and dialog.group.buttons[0].label == "Back to menu"
    requests = len(worker.requests)
    driver.frames(20)
    assert len(worker.requests) == requests  # no more asking once it is given up
    driver.key(pygame.K_RETURN)  # the focus is on "See the board": the game stays on screen
    assert driver.top is scene


def test_the_app_closes_the_bots_process_when_it_quits(driver):
    assert driver.app._bot_worker is None  # nothing until a bot is needed
    worker = driver.app.bot_worker
    assert isinstance(worker, BotProcess) and worker.pid is None  # created, not started
    assert isinstance(worker.worker, BotWorker)  # held so that one that cannot start is said
    fake = FakeWorker()
    driver.app.bot_worker = fake
    driver.app.quit()
    assert fake.closed


# ---- the options screen -----------------------------------------------------------------------
def options_screen(driver, game_id="pulling_strings") -> OptionsScene:
    driver.app.bot_worker = FakeWorker(hold=True)
    driver.app.stack.reset(MainMenu(driver.app))
    driver.app.stack.push(OptionsScene(driver.app, game_id))
    driver.frames()
    return driver.top


def test_options_choose_the_opponent_and_seat_by_keyboard(driver):
    scene = options_screen(driver)
    # hot-seat: no seat row, but where the secret choices are made (the hand-off or phones)
    options = ["option"] * len(scene.shown)  # the turn limit and the repetition ruling
    assert [kind for kind, _ in scene.rows] == ["opponent", "phones", "hints"] + options
    for _ in range(3 + len(options)):
        driver.key(pygame.K_UP)  # from Start up to the Opponent row
    driver.key(pygame.K_RIGHT)
    assert scene.opponent == "bot:easy"
    assert [kind for kind, _ in scene.rows] == ["opponent", "seat", "hints"] + options
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)  # You play: Oh
    subtitle = carries(scene.subtitle(), "You play Oh", "Medium", "Eks")
    assert subtitle.index("Oh") < subtitle.index("Medium") < subtitle.index("Eks")
    for _ in range(2 + len(options)):
        driver.key(pygame.K_DOWN)  # down past the hints and the options to Start
    driver.key(pygame.K_RETURN)
    driver.frames()
    play = driver.play_scene()
    assert play.turns.controllers == ("bot:medium", "human")
    # the next game's options start from this choice
    again = options_screen(driver, "strands")
    assert again.opponent == "bot:medium" and again.seat == 1


def test_options_choose_the_opponent_and_seat_by_mouse(driver):
    scene = options_screen(driver, "strands")
    hard = next(rect for rect, value in scene.segments[0] if value == "bot:hard")
    driver.click(hard.center)
    assert scene.opponent == "bot:hard"
    black = next(rect for rect, value in scene.segments[1] if value == 0)
    driver.click(black.center)
    driver.click(scene.group.buttons[-2].rect.center)  # Start
    driver.frames()
    assert driver.play_scene().turns.controllers == ("human", "bot:hard")
    scene = options_screen(driver, "strands")
    friend = next(rect for rect, value in scene.segments[0] if value == "human")
    driver.click(friend.center)
    assert scene.controllers() == ("human", "human")
    assert "seat" not in [kind for kind, _ in scene.rows]  # row 1 is now the hints
