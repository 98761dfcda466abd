"""PlayInput: a person's clicks and keys on the play screen, turned into picks and actions.

A click on the board or a key picks a spot through the Picker; a whole move goes to the turn
loop through the screen's `commit`, the one path every move takes (a bot's, a phone's and a
lesson's too), where the engine checks it once. A button's action (menu, undo, hint, lock in,
draw offer...) is done here or handed to the part that owns it. While a result is held, any
click or key acknowledges it, but the menu and undo.
"""
from __future__ import annotations

import pygame

from game.core import Move
from game.words import play_screen as says
from game.words.base import sentence
from scenes.play.parts.picker import Complete, Extended, Pick, PutBack, Selected, Spot
from scenes.play.parts.picker import Extra
from scenes.play.parts.play_buttons import button_at
from scenes.play.parts.play_keys import PlayKeys
from scenes.play.parts.screen import PlayScreen
from scenes.shell.widgets import Button

MODIFIER_KEYS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA,
                           pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK})


class PlayInput:
    """The play screen's input: owned by the screen, acting on its turn loop and parts."""

    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.keys = PlayKeys(screen, self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks and keys: choose spots, type moves, skip animations, open the menu. What
        they change is redrawn: the board and the action bar, where picks, pointing and
        messages show (a move made, or a new screen, redraws the whole window)."""
        before, buttons = self._looks(), self.screen.buttons
        handled = self._handle(event)
        if self._looks() != before:
            self._redraw(buttons + self.screen.buttons)
        return handled

    def _redraw(self, buttons: list[Button]) -> None:
        """Ask for the board, the action bar and any button outside it (Leave lesson, in the
        side panel) to be redrawn, each grown by the reach of rings and key caps. The board's
        and the bar's stop at the top bar and the side panel, which are drawn over them and
        show nothing a pick or a pointer changes."""
        screen = self.screen
        reach = screen.app.theme.look_margin
        rects = screen.rects
        top = rects["top"].bottom
        column = pygame.Rect(0, top, rects["side"].left, rects["bottom"].bottom + reach - top)
        areas = [rects[name].inflate(2 * reach, 2 * reach).clip(column)
                 for name in ("board", "bottom")]
        for button in buttons:  # the bar's are in its area
            if not rects["bottom"].contains(button.rect):
                areas.append(button.rect.inflate(2 * reach, 2 * reach))
        for area in areas:
            screen.app.invalidate(area)

    def _looks(self) -> tuple:
        """What input may change on screen, short of a move: by identity or value."""
        screen = self.screen
        picker, status = screen.picker, screen.status
        return (picker.selected, picker.hover, picker.focus, picker.typed, status.text,
                status.is_error, id(screen.buttons))

    def _handle(self, event: pygame.event.Event) -> bool:
        screen = self.screen
        if event.type == pygame.MOUSEMOTION:
            button = button_at(screen.buttons, event.pos)
            screen.picker.hover = button.value if button else screen.board.spot_at(
                event.pos, screen.turns.observation())
            return True
        if screen.turns.hold is not None and self._held_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.keys.handle(event)
        return False

    def _held_event(self, event: pygame.event.Event) -> bool:
        """While a result is held: any click or key acknowledges it, but Menu, Esc and undo."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.screen.buttons, event.pos)
            if button is not None and isinstance(button.value, Extra):
                self.activate(button.value)
            else:
                self.screen.acknowledge()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE or (event.key == pygame.K_z
                                            and event.mod & pygame.KMOD_CTRL):
            return self.keys.handle(event)
        if event.key not in MODIFIER_KEYS:
            self.screen.acknowledge()
        return True

    def _click(self, pos: tuple[int, int]) -> bool:
        screen = self.screen
        button = button_at(screen.buttons, pos)
        if button is not None and isinstance(button.value, Extra):
            self.activate(button.value)
        elif screen.turns.busy:
            screen.turns.skip()
        elif button is not None:
            self.activate(button.value)
        elif not screen.bots.busy_message():
            spot = screen.board.spot_at(pos, screen.turns.observation())
            if spot is not None:
                self.activate(spot)
        return True

    def activate(self, spot: Spot) -> None:
        """Pick a spot or button: extend the selection, make the move, or explain the refusal."""
        if isinstance(spot, Extra):
            self.action(spot.name)
            return
        turns = self.screen.turns
        if turns.busy:
            return
        seat = turns.chooser
        if seat is not None:
            self.take_pick(seat, spot, self.screen.picker.pick(spot))

    def take_pick(self, seat: int, spot: Spot, picked: Pick) -> None:
        """Act on what a pick (a click, a key, a typed move) did: hand a whole move to the turn
        loop, show a secret choice selected, or say why the spot is not a choice."""
        screen = self.screen
        if isinstance(picked, Complete):
            self.choose(picked.move)
        elif isinstance(picked, Selected):
            self.select_secret(picked.move)
        elif isinstance(picked, PutBack):
            if screen.turns.secret_turn():
                screen.status.clear()
            screen.refresh_buttons()
        elif isinstance(picked, Extended):
            if screen.status.is_error:
                screen.status.clear()  # the refusal was about a pick that has been put right
            screen.app.sound.play("select")
            screen.refresh_buttons()
        else:
            self._not_a_choice(seat, spot)

    def _not_a_choice(self, seat: int, spot: Spot) -> None:
        """Say why a spot is not a choice now, and what is."""
        screen = self.screen
        turns, picker = screen.turns, screen.picker
        state, selected = turns.match.state, picker.selected
        move = screen.board.guess_move(selected + (spot,), state)
        if move is not None:
            reason = sentence(state.why_illegal(seat, move) or says.not_a_choice(""))
        else:
            reason = says.not_a_choice(turns.words.prompt(turns.observation(), seat))
        legal = turns.words.legal_words(state, seat, screen.board.pick_options(
            state, seat, selected, picker.clickable()))
        screen.status.say(f"{reason} {legal}" if legal else reason, error=True)

    def choose(self, move: Move) -> bool:
        """Make the chooser's move; False (with the reason shown) if the lesson or the rules
        refuse it (the engine checks it, once, in the turn loop)."""
        seat = self.screen.turns.chooser
        if seat is None or self._lesson_refused(seat, move):
            return False
        return self.screen.commit(seat, move)

    def _lesson_refused(self, seat: int, move: Move) -> bool:
        """In a lesson, a legal move that is not the one asked for is refused with a word of
        help (True); else False."""
        screen = self.screen
        guide = screen.guide
        refusal = guide.refusal(screen.turns.match, seat, move) if guide is not None else None
        if refusal is None:
            return False
        screen.picker.clear()
        screen.refresh_buttons()
        screen.status.say(refusal, error=True)
        return True

    def select_secret(self, move: Move) -> None:
        """A secret choice is selected: shown, and sealed only by Lock in (in a lesson, one not
        asked for is refused at once)."""
        screen = self.screen
        seat = screen.turns.chooser
        if seat is None or self._lesson_refused(seat, move):
            return
        screen.app.sound.play("select")
        turns = screen.turns
        screen.status.say(says.selected_secret(turns.words.choice_words(move, turns.match.state)))
        screen.refresh_buttons()

    def lock_in(self) -> bool:
        """Seal the secret choice selected (Lock in); False if none is waiting."""
        move = self.screen.picker.pending_choice()
        return move is not None and self.choose(move)

    def cancel(self) -> None:
        """Put back everything picked, and the message about it."""
        screen = self.screen
        screen.picker.clear()
        screen.status.clear()
        screen.refresh_buttons()

    def action(self, name: str) -> None:
        """Do a button's action by name (menu, undo, hint, peek, hide, draw offer...)."""
        screen = self.screen
        turns, seat = screen.turns, screen.turns.chooser
        if name == "lockin":
            self.lock_in()
        elif name in ("hide", "cancel"):
            if name == "hide":
                turns.hide()
            self.cancel()
        elif name == "menu":
            screen.app.go("pause", play=screen)
        elif name == "undo":
            screen.undo.request()
        elif name == "continue":
            screen.acknowledge()
        elif name == "hint":
            screen.hints.ask()
        elif name == "leave":
            screen.leave_lesson()
        elif name == "phones":
            screen.app.go("phones", play=screen)
        elif name == "peek" and seat is not None:
            screen.peek(seat)
        elif name == "draw" and seat is not None and not turns.hot_seat:
            screen.bots.offer_draw()
        elif name == "draw" and seat is not None:
            name_of = turns.match.state.seat_name
            screen.app.go("confirm", title=says.draw_offered(name_of(seat)),
                          question=says.draw_question(name_of(1 - seat)),
                          yes="Accept draw", no="Play on", on_yes=turns.agree_draw)
