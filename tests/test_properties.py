"""Property tests: hypothesis plays games with drawn options and choices, and every invariant of
game/tools/invariants.py (the generic ones and the game's own) is checked at every step."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, get_game
from game.core import State, Step
from game.tools.invariants import CheckedGame, InvariantError, play_through
from game.options import Option
from game.record import Record
from game.rules import moriarty, pulling_strings, strands, synch, tug_of_war

PLAY = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def option_values(option: Option) -> st.SearchStrategy:
    """Every value an option allows."""
    if option.choices:
        return st.sampled_from(option.choices)
    if isinstance(option.default, bool):
        return st.booleans()
    return st.integers(option.minimum, option.maximum)


def game_options(game_id: str) -> st.SearchStrategy:
    """A whole set of options for a game, each drawn from what it allows."""
    return st.fixed_dictionaries({o.name: option_values(o) for o in get_game(game_id).options})


def picker(data):
    """A pick function that lets hypothesis choose (and shrink) each choice."""
    return lambda items: data.draw(st.sampled_from(items))


@pytest.mark.parametrize("game_id", list(GAMES))
@PLAY
@given(data=st.data())
def test_every_invariant_holds_at_every_step(game_id, data):
    game = CheckedGame(game_id, data.draw(game_options(game_id), label="options"))
    final = play_through(game, picker(data))
    assert final.is_terminal and len(game.path) == len(game.entries) + 1


# ---- the checks are not vacuous: each planted fault is caught, with the game named ---------
def _wrap(monkeypatch, owner, name, change):
    """Replace owner.name by a function of the original (a planted fault)."""
    original = getattr(owner, name)
    monkeypatch.setattr(owner, name, change(original))


def _loses_a_piece(original):
    def judge(self, events, *rest):
        stacks = list(self.stacks)
        stacks[max(range(len(stacks)), key=stacks.__getitem__)] -= 1
        return original(self.replace(stacks=tuple(stacks)), events, *rest)
    return judge


def _extra_athlete(original):
    def form(self, events):
        step = original(self, events)
        athletes = tuple(min(n + 1, 18) for n in step.state.athletes)
        return Step(step.state.replace(athletes=athletes), step.events)
    return form


def _steals_a_symbol(original):
    def move(self, direction, synch_, events):
        step = original(self, direction, synch_, events)
        claims = step.state.claims
        if 2 not in claims:
            return step
        index = claims.index(2)
        claims = claims[:index] + (1,) + claims[index + 1:]
        return Step(step.state.replace(claims=claims), step.events)
    return move


def _mutates_the_old_state(original):
    def apply_decision(self, move):
        step = original(self, move)
        object.__setattr__(self, "turn_number", self.turn_number + 1)
        return step
    return apply_decision


def _drops_an_outcome(original):
    return lambda self: original(self)[:-1]


def _forgets_the_last_move(original):
    def to_json(self):
        data = original(self)
        data["moves"] = data["moves"][:-1]
        return data
    return to_json


def _no_moves_later(original):
    return lambda self, seat: () if self.moves_made == 3 else original(self, seat)


PLANTS = {
    "a piece lost": ("pulling_strings", pulling_strings.PullingStringsState, "_judge",
                     _loses_a_piece, "pieces went from"),
    "an athlete made": ("tug_of_war", tug_of_war.TugOfWarState, "_form_team", _extra_athlete,
                        "but the events give"),
    "a symbol stolen": ("synch", synch.SynchState, "_move", _steals_a_symbol, "claim of"),
    "the old state changed": ("strands", strands.StrandsState, "_apply_decision",
                              _mutates_the_old_state, "changed the old state"),
    "a roll missing": ("tug_of_war", tug_of_war.TugOfWarState, "chance_outcomes",
                       _drops_an_outcome, "sum to"),
    "a record short": ("moriarty", Record,
                       "to_json", _forgets_the_last_move, "does not load back"),
    "no legal move": ("synch", synch.SynchState, "_legal_moves", _no_moves_later,
                      "has no legal move"),
    "the other's pull seen": ("pulling_strings", pulling_strings.PullingStringsState, "observe",
                              lambda original: lambda self, seat: self, "sealed choice"),
    "the other's Bonus Colour seen": ("moriarty", moriarty.MoriartyState, "observe",
                                      lambda original: State.observe, "sees Bonus Colours"),
    "a pull's text unreadable": ("pulling_strings", pulling_strings.Pull, "__str__",
                                 lambda original: lambda self: self.end + "?", "parses to"),
}


@pytest.mark.parametrize("plant", list(PLANTS))
def test_a_planted_fault_is_caught_and_named(plant, monkeypatch):
    game_id, owner, name, change, says = PLANTS[plant]
    _wrap(monkeypatch, owner, name, change)
    rng = random.Random(0)
    with pytest.raises(InvariantError, match=says) as caught:
        for _ in range(20):
            play_through(CheckedGame(game_id), rng.choice)
    assert str(caught.value).startswith(game_id)


def test_a_strands_turn_on_two_numbers_is_caught(monkeypatch):
    def any_empty_space(self, seat):
        if self.result is not None or seat != self.to_move:
            return ()
        places = tuple(self.board.places[i] for i, stone in enumerate(self.stones) if not stone)
        return places + ((strands.END_TURN,) if self.placed else ())
    monkeypatch.setattr(strands.StrandsState, "_legal_moves", any_empty_space)
    monkeypatch.setattr(strands.StrandsState, "is_legal", State.is_legal)
    with pytest.raises(InvariantError, match=r"^strands step \d+ .*in a turn of"):
        play_through(CheckedGame("strands"), random.Random(1).choice)
