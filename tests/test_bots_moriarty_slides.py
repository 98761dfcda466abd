"""Moriarty's bot at its secret slide: reading the other's colour from its slides, and hiding
its own there (game/bots/games/moriarty.py, `slide_reading` and `slide_concealment`)."""
from __future__ import annotations

import dataclasses

from game.bots import Bot
from game.bots.games import knowledge_for
from game.bots.history import History
from game.match import Match, RandomPlayer
from game.rules import moriarty
from game.tools.hybrids import Hybrid
from game.tools.opponents import Greedy


def _slides(seed: int, rounds: int):
    """Greedy (seat 1) against random play (seat 0), no endings or declarations: each slide
    position met (the full state, what seat 1 saw as public history then)."""
    match = Match("moriarty", {"games": 1}, seed)
    players = {0: RandomPlayer(seed), 1: Greedy(seed + 1)}
    history = History()
    found = []
    while not match.state.is_terminal and match.state.rounds < rounds:
        state = match.state
        if state.phase == moriarty.DIRECTION and state.pending == (None, None):
            found.append((state, history.entries))
        for seat in state.awaiting:
            before = match.state
            moves = [m for m in before.legal_moves(seat)
                     if not isinstance(m, (moriarty.EndGame, moriarty.Declare))]
            move = moriarty.PASS if before.phase == moriarty.DECLARE else \
                players[seat].choose(match.observe(seat), seat, history.entries)
            match.play(move if move in moves else moves[0], seat)
            history.add(before, seat, move if move in moves else moves[0])
    return found


def _knowledge(**traits: float):
    knowledge = knowledge_for("moriarty")
    knowledge.adopt(tuple(traits.items()))
    return knowledge


def _bot(**traits: float) -> Bot:
    """Easy (one depth, so the same search every time), with settings changed."""
    knowledge = knowledge_for("moriarty")
    level = knowledge.levels()["easy"]
    return Bot(knowledge, dataclasses.replace(level, traits=level.traits + tuple(traits.items())),
               seed=3)


def test_a_slide_costs_only_what_it_gives_away_and_only_with_the_setting():
    plain, hiding = _knowledge(), _knowledge(slide_concealment=0.5)
    costs = []
    for state, history in _slides(11, 10):
        for move in state.legal_moves(1):
            assert plain.secret_cost(state, 1, move, history) == 0.0
            cost = hiding.secret_cost(state, 1, move, history)
            given = hiding.colours.slide_giveaway(history, 1, state, move)
            assert cost == 0.5 * max(0.0, given)
            costs.append(cost)
    assert any(c > 0.0 for c in costs) and any(c == 0.0 for c in costs)


def test_a_slide_reading_bot_weighs_the_worlds_by_the_slides():
    knowledge = _knowledge(slide_reading=1.0, wary=1.0)
    for state, history in _slides(12, 8)[-1:]:
        view = state.observe(0)
        worlds = knowledge.worlds(view, 0, history)
        belief = knowledge.colours.belief(history, 0, view, True, slides=True)
        for weight, world in worlds:
            assert world.bonus[0] == state.bonus[0]  # its own colour, and a guess at the other's
            assert weight >= belief[world.bonus[1]] - 1e-12


def test_hiding_its_colour_never_makes_the_giveaway_slide_likelier():
    checked = lowered = 0
    for state, history in _slides(13, 12):
        moves = state.legal_moves(1)
        if len(moves) < 2:
            continue
        hiding = _bot(slide_concealment=2.0)
        costs = [hiding.knowledge.secret_cost(state, 1, m, history) for m in moves]
        if max(costs) <= 0.0:
            continue
        giveaway = moves[costs.index(max(costs))]
        view = state.observe(1)
        with_cost = hiding.strategy(view, 1, history).get(giveaway, 0.0)
        without = _bot().strategy(view, 1, history).get(giveaway, 0.0)
        assert with_cost <= without + 1e-9
        checked += 1
        lowered += with_cost < without - 0.1
    assert checked >= 2 and lowered >= 1


def _against_a_searcher_sliding_greedily(seed: int, rounds: int):
    """Seat 1 searches its pivots and takes (Easy, its budget cut to a fifth) and slides by
    greedy's count; seat 0 plays at random; no endings or declarations: the final state and the
    public history."""
    match = Match("moriarty", {"games": 1}, seed)
    knowledge = knowledge_for("moriarty")
    searcher = Bot(knowledge, knowledge.levels()["easy"].scaled(0.2), seed)
    players = {0: RandomPlayer(seed), 1: Hybrid(searcher, "slide", "greedy", seed)}
    history = History()
    while not match.state.is_terminal and match.state.rounds < rounds:
        state = match.state
        for seat in state.awaiting:
            before = match.state
            moves = [m for m in before.legal_moves(seat)
                     if not isinstance(m, (moriarty.EndGame, moriarty.Declare))]
            move = moriarty.PASS if before.phase == moriarty.DECLARE else \
                players[seat].choose(match.observe(seat), seat, history.entries)
            move = move if move in moves else moves[0]
            match.play(move, seat)
            history.add(before, seat, move)
    return match.state, history.entries


def test_hard_reads_the_colour_of_a_searcher_that_slides_its_colour_home():
    """A player who searches its pivots and takes and slides by greedy's count (issue 36's
    slide hybrid, cheaply): the wary belief finds nothing in its pivots and takes, Hard's
    worlds weigh its colour by its slides."""
    games = [_against_a_searcher_sliding_greedily(60 + seed, 12) for seed in range(8)]

    def weight_on_truth(traits) -> float:
        total = 0.0
        for state, history in games:
            knowledge = knowledge_for("moriarty")
            knowledge.adopt(traits)
            worlds = knowledge.worlds(state.observe(0), 0, history)
            total += sum(w for w, world in worlds if world.bonus[1] == state.bonus[1])
        return total / len(games)

    assert weight_on_truth((("wary", 1.0),)) < 0.4  # a quarter by chance
    assert weight_on_truth(knowledge_for("moriarty").levels()["hard"].traits) > 0.7
