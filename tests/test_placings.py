"""Moriarty's placings tool: each scored game's placing shape and South's score, and a shape
against the rest within like games."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.games.moriarty import paired_layouts
from game.registry import get_game
from game.rules import moriarty
from game.rules.synch import PlaceMarker, label_square, square_label
from game.tools import placings
from tests.support import examples
from tests.test_tally import recorded_pairing


def placed(layout) -> moriarty.MoriartyState:
    """A match's start with this colour in each column."""
    spec = get_game("moriarty")
    state = spec.start(spec.resolve_options({"games": 1}))
    for column, colour in enumerate(layout):
        state = state.apply(moriarty.Place(colour, column)).state
    assert isinstance(state, moriarty.MoriartyState)
    return state


def test_every_paired_layout_is_two_pairs_side_by_side():
    assert {placings.shape_of(placed(layout)) for layout in paired_layouts()} \
        == {"two pairs, side by side"}


@pytest.mark.parametrize("layout, shape", [
    ((0, 1, 1, 2, 2, 3, 3, 0), "no pair"),  # South's columns 2 4 6 8 hold 1 2 3 0
    ((0, 1, 2, 3, 0, 1, 2, 3), "two pairs, apart"),  # 1 3 1 3
    ((0, 1, 2, 1, 3, 0, 2, 3), "one pair, side by side"),  # 1 1 0 3
    ((0, 1, 0, 1, 2, 3, 2, 3), "two pairs, side by side"),  # 1 in 2 and 4, 3 in 6 and 8
    ((0, 1, 0, 3, 2, 1, 2, 3), "two pairs, apart"),  # 1 in 2 and 6, 3 in 4 and 8
    ((0, 1, 0, 1, 2, 3, 3, 2), "one pair, side by side"),
    ((0, 1, 0, 2, 3, 1, 2, 3), "one pair, apart"),
    ((0, 1, 0, 2, 2, 3, 3, 1), "one pair, side by side"),  # 1 in 8 and 2: around column 1
])
def test_shapes_of_known_placings(layout, shape):
    assert placings.shape_of(placed(layout)) == shape


def games_of(scores: dict[tuple[str, str], list[float]]) -> list[placings.PlacedGame]:
    """Games of two shapes ("a" and "b") in several strata, with these South scores."""
    return [placings.PlacedGame(shape, (stratum,), score, 0)
            for (stratum, shape), found in scores.items() for score in found]


@settings(max_examples=examples(60), deadline=None)
@given(bases=st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=1, max_size=4),
       counts=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=4, max_size=4))
def test_a_shape_that_changes_nothing_within_like_games_shows_no_difference(bases, counts):
    """However unevenly the shapes fall across strata of different base rates (Simpson's
    trap), equal scores within each stratum make a difference of zero."""
    scores = {}
    for index, base in enumerate(bases):
        mine, rest = counts[index]
        scores[(str(index), "a")] = [base] * mine
        scores[(str(index), "b")] = [base] * rest
    difference, error, used = placings.against_the_rest(games_of(scores), "a")
    assert difference == pytest.approx(0.0)
    assert used == sum(counts[i][0] for i in range(len(bases))) and error > 0


def test_one_stratum_gives_the_plain_difference_and_an_unmatched_one_is_left_out():
    scores = {("x", "a"): [1.0, 1.0, 0.0], ("x", "b"): [0.0, 0.5], ("y", "a"): [1.0]}
    difference, error, used = placings.against_the_rest(games_of(scores), "a")
    assert difference == pytest.approx(2 / 3 - 0.25) and used == 3
    assert error == pytest.approx(0.5 * (1 / 3 + 1 / 2) ** 0.5)
    assert placings.against_the_rest(games_of({("y", "a"): [1.0]}), "a")[2] == 0


@settings(max_examples=examples(4), deadline=None)
@given(games=st.integers(1, 3), seed=st.integers(1, 5_000))
def test_recorded_matches_give_a_game_each_counted_once(tmp_path_factory, games, seed):
    folder = tmp_path_factory.mktemp("records")
    recorded_pairing(folder, "moriarty", ("random", "greedy"), games, seed)
    copy = tmp_path_factory.mktemp("copy")
    for path in folder.glob("*.json"):
        (copy / path.name).write_text(path.read_text())
    found, skipped = placings.read_games([folder, copy])
    records = [json.loads(p.read_text()) for p in folder.glob("*.json")]
    scored = sum(1 for r in records for _ in range(r["options"].get("games", 3)))
    assert not skipped and 0 < len(found) <= scored  # a match ends early only by its totals
    for game in found:
        assert game.shape in {"no pair", "one pair, side by side", "one pair, apart",
                              "two pairs, side by side", "two pairs, apart"}
        assert game.score == (0.5 if game.margin == 0 else float(game.margin > 0))
    lines = placings.report(found)
    assert len(lines) == 1 + len({game.shape for game in found})


def test_a_broken_file_and_a_missing_folder_are_named_and_the_rest_counted(tmp_path):
    recorded_pairing(tmp_path, "moriarty", ("random", "random"), 2, seed=3)
    (tmp_path / "broken.json").write_text("{not json")
    found, skipped = placings.read_games([tmp_path, tmp_path / "nowhere"])
    assert len(found) >= 2
    assert any("broken.json" in s for s in skipped) and any("nowhere" in s for s in skipped)
    assert placings.main([str(tmp_path / "nowhere")]) == 1


def started(first: str, second: str, size: int = 8):
    """A Synch game with both markers placed on these squares."""
    spec = get_game("synch")
    state = spec.start(spec.resolve_options({"size": size}))
    for seat, label in enumerate((first, second)):
        state = state.apply(PlaceMarker(label), seat).state
    return state


@given(size=st.integers(5, 15), data=st.data())
def test_a_synch_start_is_named_by_how_far_in_from_the_nearest_edge_it_lies(size, data):
    squares = [(r, c) for r in range(size) for c in range(size)]
    first, second = data.draw(st.lists(st.sampled_from(squares), min_size=2, max_size=2,
                                       unique=True))
    state = started(square_label(first, size), square_label(second, size), size)
    for seat, (row, col) in enumerate((first, second)):
        depth = min(row, col, size - 1 - row, size - 1 - col)
        shape = placings.start_shape(state, seat)
        assert shape == ("on the edge" if depth == 0 else f"{depth} in from the edge")
        assert label_square(square_label((row, col), size), size) == (row, col)


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(1, 5_000))
def test_recorded_synch_games_give_both_starts_each_with_its_owners_result(tmp_path_factory,
                                                                          seed):
    folder = tmp_path_factory.mktemp("records")
    recorded_pairing(folder, "synch", ("random", "greedy"), 2, seed)
    recorded_pairing(folder, "moriarty", ("random", "random"), 1, seed)  # a match, not Synch's
    found, skipped = placings.read_games([folder], "synch")
    assert not skipped and len(found) == 4  # two games, two starts each
    for first, second in zip(found[::2], found[1::2]):
        assert (first.stratum[2], second.stratum[2]) == ("placed first", "placed second")
        assert first.score + second.score == 1 and first.margin == -second.margin
        assert first.score == (0.5 if first.margin == 0 else float(first.margin > 0))
    assert {game.stratum[1] for game in found} == {"random", "greedy"}
    moriarty_games = placings.read_games([folder])[0]
    assert 1 <= len(moriarty_games) <= 3 and all(" " in g.shape for g in moriarty_games)
    assert not {g.shape for g in moriarty_games} & {g.shape for g in found}
    assert placings.main(["--game", "synch", str(folder)]) == 0
