"""The play screen's keeping: a save after every decision, a save carried on, filing a finished
game, and a save after an error, all written by the app's Keeper off the frame loop.

The play scene owns one PlaySaves. A demo game (the kiosk's bot against bot) is never saved,
filed or counted. A save failing (a full or read-only disk) is said in the action bar and leaves
a lasting mark in the top bar ("Not saved") until a save succeeds; every "the game is saved"
the screens show asks `state` first, so it is true when shown. Play goes on either way.
"""
from __future__ import annotations

import dataclasses
import logging

import pygame

from game.words import play_screen as says
from scenes.play.parts.contract import PlayHost
from scenes.play.parts.hint_tally import HintTally
from scenes.shell import theme as th
from scenes.store.saves import SavedGame, new_game_id, now_text

log = logging.getLogger("quintet")

SAVED, SAVING, FAILED, NOT_KEPT = "saved", "saving", "failed", "not kept"


class PlaySaves:
    """One play scene's save file and record: what it reads of its scene is the match, the
    players, the hints and whether the game may be kept (a demo, a kiosk, a lesson)."""

    def __init__(self, scene: PlayHost, hints: HintTally) -> None:
        self.scene = scene
        self.hints = hints  # kept in the save: hints on or off, and how many were given
        self.id = new_game_id(scene.spec.id)  # the game's save file is saves/<id>.json
        self.started = now_text()
        self.problem = ""  # why the last save failed ('' when it did not)
        self.record_path = None  # where the finished game's record was written
        self.filing = ""  # a finished game: "" (not yet asked), "filing", "filed" or why not
        self._asked: SavedGame | None = None  # the last save handed to the writer
        self._written: SavedGame | None = None  # the last save known to be on disk
        self._ended = ""  # when the game ended (the time of its last save)

    def resume(self, saved: SavedGame) -> None:
        """Go on keeping a saved game in its own file, started when it was (it is on disk)."""
        self.id, self.started = saved.id, saved.started or self.started
        self._written = self._asked = saved

    def saved_game(self) -> SavedGame:
        """The game as it stands, ready to save (hints on or off, and how many were asked)."""
        scene = self.scene
        return SavedGame(self.id, scene.turns.match.record(), scene.turns.controllers, self.started,
                         now_text(), hints=self.hints.allowed, hints_used=self.hints.used)

    def kept(self) -> bool:
        """Whether this game is saved at all (not a demo, a kiosk visitor's game or a lesson)."""
        scene = self.scene
        return not (scene.turns.setup.demo or scene.app.kiosk is not None
                    or scene.turns.in_lesson())

    @property
    def state(self) -> str:
        """SAVED (on disk as it stands), SAVING (being written), FAILED (the last save could not
        be written: the mark shows) or NOT_KEPT (a game that is never saved)."""
        if self.problem:
            return FAILED
        if self._asked is None:
            return SAVED if self.kept() and not self.scene.turns.match.entries else NOT_KEPT
        if self.scene.app.keeper.saving(self.id) or self._asked is not self._written:
            return SAVING
        return SAVED

    def status_words(self) -> str:
        """The state in a few words for a menu: "the game is saved" only when it is."""
        return says.save_state_words(self.state, self.problem)

    def kept_words(self) -> str:
        """A sentence for a message: is the game saved, being saved, or not saved and why."""
        return says.kept_words(self.state, self.problem)

    def autosave(self) -> bool:
        """Hand the game in progress to the writer (unless it is on disk as it stands);
        False if this game is not saved (a demo, a kiosk visitor's, a lesson's script).

        Kiosk visitors' games are not saved: the kiosk returns to its demo when left idle, and
        a game night would leave a pile of abandoned games behind.
        """
        if not self.kept():
            return False  # (a lesson is kept once its script has run out)
        saved = self.saved_game()
        if self._asked is not None and not self.problem and _same(saved, self._asked):
            return True  # nothing changed since the last save asked for (a failed one: again)
        self._asked = saved
        self.scene.app.keeper.save_game(saved, lambda problem: self._written_back(saved,
                                                                                  problem))
        self.scene.app.invalidate()
        return True

    def _written_back(self, saved: SavedGame, problem: str) -> None:
        """On the frame loop: the writer has written `saved` (or could not)."""
        scene = self.scene
        if problem:
            if problem != self.problem:
                log.warning("saving failed: %s", problem)
                scene.status.say(says.not_saved(problem), error=True)
            self.problem = problem
        else:
            status = scene.status
            if self.problem:
                status.say(says.SAVED_AGAIN)
            elif says.BEING_SAVED in status.text and self._asked is saved:  # now it is true
                status.say(status.text.replace(says.BEING_SAVED, says.SAVED), status.is_error)
            self.problem = ""
            self._written = saved
            self._ended = saved.saved
        scene.app.invalidate()

    def game_finished(self) -> None:
        """File a finished game, after its last save: its record in the records folder, the
        statistics, then no save (the Keeper keeps it on disk all the way and tries again)."""
        from scenes.store.filing import finished_record
        scene = self.scene
        if scene.turns.setup.demo:
            return
        self.autosave()  # the end itself, if it is not saved yet
        last = self._asked if self._asked is not None else self.saved_game()
        record = finished_record(last, last.saved or now_text())
        self.filing = "filing"
        scene.app.keeper.file_game(self.id, record, self._filed)

    def _filed(self, filing) -> None:
        if filing is not None and filing.record_path is not None:
            self.record_path = filing.record_path
        self.filing = "filed" if filing is not None and filing.done else "not filed"
        if self.filing == "filed":
            self.problem = ""  # in Records now: nothing of it is unsaved
        self.scene.app.invalidate()

    def filing_line(self) -> str:
        """Where the finished game is, in a line for the results screen."""
        return says.filing_line(self.filing)

    def rescue(self) -> str | None:
        """After an error: save the game; a line saying so (or why it could not be saved)."""
        scene = self.scene
        if scene.turns.setup.demo or scene.turns.match.state.is_terminal:
            return None
        if self.autosave():
            return says.rescued(self.state == SAVED)
        return says.not_rescued(self.problem)

    def draw_mark(self, surface: pygame.Surface, right: int, centery: int) -> int:
        """The lasting 'Not saved' mark in the top bar, left of `right`, while the last save
        failed; the x where it begins (`right` when there is none)."""
        if self.state != FAILED:
            return right
        theme = self.scene.app.theme
        text = theme.text("Not saved", th.BODY, th.BACKGROUND)
        pad = theme.px(8)
        box = pygame.Rect(0, 0, text.get_width() + 2 * pad, text.get_height() + theme.px(4))
        box.midright = (right - theme.px(12), centery)
        pygame.draw.rect(surface, th.WARNING, box, border_radius=theme.px(6))
        surface.blit(text, text.get_rect(center=box.center))
        return box.left


def _same(one: SavedGame, other: SavedGame) -> bool:
    """The same game in the same position (the time it was saved aside)."""
    return dataclasses.replace(one, saved="") == dataclasses.replace(other, saved="")
