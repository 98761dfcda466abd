"""Reading a Moriarty player's secret Bonus Colour from their public choices.

Two kinds of player are modelled, and the belief weighs both (Bayesian model averaging, so play
itself says which kind this opponent is):

- a *searching* player (the bots): a softmax over the choices of one kind, scored by weights
  on what a pivot or take does with tokens of a colour, fitted to bots' play
  (`python -m game.tools.fit_colour`); it says nothing about slides;
- a *one-turn-ahead* player (most people): each choice valued by the points it brings that
  player, with their Bonus Colour multiplying, after the round, the other's choices taken as
  equally likely and their own later slide at its best; softened into probabilities. Slides
  count as evidence too, once revealed.

Each model leaves a share of choices to noise, so one choice proves little. A *wary* belief
(Hard's) takes a colour only from the one-turn-ahead reading, each kind weighed by how well it
explains the play: the bots hide their colour and play against the one they believe the other
holds, so their choices, read as their own colour, pointed at a wrong one (offline, over 30
Medium v Medium matches, a plain belief of 0.8 or more named the colour in 7 of 67 games; a
wary one in 4 of 29, while it named a one-turn-ahead player's in 78 of 78).

A reading of slides can be bluffed: a player who slides as a one-turn-ahead player of another
colour would (as Hard's own slides do, priced by what they give away) is read as that colour.
Slides alone cannot tell such a *pretending* slider from a telling one, so a reading with a
pretending share never believes a colour more than the telling kind's share allows; each game
of the match already scored shows the slider's colour, and so which kind it is (`slide_kinds`).

A player who plays against the colour it believes the other holds pushes that colour home as
one who holds it would, so a one-turn-ahead reading names it (Hard's own choices were so read,
wrongly, in 8 first games of 30). With beliefs (`beliefs_held`), each pivot and take is read
beside what the player then believed of the reader's colour (as the reader's own reading of its
choices has it), as a player who plays against that colour and for its own, or as a *denier*
who plays only against it and so shows nothing; a position met again counts once, since a bot
repeats its choice there.

A `ColourReader`
keeps the models' answers for positions it has seen: a game has a few hundred public choices
and the belief is asked for at every decision.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from game.core import History, Move
from game.rules.moriarty import (ACTIVE, DIRECTION, PIVOT, START_ROWS, MoriartyState, PickPivot,
                                 Slide, Take)

COLOURS = 4
# The searching player: fitted by maximum likelihood to 4,016 pivots and takes of Medium and
# Hard bots in 40 matches; the pivot token says most, since a pivot travels two rows when both
# active tokens go the same way.
WEIGHTS = (0.6, 0.25, 0.1)  # pivot token, each active token, token taken less token left
NOISE = 0.1  # the share of choices made for other reasons
# The one-turn-ahead player.
RATIONALITY = 1.5  # how sharply it prefers a choice worth one more point
AHEAD_NOISE = 0.2
# A *denier* (`told_given`): one who plays only against the colour it believes the other holds,
# as a searching bot does, read about as sharply as it plays (offline, 24 recorded matches:
# Hard's choices first read wrong at 0.98 in 4 first games of 30 at this, 5 at 1.5).
DENIER_RATIONALITY = 3.0
SHARP_NOISE = 0.1  # a sharp teller's share of choices made for other reasons (`told_given`)
PRIORS = (0.5, 0.5)  # searching, one turn ahead: before any play, either kind is as likely
SEARCHING, AHEAD, MIXED = 0, 1, 2  # the kinds' places in PRIORS (and the mixed kind's)
CACHE_LIMIT = 4096  # positions whose answers are kept (a match has a few hundred)

Likelihoods = tuple[tuple[float, ...], ...]  # per kind of player, per colour
# searching, telling per colour; a denier; a drifter
ChoiceSums = tuple[list[float], list[float], float, float]
# log weights: hiding, denying, telling, pointing, drifting
ChoiceKinds = tuple[float, float, float, float, float]
# `belief`'s settings (wary, mixed, fair, slides, pretender, choices, choice_pretender,
# choice_denier), with which a reader reads what a player believed of the other's colour
# (`beliefs_held`)
Reading = tuple[bool, bool, bool, bool, float, bool, float, float]


def colour_features(state: MoriartyState, move: Move, colour: int) -> tuple[int, int, int]:
    """What a pivot or take does with tokens of this colour (what a player of that colour wants):
    the pivot token is of it; its active tokens of it; the token taken of it, less the other."""
    colours = state.colours
    if isinstance(move, Take):
        other = next(c for c in state.actives(state.pivot)  # type: ignore[arg-type]
                     if c != move.column)
        return 0, 0, (colours[move.column] == colour) - (colours[other] == colour)
    assert isinstance(move, PickPivot)  # the options are pivots or takes
    left, right = state.actives(move.column)
    return colours[move.column] == colour, (colours[left] == colour) + (colours[right] == colour), 0


def choice_probability(chosen: int, features: Sequence[Sequence[float]],
                       weights: Sequence[float], noise: float) -> float:
    """The model's probability of option `chosen`, given every option's colour features."""
    scores = [math.exp(sum(w * f for w, f in zip(weights, fs))) for fs in features]
    return noise / len(scores) + (1.0 - noise) * scores[chosen] / sum(scores)


def likelihood(state: MoriartyState, move: Move, colour: int,
               weights: Sequence[float] = WEIGHTS, noise: float = NOISE) -> float:
    """The searching player's P(move | colour) for a pivot or take."""
    options = [m for m in state.legal_moves(state.actors[0]) if type(m) is type(move)]
    features = [colour_features(state, m, colour) for m in options]
    return choice_probability(options.index(move), features, weights, noise)


def points_by_colour(state: MoriartyState, seat: int) -> list[int]:
    """A seat's board points from tokens of each colour (four counts), then from all tokens."""
    south = seat == state.south
    counts = [0] * (COLOURS + 1)
    for colour, row in zip(state.colours, state.rows):
        points = 5 - row if south else row - 4
        if points > 0:
            counts[colour] += points
            counts[COLOURS] += points
    return counts


NONE = COLOURS  # a lead table's fifth row and column: no Bonus Colour counted
LeadTable = list[list[float]]  # by the colour a seat might hold, then the colour the other might


def lead_table(state: MoriartyState, seat: int) -> LeadTable:
    """`seat`'s board points less the other's, for each colour `seat` might hold (row) and each
    the other might hold (column), the fifth of each counting no Bonus Colour."""
    mine, theirs = points_by_colour(state, seat), points_by_colour(state, 1 - seat)
    extra = 2 + state.game_index  # a Bonus Colour's token counts 3, 4 or 5 times
    gains = [extra * mine[c] for c in range(COLOURS)] + [0]
    losses = [extra * theirs[c] for c in range(COLOURS)] + [0]
    base = mine[COLOURS] - theirs[COLOURS]
    return [[base + gain - loss for loss in losses] for gain in gains]


def _mean_tables(tables: Sequence[LeadTable]) -> LeadTable:
    return [[sum(t[r][c] for t in tables) / len(tables) for c in range(NONE + 1)]
            for r in range(NONE + 1)]


def _after_slides(state: MoriartyState, seat: int, mine: Move) -> LeadTable:
    """The lead table after `seat` slides `mine`, the other's slide equally likely."""
    if state.rounds + 1 >= state.round_limit:  # valued on the board, not as the game is scored
        state = state.replace(round_limit=state.round_limit + 1)
    pairs = [(mine, reply) if seat == 0 else (reply, mine) for reply in state.legal_moves(1 - seat)]
    return _mean_tables([lead_table(state.apply_joint(*pair).state, seat) for pair in pairs])


def _best_slide(state: MoriartyState, seat: int) -> LeadTable:
    """The lead table after the slides, `seat`'s own at its best for each pair of colours."""
    options = [_after_slides(state, seat, s) for s in state.legal_moves(seat)]
    return [[max(t[r][c] for t in options) for c in range(NONE + 1)] for r in range(NONE + 1)]


def ahead_table(state: MoriartyState, seat: int, move: Move) -> LeadTable:
    """What a one-turn-ahead player expects of `move` (its lead after the round, the other's
    choices equally likely and its own slide at its best), for each pair of colours held."""
    if state.phase == DIRECTION:
        return _after_slides(state, seat, move)
    after = state.apply(move).state
    if state.phase == ACTIVE:
        return _best_slide(after, seat)
    takes = [m for m in after.legal_moves(after.actors[0]) if isinstance(m, Take)]  # the other's
    return _mean_tables([_best_slide(after.apply(take).state, seat) for take in takes])


def _softmax(values: Sequence[float], chosen: int, rationality: float, noise: float) -> float:
    top = max(values)
    weights = [math.exp(rationality * (v - top)) for v in values]
    return noise / len(values) + (1.0 - noise) * weights[chosen] / sum(weights)


def reveals_colour(state: MoriartyState, move: Move) -> bool:
    """True for the public choices the belief reads: pivots, takes and revealed slides."""
    return state.phase in (PIVOT, ACTIVE, DIRECTION) and isinstance(move, (PickPivot, Take, Slide))


OptionTables = tuple[int, list[LeadTable]]  # the option chosen, each option's ahead table


def option_tables(state: MoriartyState, seat: int, move: Move) -> OptionTables | None:
    """The ahead table of each option of `move`'s kind and which was chosen; None when there
    was no choice."""
    options = [m for m in state.legal_moves(seat) if type(m) is type(move)]
    if len(options) < 2:
        return None
    return options.index(move), [ahead_table(state, seat, m) for m in options]


def _likelihoods(state: MoriartyState, seat: int, move: Move,
                 tables: OptionTables | None) -> Likelihoods:
    """P(`seat` plays `move` | colour) for each kind of player and each colour."""
    if tables is None:
        return ((1.0,) * COLOURS,) * len(PRIORS)
    chosen, found = tables
    if isinstance(move, Slide):
        searching = (1.0,) * COLOURS  # the fitted model reads pivots and takes only
    else:
        searching = tuple(likelihood(state, move, c) for c in range(COLOURS))
    ahead = tuple(_softmax([t[c][NONE] for t in found], chosen, RATIONALITY, AHEAD_NOISE)
                  for c in range(COLOURS))
    return searching, ahead


def told_given(tables: OptionTables, held: Sequence[float], sharpness: float = 0.0) -> list[float]:
    """P(choice | colour) of a one-turn-ahead player who also plays against the colour it
    believes the other holds (`held`, its belief), for each colour it might hold; then, fifth,
    of a denier, who so plays holding none (and so shows none). A `sharpness` above 0 reads
    the teller as all but always playing the best choice one turn ahead (that rationality,
    `SHARP_NOISE`): a searcher who only sometimes plays so is then not read as telling."""
    chosen, found = tables
    rationality, noise = (sharpness, SHARP_NOISE) if sharpness > 0.0 else (RATIONALITY,
                                                                            AHEAD_NOISE)
    told = [_softmax([sum(p * t[c][d] for d, p in enumerate(held)) for t in found], chosen,
                     rationality, noise) for c in range(COLOURS)]
    denied = [sum(p * t[NONE][d] for d, p in enumerate(held)) for t in found]
    return told + [_softmax(denied, chosen, DENIER_RATIONALITY, AHEAD_NOISE)]


def uniform_odds(state: MoriartyState, seat: int) -> tuple[float, ...]:
    """A uniform choice's odds of any one of `seat`'s slides, the same for every colour."""
    return (1.0 / len(state.legal_moves(seat)),) * COLOURS


def home_odds(state: MoriartyState, seat: int) -> list[float]:
    """Each colour's chance of being `seat`'s Bonus Colour for a player who picks one with the
    most tokens starting on its side (as greedy's count picks, the tokens placed), alike among
    those."""
    south = seat == state.south
    counts = [0] * COLOURS
    for colour, row in zip(state.colours, START_ROWS):
        if colour is not None and (row <= 4) == south:
            counts[colour] += 1
    tops = [c for c in range(COLOURS) if counts[c] == max(counts)]
    return [1.0 / len(tops) if c in tops else 0.0 for c in range(COLOURS)]


def pretended(logs: Sequence[float]) -> list[float]:
    """Log likelihood per colour of a *pretending* slider, from a one-turn-ahead reading's
    `logs`: one who slides as a one-turn-ahead player of one of the other three colours (which
    one, fixed for the game, equally likely), so the colour its slides point at is the one it
    does not hold."""
    return [_log_mean_exp([x for c, x in enumerate(logs) if c != colour])
            for colour in range(COLOURS)]


def _log_mean_exp(logs: Sequence[float]) -> float:
    """The log of the mean of exp(x) over `logs`, without overflow."""
    top = max(logs)
    return top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))


def _log_sum_exp(logs: Sequence[float]) -> float:
    """The log of the sum of exp(x) over `logs`, without overflow."""
    top = max(logs)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(x - top) for x in logs))


def _log(x: float) -> float:
    """log(x), and -inf for nothing (a kind of player left out)."""
    return math.log(x) if x > 0.0 else -math.inf


def _kinds_weighed(logs: Sequence[Sequence[float]]) -> list[float]:
    """Colour probabilities that trust only the one-turn-ahead reading: each kind of player
    weighed by how well it explains the play, a searching player's share spread evenly."""
    spread = _log_mean_exp(logs[SEARCHING])
    return _normalised([[spread] * COLOURS, *logs[AHEAD:]])


def _normalised(logs: Sequence[Sequence[float]]) -> list[float]:
    """Colour probabilities from log weights per kind of player and colour."""
    top = max(max(row) for row in logs)
    totals = [sum(math.exp(row[c] - top) for row in logs) for c in range(COLOURS)]
    whole = sum(totals)
    return [t / whole for t in totals]


class ColourReader:
    """The belief over a player's Bonus Colour, with the models' answers kept."""

    def __init__(self) -> None:
        self._cache: dict[tuple[MoriartyState, int, Move], Likelihoods] = {}
        self._tables: dict[tuple[MoriartyState, int, Move], OptionTables | None] = {}
        self._held: dict[tuple[Any, ...], list[float]] = {}

    def likelihoods(self, state: MoriartyState, seat: int, move: Move) -> Likelihoods:
        """P(`seat` plays `move` | colour) for each kind of player and each colour."""
        key = (state, seat, move)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = _likelihoods(state, seat, move,
                                                    self.option_tables(state, seat, move))
        return found

    def option_tables(self, state: MoriartyState, seat: int, move: Move) -> OptionTables | None:
        """`option_tables`, kept for pivots and takes (which a reading with beliefs rereads)."""
        if isinstance(move, Slide):
            return option_tables(state, seat, move)
        key = (state, seat, move)
        if key not in self._tables:
            if len(self._tables) >= CACHE_LIMIT:
                self._tables.clear()
            self._tables[key] = option_tables(state, seat, move)
        return self._tables[key]

    def beliefs_held(self, history: History[MoriartyState], player: int, game_index: int,
                     reading: Reading) -> dict[int, list[float]]:
        """What `player` believed of the other's colour at each of its pivots and takes in that
        game (by index in `history`): the other's colour read from what came before, as
        `belief` reads with `reading`'s settings. A reading that itself reads beside the
        beliefs held (a denier's share last) reads both players' earlier choices first, in
        order, so that each belief finds every one before it already read."""
        held: dict[int, list[float]] = {}
        every = reading[-1] > 0.0
        prefix = hash(reading)  # one key per history before each choice, by a chain of hashes
        for index, entry in enumerate(history):
            public, who, move = entry
            ours = who == player and public.game_index == game_index
            if (ours or every) and isinstance(move, (PickPivot, Take)) \
                    and reveals_colour(public, move):
                key = (prefix, who)
                if key not in self._held:
                    if len(self._held) >= CACHE_LIMIT:
                        self._held.clear()
                    self._held[key] = self.belief(history[:index], who, public, *reading, every)
                if ours:
                    held[index] = self._held[key]
            prefix = hash((prefix, public, who, move))
        return held

    def log_weights(self, history: History[MoriartyState], player: int, game_index: int,
                    mixed: bool = False, fair: bool = False) -> list[list[float]]:
        """Log prior times likelihood of `player`'s public choices this game, per kind of
        player and colour; `mixed` adds a third kind, searching at pivots and takes (which
        then say nothing of the colour) and one turn ahead at its slides; `fair` gives a
        searching player's slide a uniform choice's odds (not certainty, which let that kind
        outweigh any reading of the slides)."""
        logs = [[math.log(prior)] * COLOURS for prior in PRIORS]
        if mixed:
            logs.append([math.log(PRIORS[AHEAD])] * COLOURS)
        for public, who, move in history:
            if who != player or public.game_index != game_index or not reveals_colour(public, move):
                continue
            found = self.likelihoods(public, who, move)
            if fair and isinstance(move, Slide):
                found = (uniform_odds(public, who), *found[AHEAD:])
            for kind, values in enumerate(found):
                for c in range(COLOURS):
                    logs[kind][c] += math.log(values[c])
            if mixed:
                mixed_values = found[AHEAD] if isinstance(move, Slide) else \
                    [sum(found[SEARCHING]) / COLOURS] * COLOURS
                for c in range(COLOURS):
                    logs[MIXED][c] += math.log(mixed_values[c])
        return logs

    def slide_kinds(self, history: History[MoriartyState], player: int, observation: MoriartyState,
                    pretender: float) -> tuple[float, float]:
        """Log weights of a telling and a pretending slider (`pretended`), `pretender` being
        the pretending kind's share before play: each game of the match already scored shows
        `player`'s colour, so its slides say which kind `player` is."""
        telling, pretending = math.log(1.0 - pretender), math.log(pretender)
        for scored in observation.history:
            colour = scored.bonus[player]
            ahead = self.log_weights(history, player, scored.game_index, True)[MIXED]
            telling += ahead[colour]
            pretending += pretended(ahead)[colour]
        return telling, pretending

    def home_prior(self, history: History[MoriartyState], player: int, observation: MoriartyState,
                   share: float) -> list[float]:
        """Each colour's chance before this game's play: a `share` of players pick a colour
        whose tokens start on their side (`home_odds`), the rest any; each game of the match
        already scored shows `player`'s colour beside that game's placing (the last public
        state of it in `history`), and so which kind it is."""
        home, any_colour = math.log(share), math.log(1.0 - share)
        placed = {public.game_index: public for public, _, _ in history}
        for scored in observation.history:
            public = placed.get(scored.game_index)
            if public is not None:
                home += _log(home_odds(public, player)[scored.bonus[player]])
                any_colour += math.log(1.0 / COLOURS)
        top = max(home, any_colour)
        picker, chooser = math.exp(home - top), math.exp(any_colour - top)
        return [(picker * odds + chooser / COLOURS) / (picker + chooser)
                for odds in home_odds(observation, player)]

    def _choice_sums(self, history: History[MoriartyState], player: int, game_index: int,
                     reading: Reading | None = None,
                     sharpness: float = 0.0) -> dict[type, ChoiceSums]:
        """Per kind of choice (pivots, takes) `player` made in that game: the summed log
        likelihoods per colour of a searching player and of a one-turn-ahead one, and of a
        denier (-inf without beliefs). With a `reading` (`beliefs_held`), the one-turn-ahead
        player also plays against the colour it believes the other holds, a denier is read, and
        a position met again counts once (a bot repeats its choice there); a `sharpness` reads
        that one-turn-ahead player as all but always playing the best (`told_given`); with a
        `reading`, also of a *drifter*, who plays each choice as a teller of a colour drawn
        afresh each time would (so a good player's choices, best for some colour or other, are
        what a drifter makes, and only a choice best for one colour alone tells that one)."""
        held = self.beliefs_held(history, player, game_index, reading) if reading else {}
        start = 0.0 if reading else -math.inf
        sums: dict[type, ChoiceSums] = {
            kind: ([0.0] * COLOURS, [0.0] * COLOURS, start, start)
            for kind in (PickPivot, Take)}
        seen = set()
        for index, (public, who, move) in enumerate(history):
            if who != player or public.game_index != game_index or type(move) not in sums \
                    or not reveals_colour(public, move):
                continue
            searching, ahead, denier, drifter = sums[type(move)]
            found = self.likelihoods(public, who, move)
            told: Sequence[float] = found[AHEAD]
            if reading:
                place = (public.replace(rounds=0, turn_number=0), move)
                tables = self.option_tables(public, who, move)
                if place in seen or tables is None:
                    continue
                seen.add(place)
                told = told_given(tables, held[index], sharpness)
                denier += math.log(told[COLOURS])
                drifter += math.log(sum(told[:COLOURS]) / COLOURS)
            for c in range(COLOURS):
                searching[c] += math.log(found[SEARCHING][c])
                ahead[c] += math.log(told[c])
            sums[type(move)] = (searching, ahead, denier, drifter)
        return sums

    def choice_kinds(self, history: History[MoriartyState], player: int, observation: MoriartyState,
                     pretender: float, denier: float = 0.0,
                     reading: Reading | None = None,
                     sharpness: float = 0.0, drifter: float = 0.0) -> dict[type, ChoiceKinds]:
        """Per kind of choice, the log weights (summing to one) of a player who hides its
        colour there, of a denier (a `denier` share of hiders before play, read with a
        `reading`: `_choice_sums`), of one who tells it and of one who points at another
        (`pretended`; a `pretender` share of the telling kind before play): each game of the
        match already scored shows `player`'s colour, and so which of them its pivots, and
        its takes, were; a `drifter` share of hiders, read with a `reading`, is drifters
        (`_choice_sums`)."""
        weights: dict[type, list[float]] = {
            kind: [_log(PRIORS[SEARCHING] * (1 - denier - drifter)),
                   _log(PRIORS[SEARCHING] * denier),
                   _log(PRIORS[AHEAD] * (1 - pretender)), _log(PRIORS[AHEAD] * pretender),
                   _log(PRIORS[SEARCHING] * drifter)]
            for kind in (PickPivot, Take)}
        for scored in observation.history:
            colour = scored.bonus[player]
            found = self._choice_sums(history, player, scored.game_index, reading, sharpness)
            for kind, (searching, ahead, denied, drifted) in found.items():
                weights[kind][0] += _log_mean_exp(searching)
                weights[kind][1] += denied
                weights[kind][2] += ahead[colour]
                weights[kind][3] += pretended(ahead)[colour]
                weights[kind][4] += drifted
        learnt: dict[type, ChoiceKinds] = {}
        for kind, logs in weights.items():
            whole = _log_sum_exp(logs)
            hiding, denying, telling, pretending, drifting = (x - whole for x in logs)
            learnt[kind] = (hiding, denying, telling, pretending, drifting)
        return learnt

    def choice_evidence(self, history: History[MoriartyState], player: int, game_index: int,
                        kinds: Mapping[type, ChoiceKinds] | None = None,
                        reading: Reading | None = None,
                        sharpness: float = 0.0) -> list[float]:
        """Log evidence per colour from `player`'s pivots and takes this game, each kind of
        choice read by whichever model explains it better, as a whole: a searching player's,
        which hides the colour there and so says nothing of it, or a one-turn-ahead player's,
        which tells it (a player may hide at one kind of choice and tell at another); `kinds`
        weighs those two, a denier and a pretending one per kind of choice as learnt from the
        match (`choice_kinds`), where without it the first two are as likely and none denies
        or pretends; a `reading` reads what each choice says of the colour the player
        believed the other held (`_choice_sums`)."""
        evidence = [0.0] * COLOURS
        found = self._choice_sums(history, player, game_index, reading, sharpness)
        for kind, (searching, ahead, denied, drifted) in found.items():
            hiding, denying, telling, pretending, drifting = kinds[kind] if kinds else (
                math.log(PRIORS[SEARCHING]), -math.inf, math.log(PRIORS[AHEAD]), -math.inf,
                -math.inf)
            hidden = _log_sum_exp((hiding + _log_mean_exp(searching), denying + denied,
                                   drifting + drifted))
            pointed = pretended(ahead)
            for c in range(COLOURS):  # log(P(hidden) + P(told) + P(pointed))
                evidence[c] += _log_sum_exp((hidden, telling + ahead[c], pretending + pointed[c]))
        return evidence

    def belief(self, history: History[MoriartyState], seat: int, observation: MoriartyState,
               wary: bool = False, mixed: bool = False, fair: bool = False,
               slides: bool = False, pretender: float = 0.0,
               choices: bool = False, choice_pretender: float = 0.0,
               choice_denier: float = 0.0, consistent: bool = False,
               choice_sharpness: float = 0.0, home: float = 0.0,
               choice_drifter: float = 0.0) -> list[float]:
        """The probability of each colour being the Bonus Colour of `seat`'s opponent; a wary
        belief takes no colour from choices a searching player explains better, since such a
        player hides its colour and plays against the one it believes the other holds (`fair`:
        see `log_weights`); a belief from `slides` reads only the revealed slides, each as a
        one-turn-ahead player would make it (a searching player's pivots and takes hide its
        colour, but its slides push its colour home as a simple player's do), and with `fair`
        beside a player whose slides are a coin's, each by how well it explains them; with a
        `pretender` share, also beside a pretending slider (`slide_kinds`); with `choices`, a
        reading of slides also weighs the pivots and takes (`choice_evidence`), and with a
        `choice_pretender` share learns from the match's scored games whether they hid the
        colour, told it or pointed at another (`choice_kinds`); with a `choice_denier` share,
        reads each pivot and take beside what the player believed of this seat's colour then
        (read as this belief reads, without it: `beliefs_held`), as a player who plays against
        that colour and perhaps for its own, or (a denier) only against it; `consistent` reads
        what the player believed as this belief reads, with its denier (else without);
        `choice_sharpness` reads a teller there as all but always playing the best choice one
        turn ahead (`told_given`); with a `home` share, before play a player is as likely as
        `home_prior` says to hold each colour; with a `choice_drifter` share of hiders, reads
        each pivot and take also as a drifter's (`_choice_sums`)."""
        found = self._read(history, seat, observation, wary, mixed, fair, slides, pretender,
                           choices, choice_pretender, choice_denier, consistent,
                           choice_sharpness, choice_drifter)
        if home <= 0.0 or None in observation.colours:
            return found
        weighed = [p * q for p, q in
                   zip(found, self.home_prior(history, 1 - seat, observation, home))]
        return [w / sum(weighed) for w in weighed]

    def _read(self, history: History[MoriartyState], seat: int, observation: MoriartyState,
              wary: bool,
              mixed: bool, fair: bool, slides: bool, pretender: float, choices: bool,
              choice_pretender: float, choice_denier: float, consistent: bool,
              choice_sharpness: float, choice_drifter: float = 0.0) -> list[float]:
        """`belief` from play alone, every colour as likely before it."""
        if slides:
            logs = self.log_weights(history, 1 - seat, observation.game_index, True, fair)
            kinds = [logs[MIXED]]
            if pretender > 0.0:
                telling, pretending = self.slide_kinds(history, 1 - seat, observation, pretender)
                kinds = [[telling + x for x in logs[MIXED]],
                         [pretending + x for x in pretended(logs[MIXED])]]
            if choices:
                reading: Reading | None = (
                    wary, mixed, fair, slides, pretender, choices, choice_pretender,
                    choice_denier if consistent else 0.0) if choice_denier > 0.0 else None
                learnt = self.choice_kinds(history, 1 - seat, observation, choice_pretender,
                                           choice_denier, reading, choice_sharpness,
                                           choice_drifter) \
                    if choice_pretender > 0.0 or reading else None
                extra = self.choice_evidence(history, 1 - seat, observation.game_index, learnt,
                                             reading, choice_sharpness)
                kinds = [[x + e for x, e in zip(row, extra)] for row in kinds]
            return _kinds_weighed([logs[SEARCHING], *kinds]) if fair else _normalised(kinds)
        logs = self.log_weights(history, 1 - seat, observation.game_index, wary and mixed, fair)
        return _kinds_weighed(logs) if wary else _normalised(logs)

    def giveaway(self, history: History[MoriartyState], seat: int, state: MoriartyState,
                 move: Move) -> float:
        """How much `move` would raise the opponent's belief in `seat`'s own Bonus Colour."""
        before, after = self.belief_shift(history, seat, state, move)
        return after - before

    def belief_shift(self, history: History[MoriartyState], seat: int, state: MoriartyState,
                     move: Move) -> tuple[float, float]:
        """The opponent's belief in `seat`'s own Bonus Colour, read from every choice, before
        and after `move` (the same twice for a move that shows no colour)."""
        mine = state.bonus[seat]
        if mine is None or not reveals_colour(state, move):
            return 0.0, 0.0
        logs = self.log_weights(history, seat, state.game_index)
        before = _normalised(logs)[mine]
        for kind, values in enumerate(self.likelihoods(state.observe_public(), seat, move)):
            for c in range(COLOURS):
                logs[kind][c] += math.log(values[c])
        return before, _normalised(logs)[mine]

    def slide_giveaway(self, history: History[MoriartyState], seat: int, state: MoriartyState,
                       move: Move) -> float:
        """How much the slide `move` would raise a reading of `seat`'s slides alone (the
        other's `belief` from `slides`) in `seat`'s own Bonus Colour."""
        mine = state.bonus[seat]
        if mine is None or not reveals_colour(state, move):
            return 0.0
        logs = self.log_weights(history, seat, state.game_index, True)[MIXED]
        ahead = self.likelihoods(state.observe_public(), seat, move)[AHEAD]
        after = [x + math.log(p) for x, p in zip(logs, ahead)]
        shift: float = _normalised([after])[mine] - _normalised([logs])[mine]
        return shift
