"""The play screen's own sentences, the same in every game: who has chosen, what to do next,
the computer player's news, why a pick or a typed move is refused. Games' narrators say what a
move does; these say how play goes round it. The screen composes none of its own (a test reads
scenes/play and scenes/boards for sentences)."""
from __future__ import annotations


# ---- the turn loop -------------------------------------------------------------------------
def chosen_in_secret(name: str, your_turn: bool) -> str:
    """A secret choice sealed: by `name`, and whether the person at the screen chooses next."""
    return f"{name} has chosen, in secret." + (" Now you choose." if your_turn else "")


BOTH_CHOSEN = "Both have chosen."


def hold_prompt(summary: bool, finished: bool, next_seat: str | None) -> str:
    """The top bar's words while a result waits to be seen: a summary card's scores, or a
    reveal, before the results, a hand-off to `next_seat`, or play on."""
    if summary:
        return f"Read the scores, then Continue to {'the results' if finished else 'play on'}"
    if finished:
        return "Seen what happened? Continue to the results"
    return f"Both seen it? Continue, then pass to {next_seat}"


WELCOME_BACK = "Welcome back: the game goes on where it stopped."


# ---- picking a move ------------------------------------------------------------------------
def not_a_choice(prompt: str) -> str:
    """A pick that is no move at all, with what is asked for instead."""
    return f"That is not a choice now: {prompt}." if prompt else "That is not a choice now."


def selected_secret(choice: str) -> str:
    """A secret choice selected, waiting for Lock in."""
    return f"Selected: {choice}. Lock in (Enter) seals it; pick another to change it."


def not_a_move(typed: str, why: str) -> str:
    """Typed text that names no move of this game."""
    return f"{typed!r} is not a move: {why}"


NOT_POSSIBLE = "That move is not possible now."


# ---- draws ---------------------------------------------------------------------------------
def draw_offered(name: str) -> str:
    """A hot-seat draw offer's title."""
    return f"{name} offers a draw."


def draw_question(name: str) -> str:
    """The question to the other player."""
    return f"{name}: do you accept?"


def draw_declined(name: str, still_turns: int) -> str:
    """The computer declines a draw (and says when it would accept)."""
    return (f"{name} declines the draw and plays on (it accepts once the board has stood "
            f"still for {still_turns} turns).")


def draw_accepted(name: str, still_turns: int) -> str:
    """The computer accepts a draw."""
    return f"{name} accepts the draw: the board has not changed for {still_turns} turns."


# ---- the computer player -------------------------------------------------------------------
def thinking(name: str, secret: bool) -> str:
    """The top bar while the computer chooses (without its dots)."""
    return f"{name} {'is choosing in secret' if secret else 'is thinking'}"


def wait_for_computer(name: str, people: bool) -> str:
    """Input while the computer thinks, politely refused."""
    return f"{name} is thinking: your turn comes next." if people else f"{name} is thinking."


def computer_stopped(kept: str, saved: bool) -> str:
    """The computer player failed for good; `kept` says whether the game is saved."""
    then = f"{kept} Press Esc for the menu, then Continue to try again." if saved \
        else "Press Esc for the menu."
    return f"The computer player has stopped working. {then}"


COMPUTER_STOPPED_TITLE = "The computer player has stopped working"
COMPUTER_RESTARTING = "The computer player had a problem; it is starting again."
COMPUTER_CANNOT_START_TITLE = "The computer player cannot start"


def computer_cannot_start(problem: str) -> str:
    """The computer player's process cannot start at all."""
    return f"The computer player cannot start ({problem})."


def offer_hot_seat(problem: str) -> str:
    """The question when the computer cannot start: play on with a friend?"""
    return f"{problem}. Play on with a friend on this screen (hot-seat)?"


HOT_SEAT_NOW = "Hot-seat: pass the screen between you."


def try_again(kept: str, saved: bool) -> str:
    """The question after the computer stopped: the game kept, and what Continue does."""
    return f"{kept} Continue tries again." if saved else "The details are in the log."


# ---- hints --------------------------------------------------------------------------------------
HINT_LOOK = "asks for a hint, which may use their own secret"  # the Peek hand-off's reason
HINT_THINKING = "Looking for a hint: the Hard bot is thinking..."
HINT_FAILED = "No hint this time: the computer player had a problem."


def hint_line(choice: str, reason: str) -> str:
    """'Hint: pull t or g, ringed in pink: neither moves a stack; ...' (the ghost's orchid)"""
    return f"Hint: {choice}, ringed in pink" + (f": {reason}." if reason else ".")


# ---- keeping the game ---------------------------------------------------------------------------
SAVED_AGAIN = "The game is saved again."


def not_saved(problem: str) -> str:
    """A save failed, and why."""
    return f"The game could not be saved: {problem}."


def filing_line(filing: str) -> str:
    """Where a finished game is: "filed", "filing", another word (why not yet) or "" (not asked)."""
    if filing == "filed":
        return "Kept in Records (on the main menu)"
    if filing == "filing":
        return "Putting the game in Records..."
    if filing:
        return "Not in Records yet: kept aside, Quintet files it when it can"
    return ""


def rescued(on_disk: bool) -> str:
    """After an error: the game was saved (or is being saved), and how to carry on."""
    if on_disk:
        return "Your game was saved: choose Continue on the main menu to carry on."
    return "Your game is being saved: Continue on the main menu carries it on."


def not_rescued(problem: str) -> str:
    """After an error: the game could not be saved, and why if known."""
    return "Your game could not be saved" + (f" ({problem})." if problem else ".")


# ---- undo ---------------------------------------------------------------------------------------
UNDONE_YOURS = "Your last move was taken back: choose again."


def cannot_undo(refusal: str) -> str:
    """Why nothing can be taken back now."""
    return f"Cannot undo: {refusal}."


def undone(asker: str) -> str:
    """A hot-seat take-back the other player accepted."""
    return f"{asker}'s last move was taken back."


def undone_turn_goes_on(asker: str) -> str:
    """A take-back within the asker's own unfinished turn."""
    return f"{asker}'s last move was taken back: {asker}'s turn goes on."


def undo_asked(asker: str) -> str:
    """The title of the hot-seat take-back question."""
    return f"{asker} asks to undo their last move"


def undo_question(other: str) -> str:
    """The question put to the other player."""
    return f"{other}: do you accept?"


def players_line(seat_names: tuple[str, str], computer: dict[int, str]) -> str:
    """Who plays which seat against the computer ("Eks: you · Oh: Hard bot"): `computer` names
    each computer seat's level (or "the lesson")."""
    def who(seat: int) -> str:
        level = computer.get(seat)
        if level is None:
            return "you"
        return level if level == "the lesson" else f"{level.capitalize()} bot"
    return "  ·  ".join(f"{seat_names[seat]}: {who(seat)}" for seat in (0, 1))


SAVED, BEING_SAVED = "Your game is saved.", "Your game is being saved."


def save_state_words(state: str, problem: str) -> str:
    """A save's state ("saved", "saving", "failed", "not kept") in a few words for a menu:
    "the game is saved" only when it is."""
    return {"saved": "the game is saved", "saving": "saving the game...",
            "failed": f"NOT saved: {problem}"}.get(state, "")


def kept_words(state: str, problem: str) -> str:
    """A save's state as a sentence for a message: saved, being saved, or not and why."""
    return {"saved": SAVED, "saving": BEING_SAVED,
            "failed": f"Your game could not be saved ({problem})."}.get(state, "")


# ---- lessons ------------------------------------------------------------------------------------
def lesson_progress(index: int, total: int) -> str:
    """'Lesson: step 3 of 10', or that the lesson is over."""
    return f"Lesson: step {index + 1} of {total}" if index < total else "Lesson done"


def lesson_pause(read: bool, computer_next: bool) -> str:
    """The top bar while a lesson waits for Continue (to read its words, to see the computer's
    move)."""
    then = " to see the computer's move" if computer_next else ""
    return f"Read the lesson, then Continue{then}" if read else f"Continue{then}"


def lesson_refusal(help_words: str) -> str:
    """A legal move that is not the one the lesson asks for."""
    return f"Not this time: {help_words}"
