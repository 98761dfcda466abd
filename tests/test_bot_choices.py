"""Medium and Hard choose as they did: the move each level picks at recorded positions of all
five games (random games from seeded starts), kept in tests/bot_choices.json, so a change meant
to leave the levels' play alone (research switches taken out of the shipped search, say) is
proved to: same seed, same choice.

The search runs on a small fixed budget read on a counting clock (one tick a look), never the
wall clock, so every choice repeats exactly on any machine. After a change meant to alter a
level's play, write the file again and read its diff:

    .venv/bin/python -m tests.test_bot_choices --update
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import random
import sys
from pathlib import Path

import pytest

from game.bots import SOLVED, Bot, knowledge_for
from game.bots.history import History
from game.bots.levels import Level
from game.core import NodeKind
from game.match import Match
from game.registry import GAMES
from game.rules import moriarty

CHOICES = Path(__file__).resolve().parent / "bot_choices.json"
LEVELS = ("medium", "hard")
SEEDS = (1, 2, 3)  # one random game from each seeded start, per game
PER_GAME = 30  # positions kept per game, spread over those games
SCALE = 0.01  # of each level's iterations (at least 10)
DECISIONS = 120  # of each random game, at most (Pulling Strings' fewer: its bots read every
# revealed pull of the game again at each choice, which costs more the longer it runs)
FEWER = {"pulling_strings": 24}
TICKS = 6  # looks at the counting clock a search may make: a depth search's deepening stops there


def quick(level: Level) -> Level:
    """`level` on a small budget whose clock counts its own looks (deterministic)."""
    iterations = max(10, int(level.budget.iterations * SCALE))
    budget = dataclasses.replace(level.budget, iterations=iterations, seconds=TICKS,
                                 clock=itertools.count().__next__)
    return dataclasses.replace(level, budget=budget)


def positions(game_id: str) -> list[tuple[int, int, int]]:
    """(seed, decisions before, seat) of the positions kept for `game_id`: decisions of random
    games (never declaring Moriarty, which ends a game before much happens), evenly sampled."""
    found = []
    for seed in SEEDS:
        match, rng, made = Match(game_id, None, seed), random.Random(seed), 0
        while not match.state.is_terminal and made < FEWER.get(game_id, DECISIONS):
            if match.state.kind is NodeKind.CHANCE:
                match.resolve_chance()
                continue
            for seat in match.state.awaiting:
                if len(match.state.legal_moves(seat)) > 1:
                    found.append((seed, made, seat))
                moves = [m for m in match.state.legal_moves(seat)
                         if not isinstance(m, moriarty.Declare)] or match.state.legal_moves(seat)
                match.play(rng.choice(moves), seat)
                made += 1
    picker = random.Random(game_id)
    return sorted(picker.sample(found, min(PER_GAME, len(found))))


def replay(game_id: str, seed: int, made: int):
    """The match of `seed` after its first `made` decisions, and the public history so far."""
    match, rng, history, done = Match(game_id, None, seed), random.Random(seed), History(), 0
    while True:
        if match.state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        for seat in match.state.awaiting:
            if done == made:
                return match, history
            moves = [m for m in match.state.legal_moves(seat)
                     if not isinstance(m, moriarty.Declare)] or match.state.legal_moves(seat)
            before = match.state
            move = rng.choice(moves)
            match.play(move, seat)
            history.add(before, seat, move)
            done += 1


def choice(game_id: str, level: str, seed: int, made: int, seat: int) -> str:
    """The move `level` chooses for `seat` at that position, as text."""
    match, history = replay(game_id, seed, made)
    solved = SOLVED.get((game_id, level))
    if solved is not None:
        bot = solved(seed)
    else:
        knowledge = knowledge_for(game_id)
        bot = Bot(knowledge, quick(knowledge.levels()[level]), seed)
    return str(bot.choose(match.observe(seat), seat, history.entries))


def choices(game_id: str) -> list[list]:
    """[seed, decisions before, seat, Medium's move, Hard's move] at each kept position."""
    return [[seed, made, seat, *(choice(game_id, level, seed, made, seat) for level in LEVELS)]
            for seed, made, seat in positions(game_id)]


def kept() -> dict[str, list[list]]:
    """The recorded choices, by game."""
    recorded: dict[str, list[list]] = json.loads(CHOICES.read_text(encoding="utf-8"))
    return recorded


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_medium_and_hard_choose_as_recorded(game_id):
    recorded = kept()[game_id]
    assert len(recorded) >= 20  # a few dozen positions, not a token few
    assert [r[:3] for r in recorded] == [list(p) for p in positions(game_id)]
    for seed, made, seat, *moves in recorded:
        now = [choice(game_id, level, seed, made, seat) for level in LEVELS]
        assert now == moves, f"{game_id} seed {seed} after {made} decisions, seat {seat}"


def test_the_recorded_choices_differ_by_position_and_level():
    """The file would catch a change: it holds many different moves, and the levels do not
    always agree (a constant answer would prove nothing)."""
    for game_id, rows in kept().items():
        assert len({tuple(r[3:]) for r in rows}) > 5, game_id
    assert any(r[3] != r[4] for rows in kept().values() for r in rows)


def main(argv: list[str]) -> int:
    """Write the file (--update), or say which games' choices differ from it (exit 1)."""
    found = {game_id: choices(game_id) for game_id in sorted(GAMES)}
    if "--update" in argv:
        games = [f"{json.dumps(g)}: [\n" + ",\n".join(f"  {json.dumps(r)}" for r in rows) + "]"
                 for g, rows in found.items()]
        CHOICES.write_text("{\n" + ",\n".join(games) + "\n}\n", encoding="utf-8")
        return 0
    differ = [g for g in found if found[g] != kept().get(g)]
    print("differ: " + ", ".join(differ) if differ else "all as recorded")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
