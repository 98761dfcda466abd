"""One API check run against every game: the contract the app, bots and records rely on."""
from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest

from game import GAMES, SEALED, IllegalMoveError, NodeKind, get_game
from game.match import Match, RandomPlayer, play_out
from game.record import load_record
from support import playout

GAME_IDS = list(GAMES)
SEEDS = range(12)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registry_entry_is_complete(game_id):
    spec = get_game(game_id)
    assert spec.id == game_id and spec.title and spec.pitch
    assert len(spec.seat_names) == 2 and spec.seat_names[0] != spec.seat_names[1]
    state = spec.new_game()
    assert state.game_id == game_id
    assert state.seat_names == spec.seat_names
    assert state.kind is not NodeKind.TERMINAL


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_with_an_outcome(game_id, seed):
    path = playout(get_game(game_id), seed)
    final = path[-1][1].state
    assert final.is_terminal and final.kind is NodeKind.TERMINAL
    assert final.outcome.winner in (None, 0, 1) and final.outcome.reason
    assert final.actors == () and final.legal_moves(0) == () == final.legal_moves(1)
    assert any(type(e).__name__ == "GameOver" for e in path[-1][1].events)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_node_kinds_agree_with_actors_and_moves(game_id):
    for seed in SEEDS:
        for state, _ in playout(get_game(game_id), seed):
            kind = state.kind
            if kind is NodeKind.CHANCE:
                assert state.actors == ()
                outcomes = state.chance_outcomes()
                assert outcomes and all(p > 0 for _, p in outcomes)
                assert sum(p for _, p in outcomes) == Fraction(1)
                assert len({o for o, _ in outcomes}) == len(outcomes)
            elif kind is NodeKind.SIMULTANEOUS:
                assert state.actors == (0, 1)
                assert state.legal_moves(0) and state.legal_moves(1)
            else:
                assert len(state.actors) == 1
                seat = state.actors[0]
                assert state.legal_moves(seat) and state.legal_moves(1 - seat) == ()
                assert state.chance_outcomes() == ()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_leaves_the_old_state_unchanged(game_id):
    for seed in SEEDS[:4]:
        for state, step in playout(get_game(game_id), seed):
            frozen = pickle.dumps(state)
            rng = random.Random(seed)
            # apply again (same kind of transition) and check nothing moved underneath
            if state.kind is NodeKind.CHANCE:
                state.apply_chance(state.chance_outcomes()[0][0])
            elif state.kind is NodeKind.SIMULTANEOUS:
                state.apply(state.legal_moves(0)[0], 0)
                state.apply_joint(state.legal_moves(0)[-1], state.legal_moves(1)[0])
            else:
                state.apply(rng.choice(state.legal_moves(state.actors[0])))
            assert pickle.dumps(state) == frozen
            assert pickle.loads(frozen) == state
            assert step.state is not state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_pickle_and_hash(game_id):
    for state, step in playout(get_game(game_id), 3):
        copy = pickle.loads(pickle.dumps(step.state))
        assert copy == step.state and hash(copy) == hash(step.state)
        assert copy.kind is step.state.kind


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_and_chance_outcome_text_parses_back(game_id):
    spec = get_game(game_id)
    for seed in SEEDS[:4]:
        for state, _ in playout(spec, seed):
            for seat in state.awaiting:
                for move in state.legal_moves(seat):
                    assert spec.parse_move(str(move)) == move
                    assert state.why_illegal(seat, move) is None
            for outcome, _ in state.chance_outcomes():
                assert spec.parse_chance(str(outcome)) == outcome


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_moves_raise_and_change_nothing(game_id):
    spec = get_game(game_id)
    for state, _ in playout(spec, 7):
        before = pickle.dumps(state)
        kind = state.kind
        if kind is NodeKind.CHANCE:
            with pytest.raises(IllegalMoveError):
                state.apply(object())  # type: ignore[arg-type]
            continue
        idle = [s for s in (0, 1) if s not in state.awaiting]
        for seat in idle:  # the seat that is not choosing may not move
            other_move = state.legal_moves(1 - seat)[0]
            with pytest.raises(IllegalMoveError, match="not"):
                state.apply(other_move, seat)
        seat = state.awaiting[0]
        with pytest.raises(IllegalMoveError):
            state.apply("not a move", seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            state.apply_chance(None)
        assert pickle.dumps(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_from_other_positions_are_refused_with_a_reason(game_id):
    spec = get_game(game_id)
    path = playout(spec, 11)
    seen = [m for s, _ in path for seat in s.awaiting for m in s.legal_moves(seat)]
    pool = list(dict.fromkeys(seen))
    refused = 0
    for state, _ in path[::3]:
        for seat in state.awaiting:
            legal = set(state.legal_moves(seat))
            for move in pool:
                if move in legal:
                    continue
                reason = state.why_illegal(seat, move)
                assert isinstance(reason, str) and reason
                with pytest.raises(IllegalMoveError):
                    state.apply(move, seat)
                refused += 1
    assert refused > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_sealed_choice_is_invisible_to_the_other_seat(game_id):
    spec = get_game(game_id)
    for seed in SEEDS[:6]:
        for state, _ in playout(spec, seed):
            if state.kind is not NodeKind.SIMULTANEOUS:
                continue
            for chooser in (0, 1):
                viewer = 1 - chooser
                seen = set()
                for move in state.legal_moves(chooser):
                    sealed = state.apply(move, chooser)
                    assert [type(e).__name__ for e in sealed.events] == ["ChoiceSealed"]
                    view = sealed.state.observe(viewer)
                    assert view.pending[chooser] is SEALED
                    assert move not in view.pending
                    seen.add(pickle.dumps(view))
                    # the chooser sees its own choice
                    assert sealed.state.observe(chooser).pending[chooser] == move
                assert len(seen) == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_are_stable_views(game_id):
    for state, _ in playout(get_game(game_id), 2):
        for seat in (0, 1):
            view = state.observe(seat)
            assert view.observe(seat) == view
            assert view.kind is state.kind and view.actors == state.actors


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_per_seat_commits_match_joint_resolution(game_id):
    spec = get_game(game_id)
    for state, step in playout(spec, 5):
        if state.kind is not NodeKind.SIMULTANEOUS:
            continue
        m0, m1 = step.events and (state.legal_moves(0)[-1], state.legal_moves(1)[0])
        joint = state.apply_joint(m0, m1)
        first = state.apply(m1, 1)
        second = first.state.apply(m0, 0)
        assert second.state == joint.state and second.events == joint.events


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_records_round_trip_and_replay_every_state(game_id, seed):
    match = Match(game_id, seed=seed)
    states = [match.state]
    players = [RandomPlayer(seed), RandomPlayer(seed + 100)]
    while not match.state.is_terminal:
        play_out_one = match.state
        if play_out_one.kind is NodeKind.CHANCE:
            match.resolve_chance()
        else:
            seat = play_out_one.awaiting[0]
            match.play(players[seat].choose(match.observe(seat), seat), seat)
        states.append(match.state)
    text = match.record({"players": "random"}).dumps()
    loaded = load_record(text)
    assert loaded.entries == tuple(match.entries) and loaded.seed == seed
    replayed = [loaded.initial_state()] + [step.state for _, step in loaded.replay()]
    assert replayed == states
    assert loaded.result == match.state.outcome
    assert loaded.to_json() == load_record(loaded.dumps()).to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_is_reproducible_from_its_seed(game_id):
    def run(seed):
        match = Match(game_id, seed=seed)
        play_out(match, [RandomPlayer(1), RandomPlayer(2)])
        return match.entries
    assert run(42) == run(42)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_public_view_hides_every_secret_and_nothing_else(game_id):
    for seed in SEEDS[:4]:
        for state, _ in playout(get_game(game_id), seed):
            public = state.observe_public()
            assert all(choice in (None, SEALED) for choice in public.pending)
            assert public.observe_public() == public
            assert public.kind is state.kind and public.actors == state.actors
            # an onlooker knows no more than either seat
            for seat in (0, 1):
                assert state.observe(seat).observe_public() == public
            if game_id == "moriarty" and not state.is_terminal:
                assert public.bonus == (None, None)
