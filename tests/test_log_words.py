"""The move log reads as sentences a player would say ("3. Eks pulls c; Oh pulls h"), in every
game and any position; the notation view keeps the game's own notation; secrets never show."""
from __future__ import annotations

import dataclasses
import random
import re

import pygame
from hypothesis import given, settings, strategies as st

from game.core import ChoiceSealed
from game.match import Match
from game.registry import GAMES
from game.rules.tug_of_war import SETUP_CHOICE, Exchange, Remove, Reroll
from game.words import narrator_for
from game.words.log import MoveLog, replay_into
from tests.support import carries, examples

DIE = "[1-6]"
DICE = rf"{DIE}(?:(?:, {DIE})* and {DIE})?"
TUG_DECISION = (rf"(?:keeps the team dice|ends the turn|re-rolls (?:a common {DIE}|{DICE})|"
                rf"(?:beats|matches) (?:a {DIE}|{DIE})(?: with a {DIE})?|"
                rf"swaps (?:a team {DIE} for a common {DIE}|team {DIE} for a common {DIE}))")
TUG_PART = (rf"(?:(?:Yellow|Red)'s team dice roll {DICE}|the common dice roll {DICE}|"
            rf"the re-roll comes up {DIE}|the re-rolled dice come up {DICE}|"
            rf"(?:Yellow|Red) [^;]+)")
NOTATION_LEAKS = {  # the record's notation, which the words view must not show
    "pulling_strings": re.compile(r"(?:Eks|Oh) [a-y](?:;|$)"),
    "moriarty": re.compile(r"\b[OBGP][1-8]\b|bonus [?OBGP]|\b(?:take|pivot) \d"),
    "strands": re.compile(r"(?:Black|White) [a-k]\d+(?:,|;|$)"),
    "synch": re.compile(r"\b(?:opp|synch) (?:N|S|E|W)"),
    "tug_of_war": re.compile(r"\d/\d|\dx\d|\[\d+\]"),
}


def random_record(game_id: str, seed: int, entries: int):
    """A game of random legal moves, as its record."""
    match, rng = Match(game_id, {}, seed), random.Random(seed)
    while not match.state.is_terminal and len(match.entries) < entries:
        state = match.state
        if not state.awaiting:
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        match.play(rng.choice(state.legal_moves(seat)), seat)
    return match.record()


def logged(record) -> MoveLog:
    """The public log of a record, as the play screen and the replay write it."""
    log = MoveLog(narrator_for(record.game, record.options))
    for _ in replay_into(log, record):
        pass
    return log


@settings(max_examples=examples(60), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       entries=st.integers(1, 160))
def test_every_log_line_is_a_plain_sentence(game_id, seed, entries):
    record = random_record(game_id, seed, entries)
    log = logged(record)
    names = GAMES[game_id].seat_names
    for number, line in zip((turn for turn, _ in log.turns), log.lines()):
        head, _, body = line.partition(". ")
        assert head == str(number) and body[:1].isupper(), line
        assert "  " not in line and "[" not in line and "?" not in line, line
        assert not NOTATION_LEAKS[game_id].search(line), line
        for part in body.split("; "):  # each part: a seat's decisions, or what chance did
            assert part.split(" ")[0] in names or part.lower().startswith("the ") \
                or "'s team dice" in part, line
        if game_id == "tug_of_war":
            assert all(re.fullmatch(TUG_PART, part, re.I) for part in body.split("; ")), line
            for part in body.split("; "):
                if part.startswith(("Yellow ", "Red ")) and "'s team" not in part:
                    phrase = part.split(" ", 1)[1]
                    for piece in re.split(r", | and (?=[a-z])", phrase):
                        assert re.match(r"(?:keeps|ends|re-rolls|beats|matches|swaps|a |\d|"
                                        r"team)", piece), (piece, line)


@settings(max_examples=examples(30), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       entries=st.integers(1, 120))
def test_the_notation_view_is_the_record_s_own_text(game_id, seed, entries):
    record = random_record(game_id, seed, entries)
    lines = logged(record).lines(notation=True)
    public, held = [], []  # a choice still sealed at the end is not in the log yet
    for entry, step in record.replay():
        sealed = any(isinstance(e, ChoiceSealed) for e in step.events)
        held.append(entry.text)
        if not sealed:
            public += held
            held = []
    public = [text for text in public if not text.startswith("bonus ")]
    shown = " ".join(lines)
    for text in public:
        assert text in shown
    assert not re.search(r"bonus [OBGP]", shown)  # a Bonus Colour is "bonus ?"


def test_tug_of_war_decisions_in_words():
    tug = narrator_for("tug_of_war")
    state = Match("tug_of_war", {}, 1).state
    beats = carries(tug.log_text(Remove(6, 4), 0, state), "beats", "4", "6")
    assert beats.index("4") < beats.index("6")  # the team die beaten, then the common die
    carries(tug.log_text(Remove(4, 4), 0, state), "matches", "4", without=("beats",))
    carries(tug.log_text(Exchange(6, 2), 0, state), "swaps", "team 2", "common 6")
    carries(tug.log_text(Reroll((3,)), 0, state), "re-rolls", "common 3")
    setup = dataclasses.replace(state, phase=SETUP_CHOICE)
    carries(tug.log_text(Reroll((3, 3)), 0, setup), "re-rolls", "3 and 3")
    carries(tug.chance_text("446", state), "Yellow", "team", "4, 4 and 6", without=("Red",))


def test_a_seat_s_decisions_in_a_row_share_their_verb():
    strands = narrator_for("strands")
    run = carries(strands.join_run(["covers f6", "covers f7", "covers f8", "ends the turn"]),
                  "covers", "f6", "f7", "f8", "ends the turn")
    assert run.count("covers") == 1  # the verb once, for the three
    assert run.index("f6") < run.index("f7") < run.index("f8") < run.index("ends")


def test_north_keeping_the_edge_is_said_so():
    words = narrator_for("moriarty")
    match = Match("moriarty", {}, 2)
    while match.state.phase != "edge":  # type: ignore[attr-defined]
        state = match.state
        if not state.awaiting:
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        match.play(state.legal_moves(seat)[0], seat)
    state = match.state
    north = state.north  # type: ignore[attr-defined]
    keep = next(m for m in state.legal_moves(north) if not m.to_south)
    carries(words.log_text(keep, north, state), "keeps", "Edge", without=("gives",))
    give = next(m for m in state.legal_moves(north) if m.to_south)
    carries(words.log_text(give, north, state), "gives", "Edge", state.seat_name(1 - north))


def test_the_notation_setting_shows_the_log_in_notation(driver):
    from scenes.play.replay import ReplayScene
    scene = driver.start("pulling_strings", seed=3)
    for seat, end in ((0, "c"), (1, "h")):
        scene.turns.match.play(end, seat)
    scene.turns.restore(scene.turns.match.record())
    driver.frames()
    driver.key(pygame.K_RETURN)  # "I am Eks: show me"
    assert "1. Eks pulls c; Oh pulls h" in driver.frame_texts()
    driver.app.settings.notation = True
    assert "1. Eks c, Oh h" in driver.frame_texts()
    replay = ReplayScene(driver.app, scene.turns.match.record())
    driver.app.stack.push(replay)
    replay.go_to(2)
    assert "1. Eks c, Oh h" in driver.frame_texts()
