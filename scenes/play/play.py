"""PlayScene: one game on screen, wrapping a game's Board around a Match.

The scene runs the turn: chance is drawn by the match, each awaiting seat is asked for its move,
and every step is animated from its events. In hot-seat play a secret choice (any simultaneous
node) is made behind a hand-off screen, and the board is drawn from the chooser's observation only
while they choose; otherwise it shows the public view, which holds no secret of either seat.

A seat whose controller is a bot ("bot:easy", "bot:medium", "bot:hard") is asked by the scene's
`PlayBots` (scenes/play/parts/play_bots.py) through the app's `BotWorker` (another process), and
its answer is played once the board has been calm for a moment, so a person can follow every
move. At a simultaneous turn the bot commits first and its choice shows sealed; the person then
chooses and both are revealed together. With one person at the screen the board shows that
person's own observation and no hand-off is needed.
"""
from __future__ import annotations

import dataclasses
from typing import Mapping, Sequence

import pygame

from game.bots import Level
from game.core import GameError, Move, State
from game.lesson import Lesson
from game.registry import get_game
from game.words import play_screen as says
from game.words.base import sentence
from scenes.boards import board_class
from scenes.boards.base import Board, View
from scenes.play.parts.demo_pace import DemoPace
from scenes.play.parts.hint_tally import HintTally
from scenes.play.parts.lesson_guide import LessonGuide, lesson_controllers, load_lesson
from scenes.play.parts.picker import Picker, Spot
from scenes.play.parts.play_bots import PlayBots
from scenes.play.parts.play_buttons import action_buttons
from scenes.play.parts.play_hints import PlayHints
from scenes.play.parts.play_input import PlayInput
from scenes.play.parts.play_phones import PlayPhones
from scenes.play.parts.play_saves import PlaySaves
from scenes.play.parts.play_undo import PlayUndo
from scenes.play.parts.play_view import PlayDrawing, play_rects
from scenes.play.parts.setup import GameSetup
from scenes.play.parts.status import StatusLine
from scenes.play.parts.turns import BotTurn, Finished, Handoff, TurnLoop
from scenes.shell.app import App
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button
from scenes.store.controllers import HUMAN
from scenes.store.saves import SavedGame


class PlayScene(Scene):
    """A game in progress, hot-seat (both seats human) unless its setup says otherwise."""

    redraws_own_input = True  # PlayInput asks for what a key, click or pointer move changed

    def __init__(self, app: App, game_id: str | None = None,
                 options: Mapping[str, object] | None = None, seed: int | None = None,
                 controllers: Sequence[str] = (HUMAN, HUMAN), bot_level: Level | None = None,
                 demo: bool = False, lesson: Lesson | None = None, hints: bool | None = None,
                 phones: bool = False, phone_host: str | None = None,
                 setup: GameSetup | None = None) -> None:
        super().__init__(app)
        if setup is None:  # the keywords are a setup written out
            if game_id is None:
                raise TypeError("PlayScene needs a game_id or a setup")
            setup = GameSetup(game_id, options or {}, seed, (controllers[0], controllers[1]),
                              bot_level, demo, hints, phones, phone_host)
        game_id = setup.game_id
        self.guide = LessonGuide(lesson) if lesson is not None else None  # a guided first game
        self.pace = DemoPace(game_id) if setup.demo else None  # keeps the demo's board moving
        self.spec = get_game(game_id)
        self.board: Board[State] = board_class(game_id)(
            self.spec, self.spec.resolve_options(setup.options), app.theme)
        # the rules of play: the match, seats, privacy, countdown, holds, the log (no pygame)
        self.turns = TurnLoop(setup, self.board, self.guide)
        self.picker = Picker(self.turns, self.board)  # what a person has picked so far
        self.status = StatusLine(self._status_changed, lambda: app.sound.play("deny"))
        self.clock = 0.0
        self.buttons: list[Button] = []
        self.rects: dict[str, pygame.Rect] = {}
        # the parts, each handed the others it needs: phones (each seat's secret choices on
        # its own phone, hot-seat games with secrets), saves, bots, hints, undo
        turns = self.turns
        on_phones = setup.phones and turns.hot_seat and self.spec.secret_choices \
            and not setup.demo
        self.phones = PlayPhones(self, (0, 1) if on_phones else (), host=setup.phone_host)
        tally = HintTally(setup.hints_allowed)
        self.saves = PlaySaves(self, tally)  # its save file, and its record once finished
        self.bots = PlayBots(self, self.saves, setup.bot_level, self.guide, self.pace)
        self.hints = PlayHints(self, tally, self.bots, self.phones)
        self.undo = PlayUndo(self, self.saves)
        self.drawing = PlayDrawing(self)
        self.input = PlayInput(self)

    @classmethod
    def learn(cls, app: App, game_id: str) -> "PlayScene":
        """A guided first game of a game: its lesson's script, then play on against Easy."""
        lesson = load_lesson(game_id)
        return cls(app, game_id, lesson.options, controllers=lesson_controllers(lesson),
                   lesson=lesson)

    @classmethod
    def from_save(cls, app: App, saved: SavedGame) -> "PlayScene":
        """A play scene carrying on a saved game exactly where it stopped, hints as they were
        (a save from before hints were kept: the default for its players)."""
        record = saved.record
        scene = cls(app, setup=GameSetup(record.game, record.options, record.seed,
                                         saved.controllers, hints=saved.hints))
        scene.saves.resume(saved)
        scene.hints.tally.used = saved.hints_used
        scene.turns.restore(record)
        scene.status.say(says.WELCOME_BACK)  # a message of the moment: the first pick replaces
        return scene  # it, and Cancel then leaves the last move's words, never this again

    def rematch_setup(self) -> GameSetup:
        """This game's setup for a rematch: a new seed, the same seats and players (hot-seat
        if the computer could not start), the options, hints and phones as they are now."""
        turns = self.turns
        return dataclasses.replace(turns.setup.rematch(turns.match.options, self.phones.asked),
                                   controllers=turns.controllers, hints=self.hints.tally.allowed)

    def rescue(self) -> str | None:
        """After an error: save the game; a line saying so (or why it could not be saved)."""
        return self.saves.rescue()

    def leave_lesson(self) -> None:
        """Leave a lesson for the screen it was started from (nothing is kept)."""
        self.bots.drop()
        if len(self.app.stack.scenes) > 1:
            self.app.stack.pop()
        else:
            self.app.stack.reset(self.app.home_scene())

    # ---- words and what to draw ---------------------------------------------------------------
    def prompt_words(self, state: State, seat: int) -> str:
        """The top bar's request: the lesson's ask, else the board's prompt."""
        ask = self.guide.ask(self.turns.match, seat) if self.guide is not None else ""
        if ask:
            return ask
        words = self.turns.words
        touch = self.app.kiosk is not None  # a kiosk's screen is touched, not typed at
        return words.touch_prompt(state, seat) if touch else words.prompt(state, seat)

    def lesson_spot(self) -> Spot | None:
        """The spot or button the lesson asks to be picked next (its own ring)."""
        if self.guide is None:
            return None
        turns = self.turns
        return self.guide.spot(turns.match, turns.chooser, turns.hold is not None, self.picker,
                               self.board)

    def players_line(self) -> str:
        """Who plays which seat, when the computer plays ("Eks: you · Oh: Hard bot")."""
        if self.turns.hot_seat:
            return ""
        lesson = self.turns.in_lesson()
        return says.players_line(self.turns.match.state.seat_names,
                                 {seat: "the lesson" if lesson else str(level)
                                  for seat, level in self.bots.levels.items()})

    def view(self) -> View[State]:
        """What the board should draw this frame."""
        turns, picker = self.turns, self.picker
        last = turns.last.shown()
        anim = turns.animation or turns.revealing
        if anim is not None:
            shown = turns.animation is not None  # else a reveal waits for its countdown
            return View(state=anim.after if shown else anim.before, seat=turns.viewer,
                        chooser=None, before=anim.before, events=anim.events,
                        timeline=anim.timeline if shown else None, t=anim.t if shown else 0.0,
                        clock=self.clock, last=last)
        hold = turns.hold
        if hold is not None and hold.backdrop is not None:  # the scores' position
            return View(state=hold.backdrop, seat=turns.viewer, chooser=None,
                        events=hold.events, clock=self.clock, last=last)
        return View(state=turns.observation(), seat=turns.viewer, chooser=turns.chooser,
                    clickable=picker.clickable(), selected=picker.selected, hover=picker.hover,
                    focus=picker.focus, clock=self.clock,
                    thinking=self.bots.thinking_seat, last=last)

    def draw(self, surface: pygame.Surface) -> None:
        """Top bar, board, side panel, action bar and any countdown (never changes the game)."""
        self.drawing.draw(surface)

    def layout(self, size: tuple[int, int]) -> None:
        """Top bar, board, side panel (scores and log) and action bar."""
        theme = self.app.theme
        bottom_h = 0 if self.turns.setup.demo else theme.px(118)  # a demo: the board grows
        self.rects = play_rects(theme, size, bottom_h)
        self.board.layout(self.rects["board"])
        self.refresh_buttons()

    def _status_changed(self) -> None:
        """The action bar's message changed: redraw the bar (all, before the first layout)."""
        self.app.invalidate(self.rects.get("bottom"))

    def refresh_buttons(self) -> None:
        """Work out the action bar's buttons again (after anything they depend on changed)."""
        if self.rects.get("bottom") is not None and not self.turns.setup.demo:
            self.buttons = action_buttons(self)

    def hover_key(self) -> object:
        """The spot or button under the mouse (the shell redraws when it changes)."""
        return self.picker.hover

    # ---- the scene's life ----------------------------------------------------------------------
    def enter(self) -> None:
        """Warm up the bots' process (it loads while the first frames show); with phones, start
        their server and show the codes to scan."""
        if self.bots.levels:
            self.app.bot_worker.start()
        if self.phones.active:
            self.phones.start()
            self.app.go("phones", play=self)

    def exit(self) -> None:
        """Leaving the game (menu, rematch, quit): any bot's search is cancelled, the phones'
        server stops."""
        self.bots.drop()
        self.hints.drop()
        self.phones.stop()

    def update_covered(self, dt: float) -> None:
        """Under another screen (the codes, the menu, a hand-off, "Still playing?"): the phones
        are still heard and told, and what they lock in waits until the game shows again."""
        self.phones.tick(play=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks and keys (PlayInput)."""
        return self.input.handle_event(event)

    # ---- the turn loop ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Hand out the bots' answers, run countdowns and animations; otherwise move the game on
        to the next choice. What changed is heard and redrawn at the end."""
        self.clock += dt
        self._poll_searches(dt)
        self.phones.tick()
        if self.turns.busy:  # the board and the gap around it: a piece may reach past its edge
            gap = 2 * (self.rects["board"].top - self.rects["top"].bottom)
            self.app.invalidate(self.rects["board"].inflate(gap, gap))
            if self.turns.tick(dt * self.app.settings.animation_speed) is not None:
                self.bots.calm()  # a step has shown: a bot's move follows a moment later
        elif self.turns.hold is None:
            self.advance()
        if self.guide is not None and not self.turns.busy:  # the moves have shown: now the
            self.guide.catch_up(self.turns.match)  # lesson may tell of them (and asks beside)
        self._flush()

    def _poll_searches(self, dt: float) -> None:
        """The worker's answer goes to the hint or the game's bot it is for; then a bot is asked
        if the game waits on one (a hint's search gives way to it)."""
        hints, bots = self.hints, self.bots
        hints.tick()
        if bots.ticket is not None or hints.thinking:
            answer = self.app.bot_worker.poll()
            if answer is not None and not hints.answered(*answer):
                bots.answered(*answer)
        bots.tick(dt)
        if bots.ticket is not None:
            hints.drop()  # one search at a time: the game's bot comes first
        if bots.dots_changed() and "top" in self.rects:
            self.app.invalidate(self.rects["top"])

    def _flush(self) -> None:
        """Act on the turn loop's outbox: its sounds, a new position (plans made for the old
        line go), and a redraw if anything changed."""
        turns = self.turns
        for sound in turns.take_sounds():
            self.app.sound.play(sound)
        if turns.take_restored():
            self.bots.restart()  # fresh bots: their plans belonged to the old line
            self.picker.clear()
        if turns.take_changed():
            self.refresh_buttons()
            self.app.invalidate()

    def advance(self) -> None:
        """Start whatever comes next: chance, a hand-off, the results, or wait for a choice."""
        step = self.turns.advance()
        if isinstance(step, Finished) and not self.turns.setup.demo:  # a demo's caption says it
            self.saves.game_finished()
            self.app.sound.play("win")
            self.app.go("results", play=self)
        elif isinstance(step, Handoff):
            self._hand_off(step.seat)
        elif isinstance(step, BotTurn):
            move = self.bots.answer_now(step.seat)
            if move is not None:
                self.commit(step.seat, move)
                self.bots.calm()

    def _hand_off(self, seat: int, peek: bool = False, doing: str = "") -> None:
        self.turns.hand_off()
        self.picker.clear()
        self._flush()
        self.app.go("handoff", name=self.turns.match.state.seat_name(seat),
                    on_ready=lambda: self.turns.handed_over(seat), play=self, peek=peek,
                    doing=doing)

    def peek(self, seat: int, doing: str = "") -> None:
        """Show a seat its own secrets behind a hand-off (hot-seat games with lasting secrets)
        until its move or Hide; `doing` says why on the hand-off (a hint)."""
        self._hand_off(seat, peek=True, doing=doing)

    def acknowledge(self) -> None:
        """The result on hold has been seen: play goes on (a hand-off, the results...)."""
        if self.turns.acknowledge():
            self.bots.calm()

    def use_phones(self) -> None:
        """Move every seat onto its phone mid-game: no hand-off from now on, nothing private
        left on this screen."""
        self.turns.close_handoff()  # the pause menu closes a hand-off it was opened from
        self.picker.clear()
        self.phones.add((0, 1))
        self.refresh_buttons()
        self.app.invalidate()

    # ---- the one way a move is made -----------------------------------------------------------
    def commit(self, seat: int, move: Move) -> bool:
        """Play a legal move for a seat (a person's, a bot's, a phone's or a lesson's) and show
        it; False (with the engine's reason shown) if it was refused."""
        self.app.invalidate()
        try:
            done = self.turns.commit(seat, move)
        except GameError as error:  # the engine had the last word
            self.status.say(sentence(str(error)), error=True)
            return False
        if self.pace is not None:
            self.pace.note(done.step.events)
        self.picker.clear()
        self.status.clear()
        self.saves.autosave()
        self._flush()
        self.refresh_buttons()
        return True
