"""A lesson explains, asks, shows, then tells, in all five games, step by step.

- No lesson line (a step's words or its ask) tells of a move before that move has been revealed
  and shown: not the computer's, not a chance outcome, not a prediction of either. At each point
  of the script (`words_at(t)`: t steps made and shown) the words and the ask on screen are
  checked against every move not yet shown there: the steps from t on, and a secret choice made
  earlier whose reveal is still to come.
- A sentence tells of a move when it names the move in the game's own terms (the column taken,
  the direction picked, the dice that came up) with its actor beside it (the computer, its seat
  name, "it"), or, for chance, with the dice rolling. The detector is checked on the narrator's
  own words for generated moves, and on the early reveals the issue found.
- Every term a prompt uses is explained by the time it is asked for: each game's glossary names
  its terms and the words an explanation of one holds.
- Steps that would repeat words carry none (they show the page before them), and each step's
  words differ from the last.
"""
from __future__ import annotations

import random
import re
from typing import Callable

import pytest
from hypothesis import given, settings, strategies as st

from game.core import ChoiceSealed, NodeKind
from game.lesson import Lesson, LessonStep
from game.record import apply_entry
from game.registry import GAMES, get_game
from game.rules.moriarty import COLOURS, LETTERS
from game.words import narrator_for
from scenes.play.parts.lesson_guide import load_lesson
from tests.support import examples

COMPASS = {"N": "north", "S": "south", "E": "east", "W": "west", "NE": "north-east",
           "NW": "north-west", "SE": "south-east", "SW": "south-west"}
ROLL_WORDS = r"(?<!-)\broll(?:s|ed)?\b|\bcomes? up\b|\bcame up\b|\blands?\b|\bshows?\b"


def _moriarty(state, move: str) -> str | None:
    words = move.split()
    if len(move) == 2 and move[0] in LETTERS:  # the set-up: a colour into a column
        return rf"\b{COLOURS[LETTERS.index(move[0])]}\b[^.;:]*\bcolumn {move[1]}\b"
    if words[0] == "bonus":
        colour = COLOURS[LETTERS.index(words[1])]
        return rf"\bcolou?r\b[^.;:]*\b{colour}\b|\b{colour}\b[^.;:]*\bcolou?r\b"
    if words[0] == "pivot":
        return rf"\bcolumn {words[1]}\b[^.;:]*\bpivot\b|\bpivot\b[^.;:]*\bcolumn {words[1]}\b"
    if words[0] == "take":
        return rf"\bcolumn {words[1]}\b"
    if words[0] in ("toward", "away"):  # a token's way (not "toward the Centre Line")
        return rf"\b{words[0]}\b(?!\s+(?:the|you\w*|or)\b)"
    if words[0] == "moriarty":
        colour = COLOURS[LETTERS.index(words[1])]
        return rf"\b(?:calls|called|declares|declared) moriarty\b|\bnam\w* {colour}\b"
    return None


def _synch(state, move: str) -> str | None:
    if move in COMPASS:
        return rf"\b{COMPASS[move]}\b"
    if move in ("synch", "opp"):
        return r"\bsynch\b" if move == "synch" else r"\bopposition\b"
    return rf"\b{move}\b"  # a square


def _pulling_strings(state, move: str) -> str | None:
    return rf"\bpull(?:s|ed|ing)?\s+(?:string\s+)?(?:end\s+)?{move}\b"


def _strands(state, move: str) -> str | None:
    if move == "end":
        return r"\bend(?:s|ed)? (?:its|the) turn\b"
    board = state.board
    number = board.numbers[board.index(move)]
    centre = r"|\bcentre\b" if number == 1 else ""
    return rf"\b{move}\b|\bpick(?:s|ed)? {number}\b|\bcover(?:s|ed)? (?:\w+ )?{number}s\b{centre}"


def _tug_of_war(state, move: str) -> str | None:
    if move == "keep":
        return r"\bkeeps?\b|\bkept\b"
    if move == "end":
        return r"\bend(?:s|ed)? its turn\b"
    if "/" in move:  # a removal: a common die on a team die
        common, team = move.split("/")
        return rf"\b{common}\b[^.;:]*\b{team}\b"
    return None


PHRASES: dict[str, Callable] = {"moriarty": _moriarty, "synch": _synch,
                                "pulling_strings": _pulling_strings, "strands": _strands,
                                "tug_of_war": _tug_of_war}
ROLES = {"moriarty": ("South", "North")}  # what the lessons call the seats besides their names


def chance_phrase(outcome: str) -> str:
    """A chance outcome named: all its values, and the dice rolling."""
    return "".join(rf"(?=.*\b{value}\b)" for value in sorted(set(outcome))) + \
        rf"(?=.*(?:{ROLL_WORDS}))"


def actors(game_id: str, seat: int, pronouns: bool = True) -> str:
    """The words that name the computer's seat as a subject (with "it" and "its": within a
    clause)."""
    names = [get_game(game_id).seat_names[seat], "computer"] + (["it", "its"] if pronouns else [])
    names += [ROLES[game_id][seat]] if game_id in ROLES else []
    return r"\b(?:" + "|".join(names) + r")\b"


LEARNER = r"\b(?:you|your|yours)\b"


def sentences(text: str) -> list[str]:
    """A text's sentences (a colon's, a semicolon's and a dash's halves are clauses within)."""
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def clauses(sentence: str) -> list[str]:
    """A sentence's clauses."""
    return [c for c in re.split(r"[:;]|, and\b", sentence) if c.strip()]


def tells(text: str, phrase: str, subject: str | None, name: str | None = None) -> str | None:
    """The sentence of `text` that tells of a move named by `phrase` by the actor `subject`
    in a clause, or `name` (no pronoun) in a sentence with no word of the learner (None for
    chance, which needs no actor), if one does."""
    def has(words: str, pattern: str) -> bool:
        return re.search(pattern, words, re.IGNORECASE | re.DOTALL) is not None
    for sentence in sentences(text):
        if subject is None:
            if has(sentence, phrase):
                return sentence
            continue
        if any(has(c, phrase) and has(c, subject) for c in clauses(sentence)):
            return sentence
        if name is not None and has(sentence, phrase) and has(sentence, name) \
                and not has(sentence, LEARNER):
            return sentence
    return None


def script(lesson: Lesson) -> list[tuple[int, object, bool]]:
    """Each step's (index, the state before it, whether it was sealed in secret)."""
    spec = get_game(lesson.game)
    state = spec.start(spec.resolve_options(lesson.options))
    out = []
    for index in range(len(lesson.steps)):
        step = apply_entry(spec, state, lesson.entry(index))
        out.append((index, state, any(isinstance(e, ChoiceSealed) for e in step.events)))
        state = step.state
    return out


def reveals(lesson: Lesson) -> list[int]:
    """For each step, the number of steps that must have shown before its move has: its own
    index + 1, or for a secret choice the step that reveals it."""
    played = script(lesson)
    out = []
    for index, _, sealed in played:
        end = index
        while sealed and end + 1 < len(played) and played[end][2]:
            end += 1  # the choices sealed in a row show with the one that completes them
        out.append(end + 1 if sealed else index + 1)
    return out


def lines_at(lesson: Lesson, told: int) -> list[str]:
    """The lesson's lines on screen once `told` steps have shown: the words, and the ask."""
    step = lesson.steps[told] if told < len(lesson.steps) else None
    return [lesson.words_at(told)] + ([step.ask] if step is not None and step.ask else [])


def about(lesson: Lesson, played, index: int, sentence: str) -> bool:
    """True when `sentence` tells of the move of step `index`."""
    step = lesson.steps[index]
    computer = 1 - lesson.learner
    if step.by == "chance":
        return tells(sentence, chance_phrase(step.move), None) is not None
    seat = computer if step.by == "computer" else lesson.learner
    phrase = PHRASES[lesson.game](played[index][1], step.move)
    return phrase is not None and tells(sentence, phrase, actors(lesson.game, seat),
                                        actors(lesson.game, seat, False)) is not None


def early_tells(lesson: Lesson) -> list[str]:
    """Every lesson line that tells of a move before it has shown, said with where."""
    phrases, played, shown_at = PHRASES[lesson.game], script(lesson), reveals(lesson)
    computer = 1 - lesson.learner
    found = []
    for told in range(len(lesson.steps) + 1):
        hidden = [i for i in range(len(lesson.steps)) if shown_at[i] > told]
        shown = [i for i in range(len(lesson.steps)) if shown_at[i] <= told]
        for line in lines_at(lesson, told):
            for index in hidden:
                step: LessonStep = lesson.steps[index]
                if step.by == "you":
                    continue  # the learner's own move is explained before it is asked for
                state = played[index][1]
                if step.by == "chance":
                    phrase, subject = chance_phrase(step.move), None
                else:
                    phrase, subject = phrases(state, step.move), actors(lesson.game, computer)
                if phrase is None:
                    continue
                sentence = tells(line, phrase, subject, actors(lesson.game, computer, False))
                if sentence is None:
                    continue
                if any(about(lesson, played, i, sentence) for i in shown
                       if lesson.steps[i].by == step.by):
                    continue  # the same words tell of a move of the same actor already shown
                found.append(f"shown after {told} steps, before step {index + 1} "
                             f"({step.by} {step.move}) shows: {sentence!r}")
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_lesson_line_tells_of_a_move_before_it_shows(game_id):
    lesson = load_lesson(game_id)
    assert early_tells(lesson) == []


def test_the_early_reveals_the_issue_found_are_caught():
    """Today's lines before this change: Synch's step 4 and Moriarty's Active Token, shown
    during the pause before the computer's move; and a prediction during a secret choice."""
    synch = load_lesson("synch")
    steps = list(synch.steps)
    steps[3] = LessonStep("computer", "N", say="Ring, the directioner, picks north. In synch both "
                                               "markers step the same way.")
    found = early_tells(Lesson(synch.game, synch.learner, synch.options, synch.finish,
                               tuple(steps)))
    assert any("picks north" in line for line in found)
    moriarty = load_lesson("moriarty")
    steps = list(moriarty.steps)
    steps[12] = LessonStep("computer", "take 4", say="The computer openly takes one Active Token, "
                                                     "column 4; you move the other, column 2.")
    steps[14] = LessonStep("you", "away", ask="Choose Away from me",
                           say="The computer will surely pull its token south, toward itself.")
    found = early_tells(Lesson(moriarty.game, moriarty.learner, moriarty.options,
                               moriarty.finish, tuple(steps)))
    assert any("column 4" in line for line in found)
    assert any("toward itself" in line for line in found)


@settings(max_examples=examples(30), deadline=None)
@given(game_id=st.sampled_from(sorted(PHRASES)), seed=st.integers(0, 10_000),
       turns=st.integers(0, 12))
def test_the_detector_hears_the_narrators_own_words_for_a_move(game_id, seed, turns):
    """The move log's own words for a move by a seat are caught as telling of that move (so the
    check above is not blind), wherever the phrase has words for that kind of move."""
    spec = get_game(game_id)
    rng = random.Random(seed)
    state = spec.start(spec.resolve_options({}))
    words = narrator_for(game_id, spec.resolve_options({}))
    for _ in range(turns):
        if state.is_terminal:
            return
        if state.kind is NodeKind.CHANCE:
            outcomes, weights = zip(*state.chance_outcomes())
            state = state.apply_chance(rng.choices(outcomes, weights)[0]).state
            continue
        seat = state.awaiting[0]
        state = state.apply(rng.choice(state.legal_moves(seat)), seat).state
    if state.is_terminal or state.kind is NodeKind.CHANCE:
        return
    seat = state.awaiting[0]
    move = rng.choice(state.legal_moves(seat))
    phrase = PHRASES[game_id](state, str(move))
    if phrase is None:
        return
    # the log keeps a secret (a sealed choice, a Bonus Colour): its chooser's own words tell it
    lines = [f"{state.seat_name(seat)} {said}." for said in
             (words.log_text(move, seat, state), words.choice_words(move, state))]
    assert any(tells(line, phrase, actors(game_id, seat)) is not None for line in lines), \
        (lines, phrase)


# Each game's terms as its prompts use them, and words any explanation of the term holds.
GLOSSARY = {
    "pulling_strings": {"string end": (r"\bends?\b", r"\bletters?\b"),
                        "Pull": (r"\bpull", r"\bdrags?\b|\bmoves?\b")},
    "moriarty": {"Bonus Colour": (r"Bonus Colou?rs?", r"\bsecret\b", r"\bscores?\b"),
                 "Edge": (r"\bEdge\b", r"\bpicks? the Pivot\b", r"\bpass"),
                 "Pivot": (r"\bPivot\b", r"\bActive Tokens?\b", r"\beither side\b"),
                 "Moriarty": (r"\bMoriarty\b", r"\bnam(e|es|ing)\b", r"Bonus Colou?r|colou?r"),
                 "Toward me": (r"\btoward\b", r"\baway\b", r"\bsecret"),
                 "Away from me": (r"\btoward\b", r"\baway\b", r"\bsecret"),
                 "Active Token": (r"\bActive Tokens?\b", r"\bcolumns?\b")},
    "synch": {"In synch": (r"\bIn synch\b", r"\bsame way\b"),
              "In opposition": (r"\bIn opposition\b", r"\bopposite\b"),
              "decider": (r"\bdecider\b", r"\bsynch\b", r"\bopposition\b"),
              "directioner": (r"\bdirectioner\b", r"\bdirection\b"),
              "Direct": (r"\bdirectioner\b", r"\bdirection\b")},
    "strands": {"Cover": (r"\bcover", r"\bspaces?\b", r"\bnumber\b"),
                "End turn": (r"\bstop early\b|\bEnd turn\b", r"\bcover")},
    "tug_of_war": {"Re-roll": (r"\bre-roll\b", r"\bonce\b|\beach turn\b"),
                   "Remove": (r"\bremov", r"\bas high\b|\bno higher\b|\bat least\b"),
                   "Exchange": (r"\bExchanges?\b", r"\bswap\b"),
                   "common": (r"\bcommon dice\b", r"\bevery turn\b|\beach turn\b"),
                   "team": (r"\bteam dice\b", r"\bathletes\b")},
}


def explains(words: str, clues: tuple[str, ...]) -> bool:
    """True when one sentence (or two in a row) of `words` holds every clue."""
    parts = sentences(words)
    spans = parts + [" ".join(parts[i:i + 2]) for i in range(len(parts) - 1)]
    return any(all(re.search(c, span, re.IGNORECASE) for c in clues) for span in spans)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_term_an_ask_uses_is_explained_by_then(game_id):
    lesson = load_lesson(game_id)
    used = 0
    for term, clues in GLOSSARY[game_id].items():
        asked = [i for i, s in enumerate(lesson.steps)
                 if re.search(rf"\b{re.escape(term)}\b", s.ask, re.IGNORECASE)]
        if not asked:
            continue
        used += 1
        first = asked[0]
        explained = [i for i in range(first + 1) if explains(lesson.words_at(i), clues)]
        assert explained, f"{term!r} is asked for at step {first + 1} " \
                          f"({lesson.steps[first].ask!r}) before any step explains it"
    assert used >= 2  # the glossary speaks of this lesson's prompts


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_lesson_says_each_thing_once_and_holds_only_to_read(game_id):
    """Pages: every step's words are new (none repeats the page before), a computer's move
    with nothing new to say plays on without a pause, and Moriarty's set-up is one page."""
    lesson = load_lesson(game_id)
    says = [s.say for s in lesson.steps if s.say]
    assert len(says) == len(set(says)) == lesson.pages
    pages = [lesson.page_at(i) for i in range(len(lesson.steps) + 1)]
    assert pages == sorted(pages) and pages[0] == 0 and pages[-1] == lesson.pages
    if game_id == "moriarty":
        setup = [i for i, s in enumerate(lesson.steps) if len(s.move) == 2]
        assert len(setup) == 8 and {lesson.page_at(i) for i in setup} == {0}
