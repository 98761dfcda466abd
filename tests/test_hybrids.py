"""Hard's hybrids: Hard at every decision but their own kind (same seed, same choice), the
rule's choice at that kind, and nothing seen but their own observation."""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import Bot, knowledge_for
from game.bots.history import History
from game.bots.knowledge import unseal
from game.core import SEALED, NodeKind
from game.match import Match, RandomPlayer
from game.rules import moriarty
from game.tools import arena
from game.tools.hybrids import KINDS, RULES, Hybrid, decision_kinds, hybrid_names, parse_hybrid
from game.tools.opponents import greedy_values
from tests.support import examples

OPTIONS = {"pulling_strings": {"turn_limit": 30}, "synch": {"size": 5}}


def quick_hard(game_id: str):
    """Hard's level cut down to a budget that ends by iterations (so choices repeat exactly)."""
    level = knowledge_for(game_id).levels()["hard"]
    budget = dataclasses.replace(level.budget, iterations=60, seconds=60.0)
    traits = tuple(t for t in level.traits if t[0] != "search_plies")
    if game_id == "moriarty":
        traits += (("search_plies", 3),)
    return dataclasses.replace(level, budget=budget, traits=traits)


def hard(game_id: str, seed: int) -> Bot:
    """A quick Hard bot."""
    return Bot(knowledge_for(game_id), quick_hard(game_id), seed)


class Wanderer(RandomPlayer):
    """Random, but never declaring Moriarty (which would end a game before much happens)."""

    def choose(self, observation, seat, history=()):
        """A random legal move that is not a declaration."""
        moves = [m for m in observation.legal_moves(seat)
                 if not isinstance(m, moriarty.Declare)] or observation.legal_moves(seat)
        return self.rng.choice(moves)


def positions(game_id: str, seed: int, limit: int = 60):
    """(observation, seat, history, full state) at each decision of a random game."""
    match, history, found = Match(game_id, OPTIONS.get(game_id), seed), History(), []
    players = (Wanderer(seed), Wanderer(seed + 1))
    while not match.state.is_terminal and len(found) < limit:
        if match.state.awaiting == ():
            match.resolve_chance()
            continue
        for seat in match.state.awaiting:
            before = match.state
            found.append((match.observe(seat), seat, history.entries, before))
            move = players[seat].choose(match.observe(seat), seat, history.entries)
            match.play(move, seat)
            history.add(before, seat, move)
    return found


def test_every_game_but_tug_of_war_has_hybrids_that_the_arena_knows():
    for game_id, kinds in KINDS.items():
        names = hybrid_names(game_id)
        assert len(names) == 2 * len(kinds)
        for name in names:
            assert arena.check_player(name) == name
            assert parse_hybrid(name)[0] in kinds
    assert hybrid_names("tug_of_war") == []
    assert parse_hybrid("hard-but-slide-clever") is None


@pytest.mark.parametrize("game_id", sorted(KINDS))
def test_each_kind_of_decision_is_met_in_play(game_id):
    seen = set()
    for seed in range(1, 6):
        for observation, seat, _, _ in positions(game_id, seed, limit=400):
            seen.update(decision_kinds(observation, seat))
    assert set(KINDS[game_id]) <= seen


@pytest.mark.parametrize("game_id,kind", [("moriarty", "slide"), ("moriarty", "end"),
                                          ("moriarty", "take"), ("synch", "mode"),
                                          ("pulling_strings", "pull")])
def test_a_hybrid_is_hard_at_every_other_decision_and_the_rule_at_its_own(game_id, kind):
    checked = ruled = 0
    for seed in (3, 4):
        for k, (observation, seat, history, _) in enumerate(positions(game_id, seed)):
            if k % 3:  # every third decision keeps the test quick
                continue
            kinds = decision_kinds(observation, seat)
            hybrid = Hybrid(hard(game_id, 50 + k), kind, "greedy", 50 + k)
            move = hybrid.choose(observation, seat, history)
            if kind not in kinds:
                assert move == hard(game_id, 50 + k).choose(observation, seat, history)
                checked += 1
            elif len(kinds) == 1 and len(kinds[kind]) > 1:
                values = hybrid.values(observation, seat, history, kinds[kind])
                assert values[move] == pytest.approx(max(values.values()))
                ruled += 1
    assert checked >= 3 or len(KINDS[game_id]) == 1
    assert ruled >= 1 or kind in ("end",)


def test_a_hybrid_at_an_offered_option_leaves_the_rest_of_the_choice_to_hard():
    # Moriarty: a Pivot choice with the ending on offer; a hybrid that never takes it plays
    # Hard's best move that is not the ending.
    found = [(o, s, h) for seed in range(1, 8) for o, s, h, _ in positions("moriarty", seed, 300)
             if "end" in decision_kinds(o, s) and "pivot" in decision_kinds(o, s)]
    assert found
    observation, seat, history = found[0]
    hybrid = Hybrid(hard("moriarty", 9), "end", "greedy", 9)
    hybrid.takes_option = lambda *args: False  # type: ignore[method-assign]
    move = hybrid.choose(observation, seat, history)
    assert move != moriarty.END
    expected = hard("moriarty", 9).choose(observation, seat, history, exclude=[moriarty.END])
    assert move == expected


@pytest.mark.parametrize("name", ["hard-but-slide-greedy", "hard-but-slide-random",
                                  "hard-but-declare-greedy", "hard-but-pivot-greedy"])
def test_a_hybrid_never_sees_the_other_players_secrets(name):
    # The same observation, whatever the other's Bonus Colour and sealed slide: the same choice.
    kind, rule = parse_hybrid(name)
    states = [s for seed in range(1, 5) for _, _, _, s in positions("moriarty", seed, 200)
              if s.phase in (moriarty.DIRECTION, moriarty.DECLARE, moriarty.PIVOT)
              and None not in s.bonus and s.rounds > 0 and s.pending == (None, None)]
    assert states
    for state in states[:6]:
        for seat in state.awaiting:
            other = 1 - seat
            answers = set()
            for colour in range(4):
                hidden = state.replace(bonus=moriarty.tuple_with(state.bonus, other, colour))
                if hidden.kind is NodeKind.SIMULTANEOUS:
                    move = hidden.legal_moves(other)[colour % len(hidden.legal_moves(other))]
                    hidden = hidden.apply(move, other).state
                observation = hidden.observe(seat)
                assert observation.bonus[other] is None
                assert SEALED in observation.pending or hidden.kind is NodeKind.DECISION
                hybrid = Hybrid(hard("moriarty", 11), kind, rule, 11)
                answers.add(hybrid.choose(observation, seat, ()))
            assert len(answers) == 1


def test_greedy_values_are_the_greedy_players_count():
    observation, seat, _, _ = next(p for p in positions("pulling_strings", 2) if p[1] == 0)
    values = greedy_values(observation, seat, observation.legal_moves(seat))
    assert set(values) == set(observation.legal_moves(seat))


def test_the_arena_plays_hybrids_and_refuses_a_kind_the_game_lacks(capsys):
    setup = arena.Setup(scale=0.02)
    result = arena.play_game("synch", ("hard", "hard-but-direction-random"), 1, 0,
                             {"size": 5}, setup)
    assert result.score in (0.0, 0.5, 1.0) and result.decisions > 0
    assert arena.main(["strands", "hard", "hard-but-slide-greedy", "--games", "1",
                       "--jobs", "1"]) == 1
    assert "no decision of the kind" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena.main(["--hybrids", "tug_of_war"])


def test_hybrids_table_runs_every_kind_in_one_pool(capsys):
    assert arena.main(["--hybrids", "synch", "--kinds", "mode", "--games", "2", "--jobs", "1",
                       "--scale", "0.02", "--set", "size=5"]) == 0
    out = capsys.readouterr().out
    assert "hard-but-mode-greedy" in out and "hard-but-mode-random" in out
    assert "direction" not in out


def test_the_control_row_plays_hard_against_hard_on_the_hybrids_seeds(capsys):
    assert arena.main(["--hybrids", "synch", "--kinds", "direction", "--rules", "random",
                       "--control", "--games", "2", "--jobs", "1", "--scale", "0.02",
                       "--set", "size=5", "--detail"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("synch")]
    assert [row.split()[1:4] for row in rows] == [["hard", "v", "hard"],
                                                  ["hard", "v", "hard-but-direction-random"]]


@settings(max_examples=examples(25), deadline=None)
@given(game_id=st.sampled_from(["moriarty", "synch"]), seed=st.integers(0, 10_000),
       placed=st.integers(0, 7))
def test_greedy_counts_every_placing_alike_so_its_place_hybrid_is_the_random_one(
        game_id, seed, placed):
    # Moriarty's tokens are placed before either Bonus Colour is chosen, and Synch's markers
    # before any symbol is claimed: the count is the same after every placing, so greedy's
    # tie-break draws as random's does and the two place rows are one pairing.
    match, rng = Match(game_id, OPTIONS.get(game_id), seed), random.Random(seed)
    for _ in range(placed if game_id == "moriarty" else placed % 2):
        seat = match.state.awaiting[0]
        match.play(rng.choice(match.state.legal_moves(seat)), seat)
    seat = match.state.awaiting[0]
    observation = match.observe(seat)
    assert decision_kinds(observation, seat).keys() == {"place"}
    values = greedy_values(unseal(observation), seat, observation.legal_moves(seat))
    assert len(set(values.values())) == 1
    greedy, chance = (Hybrid(hard(game_id, seed), "place", rule, seed) for rule in RULES)
    assert greedy.choose(observation, seat, ()) == chance.choose(observation, seat, ())
