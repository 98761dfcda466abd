"""The play screen's bots: asking the app's BotWorker, collecting answers, playing them calmly.

A seat whose controller is a bot ("bot:easy", "bot:medium", "bot:hard") is asked through the
app's `BotWorker` (another process), with that seat's observation only and, for a bot that reads
play, the public history. The request goes out as soon as the game waits on that seat, even
while the last move still animates, and the answer is played once the board has been calm for a
moment, so a person can follow every move. A bot that fails is asked again a few times, then
the game stops with a word and a way to the menu (the game is saved first). The top bar shows
the bot thinking, with dots that come and go. Against the computer a draw offered is accepted
once the board has stood still long enough (game/bots/draws.py). The play scene owns one
PlayBots, in hot-seat games too: a hint's search is keyed by it, and waits while it searches.
"""
from __future__ import annotations

import logging
import uuid

from game.bots import Level, knowledge_for
from game.bots.draws import STILL_TURNS, accepts_draw
from game.bots.history import History
from game.bots.worker import BotFailure
from game.core import Move, NodeKind, State
from game.words import play_screen as says
from game.timings import BOT_PAUSE
from scenes.play.parts.contract import PlayHost
from scenes.play.parts.demo_pace import DemoPace
from scenes.play.parts.lesson_guide import LessonGuide
from scenes.play.parts.play_saves import PlaySaves
from scenes.store.controllers import HUMAN, bot_level_name

BOT_RETRIES = 2  # a failed bot is asked again this many times before the scene gives up
log = logging.getLogger("quintet")


class PlayBots:
    """One play scene's bots: who they are, the question out to the worker, its answer."""

    def __init__(self, scene: PlayHost, saves: PlaySaves, level: Level | None = None,
                 guide: LessonGuide | None = None, pace: DemoPace | None = None) -> None:
        self.scene = scene
        self.saves = saves  # saved before the game stops for a broken bot
        self.guide = guide  # a lesson's computer plays from its script
        self.pace = pace  # a demo's pace may change a bot's move
        self.levels: dict[int, str] = {
            seat: name for seat, c in enumerate(scene.turns.controllers)
            if (name := bot_level_name(c)) is not None}
        self.level = level  # a Level for every bot seat instead of its named level
        # the public play a bot reads, sent with each request (a hint's Hard bot too, hot-seat)
        self.uses_history = knowledge_for(scene.spec.id).uses_history
        self.key = uuid.uuid4().hex  # this game's bots in the worker (a rematch: new bots)
        self.ticket: int | None = None  # the request out to the worker
        self.asked: tuple[State, int] | None = None  # the state and seat it was asked about
        self.answer: Move | None = None  # its answer, waiting for a calm board
        self.failures = 0
        self.broken = False  # the bot failed again and again: the game cannot go on
        self.clock = 0.0  # seconds this game has been on screen (as the bots count them)
        self.calm_since = 0.0  # the clock when the board last came to rest
        self._dots = 0  # the thinking dots drawn last

    @property
    def history(self) -> History:
        """The public decisions so far, for bots that read play (the turn loop keeps them)."""
        return self.scene.turns.history

    # ---- who is to move -----------------------------------------------------------------------
    def to_move(self) -> int | None:
        """The bot seat the game waits on now (at a simultaneous turn the bot goes first)."""
        return self.scene.turns.bot_to_move()

    @property
    def thinking_seat(self) -> int | None:
        """The bot seat to show as thinking now (None while the board animates)."""
        scene = self.scene
        turns = scene.turns
        if turns.busy or turns.handoff_open or self.broken or turns.hold is not None:
            return None
        return self.to_move()

    def thinking_text(self) -> str:
        """'Oh is thinking...' with dots that come and go."""
        seat = self.thinking_seat
        if seat is None:
            return ""
        state = self.scene.turns.match.state
        secret = state.kind is NodeKind.SIMULTANEOUS
        return says.thinking(state.seat_name(seat), secret) + "." * self._dot_count()

    def _dot_count(self) -> int:
        return 1 + int(self.clock * 2.5) % 3

    def dots_changed(self) -> bool:
        """True when the thinking dots should be redrawn."""
        dots = self._dot_count() if self.thinking_seat is not None else 0
        changed, self._dots = dots != self._dots, dots
        return changed

    def busy_message(self) -> bool:
        """Say politely that the bot is to move (True if it is)."""
        scene = self.scene
        seat = self.thinking_seat
        if seat is None:
            return False
        name = scene.turns.match.state.seat_name(seat)
        people = HUMAN in scene.turns.controllers
        scene.status.say(says.wait_for_computer(name, people))
        return True

    # ---- the worker ---------------------------------------------------------------------------
    def seed(self, seat: int) -> int:
        """The seed of this game's bot at `seat` (a new game, new seeds)."""
        return (self.scene.turns.match.seed * 2 + seat + 1) % 2**31

    def request(self, level: Level | str, seat: int) -> int:
        """Ask the worker for `seat`'s move now at `level`, from that seat's observation only
        (and the public history, for bots that read play); the ticket its answer comes with."""
        scene = self.scene
        history = self.history.entries if self.uses_history else ()
        return scene.app.bot_worker.request(self.key, scene.spec.id, level, self.seed(seat),
                                            scene.turns.match.observe(seat), seat, history)

    def tick(self, seconds: float) -> None:
        """Each frame (after the worker's answers were handed out): ask a bot when the game
        waits on one."""
        scene = self.scene
        self.clock += seconds
        seat = self.to_move()
        asked = self.asked
        if asked is not None and (asked[0] is not scene.turns.match.state or asked[1] != seat):
            self.drop()  # the game moved on without this answer
        if seat is None or self.broken:
            return
        if self.ticket is None and self.answer is None:
            self._ask(seat)

    def _ask(self, seat: int) -> None:
        scene = self.scene
        state = scene.turns.match.state
        guide = self.guide
        scripted = guide.computer_move(scene.turns.match, seat) if guide is not None else None
        if scripted is not None:  # a lesson's computer answers from its script, at once
            self.asked, self.answer = (state, seat), scripted
            return
        self.asked = (state, seat)
        self.ticket = self.request(self.level or self.levels[seat], seat)

    def answered(self, ticket: int, answer: Move | BotFailure) -> None:
        """Take the worker's answer if it is to the question out (else it is stale)."""
        if ticket != self.ticket:
            return  # an answer to a question no longer asked
        self.ticket = None
        state, seat = self.asked  # type: ignore[misc]
        if isinstance(answer, BotFailure):
            self._failed(str(answer))
            return
        reason = state.why_illegal(seat, answer)
        if reason is not None:
            log.warning("the bot chose %s, which is illegal: %s", answer, reason)
            self._failed("an illegal move")
            return
        self.answer = answer

    def _failed(self, why: str) -> None:
        scene = self.scene
        app = scene.app
        self.asked = self.answer = None
        self.failures += 1
        problem = getattr(app.bot_worker, "problem", "")
        if problem and not scene.turns.setup.demo:  # no worker at all: no retries, offer hot-seat
            self._cannot_start(problem)
            return
        if self.failures > BOT_RETRIES:
            log.error("computer player failed for good: %s", why)
            self.broken = True
            saved = self.saves.autosave()
            words = self.saves.kept_words()  # true now: saved, being saved, or why not
            scene.status.say(says.computer_stopped(words, saved), error=True)
            if not scene.turns.setup.demo:  # the demo simply moves on to its next game
                app.go("confirm", title=says.COMPUTER_STOPPED_TITLE,
                       question=says.try_again(words, saved), yes="Back to menu",
                       no="See the board", on_yes=lambda: app.stack.reset(app.home_scene()))
        else:
            log.warning("computer player failed: %s", why)
            scene.status.say(says.COMPUTER_RESTARTING)

    def _cannot_start(self, problem: str) -> None:
        """The bots' process cannot start: say why, and offer to play on hot-seat."""
        scene = self.scene
        app = scene.app
        self.broken = True
        log.error("computer player cannot start: %s", problem)
        scene.status.say(says.computer_cannot_start(problem), error=True)
        app.go("confirm", title=says.COMPUTER_CANNOT_START_TITLE,
               question=says.offer_hot_seat(problem),
               yes="Play hot-seat", no="Back to menu", on_yes=self.play_hot_seat,
               on_no=lambda: app.stack.reset(app.home_scene()))

    def play_hot_seat(self) -> None:
        """Go on with people in both seats (the computer player could not start)."""
        scene = self.scene
        scene.turns.play_hot_seat()  # the same position, with the new players
        self.levels = {}
        self.broken = False
        scene.turns.restore(scene.turns.match.record())  # the screen hears of it: fresh bots
        self.saves.autosave()
        scene.status.say(says.HOT_SEAT_NOW)

    def drop(self) -> None:
        """Forget any question out to the bot; a search still running is cancelled."""
        if self.ticket is not None:
            self.scene.app.bot_worker.cancel(self.ticket)
        self.ticket = None
        self.asked = self.answer = None

    def restart(self) -> None:
        """The game was put at another position: the question out goes, and fresh bots (their
        plans belonged to the old line) read the public play that led there."""
        self.drop()
        self.key = uuid.uuid4().hex
        self.failures, self.broken = 0, False

    # ---- playing the answer -------------------------------------------------------------------
    def calm(self) -> None:
        """The board has come to rest now: a bot's move shows a moment from here."""
        self.calm_since = self.clock

    def answer_now(self, seat: int) -> Move | None:
        """The bot's move to play now, once it has come and the board has been calm for a
        moment (None: not yet)."""
        scene = self.scene
        move = self.answer
        asked = self.asked
        turns = scene.turns
        if move is None or asked is None or asked[0] is not turns.match.state or asked[1] != seat:
            return None
        pause = BOT_PAUSE / max(1.0, scene.app.settings.animation_speed)
        if self.clock < self.calm_since + pause:
            return None
        self.answer = self.asked = None
        self.failures = 0
        if self.pace is not None:
            move = self.pace.pick(scene.turns.match.observe(seat), seat, move)
        return move

    def offer_draw(self) -> None:
        """A draw offered to the computer: accepted once the board has stood still for
        STILL_TURNS turns, its pull already sealed this turn withdrawn unseen (a draw is agreed
        between turns); else declined, and play goes on."""
        scene = self.scene
        state = scene.turns.match.state
        name = state.seat_name(next(iter(self.levels)))
        if not accepts_draw(self.history.entries, state):
            scene.status.say(says.draw_declined(name, STILL_TURNS))
            return
        sealed = sum(choice is not None for choice in state.pending)
        if sealed:
            scene.turns.rewind_to(len(scene.turns.match.entries) - sealed)
        self.drop()  # a search still running for this turn is not needed
        scene.turns.agree_draw()
        scene.status.say(says.draw_accepted(name, STILL_TURNS))
