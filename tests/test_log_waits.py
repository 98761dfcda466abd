"""The move log waits for the pictures, as the caption does: a step's line is written when the
animation that shows it ends, never while the dice still tumble or the pieces still slide, in
every game (the turn loop driven at engine speed, no window)."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.registry import GAMES
from scenes.boards import board_class
from scenes.play.parts.setup import GameSetup
from scenes.play.parts.turns import BotTurn, Handoff, TurnLoop
from tests.support import examples

OPTIONS = {"pulling_strings": {"turn_limit": 30}, "moriarty": {"games": 1, "round_limit": 20}}


def tick_through(turns: TurnLoop, seen: dict) -> None:
    """Run the countdown and the animation to their end, checking the log at every tick."""
    lines = turns.log.lines()
    while turns.busy:
        if turns.tick(0.05) is None:  # still counting down or moving
            assert turns.log.lines() == lines, "the log told of a step still being shown"
            continue
        seen["steps"] = seen.get("steps", 0) + 1
        seen["told"] = seen.get("told", 0) + (turns.log.lines() != lines)


@settings(max_examples=examples(12), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       decisions=st.integers(5, 40))
def test_the_log_writes_a_step_when_its_animation_ends(game_id, seed, decisions):
    spec = GAMES[game_id]
    setup = GameSetup(game_id, OPTIONS.get(game_id, {}), seed, ("human", "human"))
    board = board_class(game_id)(spec, setup.options, None)
    turns = TurnLoop(setup, board)
    rng = random.Random(seed)
    seen: dict = {}
    for _ in range(decisions * 4):
        if turns.busy:
            tick_through(turns, seen)
            continue
        turns.hold = None
        step = turns.advance()
        if isinstance(step, Handoff):
            turns.hand_off()
            turns.handed_over(step.seat)
            continue
        assert not isinstance(step, BotTurn)
        state = turns.match.state
        if state.is_terminal:
            break
        if turns.busy or state.kind is NodeKind.CHANCE:
            continue
        seat = turns.chooser
        if seat is None:
            continue
        before = turns.log.lines()
        committed = turns.commit(seat, rng.choice(state.legal_moves(seat)))
        if turns.busy:  # shown now or after a countdown: its line is not written yet
            assert turns.log.lines() == before, "the log told of a move before it showed"
        elif not committed.sealed:
            assert turns.log.lines() != before  # nothing to show: written at once
    assert seen.get("steps", 0) >= 1
    assert seen.get("told", 0) >= 1  # and each step's line came once it had shown
