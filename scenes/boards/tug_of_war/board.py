"""Tug of War board: the rope with both teams pulling, the team dice and the common dice.

Yellow (round heads, a round "Y" badge) pulls from the left end of the rope, Red (square heads, a
square "R" badge) from the right. Below the rope sit Yellow's team dice, the common dice and Red's
team dice. Moves are paths of dice: a common die then a team die it matches or beats removes an
opposing athlete ("5/4"); a team die then a common die swaps them ("3x2"). Re-rolls pick dice
first and confirm with a button; "keep" and "end" are buttons.
"""
from __future__ import annotations

import itertools
from typing import Sequence

import pygame

from game.core import Event, Move
from game.rules.tug_of_war import (
    ACT,
    SETUP_CHOICE,
    EndTurn,
    Exchange,
    Keep,
    Remove,
    Reroll,
    TugOfWarState,
)
from game.words.base import PickOptions
from game.words.tug_of_war import free_slots
from scenes.boards.base import Choice, View
from scenes.boards.tug_of_war import ground, paint_dice, paint_rope
from scenes.boards.tug_of_war.ground import SEAT_FILL
from scenes.boards.tug_of_war.layout import (
    END_CHOICE,
    KEEP_CHOICE,
    TugLayout,
    first_free,
    reroll_choice,
    slot_sets,
)
from scenes.boards.tug_of_war.plan import common_spot, plan, team_spot
from scenes.shell.anim import Timeline


class TugOfWarBoard(TugLayout):
    """The rope, both teams and the nine dice; dice are the spots, buttons keep or end."""

    keywords = ("keep", "reroll", "end")
    # the seats' colours in words (the prompt, the results' title): Red a shade lighter than its
    # athletes' vermilion, which reads at 3.7:1 on the dark ground (5:1 here); marks keep the fill
    seat_colours = (SEAT_FILL[0], (236, 112, 36))

    @property
    def last_colours(self) -> tuple:
        """Each seat's last-move mark in its athletes' own fill."""
        return SEAT_FILL

    def layout(self, area: pygame.Rect) -> None:
        """The geometry, then the layer, rope, pawns and die faces drawn for it."""
        super().layout(area)
        self.faces = {(kind, value, dim): ground.render_face(self, kind, value, dim)
                      for kind in range(3) for value in range(7) for dim in (False, True)}
        self.pawns = [ground.render_pawn(self, 0), ground.render_pawn(self, 1)]
        self.rope = ground.render_rope(self)
        self.layer = ground.render_layer(self)

    # ---- spots and moves ------------------------------------------------------------------
    def path(self, move: Move, state: TugOfWarState) -> tuple:
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

    def paths(self, move: Move, state: TugOfWarState) -> list[tuple]:
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

    def pick_options(self, state: TugOfWarState, seat: int, selected: tuple,
                     clickable) -> PickOptions:
        """The dice that may be picked now, by value and what they would do, and the buttons."""
        picked = [s for s in selected if isinstance(s, tuple)]
        if state.phase != ACT:
            roles = {"team": "to re-roll"}
        elif not picked:
            roles = {"common": "to remove with", "team": "to swap"}
        else:
            roles = {"team": "to remove"} if picked[0][0] == "common" else {"common": "to swap in"}
        groups = tuple((group, tuple(sorted({self.die_value(state, s) for s in clickable
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

    def spot_at(self, pos, state: TugOfWarState) -> tuple | None:
        """The die (or empty die slot) under the point; either of two equal dice is a way to
        the same move."""
        reach = self.die_gap // 2
        for spot, rect in self.die_rects.items():
            if rect.inflate(reach, reach).collidepoint(pos):
                return spot
        return None

    def guess_move(self, path: Sequence, state: TugOfWarState) -> Move | None:
        """What a clicked pair of dice would mean: common then team removes, team then common
        swaps; a lone die that starts nothing is read as its likeliest pairing."""
        if state.phase != ACT or state.is_terminal or not path:
            return None
        seat = state.to_move
        dice = [s for s in path if isinstance(s, tuple)]
        if len(dice) != len(path) or any(s[0] == "team" and s[1] != seat for s in dice):
            return None
        values = [self.die_value(state, s) for s in dice]
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

    # ---- animation ------------------------------------------------------------------------
    def animate(self, before: TugOfWarState, events: Sequence[Event],
                after: TugOfWarState) -> Timeline:
        """Dice tumble and land, athletes join or fly off, swapped dice trade places."""
        return plan(events)

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: View[TugOfWarState]) -> None:
        """The whole board for this view (the plain state, or the animation's frame)."""
        if self.layer is None:
            return
        surface.blit(self.layer, self.area.topleft)
        progress = {}
        before = view.state
        if view.animating and view.timeline is not None and view.before is not None:
            progress = view.timeline.progress_by_payload(view.t)
            if progress:  # the frame is drawn from the step's start
                before = view.before
        paint_rope.draw_header(self, surface, view.words_state)
        shown = paint_rope.draw_team_line(self, surface, view.state, before, progress)
        paint_rope.draw_names(self, surface, view.words_state, shown)
        if not view.animating:
            paint_rope.draw_last_turns(self, surface, view)
        paint_dice.draw_dice(self, surface, view, progress)
        paint_dice.draw_hint(self, surface, self.hint(view))
        paint_rope.draw_banner(self, surface, view.state, progress)

    def hint(self, view: View[TugOfWarState]) -> str:
        """How to make a move from here, given what is picked (empty while nobody chooses)."""
        state = view.state
        picked = [(s[0], self.die_value(state, s)) for s in view.selected
                  if isinstance(s, tuple)]
        return self.words.pick_guide(
            state, view.chooser, picked,
            dice_open=any(isinstance(s, tuple) for s in view.clickable),
            button_open=any(isinstance(c, Choice) for c in view.clickable))


BOARD = TugOfWarBoard
