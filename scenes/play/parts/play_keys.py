"""The play scene's keyboard: typed move text, Tab and arrow focus, Enter, Escape."""
from __future__ import annotations

import pygame

from game.core import GameError


class PlayKeys:
    """Keyboard handling mixed into PlayScene (it uses the scene's state and methods)."""

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self._extra("undo")
            return True
        if key == pygame.K_ESCAPE:
            if self.selected or self.typed:
                self._clear_input()
                self.say("")
                self._refresh_buttons()
            else:
                self._extra("menu")
            return True
        if event.unicode == "?" or key == pygame.K_F1:
            self._extra("hint")
            return True
        if self._busy():
            if key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
                self.skip_animation()
            return True
        if key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (key == pygame.K_SPACE
                                                           and not self.typed):
            if self.typed:
                self._submit_typed(final=True)
            elif self.pending_choice() is not None and (
                    self.focus is None or self.focus in self.selected
                    or getattr(self.focus, "name", None) == "lockin"):
                self.lock_in()  # Enter on the choice selected seals it
            elif self.focus is not None:
                self.activate(self.focus)
            return True
        if key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._arrow(key)
            return True
        char = event.unicode
        if char and (char.isalnum() or char in " /-") and self.chooser is not None:
            self.typed += char
            self._submit_typed(final=False)
            return True
        if char and char.isalnum() and self._bot_busy_message():
            return True
        return False

    def _submit_typed(self, final: bool) -> None:
        seat = self.chooser
        if seat is None:
            return
        text = self.typed.strip().lower()
        legal = self.match.state.legal_moves(seat)
        exact = [m for m in legal if str(m).lower() == text]
        longer = [m for m in legal if str(m).lower().startswith(text) and str(m).lower() != text]
        if exact and (final or not longer):
            self.typed = ""
            self.selected = ()
            if self.secret_turn():  # selected like a click: Lock in (Enter) seals it
                self.selected = tuple(self.board.path(exact[0], self.match.state))
                self._selected_secret(exact[0])
            else:
                self.choose(exact[0])
            return
        if longer and not final:
            return  # keep typing
        try:
            move = self.spec.parse_move(text)
        except GameError as error:
            if not final and any(word.startswith(text) for word in self.board.keywords):
                return  # on the way to a word of the game's notation ("end", "reroll")
            self.say(f"{self.typed.strip()!r} is not a move: {error}", error=True)
        else:
            reason = self.match.state.why_illegal(seat, move)
            self.say(sentence(reason or "That move is not possible now."), error=True)
        self.typed = ""

    def _move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        keys = [item[0] for item in items]
        index = keys.index(self.focus) if self.focus in keys else (-1 if step > 0 else 0)
        self.focus = keys[(index + step) % len(keys)]

    def _arrow(self, key: int) -> None:
        items = self.focusables()
        if not items:
            return
        rects = dict(items)
        if self.focus not in rects:
            self.focus = items[0][0]
            return
        here = rects[self.focus].center
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
            self.focus = best


def sentence(text: str) -> str:
    """Text as a sentence: capital first letter, closing full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
