"""The narrators' exact words over seeded games match tests/golden_words.json (tests/golden.py):
the only tests that hold whole sentences. After an intended change of wording, write the file
again with `python -m tests.golden --update` and read the diff."""
from __future__ import annotations

import difflib

import pytest

from tests import golden

KEPT = golden.stored()


@pytest.mark.parametrize("game_id", list(golden.GAMES_KEPT))
def test_a_narrators_words_are_the_golden_ones(game_id):
    now = golden.game_words(game_id)
    diff = list(difflib.unified_diff(KEPT.get(game_id, []), now, "golden", "now", lineterm="",
                                     n=1))
    assert not diff, ("the words changed; if meant, run `python -m tests.golden --update`:\n"
                      + "\n".join(diff[:40]))


def test_the_golden_file_keeps_every_game_and_every_kind_of_sentence():
    assert set(KEPT) == set(golden.GAMES_KEPT)
    for game_id, lines in KEPT.items():
        kinds = {line.split(":")[0].rstrip(" 01") for line in lines}
        assert {"prompt", "choice", "log", "describe", "result"} <= kinds, (game_id, kinds)


def test_a_changed_word_fails_and_names_the_update_command(monkeypatch):
    game_id = "strands"
    changed = [line.replace("covers", "kovers") for line in KEPT[game_id]]
    assert changed != KEPT[game_id]
    monkeypatch.setitem(KEPT, game_id, changed)
    with pytest.raises(AssertionError, match="python -m tests.golden --update"):
        test_a_narrators_words_are_the_golden_ones(game_id)
