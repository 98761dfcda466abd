"""Tug of War board: the rope with both teams pulling, the team dice and the common dice.

Yellow (round heads, a round "Y" badge) pulls from the left end of the rope, Red (square heads, a
square "R" badge) from the right. Below the rope sit Yellow's team dice, the common dice and Red's
team dice. Moves are paths of dice: a common die then a team die it matches or beats removes an
opposing athlete ("5/4"); a team die then a common die swaps them ("3x2"). Re-rolls pick dice
first and confirm with a button; "keep" and "end" are buttons.
"""
from __future__ import annotations

import itertools
import math
import re
from typing import Sequence

import pygame

from game.core import Event, GameOver, Move, State
from game.rules.tug_of_war import (
    ACT, ATHLETES, SETUP_CHOICE, AthleteRemoved,
    DiceExchanged, DiceRolled, EndTurn, Exchange, Keep, Remove, Reroll, TeamFormed, TugOfWarState,
    TurnStarted,
)
from game.words.base import PickOptions, plural
from game.words.tug_of_war import SEAT_LETTER, free_slots, last_turn_words, listing
from scenes.boards.base import Board, Choice, Example, View, draw_board_area
from scenes.shell import theme as th
from scenes.shell.anim import Timeline, ease_in_out_cubic, ease_out_back, ease_out_bounce, linear

SEAT_FILL = (th.YELLOW, th.VERMILION)
PIP_ON = ((40, 36, 20), (255, 246, 236), (34, 36, 44))  # pips on Yellow, Red and common dice
COMMON_FILL = (228, 226, 216)
KEEP_CHOICE = Choice("Keep these dice", "keep", order=0)
END_CHOICE = Choice("End turn", "end", order=9)
ROLL_TIME = 0.55
PAWN_BODY = ((0.38, 0.33), (0.62, 0.33), (0.96, 0.42), (1.0, 0.51), (0.94, 0.58),
             (0.7, 0.56), (0.72, 0.66), (0.96, 0.99), (0.6, 1.0), (0.5, 0.82), (0.4, 1.0),
             (0.04, 0.99), (0.28, 0.66), (0.3, 0.56), (0.06, 0.58), (0.0, 0.51), (0.04, 0.42))
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def team_spot(seat: int, slot: int) -> tuple[str, int, int]:
    """The spot of one of a seat's team dice."""
    return ("team", seat, slot)


def common_spot(slot: int) -> tuple[str, int]:
    """The spot of one of the common dice."""
    return ("common", slot)


def first_free(dice: Sequence[int], value: int, used: int) -> int | None:
    """The first unpaired slot showing this value (the one the engine pairs)."""
    return next((i for i in free_slots(dice, used) if dice[i] == value), None)


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


class TugOfWarBoard(Board):
    """The rope, both teams and the nine dice; dice are the spots, buttons keep or end."""

    keywords = ("keep", "reroll", "end")
    seat_colours = SEAT_FILL  # for the frame's prompt and results title, once it reads them

    def __init__(self, spec, options, theme) -> None:
        super().__init__(spec, options, theme)
        self.die = 40
        self.die_rects: dict[tuple, pygame.Rect] = {}
        self.layer: pygame.Surface | None = None
        self.rope: pygame.Surface | None = None
        self.faces: dict[tuple, pygame.Surface] = {}
        self.pawns: list[pygame.Surface] = []

    # ---- geometry -------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Header, names, rope zone, dice row and hint lines, top to bottom."""
        super().layout(area)
        theme = self.theme
        self.pad = theme.px(14)
        inner = self.area.inflate(-2 * self.pad, -2 * self.pad)
        self.inner = inner
        self.header_y = inner.top
        self.names_y = inner.top + theme.text_px(21) + theme.px(10)
        names_h = theme.text_px(28) + theme.px(6)
        self.last_y = self.names_y + names_h  # each side's last turn, in words
        names_h += theme.line(15) + theme.px(4)
        self.hint_h = 2 * (theme.text_px(16) + theme.px(3))
        self.die = max(12, int(min(inner.width / 12.5, inner.height * 0.16)))
        label_h = theme.text_px(16) + theme.px(8)
        under_h = theme.text_px(14) + theme.px(8)
        dice_y = inner.bottom - self.hint_h - theme.px(6) - under_h - self.die
        self.label_y = dice_y - label_h
        zone = pygame.Rect(inner.left, self.names_y + names_h, inner.width,
                           max(10, self.label_y - theme.px(4) - self.names_y - names_h))
        self._layout_rope(zone)
        self._layout_dice(dice_y)
        self.faces = {(kind, value, dim): self._render_face(kind, value, dim)
                      for kind in range(3) for value in range(7) for dim in (False, True)}
        self.pawns = [self._render_pawn(0), self._render_pawn(1)]
        self.rope = self._render_rope()
        self.layer = self._render_layer()

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

    # ---- pre-rendered layers --------------------------------------------------------------
    def _render_layer(self) -> pygame.Surface:
        theme, area = self.theme, self.area
        layer = pygame.Surface(area.size)
        layer.fill(th.BACKGROUND)
        shift = (-area.left, -area.top)
        draw_board_area(layer, theme, layer.get_rect())
        lane = pygame.Rect(self.rope_left, self.rope_y - self.row_gap - self.athlete_h
                           - theme.px(6), self.rope_right - self.rope_left,
                           2 * (self.row_gap + self.athlete_h + theme.px(6))).move(shift)
        pygame.draw.rect(layer, th.shade(th.BOARD, 0.86), lane, border_radius=theme.px(12))
        cx = self.area.centerx + shift[0]
        dash = max(3, theme.px(7))
        for y in range(lane.top - theme.px(8), lane.bottom + theme.px(8), 2 * dash):
            pygame.draw.line(layer, th.DIM, (cx, y), (cx, y + dash), max(1, theme.px(2)))
        titles = ("Yellow team dice", "Common dice", "Red team dice")
        for cx_group, title in zip(self.group_x, titles):
            theme.blit_text(layer, title, 16, (cx_group + shift[0], self.label_y + shift[1]),
                            th.DIM, "midtop")
        return layer

    def _render_rope(self) -> pygame.Surface:
        width = self.rope_right - self.rope_left
        thick = max(4, self.theme.px(9))
        rope = pygame.Surface((width, thick + 2), pygame.SRCALPHA)
        body = (196, 160, 104)
        pygame.draw.rect(rope, th.shade(body, 0.55), rope.get_rect(), border_radius=thick // 2)
        pygame.draw.rect(rope, body, rope.get_rect().inflate(-2, -2), border_radius=thick // 2)
        twist = max(4, thick)
        for x in range(0, width, twist):
            pygame.draw.line(rope, th.shade(body, 0.72), (x, thick + 1), (x + twist // 2, 1),
                             max(1, thick // 4))
        return rope

    def _render_pawn(self, seat: int) -> pygame.Surface:
        """A pawn with the seat's head shape and letter, leaning back from the centre."""
        w, h, k = self.pawn_w, self.athlete_h, 3
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        fill, edge = SEAT_FILL[seat], th.shade(SEAT_FILL[seat], 0.38)
        body = [(x * w * k, y * h * k) for x, y in PAWN_BODY]
        line = max(2, int(w * k * 0.06))
        pygame.draw.polygon(big, fill, body)
        pygame.draw.polygon(big, edge, body, line)
        centre, radius = (0.5 * w * k, 0.19 * h * k), 0.2 * w * k
        if seat == 0:
            pygame.draw.circle(big, fill, centre, radius)
            pygame.draw.circle(big, edge, centre, radius, line)
        else:
            square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            square.center = centre
            pygame.draw.rect(big, fill, square, border_radius=line)
            pygame.draw.rect(big, edge, square, line, border_radius=line)
        if w * 0.42 >= self.theme.min_font_size():  # a letter too small to read is left off
            font = self.theme.font(int(w * k * 0.42))  # (the head's shape still tells the side)
            letter = font.render(SEAT_LETTER[seat], True, PIP_ON[seat])
            big.blit(letter, letter.get_rect(center=(0.5 * w * k, 0.6 * h * k)))
        pawn = pygame.transform.smoothscale(big, (w, h))
        lean = 9 if seat == 0 else -9
        return pygame.transform.rotozoom(pawn, lean, 1.0)

    def face(self, kind: int, value: int, dim: bool = False) -> pygame.Surface:
        """A die face (kind 0 Yellow, 1 Red, 2 common; value 0 is an empty slot), cached."""
        key = (kind, value, dim)
        surface = self.faces.get(key)
        if surface is None:
            surface = self.faces[key] = self._render_face(kind, value, dim)
        return surface

    def _render_face(self, kind: int, value: int, dim: bool) -> pygame.Surface:
        size, k = self.die, 2
        big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
        rect = big.get_rect()
        radius = int(size * 0.2 * k)
        if value == 0:  # an empty slot: drawn at size, thin lines blur when scaled down
            empty = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(empty, th.PANEL_EDGE, empty.get_rect(), max(1, self.theme.px(2)),
                             border_radius=radius // k)
            return empty
        fill = SEAT_FILL[kind] if kind < 2 else COMMON_FILL
        pip = PIP_ON[kind]
        if dim:
            fill, pip = th.mix(fill, th.BOARD, 0.6), th.mix(pip, th.BOARD, 0.5)
        pygame.draw.rect(big, th.shade(fill, 0.5), rect, border_radius=radius)
        pygame.draw.rect(big, fill, rect.inflate(-3 * k, -3 * k), border_radius=radius)
        spread, dot = size * 0.25 * k, max(2, size * 0.085 * k)
        for dx, dy in PIPS[value]:
            pygame.draw.circle(big, pip, (rect.centerx + dx * spread, rect.centery + dy * spread),
                               dot)
        return pygame.transform.smoothscale(big, (size, size))

    # ---- spots and moves ------------------------------------------------------------------
    def path(self, move: Move, state: State) -> tuple:
        """Keep/end are buttons; re-rolls pick dice then confirm; pairings are two dice."""
        seat = state.to_move
        if isinstance(move, Keep):
            return (KEEP_CHOICE,)
        if isinstance(move, EndTurn):
            return (END_CHOICE,)
        if isinstance(move, Reroll):
            if state.phase == SETUP_CHOICE:
                slots = self._slots_for(state.team[seat], move.values)
                return tuple(team_spot(seat, s) for s in slots) + (
                    reroll_choice(move.values, True),)
            slot = first_free(state.common, move.values[0], state.used_common)
            return (common_spot(slot), reroll_choice(move.values, False))
        if isinstance(move, (Remove, Exchange)):
            common = common_spot(first_free(state.common, move.common, state.used_common))
            team = team_spot(seat, first_free(state.team[seat], move.team, state.used_team))
            return (common, team) if isinstance(move, Remove) else (team, common)
        return super().path(move, state)

    def paths(self, move: Move, state: State) -> list[tuple]:
        """Dice may be picked in any order, and either of two equal dice will do."""
        seat = state.to_move
        if isinstance(move, Reroll) and state.phase == SETUP_CHOICE:
            confirm = reroll_choice(move.values, True)
            return [tuple(team_spot(seat, s) for s in order) + (confirm,)
                    for slots in slot_sets(state.team[seat], move.values)
                    for order in itertools.permutations(slots)]
        if isinstance(move, Reroll):  # a turn's re-roll: any unpaired common die of that value
            confirm = reroll_choice(move.values, False)
            return [(common_spot(s), confirm) for s in free_slots(state.common, state.used_common)
                    if state.common[s] == move.values[0]]
        if isinstance(move, (Remove, Exchange)):
            commons = [common_spot(s) for s in free_slots(state.common, state.used_common)
                       if state.common[s] == move.common]
            teams = [team_spot(seat, s) for s in free_slots(state.team[seat], state.used_team)
                     if state.team[seat][s] == move.team]
            return [(c, t) if isinstance(move, Remove) else (t, c) for c in commons for t in teams]
        return [self.path(move, state)]

    def pick_options(self, state: State, seat: int, selected: tuple, clickable) -> PickOptions:
        """The dice that may be picked now, by value and what they would do, and the buttons."""
        picked = [s for s in selected if isinstance(s, tuple)]
        if state.phase != ACT:
            roles = {"team": "to re-roll"}
        elif not picked:
            roles = {"common": "to remove with", "team": "to swap"}
        else:
            roles = {"team": "to remove"} if picked[0][0] == "common" else {"common": "to swap in"}
        groups = tuple((group, tuple(sorted({self._die_value(state, s) for s in clickable
                                             if isinstance(s, tuple) and s[0] == group})),
                        roles.get(group, "")) for group in ("common", "team"))
        return PickOptions(groups, tuple(c.label for c in clickable if isinstance(c, Choice)),
                           len(selected))

    @staticmethod
    def _slots_for(dice: Sequence[int], values: Sequence[int]) -> list[int]:
        taken: list[int] = []
        for value in values:
            taken.append(next(i for i, v in enumerate(dice) if v == value and i not in taken))
        return sorted(taken)

    def spot_rect(self, spot) -> pygame.Rect | None:
        """The die's rectangle (dice are the only board spots)."""
        return self.die_rects.get(spot)

    def spot_at(self, pos, state: State) -> tuple | None:
        """The die (or empty die slot) under the point; either of two equal dice is a way to
        the same move."""
        reach = self.die_gap // 2
        for spot, rect in self.die_rects.items():
            if rect.inflate(reach, reach).collidepoint(pos):
                return spot
        return None

    @staticmethod
    def _die_value(state: State, spot: tuple) -> int:
        dice = state.common if spot[0] == "common" else state.team[spot[1]]
        slot = spot[-1]
        return dice[slot] if slot < len(dice) else 0

    def guess_move(self, path: Sequence, state: State) -> Move | None:
        """What a clicked pair of dice would mean: common then team removes, team then common
        swaps; a lone die that starts nothing is read as its likeliest pairing."""
        if state.phase != ACT or state.is_terminal or not path:
            return None
        seat = state.to_move
        dice = [s for s in path if isinstance(s, tuple)]
        if len(dice) != len(path) or any(s[0] == "team" and s[1] != seat for s in dice):
            return None
        values = [self._die_value(state, s) for s in dice]
        if 0 in values:
            return None
        kinds = [s[0] for s in dice]
        if kinds == ["common", "team"]:
            return Remove(values[0], values[1])
        if kinds == ["team", "common"]:
            return Exchange(values[1], values[0])
        if len(dice) != 1:
            return None
        if kinds == ["common"]:
            teams = [state.team[seat][i] for i in free_slots(state.team[seat], state.used_team)]
            return Remove(values[0], min(teams)) if teams else None
        commons = [state.common[i] for i in free_slots(state.common, state.used_common)]
        others = [c for c in commons if c != values[0]] or commons
        return Exchange(max(others), values[0]) if others else None

    def examples(self) -> list[Example]:
        """The seed's worked turn, and a turn of pulls ending in a swap that costs athletes."""
        seed_turn = TugOfWarState(athletes=(3, 9), team=((2, 4, 6), (3, 3, 5)), common=(4, 3, 5),
                                  phase=ACT, to_move=0)
        costly = TugOfWarState(athletes=(7, 8), team=((3, 3, 4), (2, 4, 5)), common=(6, 2, 1),
                               phase=ACT, to_move=1)
        return [
            Example("Swap, then pull",
                    "Yellow swaps the team 2 for the common 3 (+1 for the swap, +1 for the rise); "
                    "the 5 then beats the 4. The last common die is below the 6: the turn passes.",
                    seed_turn, (Exchange(3, 2), Remove(5, 4))),
            Example("Two pulls and a costly swap",
                    "Red's 6 beats the 5 and the 2 matches the 2; swapping the 4 for the 1 gives "
                    "+1 for the swap but -3 for the fall, so 2 Red athletes step off.",
                    costly, (Remove(6, 5), Remove(2, 2), Exchange(1, 4))),
        ]

    # ---- animation ------------------------------------------------------------------------
    def _schedule(self, events: Sequence[Event]) -> tuple[list[tuple], list[tuple[float, str]]]:
        """Tracks (payload, start, duration, ease) and sound cues for these events."""
        tracks: list[tuple] = []
        cues: list[tuple[float, str]] = []
        t = 0.0
        for event in events:
            if isinstance(event, DiceRolled):
                for k, slot in enumerate(event.slots):
                    spot = team_spot(event.seat, slot) if event.group == "team" \
                        else common_spot(slot)
                    tracks.append((("roll", spot), t + 0.07 * k, ROLL_TIME, linear))
                cues.append((t, "dice"))
                t += ROLL_TIME + 0.07 * (len(event.slots) - 1) + 0.05
            elif isinstance(event, TeamFormed):
                t = self._joins(tracks, cues, t, event.seat, 0, event.athletes, 0.4)
            elif isinstance(event, AthleteRemoved):
                pair = ("pair", common_spot(event.common_slot),
                        team_spot(event.seat, event.team_slot))
                tracks.append((pair, t, 0.3, ease_in_out_cubic))
                t += 0.3
                tracks.append((("leave", 1 - event.seat, event.remaining), t, 0.5, linear))
                cues.append((t, "snap"))
                t += 0.5
            elif isinstance(event, DiceExchanged):
                tracks.append((("swap", event.common_slot, event.seat, event.team_slot), t,
                                0.55, ease_in_out_cubic))
                cues.append((t, "slide"))
                t += 0.55
                t = self._rope_change(tracks, cues, t, event)
            elif isinstance(event, TurnStarted):
                start = max(0.0, t - 0.45)  # the banner overlaps the end of what came before
                tracks.append((("turn", event.seat), start, 0.5, linear))
                t = start + 0.5
            elif isinstance(event, GameOver):
                tracks.append((("win", event.outcome.winner), t, 0.6, linear))
                t += 0.6
        if not tracks:
            tracks.append(("step", 0.0, 0.15, linear))
        return tracks, cues

    @staticmethod
    def _joins(tracks, cues, t: float, seat: int, first: int, last: int,
               spread: float) -> float:
        count = last - first
        if count <= 0:
            return t
        stagger = min(0.06, spread / count)
        for k, index in enumerate(range(first, last)):
            tracks.append((("join", seat, index), t + k * stagger, 0.3, ease_out_back))
        cues.append((t, "place"))
        if count > 4:
            cues.append((t + count * stagger * 0.6, "place"))
        return t + (count - 1) * stagger + 0.3

    def _rope_change(self, tracks, cues, t: float, event: DiceExchanged) -> float:
        was = event.on_rope - event.change
        if event.change > 0:
            return self._joins(tracks, cues, t, event.seat, was, event.on_rope, 0.3)
        for k, index in enumerate(range(was - 1, event.on_rope - 1, -1)):
            tracks.append((("leave", event.seat, index), t + 0.06 * k, 0.45, linear))
        if event.change < 0:
            cues.append((t, "place"))
            return t + 0.06 * (-event.change - 1) + 0.45
        return t

    def animate(self, before: State, events: Sequence[Event], after: State) -> Timeline:
        """Dice tumble and land, athletes join or fly off, swapped dice trade places."""
        timeline = Timeline()
        for payload, start, duration, ease in self._schedule(events)[0]:
            timeline.add(payload, duration, at=start, ease=ease)
        return timeline

    def sound_cues(self, events: Sequence[Event]) -> list[tuple[float, str]]:
        """Dice rattle, athletes thud into place or snap off, swapped dice slide."""
        return self._schedule(events)[1]

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View) -> None:
        """The whole board for this view (the plain state, or the animation's frame)."""
        if self.layer is None:
            return
        surface.blit(self.layer, self.area.topleft)
        progress = {}
        if view.animating and view.timeline is not None and view.before is not None:
            progress = {tr.payload: tr.progress(view.t) for tr in view.timeline.tracks}
        before = view.before if progress else view.state
        self._draw_header(surface, view.words_state)
        shown = self._draw_team_line(surface, view.state, before, progress)
        self._draw_names(surface, view.words_state, shown)
        if not view.animating:
            self._draw_last_turns(surface, view)
        self._draw_dice(surface, view, progress)
        self._draw_hint(surface, view)
        self._draw_banner(surface, view.state, progress)

    def _draw_header(self, surface, state: State) -> None:
        self.theme.blit_text(surface, self.words.phase_words(state), 21,
                             (self.inner.centerx, self.header_y), th.TEXT, "midtop")

    def _draw_names(self, surface, state: State, shown: list[float]) -> None:
        """Each side's badge, name, athletes on the rope (as many as stand there now) and
        reserve; the side whose turn it is sits on a tinted pill."""
        theme = self.theme
        y = self.names_y + (theme.text_px(28) + theme.px(6)) // 2
        acting = None if state.is_terminal else state.to_move
        for seat in (0, 1):
            on_rope = round(shown[seat])
            words = [(SEAT_LETTER[seat], 0), (state.seat_name(seat), 20), (str(on_rope), 28),
                     (f"on the rope · {ATHLETES - on_rope} in reserve", 15)]
            self._draw_name_row(surface, seat, words, y, seat == acting)

    def _draw_last_turns(self, surface, view: View) -> None:
        """Under each side's name, what it did on its last turn."""
        theme = self.theme
        room = self.inner.width // 2 - theme.px(12)
        for seat, turns in view.last.items():
            if not turns:
                continue
            now = turns[-1][0][0].turn == view.state.turn  # the turn under way
            words = last_turn_words(turns[-1], now=now)
            if words and theme.text(words, 15).get_width() > room:
                words = last_turn_words(turns[-1], short=True, now=now)
            if not words or theme.text(words, 15).get_width() > room:
                continue
            x = self.inner.left if seat == 0 else self.inner.right
            theme.blit_text(surface, words, 15, (x, self.last_y), th.DIM,
                            "topleft" if seat == 0 else "topright")

    def _draw_name_row(self, surface, seat: int, words, y: int, active: bool) -> None:
        theme = self.theme
        radius = max(6, (theme.text_px(28) + theme.px(6)) // 2 - theme.px(2))
        gap = theme.px(8)
        quiet = th.SOFT if active else th.DIM  # on the tinted pill DIM would fade
        images = [theme.text(text, size, th.TEXT if size != 15 else quiet)
                  for text, size in words[1:]]
        width = 2 * radius + gap * len(images) + sum(i.get_width() for i in images)
        x = self.inner.left if seat == 0 else self.inner.right - width
        if active:
            pill = pygame.Rect(x - theme.px(6), y - radius - theme.px(3),
                               width + theme.px(12), 2 * radius + theme.px(6))
            pygame.draw.rect(surface, th.mix(th.BOARD, SEAT_FILL[seat], 0.22), pill,
                             border_radius=pill.height // 2)
        self._draw_badge(surface, seat, (x + radius, y), radius)
        x += 2 * radius + gap
        for image in images:
            surface.blit(image, image.get_rect(midleft=(x, y)))
            x += image.get_width() + gap

    def _draw_badge(self, surface, seat: int, centre, radius: int) -> None:
        edge = th.shade(SEAT_FILL[seat], 0.4)
        if seat == 0:
            pygame.draw.circle(surface, edge, centre, radius)
            pygame.draw.circle(surface, SEAT_FILL[0], centre, radius - 2)
        else:
            square = pygame.Rect(0, 0, 2 * radius - 2, 2 * radius - 2)
            square.center = centre
            pygame.draw.rect(surface, edge, square, border_radius=3)
            pygame.draw.rect(surface, SEAT_FILL[1], square.inflate(-4, -4), border_radius=2)
        letter_colour = PIP_ON[seat]
        self.theme.blit_text(surface, SEAT_LETTER[seat], 18, centre, letter_colour, "center")

    def _draw_team_line(self, surface, state: State, before: State,
                        progress: dict) -> list[float]:
        """The rope, its ribbon and both teams; how many athletes of each side show now."""
        shown = [0.0, 0.0]
        standing: list[tuple[int, int, float]] = []
        leaving: list[tuple[int, int, float]] = []
        for seat in (0, 1):
            now, was = state.athletes[seat], before.athletes[seat]
            for index in range(max(now, was)):
                if index >= now:
                    p = progress.get(("leave", seat, index), 1.0)
                    if p < 1:
                        leaving.append((seat, index, p))
                        shown[seat] += 1 - p
                    continue
                p = progress.get(("join", seat, index), 1.0) if index >= was else 1.0
                if p > 0:
                    standing.append((seat, index, p))
                    shown[seat] += min(1.0, p)
        surface.blit(self.rope, (self.rope_left, self.rope_y - self.rope.get_height() // 2))
        self._draw_marker(surface, shown)
        for seat, index, p in standing:
            self._draw_athlete(surface, seat, index, p)
        for seat, index, p in leaving:
            self._draw_leaver(surface, seat, index, p)
        return shown

    def _draw_athlete(self, surface, seat: int, index: int, p: float) -> None:
        x, y = self.athlete_pos(seat, index)
        pawn = self.pawns[seat]
        lift = (1 - p) * self.athlete_h * 1.5  # joiners drop in from above
        surface.blit(pawn, pawn.get_rect(midbottom=(round(x), round(y - lift))))

    def _draw_leaver(self, surface, seat: int, index: int, p: float) -> None:
        x, y = self.athlete_pos(seat, index)
        outward = -1 if seat == 0 else 1
        x += outward * p * self.step * 5
        y -= math.sin(p * math.pi * 0.8) * self.athlete_h * 1.6 - p * p * self.athlete_h * 0.4
        angle = -outward * p * 120
        pawn = pygame.transform.rotozoom(self.pawns[seat], angle, 1 - 0.45 * p)
        surface.blit(pawn, pawn.get_rect(center=(round(x), round(y - self.athlete_h / 2))))

    def _draw_marker(self, surface, shown: list[float]) -> None:
        """The ribbon on the rope leans toward the side with more athletes."""
        half = (self.rope_right - self.rope_left) / 2
        lean = max(-1.0, min(1.0, (shown[0] - shown[1]) / ATHLETES))
        x = round(self.area.centerx - lean * half * 0.25)
        size = max(5, self.theme.px(11))
        top = self.rope_y - size // 2
        flag = [(x - size // 2, top), (x + size // 2, top), (x + size // 2, top + 2 * size),
                (x, top + int(size * 1.5)), (x - size // 2, top + 2 * size)]
        pygame.draw.polygon(surface, th.TEXT, flag)
        pygame.draw.polygon(surface, th.shade(th.TEXT, 0.45), flag, max(1, size // 5))

    def _draw_dice(self, surface, view: View, progress: dict) -> None:
        state = view.state
        lifted = set(view.selected)
        moving = self._moving_dice(state, progress)
        pending = {s for key, p in progress.items() if key[0] == "pair" and p < 1
                   for s in key[1:]}
        for spot, rect in self.die_rects.items():
            if spot in moving:
                continue
            value = self._die_value(state, spot)
            used = self._used(state, spot) and spot not in pending
            roll = progress.get(("roll", spot))
            kind = 2 if spot[0] == "common" else spot[1]
            if roll is not None and roll < 1:
                self._draw_rolling(surface, view, spot, kind, value, roll)
                continue
            target = rect.move(0, -self.theme.px(6)) if spot in lifted else rect
            surface.blit(self.face(kind, value, used), target)
            self._draw_die_marks(surface, view, spot, target, used, value)
        for spot, (kind, value, centre) in moving.items():
            image = self.face(kind, value)
            surface.blit(image, image.get_rect(center=centre))
        self._draw_pair_link(surface, progress)
        if not progress:
            self._draw_twins(surface, view)

    def _draw_twins(self, surface, view: View) -> None:
        """An "=" on each of two or three equal dice that may be picked: either will do."""
        groups: dict[tuple, list] = {}
        for spot in view.clickable:
            if isinstance(spot, tuple) and spot in self.die_rects:
                groups.setdefault((spot[:-1], self._die_value(view.state, spot)), []).append(spot)
        theme = self.theme
        for spots in groups.values():
            if len(spots) < 2:
                continue
            for spot in spots:
                rect = self.die_rects[spot]
                if spot in view.selected:
                    rect = rect.move(0, -theme.px(6))
                badge = theme.text("=", 22, th.TEXT)
                centre = (rect.right - theme.px(2), rect.top + theme.px(2))
                radius = max(badge.get_width(), badge.get_height()) // 2 + theme.px(3)
                pygame.draw.circle(surface, th.BACKGROUND, centre, radius)
                pygame.draw.circle(surface, th.TEXT, centre, radius, max(1, theme.px(2)))
                theme.blit_text(surface, "=", 22, centre, th.TEXT, "center")

    def _moving_dice(self, state: State, progress: dict) -> dict:
        """Swapped dice on their way, by spot: (kind, value shown, centre now)."""
        moving = {}
        for key, p in progress.items():
            if key[0] != "swap" or p >= 1:
                continue
            _, common_slot, seat, team_slot = key
            c_spot, t_spot = common_spot(common_slot), team_spot(seat, team_slot)
            c_rect, t_rect = self.die_rects[c_spot], self.die_rects[t_spot]
            arc = math.sin(p * math.pi) * self.die * 0.9
            t_centre = (c_rect.centerx + (t_rect.centerx - c_rect.centerx) * p,
                        c_rect.centery + (t_rect.centery - c_rect.centery) * p - arc)
            c_centre = (t_rect.centerx + (c_rect.centerx - t_rect.centerx) * p,
                        t_rect.centery + (c_rect.centery - t_rect.centery) * p + arc * 0.5)
            moving[t_spot] = (seat, self._die_value(state, t_spot), t_centre)
            moving[c_spot] = (2, self._die_value(state, c_spot), c_centre)
        return moving

    def _draw_rolling(self, surface, view: View, spot, kind: int, value: int, p: float) -> None:
        rect = self.die_rects[spot]
        seed = spot[-1] * 3 + (0 if spot[0] == "common" else 1 + spot[1])
        if p < 0.72:
            value = flicker_face(seed, int(view.t * 18))
        drop = (1 - ease_out_bounce(p)) * self.die * 0.9
        jitter = math.sin(view.t * 47 + seed) * self.die * 0.09 * (1 - p)
        angle = (1 - p) ** 2 * 500 * (1 if seed % 2 else -1)
        image = pygame.transform.rotate(self.face(kind, value), angle)
        surface.blit(image, image.get_rect(center=(rect.centerx + jitter, rect.centery - drop)))

    def _draw_die_marks(self, surface, view: View, spot, rect: pygame.Rect, used: bool,
                        value: int) -> None:
        theme = self.theme
        ring_rect = rect.inflate(theme.px(12), theme.px(12))
        note, colour = "", th.DIM
        if spot in view.selected:
            pygame.draw.rect(surface, th.TEXT, ring_rect.inflate(theme.px(4), theme.px(4)),
                             theme.px(4), border_radius=theme.px(10))
            note, colour = "picked", th.ACCENT
        elif spot in view.clickable:
            th.draw_choice(surface, theme, rect.inflate(theme.px(8), theme.px(8)),
                           **view.looks(spot))
            note, colour = self._target_note(view, spot), th.TEXT
        elif used and value:
            note = "used"
        if note:
            theme.blit_text(surface, note, 14, (rect.centerx, self.die_rects[spot].bottom
                                                + theme.px(6)), colour, "midtop")

    def _target_note(self, view: View, spot) -> str:
        """What clicking this die now would do, shown under it once a first die is picked."""
        if not view.selected or view.state.phase != ACT:
            return ""
        state, first = view.state, view.selected[0]
        if not isinstance(first, tuple):
            return ""
        if first[0] == "common" and spot[0] == "team":
            return "remove"
        if first[0] == "team" and spot[0] == "common":
            seat = state.to_move
            rope = state.athletes[seat]
            gain = min(ATHLETES, rope + 1 + self._die_value(state, spot)
                       - self._die_value(state, first)) - rope
            return f"swap {gain:+d}"
        return ""

    def _used(self, state: State, spot) -> bool:
        if state.phase != ACT or state.is_terminal:
            return False
        if spot[0] == "common":
            return bool(state.used_common >> spot[1] & 1)
        return spot[1] == state.to_move and bool(state.used_team >> spot[2] & 1)

    def _draw_pair_link(self, surface, progress: dict) -> None:
        for key, p in progress.items():
            if key[0] != "pair" or p >= 1 or p <= 0:
                continue
            for spot in key[1:]:  # both dice of the pairing light up while the link grows
                th.draw_focus(surface, self.die_rects[spot].inflate(self.theme.px(12),
                                                                    self.theme.px(12)),
                              self.theme, True)
            a, b = self.die_rects[key[1]].center, self.die_rects[key[2]].center
            end = (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
            lift = self.die * 0.7
            pygame.draw.line(surface, th.ACCENT, (a[0], a[1] - lift), (end[0], end[1] - lift),
                             self.theme.px(4))
            pygame.draw.circle(surface, th.ACCENT, (end[0], end[1] - lift), self.theme.px(6))

    def _draw_hint(self, surface, view: View) -> None:
        text = self.hint(view)
        if not text:
            return
        theme = self.theme
        y = self.inner.bottom - self.hint_h
        sentences = re.split(r"(?<=[.?]) ", text)
        while len(sentences) > 1 and len(theme.wrap(" ".join(sentences), 16,
                                                    self.inner.width)) > 2:
            sentences.pop(0 if sentences[0].endswith("?") else -1)  # whole sentences only
        for line in theme.wrap(" ".join(sentences), 16, self.inner.width)[:2]:
            rect = theme.blit_text(surface, line, 16, (self.inner.centerx, y), th.DIM, "midtop")
            y = rect.bottom + theme.px(3)

    def hint(self, view: View) -> str:
        """How to make a move from here, given what is picked (empty while nobody chooses)."""
        state, seat = view.state, view.chooser
        if seat is None or state.is_terminal:
            return ""
        other = state.seat_name(1 - seat)
        picked = [s for s in view.selected if isinstance(s, tuple)]
        if state.phase == SETUP_CHOICE:
            if picked:
                values = listing([self._die_value(state, s) for s in picked])
                return f"Picked {values} to re-roll: press Re-roll, pick more, or click a picked " \
                       "die to put it back."
            return "Keep these dice (their total takes the rope), or click the dice to re-roll, " \
                   "in any order. Re-rolled dice are final."
        if not picked:
            text = f"Common die then a team die it matches or beats: remove a {other} athlete. " \
                   "Team die then a common die: swap them (once a turn)."
            if state.rerolls_left and not state.used_common:
                text = "Re-roll first? Click a common die. " + text
            return text
        value = self._die_value(state, picked[0])
        if picked[0][0] == "common":
            options = []
            if any(isinstance(s, tuple) for s in view.clickable):
                options.append(f"click a team die of {value} or less to remove a {other} athlete")
            if any(isinstance(c, Choice) for c in view.clickable):
                options.append("re-roll it")
            return f"Common {value} picked: {', or '.join(options)}. Click it again to put it back."
        return f"Team {value} picked: click a common die to swap in (+1 athlete, plus the rise " \
               "or minus the fall). Click it again to put it back."

    def _draw_banner(self, surface, state: State, progress: dict) -> None:
        for key, p in progress.items():
            if key[0] not in ("turn", "win") or not 0 < p < 1:
                continue
            seat = key[1]
            if seat is None:
                continue
            word = f"{state.seat_name(seat)}'s turn" if key[0] == "turn" \
                else f"{state.seat_name(seat)} wins!"
            self._pill(surface, word, seat, min(1.0, 3 * math.sin(math.pi * min(p, 1.0))))

    def _pill(self, surface, word: str, seat: int, grow: float) -> None:
        theme = self.theme
        image = theme.text(word, 30, th.TEXT)
        rect = image.get_rect(center=(self.area.centerx, self.zone.top + theme.px(22)))
        box = rect.inflate(theme.px(36), theme.px(14))
        box.width = max(box.height, int(box.width * grow))
        box.centerx = rect.centerx
        pygame.draw.rect(surface, th.PANEL, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, SEAT_FILL[seat], box, theme.px(3), border_radius=box.height // 2)
        if grow > 0.95:
            surface.blit(image, rect)


BOARD = TugOfWarBoard
