"""One count, finished: the line that ends a game says how long it went once (the limit that
ended it is named, not counted again beside the turns), for generated games of every game."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES, get_game
from game.words import narrator_for
from tests.support import examples, playout

LIMITED = {"pulling_strings": {"turn_limit": 3, "repetition": False},
           "synch": {"move_limit": 6, "no_claim": False}}


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.booleans())
def test_a_finished_games_line_counts_its_length_once(game_id, seed, limited):
    spec = get_game(game_id)
    options = spec.resolve_options(LIMITED.get(game_id, {}) if limited else {})
    path = playout(spec, seed, options)
    end = path[-1][1].state
    assert end.is_terminal
    line = narrator_for(game_id, options).result_words(end)
    lengths = re.findall(r"\bafter \d+ (?:turns?|moves?|rounds?|games?)\b", line)
    limits = re.findall(r"\blimit of \d+|\d+ of \d+", line)  # a limit counted again
    assert len(lengths) == 1 and not limits, line
