"""Every board's animation is one typed plan: its tracks are keyed by small frozen values (never a
bare string or tuple), and the sounds are the plan's own cues, laid in the same walk over the
events (the play screen and the replay play the plan's cues), within the animation and of
effects that exist."""
from __future__ import annotations

import dataclasses
import enum

import pygame
import pytest

from game.registry import GAMES
from scenes.boards import board_class
from scenes.shell import theme as th
from scenes.shell.anim import Cue, Timeline
from scenes.shell.synth import EFFECTS
from tests.support import playout


def make_board(game_id: str):
    """A board of this game laid out at the play screen's size."""
    pygame.font.init()
    theme = th.Theme()
    theme.set_window((1280, 720))
    spec = GAMES[game_id]
    board = board_class(game_id)(spec, spec.resolve_options(), theme)
    board.layout(pygame.Rect(theme.px(12), theme.px(68), theme.px(936), theme.px(508)))
    return board


def typed(payload) -> bool:
    """A plan's key: an enum member or a frozen dataclass, not a string or tuple."""
    if isinstance(payload, enum.Enum):
        return True
    return dataclasses.is_dataclass(payload) and type(payload).__dataclass_params__.frozen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_step_is_one_typed_plan_whose_cues_are_the_sounds(game_id):
    board = make_board(game_id)
    for state, step in playout(GAMES[game_id], seed=3)[:120]:
        plan = board.animate(state, step.events, step.state)
        assert isinstance(plan, Timeline) and plan.tracks
        assert all(typed(track.payload) for track in plan.tracks), \
            [track.payload for track in plan.tracks]
        assert all(isinstance(cue, Cue) for cue in plan.cues)
        for at, sound in plan.cues:
            assert sound in EFFECTS and 0 <= at <= plan.duration
