"""The Moriarty bot's belief over the opponent's Bonus Colour (game/bots/games/moriarty_colour)."""
from __future__ import annotations

import math

import pytest
from hypothesis import assume, example, given, settings, strategies as st

from game.bots.games.moriarty_colour import (AHEAD, SEARCHING, ColourReader, _kinds_weighed,
                                              _normalised, pretended, reveals_colour)
from game.bots.history import History
from game.match import Match, RandomPlayer
from game.rules import moriarty
from game.tools.opponents import Greedy
from tests.support import examples


def _play(seed: int, rounds: int, colour: int | None = None, shown: int | None = None,
          games: int = 1) -> tuple[Match, History]:
    """Greedy (seat 1, Bonus Colour `colour` if given, every choice made as if it held
    `shown` if given) against random play (seat 0), with no endings or declarations, for
    `rounds` rounds of the last of `games` games (games before it run 12 rounds)."""
    options = {"games": 1} if games == 1 else {"games": 3, "round_limit": 12}
    match = Match("moriarty", options, seed)
    players = {0: RandomPlayer(seed), 1: Greedy(seed + 1)}
    history = History()
    last = games - 1
    while not match.state.is_terminal and (match.state.game_index < last or (
            match.state.game_index == last and match.state.rounds < rounds)):
        state = match.state
        for seat in state.awaiting:
            before = match.state
            moves = [m for m in before.legal_moves(seat)
                     if not isinstance(m, (moriarty.EndGame, moriarty.Declare))]
            if before.phase == moriarty.BONUS and seat == 1 and colour is not None:
                move = moriarty.Bonus(colour)
            elif before.phase == moriarty.DECLARE:
                move = moriarty.PASS
            else:
                view = match.observe(seat)
                if seat == 1 and shown is not None and view.bonus[1] is not None:
                    view = view.replace(bonus=(None, shown))
                move = players[seat].choose(view, seat, history.entries)
                if move not in moves:
                    move = moves[0]
            match.play(move, seat)
            history.add(before, seat, move)
    return match, history


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_the_belief_is_a_distribution_read_only_from_public_choices(seed, rounds):
    match, history = _play(seed, rounds)
    belief = ColourReader().belief(history.entries, 0, match.observe(0))
    assert len(belief) == 4 and all(p >= 0.0 for p in belief)
    assert sum(belief) == pytest.approx(1.0)
    for public, _, move in history.entries:
        assert public.bonus == (None, None)  # the reader is never shown a Bonus Colour
        if isinstance(move, moriarty.Bonus):
            pytest.fail("a Bonus Colour reached the public history")


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000))
def test_the_same_public_play_gives_the_same_belief_whatever_the_secret(seed):
    match, history = _play(seed, 6)
    state = match.state
    views = [state.replace(bonus=(state.bonus[0], c)).observe(0) for c in range(4)]
    beliefs = [ColourReader().belief(history.entries, 0, view) for view in views]
    assert all(b == beliefs[0] for b in beliefs)


@pytest.mark.parametrize("wary", [False, True])
def test_a_one_turn_ahead_player_shows_its_colour_within_a_dozen_rounds(wary):
    right = 0
    games = 24
    for seed in range(games):
        colour = seed % 4
        match, history = _play(1000 + seed, 12, colour)
        belief = ColourReader().belief(history.entries, 0, match.observe(0), wary)
        right += max(range(4), key=belief.__getitem__) == colour
    assert right >= games * 0.6  # a uniform guess names it a quarter of the time


def test_slides_count_once_revealed_and_bonus_colours_never():
    match, history = _play(7, 4)
    kinds = {type(move) for _, _, move in history.entries}
    assert moriarty.Slide in kinds and moriarty.Bonus not in kinds
    public = next(s for s, _, m in history.entries if isinstance(m, moriarty.Slide))
    assert reveals_colour(public, moriarty.TOWARD)
    assert not reveals_colour(public, moriarty.PASS)


log_weight = st.floats(-60.0, 0.0)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.lists(log_weight, min_size=4, max_size=4), min_size=2, max_size=2))
def test_a_wary_belief_takes_colour_only_from_the_one_turn_ahead_reading(logs):
    wary = _kinds_weighed(logs)
    assert sum(wary) == pytest.approx(1.0) and all(p >= 0.0 for p in wary)
    # the searching kind's evidence spread evenly: the same as the plain belief when that kind
    # says the same of every colour
    flat = [list(logs[SEARCHING]), list(logs[AHEAD])]
    flat[SEARCHING] = [math.log(sum(math.exp(x) for x in logs[SEARCHING]) / 4)] * 4
    assert wary == pytest.approx(_normalised(flat), abs=1e-9)


def test_a_wary_belief_is_the_ahead_reading_when_only_that_kind_explains_the_play():
    ahead = [-1.0, -4.0, -6.0, -6.0]
    logs = [[-200.0] * 4, ahead]
    top = max(ahead)
    expected = [math.exp(x - top) for x in ahead]
    assert _kinds_weighed(logs) == pytest.approx([e / sum(expected) for e in expected])
    assert _kinds_weighed([[-1.0, -9.0, -9.0, -9.0], [-200.0] * 4]) == pytest.approx([0.25] * 4)


def _slide_reading(history, view, fair: bool = False) -> list[float]:
    return ColourReader().belief(history, 0, view, wary=True, fair=fair, slides=True)


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_the_slide_reading_is_a_distribution_the_same_whatever_the_secret(seed, rounds):
    match, history = _play(seed, rounds)
    state = match.state
    views = [state.replace(bonus=(state.bonus[0], c)).observe(0) for c in range(4)]
    beliefs = [_slide_reading(history.entries, view) for view in views]
    assert all(b == beliefs[0] for b in beliefs)
    assert sum(beliefs[0]) == pytest.approx(1.0) and all(p >= 0.0 for p in beliefs[0])


def test_the_slide_reading_takes_nothing_from_pivots_and_takes():
    match, history = _play(3, 8)
    choices = [e for e in history.entries if not isinstance(e[2], moriarty.Slide)]
    assert any(isinstance(m, (moriarty.PickPivot, moriarty.Take)) for _, w, m in choices if w)
    assert _slide_reading(choices, match.observe(0)) == pytest.approx([0.25] * 4)


@pytest.mark.parametrize("fair", [False, True])
def test_the_slide_reading_names_a_one_turn_ahead_player_from_its_slides(fair):
    right, games = 0, 24
    for seed in range(games):
        colour = seed % 4
        match, history = _play(1000 + seed, 12, colour)
        belief = _slide_reading(history.entries, match.observe(0), fair)
        right += max(range(4), key=belief.__getitem__) == colour
    assert right >= games * 0.6  # a uniform guess names it a quarter of the time


@settings(max_examples=examples(60), deadline=None)
@given(st.permutations([0, 0, 1, 1, 2, 2, 3, 3]), st.integers(0, 7), st.booleans(),
       st.lists(st.integers(1, 8), min_size=8, max_size=8), st.booleans())
def test_sliding_a_colour_home_raises_the_slide_reading_of_that_colour(colours, pivot, left,
                                                                      rows, south):
    """Seat 1 slides its Active Token toward itself, or away, from its own side of the board
    (no other token in play of its colour): the reading after the slide home believes that
    token's colour more than a colour no token in play has, and more than after the slide
    away."""
    match, _ = _play(5, 0)
    base = match.state
    actives = base.actives(pivot)
    mine, theirs = (actives[0], actives[1]) if left else (actives[1], actives[0])
    own_side = (lambda r: 1 <= r <= 4) if south else (lambda r: 5 <= r <= 8)
    rows = list(rows)
    if not own_side(rows[mine]):
        rows[mine] = 9 - rows[mine]
    state = base.replace(colours=tuple(colours), rows=tuple(rows), phase=moriarty.DIRECTION,
                         pivot=pivot, tokens=(theirs, mine), south=1 if south else 0, edge=0,
                         rounds=1, bonus=(None, None), pending=(None, None))
    colour = colours[mine]
    assume(colour not in (colours[pivot], colours[theirs]))  # else the Pivot's move counts too
    in_play = {colours[pivot], colours[theirs], colour}
    others = [c for c in range(4) if c not in in_play]
    after = {move: _slide_reading([(state, 1, move)], state.observe(0))
             for move in (moriarty.TOWARD, moriarty.AWAY)}
    home = after[moriarty.TOWARD]
    assert home[colour] > after[moriarty.AWAY][colour]
    assert all(home[colour] > home[c] for c in others)


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12), st.floats(0.001, 0.6))
def test_before_a_game_is_scored_a_pretending_kind_caps_the_slide_reading(seed, rounds, share):
    """In a match's first game the kinds are as likely as before play, so the reading is the
    telling one, a `share` of it turned against the colour it points at: never above 1 - share."""
    match, history = _play(seed, rounds)
    telling = _slide_reading(history.entries, match.observe(0))
    mixed = ColourReader().belief(history.entries, 0, match.observe(0), wary=True, slides=True,
                                  pretender=share)
    expected = [(1 - share) * t + share * (1 - t) / 3 for t in telling]
    assert mixed == pytest.approx(expected, abs=1e-9)
    assert max(mixed) <= 1 - share + 1e-9


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(log_weight, min_size=4, max_size=4))
def test_a_pretending_slider_is_least_likely_to_hold_the_colour_its_slides_point_at(logs):
    pretending = pretended(logs)
    order = sorted(range(4), key=logs.__getitem__)
    assert all(pretending[a] >= pretending[b] - 1e-9 for a, b in zip(order, order[1:]))
    assert _normalised([pretending]) == pytest.approx(
        [(1 - t) / 3 for t in _normalised([logs])], abs=1e-9)


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(1, 3))
@example(294, 3, 3)  # found in CI-like runs: slides as colour 2 also suited colour 3
def test_a_scored_game_shows_whether_the_slides_told_the_truth(seed, colour, step):
    """Once the first game is scored (its colours shown), the reading of a player who slid
    as its colour would trusts its slides, and of one who slid as another colour turns them
    around: the second game's reading weighs the kinds so (a game's slides as another colour
    may also suit its own, so the pointing player is read as less likely telling, not always
    as pretending: seed 294 leaned to telling by 0.18 nats)."""
    odds = []
    for shown in (colour, (colour + step) % 4):
        match, history = _play(seed, 3, colour, shown, games=2)  # 3 rounds into game 2
        observation = match.observe(0)
        assert observation.history and observation.history[0].bonus[1] == colour
        telling, pretending = ColourReader().slide_kinds(history.entries, 1, observation, 0.5)
        odds.append(telling - pretending)
        reading = _slide_reading(history.entries, observation)  # this game's slides
        share = 1 / (1 + math.exp(telling - pretending))
        expected = [(1 - share) * t + share * (1 - t) / 3 for t in reading]
        belief = ColourReader().belief(history.entries, 0, observation, wary=True, slides=True,
                                       pretender=0.5)
        assert belief == pytest.approx(expected, abs=1e-9)
    told, pointed = odds
    assert told > 0.0 and pointed < told


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12), st.sampled_from([moriarty.PickPivot,
                                                                     moriarty.Take]))
def test_choice_evidence_orders_colours_as_the_one_turn_ahead_reading_and_no_more(seed, rounds,
                                                                                 kind):
    match, history = _play(seed, rounds)
    chosen = [e for e in history.entries if e[1] == 1 and isinstance(e[2], kind)]
    reader = ColourReader()
    evidence = reader.choice_evidence(chosen, 1, match.state.game_index)
    ahead = [sum(math.log(reader.likelihoods(public, who, move)[AHEAD][c])
                 for public, who, move in chosen) for c in range(4)]
    for a in range(4):
        for b in range(4):
            if ahead[a] > ahead[b] + 1e-9:
                assert evidence[a] >= evidence[b]
                # the searching kind, which hides the colour, only damps what the choices say
                assert evidence[a] - evidence[b] <= ahead[a] - ahead[b] + 1e-9


def test_choice_evidence_takes_nothing_from_slides_or_the_other_seat():
    match, history = _play(5, 8)
    reader = ColourReader()
    slides = [e for e in history.entries if isinstance(e[2], moriarty.Slide)]
    assert slides and reader.choice_evidence(slides, 1, 0) == [0.0] * 4
    mine = [e for e in history.entries if e[1] == 0]
    assert reader.choice_evidence(mine, 1, 0) == [0.0] * 4


@pytest.mark.parametrize("denier, sharpness", [(0.0, 0.0), (0.33, 0.0), (0.33, 8.0)])
def test_reading_choices_names_a_one_turn_ahead_player_from_its_pivots_and_takes(denier,
                                                                                  sharpness):
    """Also read beside the beliefs held (a denier's share), and with a sharp teller."""
    right, games = 0, 24
    for seed in range(games):
        colour = seed % 4
        match, history = _play(1000 + seed, 12, colour)
        choices = [e for e in history.entries if not isinstance(e[2], moriarty.Slide)]
        belief = ColourReader().belief(choices, 0, match.observe(0), wary=True, slides=True,
                                       choices=True, choice_denier=denier,
                                       choice_sharpness=sharpness)
        right += max(range(4), key=belief.__getitem__) == colour
    assert right >= games * 0.6  # a uniform guess names it a quarter of the time


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12), st.floats(0.001, 0.6))
def test_before_a_scored_game_the_choice_kinds_are_as_before_play(seed, rounds, share):
    """In a match's first game each kind of choice is hidden, told or pretended as likely as
    before play: the evidence mixes the three readings by those shares alone."""
    match, history = _play(seed, rounds)
    observation = match.observe(0)
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, observation, share)
    priors = (math.log(0.5), -math.inf, math.log(0.5 * (1 - share)), math.log(0.5 * share),
              -math.inf)  # hiding, denying, telling, pointing, drifting
    assert all(pair == pytest.approx(priors) for pair in kinds.values())
    evidence = reader.choice_evidence(history.entries, 1, 0, kinds)
    expected = [0.0] * 4
    for kind in (moriarty.PickPivot, moriarty.Take):
        chosen = [e for e in history.entries if e[1] == 1 and isinstance(e[2], kind)]
        found = [reader.likelihoods(public, who, move) for public, who, move in chosen]
        hidden = sum(math.prod(f[SEARCHING][c] for f in found) for c in range(4)) / 4
        told = [math.prod(f[AHEAD][c] for f in found) for c in range(4)]
        for c in range(4):
            pointed = sum(told[o] for o in range(4) if o != c) / 3
            expected[c] += math.log(0.5 * hidden + 0.5 * (1 - share) * told[c]
                                    + 0.5 * share * pointed)
    assert evidence == pytest.approx(expected, abs=1e-9)
    # The pretender takes at most its share from telling at each kind, and only adds elsewhere.
    plain = reader.choice_evidence(history.entries, 1, 0)
    floor = 2 * math.log(1 - share) - 1e-9
    assert all(e - p >= floor for e, p in zip(evidence, plain))


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3), st.floats(0.01, 0.6))
def test_after_a_scored_game_the_belief_weighs_the_choice_kinds_learnt(seed, colour, shown,
                                                                       share):
    match, history = _play(seed, 4, colour, shown, games=2)  # 4 rounds into game 2
    observation = match.observe(0)
    assert observation.history and observation.history[0].bonus[1] == colour
    reader = ColourReader()
    kinds = reader.choice_kinds(history.entries, 1, observation, share)
    assert all(sum(map(math.exp, logs)) == pytest.approx(1.0) for logs in kinds.values())
    learnt = reader.belief(history.entries, 0, observation, wary=True, slides=True,
                           pretender=share, choices=True, choice_pretender=share)
    evidence = reader.choice_evidence(history.entries, 1, 1, kinds)
    slides = reader.belief(history.entries, 0, observation, wary=True, slides=True,
                           pretender=share)
    expected = _normalised([[math.log(p) + e for p, e in zip(slides, evidence)]])
    assert learnt == pytest.approx(expected, abs=1e-9)


def test_a_scored_game_shows_whether_the_pivots_and_takes_told_the_truth():
    """After a first game, a player whose pivots and takes were a one-turn-ahead player's of
    its colour is read as telling at each, and one whose were such a player's of another
    colour as pointing elsewhere (12 rounds of play; 16 players of each)."""
    right = {(honest, kind): 0 for honest in (True, False)
             for kind in (moriarty.PickPivot, moriarty.Take)}
    for seed in range(16):
        colour = seed % 4
        for shown in (colour, (colour + 1 + seed % 3) % 4):
            match, history = _play(2000 + seed, 2, colour, shown, games=2)
            kinds = ColourReader().choice_kinds(history.entries, 1, match.observe(0), 0.5)
            for kind, (_, _, telling, pretending, _) in kinds.items():
                right[shown == colour, kind] += (telling > pretending) == (shown == colour)
    assert all(n >= 13 for n in right.values()), right  # a coin: 8 of 16
