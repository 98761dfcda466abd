"""A save written by the frame loop and removed before its sync (the finished game was filed
first) is no failure: nothing is left to make durable but the removal."""
from __future__ import annotations

from game.match import Match
from scenes.play.play import PlayScene
from scenes.store import storage

# Pulling Strings to the repetition ruling's end (a finished game, not yet filed)
TO_THE_END = "1:l 0:h 1:n 0:w 1:n 0:c 1:c 0:a 1:o 0:a 1:c 0:a 1:o 0:a".split()


def test_a_save_removed_before_its_sync_syncs_without_error(tmp_path):
    path = tmp_path / "saves" / "game.json"
    storage.write_json(path, {"a": 1}, sync=False)
    path.unlink()
    storage.sync_written(path)  # raises nothing
    assert not path.exists()


def test_resuming_a_finished_unfiled_game_files_it_and_says_no_save_failed(driver):
    match = Match("pulling_strings", {}, seed=3)
    for text in TO_THE_END:
        seat, move = text.split(":")
        match.play(move, int(seat))
    assert match.state.is_terminal
    scene = PlayScene(driver.app, "pulling_strings", seed=3)
    driver.app.stack.push(scene)
    scene.turns.restore(match.record())
    driver.frames(30)
    assert "could not be saved" not in scene.status.text
