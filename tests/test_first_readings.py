"""The first-readings tool: where a Moriarty reading of recorded games first names a colour."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.games.moriarty_colour import COLOURS, reveals_colour
from game.tools import arena, first_readings
from game.tools.arena_records import read_folder
from tests.support import examples


def recorded(folder, seed: int) -> arena.GameResult:
    """One random v greedy Moriarty game recorded in `folder`."""
    return arena.play_game("moriarty", ("random", "greedy"), seed, seed % 2, {"games": 1},
                           arena.Setup(record_dir=str(folder)))


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 5_000), threshold=st.floats(0.3, 0.9))
def test_each_seat_is_read_once_a_game_and_first_reaches_the_belief_where_it_says(
        tmp_path_factory, seed, threshold):
    """One item per seat of the one game: a first reading where the belief, read then, first
    stands at the threshold in the colour it names (right when the other held it), or the
    player read where it never did."""
    folder = tmp_path_factory.mktemp("records")
    recorded(folder, seed)
    [game] = list(read_folder(folder))
    found = list(first_readings.first_readings(game, "hard", 1, threshold))
    assert sorted(i if isinstance(i, str) else i.read for i in found) == sorted(game.players)
    knowledge = first_readings.reader_knowledge("hard")
    for item in found:
        if isinstance(item, str):
            continue
        seat = game.players.index(item.read) if game.players[0] != game.players[1] else 0
        reads = [(i, public) for i, (public, who, move) in enumerate(game.history)
                 if who == seat and reveals_colour(public, move)]
        beliefs = [knowledge.belief(public, 1 - seat, game.history[:i + 1]) for i, public in reads]
        tops = [max(b) for b in beliefs]
        first = next(k for k, top in enumerate(tops) if top >= threshold)
        assert tops[first] == pytest.approx(item.belief)
        named = max(range(COLOURS), key=beliefs[first].__getitem__)
        assert item.right == (named == game.final.bonus[seat])


def test_a_changed_setting_reads_and_a_bad_name_is_refused(tmp_path, capsys):
    recorded(tmp_path, 5)
    [game] = list(read_folder(tmp_path))
    assert not any(isinstance(i, str) for i in first_readings.first_readings(game, "hard", 1, 0.3))
    assert first_readings.main([str(tmp_path), "--readers", "hard",
                                "hard~choice_denier=0.5", "--games", "1", "--detail"]) == 0
    out = capsys.readouterr().out
    assert "hard over 1 records:" in out and "hard~choice_denier=0.5 over 1 records:" in out
    for bad, said in (("hard~wizardry=1", "no setting 'wizardry'"),
                      ("hard~choice_denier", "is not NAME=NUMBER"),
                      ("hard~choice_denier=lots", "'lots' is not a number"),
                      ("hard~choice_denier=nan", "'nan' is not a number"),
                      ("grandmaster", "unknown player 'grandmaster'"),
                      ("greedy", "no level of the bots")):
        with pytest.raises(SystemExit) as exit_:
            first_readings.main([str(tmp_path), "--readers", bad])
        assert exit_.value.code == 2
        assert said in capsys.readouterr().err
