"""The arena's outside opponents: greedy, predictor, namer and plain UCT play legal games; the
predictor's model of the bot never sees the bot's secrets; the namer names the other's home
colour once a game; the arena reports declarations."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import Bot, Budget, Level, knowledge_for
from game.bots.history import History
from game.core import SEALED, NodeKind
from game.match import Match, RandomPlayer
from game.registry import GAMES
from game.rules import moriarty, tug_of_war
from game.tools import arena
from game.bots.games.moriarty_colour import points_by_colour
from game.tools.opponents import Greedy, HomeNamer, Predictor
from game.tools.uct import PlainUCT
from tests.support import examples

def tiny_predictor(game_id: str, seed: int) -> Predictor:
    """A predictor whose model bot thinks for a few iterations (fast tests)."""
    predictor = Predictor(game_id, "easy", seed)
    predictor.model = Bot(knowledge_for(game_id), Level("easy", Budget(30, 1.0)), seed)
    return predictor


def play(game_id: str, players, seed: int, max_decisions: int = 400) -> Match:
    """Play until the end or `max_decisions`; Match.play refuses any illegal move."""
    options = {"turn_limit": 40} if game_id == "pulling_strings" else {}
    match, history, decisions = Match(game_id, options, seed), History(), 0
    while not match.state.is_terminal and decisions < max_decisions:
        if match.state.awaiting == ():
            match.resolve_chance()
            continue
        for seat in match.state.awaiting:
            before = match.state
            move = players[seat].choose(match.observe(seat), seat, history.entries)
            assert move in match.observe(seat).legal_moves(seat)
            match.play(move, seat)
            history.add(before, seat, move)
            decisions += 1
    return match


@pytest.mark.parametrize("game_id", list(GAMES))
def test_greedy_plays_whole_legal_games(game_id):
    match = play(game_id, [Greedy(1), Greedy(2)], seed=4, max_decisions=3000)
    assert match.state.is_terminal


die = st.integers(1, 6)


@settings(max_examples=examples(150), deadline=None)
@given(st.tuples(die, die, die), st.tuples(die, die, die), st.tuples(die, die, die),
       st.integers(1, 18), st.integers(1, 18), st.integers(0, 9))
def test_greedy_pulls_an_athlete_off_whenever_it_can(team, theirs, common, own, other, seed):
    """Tug of War's greedy counts the other's athletes first: a removal beats any exchange,
    however many athletes the exchange would add."""
    state = tug_of_war.TugOfWarState(athletes=(own, other), team=(team, theirs), common=common,
                                     phase=tug_of_war.ACT, to_move=0)
    removals = [m for m in state.legal_moves(0) if isinstance(m, tug_of_war.Remove)]
    assert isinstance(Greedy(seed).choose(state, 0), tug_of_war.Remove) == bool(removals)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_plain_uct_plays_legal_moves(game_id):
    play(game_id, [PlainUCT(0.005, 1), RandomPlayer(2)], seed=6, max_decisions=60)


@pytest.mark.parametrize("game_id", ["pulling_strings", "moriarty"])
def test_the_predictor_plays_legal_moves(game_id):
    play(game_id, [tiny_predictor(game_id, 3), Greedy(4)], seed=8, max_decisions=60)


def test_greedy_pulls_a_stack_onto_its_own_home():
    # A stack of 5 between Eks's home (row 0, column 1) and Oh's (row 0, column 3): Eks pulls
    # the top row left (y), Oh pulls it right (f), whatever the seed breaking ties.
    state = GAMES["pulling_strings"].new_game().replace(
        stacks=tuple(5 if i == 2 else 0 for i in range(25)))
    for seed in range(10):
        assert str(Greedy(seed).choose(state.observe(0), 0)) == "y"
        assert str(Greedy(seed).choose(state.observe(1), 1)) == "f"


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_the_predictor_never_reads_the_bots_secret_colour_or_choice(seed, steps):
    """Whatever the bot's true colour and sealed slide, the predictor predicts the same."""
    rng = random.Random(seed)
    state = moriarty.GAME.new_game()
    history = History()
    for _ in range(steps + 20):
        if state.is_terminal:
            return
        if state.phase == moriarty.DIRECTION and steps <= 0:
            break
        steps -= 1
        if state.kind is NodeKind.SIMULTANEOUS:
            moves = [rng.choice(state.legal_moves(s)) for s in (0, 1)]
            for s in (0, 1):
                history.add(state, s, moves[s])
            state = state.apply_joint(*moves).state
        else:
            seat = state.actors[0]
            move = rng.choice([m for m in state.legal_moves(seat)
                               if not isinstance(m, (moriarty.Declare, moriarty.EndGame))])
            history.add(state, seat, move)
            state = state.apply(move).state
    if state.phase != moriarty.DIRECTION:
        return
    bot_seat = 1
    predictions = []
    for colour in range(4):
        for sealed in state.legal_moves(bot_seat):
            truth = state.replace(bonus=(state.bonus[0], colour))
            truth = truth.apply(sealed, bot_seat).state  # the bot commits first
            view = truth.observe(0)
            assert view.bonus[bot_seat] is None and view.pending[bot_seat] is SEALED
            predictor = tiny_predictor("moriarty", 11)
            predictions.append(predictor.predict(view, 0, history.entries))
    assert all(p == predictions[0] for p in predictions)


def test_the_arena_plays_and_names_every_kind_of_player():
    for name in ("greedy", "uct:easy", "predictor:easy", "random"):
        assert arena.check_player(name) == name
    for bad in ("wizard", "greedy:hard", "uct:wizard"):
        with pytest.raises(Exception):
            arena.check_player(bad)
    setup = arena.Setup(scale=0.02, time_factor=1.0)
    result = arena.play_game("strands", ("uct", "greedy"), seed=2, first_seat=0, setup=setup)
    assert result.score in (0.0, 0.5, 1.0)


def test_the_arena_lists_moriarty_declarations():
    setup = arena.Setup(scale=0.05)
    report = arena.run_pairing("moriarty", ("easy", "random"), games=2, jobs=1, seed=1,
                               setup=setup)
    made = [d for r in report.results for d in r.declarations]
    assert all(d.player in ("easy", "random") and d.points >= 0 for d in made)
    text = report.declarations()
    assert "random:" in text and "easy:" in text


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10_000), namer_seat=st.integers(0, 1))
def test_the_namer_names_the_others_home_colour_at_its_first_chance_in_each_game(seed,
                                                                                  namer_seat):
    """Against any play, it names a colour with the most points on the other's side (as the
    Bonus Colours were picked) at the first state where it may, once a game."""
    players = {namer_seat: HomeNamer(seed), 1 - namer_seat: RandomPlayer(seed + 1)}
    match, history = Match("moriarty", {}, seed), History()
    homes, chances, named = {}, {}, {}
    while not match.state.is_terminal:
        state = match.state
        if state.awaiting == ():
            match.resolve_chance()
            continue
        for seat in state.awaiting:
            before = match.state
            move = players[seat].choose(match.observe(seat), seat, history.entries)
            game = before.game_index
            if seat == namer_seat:
                if before.phase == moriarty.BONUS:
                    counts = points_by_colour(before, 1 - seat)[:4]
                    homes[game] = {c for c in range(4) if counts[c] == max(counts)}
                if any(isinstance(m, moriarty.Declare) for m in before.legal_moves(seat)):
                    chances.setdefault(game, move)
                if isinstance(move, moriarty.Declare):
                    assert game not in named  # once a game
                    named[game] = move.colour
            match.play(move, seat)
            history.add(before, seat, move)
    for game, first in chances.items():
        assert isinstance(first, moriarty.Declare) and first.colour in homes[game]
    assert set(named) == set(chances)


def test_the_namer_plays_only_moriarty():
    assert arena.check_player("namer") == "namer"
    with pytest.raises(arena.GameError, match="only Moriarty"):
        arena.make_player("namer", "hard", "strands", 1)
