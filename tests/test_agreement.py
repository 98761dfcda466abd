"""The agreement tool: Hard's choice beside a hybrid's rule at each decision of one kind."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import moriarty
from game.tools import agreement, arena
from game.tools.arena_records import decisions, read_records
from tests.support import examples

SMALL = arena.Setup(scale=0.01, clock="cpu")


def recorded(folder, seed: int):
    """One random v greedy Moriarty game recorded in `folder`: its name and record."""
    arena.play_game("moriarty", ("random", "greedy"), seed, seed % 2, {"games": 1},
                    arena.Setup(record_dir=str(folder)))
    [(path, record)] = list(read_records(folder))
    return path.name, record


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 5_000))
def test_every_offered_ending_is_compared_once(tmp_path_factory, seed):
    name, record = recorded(tmp_path_factory.mktemp("records"), seed)
    offered = sum(moriarty.END in state.legal_moves(seat)
                  for state, seat, _, _ in decisions(record))
    compared = list(agreement.compare_record(name, record, "end", "greedy", SMALL))
    assert len(compared) == offered
    assert all(isinstance(c.hard, bool) and isinstance(c.rule, bool) for c in compared)


@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 5_000))
def test_at_a_main_kind_both_choices_are_of_that_kind(tmp_path_factory, seed):
    name, record = recorded(tmp_path_factory.mktemp("records"), seed)
    compared = list(agreement.compare_record(name, record, "take", "random", SMALL))
    assert compared
    assert all(isinstance(c.hard, moriarty.Take) and isinstance(c.rule, moriarty.Take)
               for c in compared)


def test_the_summary_says_which_way_an_option_differs():
    compared = [agreement.Compared("g", 0, True, False), agreement.Compared("g", 1, True, True),
                agreement.Compared("g", 0, False, True), agreement.Compared("g", 1, True, False)]
    line = agreement.summary("end", "greedy", compared, 2)
    assert "4 decisions in 2 games, the same 1, different 3" in line
    assert "declines where Hard takes 2, takes where Hard declines 1" in line


def test_the_command_reads_a_folder_and_refuses_an_unknown_kind(tmp_path, capsys):
    recorded(tmp_path, 3)
    assert agreement.main([str(tmp_path), "end", "--scale", "0.01", "--limit", "2"]) == 0
    assert "end (greedy rule):" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        agreement.main([str(tmp_path), "wizardry"])
    assert exit_.value.code == 2
    assert "no kind 'wizardry'" in capsys.readouterr().err
