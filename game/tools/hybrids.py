"""Hybrids of Hard, for the arena: Hard at every decision but one kind, made by a simple rule.

`hard-but-KIND-greedy` plays as Hard does except at decisions of one kind (Moriarty's slide,
say), which it makes as the greedy player would: one turn ahead by the simple count, the
other's secret or simultaneous choice guessed uniformly, and in Moriarty the other's Bonus
Colour weighed as Hard's own belief weighs it. `hard-but-KIND-random` makes that kind at
random. A hybrid that beats Hard shows a kind of decision Hard makes worse than a simple rule.

Some kinds are an option offered beside another choice (Moriarty's ending and declaring, at a
Pivot or an Active Token choice). For such a kind the rule says whether to take the option
(greedy: whether its best option counts more than its best other move; random: a coin) and
Hard makes the rest of the choice without it. For the kind beside which an option is offered,
Hard says whether to take the option and the rule makes the rest.

What the hybrids measured, row by row, is in docs/bot-strength.md.
"""
from __future__ import annotations

import random
from typing import Mapping, Sequence

from game.bots.bot import Bot
from game.core import Move, State
from game.rules.moriarty import (ACTIVE, BONUS, DECLARE, DIRECTION, EDGE, PIVOT, SETUP,
                                 Declare, EndGame, MoriartyState)
from game.rules.synch import Direction, Mode, PlaceMarker
from game.tools.opponents import best_of, greedy_values

RULES = ("greedy", "random")
# Every kind of decision Hard makes, game by game (Tug of War's Hard plays the solved table).
KINDS: Mapping[str, tuple[str, ...]] = {
    "pulling_strings": ("pull",),
    "moriarty": ("place", "bonus", "edge", "pivot", "take", "slide", "declare", "end"),
    "strands": ("stones",),
    "synch": ("place", "mode", "direction"),
}
OPTIONS = ("declare", "end")  # kinds offered beside another choice
PREFIX = "hard-but-"
_MORIARTY_PHASES = {SETUP: "place", BONUS: "bonus", EDGE: "edge", PIVOT: "pivot",
                    ACTIVE: "take", DIRECTION: "slide", DECLARE: "declare"}


def hybrid_names(game_id: str) -> list[str]:
    """Every hybrid of a game's Hard, as the arena names them."""
    return [f"{PREFIX}{kind}-{rule}" for kind in KINDS.get(game_id, ()) for rule in RULES]


def parse_hybrid(name: str) -> tuple[str, str] | None:
    """The (kind, rule) a hybrid's name stands for, or None if it names no hybrid."""
    if not name.startswith(PREFIX):
        return None
    kind, _, rule = name[len(PREFIX):].rpartition("-")
    known = {k for kinds in KINDS.values() for k in kinds}
    return (kind, rule) if kind in known and rule in RULES else None


def decision_kinds(state: State, seat: int) -> dict[str, list[Move]]:
    """The kinds of decision `seat` makes here, each with its legal moves of that kind."""
    legal = state.legal_moves(seat)
    game_id = state.game_id
    if game_id == "pulling_strings":
        return {"pull": list(legal)}
    if game_id == "strands":
        return {"stones": list(legal)}
    if game_id == "synch":
        kinds: dict[str, list[Move]] = {}
        for move in legal:
            kind = ("place" if isinstance(move, PlaceMarker) else
                    "mode" if isinstance(move, Mode) else
                    "direction" if isinstance(move, Direction) else "other")
            kinds.setdefault(kind, []).append(move)
        return kinds
    if game_id == "moriarty":
        assert isinstance(state, MoriartyState)
        main = _MORIARTY_PHASES.get(state.phase, "other")
        kinds = {}
        for move in legal:
            kind = ("end" if isinstance(move, EndGame) else
                    "declare" if isinstance(move, Declare) else main)
            kinds.setdefault(kind, []).append(move)
        return kinds
    return {"other": list(legal)}


class Hybrid:
    """Hard, except at one kind of decision, which a simple rule makes; sees only observations."""

    def __init__(self, bot: Bot, kind: str, rule: str, seed: int | None = None) -> None:
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r} (rules: {', '.join(RULES)})")
        self.bot = bot
        self.kind = kind
        self.rule = rule
        self.rng = random.Random(None if seed is None else seed + 104729)
        self.ruled = 0  # decisions the rule made

    def choose(self, observation: State, seat: int, history: Sequence = ()) -> Move:
        """Hard's move, or at this hybrid's kind of decision the rule's."""
        kinds = decision_kinds(observation, seat)
        own = kinds.get(self.kind)
        if not own:
            return self.bot.choose(observation, seat, history)
        if len(kinds) == 1:
            return self._ruled(observation, seat, history, own)
        if self.kind in OPTIONS:  # the rule says whether to take the option; Hard, the rest
            if self.takes_option(observation, seat, history):
                return self._ruled(observation, seat, history, own)
            return self.bot.choose(observation, seat, history, exclude=own)
        move = self.bot.choose(observation, seat, history)  # Hard says whether to take an option
        if move not in own:
            return move
        return self._ruled(observation, seat, history, own)

    def _ruled(self, observation: State, seat: int, history: Sequence,
               moves: Sequence[Move]) -> Move:
        self.bot.reusable = None  # Hard's kept search lies below a move it may not have made
        self.ruled += 1
        return self.rule_move(observation, seat, history, moves)

    def rule_move(self, observation: State, seat: int, history: Sequence,
                  moves: Sequence[Move]) -> Move:
        """The rule's choice among `moves` (this hybrid's kind of decision here)."""
        if len(moves) == 1:
            return moves[0]
        if self.rule == "random":
            options = [m for m in moves if isinstance(m, (Declare, EndGame))]
            rest = [m for m in moves if m not in options]
            if options and rest:  # an option and the moves that decline it: a coin
                return self.rng.choice(options if self.rng.random() < 0.5 else rest)
            return self.rng.choice(list(moves))
        return best_of(self.values(observation, seat, history, moves), self.rng)

    def takes_option(self, observation: State, seat: int, history: Sequence = ()) -> bool:
        """For an option kind (ending, declaring): whether the rule takes the option here."""
        own = decision_kinds(observation, seat).get(self.kind, [])
        if not own:
            return False
        if self.rule == "random":
            return self.rng.random() < 0.5
        legal = observation.legal_moves(seat)
        values = self.values(observation, seat, history, legal)
        rest = [values[m] for m in legal if m not in own]
        return max(values[m] for m in own) > max(rest) + 1e-9

    def values(self, observation: State, seat: int, history: Sequence,
               moves: Sequence[Move]) -> dict[Move, float]:
        """Greedy's count of each move, averaged over the worlds Hard believes in."""
        totals = {m: 0.0 for m in moves}
        for weight, world in self.bot.knowledge.worlds(observation, seat, history):
            for move, value in greedy_values(world, seat, moves).items():
                totals[move] += weight * value
        return totals
