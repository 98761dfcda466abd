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
from typing import Any, Mapping, Sequence

import pygame

from game.bots import Level
from game.core import GameError, Move, NodeKind, State, Step
from game.last_moves import LastMoves
from game.lesson import Lesson
from game.match import Match
from game.record import Record
from game.registry import get_game
from game.words import play_screen as says
from game.words.base import Narrator, sentence
from game.words.log import MoveLog
from scenes.boards import board_class
from scenes.boards.base import Board, View
from scenes.play.parts.demo_pace import DemoPace
from scenes.play.parts.lesson_guide import LessonGuide, lesson_controllers, load_lesson
from scenes.play.parts.play_animation import Animation, Hold
from scenes.play.parts.play_bots import PlayBots
from scenes.play.parts.play_buttons import Extra, action_buttons, button_at
from scenes.play.parts.play_hints import PlayHints
from scenes.play.parts.play_keys import PlayKeys
from scenes.play.parts.play_phones import PlayPhones
from scenes.play.parts.play_saves import PlaySaves
from scenes.play.parts.play_undo import PlayUndo
from scenes.play.parts.picker import Complete, Extended, Pick, Picker, PutBack, Selected
from scenes.play.parts.play_view import PlayDrawing, play_rects
from scenes.play.parts.setup import GameSetup
from scenes.play.parts.turns import BotTurn, Finished, Handoff, TurnLoop
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button
from scenes.store.controllers import HUMAN
from scenes.store.saves import SavedGame

MODIFIER_KEYS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA,
                           pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK})


class PlayScene(Scene):
    """A game in progress, hot-seat (both seats human) unless its setup says otherwise."""

    def __init__(self, app, game_id: str | None = None, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, controllers: Sequence[str] = (HUMAN, HUMAN),
                 bot_level: Level | None = None, demo: bool = False,
                 lesson: Lesson | None = None, hints: bool | None = None, phones: bool = False,
                 phone_host: str | None = None, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        if setup is None:  # the keywords are a setup written out
            if game_id is None:
                raise TypeError("PlayScene needs a game_id or a setup")
            setup = GameSetup(game_id, options or {}, seed, (controllers[0], controllers[1]),
                              bot_level, demo, hints, phones, phone_host)
        game_id = setup.game_id
        self.guide = LessonGuide(lesson) if lesson is not None else None  # a guided first game
        self.demo = setup.demo  # a kiosk demo: nothing saved or counted, no results screen
        self.pace = DemoPace(game_id) if setup.demo else None  # keeps the demo's board moving
        self.spec = get_game(game_id)
        self.board: Board = board_class(game_id)(
            self.spec, self.spec.resolve_options(setup.options), app.theme)
        # the rules of play: the match, seats, privacy, countdown, holds, the log (no pygame)
        self.turns = TurnLoop(setup, self.board, self.guide)
        self.bots = PlayBots(self, setup.bot_level)  # asked through the worker; answers played
        self.picker = Picker(self.turns, self.board)  # what a person has picked so far
        self.message = ""
        self.message_is_error = False
        self.clock = 0.0
        self.buttons: list[Button] = []
        self.rects: dict[str, pygame.Rect] = {}
        self.drawing = PlayDrawing(self)
        self.keys = PlayKeys(self)
        # phones: each seat's secret choices on its own phone (hot-seat games with secrets)
        turns = self.turns
        on_phones = setup.phones and turns.hot_seat and self.spec.secret_choices and not self.demo
        self.phones = PlayPhones(self, (0, 1) if on_phones else (), host=setup.phone_host)
        self.saves = PlaySaves(self)  # its save file, and its record once finished
        self.undo = PlayUndo(self)
        self.hints = PlayHints(self, setup.hints_allowed)

    @classmethod
    def learn(cls, app, game_id: str) -> "PlayScene":
        """A guided first game of a game: its lesson's script, then play on against Easy."""
        lesson = load_lesson(game_id)
        return cls(app, game_id, lesson.options, controllers=lesson_controllers(lesson),
                   lesson=lesson)

    def rematch_setup(self) -> GameSetup:
        """This game's setup for a rematch: a new seed, the same seats and players (hot-seat
        if the computer could not start), the options, hints and phones as they are now."""
        turns = self.turns
        return dataclasses.replace(turns.setup.rematch(turns.match.options, self.phones.asked),
                                   controllers=turns.controllers, hints=self.hints.allowed)

    def in_lesson(self) -> bool:
        """True while a lesson's script is still being followed."""
        return self.guide is not None and self.guide.running(self.turns.match)

    def lesson_words(self) -> tuple[str, str] | None:
        """(progress, explanation) of a lesson while its words show, else None."""
        if self.guide is None or not self.guide.shown(self.turns.match):
            return None
        return self.guide.progress(self.turns.match), self.guide.words(self.turns.match)

    def prompt_words(self, state: State, seat: int) -> str:
        """The top bar's request: the lesson's ask, else the board's prompt."""
        ask = self.guide.ask(self.turns.match, seat) if self.guide is not None else ""
        if ask:
            return ask
        touch = self.app.kiosk is not None  # a kiosk's screen is touched, not typed at
        turns = self.turns
        return turns.words.touch_prompt(state, seat) if touch else turns.words.prompt(state, seat)

    def lesson_spot(self) -> Any:
        """The spot or button the lesson asks to be picked next (its own ring, which Enter
        follows): Continue while play waits; once the secret choice asked for is selected,
        Lock in."""
        if self.turns.hold is not None:
            return Extra("continue") if self.guide and self.guide.shown(self.turns.match) else None
        seat = self.turns.chooser
        turns = self.turns
        move = self.guide.expected(turns.match, seat) if self.guide and seat is not None else None
        if move is None:
            return None
        if self.picker.pending_choice() is not None:
            return Extra("lockin")  # only the lesson's choice is ever left selected
        selected = self.picker.selected
        for path in self.board.paths(move, self.turns.match.state):
            depth = len(selected)
            if len(path) > depth and tuple(path[:depth]) == selected:
                return path[depth]
        return None

    @classmethod
    def from_save(cls, app, saved: SavedGame) -> "PlayScene":
        """A play scene carrying on a saved game exactly where it stopped, hints as they were
        (a save from before hints were kept: the default for its players)."""
        record = saved.record
        scene = cls(app, setup=GameSetup(record.game, record.options, record.seed,
                                         saved.controllers, hints=saved.hints))
        scene.saves.resume(saved)
        scene.hints.used = saved.hints_used
        scene.restore(record)
        scene.turns.caption = says.WELCOME_BACK
        return scene

    def rewind_to(self, keep: int) -> None:
        """Put this game back to the position after its first `keep` entries."""
        self.turns.rewind_to(keep)
        self._restored()

    def restore(self, record: Record) -> None:
        """Put this game in the position after `record`'s entries (a resume or a take-back)."""
        self.turns.restore(record)
        self._restored()

    def _restored(self) -> None:
        self.bots.restart()  # fresh bots: their plans belonged to the old line
        self.picker.clear()
        self.say("")
        self.refresh_buttons()
        self.app.invalidate()

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

    # ---- who is doing what ------------------------------------------------------------------

    def view(self) -> View:
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

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Top bar, board, side panel (scores and log) and action bar."""
        theme = self.app.theme
        bottom_h = 0 if self.demo else theme.px(118)  # a demo has no buttons: the board grows
        self.rects = play_rects(theme, size, bottom_h)
        self.board.layout(self.rects["board"])
        self.refresh_buttons()

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

    # ---- the turn loop ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Run countdowns and animations; otherwise move the game on to the next choice."""
        self.clock += dt
        self.bots.tick()
        self.phones.tick()
        if self.turns.busy:
            self.app.invalidate(self.rects["board"])
            if self.turns.tick(dt * self.app.settings.animation_speed) is not None:
                self.bots.calm()  # a step has shown: a bot's move follows a moment later
            self._flush()
            return
        if self.guide is not None:  # the moves have shown: now the lesson may tell of them
            self.guide.catch_up(self.turns.match)
        if self.turns.hold is None:
            self.advance()

    def _flush(self) -> None:
        """Play what the turn loop asks to be heard; redraw if it changed anything."""
        for sound in self.turns.take_sounds():
            self.app.sound.play(sound)
        if self.turns.take_changed():
            self.refresh_buttons()
            self.app.invalidate()

    def advance(self) -> None:
        """Start whatever comes next: chance, a hand-off, the results, or wait for a choice."""
        step = self.turns.advance()
        if isinstance(step, Finished) and not self.demo:  # the demo says it in its caption
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
        self._flush()

    def _hand_off(self, seat: int, peek: bool = False, doing: str = "") -> None:
        self.turns.hand_off()
        self.picker.clear()
        self._flush()
        self.app.go("handoff", name=self.turns.match.state.seat_name(seat),
                    on_ready=lambda: self._handoff_done(seat), play=self, peek=peek, doing=doing)

    def _handoff_done(self, seat: int) -> None:
        self.turns.handed_over(seat)
        self._flush()

    def close_handoff(self) -> None:
        """The hand-off was closed from its menu (undo, phones): the game is public again."""
        self.turns.handoff_open = False
        self.turns.hide()
        self._flush()

    # ---- results that wait for the players ----------------------------------------------------
    def acknowledge(self) -> None:
        """The result on hold has been seen: play goes on (a hand-off, the results...)."""
        if self.turns.acknowledge():
            self.bots.calm()
            self._flush()

    def peek(self, seat: int, doing: str = "") -> None:
        """Show a seat its own secrets behind a hand-off (hot-seat games with lasting secrets)
        until its move or Hide; `doing` says why on the hand-off (a hint)."""
        self._hand_off(seat, peek=True, doing=doing)

    def players_line(self) -> str:
        """Who plays which seat, when the computer plays ("Eks: you · Oh: Hard bot")."""
        if self.turns.hot_seat:
            return ""
        state = self.turns.match.state
        words = {seat: "the lesson" if self.in_lesson() else f"{str(level).capitalize()} bot"
                 for seat, level in self.bots.levels.items()}
        return "  ·  ".join(f"{state.seat_name(s)}: {words.get(s, 'you')}" for s in (0, 1))

    def use_phones(self) -> None:
        """Move every seat onto its phone mid-game: no hand-off from now on, nothing private
        left on this screen."""
        self.close_handoff()  # the pause menu closes a hand-off it was opened from
        self.picker.clear()
        self.phones.add((0, 1))
        self.refresh_buttons()
        self.app.invalidate()

    # ---- making moves -------------------------------------------------------------------------
    def choose(self, move: Move) -> bool:
        """Make the chooser's move; False (with the reason shown) if the lesson or the rules
        refuse it (the turn loop's engine checks it: once)."""
        seat = self.turns.chooser
        if seat is None or self._lesson_refused(seat, move):
            return False
        return self.commit(seat, move)

    def _lesson_refused(self, seat: int, move: Move) -> bool:
        """In a lesson, a legal move that is not the one asked for is refused with a word of
        help (True); else False."""
        turns = self.turns
        refusal = self.guide.refusal(turns.match, seat, move) if self.guide is not None else None
        if refusal is None:
            return False
        self.picker.clear()
        self.refresh_buttons()
        self.say(refusal, error=True)
        return True

    def commit(self, seat: int, move: Move) -> bool:
        """Play a legal move for a seat (a person's, a bot's or a phone's) and show it; False
        (with the engine's reason shown) if it was refused."""
        self.app.invalidate()
        try:
            done = self.turns.commit(seat, move)
        except GameError as error:  # the engine had the last word
            self.say(sentence(str(error)), error=True)
            return False
        if self.pace is not None:
            self.pace.note(done.step.events)
        self.picker.clear()
        self.say("")
        self.saves.autosave()
        self._flush()
        self.refresh_buttons()
        return True

    def hover_key(self):
        """The spot or button under the mouse (the shell redraws when it changes)."""
        return self.picker.hover

    def skip_animation(self) -> None:
        """Finish the countdown and any animation at once."""
        self.turns.skip()
        self._flush()

    def say(self, text: str, error: bool = False) -> None:
        """Show a message in the action bar (errors stand out)."""
        self.message, self.message_is_error = text, error
        self.app.invalidate()
        if error:
            self.app.sound.play("deny")

    def lock_in(self) -> bool:
        """Seal the secret choice selected (Lock in); False if none is waiting."""
        move = self.picker.pending_choice()
        if move is None:
            return False
        return self.choose(move)

    def refresh_buttons(self) -> None:
        """Work out the action bar's buttons again (after anything they depend on changed)."""
        if self.rects.get("bottom") is not None and not self.demo:
            self.buttons = action_buttons(self)

    # ---- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks and keys: choose spots, type moves, skip animations, open the menu."""
        if event.type == pygame.MOUSEMOTION:
            button = button_at(self.buttons, event.pos)
            self.picker.hover = button.value if button else self.board.spot_at(
                event.pos, self.turns.observation())
            return True
        if self.turns.hold is not None and self._held_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.keys.handle(event)
        return False

    def _held_event(self, event: pygame.event.Event) -> bool:
        """While a result is held: any click or key acknowledges it, but Menu, Esc and undo."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None and isinstance(button.value, Extra):
                self.activate(button.value)
            else:
                self.acknowledge()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE or (event.key == pygame.K_z
                                            and event.mod & pygame.KMOD_CTRL):
            return self.keys.handle(event)
        if event.key not in MODIFIER_KEYS:
            self.acknowledge()
        return True

    def _click(self, pos) -> bool:
        button = button_at(self.buttons, pos)
        if button is not None and isinstance(button.value, Extra):
            self.activate(button.value)
            return True
        if self.turns.busy:
            self.skip_animation()
            return True
        if button is not None:
            self.activate(button.value)
            return True
        if self.bots.busy_message():
            return True
        spot = self.board.spot_at(pos, self.turns.observation())
        if spot is not None:
            self.activate(spot)
        return True

    def activate(self, spot: Any) -> None:
        """Pick a spot or button: extend the selection, make the move, or explain the refusal."""
        if isinstance(spot, Extra):
            self.extra(spot.name)
            return
        if self.turns.busy:
            return
        seat = self.turns.chooser
        if seat is not None:
            self.take_pick(seat, spot, self.picker.pick(spot))

    def take_pick(self, seat: int, spot: Any, picked: Pick) -> None:
        """Act on what a pick (a click, a key, a typed move) did: hand a whole move to the turn
        loop, show a secret choice selected, or say why the spot is not a choice."""
        if isinstance(picked, Complete):
            self.choose(picked.move)
        elif isinstance(picked, Selected):
            self.select_secret(picked.move)
        elif isinstance(picked, PutBack):
            if self.turns.secret_turn():
                self.say("")
            self.refresh_buttons()
        elif isinstance(picked, Extended):
            if self.message_is_error:
                self.say("")  # the refusal was about a pick that has been put right
            self.app.sound.play("select")
            self.refresh_buttons()
        else:
            self._not_a_choice(seat, spot)

    def _not_a_choice(self, seat: int, spot: Any) -> None:
        """Say why a spot is not a choice now, and what is."""
        state, selected = self.turns.match.state, self.picker.selected
        move = self.board.guess_move(selected + (spot,), state)
        if move is not None:
            reason = sentence(state.why_illegal(seat, move) or says.not_a_choice(""))
        else:
            turns = self.turns
            reason = says.not_a_choice(turns.words.prompt(turns.observation(), seat))
        legal = self.turns.words.legal_words(state, seat, self.board.pick_options(
            state, seat, selected, self.picker.clickable()))
        self.say(f"{reason} {legal}" if legal else reason, error=True)

    def select_secret(self, move: Move) -> None:
        """A secret choice is selected: shown, and sealed only by Lock in (in a lesson, one not
        asked for is refused at once)."""
        seat = self.turns.chooser
        if seat is None or self._lesson_refused(seat, move):
            return
        self.app.sound.play("select")
        turns = self.turns
        self.say(says.selected_secret(turns.words.choice_words(move, turns.match.state)))
        self.refresh_buttons()

    def extra(self, name: str) -> None:
        """Do a scene-level action by name (menu, undo, hint, peek, hide, draw offer...)."""
        if name == "lockin":
            self.lock_in()
            return
        if name == "hide":
            self.turns.hide()
            self.picker.clear()
            self.say("")
            self.refresh_buttons()
            self.app.invalidate()
            return
        if name == "menu":
            self.app.go("pause", play=self)
        elif name == "undo":
            self.undo.request()
        elif name == "continue":
            self.acknowledge()
        elif name == "hint":
            self.hints.ask()
        elif name == "leave":
            self.leave_lesson()
        elif name == "cancel":
            self.picker.clear()
            self.say("")
            self.refresh_buttons()
        elif name == "phones":
            self.app.go("phones", play=self)
        elif name == "peek" and self.turns.chooser is not None:
            self.peek(self.turns.chooser)
        elif name == "draw" and self.turns.chooser is not None and not self.turns.hot_seat:
            self.bots.offer_draw()
        elif name == "draw" and self.turns.chooser is not None:
            seat, state = self.turns.chooser, self.turns.match.state
            self.app.go("confirm", title=says.draw_offered(state.seat_name(seat)),
                        question=says.draw_question(state.seat_name(1 - seat)),
                        yes="Accept draw", no="Play on", on_yes=self.draw_agreed)

    def draw_agreed(self) -> None:
        """Both players agreed a draw: the game ends so."""
        self.turns.agree_draw()
        self._flush()
