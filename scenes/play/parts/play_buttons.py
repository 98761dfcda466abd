"""The play screen's buttons: which show now and where, in the action bar and the lesson's box.

At the action bar's left, the chooser's choices that are buttons, then Lock in while a secret
choice waits (after the choices, so none of them moves when it comes), or Continue alone while a
result is held; at its right the scene's actions, Cancel first while something is selected and
Menu last, laid from the right edge (so one coming or going at their left moves no other), each
as wide as its widest label (Hint and "Hint..." alike). While a lesson runs, Leave lesson sits
at the foot of the side panel.
"""
from __future__ import annotations

import pygame

from scenes.boards.base import Choice
from scenes.play.parts.picker import Extra
from scenes.play.parts.screen import PlayScreen
from scenes.shell import theme as th
from scenes.shell.widgets import Button


def action_buttons(scene: PlayScreen) -> list[Button]:
    """The play scene's buttons now, each with its rect (the scene has been laid out)."""
    theme = scene.app.theme
    area = scene.rects["bottom"]
    choices = sorted((s for s in scene.picker.clickable() if isinstance(s, Choice)),
                     key=lambda c: (c.order, c.label))
    extras = [Button("Menu", Extra("menu"), hint="Esc")]
    if scene.hints.offered():
        extras.insert(0, Button("Hint..." if scene.hints.thinking else "Hint", Extra("hint"),
                                hint="?"))
    if scene.undo.offered():
        extras.insert(0, Button("Undo", Extra("undo"), hint="Ctrl+Z"))
    seat = scene.turns.chooser
    state = scene.turns.match.state
    hot_seat = scene.turns.hot_seat
    if seat is not None and hot_seat and scene.turns.words.has_secret(state, seat) \
            and scene.turns.private_seat != seat and not scene.phones.on_phone(seat):
        extras.insert(0, Button(f"Peek: {state.seat_name(seat)}", Extra("peek"),
                                hint=f"{state.seat_name(seat)}'s secret"))
    elif seat is not None and hot_seat and scene.turns.private_seat == seat \
            and not scene.turns.needs_privacy(seat):
        extras.insert(0, Button("Hide", Extra("hide"), hint=f"{state.seat_name(seat)}'s secret"))
    if scene.phones.active:
        extras.insert(0, Button("Phones", Extra("phones"), hint="codes"))
    if (seat is not None and state.draw_by_agreement and not scene.picker.selected
            and not scene.turns.in_lesson() and (state.pending == (None, None) or not hot_seat)):
        extras.insert(0, Button("Offer draw", Extra("draw")))
    buttons = [Button(c.label, c, hint=c.key if c.key != c.label else "") for c in choices]
    if scene.picker.pending_choice() is not None:
        buttons.append(Button("Lock in", Extra("lockin"), hint="Enter", primary=True))
    if scene.turns.hold is not None:
        buttons = [Button("Continue", Extra("continue"), hint="any key")]
    if scene.picker.selected:  # the first of the actions, laid from the right: nothing moves
        extras.insert(0, Button("Cancel", Extra("cancel"), hint="Esc"))
    height = theme.px(56)
    gap = theme.px(10)
    y = area.bottom - height
    x = area.left
    for button in buttons:
        w = button_width(theme, button)
        button.rect = pygame.Rect(x, y, w, height)
        x += w + gap
    x = area.right
    for button in reversed(extras):
        w = button_width(theme, button)
        x -= w
        button.rect = pygame.Rect(x, y, w, height)
        x -= gap
    if scene.turns.in_lesson():  # in the lesson's box at the foot of the side panel
        side = scene.rects["side"]
        leave = Button("Leave lesson", Extra("leave"))
        leave.rect = pygame.Rect(side.left + theme.px(14), side.bottom - theme.px(62),
                                 side.width - theme.px(28), theme.px(50))
        extras.append(leave)
    return buttons + extras


# the labels a button takes by turns: it is as wide as the widest, so it never changes width
LABELS = {"hint": ("Hint", "Hint...")}


def button_width(theme: th.Theme, button: Button) -> int:
    """Wide enough for its label (any it takes by turns) and its hint."""
    labels = LABELS.get(getattr(button.value, "name", ""), (button.label,))
    words = max(*(theme.text(label, th.LABEL).get_width() for label in labels),  # as drawn
                theme.text(button.hint, th.CAPTION).get_width() if button.hint else 0)
    return max(theme.px(90), words + theme.px(32))


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The button under a point, if any."""
    for button in buttons:
        if button.rect.collidepoint(pos):
            return button
    return None
