"""The play screen's keyboard: typed move text, Tab and arrow focus, Enter, Escape."""
from __future__ import annotations

from typing import Protocol

import pygame

from game.core import GameError
from game.words import play_screen as says
from game.words.base import sentence
from scenes.boards.base import Choice
from scenes.play.parts.picker import Pick, Spot
from scenes.play.parts.screen import PlayScreen


class Actions(Protocol):
    """What a key may do on the play screen (PlayInput does it for clicks too)."""

    def activate(self, spot: Spot) -> None:
        """Pick a spot or press a button."""

    def action(self, name: str) -> None:
        """Do a button's action by name."""

    def lock_in(self) -> bool:
        """Seal the secret choice selected."""

    def cancel(self) -> None:
        """Put back everything picked."""

    def take_pick(self, seat: int, spot: Spot, picked: Pick) -> None:
        """Act on what a pick did."""


class PlayKeys:
    """The play screen's keys, owned by its input: `handle` takes a key press and picks,
    types or does an action through the input's own methods."""

    def __init__(self, scene: PlayScreen, actions: Actions) -> None:
        self.scene = scene
        self.actions = actions

    def handle(self, event: pygame.event.Event) -> bool:
        """A key pressed: True if it meant something here."""
        scene = self.scene
        key = event.key
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.actions.action("undo")
            return True
        picker = scene.picker
        if key == pygame.K_ESCAPE:
            if picker.selected or picker.typed:
                self.actions.cancel()
            else:
                self.actions.action("menu")
            return True
        if event.unicode == "?" or key == pygame.K_F1:
            self.actions.action("hint")
            return True
        if scene.turns.busy:
            if key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
                scene.turns.skip()
            return True
        if key == pygame.K_BACKSPACE:
            picker.typed = picker.typed[:-1]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (key == pygame.K_SPACE
                                                           and not picker.typed):
            if picker.typed:
                self._submit_typed(final=True)
            elif picker.pending_choice() is not None and (
                    picker.focus is None or picker.focus in picker.selected
                    or getattr(picker.focus, "name", None) == "lockin"):
                self.actions.lock_in()  # Enter on the choice selected seals it
            elif picker.focus is not None:
                self.actions.activate(picker.focus)
            elif (asked := scene.lesson_spot()) is not None:
                self.actions.activate(asked)  # Enter does what the lesson's ring asks
            elif (only := self.only_action()) is not None:
                self.actions.activate(only)  # the one thing that can be done now
            return True
        if key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._arrow(key)
            return True
        char = event.unicode
        if char and (char.isalnum() or char in " /-") and scene.turns.chooser is not None:
            picker.typed += char
            self._submit_typed(final=False)
            return True
        if char and char.isalnum() and scene.bots.busy_message():
            return True
        return False

    def only_action(self) -> Spot | None:
        """The one spot or button that can be picked now, if there is just one: the only
        choice left, or the one button that finishes a pick already begun (Re-roll)."""
        picker = self.scene.picker
        clickable = picker.clickable()
        if len(clickable) == 1:
            return next(iter(clickable))
        buttons = [spot for spot in clickable if isinstance(spot, Choice)]
        return buttons[0] if picker.selected and len(buttons) == 1 else None

    def _submit_typed(self, final: bool) -> None:
        scene, picker = self.scene, self.scene.picker
        seat = scene.turns.chooser
        if seat is None:
            return
        text = picker.typed.strip().lower()
        legal = scene.turns.match.state.legal_moves(seat)
        exact = [m for m in legal if str(m).lower() == text]
        longer = [m for m in legal if str(m).lower().startswith(text) and str(m).lower() != text]
        if exact and (final or not longer):  # at a secret turn selected like a click
            path = scene.board.path(exact[0], scene.turns.match.state)
            self.actions.take_pick(seat, None, picker.select(exact[0], path))
            return
        if longer and not final:
            return  # keep typing
        try:
            move = scene.spec.parse_move(text)
        except GameError as error:
            if not final and any(word.startswith(text) for word in scene.board.keywords):
                return  # on the way to a word of the game's notation ("end", "reroll")
            scene.status.say(says.not_a_move(picker.typed.strip(), str(error)), error=True)
        else:
            reason = scene.turns.match.state.why_illegal(seat, move)
            scene.status.say(sentence(reason or says.NOT_POSSIBLE), error=True)
        picker.typed = ""

    def _focusables(self) -> list[tuple[Spot, pygame.Rect]]:
        """Spots and buttons reachable by Tab and arrows, in reading order."""
        scene = self.scene
        items = []
        for spot in scene.picker.clickable():
            if isinstance(spot, Choice):
                continue
            rect = scene.board.spot_rect(spot)
            if rect is not None:
                items.append((spot, rect))
        items.sort(key=lambda item: (item[1].centery // 8, item[1].centerx))
        items += [(b.value, b.rect) for b in scene.buttons]
        return items

    def _move_focus(self, step: int) -> None:
        items = self._focusables()
        if not items:
            return
        keys = [item[0] for item in items]
        picker = self.scene.picker
        index = keys.index(picker.focus) if picker.focus in keys else (-1 if step > 0 else 0)
        picker.focus = keys[(index + step) % len(keys)]

    def _arrow(self, key: int) -> None:
        scene = self.scene
        items = self._focusables()
        if not items:
            return
        rects = dict(items)
        picker = scene.picker
        if picker.focus not in rects:
            picker.focus = items[0][0]
            return
        here = rects[picker.focus].center
        dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                  pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        best, best_cost = None, None
        for spot, rect in items:
            vx, vy = rect.centerx - here[0], rect.centery - here[1]
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy) + abs(vy * dx)
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = spot, cost
        if best is not None:
            picker.focus = best
