"""Moriarty in words: setup, Bonus Colours, the Edge, Pivots, secret slides, Moriarty calls,
each game's score and the match."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event, Move, State
from game.rules.moriarty import (
    ACTIVE,
    BONUS,
    COLOURS,
    DECLARE,
    DIRECTION,
    EDGE,
    OVER, PIVOT,
    SETUP,
    Bonus,
    BonusesChosen,
    Declare,
    EdgeGiven,
    EndGame,
    GameEndDeclared,
    GameScored,
    GiveEdge,
    MoriartyDeclared,
    MoriartyState,
    Pass,
    PickPivot,
    PivotChosen,
    Place,
    Slide,
    SlidesRevealed,
    Take,
    TokenPlaced,
    TokensAssigned,
    TokenSlid,
)
from game.words.base import Narrator, Summary, plural
from game.words.chances import fitted, reason_room, worth_words


class MoriartyNarrator(Narrator[MoriartyState]):
    """South and North place tokens, hide Bonus Colours, pivot, take and slide in secret."""

    # ---- words ------------------------------------------------------------------------------
    def prompt(self, state: MoriartyState, seat: int) -> str:
        """What the seat must do in this phase, in a few words."""
        s = state
        name = s.seat_name(seat)
        phase = s.phase
        if phase == SETUP:
            return f"{name} (South): place a colour, then a column"
        if phase == BONUS:
            return f"{name}: pick your secret Bonus Colour"
        if phase == EDGE:
            return f"{name} (North): who holds the Edge first?"
        if phase == DIRECTION:
            column = s.tokens[seat]
            where = f"column {column + 1}" if column is not None else "your token"
            toward, away = ("down", "up") if seat == s.south else ("up", "down")
            return f"{name}: slide {where} toward you ({toward}) or away ({away})? (secret)"
        if phase == DECLARE:
            return f"{name}: declare Moriarty, or pass"
        extra = ["end the game"] if s.can_end else []
        if phase == PIVOT and s.rounds:
            extra.append("Moriarty")
        tail = (", or " + " or ".join(extra)) if extra else ""
        if phase == PIVOT:
            return f"{name}: click the Pivot token{tail}"
        assert s.pivot is not None  # chosen before the active tokens
        sides = " or ".join(str(c + 1) for c in s.actives(s.pivot))
        return f"{name}: take column {sides}{tail}"

    def status(self, state: MoriartyState) -> list[str]:
        """Game number, each seat's running total and this game's points on the board."""
        s = state
        names = s.seat_names
        if s.is_terminal:
            lines = [f"Match over after {s.games} game{'s' if s.games > 1 else ''}"]
        else:
            lines = [f"Game {s.game_index + 1} of {s.games} (bonus x{3 + s.game_index})"]
        for seat in (0, 1):
            lines.append(f"{names[seat]} ({s.role(seat)}): {s.totals[seat]} points in all")
            if not s.is_terminal and s.phase != OVER:  # (a scored game's board is counted in)
                more = "" if s.bonus[seat] is not None else " + bonus"
                lines.append(f"{names[seat]} on the board now: {s.board_points(seat)}{more}")
        if s.phase in (PIVOT, ACTIVE, DIRECTION, DECLARE) and not s.is_terminal:
            lines.append(f"Round {s.rounds + 1} of this game; {names[s.edge]} has the Edge")
        for game in s.history:
            lines.append(f"Game {game.game_index + 1}: {names[0]} {game.points[0]}, "
                         f"{names[1]} {game.points[1]}")
        return lines

    def describe(self, before: MoriartyState, events: Sequence[Event], after: MoriartyState) -> str:
        """A caption in plain words for what just happened."""
        b = before
        words: list[str] = []
        slides = [e for e in events if isinstance(e, TokenSlid)]
        for event in events:
            if isinstance(event, TokenPlaced):
                words.append(f"{b.seat_name(b.south)} placed {COLOURS[event.colour]} in column "
                             f"{event.column + 1}.")
            elif isinstance(event, BonusesChosen):
                words.append("Both players have picked a secret Bonus Colour.")
            elif isinstance(event, EdgeGiven):
                words.append(self._edge_words(b, event))
            elif isinstance(event, PivotChosen):
                a, c = event.actives
                colour = COLOURS[b.colours[event.column]]
                words.append(f"{b.seat_name(event.seat)} picked the {colour} Pivot in column "
                             f"{event.column + 1}: columns {a + 1} and {c + 1} are active.")
            elif isinstance(event, TokensAssigned):
                taker = 1 - b.edge
                words.append(f"{b.seat_name(taker)} took column {event.columns[taker] + 1}; "
                             f"{b.seat_name(b.edge)} moves column {event.columns[b.edge] + 1}.")
            elif isinstance(event, SlidesRevealed):
                words.append(slide_words(b, event, slides))
            elif isinstance(event, GameEndDeclared):
                words.append(f"{b.seat_name(event.seat)} declared the game over.")
            elif isinstance(event, MoriartyDeclared):
                verdict = "right" if event.correct else "wrong"
                words.append(f"{b.seat_name(event.seat)} declared Moriarty, naming "
                             f"{COLOURS[event.colour]}: {verdict}!")
            elif isinstance(event, GameScored):  # a declaration just told says why it ended
                told = any(isinstance(e, (GameEndDeclared, MoriartyDeclared)) for e in events)
                words.append(scored_words(b, event, why=not told))
        return " ".join(words)

    def section_of(self, state: MoriartyState) -> str:
        """"Game 2" in a match of several games ("" for a match of one)."""
        s = state
        return f"Game {s.game_index + 1}" if s.games > 1 else ""

    def moment_words(self, before: MoriartyState, events: Sequence[Event],
                     after: MoriartyState) -> str:
        """A step of the review: the caption, with a game's end told by its score only."""
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        if scored is None:
            return self.describe(before, events, after)
        rest = self.describe(before, [e for e in events if not isinstance(e, GameScored)], after)
        names = before.seat_names
        end = f"Game {scored.game_index + 1} ends: {names[0]} {scored.points[0]}, " \
              f"{names[1]} {scored.points[1]}."
        return f"{rest} {end}".strip()

    @staticmethod
    def _edge_words(b: MoriartyState, event: EdgeGiven) -> str:
        name = b.seat_name(event.seat)
        if b.phase == EDGE and event.seat == b.north:
            return f"{name} (North) keeps the Edge and picks the first Pivot."
        if b.phase == EDGE:
            return f"{b.seat_name(b.north)} (North) gives the Edge to {name} (South)."
        if b.phase == DECLARE:
            return f"{b.seat_name(b.edge)} does not call Moriarty; the Edge passes to {name}."
        return f"The Edge passes to {name}."

    def summary(self, before: MoriartyState, events: Sequence[Event],
                after: MoriartyState) -> Summary | None:
        """A game of the match is over: its score, the Bonus Colours and the match so far."""
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        return None if scored is None else game_summary(before, scored)

    def countdown_word(self, before: MoriartyState, events: Sequence[Event]) -> str | None:
        """No countdown for the Bonus Colours (nothing shows); "slide!" for the slides."""
        if any(isinstance(e, BonusesChosen) for e in events):
            return None
        return "slide!"

    def has_secret(self, state: MoriartyState, seat: int) -> bool:
        """A seat has a secret once it has picked its Bonus Colour this game."""
        s = state
        return not s.is_terminal and s.bonus[seat] is not None

    def log_text(self, move: Move, seat: int, before: MoriartyState) -> str:
        """A decision in words; a Bonus Colour is only ever "picks a Bonus Colour in secret"."""
        s = before
        if isinstance(move, Bonus):
            return "picks a Bonus Colour in secret"
        if isinstance(move, Place):
            return f"places {COLOURS[move.colour]} in column {move.column + 1}"
        if isinstance(move, GiveEdge):
            holder = s.south if move.to_south else s.north
            return "keeps the Edge" if holder == seat else \
                f"gives the Edge to {s.seat_name(holder)}"
        if isinstance(move, (PickPivot, Take)):
            colour = s.colours[move.column]
            token = f"{COLOURS[colour]} in column {move.column + 1}" if colour is not None \
                else f"column {move.column + 1}"
            return f"pivots on {token}" if isinstance(move, PickPivot) else f"takes {token}"
        if isinstance(move, Slide):
            return "slides toward" if move.toward else "slides away"
        if isinstance(move, Declare):
            return f"calls Moriarty, naming {COLOURS[move.colour]}"
        return {EndGame: "ends the game", Pass: "does not call Moriarty"}.get(type(move), str(move))

    def notation_text(self, move: Move, seat: int, before: MoriartyState) -> str:
        """The notation, with a Bonus Colour hidden ("bonus ?")."""
        return "bonus ?" if isinstance(move, Bonus) else str(move)

    def choice_words(self, move: Move, state: MoriartyState) -> str:
        """"orange as your Bonus Colour", "slide toward you", "take the token in column 2"."""
        if isinstance(move, Bonus):
            return f"{COLOURS[move.colour]} as your Bonus Colour"
        if isinstance(move, Slide):
            return "slide toward you" if move.toward else "slide away from you"
        if isinstance(move, Place):
            return f"{COLOURS[move.colour]} in column {move.column + 1}"
        if isinstance(move, GiveEdge):
            return f"{'South' if move.to_south else 'North'} holds the Edge first"
        if isinstance(move, PickPivot):
            return f"the token in column {move.column + 1} as the Pivot"
        if isinstance(move, Take):
            return f"take the token in column {move.column + 1}"
        if isinstance(move, Declare):
            return f"declare Moriarty, naming {COLOURS[move.colour]}"
        return {EndGame: "end the game now", Pass: "no Moriarty"}.get(type(move), str(move))

    def phone_prompt(self, state: MoriartyState, seat: int) -> str:
        """The prompt, with the Pivot picked from a list rather than clicked."""
        return self.prompt(state, seat).replace("click the Pivot token", "pick the Pivot")

    def secret_words(self, state: MoriartyState, seat: int) -> str:
        """'Your Bonus Colour is blue' once picked, this game."""
        s = state
        colour = s.bonus[seat]
        return "" if colour is None or s.is_terminal else f"your Bonus Colour is {COLOURS[colour]}"

    def move_words(self, move: Move, state: MoriartyState) -> tuple[str, str]:
        """Each kind of move under a heading of its own, colours and columns in words."""
        if isinstance(move, Place):
            return f"Place {COLOURS[move.colour]} in column", str(move.column + 1)
        if isinstance(move, Bonus):
            return "Your secret Bonus Colour", COLOURS[move.colour].capitalize()
        if isinstance(move, GiveEdge):
            return "Who holds the Edge first", "South" if move.to_south else "North"
        if isinstance(move, PickPivot):
            return "Pick the Pivot: the token in column", str(move.column + 1)
        if isinstance(move, Take):
            return "Take the token in column", str(move.column + 1)
        if isinstance(move, Slide):
            return "Slide your token (secret)", "Toward you" if move.toward else "Away from you"
        if isinstance(move, Declare):
            return "Declare Moriarty: their Bonus Colour is", COLOURS[move.colour].capitalize()
        if isinstance(move, EndGame):
            return "", "End the game"
        if isinstance(move, Pass):
            return "", "Pass"
        return "", str(move)

    # ---- hints ------------------------------------------------------------------------------
    def hint_reason(self, facts: Any, state: MoriartyState) -> str:
        """Why a Moriarty choice beats the others, from what the chooser may know (a slide
        that alone keeps points whatever the other slides, or what the computer expects from
        it and from the next best, looking two rounds ahead), then what it does."""
        if facts.wins:
            return self.expects_words(facts)
        other = state.seat_name(1 - facts.seat)
        edge = facts.edge
        lead = ""
        if edge is not None and edge.figure == "points_sure":
            lead = f"the only slide sure to leave you {plural(edge.mine, 'point')} on the " \
                   f"board whatever {other} slides"
        noun = {Slide: "slide", PickPivot: "Pivot", Take: "token", Bonus: "colour"}.get(
            type(facts.plan[0]), "choice")
        room = reason_room(self, facts, state)
        lead = lead or worth_words(self, facts, state, noun, room)
        fact = self.choice_fact(facts, state, other)
        if lead:
            return fitted([lead, fact], room)
        return fitted([fact or self.expects_words(facts)
                       or "the computer's pick, looking several rounds ahead"], room)

    def next_best_words(self, plan: Sequence[Move], state: MoriartyState, seat: int) -> str:
        """The choice a hint is compared with, shortly: "column 6 as the Pivot", "the token
        in column 3", "orange" (a Bonus Colour)."""
        move = plan[0]
        if isinstance(move, PickPivot):
            return f"column {move.column + 1} as the Pivot"
        if isinstance(move, Take):
            return f"the token in column {move.column + 1}"
        if isinstance(move, Bonus):
            return COLOURS[move.colour]
        return super().next_best_words(plan, state, seat)

    @staticmethod
    def choice_fact(facts: Any, state: MoriartyState, other: str) -> str:
        """What a Moriarty choice does: its points, the Pivot's actives, the token taken."""
        move, points = facts.plan[0], facts.points
        if facts.ends_game:
            return f"the game ends with {plural(points.low, 'point')} on the board for you"
        if facts.actives:
            first, second = (c + 1 for c in facts.actives)
            return f"the tokens in columns {first} and {second} become active: {other} takes " \
                   "one and you move the other"
        if isinstance(move, Take):
            colour = state.colours[move.column]
            row = state.rows[move.column]
            return f"you move the {COLOURS[colour]} token on row {row}; {other} moves the other"
        if isinstance(move, Slide):
            if points.sure:
                if points.low == points.before:
                    return f"your points on the board stay {points.before}, whatever {other} " \
                           "slides"
                return f"your points on the board go from {points.before} to {points.low}, " \
                       f"whatever {other} slides"
            return f"your points on the board become {points.low} to {points.high} (now " \
                   f"{points.before}), depending on {other}'s slide"
        if isinstance(move, Bonus):
            return f"{other} cannot see it; tokens of your colour score 3 to 5 times as much"
        if isinstance(move, Declare):
            return f"if {other}'s Bonus Colour is {COLOURS[move.colour]} you score every " \
                   f"point on the board; if not, {other} does"
        if isinstance(move, Pass):
            return f"naming {other}'s Bonus Colour now is too great a risk"
        if isinstance(move, GiveEdge):
            return f"{'South' if move.to_south else 'North'} picks the first Pivot"
        return ""

    # ---- the board's notes ------------------------------------------------------------------
    def round_notes(self, state: MoriartyState, seat: int | None, choosing: bool,
                    revealed: tuple[bool, bool] | None = None,
                    before: State | None = None) -> list[str]:
        """The round beside the board: Pivot, actives, who moves which, or (while `revealed`,
        each seat's toward, shows from `before`) which way each slid; `seat` is the view's
        own seat, `choosing` whether it chooses now."""
        s = state
        names = s.seat_names
        if revealed is not None and isinstance(before, MoriartyState):
            b = before
            lines = []
            for who in (0, 1):
                way = "south" if (who == b.south) == revealed[who] else "north"
                lines.append(f"{names[who]} chose {'toward' if revealed[who] else 'away'}: "
                             f"{way}.")
            return lines
        lines = []
        if s.pivot is not None:
            a, c = s.actives(s.pivot)
            lines.append(f"Pivot: column {s.pivot + 1}. Active: columns {a + 1} and {c + 1}.")
            if s.tokens[0] is not None and s.tokens[1] is not None:
                lines.append(f"{names[0]} moves column {s.tokens[0] + 1}, "
                             f"{names[1]} moves column {s.tokens[1] + 1}.")
        if s.phase == DIRECTION and seat is not None and choosing:
            side = "south (down)" if seat == s.south else "north (up)"
            lines.append(f"Toward you is {side}.")
        elif s.can_end and s.phase in (PIVOT, ACTIVE):
            lines.append("A token is on row 0 or 9: the game may be ended now.")
        return lines

    def column_note(self, state: MoriartyState, column: int) -> str:
        """What a column's token is worth where it stands (empty for an empty column)."""
        s = state
        colour = s.colours[column]
        if colour is None:
            return ""
        row = s.rows[column]
        side, pts = ("South", 5 - row) if row <= 4 else ("North", row - 4)
        return f"Column {column + 1}: {COLOURS[colour]} on row {row}, +{pts} for {side}."

    def rule_reminder(self, state: MoriartyState) -> str:
        """A reminder of the rule that matters at this step (empty once the match is over)."""
        s = state
        if s.is_terminal:
            return ""
        return {
            SETUP: "South sets up: two tokens of each colour, one per column, on the marked "
                   "squares of rows 4 and 5.",
            BONUS: f"Tokens of your Bonus Colour score x{3 + s.game_index} for you this game. "
                   "Both players may pick the same colour.",
            EDGE: "The Edge holder picks the Pivot; the Edge passes after every round.",
            PIVOT: "The tokens either side of the Pivot become active (8 and 1 are neighbours).",
            ACTIVE: "The other player takes one active token; the Edge holder moves the other.",
            DIRECTION: "Same way: the Pivot slides 2 rows the other way. Opposite ways: it "
                       "moves 1 row toward the Centre Line.",
            DECLARE: "Moriarty: right, you score every point on the board; wrong, they do.",
        }.get(s.phase, "")

    def tray_heading(self, state: MoriartyState, chooser: int | None, choosing: bool,
                     naming: bool = False, picked: int | None = None) -> str:
        """The colour tray's heading: `chooser` the seat choosing now, `choosing` whether it is
        the view's own, `naming` while it names the other's colour in a Moriarty, `picked` a
        colour picked to place at setup."""
        s = state
        if naming and chooser is not None:
            return f"Moriarty! Name {s.seat_name(1 - chooser)}'s Bonus Colour"
        if s.phase == SETUP:
            if picked is not None:
                return f"Now click a column for {COLOURS[picked]}"
            return "Pick a colour, then a column"
        if s.phase == BONUS:
            return "Pick your secret Bonus Colour" if choosing else \
                "Bonus Colours are being chosen"
        return "The four colours"

    def swatch_note(self, state: MoriartyState, colour: int, seat: int | None) -> str:
        """Under a colour of the tray: how many are left to place at setup, or "yours" under
        the view's own Bonus Colour."""
        s = state
        if s.phase == SETUP:
            return f"{2 - s.colours.count(colour)} left"
        if seat is not None and s.bonus[seat] == colour:
            return "yours"
        return ""


# ---- the few words drawn on the board ------------------------------------------------------
def half_label(north: bool) -> tuple[str, str]:
    """A half of the board named beside it, in full and short: ("NORTH  (rows 5-9 score for
    North)", "NORTH")."""
    side, rows = ("North", "5-9") if north else ("South", "0-4")
    return f"{side.upper()}  (rows {rows} score for {side})", side.upper()


def card_role(state: MoriartyState, seat: int, own: bool) -> str:
    """A seat card's first line: its role, and on the player's own card which way its slides
    go toward it ("SOUTH  \u00b7  toward you: down")."""
    role = state.role(seat).upper()
    return role + ("  \u00b7  toward you: " + ("down" if seat == state.south else "up")
                   if own else "")


def card_points(state: MoriartyState, seat: int) -> str:
    """A seat card's points: on the board (and its hidden bonus) and in all ("7 + bonus on the
    board  |  12 in all")."""
    more = "" if state.bonus[seat] is not None else " + bonus"
    return f"{state.board_points(seat)}{more} on the board  |  {state.totals[seat]} in all"


BONUS_LABEL = "Bonus Colour:"  # before the colour's token on a seat card
BONUS_SECRET = "Bonus Colour: secret"


def bonus_worth(state: MoriartyState, colour: int) -> str:
    """A Bonus Colour and what it multiplies by in this game ("blue (x3)")."""
    return f"{COLOURS[colour]} (x{3 + state.game_index})"


def banner_ends_game(name: str) -> str:
    """The board's banner when a player ends the game."""
    return f"{name} ends the game"


BONUSES_SEALED = "Both Bonus Colours are chosen and sealed"


def banner_moriarty(name: str, other: str, colour: str) -> list[str]:
    """The board's banner lines when `name` declares Moriarty, naming `other`'s colour."""
    return [f"{name} declares Moriarty!", f"{other}'s Bonus Colour is {colour}?"]


def slide_words(before: MoriartyState, event: SlidesRevealed, slides: Any) -> str:
    """"Oh slid blue toward, Eks slid green away: the Pivot moves 2 rows north.\""""
    parts = []
    for seat in (before.edge, 1 - before.edge):
        col = before.tokens[seat]
        colour = COLOURS[before.colours[col]] if col is not None else "a token"
        parts.append(f"{before.seat_name(seat)} slid {colour} "
                     f"{'toward' if event.toward[seat] else 'away'}")
    pivot = next((e for e in slides if e.role == "pivot"), None)
    if pivot is None:
        return ", ".join(parts) + "."
    moved = pivot.dst - pivot.src
    actives = [e.dst - e.src for e in slides if e.role == "active"]
    if len(actives) == 2 and actives[0] == actives[1]:
        way = "north" if actives[0] < 0 else "south"
        if moved == 0:
            tail = f"the Pivot would move 2 rows {way} but stays on row {pivot.dst}"
        elif abs(moved) == 1:
            tail = f"the Pivot moves 1 row {way} and stops on row {pivot.dst}"
        else:
            tail = f"the Pivot moves 2 rows {way}"
    else:
        tail = "the Pivot moves one row toward the Centre Line"
        if {pivot.src, pivot.dst} == {4, 5}:
            tail += ", crossing it"
    return ", ".join(parts) + ": " + tail + "."


def game_summary(before: MoriartyState, event: GameScored) -> Summary:
    """Each game's score and how it ended, this game's Bonus Colours, and the match so far."""
    names = before.seat_names
    games = before.history + (event,)
    lines = [f"Bonus Colours: {names[0]} {COLOURS[event.bonus[0]]}, "
             f"{names[1]} {COLOURS[event.bonus[1]]}.", ""]
    for game in games:
        how = game.reason.split(":")[0]
        lines.append(f"Game {game.game_index + 1}: {names[0]} {game.points[0]}, {names[1]} "
                     f"{game.points[1]}. {how[:1].upper() + how[1:]}.")
    lines.append("")
    over = event.game_index + 1 >= before.games
    if over:
        lines.append(f"The match: {names[0]} {event.totals[0]}, {names[1]} {event.totals[1]}.")
    else:
        lines.append(f"The match so far: {names[0]} {event.totals[0]}, {names[1]} "
                     f"{event.totals[1]}. Next, game {event.game_index + 2} of {before.games}: "
                     f"Bonus Colours score x{4 + event.game_index}.")
    return Summary(f"Game {event.game_index + 1} of {before.games} is over", tuple(lines))


def scored_words(before: MoriartyState, event: GameScored, why: bool = True) -> str:
    """A game of the match scored, in a sentence: how it ended (unless not `why`), the points,
    the colours."""
    names = before.seat_names
    reason = f" ({event.reason[:1].upper() + event.reason[1:]})" if why else ""
    return (f"Game {event.game_index + 1} over{reason}: {names[0]} {event.points[0]}, "
            f"{names[1]} {event.points[1]}. Bonus Colours: {names[0]} "
            f"{COLOURS[event.bonus[0]]}, {names[1]} {COLOURS[event.bonus[1]]}.")


NARRATOR = MoriartyNarrator
