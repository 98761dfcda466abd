"""Hints' facts: what a hinted turn does, computed from the engine, for the narrator to say.

A hint is the Hard bot's choice, asked with the asking seat's observation only and seeded from
the position (`hint_seed`), with a budget counted in iterations (`hint_level`), so the same
position gives the same hint. A turn of several decisions (Strands' stones, Tug of War's
pairings) is asked decision by decision until the turn passes (`turn_goes_on`), and the hint is
the whole `plan`. `hint_facts` then works out, from the rules alone, what the plan does: the
figures each game is won by before and after it; at a secret turn for every reply the other seat
could make, so a claim is made only where it holds whatever that seat picks. Other first moves
with the very same facts are `alike` and named together ("t or g"). Where no figure moves, the
facts carry the computer's own reckoning of the position after the plan (`chance`). Each game's
narrator (game/words/<game>.py, `hint_reason`) turns the facts into words.

A reason says why the hint beats the other choices, so the facts compare it with each of them
(`rivals`: the other legal first moves, without those a house ruling rules out for a player
behind, and without those named with it). Where one figure separates it, that is its `edge`
("the only pull that stops Oh being sure of 2 home next turn"); and its `worth` and the next
best's are the values the Hard bot's own search gave every choice at its root (the worker
answers a hint with them: `BotWorker.request(..., values=True)`, `Bot.root_values`), so the
hint is the best, or as good as the best, by the very figures a reason quotes. `ask_hint`
works a hint out in this process as the worker does (tests, the benchmark).
"""
from __future__ import annotations

import dataclasses
import hashlib
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from game.bots.bot import RootValue
from game.bots.games import knowledge_for
from game.bots.knowledge import Knowledge, unseal
from game.bots.levels import Level
from game.bots.rulings import avoiding_rulings
from game.core import History, Move, NodeKind, State

if TYPE_CHECKING:
    from game.rules.pulling_strings import PullingStringsState

SOLVED_HINTS = ("tug_of_war",)  # games whose Hard bot is exact (its own level name is used)
HINT_SECONDS = 20.0  # a hint's search stops at its iterations; this is only a safety net
HINT_SHARE = 0.25  # the share of Hard's iterations a hint searches (about Hard's time)
MAX_ALIKE = 4  # at most this many equally good first moves are named together
# games whose hint names its move alone: a Strands or Tug of War turn is a plan of several
# steps (its alternatives are other whole turns), and Tug's Hard bot is exact (its best is one)
NAMED_ALONE = ("strands", "tug_of_war")
WHOLE_TURNS = ("strands", "tug_of_war")  # a turn of several decisions: hinted whole
EVEN = 0.005  # root values closer than this are as good as each other


# ---- asking ---------------------------------------------------------------------------------
def hint_level(game_id: str) -> Level | str:
    """The level a hint is searched at: Hard's, with a budget counted in iterations (the clock
    only a safety net), so a position gives the same hint on a busy machine as on a quiet one."""
    if game_id in SOLVED_HINTS:
        return "hard"
    hard = knowledge_for(game_id).levels()["hard"]
    budget = hard.budget.times(max(200, int(hard.budget.iterations * HINT_SHARE)), HINT_SECONDS)
    return dataclasses.replace(hard, name="hint", budget=budget)


def hint_seed(observation: State, seat: int, history: History[State] = ()) -> int:
    """A seed drawn from the position (the seat's observation and the public play so far)."""
    text = f"{observation.game_id}|{seat}|{observation!r}|{tuple(history)!r}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") & 0x7FFFFFFF


def turn_goes_on(game_id: str, start: State, now: State, seat: int) -> bool:
    """True when `now` is still `seat`'s own turn begun at `start` in a game whose turns are
    plans of several steps (another stone, another pairing), so a hint asks for the next one."""
    if game_id not in WHOLE_TURNS or now.is_terminal or now.kind is not NodeKind.DECISION \
            or now.awaiting != (seat,):
        return False
    return now.turn == start.turn and start.kind is NodeKind.DECISION


# ---- facts ----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Edge:
    """A figure (higher is better for the seat) on which the hinted choice beats every other:
    its own value and the best value any of the `rivals` other choices reaches."""

    figure: str
    mine: int
    others: int
    rivals: int


@dataclasses.dataclass(frozen=True)
class Worth:
    """The Hard bot's root value for the seat of the hinted first move and of the best other
    one (`next_best`), over `rivals` other choices it valued; at a secret turn each one's
    share of the bot's mix."""

    mine: float
    other: float
    next_best: tuple[Move, ...]
    rivals: int
    lowest: float = 0.0  # the least any rival is worth
    share: float = 0.0  # the hint's share of the bot's mix at a secret turn
    other_share: float = 0.0  # the next best's

    @property
    def leads(self) -> bool:
        """True when no other choice is worth more than the hint (beyond `EVEN`)."""
        return self.mine > self.other - EVEN

    @property
    def as_good(self) -> bool:
        """True when the next best is worth as much as the hint (within `EVEN`)."""
        return abs(self.mine - self.other) < EVEN

    @property
    def all_as_good(self) -> bool:
        """True when every other choice is worth as much as the hint (within `EVEN`)."""
        return self.as_good and self.mine - self.lowest < EVEN


@dataclasses.dataclass(frozen=True)
class HintFacts:
    """What a hinted plan does for `seat`, computed from the rules; `alike` are other first
    moves with the same facts; `chance` the computer's reckoning of `seat`'s chances after it;
    `edge` or `worth` how it compares with the other choices."""

    seat: int
    plan: tuple[Move, ...]
    alike: tuple[Move, ...] = ()
    replies: int = 1  # positions after the plan: one per reply the other seat could make
    wins: bool = False  # the game is won whatever the reply
    chance: float | None = None
    edge: Edge | None = None
    worth: Worth | None = None


@dataclasses.dataclass(frozen=True)
class Spread:
    """A figure before the plan and its lowest and highest value after it (over replies)."""

    before: int
    low: int
    high: int

    @property
    def sure(self) -> bool:
        """True when the figure after is the same whatever the reply."""
        return self.low == self.high


@dataclasses.dataclass(frozen=True)
class PullFacts(HintFacts):
    """Pulling Strings: the pull moves a stack at all; both home totals; what the other seat
    can bring home next turn (the most it can be sure of, and the most it could get at all)."""

    moves_stack: bool = True
    mine: Spread = Spread(0, 0, 0)
    theirs: Spread = Spread(0, 0, 0)
    their_sure_next: int | None = None
    their_best_next: int | None = None


@dataclasses.dataclass(frozen=True)
class StrandsFacts(HintFacts):
    """Strands: the stones' number; the largest group before and after; groups joined; the
    stones' own group; the other's largest."""

    number: int = 0
    largest: Spread = Spread(0, 0, 0)
    joined: int = 0
    group: int = 0
    their_largest: int = 0
    ends_turn: bool = False


@dataclasses.dataclass(frozen=True)
class SynchFacts(HintFacts):
    """Synch: squares claimed by each seat (lowest and highest over the other's replies) and
    the symbols after."""

    mine: Spread = Spread(0, 0, 0)
    theirs: Spread = Spread(0, 0, 0)
    empty: int = 0


@dataclasses.dataclass(frozen=True)
class MoriartyFacts(HintFacts):
    """Moriarty: the seat's own points on the board (with its Bonus Colour), before and after
    (over the other's slides); the actives a Pivot makes; a take's token."""

    points: Spread = Spread(0, 0, 0)
    actives: tuple[int, ...] = ()
    ends_game: bool = False


@dataclasses.dataclass(frozen=True)
class TugFacts(HintFacts):
    """Tug of War: athletes on each rope before and after the plan; removals and swaps in it;
    whether the plan ends the turn or waits on a re-roll."""

    mine: Spread = Spread(0, 0, 0)
    theirs: Spread = Spread(0, 0, 0)
    removes: int = 0
    swaps: int = 0
    waits_on_roll: bool = False


def open_turn(state: State) -> State:
    """The state with any sealed secret choice reopened (the other seat might pick anything)."""
    return unseal(state) if state.kind is NodeKind.SIMULTANEOUS else state


def afters(state: State, seat: int, plan: Sequence[Move]) -> list[State]:
    """The states after `plan`: one at a seat's own turn, one per reply at a secret turn."""
    if state.kind is NodeKind.SIMULTANEOUS:
        opened = open_turn(state)
        replies = opened.legal_moves(1 - seat)
        pairs = [(plan[0], r) if seat == 0 else (r, plan[0]) for r in replies]
        return [opened.apply_joint_legal(*pair).state for pair in pairs]
    for move in plan:
        state = state.apply(move, seat).state
    return [state]


def spread(before: State, after: Sequence[State], figure: Callable[[Any, int], int],
           seat: int) -> Spread:
    """A figure of `seat` before and its range after."""
    values = [figure(a, seat) for a in after]
    return Spread(figure(before, seat), min(values), max(values))


def reckoning(game_id: str, state: State, seat: int) -> float | None:
    """The computer's own value of `state` for `seat` without search (None where the position
    holds a secret it cannot value)."""
    if game_id == "moriarty":
        return None  # the other's Bonus Colour is unknown: no honest single figure
    if state.outcome is not None:  # the game is over
        winner = state.outcome.winner
        return 0.5 if winner is None else float(winner == seat)
    if game_id == "tug_of_war":
        return _tug_chance(state, seat)
    knowledge = knowledge_for(game_id)
    if type(knowledge).evaluate is Knowledge.evaluate:
        return None  # the game's knowledge has no evaluation of its own (a coin toss)
    value = knowledge.value(open_turn(state))
    return value if seat == 0 else 1.0 - value


def _tug_chance(state: State, seat: int) -> float | None:
    """Tug of War's exact chance for `seat` (the solved table), where the table is at hand."""
    mover = state.awaiting[0] if state.kind is NodeKind.DECISION else None
    if mover is None:
        return None
    best = _tug_value(state, mover, None)
    return None if best is None else best if mover == seat else 1.0 - best


def _tug_value(state: State, seat: int, move: Move | None) -> float | None:
    """The exact chance `seat` wins after `move` (None: the best move) played perfectly on,
    from the solved table (None where the table is not at hand or the state has no choice)."""
    from game.bots.perfect_tug import PerfectTugPlayer
    from game.bots.tug_table import TableMissingError
    from game.rules.tug_of_war import TugOfWarState
    assert isinstance(state, TugOfWarState)  # asked for Tug of War only
    try:
        values = PerfectTugPlayer().move_values(state, seat)
    except (TableMissingError, ValueError, OSError):
        return None
    return max(values.values()) if move is None else values.get(move)


def _pull_facts(state: Any, seat: int, plan: tuple[Move, ...], after: Sequence[Any],
                base: dict[str, Any], full: bool = True) -> PullFacts:
    from game.rules.pulling_strings import moves_a_stack
    home = type(state).home_total
    live = [a for a in after if not a.is_terminal]
    return PullFacts(**base, moves_stack=moves_a_stack(state.stacks, str(plan[0])),
                     mine=spread(state, after, home, seat),
                     theirs=spread(state, after, home, 1 - seat),
                     **(_next_turn(live, seat) if live and full else {}))


def _next_turn(live: Sequence[PullingStringsState], seat: int) -> dict[str, Any]:
    """What the other seat can bring home next turn, over this turn's replies: the most it can
    be sure of (its pull against every pull of `seat`), and the most at all."""
    from game.rules.pulling_strings import HOMES, SIZE
    other, sure, best = 1 - seat, 0, 0
    near = {(r + dr, c + dc) for r, c in HOMES[other]
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
    for state in live:
        if not any(0 <= r < SIZE and 0 <= c < SIZE and state.stack_at(r, c)
                   for r, c in near):
            continue  # no stack is a step from the other's homes: nothing can arrive there
        mine, theirs = state.legal_moves(seat), state.legal_moves(other)
        before = state.home_total(other)
        for pull in theirs:
            low = None
            for answer in mine:
                pair = (answer, pull) if seat == 0 else (pull, answer)
                gain = state.apply_joint_legal(*pair).state.home_total(other) - before
                best = max(best, gain)
                low = gain if low is None else min(low, gain)
                if low <= sure and best > 0:
                    break  # this pull cannot raise what the other is sure of
            sure = max(sure, low or 0)
    return {"their_sure_next": sure, "their_best_next": best}


def _strands_facts(state: Any, seat: int, plan: tuple[Any, ...], after: Sequence[Any],
                   base: dict[str, Any], full: bool = True) -> StrandsFacts:
    from game.rules.strands import EndTurn
    end = after[0]
    placed = [state.board.index(m.label) for m in plan if not isinstance(m, EndTurn)]
    groups, after_groups = _groups(state, seat), _groups(end, seat)
    own = {after_groups[c] for c in placed}
    names = list(after_groups.values())
    sizes = [names.count(g) for g in own]
    # the most groups of before that one group of the stones now joins
    joined = max((len({groups[c] for c in groups if after_groups[c] == g}) for g in own),
                 default=0)
    number = state.board.numbers[placed[0]] if placed else state.number
    largest = Spread(_largest(state, seat), _largest(end, seat), _largest(end, seat))
    return StrandsFacts(**base, number=number, largest=largest, joined=joined,
                        group=max(sizes, default=0), their_largest=_largest(end, 1 - seat),
                        ends_turn=isinstance(plan[-1], EndTurn))


def _largest(state: Any, seat: int) -> int:
    sizes = state.group_sizes(seat)
    return sizes[0] if sizes else 0


def _groups(state: Any, seat: int) -> dict[int, int]:
    """Each of `seat`'s stones: the lowest space of its group (a group's name)."""
    mark, names = seat + 1, {}
    for start, owner in enumerate(state.stones):
        if owner != mark or start in names:
            continue
        names[start], frontier = start, [start]
        while frontier:
            for near in state.board.neighbours[frontier.pop()]:
                if state.stones[near] == mark and near not in names:
                    names[near] = start
                    frontier.append(near)
    return names


def _synch_facts(state: Any, seat: int, plan: tuple[Move, ...], after: Sequence[Any],
                 base: dict[str, Any], full: bool = True) -> SynchFacts:
    mid = after[0]  # half a move (a mode, or a direction first): the other's every answer
    if not state.placing and not mid.is_terminal and mid.moves_made == state.moves_made \
            and mid.awaiting == (1 - seat,):
        after = [mid.apply(m, 1 - seat).state for m in mid.legal_moves(1 - seat)]
        base = {**base, "replies": len(after)}
    claims = type(state).scores
    mine = spread(state, after, lambda s, k: claims(s)[k], seat)
    theirs = spread(state, after, lambda s, k: claims(s)[k], 1 - seat)
    empty = min(a.claims.count(0) for a in after)
    wins = all(a.is_terminal and a.outcome.winner == seat for a in after)
    return SynchFacts(**{**base, "wins": wins}, mine=mine, theirs=theirs, empty=empty)


def _moriarty_facts(state: Any, seat: int, plan: tuple[Move, ...], after: Sequence[Any],
                    base: dict[str, Any], full: bool = True) -> MoriartyFacts:
    from game.rules.moriarty import EndGame, PickPivot
    points = type(state).board_points
    move = plan[0]
    actives = state.actives(move.column) if isinstance(move, PickPivot) else ()
    return MoriartyFacts(**base, points=spread(state, after, points, seat), actives=actives,
                         ends_game=isinstance(move, EndGame))


def _tug_facts(state: Any, seat: int, plan: tuple[Move, ...], after: Sequence[Any],
               base: dict[str, Any], full: bool = True) -> TugFacts:
    from game.rules.tug_of_war import Exchange, Remove
    end = after[0]
    on_rope = type(state).scores
    return TugFacts(**base, mine=spread(state, after, lambda s, k: on_rope(s)[k], seat),
                    theirs=spread(state, after, lambda s, k: on_rope(s)[k], 1 - seat),
                    removes=sum(isinstance(m, Remove) for m in plan),
                    swaps=sum(isinstance(m, Exchange) for m in plan),
                    waits_on_roll=not end.is_terminal and end.kind is NodeKind.CHANCE
                    and end.awaiting == () and end.to_move == seat and end.turn == state.turn)


FACTS = {"pulling_strings": _pull_facts, "strands": _strands_facts, "synch": _synch_facts,
         "moriarty": _moriarty_facts, "tug_of_war": _tug_facts}


def _facts(game_id: str, state: State, seat: int, plan: tuple[Move, ...],
           with_chance: bool = True, full: bool = True) -> HintFacts:
    after = afters(state, seat, plan)
    wins = all(a.outcome is not None and a.outcome.winner == seat for a in after)
    chance = None
    if with_chance and game_id == "tug_of_war":
        chance = _tug_value(state, seat, plan[0])  # the exact value of the whole best turn
    elif with_chance and len(after) == 1:
        chance = reckoning(game_id, after[0], seat)
    base = {"seat": seat, "plan": plan, "replies": len(after), "wins": wins, "chance": chance}
    return FACTS[game_id](state, seat, plan, after, base, full)


def _same(a: HintFacts, b: HintFacts) -> bool:
    """True when two first moves have the same facts (apart from the move itself)."""
    return bare(a) == bare(b)


def bare(facts: HintFacts) -> HintFacts:
    """The facts without the move, its companions, the reckoning and the comparison."""
    return dataclasses.replace(facts, plan=(), alike=(), chance=None, edge=None, worth=None)


def hint_facts(game_id: str, observation: State, seat: int, plan: Sequence[Move],
               values: Mapping[Move, RootValue] | None = None) -> HintFacts:
    """The facts of a hinted plan (its first move and any that follow in the same turn), the
    other one-move choices whose facts are the very same (and, given the Hard bot's root
    `values`, whose value is the same), named with it, and how it compares with the rest (an
    `edge` on some figure; its `worth` and the next best's by those values)."""
    plan = tuple(plan)
    facts = _facts(game_id, observation, seat, plan)
    if facts.wins or observation.kind not in (NodeKind.DECISION, NodeKind.SIMULTANEOUS):
        return facts
    moves = rival_moves(observation, seat)
    if len(plan) == 1 and game_id not in NAMED_ALONE \
            and not (game_id == "moriarty" and observation.kind is NodeKind.DECISION) \
            and not getattr(observation, "placing", False):
        alike = _alike(game_id, observation, seat, facts, moves)
        if values and plan[0] in values:  # as good by the search's figures too
            mine = values[plan[0]].value
            alike = tuple(m for m in alike if m in values and abs(values[m].value - mine) < EVEN)
        facts = dataclasses.replace(facts, alike=alike)
    rivals = [m for m in moves if m not in plan and m not in facts.alike]
    if not rivals:
        return facts
    worth = _worth(facts, values, rivals) if values else None
    return dataclasses.replace(facts, edge=_edge(game_id, observation, seat, facts, rivals),
                               worth=worth)


def rival_moves(observation: State, seat: int) -> list[Move]:
    """The first moves a hint is compared with: the legal ones, without those a house ruling
    rules out for a player behind (the hint never names one of those either)."""
    return avoiding_rulings(observation, seat, observation.legal_moves(seat))


def _alike(game_id: str, observation: State, seat: int, facts: HintFacts,
           moves: Sequence[Move]) -> tuple[Move, ...]:
    """Other first moves whose facts are the very same as the hinted one's (a few at most)."""
    plan = facts.plan
    rough = _facts(game_id, observation, seat, plan, with_chance=False, full=False)
    alike: list[Move] = []
    for move in moves:
        if move == plan[0] or len(alike) >= MAX_ALIKE:
            continue
        if _same(rough, _facts(game_id, observation, seat, (move,), False, full=False)) \
                and _same(facts, _facts(game_id, observation, seat, (move,), False)):
            alike.append(move)
    return tuple(alike)


# ---- comparing: what the hint does that the others do not ------------------------------------
def figures(facts: HintFacts) -> dict[str, int]:
    """The figures a choice is compared on, each higher the better for its seat, in the order
    a reason prefers them (a figure the facts lack is left out)."""
    found: dict[str, int] = {}
    if isinstance(facts, PullFacts):
        found["homes_sure"] = facts.mine.low
        if facts.their_sure_next is not None:
            found["their_sure"] = -facts.their_sure_next
        found["their_homes"] = -facts.theirs.high
    elif isinstance(facts, SynchFacts) and facts.replies > 1:
        found["claims_sure"] = facts.mine.low - facts.mine.before
        found["their_claims"] = facts.theirs.before - facts.theirs.high
    elif isinstance(facts, MoriartyFacts) and facts.replies > 1:
        found["points_sure"] = facts.points.low
    return found


def _edge(game_id: str, observation: State, seat: int, facts: HintFacts,
          rivals: Sequence[Move]) -> Edge | None:
    """The first figure on which the hinted choice beats every rival, if any (a figure the
    rough facts lack is worked out in full for each rival, until one matches the hint)."""
    mine = figures(facts)
    if not mine:
        return None
    rough = [figures(_facts(game_id, observation, seat, (m,), False, full=False)) for m in rivals]
    full: dict[int, dict[str, int]] = {}
    for name, value in mine.items():
        best: int | None = None
        for index, move in enumerate(rivals):
            theirs = rough[index]
            if name not in theirs:
                if index not in full:
                    full[index] = figures(_facts(game_id, observation, seat, (move,), False))
                theirs = full[index]
            if name not in theirs:  # no such figure for this rival (one reply): no claim on it
                best = value
                break
            best = theirs[name] if best is None else max(best, theirs[name])
            if best >= value:
                break
        if best is not None and best < value:
            return Edge(name, value, best, len(rivals))
    return None


def _worth(facts: HintFacts, values: Mapping[Move, RootValue],
           rivals: Sequence[Move]) -> Worth | None:
    """The hinted choice's value and the best rival's, by the Hard bot's own root figures (the
    search that picked the hint); None where the search valued no rival (a forced move)."""
    mine = values.get(facts.plan[0])
    named = [m for m in rivals if m in values]
    if mine is None or not named:
        return None
    best = max(named, key=lambda m: values[m].value)
    return Worth(mine.value, values[best].value, (best,), len(named),
                 min(values[m].value for m in named), mine.share, values[best].share)


def ask_hint(game_id: str, observation: State, seat: int, history: History[State] = (),
             level: Level | str | None = None) -> tuple[tuple[Move, ...], dict[Move, RootValue]]:
    """A hint worked out here, as the app's worker works it out: a fresh bot at `hint_level`
    (or `level`) seeded from the position, asked step by step until the turn passes; the
    whole turn and the root figures of its first step."""
    from game.bots.worker import Valued, _answer, _make_bot
    bot = _make_bot(game_id, hint_level(game_id) if level is None else level,
                    hint_seed(observation, seat, history))
    plan: list[Move] = []
    values: dict[Move, RootValue] = {}
    step = observation
    while True:
        answer = _answer(bot, step, seat, history, None, True)
        assert isinstance(answer, Valued)
        if not plan:
            values = dict(answer.values)
        plan.append(answer.move)
        if step.kind is not NodeKind.DECISION:
            break
        after = step.apply(answer.move, seat).state
        if not turn_goes_on(game_id, observation, after, seat):
            break
        step = after
    return tuple(plan), values
