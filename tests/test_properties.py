"""Property tests: hypothesis plays random games and checks each game's invariants at every step."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import NodeKind
from game.rules import moriarty, pulling_strings, strands, synch, tug_of_war

PLAY = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def drive(data, state, max_steps=3000):
    """Yield (state, step) along a game whose every choice hypothesis draws."""
    for _ in range(max_steps):
        if state.is_terminal:
            return
        kind = state.kind
        if kind is NodeKind.CHANCE:
            outcome = data.draw(st.sampled_from([o for o, _ in state.chance_outcomes()]))
            step = state.apply_chance(outcome)
        elif kind is NodeKind.SIMULTANEOUS:
            moves = [data.draw(st.sampled_from(state.legal_moves(s))) for s in (0, 1)]
            step = state.apply_joint(*moves)
        else:
            step = state.apply(data.draw(st.sampled_from(state.legal_moves(state.actors[0]))))
        yield state, step
        state = step.state


@PLAY
@given(st.data(), st.integers(0, 60))
def test_pulling_strings_never_loses_pieces(data, turn_limit):
    state = pulling_strings.GAME.new_game(turn_limit=turn_limit)
    for before, step in drive(data, state):
        after = step.state
        added = sum(2 * ((e.size + 1) // 2) - e.size for e in step.events
                    if isinstance(e, pulling_strings.StackSplit))
        assert sum(after.stacks) == sum(before.stacks) + added
        assert all(size >= 0 for size in after.stacks)
        assert after.broken & before.broken == before.broken  # strings never mend
        unbroken = 10 - bin(after.broken).count("1")
        if not after.is_terminal:
            assert len(after.legal_moves(0)) == 2 * unbroken


@PLAY
@given(st.data())
def test_tug_of_war_keeps_eighteen_athletes_per_side(data):
    state = tug_of_war.GAME.new_game()
    for _, step in drive(data, state):
        after = step.state
        for seat in (0, 1):
            assert 0 <= after.athletes[seat] <= tug_of_war.ATHLETES
            assert after.athletes[seat] + after.reserve[seat] == tug_of_war.ATHLETES
        if after.phase in (tug_of_war.ACT, tug_of_war.TURN_ROLL) and not after.is_terminal:
            assert all(1 <= v <= 6 for team in after.team for v in team)
            assert min(after.athletes) >= 1
        if after.is_terminal:
            loser = 1 - after.outcome.winner
            assert after.athletes[loser] == 0 and after.athletes[after.outcome.winner] >= 1


@PLAY
@given(st.data(), st.sampled_from([6, 5]), st.sampled_from(["standard", "random"]),
       st.integers(0, 1000))
def test_strands_never_ties_and_turns_cover_up_to_x_of_x(data, side, numbering, seed):
    state = strands.GAME.new_game(side=side, numbering=numbering, seed=seed)
    placed_this_turn = []
    placed_events = 0
    for before, step in drive(data, state):
        for event in step.events:
            if isinstance(event, strands.StonePlaced):
                placed_this_turn.append(before.board.numbers[event.cell])
                placed_events += 1
            if isinstance(event, strands.TurnEnded):
                numbers = set(placed_this_turn)
                assert len(numbers) == 1 and len(placed_this_turn) <= numbers.pop()
                placed_this_turn = []
        after = step.state
        assert sum(1 for s in after.stones if s) == placed_events
    assert after.is_terminal and not after.outcome.is_draw
    assert all(after.stones)
    assert sum(after.outcome.scores[0]) + sum(after.outcome.scores[1]) == len(after.stones)


@PLAY
@given(st.data(), st.integers(5, 9), st.sampled_from([synch.DECIDER_FIRST,
                                                      synch.DIRECTIONER_FIRST]))
def test_synch_claims_count_exactly_the_symbols_drawn(data, size, variant):
    state = synch.GAME.new_game(size=size, variant=variant)
    drawn = Counter()
    for before, step in drive(data, state):
        for event in step.events:
            if isinstance(event, synch.SquareClaimed):
                assert before.claims[event.square[0] * size + event.square[1]] == 0
                drawn[event.seat] += 1
        after = step.state
        assert after.scores() == (drawn[0], drawn[1])
        for old, new in zip(before.claims, after.claims):
            assert old == 0 or old == new  # a symbol stays as it is
        for marker in after.markers:
            assert marker is None or after.on_board(marker)


@PLAY
@given(st.data(), st.sampled_from([1, 3]))
def test_moriarty_tokens_stay_in_their_columns_and_secrets_stay_hidden(data, games):
    state = moriarty.GAME.new_game(games=games, round_limit=30)
    for _, step in drive(data, state):
        after = step.state
        assert len(after.rows) == 8 and all(0 <= row <= 9 for row in after.rows)
        if after.phase not in (moriarty.SETUP,):
            assert Counter(after.colours) == {0: 2, 1: 2, 2: 2, 3: 2}
        if not after.is_terminal and after.bonus[0] is not None:
            for seat in (0, 1):
                view = after.observe(seat)
                assert view.bonus[1 - seat] is None and view.bonus[seat] == after.bonus[seat]
        for event in step.events:
            assert not isinstance(event, moriarty.Bonus)
            if isinstance(event, moriarty.GameScored):
                assert None not in event.bonus
    assert after.is_terminal and len(after.history) == games
    assert after.outcome.scores == tuple(map(sum, zip(*(g.points for g in after.history))))
