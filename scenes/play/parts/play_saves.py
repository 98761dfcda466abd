"""The play scene's keeping: a save after every decision, resuming, and filing a finished game.

Mixed into PlayScene. A demo game (the kiosk's bot against bot) is never saved, filed or counted.
A save failing (a full or read-only disk) is said once in the action bar; play goes on.
"""
from __future__ import annotations

import dataclasses
import logging
import uuid

from game.bots.history import History
from game.match import Match
from game.record import Record
from scenes.play.parts.last_moves import LastMoves
from scenes.play.parts.move_log import MoveLog, replay_into
from scenes.store.records import file_stem, record_meta
from scenes.store.saves import SavedGame, new_game_id, now_text

log = logging.getLogger("quintet")


class PlaySaves:
    """Saving, resuming and finishing, mixed into PlayScene."""

    def _init_saves(self) -> None:
        self.save_id = new_game_id(self.spec.id)  # the game's save file is saves/<id>.json
        self.started = now_text()
        self.save_problem = ""  # the last save's failure, said once
        self.record_path = None  # where the finished game's record was written

    def saved_game(self) -> SavedGame:
        """The game as it stands, ready to save (hints on or off, and how many were asked)."""
        return SavedGame(self.save_id, self.match.record(), self.controllers, self.started,
                         hints=self.hints.allowed, hints_used=self.hints.used)

    def autosave(self) -> bool:
        """Save the game in progress now; False (said once) if it could not be written.

        Kiosk visitors' games are not saved: the kiosk returns to its demo when left idle, and
        a game night would leave a pile of abandoned games behind.
        """
        if self.demo or getattr(self.app, "kiosk", None) is not None or self.in_lesson():
            return False  # (a lesson is kept once its script has run out)
        try:
            self.app.data.saves().write(self.saved_game())
        except OSError as error:
            problem = f"The game could not be saved: {error.strerror or error}."
            if problem != self.save_problem:
                log.warning("saving failed: %s", error)
                self.say(problem, error=True)
            self.save_problem = problem
            return False
        self.save_problem = ""
        return True

    def game_finished(self) -> None:
        """File a finished game: its record in the records folder, the statistics, no save."""
        if self.demo:
            return
        notices = self.app.notices
        hints = {"hints": self.hints.used} if self.hints.used else {}  # how many were asked
        record = self.match.record(record_meta(self.controllers, self.started, ended=now_text(),
                                               **hints))
        try:
            self.record_path = self.app.data.records().add(record, file_stem(self.spec.id, True))
        except OSError as error:
            notices.append(f"Could not write the game's record: {error.strerror or error}")
        notices.extend(self.app.data.stats().count(self.spec.id, self.controllers,
                                                   self.match.state.outcome,
                                                   hinted=self.hints.used > 0))
        try:
            self.app.data.saves().remove(self.save_id)
        except OSError as error:
            log.warning("could not remove the save of a finished game: %s", error)

    def rescue(self) -> str | None:
        """After an error: save the game; a line saying so (or why it could not be saved)."""
        if self.demo or self.match.state.is_terminal:
            return None
        if self.autosave():
            return "Your game was saved: choose Continue on the main menu to carry on."
        return self.save_problem or "Your game could not be saved."

    def rewind_to(self, keep: int) -> None:
        """Put this game back to the position after its first `keep` entries."""
        record = self.match.record()
        self.restore(dataclasses.replace(record, entries=record.entries[:keep], result=None))

    def restore(self, record: Record) -> None:
        """Put this game in the position after `record`'s entries (a resume or a take-back)."""
        match = Match.from_record(record)
        self.log, self.history, self.last = MoveLog(), History(), LastMoves()
        for state, entry, _, move in replay_into(self.log, self.board, record, self.last):
            if move is not None:
                self.history.add(state, entry.actor, move)
        self.match = match
        self._drop_bot_request()
        self.bot_key = uuid.uuid4().hex  # fresh bots: their plans belonged to the old line
        self.bot_failures, self.bot_broken = 0, False
        self.animation = self.revealing = self.countdown = self.hold = None
        self.reveal_unseen = False
        self.private_seat = None
        self.results_shown = False
        self._clear_input()
        self.say("")
        self._refresh_buttons()
        self.app.invalidate()

    @classmethod
    def from_save(cls, app, saved: SavedGame):
        """A play scene carrying on a saved game exactly where it stopped, hints as they were
        (a save from before hints were kept: the default for its players)."""
        record = saved.record
        scene = cls(app, record.game, record.options, seed=record.seed,
                    controllers=saved.controllers, hints=saved.hints)
        scene.save_id, scene.started = saved.id, saved.started or scene.started
        scene.hints.used = saved.hints_used
        scene.restore(record)
        scene.caption = "Welcome back: the game goes on where it stopped."
        return scene
