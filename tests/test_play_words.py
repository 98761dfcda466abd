"""The play screen's parts' words, now in game/words: each sentence carries what it must (the
seat's name, the step, the reason), for generated names and numbers."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from game.words import phone_page as page
from game.words import play_screen as says
from tests.support import carries, examples

NAMES = st.text(st.characters(categories=("L",)), min_size=1, max_size=12)


@settings(max_examples=examples(60))
@given(NAMES, NAMES, st.integers(0, 40), st.integers(1, 40))
def test_the_parts_sentences_carry_their_facts(one, other, index, total):
    carries(says.undone(one), one, "taken back")
    carries(says.undone_turn_goes_on(one), one, "turn goes on")
    carries(says.undo_asked(one), one, "undo")
    carries(says.undo_question(other), other, "accept")
    carries(says.players_line((one, other), {1: "hard"}), f"{one}: you", f"{other}: Hard bot")
    lesson = says.lesson_progress(index, total)
    assert (f"step {index + 1} of {total}" in lesson) == (index < total)
    carries(page.has_locked_in(one), one, "locked in")
    carries(page.choose_on_phone(one), one, "phone")
    carries(page.waiting_for([one, other]), one, other)
    assert page.waiting_for([]) == page.WATCH


def test_the_saves_words_say_saved_only_when_it_is():
    assert "saved" in says.save_state_words("saved", "") and \
        "NOT" not in says.save_state_words("saved", "")
    carries(says.save_state_words("failed", "the disk is full"), "NOT saved", "disk is full")
    assert says.save_state_words("not kept", "") == "" == says.kept_words("not kept", "")
    carries(says.kept_words("failed", "read-only"), "could not be saved", "read-only")
    assert says.kept_words("saving", "") == says.BEING_SAVED
    carries(says.lesson_pause(read=True, computer_next=True), "Read", "computer's move")
    assert says.lesson_pause(read=False, computer_next=False) == "Continue"
    carries(page.locked_in("column", "4"), "column 4")
    carries(page.locked_in("pull", "pull c"), "pull c")
    carries(page.game_over("Eks wins"), "Eks wins")
