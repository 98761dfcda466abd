"""The play screen's keeping: a save after every decision, a save carried on, filing a finished
game, and a save after an error.

The play scene owns one PlaySaves. A demo game (the kiosk's bot against bot) is never saved,
filed or counted. A save failing (a full or read-only disk) is said once in the action bar; play
goes on.
"""
from __future__ import annotations

import logging

from scenes.store.records import file_stem, record_meta
from scenes.store.saves import SavedGame, new_game_id, now_text

log = logging.getLogger("quintet")


class PlaySaves:
    """One play scene's save file and record: what it reads of its scene is the match, the
    players, the hints and whether the game may be kept (a demo, a kiosk, a lesson)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.id = new_game_id(scene.spec.id)  # the game's save file is saves/<id>.json
        self.started = now_text()
        self.problem = ""  # the last save's failure, said once
        self.record_path = None  # where the finished game's record was written

    def resume(self, saved: SavedGame) -> None:
        """Go on keeping a saved game in its own file, started when it was."""
        self.id, self.started = saved.id, saved.started or self.started

    def saved_game(self) -> SavedGame:
        """The game as it stands, ready to save (hints on or off, and how many were asked)."""
        scene = self.scene
        return SavedGame(self.id, scene.match.record(), scene.controllers, self.started,
                         hints=scene.hints.allowed, hints_used=scene.hints.used)

    def autosave(self) -> bool:
        """Save the game in progress now; False (said once) if it could not be written.

        Kiosk visitors' games are not saved: the kiosk returns to its demo when left idle, and
        a game night would leave a pile of abandoned games behind.
        """
        scene = self.scene
        if scene.demo or getattr(scene.app, "kiosk", None) is not None or scene.in_lesson():
            return False  # (a lesson is kept once its script has run out)
        try:
            scene.app.data.saves().write(self.saved_game())
        except OSError as error:
            problem = f"The game could not be saved: {error.strerror or error}."
            if problem != self.problem:
                log.warning("saving failed: %s", error)
                scene.say(problem, error=True)
            self.problem = problem
            return False
        self.problem = ""
        return True

    def game_finished(self) -> None:
        """File a finished game: its record in the records folder, the statistics, no save."""
        scene = self.scene
        if scene.demo:
            return
        data, notices, hints = scene.app.data, scene.app.notices, scene.hints
        used = {"hints": hints.used} if hints.used else {}  # how many were asked
        record = scene.match.record(record_meta(scene.controllers, self.started,
                                                ended=now_text(), **used))
        try:
            self.record_path = data.records().add(record, file_stem(scene.spec.id, True))
        except OSError as error:
            notices.append(f"Could not write the game's record: {error.strerror or error}")
        notices.extend(data.stats().count(scene.spec.id, scene.controllers,
                                          scene.match.state.outcome, hinted=hints.used > 0))
        try:
            data.saves().remove(self.id)
        except OSError as error:
            log.warning("could not remove the save of a finished game: %s", error)

    def rescue(self) -> str | None:
        """After an error: save the game; a line saying so (or why it could not be saved)."""
        scene = self.scene
        if scene.demo or scene.match.state.is_terminal:
            return None
        if self.autosave():
            return "Your game was saved: choose Continue on the main menu to carry on."
        return self.problem or "Your game could not be saved."
