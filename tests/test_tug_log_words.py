"""Tug of War's move log in words a new player reads ("common dice 2 6 6, Red 6 beat 6 · swap 2
for 6 · end"), not the record's notation ("[266], Red 6/6 6x2 end"), for any game."""
from __future__ import annotations

import random
import re

import pygame
from hypothesis import given, settings, strategies as st

from game.match import Match
from game.rules.tug_of_war import Exchange, Remove, Reroll
from scenes.boards import board_class
from game.words.log import MoveLog, replay_into
from scenes.shell.theme import Theme

DICE = r"[1-6](?: [1-6]){0,2}"
DECISION = r"(?:keep|end|re-roll " + DICE + r"|[1-6] beat [1-6]|swap [1-6] for [1-6])"
SEAT_TURN = rf"(?:Yellow|Red) {DECISION}(?: · {DECISION})*"
CHANCE = rf"(?:common dice|team dice|rolled) {DICE}"
LINE = re.compile(rf"\d+\. (?:{CHANCE}|{SEAT_TURN})(?:, (?:{CHANCE}|{SEAT_TURN}))*")


def random_record(seed: int, entries: int):
    """A Tug of War game of random legal moves, as its record."""
    match, rng = Match("tug_of_war", {}, seed), random.Random(seed)
    while not match.state.is_terminal and len(match.entries) < entries:
        state = match.state
        if state.awaiting == ():
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        match.play(rng.choice(state.legal_moves(seat)), seat)
    return match.record()


def board():
    pygame.init()
    return board_class("tug_of_war")(Match("tug_of_war", {}, 1).spec, {}, Theme())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), entries=st.integers(1, 150))
def test_every_log_line_reads_in_words(seed, entries):
    record, tug = random_record(seed, entries), board()
    log = MoveLog(tug.words.log_joiner)
    for _ in replay_into(log, tug.words, record):
        pass
    lines = log.lines()
    assert lines
    for line in lines:
        assert LINE.fullmatch(line), line


def test_the_words_name_the_dice_as_the_side_panel_does():
    tug, state = board(), Match("tug_of_war", {}, 1).state
    assert tug.words.log_text(Remove(6, 4), 0, state) == "6 beat 4"
    assert tug.words.log_text(Exchange(6, 2), 0, state) == "swap 2 for 6"  # team 2 given, common 6 taken
    assert tug.words.log_text(Reroll((3, 3)), 0, state) == "re-roll 3 3"
    assert tug.words.chance_text("446", state) == "team dice 4 4 6"


def test_other_games_keep_their_notation():
    pygame.init()
    match = Match("synch", {}, 1)
    synch = board_class("synch")(match.spec, match.options, Theme())
    assert synch.words.log_joiner == " " and synch.words.chance_text("3", match.state) == "[3]"
