"""Moriarty: scenario tests for every ruling of RULES.md section 2 (and the seed's example)."""
from __future__ import annotations

import pytest

from game import SEALED, IllegalMoveError, MoveParseError, NodeKind, OptionError
from game.core import ChoiceSealed, GameOver
from game.rules.moriarty import (
    ACTIVE, BONUS, DECLARE, DIRECTION, EDGE, END, GAME, OVER, PASS, PIVOT, SETUP, START_ROWS,
    AWAY, TOWARD, Bonus, BonusesChosen, Declare, EdgeGiven, GameEndDeclared, GameScored,
    GiveEdge, MoriartyDeclared, MoriartyState, PickPivot, Place, PivotChosen, Take,
    TokensAssigned, TokenSlid, parse_move,
)

COLOURS8 = (0, 1, 2, 3, 0, 1, 2, 3)  # orange blue green pink orange blue green pink, columns 1..8
O, B, G, P = range(4)
SETUP_TEXTS = ("O1", "B2", "G3", "P4", "O5", "B6", "G7", "P8")


def board(rows: str) -> tuple[int, ...]:
    """Rows per column from a digit string, column 1 first (e.g. '54545454' is the start)."""
    return tuple(int(r) for r in rows)


def at(phase, rows="54545454", **fields) -> MoriartyState:
    """A state in `phase` with the standard colours and Bonus Colours (seat 0 orange, 1 blue)."""
    fields.setdefault("colours", COLOURS8)
    fields.setdefault("bonus", (O, B))
    return MoriartyState(rows=board(rows), phase=phase, **fields)


def play(state, *texts):
    """Apply each move text for the seat to act at a decision node; the last Step."""
    step = None
    for text in texts:
        step = state.apply(parse_move(text), state.actors[0])
        state = step.state
    return step


def slide(state, seat0, seat1):
    """Both secret slides at once, as text."""
    return state.apply_joint(parse_move(seat0), parse_move(seat1))


def round_(state, pivot, take, seat0, seat1):
    """A whole round from the Pivot choice: pivot, take, then both slides."""
    return slide(play(state, pivot, take).state, seat0, seat1)


def scored(step) -> GameScored:
    return scored_in(step.events)


def scored_in(events) -> GameScored:
    return next(e for e in events if isinstance(e, GameScored))


# ---- setup --------------------------------------------------------------------------------
def test_setup_rows_are_the_dark_squares_of_rows_4_and_5():
    # row 5 in columns 1 3 5 7, row 4 in columns 2 4 6 8
    assert START_ROWS == board("54545454")
    state = GAME.new_game()
    assert state.phase == SETUP and state.kind is NodeKind.DECISION
    assert state.south == 0 and state.actors == (0,)  # seat 0 is South in game 1 and sets up
    assert len(state.legal_moves(0)) == 8 * 4 and state.legal_moves(1) == ()
    events = [play(state, text).events[0] for text in ("O1", "P2", "G7", "B8")]
    assert [(e.column, e.row) for e in events] == [(0, 5), (1, 4), (6, 5), (7, 4)]


def test_setup_two_tokens_per_colour_one_per_column():
    state = play(GAME.new_game(), "O1", "O2").state
    assert Place(O, 2) not in state.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="both orange tokens"):
        state.apply(parse_move("O3"), 0)
    with pytest.raises(IllegalMoveError, match="column 1 already"):
        state.apply(parse_move("B1"), 0)
    with pytest.raises(IllegalMoveError, match="not Oh's choice"):
        state.apply(parse_move("B3"), 1)  # only South places
    state = play(state, "B3", "G4", "P5", "B6", "G7", "P8").state
    assert state.colours == (O, O, B, G, P, B, G, P)
    assert state.phase == BONUS and state.rows == START_ROWS


# ---- Bonus Colours ------------------------------------------------------------------------
def test_bonus_colours_are_chosen_simultaneously_and_may_be_the_same():
    state = play(GAME.new_game(), *SETUP_TEXTS).state
    assert state.kind is NodeKind.SIMULTANEOUS and state.actors == (0, 1)
    assert state.legal_moves(0) == state.legal_moves(1) == tuple(Bonus(k) for k in range(4))
    step = state.apply(parse_move("bonus G"), 1)
    assert step.events == (ChoiceSealed(1),) and step.state.awaiting == (0,)
    assert step.state.bonus == (None, None)
    with pytest.raises(IllegalMoveError):
        step.state.apply(parse_move("bonus B"), 1)  # no second choice
    step = step.state.apply(parse_move("bonus g"), 0)
    assert step.events == (BonusesChosen(),)
    assert step.state.bonus == (G, G) and step.state.phase == EDGE


def _observation_script(opponent_bonus: str, viewer: int):
    """A one-game match by single-seat commits; (seat, text) pairs, opponent sealing first."""
    opp = 1 - viewer
    own = {0: "bonus O", 1: "bonus P"}
    theirs = f"bonus {opponent_bonus}"
    bonus_moves = [(opp, theirs), (viewer, own[viewer])]
    return ([(0, t) for t in SETUP_TEXTS] + bonus_moves + [
        (1, "edge south"),                       # seat 0 (South) holds the Edge
        (0, "pivot 4"), (1, "take 3"),
        (opp, "toward"), (viewer, "away"),       # the opponent's slide is sealed first
        (0, "pass"),                             # the Edge passes to seat 1
        (1, "pivot 6"), (0, "take 5"),
        (viewer, "toward"), (opp, "toward"),     # the viewer commits first this time
        (1, "moriarty G"),
    ])


@pytest.mark.parametrize("viewer", [0, 1])
def test_observe_hides_the_opponents_bonus_and_sealed_choices_until_the_game_is_scored(viewer):
    opp = 1 - viewer
    runs = []
    for colour in ("B", "G"):
        state = GAME.new_game(games=1)
        trail = [(state, ())]
        for seat, text in _observation_script(colour, viewer):
            step = state.apply(parse_move(text), seat)
            state = step.state
            trail.append((state, step.events))
        runs.append(trail)
    assert len(runs[0]) == len(runs[1])
    phases = set()
    for (a, events_a), (b, events_b) in zip(*runs):
        if any(isinstance(e, GameScored) for e in events_a):
            # the end: colours are revealed, so the two games now differ to the viewer
            assert a.is_terminal and a.observe(viewer).bonus[opp] in (B, G)
            assert a.observe(viewer) != b.observe(viewer)
            assert scored_in(events_a).bonus[opp] == B and scored_in(events_b).bonus[opp] == G
            break
        phases.add(a.phase)
        seen = a.observe(viewer)
        assert seen == b.observe(viewer) and events_a == events_b
        assert seen.bonus[opp] is None
        if a.phase not in (SETUP, BONUS):
            assert seen.bonus[viewer] == a.bonus[viewer] is not None
        if a.pending[opp] is not None:
            assert seen.pending[opp] is SEALED and a.pending[opp] is not SEALED
        if seen.pending[opp] is SEALED:  # an observation cannot be played on
            with pytest.raises(IllegalMoveError, match="observation"):
                seen.apply(seen.legal_moves(viewer)[0], viewer)
    else:
        pytest.fail("the scripted game was never scored")
    assert phases == {SETUP, BONUS, EDGE, PIVOT, ACTIVE, DIRECTION, DECLARE}


def test_observe_hides_a_sealed_slide():
    state = at(DIRECTION, pivot=3, tokens=(2, 4), edge=0)
    views = [state.apply(parse_move(text), 1).state.observe(0) for text in ("toward", "away")]
    assert views[0] == views[1] and views[0].pending == (None, SEALED)
    assert views[0].bonus == (O, None)


def test_bonus_is_hidden_again_in_the_next_game():
    state = at(PIVOT, rows="04545454", edge=0, bonus=(O, B))
    step = play(state, "end")
    game2 = play(step.state, *SETUP_TEXTS).state
    assert game2.game_index == 1 and game2.history[0].bonus == (O, B)  # game 1's revealed
    game2 = game2.apply_joint(parse_move("bonus P"), parse_move("bonus G")).state
    assert game2.observe(0).bonus == (P, None) and game2.observe(1).bonus == (None, G)


# ---- the Edge -----------------------------------------------------------------------------
@pytest.mark.parametrize("south", [0, 1])
def test_north_decides_who_holds_the_edge(south):
    north = 1 - south
    state = at(EDGE, south=south)
    assert state.actors == (north,) and state.legal_moves(south) == ()
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("edge north"), south)
    step = play(state, "edge south")
    assert step.events == (EdgeGiven(south),) and step.state.edge == south
    assert step.state.phase == PIVOT and step.state.actors == (south,)
    assert play(state, "edge north").state.edge == north


def test_the_edge_passes_after_every_round():
    state = at(PIVOT, edge=1)
    holders = []
    for _ in range(4):
        holders.append(state.edge)
        assert state.actors == (state.edge,)
        state = round_(state, "pivot 4", "take 3", "toward", "away").state
        assert state.phase == DECLARE and state.actors == (holders[-1],)
        step = play(state, "pass")
        assert step.events == (EdgeGiven(1 - holders[-1]),)
        state = step.state
    assert holders == [1, 0, 1, 0] and state.rounds == 4


# ---- Pivot and Active Tokens --------------------------------------------------------------
@pytest.mark.parametrize("text, actives", [
    ("pivot 8", ("take 7", "take 1")),
    ("pivot 1", ("take 2", "take 8")),
    ("pivot 4", ("take 3", "take 5")),
])
def test_active_tokens_are_either_side_of_the_pivot_wrapping(text, actives):
    state = at(PIVOT, edge=0)
    step = play(state, text)
    pivot = parse_move(text).column
    event = step.events[0]
    assert isinstance(event, PivotChosen) and event.seat == 0 and event.column == pivot
    assert {str(parse_move(t)) for t in actives} == {f"take {c + 1}" for c in event.actives}
    assert {str(m) for m in step.state.legal_moves(1)} == set(actives)


def test_pivot_8_wraps_to_columns_7_and_1_internally_0_based():
    assert parse_move("pivot 8") == PickPivot(7) and str(PickPivot(7)) == "pivot 8"
    assert at(PIVOT).actives(7) == (6, 0) and at(PIVOT).actives(0) == (7, 1)


@pytest.mark.parametrize("edge", [0, 1])
def test_the_other_player_takes_an_active_token_and_the_edge_holder_moves_the_other(edge):
    other = 1 - edge
    state = play(at(PIVOT, edge=edge), "pivot 8").state
    assert state.phase == ACTIVE and state.actors == (other,) and state.legal_moves(edge) == ()
    with pytest.raises(IllegalMoveError, match="column 7 or 1"):
        state.apply(parse_move("take 5"), other)
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("take 7"), edge)
    step = state.apply(parse_move("take 7"), other)
    tokens = [None, None]
    tokens[other], tokens[edge] = 6, 0
    assert step.events == (TokensAssigned(tuple(tokens)),)
    assert step.state.tokens == tuple(tokens) and step.state.phase == DIRECTION
    assert step.state.kind is NodeKind.SIMULTANEOUS and step.state.actors == (0, 1)


@pytest.mark.parametrize("south, seat0, seat1, col3, col5", [
    (0, "toward", "toward", 4, 6),  # seat 0 South: toward = down; seat 1 North: toward = up
    (0, "away", "away", 6, 4),
    (1, "toward", "toward", 6, 4),  # sides swapped: seat 0 North, seat 1 South
    (1, "away", "away", 4, 6),
])
def test_toward_and_away_are_relative_to_each_players_side(south, seat0, seat1, col3, col5):
    # seat 0 moves column 3, seat 1 moves column 5; both start on row 5
    state = at(DIRECTION, south=south, pivot=3, tokens=(2, 4), edge=0)
    step = slide(state, seat0, seat1)
    assert TokenSlid(2, 5, col3, "active") in step.events
    assert TokenSlid(4, 5, col5, "active") in step.events
    assert step.state.rows[2] == col3 and step.state.rows[4] == col5


@pytest.mark.parametrize("seat, row, allowed", [
    (0, 0, AWAY),    # South on row 0: away from South is toward the Centre Line
    (0, 9, TOWARD),
    (1, 0, TOWARD),  # North on row 0: toward North is toward the Centre Line
    (1, 9, AWAY),
])
def test_a_token_on_row_0_or_9_must_move_toward_the_center_line(seat, row, allowed):
    rows = list("54545454")
    rows[2 if seat == 0 else 4] = str(row)
    state = at(DIRECTION, rows="".join(rows), pivot=3, tokens=(2, 4), edge=0)
    assert state.legal_moves(seat) == (allowed,)
    assert len(state.legal_moves(1 - seat)) == 2
    forbidden = AWAY if allowed is TOWARD else TOWARD
    assert "toward the Centre Line" in state.why_illegal(seat, forbidden)
    with pytest.raises(IllegalMoveError):
        state.apply(forbidden, seat)
    after = state.apply(allowed, seat).state.apply(TOWARD, 1 - seat).state
    assert after.rows[state.tokens[seat]] == (1 if row == 0 else 8)


@pytest.mark.parametrize("pivot_row, seat0, seat1, expected", [
    (4, "toward", "away", 6),  # both actives moved South: the Pivot goes 2 North
    (4, "away", "toward", 2),  # both North: 2 South
    (8, "toward", "away", 9),  # stops at row 9, the rest is lost
    (9, "toward", "away", 9),
    (1, "away", "toward", 0),  # stops at row 0
    (0, "away", "toward", 0),
])
def test_pivot_moves_two_the_opposite_way_when_both_actives_went_the_same_way(
        pivot_row, seat0, seat1, expected):
    rows = f"55{pivot_row}55454"
    state = at(DIRECTION, rows=rows, pivot=2, tokens=(1, 3), edge=0)  # seat 0 South
    step = slide(state, seat0, seat1)
    assert step.events[-1] == TokenSlid(2, pivot_row, expected, "pivot")
    assert step.state.rows[2] == expected


@pytest.mark.parametrize("pivot_row, expected", [(4, 5), (5, 4), (0, 1), (9, 8), (2, 3), (7, 6)])
def test_pivot_moves_one_toward_the_center_line_when_actives_went_opposite_ways(
        pivot_row, expected):
    rows = f"55{pivot_row}55454"
    state = at(DIRECTION, rows=rows, pivot=2, tokens=(1, 3), edge=0)
    step = slide(state, "toward", "toward")  # South down, North up
    assert step.state.rows[1] == 4 and step.state.rows[3] == 6
    assert step.state.rows[2] == expected
    step = slide(state, "away", "away")  # South up, North down
    assert step.state.rows[2] == expected


# ---- ending by declaration ----------------------------------------------------------------
def test_no_end_while_no_token_is_on_row_0_or_9():
    for phase in (PIVOT, ACTIVE):
        state = at(phase, rows="18181818", pivot=3, edge=0)
        assert END not in state.legal_moves(state.actors[0])
        assert "row 0 or 9" in state.why_illegal(state.actors[0], END)


def test_end_at_the_pivot_or_active_choice_scores_both_players():
    # South (seat 0, orange): col1 O row 3 = 2*3, col2 B row 0 = 5, cols 4 6 8 row 4 = 3 -> 14
    # North (seat 1, blue): cols 3 5 row 5 = 2, col7 G row 9 = 5; blue is on South's side -> 7
    state = at(PIVOT, rows="30545494", edge=0, rounds=3, games=1)
    assert (state.board_points(0), state.board_points(1)) == (14, 7)
    assert END in state.legal_moves(0)
    step = play(state, "end")
    assert step.events[0] == GameEndDeclared(0)
    assert scored(step).points == (14, 7) and step.state.outcome.scores == (14, 7)
    # the non-Edge player ends at the Active Token choice, though behind: both still score
    active = play(state, "pivot 4").state
    assert active.actors == (1,) and END in active.legal_moves(1)
    step = play(active, "end")
    assert step.events[0] == GameEndDeclared(1) and scored(step).points == (14, 7)
    assert step.state.outcome.winner == 0


@pytest.mark.parametrize("rows", ["04545454", "59545454", "54545459", "14545458"])
def test_a_single_token_on_row_0_or_9_allows_the_end(rows):
    state = at(PIVOT, rows=rows, edge=1, rounds=1)
    assert (END in state.legal_moves(1)) == ("0" in rows or "9" in rows)
    assert (END in play(state, "pivot 4").state.legal_moves(0)) == ("0" in rows or "9" in rows)


def test_no_end_once_the_move_is_under_way_or_between_rounds():
    direction = at(DIRECTION, rows="30545494", pivot=3, tokens=(2, 4), edge=0)
    for seat in (0, 1):
        assert END not in direction.legal_moves(seat)
        with pytest.raises(IllegalMoveError, match="Pivot or Active Token"):
            direction.apply(END, seat)
    declare = at(DECLARE, rows="30545494", edge=0, rounds=1)
    assert END not in declare.legal_moves(0)
    with pytest.raises(IllegalMoveError):
        declare.apply(parse_move("end"), 0)


def test_a_round_that_reaches_row_0_lets_the_next_selections_end_it():
    state = at(PIVOT, rows="51545454", edge=0, games=1)  # column 2 (row 1) is seat 0's token
    step = round_(state, "pivot 3", "take 4", "toward", "toward")  # seat 0 moves column 2 down
    assert step.state.rows[1] == 0 and END not in step.state.legal_moves(0)  # the Moriarty step
    after = play(step.state, "pass").state
    assert after.actors == (1,) and END in after.legal_moves(1)


# ---- Moriarty -----------------------------------------------------------------------------
def test_no_moriarty_before_the_first_round():
    state = at(PIVOT, edge=0, rounds=0)
    assert not any(isinstance(m, Declare) for m in state.legal_moves(0))
    with pytest.raises(IllegalMoveError, match="between rounds"):
        state.apply(parse_move("moriarty B"), 0)


def test_moriarty_order_edge_holder_then_the_edge_passes_then_the_new_holder():
    state = round_(at(PIVOT, edge=0), "pivot 4", "take 3", "toward", "away").state
    # A) the Edge holder may declare (or pass); the other player may not
    assert state.phase == DECLARE and state.actors == (0,)
    assert set(state.legal_moves(0)) == {PASS} | {Declare(k) for k in range(4)}
    with pytest.raises(IllegalMoveError):
        state.apply(parse_move("moriarty O"), 1)
    # B) the Edge passes; C) the new holder may declare before picking a Pivot
    state = play(state, "pass").state
    assert state.phase == PIVOT and state.edge == 1 and state.actors == (1,)
    assert {Declare(k) for k in range(4)} <= set(state.legal_moves(1))
    # once the Pivot is picked the moment has gone
    active = play(state, "pivot 2").state
    assert not any(isinstance(m, Declare) for m in active.legal_moves(0))
    with pytest.raises(IllegalMoveError):
        active.apply(parse_move("moriarty O"), 0)


MORIARTY_BOARD = "30545494"  # South 14 points, North 7 (see the end test above): 21 in all


@pytest.mark.parametrize("phase, declarer, guess, correct, points", [
    (DECLARE, 0, "B", True, (21, 0)),   # the Edge holder guesses right
    (DECLARE, 0, "G", False, (0, 21)),  # wrong: the opponent scores everything
    (PIVOT, 1, "O", True, (0, 21)),     # the new holder, before the Pivot
    (PIVOT, 1, "P", False, (21, 0)),
])
def test_moriarty_right_or_wrong_gives_all_the_points_to_one_player(
        phase, declarer, guess, correct, points):
    state = at(phase, rows=MORIARTY_BOARD, edge=declarer, rounds=2, games=1)
    step = play(state, f"moriarty {guess}")
    event = step.events[0]
    assert event == MoriartyDeclared(declarer, "OBGP".index(guess), correct)
    assert scored(step).points == points and scored(step).bonus == (O, B)
    assert step.state.outcome.winner == (0 if points[0] else 1)
    assert f"was {'right' if correct else 'wrong'}" in scored(step).reason


def test_all_points_on_the_board_counts_both_bonus_multipliers():
    # North's blue tokens on North's side: everything = South normal + North normal
    state = at(DECLARE, rows="56545494", edge=1, rounds=1, games=1, bonus=(P, B))
    # South (pink): cols 4 8 row 4 = 2*3, col 6 row 4 = 1 -> 7
    # North (blue): col 2 row 6 = 2*3, cols 1 3 5 row 5 = 3, col 7 G row 9 = 5 -> 14
    assert (state.board_points(0), state.board_points(1)) == (7, 14)
    step = play(state, "moriarty P")
    assert scored(step).points == (0, 21)


# ---- scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("row, south_points, north_points", [
    (0, 5, 0), (1, 4, 0), (2, 3, 0), (3, 2, 0), (4, 1, 0),
    (5, 0, 1), (6, 0, 2), (7, 0, 3), (8, 0, 4), (9, 0, 5),
])
def test_scoring_table(row, south_points, north_points):
    # column 1 moves to `row`; the other seven: columns 2 4 6 8 on row 4, 3 5 7 on row 5
    state = at(PIVOT, rows=f"{row}4545454", bonus=(None, None))
    assert state.board_points(0) == 4 + south_points
    assert state.board_points(1) == 3 + north_points


@pytest.mark.parametrize("game_index, south, multiplier", [(0, 0, 3), (1, 1, 4), (2, 0, 5)])
def test_bonus_colour_multiplies_by_3_4_5_in_games_1_2_3(game_index, south, multiplier):
    # South's Bonus Colour orange: column 1 on row 3 (2 points) and column 5 across the line
    bonus = [None, None]
    bonus[south] = O
    state = at(PIVOT, rows="34545454", bonus=tuple(bonus), game_index=game_index, south=south)
    assert state.board_points(south) == 2 * multiplier + 4
    assert state.board_points(1 - south) == 3  # columns 3 5 7 on row 5, no multiplier


def test_seed_example_south_bonus_token_on_row_3_in_game_1_scores_6():
    plain = at(PIVOT, rows="34545454", bonus=(None, None))
    with_bonus = at(PIVOT, rows="34545454", bonus=(O, None))
    # column 1 (orange, row 3) plus columns 2 4 6 8 on row 4; the other orange is across the line
    assert plain.board_points(0) == 2 + 4
    assert with_bonus.board_points(0) == 6 + 4


def test_tokens_across_the_line_score_nothing_even_in_the_bonus_colour():
    # all four orange and blue tokens are on South's side; North's Bonus Colour is blue
    state = at(PIVOT, rows="00005555", colours=(O, B, O, B, G, P, G, P), bonus=(G, B))
    assert state.board_points(1) == 4  # only green and pink, on row 5
    assert state.board_points(0) == 4 * 5  # four tokens on row 0, none green


# ---- the match ----------------------------------------------------------------------------
def _quick_game(state, guess_right: bool):
    """Setup, bonuses, one round, then the Edge holder (South) declares Moriarty."""
    south, north = state.south, state.north
    assert state.actors == (south,)
    state = play(state, *SETUP_TEXTS).state
    bonus = [None, None]
    bonus[south], bonus[north] = parse_move("bonus O"), parse_move("bonus B")
    state = state.apply_joint(*bonus).state
    state = play(state, "edge south").state
    assert state.actors == (south,) and state.edge == south
    state = play(state, "pivot 4", "take 3").state  # North takes column 3; South moves 5
    toward = [None, None]
    toward[south] = toward[north] = parse_move("toward")
    state = state.apply_joint(*toward).state
    # columns 5 down to 4 (South), 3 up to 6 (North); the Pivot (column 4) crosses to 5
    assert state.rows == board("54654454")
    return play(state, "moriarty B" if guess_right else "moriarty G")


def test_a_match_is_three_games_with_sides_swapping_and_running_totals():
    state = GAME.new_game()
    assert (state.games, state.swap_sides, state.south) == (3, True, 0)
    souths, points = [], []
    for index, right in enumerate([True, True, False]):
        assert state.game_index == index and not state.is_terminal
        souths.append(state.south)
        step = _quick_game(state, right)
        points.append(scored(step).points)
        state = step.state
    # everything on the board: South 3 + orange on row 4 (x3, x4, x5), North 5 -> 11, 12, 13
    assert souths == [0, 1, 0]
    assert points == [(11, 0), (0, 12), (0, 13)]
    assert [g.totals for g in state.history] == [(11, 0), (11, 12), (11, 25)]
    assert state.is_terminal and state.phase == OVER and state.scores() == (11, 25)
    assert state.outcome.winner == 1 and state.outcome.scores == (11, 25)
    assert isinstance(step.events[-1], GameOver)


def test_a_new_game_of_the_match_starts_from_a_fresh_setup():
    step = _quick_game(GAME.new_game(), True)
    state = step.state
    assert state.game_index == 1 and state.south == 1 and state.phase == SETUP
    assert state.colours == (None,) * 8 and state.rows == START_ROWS
    assert state.bonus == (None, None) and state.rounds == 0 and state.totals == (11, 0)
    assert state.actors == (1,)  # the new South sets up
    state = play(state, *SETUP_TEXTS).state
    state = state.apply_joint(Bonus(O), Bonus(O)).state
    assert state.actors == (0,)  # seat 0, now North, gives the Edge


def test_without_swapping_seat_0_stays_south():
    state = GAME.new_game(swap_sides=False)
    for _ in range(3):
        assert state.south == 0
        state = _quick_game(state, True).state
    assert state.scores() == (11 + 12 + 13, 0) and state.outcome.winner == 0


def test_equal_totals_draw_the_match():
    # South: col1 row 0 = 5, cols 4 6 8 row 4 = 3 (green bonus is across the line) -> 8
    # North: col2 row 9 = 5, cols 3 5 7 row 5 = 3 (pink bonus is across the line) -> 8
    state = at(PIVOT, rows="09545454", edge=0, games=1, bonus=(G, P))
    step = play(state, "end")
    assert step.state.outcome.is_draw and step.state.outcome.scores == (8, 8)
    last = at(PIVOT, rows="09545454", edge=0, game_index=2, totals=(30, 30), bonus=(G, P))
    step = play(last, "end")
    assert step.state.outcome.is_draw and step.state.outcome.scores == (38, 38)
    assert "level" in step.state.outcome.reason


def test_round_limit_ends_and_scores_the_game():
    assert GAME.new_game().round_limit == 60
    state = at(PIVOT, edge=0, games=1, round_limit=2)
    state = round_(state, "pivot 4", "take 3", "toward", "away").state
    assert not state.is_terminal and state.phase == DECLARE
    state = play(state, "pass").state
    step = round_(state, "pivot 4", "take 5", "toward", "away")
    assert step.state.is_terminal and step.state.rounds == 2
    event = scored(step)
    assert "round limit of 2" in event.reason
    assert event.points == (step.state.board_points(0), step.state.board_points(1))


def test_round_limit_in_a_match_moves_on_to_the_next_game():
    state = GAME.new_game(round_limit=1)
    state = play(state, *SETUP_TEXTS).state
    state = state.apply_joint(Bonus(O), Bonus(B)).state
    state = play(state, "edge north").state
    step = round_(state, "pivot 1", "take 2", "away", "away")
    assert not step.state.is_terminal and step.state.game_index == 1
    assert step.state.phase == SETUP and len(step.state.history) == 1


# ---- options and notation -----------------------------------------------------------------
def test_options_defaults_and_accepted_values():
    state = GAME.new_game()
    assert (state.games, state.round_limit, state.swap_sides) == (3, 60, True)
    state = GAME.new_game(games=1, round_limit=500, swap_sides=False)
    assert (state.games, state.round_limit, state.swap_sides) == (1, 500, False)
    assert GAME.new_game(round_limit=1).round_limit == 1


@pytest.mark.parametrize("bad", [
    {"games": 2}, {"games": 0}, {"games": "3"}, {"games": True}, {"games": 3.0},
    {"round_limit": 0}, {"round_limit": 501}, {"round_limit": 1.5}, {"round_limit": True},
    {"swap_sides": "yes"}, {"swap_sides": 1}, {"swap_sides": None},
    {"rounds": 10},
])
def test_bad_options_raise_value_error(bad):
    with pytest.raises(ValueError):
        GAME.new_game(bad)
    with pytest.raises(OptionError):
        GAME.new_game(**bad)


def test_a_one_game_match_ends_after_one_game():
    step = _quick_game(GAME.new_game(games=1), False)
    assert step.state.is_terminal and scored(step).points == (0, 11)
    assert step.state.outcome.winner == 1 and "game" in step.state.outcome.reason


def test_move_notation_round_trips():
    texts = ["O1", "p8", "bonus G", "edge south", "edge north", "pivot 8", "take 1", "toward",
             "away", "end", "moriarty B", "pass", "  PIVOT 3 "]
    expected = [Place(O, 0), Place(P, 7), Bonus(G), GiveEdge(True), GiveEdge(False),
                PickPivot(7), Take(0), TOWARD, AWAY, END, Declare(B), PASS, PickPivot(2)]
    assert [parse_move(t) for t in texts] == expected
    for move in expected:
        assert parse_move(str(move)) == move
    for state in (GAME.new_game(), at(PIVOT, rows="04545454", rounds=1),
                  at(DECLARE, rounds=1), at(EDGE)):
        for move in state.legal_moves(state.actors[0]):
            assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "pivot 9", "pivot 0", "take x", "X1", "O9", "bonus Z",
                                  "moriarty", "edge east", "toward away", "O10"])
def test_bad_move_text_raises(text):
    with pytest.raises(MoveParseError):
        parse_move(text)
    with pytest.raises(ValueError):
        parse_move(text)
