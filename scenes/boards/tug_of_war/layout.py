"""Tug of War's layout: the header, the name rows, the rope zone with both teams' places, the nine
dice and the guide's lines, top to bottom; the dice spots and the buttons."""
from __future__ import annotations

import itertools
from typing import Sequence

import pygame

from game.rules.tug_of_war import ATHLETES, TugOfWarState
from game.words.base import plural
from game.words.tug_of_war import TugOfWarNarrator, free_slots
from scenes.boards.base import Board, Choice
from scenes.boards.tug_of_war.plan import common_spot, team_spot
from scenes.shell import theme as th

KEEP_CHOICE = Choice("Keep these dice", "keep", order=0)
END_CHOICE = Choice("End turn", "end", order=9)
LIFT = 6  # design pixels a picked die is lifted by
LAST_EDGE = 7  # design pixels round the words of a side's last turn, for their frame
# The board's words in the theme's roles (times a factor a step or two from a role's own size)
PHASE = th.HEADING * 0.8  # the phase in words, at the top: a heading a step down
NAME = th.LABEL * 0.9  # a side's name in its row
COUNT = th.NUMBER * 1.2  # its athletes on the rope, the row's big figure
BADGE_LETTER = th.LABEL * 0.8  # its letter on its badge
GROUP_TITLE = th.CAPTION * 1.12  # "Common dice" over a group: a step above small print
HINT = th.BODY * 0.9  # the guide to the next pick, under the dice: a step below
PILL = th.HEADING * 1.2  # "Eks wins!" or "Oh's turn", on its pill over the rope


def first_free(dice: Sequence[int], value: int, used: int) -> int:
    """The first unpaired slot showing this value (the one the engine pairs); ValueError if no
    unpaired die shows it (the move is not legal here)."""
    slot = next((i for i in free_slots(dice, used) if dice[i] == value), None)
    if slot is None:
        raise ValueError(f"no unpaired die shows {value}")
    return slot


def slot_sets(dice: Sequence[int], values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of slots whose dice show exactly these values (equal dice are alternatives)."""
    return [slots for slots in itertools.combinations(range(len(dice)), len(values))
            if sorted(dice[i] for i in slots) == sorted(values)]


def flicker_face(seed: int, tick: int) -> int:
    """A die face that changes every tick, the same for the same seed and tick (no global RNG)."""
    mixed = (seed * 2654435761 + tick * 40503 + 12345) & 0xFFFFFFFF
    return (mixed >> 13) % 6 + 1


def reroll_choice(values: Sequence[int], setup: bool) -> Choice:
    """The button that confirms a re-roll of the picked dice."""
    key = "reroll " + "".join(map(str, values))
    if not setup:
        return Choice("Re-roll this die", key, order=1)
    label = "Re-roll all 3" if len(values) == 3 else f"Re-roll {plural(len(values), 'die')}"
    return Choice(label.replace("dies", "dice"), key, order=1)


class TugLayout(Board[TugOfWarState]):
    """Where every part of the Tug of War board goes, and the die faces drawn for it."""

    words: TugOfWarNarrator

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.layer: pygame.Surface | None = None
        self.rope: pygame.Surface | None = None
        self.faces: dict[tuple, pygame.Surface] = {}
        self.pawns: list[pygame.Surface] = []
        self.die = 40
        self.die_rects: dict[tuple, pygame.Rect] = {}

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Header, names, rope zone, dice row and hint lines, top to bottom."""
        super().layout(area)
        theme = self.theme
        self.pad = theme.px(14)
        inner = self.area.inflate(-2 * self.pad, -2 * self.pad)
        self.inner = inner
        self.header_y = inner.top
        self.names_y = inner.top + theme.text_px(PHASE) + theme.px(10)
        names_h = theme.text_px(COUNT) + theme.px(6)
        self.last_y = self.names_y + names_h  # each side's last turn, in words
        names_h += theme.line(th.CAPTION) + theme.px(4 + 2 * LAST_EDGE)
        self.hint_h = 2 * (theme.text_px(HINT) + theme.px(3))
        self.die = max(12, int(min(inner.width / 12.5, inner.height * 0.16)))
        ring = th.reach(theme)  # a die's rings (lifted when picked) stay off the words
        label_h = theme.text_px(GROUP_TITLE) + ring + theme.px(LIFT + 2)
        under_h = theme.text_px(th.CAPTION) + ring + theme.px(2)
        dice_y = inner.bottom - self.hint_h - theme.px(6) - under_h - self.die
        self.label_y = dice_y - label_h
        zone = pygame.Rect(inner.left, self.names_y + names_h, inner.width,
                           max(10, self.label_y - theme.px(4) - self.names_y - names_h))
        self._layout_rope(zone)
        self._layout_dice(dice_y)

    def _layout_rope(self, zone: pygame.Rect) -> None:
        theme = self.theme
        self.zone = zone
        self.rope_y = zone.centery
        self.rope_left = zone.left + theme.px(4)
        self.rope_right = zone.right - theme.px(4)
        half = (self.rope_right - self.rope_left) / 2
        margin, centre_gap = theme.px(6), theme.px(16)
        # athletes alternate above and below the rope, so a pawn may be over two steps wide
        # (neighbours in a row overlap only at the outstretched arms)
        self.step = (half - margin - centre_gap) / (ATHLETES + 1.5)
        self.row_gap = theme.px(7)
        width = min(self.step * 2.5, (zone.height / 2 - self.row_gap - theme.px(4)) / 1.15)
        self.pawn_w = max(6, int(width))
        self.athlete_h = int(self.pawn_w * 1.15)
        first = margin + self.pawn_w / 2
        self.end_x = (self.rope_left + first, self.rope_right - first)

    def _layout_dice(self, top: int) -> None:
        die, inner = self.die, self.inner
        gap = int(die * 0.3)
        self.die_gap = gap
        centres = (inner.left + inner.width / 6, inner.centerx, inner.right - inner.width / 6)
        self.group_x = centres
        rects = {}
        for group, cx in enumerate(centres):
            left = cx - (3 * die + 2 * gap) / 2
            for slot in range(3):
                rect = pygame.Rect(round(left + slot * (die + gap)), top, die, die)
                spot = common_spot(slot) if group == 1 else team_spot(group // 2, slot)
                rects[spot] = rect
        self.die_rects = rects

    def athlete_pos(self, seat: int, index: int) -> tuple[float, float]:
        """Where an athlete's feet are: index 0 at the far end, higher ones nearer the centre;
        even indices stand above the rope, odd ones below it."""
        direction = 1 if seat == 0 else -1
        feet = self.rope_y - self.row_gap if index % 2 == 0 else \
            self.rope_y + self.row_gap + self.athlete_h
        return (self.end_x[seat] + direction * index * self.step, feet)

    def face(self, kind: int, value: int, dim: bool = False) -> pygame.Surface:
        """A die face (kind 0 Yellow, 1 Red, 2 common; value 0 is an empty slot), drawn once a
        layout."""
        return self.faces[(kind, value, dim)]

    @staticmethod
    def die_value(state: TugOfWarState, spot: tuple) -> int:
        """The face a die spot shows in this state."""
        dice = state.common if spot[0] == "common" else state.team[spot[1]]
        slot = spot[-1]
        return dice[slot] if slot < len(dice) else 0
