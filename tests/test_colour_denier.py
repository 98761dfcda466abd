"""Reading a Moriarty player beside what it believed of the other's colour (`choice_denier`)."""
from __future__ import annotations

import math
from typing import Callable

import pytest
from hypothesis import given, settings, strategies as st

from game.bots.games.moriarty_colour import (NONE, ColourReader, OptionTables, Reading,
                                              _normalised, option_tables, reveals_colour)
from game.bots.history import History
from game.match import Match, RandomPlayer
from game.rules import moriarty
from tests.support import examples
from tests.test_colour_belief import _play

HARD: Reading = (True, False, False, True, 0.05, True, 0.05, 0.0)  # Hard's, without beliefs
DENIER = 0.33


def _choices(history: History, player: int) -> list[int]:
    return [i for i, (public, who, move) in enumerate(history.entries)
            if who == player and isinstance(move, (moriarty.PickPivot, moriarty.Take))
            and reveals_colour(public, move)]


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10))
def test_the_beliefs_held_are_the_belief_read_before_each_choice(seed, rounds):
    match, history = _play(seed, rounds)
    reader = ColourReader()
    held = reader.beliefs_held(history.entries, 1, 0, HARD)
    assert sorted(held) == _choices(history, 1)
    for index, belief in held.items():
        public = history.entries[index][0]
        assert belief == ColourReader().belief(history.entries[:index], 1, public, *HARD)


@settings(max_examples=examples(4), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 8))
def test_consistent_beliefs_held_are_read_as_the_reader_reads(seed, rounds):
    """Read consistently, what a player believed is the belief read with beliefs held itself,
    the same from a reader that has kept the earlier readings as from a cold one."""
    match, history = _play(seed, rounds)
    reading = HARD[:-1] + (DENIER,)
    reader = ColourReader()
    held = reader.beliefs_held(history.entries, 1, 0, reading)
    assert sorted(held) == _choices(history, 1)
    for index, belief in list(held.items())[-3:]:
        public = history.entries[index][0]
        again = ColourReader().belief(history.entries[:index], 1, public, *reading, True)
        assert belief == pytest.approx(again, abs=1e-12)


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 10), st.integers(0, 10**6))
def test_a_position_met_again_counts_once(seed, rounds, pick):
    """A bot repeats its choice in a position it meets again, so the repeat says nothing new;
    the reading without beliefs counts it as new evidence."""
    match, history = _play(seed, rounds)
    chosen = _choices(history, 1)
    again = list(history.entries) + [history.entries[chosen[pick % len(chosen)]]]
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, match.observe(0), 0.05, DENIER, HARD)
    once = reader.choice_evidence(history.entries, 1, 0, kinds, HARD)
    assert reader.choice_evidence(again, 1, 0, kinds, HARD) == pytest.approx(once, abs=1e-12)


@settings(max_examples=examples(6), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10), st.floats(0.01, 0.99))
def test_before_a_scored_game_the_evidence_mixes_the_kinds_by_their_shares(seed, rounds, share):
    match, history = _play(seed, rounds)
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, match.observe(0), 0.05, share, HARD)
    expected = (math.log(0.5 * (1 - share)), math.log(0.5 * share), math.log(0.5 * 0.95),
                math.log(0.5 * 0.05), -math.inf)  # no drifter
    assert all(found == pytest.approx(expected) for found in kinds.values())
    evidence = reader.choice_evidence(history.entries, 1, 0, kinds, HARD)
    assert len(evidence) == 4 and all(math.isfinite(e) for e in evidence)
    belief = reader.belief(history.entries, 0, match.observe(0), *HARD[:-1], share)
    assert sum(belief) == pytest.approx(1.0) and min(belief) >= 0.0


ChoiceRule = Callable[[moriarty.MoriartyState, OptionTables, History], int]


def play_choosing(seed: int, rounds: int, rule: ChoiceRule) -> tuple[Match, History]:
    """A one-game match in which seat 1 picks each pivot and take by `rule` (from the public
    position, the options' ahead tables and the history: the index of the option), with no
    endings or declarations; every other choice is random."""
    match = Match("moriarty", {"games": 1}, seed)
    chance, history = RandomPlayer(seed), History()
    while not match.state.is_terminal and match.state.rounds < rounds:
        for seat in match.state.awaiting:
            before = match.state
            moves = [m for m in before.legal_moves(seat)
                     if not isinstance(m, (moriarty.EndGame, moriarty.Declare))]
            public = before.observe_public()
            tables = option_tables(public, seat, moves[0]) \
                if isinstance(moves[0], (moriarty.PickPivot, moriarty.Take)) else None
            if before.phase == moriarty.DECLARE:
                move = moriarty.PASS
            elif seat == 1 and tables is not None:
                options = [m for m in public.legal_moves(1) if type(m) is type(moves[0])]
                move = options[rule(public, tables, history)]
            else:
                move = chance.choose(match.observe(seat), seat, history.entries)
                move = move if move in moves else moves[0]
            match.play(move, seat)
            history.add(before, seat, move)
    return match, history


def _play_denier(seed: int, rounds: int) -> tuple[Match, History]:
    """Seat 1 picks its pivots and takes only against the colour it believes seat 0 holds (as
    Hard reads it), one turn ahead, holding none of its own; everything else is random."""
    reader = ColourReader()

    def deny(public: moriarty.MoriartyState, tables: OptionTables, history: History) -> int:
        held = reader.belief(history.entries, 1, public, *HARD)
        values = [sum(p * t[NONE][d] for d, p in enumerate(held)) for t in tables[1]]
        return max(range(len(values)), key=values.__getitem__)

    return play_choosing(seed, rounds, deny)


def test_a_player_who_plays_only_against_the_others_colour_is_named_less_surely():
    """Its choices say nothing of its own colour; read one turn ahead alone they name one."""
    surer, tops = 0, []
    seeds = range(10)
    for seed in seeds:
        match, history = _play_denier(seed, 10)
        reader = ColourReader()
        observation = match.observe(0)
        plain = _normalised([reader.choice_evidence(history.entries, 1, 0)])
        kinds = reader.choice_kinds(history.entries, 1, observation, 0.05, DENIER, HARD)
        read = _normalised([reader.choice_evidence(history.entries, 1, 0, kinds, HARD)])
        surer += max(read) < max(plain)
        tops.append(max(read))
    assert surer >= 8, tops
    assert sum(tops) / len(tops) < 0.6, tops
