"""Solved Tug of War: the solver against an independent solve, the shipped table against the
engine's own rules, and the Perfect player through whole games."""
from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

from game.bots.perfect_tug import PerfectTugPlayer, TurnSearch
from game.bots.tug_table import (
    SHARED_LOADER, Layout, TableLoader, TableMissingError, TugTable, red_start_value,
    reroll_choices,
)
from game.core import NodeKind
from game.match import Match, RandomPlayer
from game.rules.tug_of_war import (
    ACT, GAME, SETUP_CHOICE, TURN_ROLL, EndTurn, Exchange, Remove, Reroll, Roll,
    TugOfWarState,
)

TEAMS = Layout().teams


# ---- an independent solve of small variants: the rules followed die by die, slot by slot -----
def reference_sweep(values: dict, athletes: int, faces: int) -> dict:
    """One Jacobi sweep of plain value iteration: each position's turn played out in full."""
    rolls: dict[tuple, float] = {}
    for roll in itertools.product(range(1, faces + 1), repeat=3):
        rolls[tuple(sorted(roll))] = rolls.get(tuple(sorted(roll)), 0.0) + faces ** -3

    @lru_cache(maxsize=None)
    def pairings(commons, free, team, mine, theirs, exchanged, their_team):
        best = 1.0 - values[(theirs, mine, their_team, tuple(sorted(team)))]  # end the turn
        for i, common in commons:
            for j, die in free:
                rest_c = tuple(x for x in commons if x[0] != i)
                rest_t = tuple(x for x in free if x[0] != j)
                if common >= die:
                    best = max(best, 1.0 if theirs == 1 else pairings(
                        rest_c, rest_t, team, mine, theirs - 1, exchanged, their_team))
                if not exchanged and common != die and mine + 1 + common - die >= 1:
                    swapped = team[:j] + (common,) + team[j + 1:]
                    best = max(best, pairings(rest_c, rest_t, swapped,
                                              min(athletes, mine + 1 + common - die), theirs,
                                              True, their_team))
        return best

    @lru_cache(maxsize=None)
    def rolled(roll, team, mine, theirs, their_team, rerolls):
        best = pairings(tuple(enumerate(roll)), tuple(enumerate(team)), team, mine, theirs,
                        False, their_team)
        for slot in range(3 if rerolls else 0):
            best = max(best, sum(rolled(tuple(sorted(roll[:slot] + (face,) + roll[slot + 1:])),
                                        team, mine, theirs, their_team, rerolls - 1)
                                 for face in range(1, faces + 1)) / faces)
        return best

    return {(a, b, t, u): sum(p * rolled(roll, t, a, b, u, t.count(faces))
                              for roll, p in rolls.items())
            for (a, b, t, u) in values}


def reference_solve(athletes: int, faces: int, tolerance: float = 1e-11) -> dict:
    """Plain value iteration to a fixed point."""
    teams = Layout(athletes, faces).teams
    values = {(a, b, t, u): 0.5 for a in range(1, athletes + 1) for b in range(1, athletes + 1)
              for t in teams for u in teams}
    while True:
        new = reference_sweep(values, athletes, faces)
        if max(abs(new[k] - values[k]) for k in values) < tolerance:
            return new
        values = new


def solved(athletes: int, faces: int):
    pytest.importorskip("numpy", reason="the solver tool needs numpy")
    from game.tools.solve_tug_of_war import Solver
    return Solver(athletes, faces).solve(tolerance=1e-12)


def test_the_solver_matches_an_independent_solve_of_a_two_faced_variant():
    solution = solved(2, 2)
    reference = reference_solve(2, 2)
    assert len(reference) == solution.layout.size == 64
    for (a, b, t, u), value in reference.items():
        assert solution.turn_value(a, b, t, u) == pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize("athletes, faces", [(3, 2), (2, 3)])
def test_the_solved_variant_is_a_fixed_point_of_the_independent_rules(athletes, faces):
    # (2, 3) has exchanges a rope of 1 cannot afford; (3, 2) three re-rolls on 222.
    solution = solved(athletes, faces)
    values = {(a, b, t, u): solution.turn_value(a, b, t, u)
              for a in range(1, athletes + 1) for b in range(1, athletes + 1)
              for t in solution.layout.teams for u in solution.layout.teams}
    after = reference_sweep(values, athletes, faces)
    assert max(abs(after[k] - values[k]) for k in values) < 1e-9
    assert 0.0 < min(values.values()) < max(values.values()) <= 1.0


def test_a_variant_table_survives_the_file_format():
    solution = solved(2, 3)
    table = TugTable.from_bytes(solution.table().to_bytes())
    assert (table.layout.athletes, table.layout.faces) == (2, 3)
    for t, u in [((1, 1, 1), (3, 3, 3)), ((1, 2, 3), (2, 2, 3))]:
        assert table.value(2, 1, t, u) == pytest.approx(solution.turn_value(2, 1, t, u), abs=1e-7)
    assert 0.0 < table.yellow_start_value < 1.0


# ---- the shipped table ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def table() -> TugTable:
    return SHARED_LOADER.get()


def sample_positions(count: int, seed: int):
    rng = random.Random(seed)
    return [(rng.randint(1, 18), rng.randint(1, 18), rng.choice(TEAMS), rng.choice(TEAMS))
            for _ in range(count)]


def test_the_shipped_table_is_the_full_game(table):
    assert (table.layout.athletes, table.layout.faces) == (18, 6)
    assert len(table.values) == 18 * 18 * 56 * 56
    assert all(0.0 <= v <= 1.0 for v in table.values[::997])
    assert 0.0 < table.yellow_start_value < 1.0


def test_every_sampled_turn_start_is_its_own_turn_worked_out_again(table):
    """The Bellman equation holds: a turn searched from the rules, ends valued by the table."""
    for mine, theirs, team, their_team in sample_positions(40, seed=14):
        again = TurnSearch(table, their_team).turn_start(team, mine, theirs)
        assert again == pytest.approx(table.value(mine, theirs, team, their_team), abs=2e-6)


def engine_value(state: TugOfWarState, table: TugTable, memo: dict) -> float:
    """The mover's exact chance from a state inside a turn, by the engine's own moves."""
    if state in memo:
        return memo[state]
    seat = state.to_move
    if state.kind is NodeKind.CHANCE:
        value = sum(float(p) * after_value(state.apply_chance(roll).state, seat, table, memo)
                    for roll, p in state.chance_outcomes())
    else:
        value = max(after_value(state.apply(move, seat).state, seat, table, memo)
                    for move in state.legal_moves(seat))
    memo[state] = value
    return value


def after_value(state: TugOfWarState, seat: int, table: TugTable, memo: dict) -> float:
    if state.is_terminal:
        return 1.0 if state.outcome.winner == seat else 0.0
    if state.to_move != seat:  # the turn passed: the other side's turn start, from the table
        return 1.0 - table.value(state.athletes[1 - seat], state.athletes[seat],
                                 state.team[1 - seat], state.team[seat])
    return engine_value(state, table, memo)


@pytest.mark.parametrize("athletes, team, their_team, to_move", [
    ((7, 3), (2, 4, 5), (1, 3, 6), 0),   # can win this turn; Red's 6 is no help to Yellow
    ((1, 12), (1, 1, 2), (4, 5, 5), 1),  # one athlete: exchanges down are not allowed
    ((16, 9), (3, 6, 6), (2, 2, 3), 0),  # two re-rolls; exchanges up are capped at 18
])
def test_the_engine_played_out_agrees_with_the_table(table, athletes, team, their_team, to_move):
    teams = (team, their_team) if to_move == 0 else (their_team, team)
    state = TugOfWarState(athletes=athletes if to_move == 0 else athletes[::-1], team=teams,
                          common=(0, 0, 0), phase=TURN_ROLL, to_move=to_move,
                          reroll_slots=(0, 1, 2))
    value = engine_value(state, table, {})
    assert value == pytest.approx(table.value(athletes[0], athletes[1], team, their_team),
                                  abs=2e-6)


def test_perfects_move_values_mid_turn_are_the_engines(table):
    """Each legal move's value, re-rolls, used dice and a spent exchange included."""
    state = TugOfWarState(athletes=(9, 6), team=((2, 4, 6), (1, 5, 5)), common=(0, 0, 0),
                          phase=TURN_ROLL, to_move=0, reroll_slots=(0, 1, 2))
    state = state.apply_chance(Roll((3, 5, 6))).state
    assert state.phase == ACT and state.rerolls_left == 1
    player, memo = PerfectTugPlayer(), {}
    for move in (Exchange(3, 4), Remove(5, 2)):
        values = player.move_values(state, 0)
        assert any(isinstance(m, Reroll) for m in values) == (move == Exchange(3, 4))
        for legal, value in values.items():
            engine = after_value(state.apply(legal, 0).state, 0, table, memo)
            assert value == pytest.approx(engine, abs=1e-9), legal
        state = state.apply(move, 0).state
    assert state.exchanged and state.to_move == 0


def test_setup_values_agree_with_reds_best_replies_through_the_engine(table):
    player = PerfectTugPlayer()
    for yellow in [(1, 2, 3), (4, 4, 6)]:
        chance = 0.0
        for roll, p in GAME.new_game().chance_outcomes():
            state = TugOfWarState(athletes=(sum(yellow), 0), team=(yellow, roll.values),
                                  phase=SETUP_CHOICE, to_move=1)
            values = player.move_values(state, 1)
            assert len(values) == len(reroll_choices(roll.values))
            chance += float(p) * max(values.values())
        assert 1.0 - chance == pytest.approx(table.yellow_setup_value(yellow), abs=1e-6)
        kept = red_start_value(table.value, yellow, (6, 6, 6))
        assert kept == pytest.approx(1.0 - table.value(sum(yellow), 18, yellow, (6, 6, 6)))


# ---- the Perfect player ----------------------------------------------------------------------
def play(players: dict, seed: int) -> tuple[int, int]:
    """A whole game; every move checked legal. The winner and the number of decisions."""
    match = Match("tug_of_war", seed=seed)
    decisions = 0
    while not match.state.is_terminal:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        seat = state.to_move
        move = players[seat].choose(match.observe(seat), seat)
        assert move in state.legal_moves(seat)
        match.play(move, seat)
        decisions += 1
    return match.state.outcome.winner, decisions


def test_perfect_plays_legal_moves_through_whole_games():
    for seed in range(4):
        perfect = PerfectTugPlayer(seed)
        players = {seed % 2: perfect, 1 - seed % 2: RandomPlayer(seed)}
        winner, decisions = play(players, seed)
        assert winner in (0, 1) and decisions > 2
    winner, _ = play({0: PerfectTugPlayer(1), 1: PerfectTugPlayer(2)}, seed=9)
    assert winner in (0, 1)


def test_perfect_takes_a_win_on_the_table_and_prefers_it_to_anything_else():
    state = TugOfWarState(athletes=(5, 1), team=((2, 3, 4), (5, 5, 5)), common=(1, 6, 6),
                          phase=ACT, to_move=0)
    values = PerfectTugPlayer().move_values(state, 0)
    assert values[Remove(6, 2)] == 1.0
    assert isinstance(PerfectTugPlayer().choose(state, 0), Remove)
    assert values[EndTurn()] < 1.0


def test_a_missing_or_damaged_table_is_a_clear_error(tmp_path):
    state = TugOfWarState(athletes=(5, 5), team=((2, 3, 4), (5, 5, 5)), common=(1, 6, 6),
                          phase=ACT, to_move=0)
    missing = PerfectTugPlayer(loader=TableLoader(tmp_path / "absent.bin"))
    with pytest.raises(TableMissingError, match="solve_tug_of_war"):
        missing.choose(state, 0)
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(b"not a table")
    with pytest.raises(TableMissingError):
        PerfectTugPlayer(loader=TableLoader(damaged)).choose(state, 0)
