"""Reading the opponent at secret turns: the public history keeps revealed choices only, the
model and its confidence behave, the safe response stays within its bound, and a bot that reads
takes advantage of a predictable player."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, knowledge_for
from game.bots.history import History
from game.bots.matrix import solve
from game.bots.reading import PRIOR, SAFETY, Reader, level_one, safe_response
from game.core import NodeKind
from game.match import Match
from game.rules import moriarty
from tests.support import examples


def _random_game(game_id: str, seed: int, decisions: int):
    """A random game's states and moves as played, one commit at a time."""
    rng = random.Random(seed)
    options = {"turn_limit": 60} if game_id == "pulling_strings" else {}
    match = Match(game_id, options, seed)
    for _ in range(decisions):
        state = match.state
        if state.is_terminal:
            return
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        seat = rng.choice(state.awaiting)
        move = rng.choice(state.legal_moves(seat))
        yield state, seat, move
        match.play(move, seat)


@settings(max_examples=examples(25), deadline=None)
@given(st.sampled_from(["pulling_strings", "moriarty"]), st.integers(0, 10_000),
       st.integers(1, 150))
def test_the_history_shows_a_secret_choice_only_once_both_are_revealed(game_id, seed, length):
    history = History()
    for before, seat, move in _random_game(game_id, seed, length):
        shown = len(history.entries)
        history.add(before, seat, move)
        added = history.entries[shown:]
        if before.kind is NodeKind.DECISION:
            assert added == ((before.observe_public(), seat, move),)
        elif before.pending == (None, None):  # the first of two secret choices: nothing yet
            assert added == ()
        elif not before.reveals_choices:  # Bonus Colours never show
            assert added == ()
        else:  # the second: both, in seat order, with the open state both chose in
            assert [who for _, who, _ in added] == [0, 1]
            assert added[0][0] == added[1][0] == added[0][0].observe_public()
            assert added[0][0].pending == (None, None)
            assert (added[seat][2]) == move
        for state, _, chosen in history.entries:
            assert not isinstance(chosen, moriarty.Bonus)
            assert state == state.observe_public()


def test_moriarty_bonus_colours_stay_out_of_the_history_and_slides_go_in():
    history = History()
    kinds = set()
    for before, seat, move in _random_game("moriarty", 5, 400):
        history.add(before, seat, move)
    for _, _, move in history.entries:
        kinds.add(type(move).__name__)
    assert "Slide" in kinds and "Bonus" not in kinds


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_model_is_a_distribution_over_the_legal_choices(seed, turns):
    knowledge = knowledge_for("pulling_strings")
    states = [s for s, _, _ in _random_game("pulling_strings", seed, 2 * turns + 1)
              if s.pending == (None, None)]
    state = states[-1]
    for seat in (0, 1):
        model = level_one(state, seat, knowledge.value)
        assert set(model) == set(state.legal_moves(seat))
        assert math.isclose(sum(model.values()), 1.0)
        assert min(model.values()) >= 0.0


def _played_history(seed: int, chooser, turns: int = 16, warmup: int = 6,
                    ) -> tuple[Match, History]:
    """Pulling Strings turns in which seat 1 pulls by `chooser(state, model, rng)` after
    `warmup` random turns have spread the pieces (left out of the history), seat 0 at random
    throughout."""
    knowledge = knowledge_for("pulling_strings")
    rng = random.Random(seed)
    match, history = Match("pulling_strings", {"turn_limit": 60}, seed), History()
    for turn in range(warmup + turns):
        state = match.state
        if state.is_terminal:
            break
        model = level_one(state, 1, knowledge.reading_value)
        theirs = (chooser(state, model, rng) if turn >= warmup
                  else rng.choice(state.legal_moves(1)))
        moves = (rng.choice(state.legal_moves(0)), theirs)
        for seat in (0, 1):
            before = match.state
            match.play(moves[seat], seat)
            if turn >= warmup:
                history.add(before, seat, moves[seat])
    return match, history


def _best_by_the_model(state, model, rng):
    top = max(model.values())
    return rng.choice([m for m, p in model.items() if p >= top - 1e-12])


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000))
def test_confidence_grows_for_a_player_who_follows_the_model_and_not_for_chance(seed):
    reader = Reader(knowledge_for("pulling_strings").reading_value)
    _, follower = _played_history(seed, _best_by_the_model)
    _, random_one = _played_history(seed, lambda s, model, rng: rng.choice(s.legal_moves(1)))
    followed = reader.confidence(follower.entries, 1)
    if _no_choice_mattered(reader, follower):
        assert followed == pytest.approx(PRIOR)
    else:
        assert followed > PRIOR
        assert reader.confidence(random_one.entries, 1) <= followed
    assert reader.confidence((), 1) == pytest.approx(PRIOR)


def _no_choice_mattered(reader: Reader, history: History) -> bool:
    """True when the model saw every choice of seat 1 as equally likely (nothing to read)."""
    return all(max(reader.model(s, 1).values()) - min(reader.model(s, 1).values()) < 1e-9
               for s, who, _ in history.entries if who == 1)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(2, 8), st.integers(2, 8), st.integers(0, 10_000),
       st.floats(0.0, 1.0))
def test_the_safe_response_can_be_punished_by_at_most_the_safety_bound(rows, cols, seed, p):
    rng = random.Random(seed)
    payoff = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    raw = [rng.random() ** 3 for _ in range(cols)]
    model = [r / sum(raw) for r in raw]
    mix = safe_response(payoff, model, p)
    value = solve(payoff, iterations=4000)[2]
    worst = min(sum(x * payoff[i][j] for i, x in enumerate(mix)) for j in range(cols))
    spread = max(map(max, payoff)) - min(map(min, payoff))
    assert value - worst <= SAFETY * spread + 0.01  # the solver's own tolerance on small games
    # Never less against the model than the plain equilibrium, and more the surer the reading
    # (up to the approximate solver's tolerance).
    gains = [_gain(payoff, model, safe_response(payoff, model, belief))
             for belief in (0.0, p / 2, p)]
    assert gains[0] <= gains[1] + 0.005 <= gains[2] + 0.01


def _gain(payoff, model, mix) -> float:
    """The row mix's expected value against the column model."""
    return sum(x * sum(a * q for a, q in zip(line, model)) for x, line in zip(mix, payoff))


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.integers(0, 10_000), st.floats(0.05, 1.0))
def test_the_response_does_better_than_a_step_toward_the_best_reply(rows, cols, seed, p):
    # What the bot expects of a mix, believing the column player follows the model at a share
    # p and otherwise answers the mix at its best: the restricted response, within the safety
    # bound, never expects less than a straight step from the equilibrium toward the best
    # reply to the model, as safe (the earlier rule).
    rng = random.Random(seed)
    payoff = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    raw = [rng.random() ** 4 for _ in range(cols)]
    model = [r / sum(raw) for r in raw]
    equilibrium, _, value = solve(payoff)
    spread = max(map(max, payoff)) - min(map(min, payoff))
    expected = [sum(a * q for a, q in zip(line, model)) for line in payoff]
    best = max(range(rows), key=expected.__getitem__)
    exposed = value - min(payoff[best])
    step = min(p, SAFETY * spread / exposed) if exposed > 0.0 else p
    straight = [(1.0 - step) * x + step * (i == best) for i, x in enumerate(equilibrium)]

    def expects(mix):
        worst = min(sum(x * payoff[i][j] for i, x in enumerate(mix)) for j in range(cols))
        return p * _gain(payoff, model, mix) + (1.0 - p) * worst

    restricted = safe_response(payoff, model, p)
    assert expects(restricted) >= expects(straight) - 0.01 * spread


def test_against_a_predictable_player_the_response_gains_on_the_model():
    # Matching pennies against a player who shows heads 90% of the time.
    payoff = [[1.0, 0.0], [0.0, 1.0]]
    model = [0.9, 0.1]
    mix = safe_response(payoff, model, 0.8)
    gain = sum(x * sum(a * q for a, q in zip(line, model)) for x, line in zip(mix, payoff))
    assert mix[0] > 0.5 and gain > 0.5  # leans on heads, within the safety bound
    assert safe_response(payoff, model, 0.0) == pytest.approx([0.5, 0.5], abs=0.02)


def test_a_reading_bot_and_its_copy_with_the_same_view_mix_alike():
    # What the predictor relies on: the mix comes from public information only.
    reader = Reader(knowledge_for("pulling_strings").reading_value)
    for seed in range(40):  # a game still going after a player who follows the model
        match, history = _played_history(seed, _best_by_the_model, turns=8)
        if not match.state.is_terminal and reader.confidence(history.entries, 1) > 0.7:
            break
    assert not match.state.is_terminal
    level = knowledge_for("pulling_strings").levels()["medium"].scaled(0.1)
    bot, copy = (Bot(knowledge_for("pulling_strings"), level, 1) for _ in range(2))
    first = bot.strategy(match.observe(0), 0, history.entries)
    assert bot.last_reading > 0.5
    assert copy.strategy(match.observe(0), 0, history.entries) == first
