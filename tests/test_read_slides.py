"""The slide-reading measure (game/tools/read_slides): what it counts, on a short real match."""
from __future__ import annotations

import pytest

from game.tools import read_slides


@pytest.fixture(scope="module")
def played():
    return [read_slides.play_match("greedy", 3, {"games": 3, "round_limit": 3})]


def test_a_match_keeps_each_games_colours_and_each_seats_kind(played):
    entries, colours, kinds = played[0]
    assert len(colours) == 3 and all(len(pair) == 2 for pair in colours)
    assert sorted(kinds.values()) == ["greedy", "hard"]
    assert all(public.bonus == (None, None) for public, _, _ in entries)  # public views only


def test_each_seat_reaches_a_threshold_at_most_once_a_game(played):
    for share in (0.0, 0.05):
        for total, slides, seats, right, wrong in read_slides.tally(played, share).values():
            assert slides >= seats >= right + wrong
            assert 0.0 <= total <= slides
    everyone = read_slides.tally(played, 0.0, threshold=0.0)
    assert all(row[3] + row[4] == row[2] for row in everyone.values())


def test_before_a_scored_game_a_pretending_share_keeps_the_belief_below_its_cap(played):
    found = read_slides.tally(played, 0.5, threshold=0.5 + 1e-9)
    assert all(found[key][3] + found[key][4] == 0 for key in found if key[1] == 0)
    assert read_slides.report(found, 0.5)[0] == "pretending share 0.5:"


def test_every_reading_counts_the_same_slides(played):
    found = {r: read_slides.tally(played, 0.05, reading=r) for r in read_slides.READINGS}
    for reading, rows in found.items():
        assert {k: v[1:3] for k, v in rows.items()} == \
            {k: v[1:3] for k, v in found["slides"].items()}
        assert read_slides.report(rows, 0.05, reading)[0].startswith("pretending share 0.05")
