"""Engine invariants: what every state and step of every game keeps, and what each game adds.

Every check raises InvariantError (an AssertionError) with a message that names the game, the
step and what broke. `CheckedGame` plays a game entry by entry and runs every check at every
step; the property tests (hypothesis) and the fuzzer (`python -m game.tools.fuzz`) choose its moves.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from collections import Counter
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from game.core import (
    SEALED, ChoiceSealed, DrawAgreed, Ending, Event, GameError, GameOver, Move, NodeKind, Outcome,
    State, Step, tuple_with,
)
from game.match import Match
from game.record import AGREEMENT, CHANCE, Entry, Record, load_record
from game.registry import get_game
from game.rules import moriarty, pulling_strings, strands, synch, tug_of_war
from game.spec import GameSpec


class InvariantError(AssertionError):
    """An invariant that does not hold; the message names the game, the step and what broke."""


def expect(condition: object, where: str, what: str) -> None:
    """Raise InvariantError `where: what` unless the condition holds."""
    if not condition:
        raise InvariantError(f"{where}: {what}")


def ended(state: State, where: str) -> Outcome:
    """The outcome of a finished game; InvariantError if it has none."""
    outcome = state.outcome
    if outcome is None:
        raise InvariantError(f"{where}: a terminal state without an outcome")
    return outcome


# ---- every game, every state ---------------------------------------------------------------
def check_node(spec: GameSpec, state: State, where: str) -> None:
    """The node kind agrees with the actors, the legal moves and the chance outcomes."""
    kind = state.kind
    expect((kind is NodeKind.TERMINAL) == state.is_terminal, where,
           f"kind {kind.name} but is_terminal {state.is_terminal}")
    if kind is NodeKind.CHANCE:
        expect(state.actors == (), where, f"a chance node with actors {state.actors}")
        check_chance(spec, state, where)
    else:
        expect(state.chance_outcomes() == (), where, f"chance outcomes at a {kind.name} node")
    if kind in (NodeKind.TERMINAL, NodeKind.CHANCE):
        for seat in (0, 1):
            expect(state.legal_moves(seat) == (), where,
                   f"seat {seat} has legal moves at a {kind.name} node")
        return
    if kind is NodeKind.SIMULTANEOUS:
        expect(state.actors == (0, 1), where, f"a simultaneous node with actors {state.actors}")
    else:
        expect(len(state.actors) == 1, where, f"a decision node with actors {state.actors}")
    expect(state.awaiting, where, f"a {kind.name} node awaiting nobody")
    for seat in (0, 1):
        if seat in state.awaiting:
            check_move_texts(spec, state, seat, where)
        elif seat not in state.actors:
            expect(state.legal_moves(seat) == (), where, f"idle seat {seat} has legal moves")


def check_move_texts(spec: GameSpec, state: State, seat: int, where: str) -> None:
    """An awaiting seat has legal moves, each legal, distinct, and its text parses back to it."""
    moves = state.legal_moves(seat)
    expect(moves, where, f"seat {seat} is awaited but has no legal move")
    expect(len(set(moves)) == len(moves), where, f"seat {seat}'s legal moves repeat: {moves}")
    for move in moves:
        reason = state.why_illegal(seat, move) if isinstance(move, Move) else "not a Move"
        parsed = _parsed(spec.parse_move, str(move))
        if reason is not None or parsed != move:  # messages only for a failure: this is hot
            expect(reason is None, where, f"legal move {move!r} is refused: {reason}")
            expect(parsed == move, where, f"move text {str(move)!r} parses to {parsed!r}, "
                                          f"not {move!r}")


def check_chance(spec: GameSpec, state: State, where: str) -> None:
    """Chance outcomes are distinct, parse back, and have positive Fractions summing to 1."""
    pairs = state.chance_outcomes()
    expect(pairs, where, "a chance node without outcomes")
    outcomes = tuple(outcome for outcome, _ in pairs)
    expect(len(set(outcomes)) == len(outcomes), where, "chance outcomes repeat")
    for outcome, probability in pairs:
        expect(isinstance(probability, Fraction) and probability > 0, where,
               f"chance outcome {outcome} has probability {probability!r}")
        parsed = _parsed(spec.parse_chance, str(outcome))
        expect(parsed == outcome, where, f"chance text {str(outcome)!r} parses to {parsed!r}")
    total = sum(probability for _, probability in pairs)
    expect(total == 1, where, f"chance probabilities sum to {total}, not 1")
    table, running = state.chance_cumulative()
    expect(table == outcomes and len(running) == len(pairs), where,
           "chance_cumulative lists other outcomes than chance_outcomes")
    expect(list(running) == sorted(running) and abs(running[-1] - 1) < 1e-9, where,
           f"chance_cumulative does not climb to 1: {running}")


def _parsed(parse: Callable[[str], Any], text: str) -> Any:
    try:
        return parse(text)
    except GameError as error:
        return error


def check_pickle(state: State, where: str) -> None:
    """A state pickles and unpickles equal, with the same hash and kind (bots get pickles)."""
    copy = pickle.loads(pickle.dumps(state))
    expect(type(copy) is type(state) and copy == state, where, "the unpickled state differs")
    expect(hash(copy) == hash(state), where, "the unpickled state hashes differently")
    expect(copy.kind is state.kind, where, "the unpickled state is another kind of node")


def check_observations(state: State, where: str) -> None:
    """Each seat sees its own sealed choice and never the other's; onlookers see neither."""
    pending = state.pending
    public = state.observe_public()
    expect(all(choice in (None, SEALED) for choice in public.pending), where,
           f"the public view shows a sealed choice: {public.pending}")
    expect(public.observe_public() == public, where, "observe_public is not stable")
    for seat in (0, 1):
        view = state.observe(seat)
        other = pending[1 - seat]
        expect(view.pending[seat] == pending[seat], where, f"seat {seat} cannot see its own "
                                                           "sealed choice")
        expect(view.pending[1 - seat] is (None if other is None else SEALED), where,
               f"seat {seat} sees the other seat's sealed choice {view.pending[1 - seat]}")
        expect(view.kind is state.kind and view.actors == state.actors, where,
               f"seat {seat}'s view is another kind of node or has other actors")
        expect(view.observe(seat) == view, where, f"seat {seat}'s view is not stable")
        expect(view.observe_public() == public, where,
               f"seat {seat}'s view hides other things than the public view")
        if view is not state:
            check_pickle(view, f"{where} (seat {seat}'s view)")


def check_sealing(state: State, where: str) -> None:
    """At an open simultaneous node, whatever a seat commits looks the same to the other seat."""
    for chooser in (0, 1):
        seen, public = set(), set()
        for move in state.legal_moves(chooser):
            sealed = state.apply(move, chooser)
            expect(sealed.events == (ChoiceSealed(chooser),), where,
                   f"committing {move} for seat {chooser} says {sealed.events}")
            expect(sealed.state.observe(chooser).pending[chooser] == move, where,
                   f"seat {chooser} does not see its own commit {move}")
            seen.add(sealed.state.observe(1 - chooser))
            public.add(sealed.state.observe_public())
        expect(len(seen) == 1 and len(public) == 1, where,
               f"seat {1 - chooser} can tell seat {chooser}'s sealed choices apart")


# ---- every game, every step ----------------------------------------------------------------
def fingerprint(state: State) -> tuple[State, int, bytes]:
    """What `check_unchanged` compares: a copy, the hash and the pickle before a transition."""
    return copy.copy(state), hash(state), pickle.dumps(state)


def check_unchanged(state: State, before: tuple[State, int, bytes], where: str) -> None:
    """A transition left the old state exactly as it was (equal, same hash, same pickle)."""
    twin, code, frozen = before
    expect(twin == state and hash(state) == code, where,
           "the transition changed the old state (equality or hash)")
    expect(pickle.dumps(state) == frozen, where, "the transition changed the old state (pickle)")


def check_step(before: State, step: Step, where: str) -> None:
    """A step is a new state of the same game with events; GameOver comes last, exactly once."""
    after = step.state
    expect(isinstance(step, Step) and type(after) is type(before), where,
           f"the step holds a {type(after).__name__}, not a {type(before).__name__}")
    expect(isinstance(step.events, tuple) and all(isinstance(e, Event) for e in step.events),
           where, f"the events are not a tuple of Events: {step.events!r}")
    expect(not before.is_terminal, where, "a transition from a finished game")
    expect(after.turn >= before.turn, where, f"the turn went back from {before.turn} to "
                                             f"{after.turn}")
    ends = [e for e in step.events if isinstance(e, GameOver)]
    if after.is_terminal:
        expect(ends == [GameOver(after.outcome)] and step.events[-1] == ends[0], where,
               "the game ended without one closing GameOver event of its outcome")
    else:
        expect(not ends, where, "a GameOver event while the game goes on")


def check_joint(open_state: State, moves: tuple[Move, Move], step: Step, where: str) -> None:
    """Committing both choices one by one, either order, resolves as apply_joint does."""
    expect(open_state.pending == (None, None), where,
           "a simultaneous turn did not start open")
    joint = open_state.apply_joint(*moves)
    expect(joint == step, where, f"apply_joint{tuple(map(str, moves))} differs from the commits")
    for first in (0, 1):
        second = 1 - first
        sealed = open_state.apply(moves[first], first).state
        expect(sealed.apply(moves[second], second) == joint, where,
               f"committing seat {first} first resolves differently")


def check_outcome(state: State, where: str) -> None:
    """A finished game's outcome is whole and consistent, and every view shows it."""
    outcome = ended(state, where)
    expect(outcome.winner in (None, 0, 1), where, f"winner {outcome.winner!r}")
    expect(isinstance(outcome.reason, str) and outcome.reason, where, "no reason given")
    expect(outcome.is_draw == (outcome.winner is None), where, "is_draw disagrees with winner")
    expect(outcome.scores == state.scores(), where,
           f"outcome scores {outcome.scores} but the state scores {state.scores()}")
    json.dumps(outcome.to_json())
    views = [state.observe(0), state.observe(1), state.observe_public()]
    expect(all(view.outcome == outcome for view in views), where, "a view hides the outcome")
    expect(state.actors == (), where, f"a finished game with actors {state.actors}")


def check_record(spec: GameSpec, options: Mapping[str, Any], seed: int | None,
                 entries: Sequence[Entry], path: Sequence[State], where: str) -> Record:
    """The entries as a JSON record load back and replay through every state of the path."""
    record = Record(spec.id, options, seed, tuple(entries), path[-1].outcome)
    try:
        loaded = load_record(record.dumps())
    except GameError as error:
        raise InvariantError(f"{where}: the record does not load back: {error}") from None
    expect(loaded.entries == record.entries and loaded.seed == seed, where,
           "the record's entries or seed changed through JSON")
    expect(loaded.result == path[-1].outcome, where,
           f"the record's result {loaded.result} is not the game's {path[-1].outcome}")
    replayed = [loaded.initial_state()] + [step.state for _, step in loaded.replay()]
    expect(len(replayed) == len(path), where, "the record replays to another length")
    for index, (played, again) in enumerate(zip(path, replayed)):
        expect(played == again, where, f"the record replays to another state after "
                                       f"entry {index}")
    resumed = Match.from_record(loaded)
    expect(resumed.state == path[-1] and resumed.entries == list(entries), where,
           "a match resumed from the record is not where the game is")
    return loaded


# ---- each game's own ----------------------------------------------------------------------
def check_pulling_strings(before: pulling_strings.PullingStringsState,
                          step: Step[pulling_strings.PullingStringsState], where: str) -> None:
    """Pieces are never lost (an odd split makes one), strings never mend, wins are earned."""
    after = step.state
    made = sum(2 * ((e.size + 1) // 2) - e.size for e in step.events
               if isinstance(e, pulling_strings.StackSplit))
    expect(sum(after.stacks) == sum(before.stacks) + made, where,
           f"pieces went from {sum(before.stacks)} to {sum(after.stacks)} "
           f"with {made} made by splits")
    expect(all(size >= 0 for size in after.stacks), where, "a negative stack")
    expect(after.broken & before.broken == before.broken, where, "a broken string mended")
    unbroken = 10 - bin(after.broken).count("1")
    for seat in after.awaiting:
        expect(len(after.legal_moves(seat)) == 2 * unbroken, where,
               f"{unbroken} strings unbroken but seat {seat} has "
               f"{len(after.legal_moves(seat))} pulls")
    totals = after.scores()
    check_repetition(before, after, where)
    if not after.is_terminal:
        expect(totals[0] == totals[1] or not (after.tied or max(totals) >= 5), where,
               f"home totals {totals} should have ended the game")
        return
    outcome = ended(after, where)
    winner = outcome.winner
    if outcome.ending is Ending.REPETITION:
        expect((winner is None) == (totals[0] == totals[1])
               and (winner is None or totals[winner] > totals[1 - winner]), where,
               f"the repetition ruling gave {outcome.reason} with home totals {totals}")
    elif winner is not None:
        expect(totals[winner] > totals[1 - winner] and (max(totals) >= 5 or before.tied), where,
               f"{winner} won with home totals {totals}")
    elif not any(isinstance(e, DrawAgreed) for e in step.events):
        limit = after.turn_limit
        expect(after.broken == 1023 or (limit and after.turn_number > limit), where,
               f"a draw with strings left and no turn limit reached ({outcome.reason})")


def check_repetition(before: pulling_strings.PullingStringsState,
                     after: pulling_strings.PullingStringsState, where: str) -> None:
    """The repetition ruling ends a game exactly at a position's third arrival or at the
    standstill's last still turn, and never when the ruling is off."""
    outcome = after.outcome
    ruled = outcome is not None and outcome.ending is Ending.REPETITION
    if not before.repetition:
        expect(not ruled, where, "a repetition ending with the ruling off")
        return
    if after.turn_number == before.turn_number or before.is_terminal:
        expect(not ruled, where, "a repetition ending without a turn")  # a seal, an agreement
        return
    if outcome is not None and outcome.ending is Ending.PLAY:  # the rules' own end came first
        return
    still = after.position() == before.position()
    third = not still and before.times_seen(after.position()) == 2
    standstill = still and after.still_turns >= pulling_strings.STANDSTILL_TURNS
    expect(ruled == (third or standstill), where,
           f"repetition ending {ruled}, but third arrival {third}, standstill {standstill}")
    expect(after.still_turns == (before.still_turns + 1 if still else 0), where,
           f"{after.still_turns} still turns after {before.still_turns}, still {still}")


def check_tug_of_war(before: tug_of_war.TugOfWarState,
                     step: Step[tug_of_war.TugOfWarState], where: str) -> None:
    """18 athletes a side, moved only as the events say; whoever empties the other's rope wins."""
    after = step.state
    athletes = list(before.athletes)
    for event in step.events:
        if isinstance(event, tug_of_war.TeamFormed):
            athletes[event.seat] = event.athletes
        elif isinstance(event, tug_of_war.AthleteRemoved):
            athletes[1 - event.seat] -= 1
        elif isinstance(event, tug_of_war.DiceExchanged):
            athletes[event.seat] += event.change
    expect(tuple(athletes) == after.athletes, where,
           f"athletes {after.athletes}, but the events give {tuple(athletes)}")
    expect(all(0 <= n <= tug_of_war.ATHLETES for n in after.athletes), where,
           f"athletes {after.athletes} outside 0..{tug_of_war.ATHLETES}")
    if after.phase in (tug_of_war.ACT, tug_of_war.TURN_ROLL) and not after.is_terminal:
        expect(all(1 <= v <= 6 for team in after.team for v in team), where,
               f"team dice {after.team}")
        expect(min(after.athletes) >= 1, where, f"a side with no athletes plays on: "
                                                f"{after.athletes}")
    if after.is_terminal:
        outcome = ended(after, where)
        winner = outcome.winner
        expect(winner is not None and after.athletes[1 - winner] == 0
               and after.athletes[winner] >= 1, where,
               f"{outcome.reason} with athletes {after.athletes}")


def check_strands(before: strands.StrandsState,
                  step: Step[strands.StrandsState], where: str) -> None:
    """Each turn covers 1 to X empty spaces all marked X (the opening one 2); no ties."""
    after = step.state
    numbers = before.board.numbers
    placed = [e for e in step.events if isinstance(e, strands.StonePlaced)]
    for event in placed:
        expect(event.seat == before.to_move and before.stones[event.cell] == 0
               and after.stones[event.cell] == event.seat + 1, where,
               f"stone {event.label} is not the mover's on an empty space")
        wanted = 2 if before.turn_number == 1 else before.number if before.placed else None
        expect(wanted in (None, numbers[event.cell]), where,
               f"stone {event.label} on a {numbers[event.cell]} in a turn of {wanted}s")
    expect(all(old in (0, new) for old, new in zip(before.stones, after.stones)), where,
           "a covered space changed")
    covered = sum(1 for s in after.stones if s) - sum(1 for s in before.stones if s)
    expect(covered == len(placed), where, f"{covered} spaces covered, {len(placed)} placed")
    for turn in (e for e in step.events if isinstance(e, strands.TurnEnded)):
        stones = before.placed + len(placed)
        expect(turn.stones == stones and 1 <= stones <= turn.number, where,
               f"a turn of {turn.stones} stones on {turn.number}s")
        left = any(not after.stones[i] for i in after.board.by_number[turn.number])
        expect(not placed or before.turn_number == 1 or stones == turn.number or not left,
               where, f"a turn of {stones} on {turn.number}s ended with spaces left")
    if not after.is_terminal:
        expect(after.placed < max(after.number, 1), where, "a full turn did not end")
        return
    outcome = ended(after, where)
    expect(not outcome.is_draw and all(after.stones), where,
           "the game ended tied or with empty spaces")
    sizes = outcome.scores
    expect(sum(sizes[0]) + sum(sizes[1]) == len(after.stones), where,
           f"group sizes {sizes} do not add up to the board")
    expect(strands.compare_groups(*sizes)[0] == outcome.winner, where,
           f"the winner does not have the larger groups {sizes}")


def check_synch(before: synch.SynchState,
                step: Step[synch.SynchState], where: str) -> None:
    """Every claim is a symbol drawn on an empty square, kept; the game ends when decided."""
    after, size = step.state, before.size
    drawn = [0, 0]
    for event in (e for e in step.events if isinstance(e, synch.SquareClaimed)):
        index = event.square[0] * size + event.square[1]
        expect(before.claims[index] == 0 and after.claims[index] == event.seat + 1, where,
               f"claim of {after.square_label(event.square)} on a taken square")
        drawn[event.seat] += 1
    expect(after.scores() == (before.scores()[0] + drawn[0], before.scores()[1] + drawn[1]),
           where, f"symbols {after.scores()} but {drawn} drawn onto {before.scores()}")
    expect(all(old in (0, new) for old, new in zip(before.claims, after.claims)), where,
           "a symbol changed")
    expect(all(m is None or after.on_board(m) for m in after.markers), where,
           f"a marker off the board: {after.markers}")
    expect(before.moves_made <= after.moves_made <= after.move_limit, where,
           f"moves made {after.moves_made} of {after.move_limit}")
    if after.moves_made > before.moves_made:
        claimed = any(isinstance(e, synch.SquareClaimed) for e in step.events)
        expect(after.since_claim == (0 if claimed else before.since_claim + 1), where,
               f"{after.since_claim} moves without a claim after {before.since_claim}")
    counts = after.scores()
    empty = size * size - sum(counts)
    stalled = bool(after.no_claim_limit) and after.since_claim >= after.no_claim_limit
    decided = empty == 0 or max(counts) > min(counts) + empty or stalled or \
        after.moves_made >= after.move_limit
    if after.is_terminal:
        outcome = ended(after, where)
        winner = outcome.winner
        expect(decided and (winner is None) == (counts[0] == counts[1])
               and (winner is None or counts[winner] > counts[1 - winner]), where,
               f"{outcome.reason} with symbols {counts}")
    elif not after.placing:
        expect(not decided, where, f"symbols {counts} after {after.moves_made} moves "
                                   "should have ended the game")


def check_moriarty(before: moriarty.MoriartyState,
                   step: Step[moriarty.MoriartyState], where: str) -> None:
    """Tokens stay in their columns on rows 0-9, two of each colour; scores add up."""
    after = step.state
    expect(len(after.rows) == 8 and all(0 <= row <= 9 for row in after.rows), where,
           f"token rows {after.rows}")
    if after.phase != moriarty.SETUP:
        expect(Counter(after.colours) == {0: 2, 1: 2, 2: 2, 3: 2}, where,
               f"token colours {after.colours}")
    for event in step.events:
        expect(not any(isinstance(v, moriarty.Bonus) for v in _values(event)), where,
               f"event {event} shows a Bonus Colour choice")
        if isinstance(event, moriarty.GameScored):
            expect(None not in event.bonus, where, "a game scored without both Bonus Colours")
            expect(event.totals == tuple(map(sum, zip(before.totals, event.points))), where,
                   f"totals {event.totals} are not {before.totals} plus {event.points}")
    if after.is_terminal:
        outcome = ended(after, where)
        history = after.history
        expect(len(history) == after.games, where, f"{len(history)} games of {after.games}")
        sums = tuple(map(sum, zip(*(g.points for g in history))))
        expect(outcome.scores == sums, where, f"scores {outcome.scores}, points {sums}")
        winner = outcome.winner
        expect((winner is None) == (sums[0] == sums[1])
               and (winner is None or sums[winner] > sums[1 - winner]), where,
               f"{outcome.reason} with totals {sums}")


def check_moriarty_secrets(state: moriarty.MoriartyState, where: str) -> None:
    """No view changes with a Bonus Colour it may not know (until the match is over)."""
    if state.is_terminal or state.bonus == (None, None):
        return
    for seat in (0, 1):
        view = state.observe(seat)
        expect(view.bonus[seat] == state.bonus[seat] and view.bonus[1 - seat] is None, where,
               f"seat {seat} sees Bonus Colours {view.bonus}")
        for colour in range(4):
            other = dataclasses.replace(state, bonus=tuple_with(state.bonus, 1 - seat, colour))
            expect(other.observe(seat) == view, where,
                   f"seat {seat}'s view depends on the other Bonus Colour")
    expect(state.observe_public().bonus == (None, None), where, "the public view shows a Bonus")


def _values(event: Event) -> list[Any]:
    if not dataclasses.is_dataclass(event):
        raise InvariantError(f"the event {event!r} is not a dataclass")
    return [getattr(event, f.name) for f in dataclasses.fields(event)]


# by game id, each taking that game's states (before, the step, where)
STEP_CHECKS: Mapping[str, tuple[Callable[[Any, Any, str], None], ...]] = MappingProxyType({
    "pulling_strings": (check_pulling_strings,),
    "moriarty": (check_moriarty,),
    "strands": (check_strands,),
    "synch": (check_synch,),
    "tug_of_war": (check_tug_of_war,),
})
STATE_CHECKS: Mapping[str, tuple[Callable[[Any, str], None], ...]] = MappingProxyType({
    "moriarty": (check_moriarty_secrets,),
})


# ---- a game played under every check -------------------------------------------------------
class CheckedGame:
    """One game played entry by entry, every invariant checked at every state and step."""

    def __init__(self, game_id: str, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> None:
        self.spec = get_game(game_id)
        self.options = self.spec.resolve_options(options)
        self.seed = seed
        self.state = self.spec.start(self.options)
        self.entries: list[Entry] = []
        self.path: list[State] = [self.state]
        self.attempt: Entry | None = None  # the entry being applied, if it fails to apply
        self.check_state(self.state, f"{game_id} at the start")

    def where(self) -> str:
        """The game and the step just made, for messages."""
        return f"{self.spec.id} step {len(self.entries)} {str(self.entries[-1])!r}"

    def play(self, move: Move, seat: int) -> Step:
        """Make a seat's move (at a simultaneous node, commit it) and check everything."""
        return self._advance(Entry(seat, str(move)), lambda state: state.apply(move, seat),
                             (seat, move))

    def chance(self, outcome: Any) -> Step:
        """Resolve the chance node with this outcome and check everything."""
        return self._advance(Entry(CHANCE, str(outcome)),
                             lambda state: state.apply_chance(outcome))

    def agree_draw(self) -> Step:
        """End the game in a draw both agreed to and check everything."""
        return self._advance(Entry(AGREEMENT, "draw"), lambda state: state.agree_draw())

    def record(self, meta: Mapping[str, Any] | None = None) -> Record:
        """The game so far as a record (its outcome left out, so a faulty one still loads)."""
        return Record(self.spec.id, self.options, self.seed, tuple(self.entries), None,
                      dict(meta or {}))

    def check_state(self, state: State, where: str) -> None:
        """Every invariant of one state on its own."""
        check_node(self.spec, state, where)
        check_pickle(state, where)
        check_observations(state, where)
        if state.kind is NodeKind.SIMULTANEOUS and state.pending == (None, None):
            check_sealing(state, where)
        for check in STATE_CHECKS.get(self.spec.id, ()):
            check(state, where)

    def _advance(self, entry: Entry, transition: Callable[[State], Step],
                 commit: tuple[int, Move] | None = None) -> Step:
        before = self.state
        self.attempt = entry
        frozen = fingerprint(before)
        step = transition(before)
        self.attempt = None
        self.entries.append(entry)
        self.path.append(step.state)
        self.state = step.state
        where = self.where()
        check_unchanged(before, frozen, where)
        check_step(before, step, where)
        for check in STEP_CHECKS.get(self.spec.id, ()):
            check(before, step, where)
        if commit and before.kind is NodeKind.SIMULTANEOUS and before.pending != (None, None):
            seat, move = commit  # the second commit: resolve both ways and compare
            first, second = tuple_with(before.pending, seat, move)
            check_joint(self.path[-3], (first, second), step, where)
        self.check_state(step.state, where)
        if step.state.is_terminal:
            check_outcome(step.state, where)
            check_record(self.spec, self.options, self.seed, self.entries, self.path, where)
        return step


AGREE_ONE_IN = 200  # where a draw may be agreed, how rarely random play agrees to one


def play_through(game: CheckedGame, pick: Callable[[Sequence], Any],
                 max_steps: int = 100_000) -> State:
    """Play the game to its end, `pick` choosing each item (chance too, among its outcomes)."""
    for _ in range(max_steps):
        state = game.state
        kind = state.kind
        if kind is NodeKind.TERMINAL:
            return state
        if kind is NodeKind.CHANCE:
            game.chance(pick([outcome for outcome, _ in state.chance_outcomes()]))
        elif state.draw_by_agreement and state.pending == (None, None) and \
                pick(range(AGREE_ONE_IN)) == AGREE_ONE_IN - 1:
            game.agree_draw()
        else:
            awaiting = state.awaiting
            seat = awaiting[0] if len(awaiting) == 1 else pick(awaiting)
            game.play(pick(state.legal_moves(seat)), seat)
    raise InvariantError(f"{game.spec.id}: no end within {max_steps} steps")
