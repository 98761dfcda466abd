"""The play scene's undo: against the computer at once; hot-seat only with the other's consent.

Against a bot, Undo takes the game back to the person's own previous decision (the bot's replies
and any dice since go too, and its search is cancelled). Hot-seat, a decision within the player's
own unfinished turn (a stone placed this turn in Strands) is taken back at once; otherwise the
player who made the last decision asks and the other accepts or refuses; the question is put
over the public board, so no secret is on screen. A completed secret turn is never taken back
(see game/undo.py): the refusal says why.
"""
from __future__ import annotations

from game.core import NodeKind
from game.undo import UndoRefused, entry_facts, last_decider, undo_point
from game.words import play_screen as says
from game.words.base import sentence
from scenes.play.parts.contract import PlayHost
from scenes.play.parts.play_saves import PlaySaves
from scenes.store.controllers import human_seats


class PlayUndo:
    """A play scene's undo: whether it is offered, and taking a move back when asked."""

    def __init__(self, scene: PlayHost, saves: PlaySaves) -> None:
        self.scene = scene
        self.saves = saves  # the position taken back to is saved at once

    def offered(self) -> bool:
        """True when the Undo button belongs on screen now."""
        scene = self.scene
        turns = scene.turns
        if turns.setup.demo or turns.match.state.is_terminal or turns.countdown is not None:
            return False  # a countdown's Undo would tell, by going, that the reveal ends it
        if scene.turns.hot_seat and scene.turns.private_seat is not None:
            return False  # someone is looking at their secrets: undo from the hand-off's menu
        people = human_seats(scene.turns.controllers)
        return any(entry.actor in people for entry in scene.turns.match.entries)

    def request(self) -> None:
        """Undo: at once against the computer; hot-seat, ask the other player first."""
        scene = self.scene
        if scene.turns.setup.demo or not human_seats(scene.turns.controllers):
            return
        scene.turns.skip()
        record = scene.turns.match.record()
        seats = human_seats(scene.turns.controllers)
        if scene.turns.hot_seat:
            decider = last_decider(record)
            seats = (decider,) if decider is not None else ()
        try:
            keep = undo_point(record, seats)
        except UndoRefused as refusal:
            scene.status.say(says.cannot_undo(str(refusal)), error=True)
            return
        if not scene.turns.hot_seat:
            self._undo_to(keep, says.UNDONE_YOURS)
            return
        state = scene.turns.match.state
        asker, other = state.seat_name(seats[0]), state.seat_name(1 - seats[0])
        if self.own_turn_goes_on(record, seats[0]):  # nothing the other has seen is undone
            self._undo_to(keep, says.undone_turn_goes_on(asker))
            return
        turns = scene.turns
        if turns.handoff_open:  # the question is asked over the public board, not the hand-off
            scene.app.stack.pop()
        turns.close_handoff()
        scene.picker.clear()
        scene.app.go("confirm", title=says.undo_asked(asker), question=says.undo_question(other),
                     yes="Accept undo", no="Refuse",
                     on_yes=lambda: self._undo_to(keep, says.undone(asker)))

    def own_turn_goes_on(self, record, seat: int) -> bool:
        """True when `seat` made the last decision and its turn is still under way (stones
        placed this turn in Strands): taking it back needs nobody's consent."""
        scene = self.scene
        state = scene.turns.match.state
        if state.kind is not NodeKind.DECISION or seat not in state.actors:
            return False
        last = max(i for i, entry in enumerate(record.entries) if entry.actor == seat)
        return entry_facts(record)[last].turn == state.turn

    def _undo_to(self, keep: int, caption: str) -> None:
        scene = self.scene
        scene.turns.rewind_to(keep)  # the screen hears of it: fresh bots, nothing picked
        scene.status.clear()
        scene.turns.caption = sentence(caption)
        self.saves.autosave()
