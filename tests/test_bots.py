"""The bots: the shared search on toy games with known answers, and each game's knowledge."""
from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from game.bots import LEVEL_NAMES, Bot, Level, make_bot
from game.bots.games import knowledge_for
from game.bots.games.moriarty_colour import ColourReader
from game.bots.games.synch import edge_distance
from game.bots.history import History
from game.bots.knowledge import Knowledge, squash, terminal_value, unseal
from game.bots.levels import Budget
from game.bots.search import Search
from game.core import SEALED, GameError, Move, NodeKind, Outcome, State, Step
from game.match import Match, RandomPlayer
from game.registry import GAMES
from game.rules import moriarty, strands
from tests.support import examples


# ---- toy games with known answers ---------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Coin(Move):
    side: str

    def __str__(self) -> str:
        return self.side


HEADS, TAILS = Coin("H"), Coin("T")


@dataclasses.dataclass(frozen=True, slots=True)
class LopsidedPennies(State):
    """Both show a coin at once: HH Eks wins, TT is a draw, else Oh wins. Equilibrium: 1/3 H."""

    pending: tuple = (None, None)
    result: Outcome | None = None

    @property
    def kind(self) -> NodeKind:
        return NodeKind.TERMINAL if self.result else NodeKind.SIMULTANEOUS

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.result else (0, 1)

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        return () if self.result or self.pending[seat] is not None else (HEADS, TAILS)

    def _resolve(self, moves) -> Step:
        winner = 0 if moves == (HEADS, HEADS) else None if moves == (TAILS, TAILS) else 1
        return Step(self.replace(result=Outcome(winner, "shown", ())), ())


@dataclasses.dataclass(frozen=True, slots=True)
class Gamble(State):
    """Eks picks a safe bet (wins 3 in 4) or a bold one (wins 1 in 2); then chance decides."""

    odds: Fraction | None = None
    pending: tuple = (None, None)
    result: Outcome | None = None

    @property
    def kind(self) -> NodeKind:
        if self.result:
            return NodeKind.TERMINAL
        return NodeKind.DECISION if self.odds is None else NodeKind.CHANCE

    @property
    def actors(self) -> tuple[int, ...]:
        return (0,) if self.kind is NodeKind.DECISION else ()

    def _legal_moves(self, seat: int) -> tuple[Move, ...]:
        return (HEADS, TAILS) if seat == 0 and self.kind is NodeKind.DECISION else ()

    def _apply_decision(self, move: Move) -> Step:
        return Step(self.replace(odds=Fraction(3, 4) if move == HEADS else Fraction(1, 2)), ())

    def chance_outcomes(self):
        if self.kind is not NodeKind.CHANCE:
            return ()
        return (("win", self.odds), ("lose", 1 - self.odds))

    def _apply_chance(self, outcome) -> Step:
        return Step(self.replace(result=Outcome(0 if outcome == "win" else 1, outcome, ())), ())


def test_regret_matching_finds_the_mixed_equilibrium():
    search = Search(LopsidedPennies(), Knowledge(), random.Random(3)).run(Budget(20000, 60))
    for seat in (0, 1):
        heads = search.mixed_strategy(seat)[HEADS]
        assert heads == pytest.approx(1 / 3, abs=0.07), (seat, heads)


def test_chance_nodes_are_sampled_with_their_probabilities():
    search = Search(Gamble(), Knowledge(), random.Random(5)).run(Budget(4000, 60))
    stats = search.decision_stats()
    assert stats[HEADS][1] == pytest.approx(0.75, abs=0.05)
    assert stats[TAILS][1] == pytest.approx(0.5, abs=0.08)
    bot = Bot(Knowledge(), Level("test", Budget(2000, 60)), seed=1)
    assert bot.choose(Gamble(), 0) == HEADS


def test_a_bot_mixes_at_a_simultaneous_turn():
    bot = Bot(Knowledge(), Level("test", Budget(4000, 60)), seed=2)
    picks = {bot.choose(LopsidedPennies(), 1) for _ in range(30)}
    assert picks == {HEADS, TAILS}


def test_should_stop_ends_a_search_early():
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    search = Search(GAMES["strands"].new_game(), knowledge_for("strands"), random.Random(1))
    search.run(Budget(10**9, 60), should_stop=stop)
    assert len(calls) == 1 and search.iterations <= 64


def test_squash_is_even_at_no_advantage_and_stays_inside_zero_one():
    assert squash(0, 3) == 0.5
    assert 0.5 < squash(2, 3) < squash(20, 3) < 1
    assert 0 < squash(-20, 3) < 0.5


# ---- every game, every level: legal moves from observations only ---------------------------
TINY = Level("tiny", Budget(40, 5))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_tiny_bots_finish_a_game_with_only_legal_moves(game_id):
    options = {"turn_limit": 60} if game_id == "pulling_strings" else None
    match = Match(game_id, options, seed=11)
    bots = [Bot(knowledge_for(game_id), TINY, seed) for seed in (1, 2)]
    history = History()
    for _ in range(3000):
        state = match.state
        if state.is_terminal:
            break
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        for seat in state.awaiting:
            observation = match.observe(seat)
            move = bots[seat].choose(observation, seat, history.entries)
            assert observation.is_legal(seat, move)
            before = match.state
            match.play(move, seat)
            history.add(before, seat, move)
    assert match.state.is_terminal


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_level_exists_and_an_unknown_one_is_refused(game_id):
    levels = knowledge_for(game_id).levels()
    assert set(levels) == set(LEVEL_NAMES)
    budgets = [levels[name].budget for name in LEVEL_NAMES]
    assert budgets[0].iterations < budgets[1].iterations < budgets[2].iterations
    # each level within its own limit (a list compared with <= is decided by Easy's alone)
    for name, budget, limit in zip(LEVEL_NAMES, budgets, (0.3, 1.0, 3.0)):
        assert 0 < budget.seconds <= limit, (name, budget.seconds)
    with pytest.raises(GameError):
        make_bot(game_id, "grandmaster")


def test_a_sealed_choice_is_reopened_not_read():
    state = GAMES["pulling_strings"].new_game()
    sealed = state.apply(state.legal_moves(0)[3], 0).state
    seen = sealed.observe(1)
    assert seen.pending[0] is SEALED
    assert unseal(seen).pending == (None, None)
    picks = {make_bot("pulling_strings", "easy", seed=4).choose(sealed.observe(1), 1)
             for _ in range(1)}
    assert picks <= set(seen.legal_moves(1))


# ---- Strands: a turn's stones in one order --------------------------------------------------
def test_a_bot_keeps_its_search_for_the_next_stone_of_a_turn():
    bot = make_bot("strands", "medium", seed=3)
    bot.level = bot.level.timed_by(lambda: 0.0)  # only the iterations bind, however busy the
    # machine (on the wall clock a loaded one stopped the first search at 608 of 800)
    budget = bot.level.budget.iterations
    state = GAMES["strands"].new_game()
    state = state.apply(state.legal_moves(0)[0]).state
    searched = []
    while state.to_move == 1 and not state.is_terminal:
        move = bot.choose(state, 1)
        searched.append(bot.last_iterations)
        state = state.apply(move).state
    assert len(searched) > 1
    assert searched[0] >= budget
    assert all(iterations < budget for iterations in searched[1:])


def _strands_endgame(seed: int, empty: int) -> strands.StrandsState:
    """A 61-space board filled at random but for `empty` spaces, `seed`'s choice of who moves."""
    rng = random.Random(seed)
    board = strands.Board.build(5)
    stones = [rng.choice((1, 2)) for _ in board.labels]
    for cell in rng.sample(range(len(stones)), empty):
        stones[cell] = 0
    return strands.StrandsState(board=board, stones=tuple(stones), to_move=rng.randrange(2),
                                turn_number=9)


def _exact_value(state: State) -> float:
    """Seat 0's result of `state` under perfect play by both, searched to the end."""
    if state.is_terminal:
        return terminal_value(state)
    seat = state.actors[0]
    values = [_exact_value(state.apply(move).state) for move in state.legal_moves(seat)]
    return max(values) if seat == 0 else min(values)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 5))
def test_a_rave_search_plays_a_perfect_move_where_it_can_search_to_the_end(seed, empty):
    state = _strands_endgame(seed, empty)
    knowledge = knowledge_for("strands")
    knowledge.adopt((("rave", 300.0),))
    search = Search(state, knowledge, random.Random(seed), exploration=0.3)
    search.run(Budget(3000, 60.0))
    stats = search.decision_stats()
    move = max(stats, key=lambda m: stats[m][0])
    assert _exact_value(state.apply(move).state) == _exact_value(state)
    assert search.root.visits == search.iterations


def test_rave_counts_a_space_for_a_seat_only_when_that_seat_covers_it():
    state = _strands_endgame(4, 8)
    knowledge = knowledge_for("strands")
    knowledge.adopt((("rave", 300.0),))
    search = Search(state, knowledge, random.Random(4), exploration=0.3)
    search.run(Budget(400, 60.0))
    nodes = [search.root]
    while nodes:
        node = nodes.pop()
        if node.kind is not NodeKind.DECISION:
            continue
        for seen, won, move in zip(node.amaf_seen, node.amaf_won, node.options):
            assert 0 <= won <= seen <= node.visits
            if move is strands.END_TURN:
                assert seen == 0
        nodes.extend(node.children.values())


def test_rave_needs_a_game_that_says_who_played_what():
    knowledge = Knowledge()
    knowledge.adopt((("rave", 100.0),))
    with pytest.raises(NotImplementedError):
        Search(GAMES["synch"].new_game(), knowledge, random.Random(1))


# ---- Moriarty: the belief over the opponent's colour ------------------------------------------
def _moriarty_after_setup(seed: int = 2) -> Match:
    match = Match("moriarty", {"games": 1}, seed)
    rng = random.Random(seed)
    player = RandomPlayer(seed)
    while match.state.phase != moriarty.PIVOT:
        for seat in match.state.awaiting:
            match.play(player.choose(match.observe(seat), seat), seat)
    return match


def test_belief_favours_the_colour_the_opponent_keeps_taking():
    match = _moriarty_after_setup()
    state = match.state
    history = []
    favourite = 2
    for pivot in range(8):
        picked = state.replace(pivot=pivot, phase=moriarty.ACTIVE, edge=0)
        left, right = picked.actives(pivot)
        if (state.colours[left] == favourite) != (state.colours[right] == favourite):
            take = left if state.colours[left] == favourite else right
            history.append((picked.observe_public(), 1, moriarty.Take(take)))
    assert len(history) >= 2
    probabilities = ColourReader().belief(history, 0, state.observe(0))
    assert max(range(4), key=probabilities.__getitem__) == favourite
    assert sum(probabilities) == pytest.approx(1.0)
    assert ColourReader().belief([], 0, state.observe(0)) == pytest.approx([0.25] * 4)


def test_moriarty_worlds_never_read_the_hidden_colour():
    match = _moriarty_after_setup()
    state = match.state
    seen = state.observe(0)
    assert seen.bonus[1] is None
    worlds = knowledge_for("moriarty").worlds(seen, 0, ())
    assert sorted(w.bonus[1] for _, w in worlds) == [0, 1, 2, 3]
    # Whatever the opponent's true colour, the bot sees the same thing and plays the same.
    moves = set()
    for colour in range(4):
        truth = state.replace(bonus=(state.bonus[0], colour))
        moves.add(str(make_bot("moriarty", "easy", seed=9).choose(truth.observe(0), 0)))
    assert len(moves) == 1


def test_moriarty_bot_declares_when_sure_and_holds_back_when_not():
    match = _moriarty_after_setup(seed=5)
    state = match.state
    # A board worth a lot and far ahead for Oh (who will end the game at once if Eks carries
    # on), a declare moment for Eks, and Oh's colour known for sure.
    rows = (3, 8, 5, 9, 4, 8, 5, 7)
    declaring = state.replace(rows=rows, phase=moriarty.DECLARE, edge=0, rounds=3)
    truth = declaring.bonus[1]
    history = []
    picking = declaring.replace(phase=moriarty.PIVOT, edge=1).observe_public()
    for column in range(8):  # Oh keeps picking pivots of its colour
        if declaring.colours[column] == truth:
            history.extend([(picking, 1, moriarty.PickPivot(column))] * 4)
    sure = make_bot("moriarty", "medium", seed=1).choose(declaring.observe(0), 0, history)
    assert sure == moriarty.Declare(truth)
    unsure = make_bot("moriarty", "medium", seed=1).choose(declaring.observe(0), 0, ())
    assert not isinstance(unsure, moriarty.Declare)


def test_moriarty_names_a_colour_only_when_sure_enough():
    from game.bots.games.moriarty import DECLARE_CONFIDENCE, MARGIN
    match = _moriarty_after_setup(seed=5)
    state = match.state.replace(phase=moriarty.DECLARE, edge=0, rounds=3)
    knowledge = knowledge_for("moriarty")

    def worlds(weights):
        return [(w, state.replace(bonus=(state.bonus[0], c))) for c, w in enumerate(weights)]
    shaky = worlds([0.6, 0.2, 0.1, 0.1])  # more likely than the rest, but wrong 4 times in 10
    assert knowledge.doubt(moriarty.Declare(0), shaky, 0) is None
    sure = worlds([DECLARE_CONFIDENCE, 0.1, 0.1, 1 - DECLARE_CONFIDENCE - 0.2])
    assert knowledge.doubt(moriarty.Declare(0), sure, 0) == MARGIN
    assert knowledge.doubt(moriarty.Declare(1), sure, 0) is None
    assert knowledge.doubt(moriarty.PASS, shaky, 0) == 0.0
    easy = knowledge_for("moriarty")
    easy.adopt(knowledge.levels()["easy"].traits)  # Easy names a colour only when it is obvious
    assert easy.declare_confidence > DECLARE_CONFIDENCE
    assert easy.doubt(moriarty.Declare(0), sure, 0) is None


def test_a_level_sets_its_knowledge_and_an_unknown_setting_is_refused():
    hard = knowledge_for("moriarty").levels()["hard"]
    bot = Bot(knowledge_for("moriarty"), hard, seed=1)
    for name, value in hard.traits:
        assert getattr(bot.knowledge, name) == value
    with pytest.raises(ValueError, match="no setting 'boldness'"):
        Bot(knowledge_for("moriarty"), dataclasses.replace(hard, traits=(("boldness", 1.0),)))


def test_playing_your_own_colour_gives_it_away_and_playing_another_hides_it():
    giveaway = ColourReader().giveaway
    # Eks's colour is blue (columns 2 and 4); a pivot in column 3 makes both blue tokens active
    # (one for Eks to push), one in column 7 neither; with the pivot in column 1 the active
    # tokens are column 8 (pink) and column 2 (blue).
    start = _moriarty_after_setup(seed=3).state.replace(colours=(0, 1, 0, 1, 2, 3, 2, 3),
                                                         bonus=(1, 2), edge=0)
    picking = start.replace(phase=moriarty.PIVOT)
    assert giveaway((), 0, picking, moriarty.PickPivot(2)) > 0.05
    assert giveaway((), 0, picking, moriarty.PickPivot(6)) < -0.01
    taking = start.replace(phase=moriarty.ACTIVE, pivot=0, edge=1)
    assert giveaway((), 0, taking, moriarty.Take(1)) > 0.01
    assert giveaway((), 0, taking, moriarty.Take(7)) < -0.01


def test_a_concealing_bot_pays_for_what_a_choice_gives_away():
    giveaway = ColourReader().giveaway
    match = _moriarty_after_setup(seed=3)
    state = match.state.replace(phase=moriarty.ACTIVE, pivot=0, edge=1)
    knowledge = knowledge_for("moriarty")
    knowledge.adopt((("concealment", 0.5),))
    worlds = [(1.0, state)]
    given = {column: giveaway((), 0, state, moriarty.Take(column)) for column in state.actives(0)}
    assert min(given.values()) < 0 < max(given.values())  # one take tells, the other misleads
    for column, told in given.items():
        # a cost only: a take that would mislead earns nothing, or a bluff could outbid a sure
        # ending (tests/test_depth_search.py)
        assert knowledge.doubt(moriarty.Take(column), worlds, 0, ()) == pytest.approx(
            0.5 * max(0.0, told))
    assert knowledge.weighs_moves and not knowledge_for("moriarty").weighs_moves


def test_tug_of_war_hard_plays_the_solved_table_through_the_bot_interface():
    from game.bots import SOLVED
    from game.bots.perfect_tug import PerfectTugPlayer
    bot = make_bot("tug_of_war", "hard", seed=3)
    assert isinstance(bot, PerfectTugPlayer) and ("tug_of_war", "hard") in SOLVED
    match = Match("tug_of_war", seed=9)
    players = [bot, RandomPlayer(4)]
    while not match.state.is_terminal:
        if match.state.awaiting == ():
            match.resolve_chance()
            continue
        seat = match.state.awaiting[0]
        if seat == 0:  # as the bot worker asks: with a history and a stop flag
            move = bot.choose(match.observe(seat), seat, (), lambda: False)
        else:
            move = players[seat].choose(match.observe(seat), seat)
        match.play(move, seat)
    assert isinstance(make_bot("tug_of_war", "medium", seed=3), Bot)


def test_every_intersection_off_the_homes_is_next_to_as_many_homes_of_each_side():
    """Why Pulling Strings' evaluation counts pieces on homes only: a weight for a piece one
    step from a home would cancel out everywhere."""
    from game.rules.pulling_strings import HOMES, SIZE
    for row in range(SIZE):
        for col in range(SIZE):
            if (row, col) in HOMES[0] + HOMES[1]:
                continue
            near = [(row + dr, col + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            assert sum(h in HOMES[0] for h in near) == sum(h in HOMES[1] for h in near)


@settings(max_examples=examples(60), deadline=None)
@given(stacks=st.lists(st.integers(0, 9), min_size=25, max_size=25))
def test_pulling_strings_is_evaluated_by_the_pieces_on_each_side_s_homes(stacks):
    from game.rules.pulling_strings import HOMES, PullingStringsState, SIZE
    state = PullingStringsState(stacks=tuple(stacks))
    on = [sum(stacks[r * SIZE + c] for r, c in HOMES[seat]) for seat in (0, 1)]
    assert knowledge_for("pulling_strings").evaluate(state) == pytest.approx(
        squash(on[0] - on[1], 3.0))


@settings(max_examples=examples(40), deadline=None)
@given(size=st.integers(5, 15), pick=st.integers(0, 10**6))
def test_synch_central_start_keeps_either_seat_two_squares_from_every_edge(size, pick):
    knowledge = knowledge_for("synch")
    state = GAMES["synch"].new_game(size=size)
    assert list(knowledge.root_moves(state, 0, None)) == list(state.legal_moves(0))  # off
    knowledge.adopt((("central_start", 1.0),))
    for seat in (0, 1):
        legal = state.legal_moves(seat)
        inmost = min(2, max(edge_distance(m.label, size) for m in legal))
        chosen = knowledge.root_moves(state, seat, None)
        assert chosen == [m for m in legal if edge_distance(m.label, size) >= inmost]
        assert len(chosen) == ((size - 4) ** 2 - seat or 8)  # 5 x 5: its centre, then the ring
        if seat == 0:
            state = state.apply(chosen[pick % len(chosen)], 0).state
    state = state.apply(chosen[0], 1).state
    assert list(knowledge.root_moves(state, 1, None)) == list(state.legal_moves(1))  # placed


@settings(max_examples=examples(20), deadline=None)
@given(size=st.integers(5, 11), central=st.booleans(), seed=st.integers(0, 10**6))
def test_a_kept_subtree_is_reused_only_where_its_moves_are_the_roots(size, central, seed):
    knowledge = knowledge_for("synch")
    knowledge.adopt((("central_start", float(central)),))
    state = GAMES["synch"].new_game(size=size)
    search = Search(state, knowledge, random.Random(seed)).run(Budget(400, 60))
    for move in list(search.root.children):
        below = state.apply(move, 0).state
        kept = search.subtree(move)  # the way down to the bot's next decision, kept either way
        assert kept is not None and kept.root.state == below
        found = search.find(below)
        if central:  # the other seat's start was searched over every square, not the centre
            assert found is None and kept.find(below) is None
        else:
            assert found is not None and kept.find(below) is not None
            node = found.root
            options = getattr(node, "options", None) or (*node.untried, *node.children)
            assert set(options) == set(knowledge.root_moves(below, 1, None))
        for answer in list(kept.root.children)[:3]:  # the bot's next decision: reused
            assert kept.find(below.apply(answer, 1).state) is not None
