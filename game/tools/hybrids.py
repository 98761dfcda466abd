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

Measured (issue 36; processor clock, seats alternating; Hard's score won-drawn-lost, Wilson 95%;
at a tenth of the budget unless said; at full budget over 40 games, Moriarty's pivot row alone).
Moriarty, one-game matches, 20 each (seeds 1-20), the Hard that reads the colour from slides,
hides its own there and declares at 0.98 (`game/bots/games/moriarty.py` holds every lever's
figures):
    kind      greedy                      random
    place     9-2-9    50.0% [29.9, 70.1]  7-1-12  37.5% [20.0, 59.1]
    bonus     9-1-10   47.5% [27.9, 68.0]  12-0-8  60.0% [38.7, 78.1]
    edge      6-0-14   30.0% [14.5, 51.9]  12-0-8  60.0% [38.7, 78.1]
    pivot     9-0-11   45.0% [25.8, 65.8]  11-1-8  57.5% [36.4, 76.2]
    take      12-0-8   60.0% [38.7, 78.1]  11-0-9  55.0% [34.2, 74.2]
    slide     20-0-0   100% [83.9, 100]    (the Hard before: 4-0-2 in 6)
    declare   19-0-1   95.0% [76.4, 99.1]  13-0-7  65.0% [43.3, 81.9]
    end       9-0-11   45.0% [25.8, 65.8]  11-1-8  57.5% [36.4, 76.2]
Over seeds 1-60: place greedy 32-4-24, 56.7% [44.1, 68.4], random 27-2-31, 46.7% [34.6, 59.1];
edge greedy 25-4-31, 45.0% [33.1, 57.5], random 29-1-30, 49.2% [37.0, 61.5] (edge greedy's 30%
over 20 was chance). Hard against Hard on the same seeds gives the spread of a row where nothing
differs (the developers' guide has it). At full budget in three-game matches (seeds 1-20): v
slide-greedy 19-0-1, 95.0% [76.4, 99.1], Hard thinking 1,585 ms mean, p95 2,621 ms; the hybrid,
declaring as Hard does but from Hard's slides, declared 26 times, all wrong (Hard 21, 18
right). At full budget in one-game matches v place-random (seeds 1-20): 6-2-12, 35.0% [18.1,
56.7]; 13 games were decided by a declaration and all 13 were wrong (Hard 9, the hybrid 4): what
the row measures is each side's reading of the other's slides, which are Hard's and conceal,
not the placing. Once Hard's reading weighed a pretending slider (`slide_pretender`: no colour
named from slides before a scored game), the same row, both sides on that Hard: 9-2-9, 50.0%
[29.9, 70.1], no declaration on either side, Hard thinking 1,304 ms mean, p95 2,617 ms: what
the row measures now is the placing. The Hard before, against the slide-greedy hybrid:
9-3-22, 30.9% [18.0, 47.7] over 34, and 1-0-1 at full budget. At full budget in one-game matches
v pivot-greedy (seeds 1-40): 13-2-25, 35.0% [22.1, 50.5], where a tenth of the budget gave
9-0-11. The hybrid gains on Hard's `concealment`, the price Hard pays at pivots and takes to
keep its colour from a reader of every choice: without it, Hard v the pivot hybrid built on it
9-3-8 over 20, but v Medium in three-game matches 6-0-4 over seeds 1-10 (with it 9-0-1; see
`game/bots/games/moriarty.py`). The pivot hybrid won by Hard's reading: its Pivots tell its
colour (v Medium, three-game matches, seeds 1-20: 8-1-11, Medium 13 declarations right of 15),
which Hard, reading slides alone, let pass. Hard reading pivots and takes too
(`choice_reading`, both sides) v pivot-greedy: 32-2-6, 82.5% [68.0, 91.3] over seeds 1-40 at
full budget. On that Hard at full budget, one-game matches over seeds 1-40: v end-greedy 12-2-26,
32.5% [20.1, 48.0] (Hard declared 19 times, 1 right; the hybrid 5 times, all wrong); v
edge-greedy 20-1-19, 51.2% [36.3, 65.9] (Hard 15, 2 right; the hybrid 8, all wrong); Hard
thinking 1,186-1,197 ms mean, p95 2,488-2,502 ms. The rows measure first-game declarations, not
the ending or the Edge: reading the pivots and takes of a player who hides its colour there as
Hard does, Hard named a wrong colour 31 times in 34 (`game/bots/games/moriarty.py`). Naming no
colour before a scored game (`declare_after_scored`, both sides): v end-greedy 12-2-6, 65.0%
[43.3, 81.9] over seeds 1-20, v pivot-greedy 10-2-8, 55.0% [34.2, 74.2] over seeds 1-20.
Hard reading its choices beside what the other then believed of its colour (`choice_denier`,
adopted), full budget, one-game matches: v end-greedy 16-4-20, 45.0% [30.7, 60.2] over seeds
1-40 (Hard declared 11 times, 1 right); v pivot-greedy 29-2-9, 75.0% [59.8, 85.8] over seeds
1-40 (Hard 13, 12 right); v edge-greedy 11-2-7, 60.0% [38.7, 78.1] over seeds 1-20; Hard
thinking 1,011-1,068 ms mean, p95 2,154-2,229 ms. Reading a teller there as all but always
playing the best one turn ahead (`choice_sharpness` 8, adopted), same format: v end-greedy
20-1-19, 51.2% [36.3, 65.9] over seeds 1-40 (Hard declared 5 times, 1 right); v pivot-greedy
34-2-4, 87.5% [73.9, 94.5] over seeds 1-40 (Hard 12, all right); Hard thinking 1,025-1,055 ms
mean, p95 2,132-2,206 ms. That Hard, same format, seeds 1-40: v slide-greedy 31-1-8, 78.8%
[63.9, 88.6] (Hard declared 10 times, all right; the hybrid 8, 1 right); v declare-greedy
36-0-4, 90.0% [76.9, 96.0] (the hybrid declared 38 times, 2 right, mostly in round 1 or 2;
Hard never); v take-greedy 26-2-12, 67.5% [52.0, 79.9] (Hard declared 4 times, 1 right; the
hybrid 9, none right: a wrong first-game reading of a Hard-like player still rests on its
pivots read as telling another colour sharply, beside slides at 0.8-0.95 in it); v
place-greedy 20-2-18, 52.5% [37.5, 67.1] (Hard declared 4 times, none right; the hybrid 5, 1
right; the games no declaration decided 16-2-13); Hard thinking 1,028-1,486 ms mean, p95
2,219-2,619 ms. Greedy counts every placing alike (the Bonus Colours are picked after it), so
place-greedy and place-random play one pairing (a test says so), and in one-game matches only in
the games where the hybrid is South: v place-random 22-2-16, 57.5% [42.2, 71.5] over seeds 1-40
(each side declared 3 times, 1 right; Hard thinking 1,267 ms mean, p95 2,616 ms); the two rows
together 42-4-34, 55.0% [44.1, 65.4] over 80. The greedy ending declines an ending Hard takes at
16 of 29 offered in 90 recorded games of the slide, declare and take rows
(`game.tools.agreement`), and takes none Hard declines: the end row (above) measures whether
declining a sure ending costs. V bonus-greedy (which picks a colour with the most tokens
starting on its side: where one colour had both its tokens there, 37 games of each, the hybrid
picked it every time and Hard 28 times) 18-2-20, 47.5% [32.9, 62.5] over seeds 1-40; 10
declarations, 5 each side, all wrong (8 of them named a colour other than the other's home one,
which it held), the games no declaration decided 13-2-15; Hard thinking 1,273 ms mean, p95 2,615
ms. Both sides reading the colour as a player who picks its home colour half the time
(`home_reading` 0.5, off in every level): 22-1-17, 56.2% [41.0, 70.4], but 19 declarations, 13
wrong (Hard 6, 2 right; the hybrid 13, 4 right), Hard thinking 1,181 ms mean, p95 2,615 ms. The
same setting v end-greedy over seeds 1-20: 9-2-9, 50.0% [29.9, 70.1] (Hard as shipped 11-0-9 on
those seeds; 9 declarations, 1 right): not adopted. V edge-greedy over seeds 1-40: 19-0-21,
47.5% [32.9, 62.5] (Hard declared 5 times, 2 right; the hybrid 6, 1 right; the games no
declaration decided 12-0-17), Hard thinking 1,204 ms mean, p95 2,615 ms. Over the 100 recorded
games of the edge, bonus and home-end rows, a North that kept the Edge won 17-0-12 and one that
gave it to South 33-4-34; Hard as North gave it away 13 times in 20 (the greedy rule 11). The
control, Hard v Hard on the same seeds: 11-0-9 over seeds 1-20 and 11-1-8 over 21-40 (3
declarations, 2 right; 1,394 s), so 22-1-17, 56.2% [41.0, 70.4] over 40: a row where no decision
differs strays this far from even. Three-game matches at full budget, seeds 1-20: v
bonus-greedy 6-1-13, 32.5% [16.3, 54.3]; Hard declared 7 times, 1 right (4 in a first game, 1
right; 3 in games 2 and 3, none right), the hybrid 3 times, 2 right; Hard's 6 wrong declarations
gave away 147 points, in 5 of the 13 matches it lost. Read afresh (`game.tools.first_readings`),
Hard's reading of the hybrid first reached 0.98 right once and wrong 6 times (the hybrid's of
Hard: 2 and 2); with `home_reading` 0.5, 3 and 1 (but of Hard 6 and 2: Hard picks its home
colour about three times in four); with `choice_drifter` 0.33, 1 and 3. V end-greedy, same
format: 8-1-11, 42.5% [23.8, 63.6]; Hard declared 8 times, 1 right (4 wrong in a first game, 3
in a third), the hybrid 4 times, none right. Hard thinking 1,276-1,311 ms mean, p95 2,616-2,617
ms. Both rows together 14-2-24, 37.5% over 40; Hard v Hard in three-game matches is not measured.
Hard now reads home colours and picks its own at random a third of the time (`home_reading` 0.5,
`bonus_mix` 0.33): v bonus-greedy, three-game, seeds 1-20, 13-0-7, 65.0% [43.3, 81.9] (Hard 5
declarations, 4 right; the hybrid 9, 3 right); v Medium 18-0-2, 90.0%; v Hard as it was, seeds
1-12, 9-0-3, 75.0% [46.8, 91.1]; Hard thinking 1,215-1,320 ms mean, p95 2,615-2,617 ms. One-game
v bonus-greedy, seeds 1-20: 13-2-5, 70.0% [48.1, 85.5] (shipped Hard 9-0-11; Hard declared twice,
both wrong, the hybrid 8 times, 1 right), 1,276 ms mean, p95 2,618 ms. V slide-greedy, one-game,
seeds 1-20: 14-2-4, 75.0% [53.1, 88.8] (Hard 5 declarations, 4 right), 1,205 ms mean, p95 2,616 ms.
V end-greedy, one-game, seeds 1-20: 10-2-8, 55.0% [34.2, 74.2], 1,176 ms mean, p95 2,615 ms.
Synch, 40 each (seeds 1-40; the
whole table 2,091 s on 2 cores): mode greedy 32-2-6, 82.5% [68.0, 91.3], random 35-0-5, 87.5%
[73.9, 94.5]; direction greedy 39-1-0, 98.8% [89.1, 99.9], random 40-0-0, 100% [91.2, 100];
place greedy and random the same games (every start counts the same to greedy, so its tie-break
is random's draw). The place row was Hard's own start: its search, some 40 visits for each of 64
squares, started on an edge more often than a draw (8 of 12 second-seat starts, where 28 of 64
squares are edges) and did worse than one, 31-8-41, 43.8% [33.4, 54.6] over seeds 1-80. Hard now
starts at least two squares from every edge (`central_start`): v place-random 41-6-33, 55.0%
[44.1, 65.4] over the same 80 (at full budget 4-3-3 over seeds 1-10, stopped there for time), and
v the Hard before 22-3-15, 58.8% [43.4, 72.6] over 40. A
start is one choice in games that mostly run to the move limit: between greedy players with
random starts (1,500 games) a start's distance from the edge moved its owner's score by at most
7 points. Pulling Strings' and Strands' hybrids play as greedy and random do (their Hard's one
kind of decision is every decision).
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
