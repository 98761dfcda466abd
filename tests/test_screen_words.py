"""The words of the hand-off, phones, results, replay and review screens come from game/words and
carry what they must: the seat's name, the winner, the numbers, the level; never a secret."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from game.registry import GAMES
from game.words import after_game, handoff, phones_screen
from tests.support import carries, examples, playout

GAME_IDS = sorted(GAMES)
NAMES = st.sampled_from(["Eks", "Oh", "South", "North", "Yellow", "Red", "Black", "White"])


def _finished(game_id: str, seed: int):
    """The last state of a seeded random game (a small one where the game has options)."""
    options = {"games": 1} if game_id == "moriarty" else None
    return playout(GAMES[game_id], seed, options)[-1][1].state


@settings(max_examples=examples(10), deadline=None)
@given(name=NAMES, peek=st.booleans())
def test_the_hand_off_names_the_player_and_whether_the_screen_is_passed_or_kept(name, peek):
    title = carries(handoff.title(name, peek), name)
    assert ("eyes only" in title) == peek and ("Pass to" in title) == (not peek)
    doing = handoff.doing(peek)
    assert ("own secret" in doing) == peek
    carries(handoff.look_away(name, doing), name, doing, "look away")
    carries(handoff.show_me(name), name)


@settings(max_examples=examples(10), deadline=None)
@given(name=NAMES, code=st.text("ABCDEFGHJK0123456789", min_size=3, max_size=8),
       port=st.integers(1024, 65535))
def test_the_phones_screen_names_the_seat_the_address_and_the_code(name, code, port):
    address = f"192.168.1.20:{port}"
    carries(phones_screen.use_this_screen(name), name)
    carries(phones_screen.let_in_question(name), name)
    carries(phones_screen.let_in_details(name), name)
    carries(phones_screen.new_phone(address, code), address, code)
    carries(phones_screen.open_address(address), address)
    assert phones_screen.phone_state(True) != phones_screen.phone_state(False)


def test_the_phones_note_says_why_phones_cannot_join_before_how_to():
    carries(phones_screen.note("port 8765 is in use", False), "port 8765 is in use")
    carries(phones_screen.note("port 8765 is in use", True), "port 8765 is in use")
    carries(phones_screen.note(None, True), "no network")
    carries(phones_screen.note("", False), "scans", "code", without=("no network",))


@settings(max_examples=examples(20), deadline=None)
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6),
       level=st.sampled_from(["easy", "medium", "hard"]))
def test_the_results_headline_names_the_winner_or_says_won_or_lost_to_the_person(game_id, seed,
                                                                                 level):
    state = _finished(game_id, seed)
    winner = state.outcome.winner
    names = [state.seat_name(seat) for seat in (0, 1)]
    between_people = after_game.result_title(state, None)
    if winner is None:
        carries(between_people, "draw", without=tuple(names))
    else:
        carries(between_people, names[winner], "wins", without=(names[1 - winner],))
    for you in (0, 1):
        title = after_game.result_title(state, you)
        expected = "draw" if winner is None else ("won" if winner == you else "lost")
        carries(title, expected)
        carries(after_game.sides(state, you, level), names[you], names[1 - you],
                level.capitalize())
        assert after_game.sides(state, you, level).index(names[you]) < \
            after_game.sides(state, you, level).index(names[1 - you])


@settings(max_examples=examples(20), deadline=None)
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6))
def test_a_replayed_position_says_who_won_or_that_the_record_stops_unfinished(game_id, seed):
    options = {"games": 1} if game_id == "moriarty" else None
    path = playout(GAMES[game_id], seed, options)
    middle, last = path[len(path) // 2][0], path[-1][1].state
    names = [last.seat_name(seat) for seat in (0, 1)]
    winner = last.outcome.winner
    ended = after_game.situation(last, at_end=True)
    if winner is None:
        carries(ended, "draw", without=tuple(names))
    else:
        carries(ended, names[winner], "won", without=(names[1 - winner],))
    carries(after_game.situation(middle, at_end=True), "unfinished")
    assert after_game.situation(middle, at_end=False) == ""


@settings(max_examples=examples(10), deadline=None)
@given(unit=st.sampled_from(["turn", "round", "move"]), last=st.integers(0, 500),
       data=st.data())
def test_the_replay_counter_carries_the_unit_the_position_and_the_last(unit, last, data):
    number = data.draw(st.integers(0, last))
    text = carries(after_game.counter(unit, number, last), unit.capitalize(), str(last))
    assert text.split()[1] == str(number)


@settings(max_examples=examples(10), deadline=None)
@given(game_id=st.sampled_from(GAME_IDS),
       levels=st.lists(st.sampled_from([None, "easy", "medium", "hard"]), min_size=2,
                       max_size=2))
def test_the_replay_names_who_played_each_seat(game_id, levels):
    state = GAMES[game_id].new_game()
    text = after_game.players(state, levels)
    if levels == [None, None]:
        carries(text, "Hot-seat")
        return
    for seat, level in enumerate(levels):
        carries(text, f"{state.seat_name(seat)}: " + ("player" if level is None
                                                      else f"{level.capitalize()} bot"))


def test_the_review_offers_the_keys_of_the_swings_it_lists():
    carries(after_game.swings_title(0, 0.1), "Nothing swung", "10 points", without=("press",))
    for count in (1, 2, 3):
        carries(after_game.swings_title(count), *(str(n) for n in range(1, count + 1)),
                without=(str(count + 1),))
    carries(after_game.review_failed("a worker stopped"), "a worker stopped")
