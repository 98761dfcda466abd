"""The few words drawn on the boards and the rules screen's worked examples come from game/words:
each carries what it must (the side, the points, the number of moves) and every worked example
plays legally from its position."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.registry import GAMES
from game.rules.moriarty import COLOURS
from game.words import narrator_for
from game.words.examples import (
    examples_for,
    moriarty,
    pulling_strings,
    strands,
    synch,
    tug_of_war,
)
from game.words.moriarty import bonus_worth, card_points, card_role, half_label
from tests.support import carries, examples, playout

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_worked_example_plays_legally_from_its_position(game_id):
    spec = GAMES[game_id]
    found = examples_for(spec, spec.resolve_options())
    assert found, f"{game_id} has no worked example"
    for example in found:
        assert len(example.title.split()) <= 6 and example.caption.endswith(".")
        state = example.start
        for step in example.moves:  # an illegal move raises IllegalMoveError
            if state.kind is NodeKind.SIMULTANEOUS:
                assert isinstance(step, tuple), (example.title, step)
                state = state.apply_joint(*step).state
            else:
                assert not isinstance(step, tuple), (example.title, step)
                state = state.apply(step).state


def test_each_game_s_examples_are_its_own_module_s():
    for module in (moriarty, pulling_strings, strands, synch, tug_of_war):
        spec = GAMES[module.__name__.rpartition(".")[2]]
        titles = [e.title for e in module.examples(spec, spec.resolve_options())]
        assert titles == [e.title for e in examples_for(spec, spec.resolve_options())]


def test_a_game_s_examples_import_its_own_rules_alone():
    folder = ROOT / "game" / "words" / "examples"
    for path in folder.glob("*.py"):
        imported = {node.module for node in ast.walk(ast.parse(path.read_text("utf-8")))
                    if isinstance(node, ast.ImportFrom) and node.module}
        rules = {name for name in imported if name.startswith("game.rules")}
        assert rules <= {f"game.rules.{path.stem}"}, (path.name, rules)


def test_each_half_of_the_moriarty_board_is_named_with_the_rows_that_score_for_it():
    (north, short_north), (south, short_south) = half_label(True), half_label(False)
    carries(north, "NORTH", "5-9", "North", without=("0-4", "South"))
    carries(south, "SOUTH", "0-4", "South", without=("5-9", "North"))
    assert (short_north, short_south) == ("NORTH", "SOUTH")


def _moriarty_states(seed: int):
    return [state for state, _ in playout(GAMES["moriarty"], seed, {"games": 1})]


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_a_moriarty_seat_card_carries_its_role_points_and_on_its_own_card_its_way(seed, pick):
    states = _moriarty_states(seed)
    state = states[pick % len(states)]
    for seat in (0, 1):
        way = "down" if seat == state.south else "up"
        carries(card_role(state, seat, own=True), state.role(seat).upper(), way)
        carries(card_role(state, seat, own=False), state.role(seat).upper(),
                without=("down", "up", "toward"))
        hidden = ("bonus",) if state.bonus[seat] is None else ()
        shown = () if hidden else ("bonus",)
        carries(card_points(state, seat), str(state.board_points(seat)),
                str(state.totals[seat]), *hidden, without=shown)


@settings(max_examples=examples(10), deadline=None)
@given(colour=st.integers(0, len(COLOURS) - 1), game_index=st.integers(0, 2))
def test_a_bonus_colour_is_named_with_its_multiplier(colour, game_index):
    state = GAMES["moriarty"].new_game(games=3).replace(game_index=game_index)
    carries(bonus_worth(state, colour), COLOURS[colour], f"x{3 + game_index}")


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_synch_s_column_says_after_how_many_moves_the_game_ended(seed):
    spec = GAMES["synch"]
    state = playout(spec, seed, {"move_limit": 40})[-1][1].state
    words = narrator_for("synch", {"move_limit": 40})
    carries(words.over_heading(state), words.units(words.number(state)))
    assert words.units(words.number(state)).split()[0] == str(words.number(state))
