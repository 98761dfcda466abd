"""Tug of War in words: team dice, common dice, removals, swaps, re-rolls and the rope."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event, GameOver, Move
from game.last_moves import Turn
from game.rules.tug_of_war import (
    ACT,
    SETUP_CHOICE,
    SETUP_REROLL,
    SETUP_ROLL,
    TURN_REROLL,
    TURN_ROLL,
    AthleteRemoved,
    DiceExchanged,
    DiceRolled,
    EndTurn,
    Exchange,
    Keep,
    Remove,
    Reroll,
    TeamFormed,
    TugOfWarState,
    TurnEnded,
    TurnStarted,
)
from game.words.base import Narrator, PickOptions, plural
from game.words.chances import fitted, reason_room, worth_words

SEAT_LETTER = ("Y", "R")


def free_slots(dice: Sequence[int], used: int) -> list[int]:
    """The slots of dice not paired this turn."""
    return [i for i in range(len(dice)) if not used >> i & 1]


def listing(values: Sequence[int]) -> str:
    """Die values in words: '1, 3 and 5'."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def needs(team: int) -> str:
    """The common dice that remove against a team die: 'a 5 or 6'."""
    if team <= 3:
        return f"a {team} or higher"
    lower = [str(face) for face in range(team, 6)]
    return "a " + (", ".join(lower) + " or 6" if lower else "6")


def last_turn_words(turn: Turn, short: bool = False, now: bool = False) -> str:
    """A side's last turn in words ("Last turn: 5 beat 4, swapped 3 for 5"), or counted; `now`
    for the turn under way ("This turn: ...")."""
    parts, removed, swapped = [], 0, 0
    for _, move in turn:
        if isinstance(move, Remove):
            removed += 1
            parts.append(f"{move.common} beat {move.team}")
        elif isinstance(move, Exchange):
            swapped += 1
            parts.append(f"swapped {move.team} for {move.common}")
        elif isinstance(move, Reroll):
            parts.append(f"re-rolled {listing(list(move.values))}")
        elif isinstance(move, Keep):
            parts.append("kept the dice")
    head = "This turn: " if now else "Last turn: "
    if not parts:
        return head + "no pairing" if turn and isinstance(turn[-1][1], EndTurn) else ""
    if short:
        counts = [f"{removed} removed" if removed else "", "a swap" if swapped else ""]
        return head + (", ".join(c for c in counts if c) or "re-rolls")
    return head + ", ".join(parts)


def rope_line(reserve: int) -> str:
    """Beside a team's count of athletes on the rope: how many wait in reserve."""
    return f"on the rope · {reserve} in reserve"


def banner_words(name: str, won: bool) -> str:
    """The pill naming whose turn begins, or who has won."""
    return f"{name} wins!" if won else f"{name}'s turn"


class TugOfWarNarrator(Narrator[TugOfWarState]):
    """Yellow and Red: team dice take the rope, common dice remove athletes or swap in."""


    def number(self, state: TugOfWarState) -> int:
        """The turn under way; a game ends inside its last turn, which keeps its number."""
        return state.turn

    def log_text(self, move: Move, seat: int, before: TugOfWarState) -> str:
        """"beats a 4 with a 6", "swaps a team 2 for a common 6", "re-rolls a common 3"."""
        if isinstance(move, Remove):
            verb = "beats" if move.common > move.team else "matches"
            return f"{verb} a {move.team} with a {move.common}"
        if isinstance(move, Exchange):
            return f"swaps a team {move.team} for a common {move.common}"
        if isinstance(move, Reroll):
            if before.phase == SETUP_CHOICE:
                return f"re-rolls {listing(move.values)}"
            return f"re-rolls a common {move.values[0]}"
        return {Keep: "keeps the team dice", EndTurn: "ends the turn"}.get(type(move), str(move))

    def chance_text(self, outcome: str, before: TugOfWarState) -> str:
        """"the common dice roll 2, 6 and 6", "Yellow's team dice roll 4, 4 and 6", or a
        re-roll's "the re-roll comes up 5"."""
        faces = listing([int(face) for face in outcome])
        phase = before.phase
        if phase == TURN_ROLL:
            return f"the common dice roll {faces}"
        if phase == SETUP_ROLL:
            return f"{before.seat_name(before.to_move)}'s team dice roll {faces}"
        return f"the re-roll comes up {faces}" if len(outcome) == 1 else \
            f"the re-rolled dice come up {faces}"

    def choice_words(self, move: Move, state: TugOfWarState) -> str:
        """"swap your team 5 for the common 1": dice named in the order they are clicked."""
        if isinstance(move, Remove):
            return f"pair the common {move.common} with your team {move.team}"
        if isinstance(move, Exchange):
            return f"swap your team {move.team} for the common {move.common}"
        if isinstance(move, Reroll):
            if state.phase == SETUP_CHOICE:
                return f"re-roll your {listing(move.values)}"
            return f"re-roll a common {move.values[0]}"
        return {Keep: "keep these dice", EndTurn: "end the turn"}.get(type(move), str(move))

    def hint_note(self, move: Move, state: TugOfWarState, seat: int) -> str:
        """A swap for a lower team die brings few athletes or costs some now; what it buys is
        a team die that more common dice remove against."""
        if not isinstance(move, Exchange) or move.common >= move.team:
            return ""
        lost = 1 + move.common - move.team
        now = "it brings none now" if lost == 0 else f"it costs {plural(-lost, 'athlete')} now"
        taker = "every common die" if move.common == 1 else f"a common {move.common} or higher"
        return f"{now}, but {taker} can remove against a team {move.common} (a team " \
               f"{move.team} needs {needs(move.team)})"

    def legal_words(self, state: TugOfWarState, seat: int, options: PickOptions) -> str:
        """The dice and buttons that may be picked now, by value ("You can pick a team die
        of 2 or 3 to re-roll, Re-roll this die, or click the picked die to put it back.")."""
        parts = []
        for group, values, purpose in options.groups:
            if values:
                shown = ", ".join(map(str, values[:-1])) + " or " if len(values) > 1 else ""
                parts.append(f"a {group} die of {shown}{values[-1]} {purpose}".rstrip())
        parts += sorted(options.buttons)
        if options.picked:
            parts.append(f"click {'the' if options.picked == 1 else 'a'} picked die to put it "
                         "back")
        if not parts:
            return ""
        return "You can pick " + (", ".join(parts[:-1]) + ", or " + parts[-1]
                                  if len(parts) > 1 else parts[0]) + "."

    def prompt(self, state: TugOfWarState, seat: int) -> str:
        """A short instruction for the top bar."""
        name = state.seat_name(seat)
        if state.phase == SETUP_CHOICE:
            return f"{name}: keep or re-roll dice"
        if state.rerolls_left and not state.used_common:
            return f"{name}: re-roll or pair dice"
        return f"{name}: pair dice, or end the turn"

    def status(self, state: TugOfWarState) -> list[str]:
        """Athletes on the rope per side (the game ends when one side has none)."""
        return [f"{state.seat_name(s)} ({SEAT_LETTER[s]}): {state.scores()[s]} on the rope"
                for s in (0, 1)]

    def phase_words(self, state: TugOfWarState) -> str:
        """Whose turn it is and what step of it, in words."""
        outcome = state.outcome
        if outcome is not None:
            return f"{state.seat_name(outcome.winner)} wins: {outcome.reason}" \
                if outcome.winner is not None else "The game is over"
        name = state.seat_name(state.to_move)
        phase = state.phase
        if phase == SETUP_ROLL:
            return f"Setup: {name} rolls three team dice"
        if phase == SETUP_CHOICE:
            return f"Setup: {name} keeps the team dice or re-rolls some"
        if phase == SETUP_REROLL:
            return f"Setup: {name} re-rolls"
        if phase == TURN_ROLL:
            return f"{name}'s turn: rolling the common dice"
        if phase == TURN_REROLL:
            return f"{name}'s turn: re-rolling a common die"
        rerolls = 0 if state.used_common else state.rerolls_left
        swap = "swap used" if state.exchanged else "swap open"
        left = f"{plural(rerolls, 're-roll')} left" if rerolls else "no re-rolls"
        return f"{name}'s turn: pairing dice · {left} · {swap}"

    def describe(self, before: TugOfWarState, events: Sequence[Event], after: TugOfWarState) -> str:
        """What just happened, in plain words."""
        sentences: list[str] = []
        for index, event in enumerate(events):
            text = self.describe_event(before, events, index, after)
            if text:
                sentences.append(text)
        return " ".join(sentences)

    def describe_event(self, before: TugOfWarState, events: Sequence[Event], index: int,
                        after: TugOfWarState) -> str:
        """One event of a step in a sentence ("" for one not worth saying)."""
        event = events[index]
        name = before.seat_name
        if isinstance(event, DiceRolled):
            return self.describe_roll(before, event, after)
        if isinstance(event, TeamFormed):
            return f"{name(event.seat)}'s team dice are {listing(event.dice)}: " \
                   f"{plural(event.athletes, 'athlete')} take the rope."
        if isinstance(event, AthleteRemoved):
            common = before.common[event.common_slot]
            team = before.team[event.seat][event.team_slot]
            verb = "beats" if common > team else "matches"
            return f"{name(event.seat)}'s common {common} {verb} team {team}: a " \
                   f"{name(1 - event.seat)} athlete leaves the rope ({event.remaining} left)."
        if isinstance(event, DiceExchanged):
            return self.describe_swap(before, event)
        if isinstance(event, TurnEnded):
            if event.reason == "ended":
                return f"{name(event.seat)} ends the turn."
            return self.describe_spent(before, events, event.seat)
        if isinstance(event, TurnStarted):
            if not any(isinstance(e, TeamFormed) for e in events):
                return ""
            if after.athletes[0] == after.athletes[1]:
                return "Equal teams: Yellow starts."
            return f"{name(event.seat)} has fewer athletes and starts."
        if isinstance(event, GameOver):
            winner = event.outcome.winner
            return f"{name(winner)} wins!" if winner is not None else "The game is over."
        return ""

    def describe_roll(self, before: TugOfWarState, event: DiceRolled, after: TugOfWarState) -> str:
        """A roll of team or common dice, or a re-roll, in a sentence."""
        name = before.seat_name(event.seat)
        if event.group == "team":
            if before.phase == SETUP_REROLL:
                return f"{name} re-rolled: {listing(event.values)}."
            return f"{name} rolled {listing(event.values)} for the team dice."
        if before.phase == TURN_REROLL:
            old = before.common[event.slots[0]]
            return f"{name} re-rolled a common {old}: it shows {event.values[0]}."
        text = f"{name} rolled the common dice: {listing(event.values)}."
        sixes = before.team[event.seat].count(6)
        if sixes and after.phase == ACT and after.to_move == event.seat:
            text += f" One re-roll per 6 among the team dice: {plural(sixes, 're-roll')}."
        return text

    def describe_swap(self, before: TugOfWarState, event: DiceExchanged) -> str:
        """A swap of a team die for a common die: who, the dice, and the rope."""
        name = before.seat_name(event.seat)
        rise = event.new_value - event.old_value
        count = abs(event.change)
        if count == 0:
            change = "no athletes change"
        else:
            verb = ("joins" if count == 1 else "join") if event.change > 0 else \
                ("leaves" if count == 1 else "leave")
            change = f"{plural(count, 'athlete')} {verb}"
        why = f"1 for the swap, {'plus' if rise > 0 else 'minus'} {abs(rise)} for the " + \
              ("rise" if rise > 0 else "fall")
        capped = " (capped by the reserve)" if event.change != 1 + rise else ""
        return f"{name} swapped team {event.old_value} for common {event.new_value}: " \
               f"{change} ({why}){capped}; {event.on_rope} on the rope."

    def describe_spent(self, before: TugOfWarState, events: Sequence[Event], seat: int) -> str:
        """Why the turn passed by itself, from the dice left after this step's events."""
        name = before.seat_name(seat)
        team = list(before.team[seat])
        common = list(before.common)
        used_c, used_t = before.used_common, before.used_team
        exchanged = before.exchanged
        rolled = False
        for event in events:
            if isinstance(event, DiceRolled) and event.group == "common":
                for slot, value in zip(event.slots, event.values):
                    common[slot] = value
                if before.phase == TURN_ROLL:
                    used_c = used_t = 0
                    exchanged, rolled = False, True
            elif isinstance(event, AthleteRemoved):
                used_c |= 1 << event.common_slot
                used_t |= 1 << event.team_slot
            elif isinstance(event, DiceExchanged):
                common[event.common_slot], team[event.team_slot] = event.old_value, event.new_value
                used_c |= 1 << event.common_slot
                used_t |= 1 << event.team_slot
                exchanged = True
        commons = [common[i] for i in free_slots(common, used_c)]
        teams = [team[i] for i in free_slots(team, used_t)]
        if not commons:
            reason = "all three common dice are used"
        elif not teams:
            reason = f"all of {name}'s team dice are paired"
        else:
            if exchanged:
                swap = "the one swap of the turn is used"
            elif all(c == t for c in commons for t in teams):
                swap = "a swap needs dice of different values"
            else:
                swap = f"any swap would leave {name} with no athletes"
            die = "die" if rolled else "die left"
            reason = f"no common {die} beats or matches {name}'s team dice and {swap}"
        return f"{reason[0].upper()}{reason[1:]}: {name}'s turn passes."


    def moment_words(self, before: TugOfWarState, events: Sequence[Event],
                     after: TugOfWarState) -> str:
        """A step of the review in one sentence: "The common dice came 6, 6 and 2 for Red",
        a re-roll chosen, a pairing or a swap, and a turn that passed by itself."""
        b, a = before, after
        name = before.seat_name
        if not events:  # a re-roll chosen: the dice roll next
            seat = a.to_move
            if a.phase == SETUP_REROLL:
                dice = [a.team[seat][slot] for slot in a.reroll_slots]
                return f"{name(seat)} chose to re-roll the team {listing(dice)}."
            if a.phase == TURN_REROLL:
                dice = [a.common[slot] for slot in a.reroll_slots]
                return f"{name(seat)} chose to re-roll the common {listing(dice)}."
            return ""
        text = ""
        for index, event in enumerate(events):
            if isinstance(event, DiceRolled) and b.phase == TURN_ROLL:
                text = f"The common dice came {listing(event.values)} for {name(event.seat)}"
            elif isinstance(event, DiceRolled) and b.phase == TURN_REROLL:
                text = f"{name(event.seat)}'s re-rolled common {b.common[event.slots[0]]} " \
                       f"came up {event.values[0]}"
            elif isinstance(event, DiceRolled):
                formed = next((e for e in events if isinstance(e, TeamFormed)), None)
                verb = "re-rolled" if b.phase == SETUP_REROLL else "rolled"
                text = f"{name(event.seat)} {verb} {listing(event.values)} for the team dice"
                if formed is not None:
                    text += f": {plural(formed.athletes, 'athlete')} take the rope"
            elif isinstance(event, DiceExchanged):
                count = abs(event.change)
                verb = ("join" if event.change > 0 else "leave") + ("s" if count == 1 else "")
                change = f"{plural(count, 'athlete')} {verb}" if count else "no athlete joins"
                text = f"{name(event.seat)} swapped team {event.old_value} for common " \
                       f"{event.new_value}: {change}, {event.on_rope} on the rope"
            elif isinstance(event, TeamFormed):
                text = f"{name(event.seat)} kept {listing(event.dice)}: " \
                       f"{plural(event.athletes, 'athlete')} take the rope"
            else:
                text = self.describe_event(before, events, index, after).rstrip(".")
            if text:
                break
        spent = next((e for e in events if isinstance(e, TurnEnded) and e.reason != "ended"),
                     None)
        if spent is not None and text:
            text += f", and nothing more could be paired: {name(spent.seat)}'s turn passed"
        over = next((e for e in events if isinstance(e, GameOver)), None)
        if over is not None and over.outcome.winner is not None:
            text += f". {name(over.outcome.winner)} wins"
        return text + "." if text else ""
    # ---- hints ------------------------------------------------------------------------------
    def hint_reason(self, facts: Any, state: TugOfWarState) -> str:
        """Why the planned turn beats the others (the solved table's chance to win after it and
        after the next best first move), then what it does to the ropes ("removes 2 of Red's
        athletes (9 to 7)") or a swap's cost and use."""
        other = state.seat_name(1 - facts.seat)
        mine, theirs, parts = facts.mine, facts.theirs, []
        if facts.wins:
            return f"it wins the game: {other} has no athletes left"
        if facts.removes:
            parts.append(f"removes {facts.removes} of {other}'s athletes ({theirs.before} to "
                         f"{theirs.low})")
        swaps = [m for m in facts.plan if isinstance(m, Exchange)]
        swap = self.swap_words(swaps[0]) if swaps else ""
        if swap:  # what a costly swap costs and buys says more than the rope's count
            parts.append(swap)
        elif mine.low != mine.before:
            parts.append(f"your rope goes from {mine.before} to {mine.low}")
        if facts.waits_on_roll:
            parts.append("then see what the new die shows")
        room = reason_room(self, facts, state)
        lead = worth_words(self, facts, state, "move", room - len(swap) - 2 if swap else room)
        if lead:  # a costly swap's why beside its figures, the figures shorter to make room
            return fitted([lead] + ([swap] if swap else parts[:1]), room)
        chance = self.expects_words(facts)
        return fitted(parts[:2 if not chance else 1] + [chance], room)

    @staticmethod
    def swap_words(move: Exchange) -> str:
        """A swap for a lower team die, shortly: what it costs now and what it buys ("costs 3
        athletes, but a common 2 or higher removes against a team 2")."""
        if move.common >= move.team:
            return ""
        lost = 1 + move.common - move.team
        now = "brings no athlete" if lost == 0 else f"costs {plural(-lost, 'athlete')}"
        taker = "any common die" if move.common == 1 else f"a common {move.common} or higher"
        return f"{now}, but {taker} removes against a team {move.common}"

    def pick_guide(self, state: TugOfWarState, seat: int | None, picked: Sequence[tuple[str, int]],
                   dice_open: bool = False, button_open: bool = False) -> str:
        """How to make a move from here (empty while nobody chooses): `picked` the dice picked
        so far as (kind, value), kind "common" or "team"; `dice_open` when a die may be
        picked next, `button_open` when a button may be pressed."""
        s: Any = state
        if seat is None or s.is_terminal:
            return ""
        other = s.seat_name(1 - seat)
        if s.phase == SETUP_CHOICE:
            if picked:
                values = listing([value for _, value in picked])
                return f"Picked {values} to re-roll: press Re-roll, pick more, or click a " \
                       "picked die to put it back."
            return "Keep these dice (their total takes the rope), or click the dice to " \
                   "re-roll, in any order. Re-rolled dice are final."
        if not picked:
            text = f"Common die then a team die it matches or beats: remove a {other} " \
                   "athlete. Team die then a common die: swap them (once a turn)."
            if s.rerolls_left and not s.used_common:
                text = "Re-roll first? Click a common die. " + text
            return text
        kind, value = picked[0]
        if kind == "common":
            options = []
            if dice_open:
                options.append(f"click a team die of {value} or less to remove a {other} "
                               "athlete")
            if button_open:
                options.append("re-roll it")
            return f"Common {value} picked: {', or '.join(options)}. Click it again to put " \
                   "it back."
        return f"Team {value} picked: click a common die to swap in (+1 athlete, plus the " \
               "rise or minus the fall). Click it again to put it back."


NARRATOR = TugOfWarNarrator
