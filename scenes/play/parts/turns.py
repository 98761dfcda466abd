"""TurnLoop: the rules of play around one game, without pygame.

The play screen draws and routes input; this object decides. It holds the match and who plays
each seat, whose secrets may be on screen (the private seat), the reveal's countdown, the step
being shown, the result held until it is seen, the move log and each seat's last turn, and the
public history the bots read. It answers who must choose now and whether that needs privacy,
takes a seat's move (`commit`), resolves chance, takes a game back, and says what comes next
(`advance`): a hand-off, a bot's turn, the results, or nothing but waiting for a person.

Showing a step takes time: the loop turns a step into an `Animation` from the plan the game's
board makes of it (`Planner.animate`) and its narrator's words, and `tick(seconds)` moves the
countdown and the animation on; it never calls the screen. Sounds and "the screen changed" are
left in an outbox the screen empties each frame (`take_sounds`, `take_changed`, and
`take_restored` after the game was put at another position), so the loop runs at engine speed
in tests with no window at all.
"""
from __future__ import annotations

import dataclasses
from typing import Protocol

from game.bots.history import History
from game.core import ChoiceSealed, Move, NodeKind, State, Step
from game.last_moves import LastMoves
from game.match import Match
from game.record import Record
from game.timings import COUNTDOWN_BEATS, COUNTDOWN_STEP
from game.words import narrator_for
from game.words import play_screen as says
from game.words.base import Narrator
from game.words.log import MoveLog, replay_into
from scenes.play.parts.play_animation import Animation, Hold, Planner, animation_of, hold_after
from scenes.play.parts.setup import GameSetup
from scenes.store.controllers import HUMAN


class Script(Protocol):
    """What a lesson's guide tells the turn loop: when to wait, and its scripted dice."""

    def pause(self, match: Match) -> str:
        """Words to hold play with before the next scripted step ("" to go on)."""

    def chance(self, match: Match) -> object | None:
        """The scripted chance outcome now, if any."""

    def catch_up(self, match: Match) -> None:
        """The moves made so far have been shown: the lesson may tell of them."""

    def running(self, match: Match) -> bool:
        """The script still runs the game (a lesson not yet over)."""


@dataclasses.dataclass(frozen=True)
class Handoff:
    """Next: the screen must be passed to this seat (its choice now is secret)."""

    seat: int


@dataclasses.dataclass(frozen=True)
class BotTurn:
    """Next: a computer seat is to move (its answer is played once the board is calm)."""

    seat: int


@dataclasses.dataclass(frozen=True)
class Finished:
    """Next: the game has just ended (results, filing)."""


@dataclasses.dataclass(frozen=True)
class Committed:
    """What a move did: sealed in secret (nothing shows), a reveal counting down, or a step
    shown at once."""

    step: Step
    sealed: bool
    countdown: bool


class TurnLoop:
    """One game's rules of play: the match, its seats, privacy, countdown, holds and the log."""

    def __init__(self, setup: GameSetup, board: Planner, script: Script | None = None) -> None:
        self.setup = setup
        self.match = Match(setup.game_id, setup.options, setup.seed)
        self.words: Narrator = narrator_for(setup.game_id, self.match.options)
        self.controllers: tuple[str, str] = setup.controllers
        self.hot_seat = all(c == HUMAN for c in self.controllers)  # two people, one screen
        self.script = script  # a lesson's guide, while it runs the game
        self.board = board  # the game's board: it plans each step's animation
        self.log = MoveLog(self.words)
        self.last = LastMoves()  # each seat's last turn, marked on the board
        self.history = History()  # the public play, which bots that read play are sent
        self.phone_seats: set[int] = set()  # seats whose choices are made on their phones
        self.private_seat: int | None = None  # whose secrets may be on screen now
        self.handoff_open = False  # the hand-off screen covers the game
        self.animation: Animation | None = None  # the step being shown
        self.revealing: Animation | None = None  # a reveal waiting for its countdown
        self.countdown: float | None = None  # seconds left before the reveal shows
        self.countdown_word = ""
        self.before_reveal: State | None = None  # the game as it stood until the reveal shows
        self.hold: Hold | None = None  # a result waiting for a player to have seen it
        self.reveal_unseen = False  # a reveal was shown and no person has decided since
        self.results_shown = False
        self.caption = ""  # what happened last, in words
        self._unlogged: list[tuple] = []  # the log's lines of the step being shown: they wait
        # for its animation to end, as its caption does (the dice land, then the log says so)
        self._sounds: list[str] = []
        self._changed = False
        self._restored = False
        self._chooser: tuple[tuple, tuple, int | None] = ((), (), None)  # (key, its objects, it)

    def animate(self, before: State, step: Step, after: State, reveal: bool) -> Animation:
        """A step as it will show: the board's plan of it and the narrator's words."""
        return animation_of(self.board, self.words, before, step, after, reveal)

    # ---- the outbox ---------------------------------------------------------------------------
    def take_sounds(self) -> list[str]:
        """The sounds to play now, in order (emptied)."""
        sounds, self._sounds = self._sounds, []
        return sounds

    def take_changed(self) -> bool:
        """True once after anything on screen changed."""
        changed, self._changed = self._changed, False
        return changed

    def take_restored(self) -> bool:
        """True once after the game was put at another position (a take-back, a draw's
        withdrawn pull, hot-seat from here): plans made for the old line are void."""
        restored, self._restored = self._restored, False
        return restored

    def _sound(self, name: str) -> None:
        self._sounds.append(name)

    # ---- who is doing what --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a reveal counts down or a step is shown."""
        return self.animation is not None or self.countdown is not None

    def bot_seats(self) -> tuple[int, ...]:
        """The seats the computer plays."""
        return tuple(seat for seat, c in enumerate(self.controllers) if c != HUMAN)

    def bot_to_move(self) -> int | None:
        """The computer seat the game waits on now (at a simultaneous turn the bot goes first)."""
        state = self.match.state
        if state.kind in (NodeKind.CHANCE, NodeKind.TERMINAL):
            return None
        return next((s for s in state.awaiting if self.controllers[s] != HUMAN), None)

    def on_phone(self, seat: int) -> bool:
        """True when this seat chooses on its phone."""
        return seat in self.phone_seats

    def secret_on_phone(self, seat: int) -> bool:
        """True when this seat's choice now is a secret made on its phone."""
        return seat in self.phone_seats and self.match.state.kind is NodeKind.SIMULTANEOUS

    def needs_privacy(self, seat: int) -> bool:
        """True when this seat's choice now is secret, others share the screen, and it is not
        made on the seat's own phone."""
        return (self.hot_seat and self.match.state.kind is NodeKind.SIMULTANEOUS
                and not self.on_phone(seat))

    @property
    def state(self) -> State:
        """The game's state now."""
        return self.match.state

    @property
    def chooser(self) -> int | None:
        """The person whose choice on this screen is awaited now, if any (None while a step
        shows, a hand-off or a held result covers the game, or the computer is to move).
        Every part asks, many times a frame: it is worked out again only when what it depends
        on changed."""
        held = (self.match.state, self.animation, self.countdown, self.hold, self.controllers)
        # by identity (the memo holds them, so no id is reused while it is kept)
        key = (*map(id, held), self.handoff_open, self.private_seat, len(self.phone_seats))
        memo = self._chooser
        if memo[0] != key:
            memo = self._chooser = (key, held, self._work_out_chooser())
        return memo[2]

    def _work_out_chooser(self) -> int | None:
        if self.busy or self.handoff_open or self.hold is not None:
            return None
        state = self.match.state
        if state.kind in (NodeKind.CHANCE, NodeKind.TERMINAL) or self.bot_to_move() is not None:
            return None
        for seat in state.awaiting:
            if self.controllers[seat] == HUMAN and not self.secret_on_phone(seat):
                if self.needs_privacy(seat) and self.private_seat != seat:
                    return None
                return seat
        return None

    @property
    def viewer(self) -> int | None:
        """Whose secrets may be on screen now: the seat looking in private (hot-seat), or the
        one person playing the computer; None for the public view."""
        if self.private_seat is not None:
            return self.private_seat
        people = [seat for seat, c in enumerate(self.controllers) if c == HUMAN]
        return people[0] if len(people) == 1 else None

    def observation(self, state: State | None = None) -> State:
        """What may be on screen now: the viewer's observation, else the public view."""
        state = self.match.state if state is None else state
        seat = self.viewer
        return state.observe_public() if seat is None else state.observe(seat)

    def secret_turn(self) -> bool:
        """True when the chooser's choice now is sealed until a reveal (a simultaneous turn)."""
        return self.chooser is not None and self.match.state.kind is NodeKind.SIMULTANEOUS

    # ---- what comes next ----------------------------------------------------------------------
    def advance(self) -> Handoff | BotTurn | Finished | None:
        """Start whatever comes next (chance, a lesson's pause) and say what the screen must
        do: pass the screen, let a bot move, show the results, or wait for a choice (None)."""
        state = self.match.state
        if state.kind is NodeKind.TERMINAL:
            if self.results_shown:
                return None
            self.results_shown = True
            self.private_seat = None
            return Finished()
        pause = self.script.pause(self.match) if self.script is not None else ""
        if pause:  # before the computer's next step, or a lesson to read first
            self.hold = Hold(pause)
            self._changed = True
            return None
        if state.kind is NodeKind.CHANCE:
            before = self.observation()
            step = self.match.resolve_chance(
                self.script.chance(self.match) if self.script is not None else None)
            self._unlogged.append((self.log.chance, state, self.match.entries[-1].text))
            self.show(self.animate(before, step, self.observation(step.state), False))
            return None
        seat = self.bot_to_move()
        if seat is not None:
            return BotTurn(seat)
        for seat in state.awaiting:
            if self.secret_on_phone(seat):
                continue  # chosen on the seat's phone: nothing on this screen
            if self.needs_privacy(seat):
                return Handoff(seat) if self.private_seat != seat else None
            if self.hot_seat and self.private_seat not in (seat, None):
                self.private_seat = None  # public, unless this seat has just peeked
                self._changed = True  # (asked every frame: a change only when there is one)
            return None
        return None

    def hand_off(self) -> None:
        """The hand-off screen now covers the game: nothing private stays on screen."""
        self.private_seat = None
        self.handoff_open = True
        self._sound("handoff")

    def handed_over(self, seat: int) -> None:
        """The seat has taken the screen: its secrets may show until its move (or Hide)."""
        self.handoff_open = False
        self.private_seat = seat
        self._changed = True

    def hide(self) -> None:
        """Back to the public view (a peek ends)."""
        self.private_seat = None
        self._changed = True

    def close_handoff(self) -> None:
        """The hand-off was closed from its menu (undo, phones): the game is public again."""
        self.handoff_open = False
        self.hide()

    def in_lesson(self) -> bool:
        """True while a lesson's script still runs the game."""
        return self.script is not None and self.script.running(self.match)

    # ---- moves --------------------------------------------------------------------------------
    def commit(self, seat: int, move: Move) -> Committed:
        """Play a legal move for a seat (a person's, a bot's or a phone's): sealed in secret, a
        reveal that counts down first, or a step shown now. GameError if the engine refuses."""
        state = self.match.state
        if self.hot_seat and state.kind is not NodeKind.SIMULTANEOUS:
            self.private_seat = None  # a peek lasts until the peeker's move, not after
        before = self.observation()
        step = self.match.play(move, seat)  # GameError: the engine had the last word
        self.history.add(state, seat, move)
        self._changed = True
        by_bot = self.controllers[seat] != HUMAN
        if any(isinstance(e, ChoiceSealed) for e in step.events):
            self.log.seal(state, seat, move)
            self.last.seal(state, seat, move)
            self._sound("select")
            others = [s for s in state.awaiting if s != seat]
            to_person = bool(others) and self.controllers[others[0]] == HUMAN
            if not (by_bot and to_person and self.reveal_unseen):  # the last reveal's words stay
                self.caption = says.chosen_in_secret(state.seat_name(seat), by_bot and to_person)
            self.reveal_unseen = self.reveal_unseen and by_bot
            return Committed(step, sealed=True, countdown=False)
        self.reveal_unseen = self.reveal_unseen and by_bot
        self._sound("click")
        if state.kind is NodeKind.SIMULTANEOUS:
            self.private_seat = None  # both choices are in: the reveal is public
            before = self.observation(state)  # (against the computer: still yours)
            word = self.words.countdown_word(state, step.events)
            if word:  # the log, like the board, shows both choices only at the reveal
                self.revealing = self.animate(before, step, self.observation(step.state), True)
                self.revealing.decision = (state, seat, move)
                self.countdown_word = word
                self.countdown = COUNTDOWN_BEATS * COUNTDOWN_STEP
                self.before_reveal = state  # what the big screen has shown until the reveal
                self.caption = says.BOTH_CHOSEN  # not the first one's words any more
                self._sound("tick")
                return Committed(step, sealed=False, countdown=True)
        if state.kind is NodeKind.SIMULTANEOUS:
            self.caption = ""  # "X has chosen, in secret" is past: the step's words follow it
        self.note(state, seat, move)
        self.show(self.animate(before, step, self.observation(step.state), False))
        return Committed(step, sealed=False, countdown=False)

    def agree_draw(self) -> None:
        """Both players agreed a draw: the game ends so."""
        state = self.match.state
        before = self.observation()
        step = self.match.agree_draw()
        self._unlogged.append((self.log.note, state, self.words.agreement_text(), "draw"))
        self.show(self.animate(before, step, self.observation(step.state), False))

    def note(self, before: State, seat: int, move: Move) -> None:
        """A decision shows: the board's last-move marks now, the move log once it has shown."""
        self._unlogged.append((self.log.add, before, seat, move))
        self.last.add(before, seat, move)

    def _write_log(self) -> None:
        """The step shown has ended (or shows nothing): its lines go into the move log."""
        for write, *line in self._unlogged:
            write(*line)
        self._unlogged.clear()

    def shown_state(self) -> State:
        """The game as the big screen has revealed it: until a reveal's countdown ends, the
        state before its choices were both in (what phones may be told)."""
        return self.before_reveal if self.before_reveal is not None else self.match.state

    def show(self, animation: Animation | None) -> None:
        """Show a step now (its caption comes when it ends)."""
        self.before_reveal = None
        self.animation = animation
        if animation is not None and animation.decision is not None:
            self.note(*animation.decision)
        if animation is not None and animation.reveal:
            self.reveal_unseen = True
        if animation is None:
            self._write_log()
        self._changed = True

    # ---- time ---------------------------------------------------------------------------------
    def tick(self, seconds: float) -> Animation | None:
        """Move the countdown and the step being shown on by `seconds` (already scaled by the
        animation speed); the animation that has just ended, if one has."""
        if self.countdown is not None:
            beats_before = int(self.countdown / COUNTDOWN_STEP)
            self.countdown -= seconds
            if int(max(self.countdown, 0) / COUNTDOWN_STEP) != beats_before:
                self._sound("tick" if self.countdown > COUNTDOWN_STEP else "reveal")
            if self.countdown <= 0:
                self.countdown = None
                revealing, self.revealing = self.revealing, None
                self.show(revealing)
            return None
        anim = self.animation
        if anim is None:
            return None
        anim.t += seconds
        while anim.cues and anim.cues[0][0] <= anim.t:
            self._sound(anim.cues.pop(0)[1])
        if anim.t < anim.timeline.duration:
            return None
        self.animation = None
        self._write_log()  # words follow the pictures: said once they have shown it
        if anim.caption:
            self.caption = anim.caption
        state = self.match.state
        private = [seat for seat in state.awaiting if self.needs_privacy(seat)]
        hold = None if self.setup.demo else hold_after(anim, state, private)
        if hold is not None:
            self.hold = hold
        self._changed = True
        return anim

    def skip(self) -> None:
        """Finish the countdown and any step being shown at once."""
        if self.countdown is not None:
            self.countdown = None
            revealing, self.revealing = self.revealing, None
            self.show(revealing)
        if self.animation is not None:
            self.animation.t = self.animation.timeline.duration
            self.animation.cues.clear()

    def acknowledge(self) -> bool:
        """The result on hold has been seen (True if one was held): play goes on."""
        if self.hold is None:
            return False
        self.hold = None
        self._changed = True
        return True

    # ---- another position ---------------------------------------------------------------------
    def restore(self, record: Record) -> None:
        """Put the game in the position after `record`'s entries (a resume or a take-back):
        the log, the last turns and the public history as play would have made them."""
        match = Match.from_record(record)
        self.log, self.history, self.last = MoveLog(self.words), History(), LastMoves()
        for state, entry, _, move in replay_into(self.log, record, self.last):
            if move is not None and isinstance(entry.actor, int):
                self.history.add(state, entry.actor, move)
        self.match = match
        self.animation = self.revealing = self.countdown = self.hold = None
        self._unlogged.clear()
        self.before_reveal = None
        self.reveal_unseen = False
        self.private_seat = None
        self.results_shown = False
        self._changed = True
        self._restored = True

    def rewind_to(self, keep: int) -> None:
        """Put this game back to the position after its first `keep` entries."""
        record = self.match.record()
        self.restore(dataclasses.replace(record, entries=record.entries[:keep], result=None))

    def play_hot_seat(self) -> None:
        """People in both seats from here (the computer player could not start); `restore`
        the position next, for fresh seats."""
        self.controllers = (HUMAN, HUMAN)
        self.hot_seat = True
        self.setup = self.setup.with_controllers(self.controllers)
