"""Lessons as data: every game's script plays through the engine to its end, explains the rules
the issue names, and a damaged script is refused with the step that breaks it."""
from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings, strategies as st

from game.core import GameError, NodeKind
from game.lesson import LessonError, lesson_from_json
from game.record import Entry, apply_entry
from game.registry import GAMES
from scenes.play.parts.lesson_guide import load_lesson
from scenes.shell.assets import asset_path
from tests.support import examples

# the rules the issue names for each game, as words its explanations must use
TOPICS = {
    "pulling_strings": ("pull", "split", "combination", "home"),
    "moriarty": ("pivot", "toward", "away", "bonus colour", "declares moriarty"),
    "strands": ("x empty spaces marked x", "group", "end turn"),
    "synch": ("decider", "directioner", "synch", "opposition", "claimed"),
    "tug_of_war": ("team dice", "common dice", "removals", "exchanges"),
}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_lesson_plays_through_the_engine_and_leaves_a_game_to_play_on(game_id):
    lesson = load_lesson(game_id)
    assert lesson.game == game_id
    state = lesson.check()
    assert state.kind is not NodeKind.TERMINAL
    asked = [step for step in lesson.steps if step.by == "you"]
    assert len(asked) >= 4 and all(step.ask for step in asked)
    assert lesson.steps[0].say and lesson.finish
    assert "easy" in lesson.finish.lower()  # it says who the game goes on against


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_lesson_explains_the_rules_of_its_game(game_id):
    lesson = load_lesson(game_id)
    words = " ".join([s.say for s in lesson.steps] + [lesson.finish]).lower()
    for topic in TOPICS[game_id]:
        assert topic in words, f"{game_id}'s lesson never explains {topic!r}"


def test_chance_in_a_lesson_is_fixed():
    lesson = load_lesson("tug_of_war")
    rolls = [step for step in lesson.steps if step.by == "chance"]
    assert rolls and all(step.move for step in rolls)


def raw(game_id: str) -> dict:
    return json.loads(asset_path("lessons", f"{game_id}.json").read_text(encoding="utf-8"))


def fits(lesson, index: int, text: str) -> bool:
    """True when `text` would be a legal entry for step `index` of the lesson."""
    spec = GAMES[lesson.game]
    state = spec.start(spec.resolve_options(lesson.options))
    for step_index in range(index):
        state = apply_entry(spec, state, lesson.entry(step_index)).state
    try:
        apply_entry(spec, state, Entry(lesson.entry(index).actor, text))
    except GameError:
        return False
    return True


@settings(max_examples=examples(60), deadline=None)
@given(game_id=st.sampled_from(list(GAMES)), data=st.data())
def test_a_script_with_a_wrong_step_is_refused_naming_it(game_id, data):
    lesson = load_lesson(game_id)
    index = data.draw(st.integers(0, len(lesson.steps) - 1))
    step = lesson.steps[index]
    wrong = data.draw(st.sampled_from(["zz9", "pass", "end", "keep", "take 9", "1", "N",
                                       "pivot 9", "a1", "k6"]))
    if fits(lesson, index, wrong):
        return  # another legal move there: not a broken step
    steps = list(lesson.steps)
    steps[index] = dataclasses.replace(step, move=wrong)
    with pytest.raises(LessonError, match=f"step {index + 1} "):
        dataclasses.replace(lesson, steps=tuple(steps)).check()


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="x"), "not a quintet-lesson file"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(game="chess"), "not a game"),
    (lambda d: d.update(learner=2), "learner"),
    (lambda d: d.update(options={"turn_limit": -5}), "options"),
    (lambda d: d.update(steps=[]), "steps"),
    (lambda d: d["steps"][1].update(by="nobody"), "step 2"),
    (lambda d: d["steps"][0].update(say=""), "step 1"),
    (lambda d: d.update(extra=1), "unknown keys"),
])
def test_a_damaged_lesson_file_is_refused_saying_what_is_wrong(change, words):
    data = raw("pulling_strings")
    change(data)
    with pytest.raises(LessonError, match=words):
        lesson_from_json(json.dumps(data))


def test_a_learner_step_without_an_ask_is_refused():
    data = raw("synch")
    data["steps"][0]["ask"] = ""
    with pytest.raises(LessonError, match="step 1.*ask"):
        lesson_from_json(json.dumps(data)).check()


def test_a_script_that_ends_the_game_is_refused():
    data = raw("moriarty")
    data["options"] = {"games": 1}  # the computer's wrong Moriarty then ends the whole match
    with pytest.raises(LessonError, match="play on"):
        lesson_from_json(json.dumps(data)).check()


def test_not_json_is_refused():
    with pytest.raises(LessonError, match="not JSON"):
        lesson_from_json("{")
