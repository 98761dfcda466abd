"""Search knowledge for Moriarty: every line searched a few plies deep, and a belief over the
opponent's Bonus Colour, read from play.

Once the tokens are placed, the bot searches every line to a depth (`DepthSearch`: the other's
choices at their best, each secret slide solved as a matrix game) and values the leaves by the
match totals plus the board; a leaf where a token is on row 0 or 9 is valued as the game would
end, since the player ahead then ends it at their next choice. The placing of the tokens is
sampled (Monte Carlo search with short playouts in which the player ahead ends the game), or
for a level with `home_pairs` made by a rule.

The bot never sees the opponent's colour. It starts from "any of the four" and, after each
public choice the opponent makes this game (a Pivot picked, an Active Token taken, a slide
revealed), weighs each colour by how likely that choice was for a player favouring it, as a
searching player or a one-turn-ahead one would make it (`moriarty_colour`; Medium's belief
reads every choice so; Hard's reads the slides, each as a one-turn-ahead player would make it:
a searching player hides its colour at its pivots and takes, not at its slides, which push its
colour home; and the pivots and takes only as far as they tell more than a hiding player's
would, `choice_reading`). It then searches one world per colour, in proportion to the belief, and
weighs each move's value across the worlds, so it declares Moriarty only when the expected
points say so. Inside the search nobody declares (a world knows both colours, and a
declaration there would be a certainty no player has); at the root the bot's own declarations
are scored across the worlds. Hard also prices what each slide would add to such a reading of
its own colour (`slide_concealment`), as both levels price their pivots and takes.

Every setting below is off unless a level turns it on; what each was measured to do, and why
the levels carry the ones they do, is in docs/bot-strength.md.
"""
from __future__ import annotations

import itertools
import random
from typing import Sequence, cast

from game.bots.games.moriarty_colour import COLOURS, ColourReader, points_by_colour
from game.bots.knowledge import Knowledge, squash, terminal_value, unseal
from game.bots.levels import Budget, Level
from game.core import History, Move, State, tuple_with
from game.rules.moriarty import (ACTIVE, BONUS, COLUMNS, DIRECTION, END, NORTH_COLUMNS, OVER, PASS,
                                 PIVOT, SETUP, SOUTH_COLUMNS, Declare, EndGame, MoriartyState,
                                 PickPivot, Place, Take)

MIN_WEIGHT = 0.03  # worlds less likely than this are not searched
DECLARE_CONFIDENCE = 0.8  # the belief in a colour before naming it: wrong guesses are costly
MARGIN = 0.05  # how much better a declaration must look than the moves that carry on
SURE_THING = 1e-6  # an ending is preferred to a move that looks exactly as good


def _banked_lead(state: MoriartyState, seat: int) -> int:
    """How far `seat` would lead the match if the game were scored now."""
    return (state.totals[seat] + state.board_points(seat)) \
        - (state.totals[1 - seat] + state.board_points(1 - seat))


def named_by_guess(history: History[MoriartyState], namer: int, rounds: float) -> bool:
    """True if `namer` named a colour in this match (the history's) within the first `rounds`
    rounds of a game: too soon for a reading of play, so a guess from the board."""
    return any(seat == namer and isinstance(move, Declare) and state.rounds <= rounds
               for state, seat, move in history)


def paired_layouts() -> tuple[tuple[int, ...], ...]:
    """Every placing (a colour per column) with two colours wholly on South's side, each pair
    in the two columns either side of one Pivot column, and the other two wholly on North's."""
    south = SOUTH_COLUMNS  # in column order, wrapping
    layouts = []
    for shift in (0, 1):
        pairs = [(south[shift], south[shift + 1]), (south[shift + 2], south[(shift + 3) % 4])]
        for first, second in itertools.permutations(range(COLOURS), 2):
            third, fourth = (k for k in range(COLOURS) if k not in (first, second))
            for thirds in itertools.combinations(NORTH_COLUMNS, 2):
                layout = [fourth] * COLUMNS
                for column in pairs[0]:
                    layout[column] = first
                for column in pairs[1]:
                    layout[column] = second
                for column in thirds:
                    layout[column] = third
                layouts.append(tuple(layout))
    return tuple(layouts)


PAIRED_LAYOUTS = paired_layouts()


class GameKnowledge(Knowledge[MoriartyState]):
    """What the search knows of Moriarty."""

    playout_depth = 10
    uses_history = True
    declare_confidence = DECLARE_CONFIDENCE  # a level may ask for more, or less
    search_plies = 3  # a level may look further (see `levels`)
    deepening_step = 3  # a round: a Pivot, a token, the slides
    concealment = 0.0  # the value a level gives up to keep its colour from showing, per unit
    wary = 0.0  # 1: believe only what a one-turn-ahead player's choices say (`ColourReader`)
    slide_reading = 0.0  # 1: the belief reads the other's colour from its slides alone
    slide_pretender = 0.0  # above 0: the share of players whose slides point at a colour they
    # do not hold, before the match's scored games show which kind the other is (`slide_kinds`)
    slide_concealment = 0.0  # the value a slide gives up per unit it adds to a slide reading
    # of this bot's colour (`secret_cost`)
    choice_reading = 0.0  # 1: a slide reading also reads the pivots and takes, each kind by
    # whichever model explains it better (`ColourReader.choice_evidence`)
    choice_pretender = 0.0  # above 0: the share of players whose pivots, or takes, point at a
    # colour they do not hold; that reading then learns from the match's scored games whether
    # the other's pivots, and its takes, hid its colour, told it or pointed at another
    # (`ColourReader.choice_kinds`)
    choice_denier = 0.0  # above 0: the share of hiders who play against the colour they believe
    # the other holds; that reading then reads each pivot and take beside that belief (read as
    # this level reads) and counts a position met again once (`ColourReader.beliefs_held`)
    choice_sharpness = 0.0  # above 0: with `choice_denier`, a teller at pivots and takes is read
    # as all but always playing the best choice one turn ahead, at this rationality
    # (`told_given`); a searcher who only sometimes plays so is then not read as telling
    home_reading = 0.0  # above 0: the share of players who pick a Bonus Colour with the most
    # tokens starting on their side; the belief starts there, learning from the match's scored
    # games which kind the other is (`ColourReader.home_prior`)
    bonus_mix = 0.0  # above 0: the share of Bonus Colour picks made uniformly at random, so
    # a player who reads home colours (`home_reading`) cannot count on this level's pick
    guessed_fair = 0.0  # above 0: once the other has named a colour this match by this round of
    # a game (a guess from the board, such as a home colour), every later Bonus pick is fair
    home_pairs = 0.0  # 1: as South, place by `paired_layouts` (a rule, not a search); South
    # scored more with such a placing in recorded games (`game.tools.placings`)

    def __init__(self) -> None:
        self.colours = ColourReader()

    def levels(self) -> dict[str, Level]:
        """Moriarty's levels: Easy and Medium pick loosely among near-equal moves (Medium less
        so), which keeps each a step below the next; Hard looks three rounds ahead, reads the
        other's colour from its slides (and from its pivots and takes where they tell it, as
        one who all but always plays the best one turn ahead tells it, beside what the other
        then believed of Hard's colour, learning from each scored game which of them told the
        truth, and starting from the colours with the most tokens on the other's side, as far
        as the other has been one who picks those), hides its own there, picks its Bonus
        Colour at random a third of the time so that no habit tells it (every time, once the
        other has named a colour within two rounds of a game, a guess from the board), names a
        colour only when all but sure of it, and as South places two colours wholly on each
        side, its own pairs side by side (`home_pairs`)."""
        return {
            "easy": Level("easy", Budget(120, 0.25), temperature=0.5,
                          traits=(("declare_confidence", 0.9), ("search_plies", 3))),
            "medium": Level("medium", Budget(1000, 0.8), temperature=0.3,
                            traits=(("concealment", 0.3), ("search_plies", 3), ("reading", 0.8))),
            "hard": Level("hard", Budget(12000, 2.6),
                          traits=(("concealment", 0.3), ("search_plies", 9), ("reading", 0.8),
                                  ("wary", 1.0), ("declare_confidence", 0.98),
                                  ("slide_reading", 1.0), ("slide_concealment", 0.5),
                                  ("slide_pretender", 0.05), ("choice_reading", 1.0),
                                  ("choice_pretender", 0.05), ("choice_denier", 0.33),
                                  ("choice_sharpness", 8.0), ("home_reading", 0.5),
                                  ("bonus_mix", 0.33), ("guessed_fair", 2.0),
                                  ("home_pairs", 1.0))),
        }

    def worlds(self, observation: MoriartyState, seat: int, history: History[MoriartyState] = (),
               ) -> list[tuple[float, MoriartyState]]:
        """One world per colour the opponent may hold, weighed by the belief."""
        assert isinstance(observation, MoriartyState)
        base = unseal(observation)
        if observation.phase in (SETUP, BONUS) or observation.bonus[1 - seat] is not None:
            return [(1.0, base)]
        probabilities = self.belief(observation, seat, history)
        kept = [(p, c) for c, p in enumerate(probabilities) if p >= MIN_WEIGHT]
        total = sum(p for p, _ in kept)
        return [(p / total, base.replace(bonus=tuple_with(base.bonus, 1 - seat, c)))
                for p, c in kept]

    def belief(self, observation: MoriartyState, seat: int,
               history: History[State] = ()) -> list[float]:
        """This level's belief over the opponent's Bonus Colour (`ColourReader.belief`)."""
        assert isinstance(observation, MoriartyState)
        moriarty = cast(History[MoriartyState], history)  # a Moriarty match's, so its states
        return self.colours.belief(moriarty, seat, observation, self.wary > 0.0,
                                   slides=self.slide_reading > 0.0,
                                   pretender=self.slide_pretender,
                                   choices=self.choice_reading > 0.0,
                                   choice_pretender=self.choice_pretender,
                                   choice_denier=self.choice_denier,
                                   choice_sharpness=self.choice_sharpness,
                                   home=self.home_reading)

    def public_worlds(self, view: MoriartyState) -> list[tuple[float, MoriartyState]]:
        """An onlooker knows neither Bonus Colour while a game is played: every pair of
        colours, equally likely."""
        assert isinstance(view, MoriartyState)
        base = unseal(view)
        if base.phase in (SETUP, BONUS) or None not in base.bonus:
            return [(1.0, base)]
        pairs = [(mine, theirs) for mine in range(COLOURS) for theirs in range(COLOURS)]
        return [(1.0 / len(pairs), base.replace(bonus=pair)) for pair in pairs]

    def shares_tree(self, worlds: Sequence[tuple[float, MoriartyState]]) -> bool:
        """The worlds differ only in the opponent's Bonus Colour, which changes the score and
        never a legal move, once the tokens are placed."""
        return all(self.searches_all(world) for _, world in worlds)

    def in_world(self, state: MoriartyState, world: MoriartyState) -> MoriartyState:
        """`state` with the world's Bonus Colours."""
        bonus = world.bonus
        return state if state.bonus == bonus else state.replace(bonus=bonus)

    @property
    def weighs_moves(self) -> bool:
        """True when this level prices what its choices tell the opponent."""
        return self.concealment > 0.0

    def doubt(self, move: Move, worlds: Sequence[tuple[float, MoriartyState]], seat: int,
              history: History[MoriartyState] = ()) -> float | None:
        """A declaration needs a belief of `declare_confidence` in the colour named (a wrong one
        hands the opponent every point on the board; the belief as read, not the worlds'
        weights, which share out the weight of colours too unlikely to search) and a margin
        over carrying on, since the belief may be wrong; an ending wins a tie (its points are
        sure). A level that conceals its colour pays for each pivot or take by what it gives
        away."""
        if isinstance(move, Declare):
            belief = sum((weight for weight, world in worlds
                          if world.bonus[1 - seat] == move.colour),
                         0.0)
            if history:  # the worlds leave out unlikely colours, sharing out their weight
                belief = min(belief, self.belief(worlds[0][1], seat, history)[move.colour])
            if belief < self.declare_confidence:
                return None
            return MARGIN
        if isinstance(move, EndGame):
            return -SURE_THING
        if self.concealment > 0.0 and isinstance(move, (PickPivot, Take)):
            # only a cost: a move that would lower their belief is not worth more for it, or
            # a bluff could outbid a sure ending
            world = worlds[0][1]
            assert isinstance(world, MoriartyState)
            return self.concealment * max(0.0, self.colours.giveaway(history, seat, world, move))
        return 0.0

    def secret_cost(self, state: MoriartyState, seat: int, move: Move,
                    history: History[MoriartyState] = ()) -> float:
        """For a level with `slide_concealment`: what a slide adds to the other's reading of
        this bot's colour from its slides, at that price (only a cost, as for a pivot)."""
        if self.slide_concealment <= 0.0 or state.phase != DIRECTION:
            return 0.0
        assert isinstance(state, MoriartyState)
        return self.slide_concealment * max(0.0, self.colours.slide_giveaway(history, seat, state,
                                                                             move))

    def secret_mix(self, state: MoriartyState, seat: int = 0,
                   history: History[MoriartyState] = ()) -> float:
        """At the Bonus Colour pick, for a level with `bonus_mix`; for a level with
        `guessed_fair`, all of it (a fair draw, which no guess beats) once the other has named
        a colour this match too soon for play to have told it."""
        if state.phase != BONUS:
            return 0.0
        if self.guessed_fair > 0.0 and named_by_guess(history, 1 - seat, self.guessed_fair):
            return 1.0
        return self.bonus_mix

    def rule_move(self, state: MoriartyState, seat: int, rng: random.Random) -> Move | None:
        """For a level with `home_pairs`, at the placing: the next column's token in one of
        the `paired_layouts` that fit the tokens placed so far, drawn evenly."""
        if self.home_pairs <= 0.0 or state.phase != SETUP:
            return None
        assert isinstance(state, MoriartyState)
        placed = state.colours
        fits = [layout for layout in PAIRED_LAYOUTS
                if all(k is None or k == layout[c] for c, k in enumerate(placed))]
        if not fits:
            return None
        column = placed.index(None)
        return Place(rng.choice(fits)[column], column)

    def candidate_moves(self, state: MoriartyState, seat: int,
                        previous: Move | None) -> Sequence[Move]:
        """Every legal move but a declaration (which, inside a world, would be clairvoyant)."""
        moves = state.legal_moves(seat)
        return [m for m in moves if not isinstance(m, Declare)] or moves

    def searches_all(self, state: MoriartyState) -> bool:
        """Every line is searched once the tokens are placed (placing them is sampled)."""
        return self.search_plies > 0 and state.phase != SETUP

    def leaf_value(self, state: MoriartyState) -> float:
        """The evaluation, or the game as it would end now: while a token is on row 0 or 9 the
        player ahead ends the game at their next choice, and each player has one before the
        tokens move again, but the taker of an Active Token, who has only their own."""
        assert isinstance(state, MoriartyState)
        value = self.value(state)
        if state.phase not in (PIVOT, ACTIVE) or not state.can_end:
            return value
        ended = self.value(state.apply(END).state)
        if state.phase == PIVOT:
            return ended
        return max(value, ended) if state.actors[0] == 0 else min(value, ended)

    def leaf_values(self, state: MoriartyState,
                    worlds: Sequence[tuple[float, MoriartyState]]) -> list[float]:
        """`leaf_value` in each colour world, from one count of the board's points by colour
        (the worlds differ only in which colour each seat multiplies)."""
        assert isinstance(state, MoriartyState)
        if state.phase in (SETUP, BONUS, OVER) or None in state.bonus:
            return super().leaf_values(state, worlds)
        counts = [points_by_colour(state, seat) for seat in (0, 1)]
        extra = 2 + state.game_index  # a Bonus Colour's token counts 3, 4 or 5 times
        ending = state.phase in (PIVOT, ACTIVE) and state.can_end
        last_game = state.game_index + 1 >= state.games
        values = []
        for _, world in worlds:
            bonus = world.bonus
            board = [counts[s][COLOURS] + extra * (counts[s][COLOURS] / COLOURS if bonus[s] is None
                                                   else counts[s][bonus[s]]) for s in (0, 1)]
            now = squash(state.totals[0] + board[0] - state.totals[1] - board[1], 12.0)
            if not ending:
                values.append(now)
                continue
            lead = state.totals[0] + board[0] - state.totals[1] - board[1]
            if not last_game:
                ended = squash(lead, 12.0)
            else:
                ended = 0.5 + 0.5 * ((lead > 0) - (lead < 0))
            if state.phase == PIVOT:
                values.append(ended)
            else:
                values.append(max(now, ended) if state.actors[0] == 0 else min(now, ended))
        return values

    def playout_move(self, state: MoriartyState, seat: int, rng: random.Random) -> Move:
        """A random move that never declares Moriarty; the player ahead ends the game."""
        moves = state.legal_moves(seat)
        if PASS in moves:
            return PASS
        if END in moves and _banked_lead(state, seat) > 0:
            return END
        quiet = [m for m in moves if not isinstance(m, (Declare, EndGame))]
        return rng.choice(quiet or moves)

    def reading_value(self, state: MoriartyState) -> float:
        """Seat 0's chances as a simple player sees them, both Bonus Colours unknown: the match
        totals plus the board's plain points."""
        assert isinstance(state, MoriartyState)
        if state.is_terminal:
            return terminal_value(state)
        plain = state if state.bonus == (None, None) else state.replace(bonus=(None, None))
        lead = state.totals[0] - state.totals[1]
        if state.phase not in (SETUP, BONUS):
            lead += plain.board_points(0) - plain.board_points(1)
        return squash(lead, 12.0)

    def evaluate(self, state: MoriartyState) -> float:
        """Seat 0's chances from the match totals plus the board as it would score now."""
        assert isinstance(state, MoriartyState)
        if state.phase in (SETUP, BONUS) or None in state.bonus:
            lead = state.totals[0] - state.totals[1]
        else:
            lead = (state.totals[0] + state.board_points(0)) \
                - (state.totals[1] + state.board_points(1))
        return squash(lead, 12.0)
