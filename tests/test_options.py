"""Game options: defaults, validation, and clear errors for unknown games and bad values."""
from __future__ import annotations

import pytest

from game import GAMES, GameError, OptionError, get_game

BAD_VALUES = {
    "pulling_strings": [{"turn_limit": -1}, {"turn_limit": 1.5}, {"turn_limit": True}],
    "moriarty": [{"games": 2}, {"round_limit": 0}, {"swap_sides": "yes"}],
    "strands": [{"side": 7}, {"numbering": "odd"}, {"seed": -1}],
    "synch": [{"size": 3}, {"variant": 1}, {"move_limit": "x"}],
    "tug_of_war": [{"athletes": 20}],
}


def test_the_five_games_are_registered_by_id():
    assert list(GAMES) == ["pulling_strings", "moriarty", "strands", "synch", "tug_of_war"]
    titles = [spec.title for spec in GAMES.values()]
    assert titles == ["Pulling Strings", "Moriarty", "Strands", "Move In Synch, In Opposition",
                      "Tug of War"]
    assert get_game("moriarty").seat_names == ("Eks", "Oh")
    assert get_game("tug_of_war").seat_names == ("Yellow", "Red")
    assert get_game("strands").seat_names == ("Black", "White")


def test_unknown_game_is_a_clear_error():
    with pytest.raises(GameError, match="unknown game 'chess'.*pulling_strings"):
        get_game("chess")
    with pytest.raises(ValueError):
        get_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_defaults_validate_and_describe(game_id):
    spec = get_game(game_id)
    resolved = spec.resolve_options()
    assert set(resolved) == {o.name for o in spec.options}
    for option in spec.options:
        assert option.validate(option.default) == option.default
        assert option.name in option.describe() and option.help


@pytest.mark.parametrize("game_id, bad", [(g, b) for g, bads in BAD_VALUES.items() for b in bads])
def test_bad_option_values_are_value_errors_naming_the_option(game_id, bad):
    with pytest.raises(OptionError) as error:
        get_game(game_id).new_game(bad)
    assert isinstance(error.value, ValueError)
    assert repr(next(iter(bad))) in str(error.value)


def test_resolved_options_are_read_only():
    options = get_game("synch").resolve_options({"size": 9})
    assert options["size"] == 9 and options["variant"] == "decider-first"
    with pytest.raises(TypeError):
        options["size"] = 10  # type: ignore[index]
