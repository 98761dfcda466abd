"""Bot tournaments: win rates with 95% intervals, think times and game lengths.

    python -m game.tools.arena strands hard medium --games 40      # one pairing, seats alternating
    python -m game.tools.arena pulling_strings hard greedy --games 40
    python -m game.tools.arena strands hard uct --time-factor 10   # uct gets 10x Hard's time
    python -m game.tools.arena moriarty hard random --detail       # and every declaration
    python -m game.tools.arena --table --games 40                  # the level table, all five games
    python -m game.tools.arena --hybrids moriarty --games 40       # Hard v each of its hybrids
    python -m game.tools.arena --hybrids synch --control           # and Hard v Hard, same seeds

Players: the bots "easy", "medium", "hard"; and, from outside the bot family, "random",
"greedy" (one turn ahead by a simple count, `game/tools/opponents.py`), "predictor" (greedy,
but best-responding to a private copy of the bot it faces), "uct" (plain UCT with random
rollouts, `game/tools/uct.py`, thinking as long as the level it faces, times --time-factor);
in Moriarty "namer" (greedy, but naming the other's home colour at its first chance in each
game), in Tug of War "perfect" (optimal play from the solved table); and Hard's hybrids,
"hard-but-KIND-greedy" and "hard-but-KIND-random", Hard except at one kind of decision
(`game/tools/hybrids.py`).
"predictor:hard" or "uct:medium" name the level outright. Each game of a pairing gets its own
seed, and the first player takes seat 0 in even-numbered games and seat 1 in odd ones. A
player's score counts a draw as half a win; the interval is Wilson's 95% score interval.
Each game's result goes to stderr as it ends; `--standoff N` ends a Pulling Strings game drawn
once its board has stood still for N whole turns (otherwise it plays on to its turn limit).
`--record FOLDER` keeps each game as a record (JSON, as the app saves a replay), its players,
think times and ending in `meta`, for the review screen, an offline reading
(`game.tools.arena_records`) or a row counted from the games a stopped run played
(`game.tools.tally`).
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import multiprocessing
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.bots import LEVEL_NAMES, SOLVED, Bot, knowledge_for
from game.bots.draws import accepts_draw
from game.bots.history import History
from game.bots.perfect_tug import PerfectTugPlayer
from game.core import Ending, GameError, State
from game.match import Match, RandomPlayer
from game.registry import GAMES
from game.rules.moriarty import MoriartyDeclared, MoriartyState
from game.tools.hybrids import KINDS, Hybrid, hybrid_names, parse_hybrid
from game.tools.opponents import Greedy, HomeNamer, Predictor
from game.tools.screen_time import Shown, shown
from game.tools.uct import PlainUCT

OUTSIDERS = ("random", "greedy", "predictor", "uct", "namer", "perfect")
PLAYERS = LEVEL_NAMES + OUTSIDERS
# The table: the levels apart, each against the outside world (the predictor where there are
# secret choices to predict, plain UCT where there are none), and Hard against random play.
TABLE = (("hard", "medium"), ("medium", "easy"), ("hard", "greedy"), ("medium", "greedy"),
         ("hard", "random"))
SECRET_GAMES = ("pulling_strings", "moriarty")
TABLE_SECRET = (("hard", "predictor"), ("medium", "predictor"))
TABLE_OPEN = (("hard", "uct"),)
# Games with an outside player of their own: Moriarty's namer guesses a colour from the board.
TABLE_OWN: Mapping[str, tuple[tuple[str, str], ...]] = {"moriarty": (("hard", "namer"),)}


def table_pairings(games: Iterable[str]) -> list[tuple[str, tuple[str, str]]]:
    """The pairings `--table` plays, game by game."""
    return [(g, pair) for g in games
            for pair in TABLE + (TABLE_SECRET if g in SECRET_GAMES else TABLE_OPEN)
            + TABLE_OWN.get(g, ())]
# Games that could run on without end get a limit in the arena (a drawn game, per RULES.md).
ARENA_OPTIONS: Mapping[str, Mapping[str, Any]] = {"pulling_strings": {"turn_limit": 200}}


@dataclasses.dataclass(frozen=True)
class Declaration:
    """A Moriarty declaration in an arena game: who, when, right or wrong, points at stake."""

    player: str
    game_index: int
    round: int
    correct: bool
    points: int


@dataclasses.dataclass
class GameResult:
    """One arena game from the first player's side: 1 win, 0.5 draw, 0 loss, and timings."""

    score: float
    decisions: int
    turns: int
    think: tuple[list[float], list[float]]  # seconds per decision, first player then second
    declarations: tuple[Declaration, ...] = ()
    ending: str = ""  # how the game ended, in the rules' words
    kind: str = Ending.PLAY.value  # which kind of rule ended it (an Ending's value)
    shown: tuple[Shown, ...] = dataclasses.field(default=(), repr=False)  # each step as the
    # app would show it (game.tools.screen_time; the lengths table reads it)


CLOCKS: Mapping[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


@dataclasses.dataclass(frozen=True)
class Setup:
    """How the arena sizes its players: bots' budgets times `scale`, uct's time times
    `time_factor` (of the level it faces), every think time read on `clock` ("wall", or "cpu":
    the thinking thread's processor time, so a machine busy with other work plays the same
    games as a quiet one and reports the times a quiet one would)."""

    scale: float = 1.0
    time_factor: float = 1.0
    clock: str = "wall"
    standoff: int = 0  # above 0: a game with draws by agreement ends drawn once its board has
    # stood still for this many whole turns (a standoff both sides keep up; 0: played out)
    record_dir: str = ""  # not empty: each game's record (JSON) is written to this folder

    @property
    def read_clock(self) -> Callable[[], float]:
        """The clock function think times are read on."""
        return CLOCKS[self.clock]


def player_level(name: str, other: str) -> str:
    """The bot level a player name stands for or faces ("uct:hard", or the other's level)."""
    kind, _, level = name.partition(":")
    if level:
        return level
    if kind in LEVEL_NAMES:
        return kind
    other_kind = other.partition(":")[0]
    return other_kind if other_kind in LEVEL_NAMES else "hard"


def check_player(name: str) -> str:
    """The name if it names a player (argparse type), else an error saying which are known."""
    base, *traits = name.split("~")
    if traits:  # a level with some of its knowledge's settings changed, for trying them
        if base.partition(":")[0] not in LEVEL_NAMES + ("predictor",) \
                and parse_hybrid(base) is None:
            raise argparse.ArgumentTypeError(f"{name!r}: only a level or a hybrid takes settings")
        try:
            [_trait(t) for t in traits]
        except ValueError as error:
            raise argparse.ArgumentTypeError(f"{name!r}: {error}") from None
        check_player(base)
        return name
    if parse_hybrid(name) is not None:
        return name
    kind, _, level = name.partition(":")
    if kind not in PLAYERS or (level and (kind not in ("predictor", "uct")
                                          or level not in LEVEL_NAMES)):
        raise argparse.ArgumentTypeError(
            f"unknown player {name!r} (players: {', '.join(PLAYERS)}; "
            f"predictor:LEVEL, uct:LEVEL, hard-but-KIND-greedy, hard-but-KIND-random)")
    return name


def _trait(text: str) -> tuple[str, float]:
    """A knowledge setting written `NAME=NUMBER`."""
    key, equals, value = text.partition("=")
    if not (key and equals):
        raise ValueError(f"{text!r} is not NAME=NUMBER")
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise ValueError(f"{text!r}: {value!r} is not a number")
    return key, number


def make_player(name: str, other: str, game_id: str, seed: int, setup: Setup = Setup()):
    """The player a name stands for, facing the player named `other` ("hard~concealment=0":
    Hard with that setting of its game's knowledge changed)."""
    name, *changes = name.split("~")
    other, *others = other.split("~")
    traits = tuple(_trait(t) for t in changes)
    if name.partition(":")[0] == "predictor":  # its model is the bot it faces, settings and all
        traits = tuple(_trait(t) for t in others)
    kind = name.partition(":")[0]
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return Greedy(seed)
    if kind == "namer":
        if game_id != "moriarty":
            raise GameError("the namer plays only Moriarty")
        return HomeNamer(seed)
    if kind == "perfect":
        if game_id != "tug_of_war":
            raise GameError("the perfect player knows only Tug of War")
        return PerfectTugPlayer(seed)
    if (game_id, kind) in SOLVED:
        return SOLVED[game_id, kind](seed)
    knowledge = knowledge_for(game_id)
    hybrid = parse_hybrid(name)
    if hybrid is not None:
        if hybrid[0] not in KINDS.get(game_id, ()):
            raise GameError(f"{game_id}'s Hard makes no decision of the kind {hybrid[0]!r} "
                            f"(hybrids: {', '.join(hybrid_names(game_id)) or 'none'})")
        level = knowledge.levels()["hard"].scaled(setup.scale).timed_by(setup.read_clock)
        level = dataclasses.replace(level, traits=level.traits + traits)
        return Hybrid(Bot(knowledge, level, seed), hybrid[0], hybrid[1], seed)
    level = knowledge.levels()[player_level(name, other)].scaled(setup.scale)
    level = dataclasses.replace(level.timed_by(setup.read_clock), traits=level.traits + traits)
    if kind == "uct":
        return PlainUCT(level.budget.seconds * setup.time_factor, seed, setup.read_clock)
    if kind == "predictor":
        predictor = Predictor(game_id, level.name, seed)
        predictor.model = Bot(knowledge_for(game_id), level, seed + 7919)
        return predictor
    return Bot(knowledge, level, seed)


def play_game(game_id: str, names: tuple[str, str], seed: int, first_seat: int,
              options: Mapping[str, Any] | None = None, setup: Setup = Setup()) -> GameResult:
    """Play one game between two named players, the first taking `first_seat`."""
    match = Match(game_id, {**ARENA_OPTIONS.get(game_id, {}), **(options or {})}, seed)
    seats = (first_seat, 1 - first_seat)
    players = {seats[k]: make_player(names[k], names[1 - k], game_id, seed * 2 + k, setup)
               for k in (0, 1)}
    think: tuple[list[float], list[float]] = ([], [])
    history = History()
    decisions = 0
    declarations: list[Declaration] = []
    clock = setup.read_clock
    ending = ""
    steps: list[Shown] = []
    while not match.state.is_terminal:
        state = match.state
        if state.awaiting == ():
            steps.append(shown(game_id, state, match.resolve_chance(), -1, 0.0))
            continue
        if setup.standoff and accepts_draw(history.entries, state, setup.standoff):
            match.agree_draw()
            ending = (f"a standoff: the board stood still for {setup.standoff} "
                      f"turn{'s' if setup.standoff > 1 else ''}")
            break
        for seat in state.awaiting:
            before = match.state
            start = clock()
            move = players[seat].choose(match.observe(seat), seat, history.entries)
            thought = clock() - start
            think[seats.index(seat)].append(thought)
            step = match.play(move, seat)
            steps.append(shown(game_id, before, step, seats.index(seat), thought))
            history.add(before, seat, move)
            decisions += 1
            declarations.extend(declarations_in(before, step.events, names[seats.index(seat)]))
    outcome = match.state.outcome
    assert outcome is not None  # the loop ran to the end, or a standoff ended it drawn
    result = dataclasses.replace(
        _result(match, first_seat, decisions, think, declarations, ending or outcome.reason),
        kind=ending_kind(match.state).value, shown=tuple(steps))
    if setup.record_dir:
        write_record(match, names, first_seat, setup.record_dir, result)
    return result


def write_record(match: Match, names: tuple[str, str], first_seat: int, folder: str,
                 result: GameResult | None = None) -> Path:
    """Write a finished arena game's record, its players named by seat, as
    `GAME-FIRST-v-SECOND-SEED.json` in `folder` (a replay the app and the tools can read;
    characters a file name may not hold become `_`). With the arena's `result`, the meta also
    keeps the pairing, the first player's seat, each seat's think times and the ending, so a
    run cut short still counts (`game.tools.tally`)."""
    seats = {first_seat: names[0], 1 - first_seat: names[1]}
    meta: dict[str, Any] = {"players": [seats[0], seats[1]]}
    if result is not None:
        by_seat = (result.think[0], result.think[1])[::1 if first_seat == 0 else -1]
        meta.update(pairing=list(names), first_seat=first_seat, ending=result.ending,
                    think=[[round(t, 4) for t in times] for times in by_seat])
    record = match.record(meta)
    stem = f"{match.spec.id}-{names[0]}-v-{names[1]}-{match.seed}"
    path = Path(folder) / (file_safe(stem) + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")  # a reader never sees half a record
    part.write_text(record.dumps(), encoding="utf-8")
    part.replace(path)
    return path


def file_safe(name: str) -> str:
    """`name` with every character a file name may not hold (on any system) as `_`."""
    return re.sub(r"[^A-Za-z0-9_.=~-]", "_", name)


def _result(match: Match, first_seat: int, decisions: int, think, declarations,
            ending: str) -> GameResult:
    outcome = match.state.outcome
    assert outcome is not None  # results are of finished games
    winner = outcome.winner
    score = 0.5 if winner is None else (1.0 if winner == first_seat else 0.0)
    return GameResult(score, decisions, match.state.turn, think, tuple(declarations), ending)


def ending_kind(state: State) -> Ending:
    """Which kind of rule ended a finished game; a match (Moriarty's) counts as ended by a
    limit if any of its games was."""
    outcome = state.outcome
    assert outcome is not None  # kinds are of finished games
    games = getattr(state, "history", ())
    if any(getattr(g, "ending", None) is Ending.LIMIT for g in games):
        return Ending.LIMIT
    return outcome.ending


def declarations_in(before: Any, events: Sequence[Any], player: str) -> list[Declaration]:
    """The Moriarty declarations among a step's events, made by `player` from state `before`."""
    if not isinstance(before, MoriartyState):
        return []
    stake = before.board_points(0) + before.board_points(1)
    return [Declaration(player, before.game_index, before.rounds, e.correct, stake)
            for e in events if isinstance(e, MoriartyDeclared)]


def _play_numbered(numbered: tuple[Any, tuple]) -> tuple[Any, GameResult]:
    return numbered[0], play_game(*numbered[1])


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (successes may be fractional: draws as half)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (nearest rank) of some values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


@dataclasses.dataclass
class PairingReport:
    """The totals of one pairing."""

    game_id: str
    names: tuple[str, str]
    results: list[GameResult]
    elapsed: float | None  # wall seconds; None where unknown (a tally of records)
    seeds: tuple[int, ...] = ()  # each game's seed, in the order of `results`

    def line(self) -> str:
        """One table row: W/D/L, score with its interval, think times, game length."""
        n = len(self.results)
        wins = sum(r.score == 1.0 for r in self.results)
        draws = sum(r.score == 0.5 for r in self.results)
        score = wins + draws / 2
        low, high = wilson(score, n)
        first = [t for r in self.results for t in r.think[0]]
        second = [t for r in self.results for t in r.think[1]]
        turns = statistics.mean(r.turns for r in self.results)
        decisions = statistics.mean(r.decisions for r in self.results)
        wall = "-" if self.elapsed is None else f"{self.elapsed:.0f}s"
        return (f"{self.game_id:<16} {self.names[0]:>9} v {self.names[1]:<9} {n:>4} "
                f"{wins:>4} {draws:>3} {n - wins - draws:>4}  {score / n:>5.1%} "
                f"[{low:>5.1%}, {high:>5.1%}]  "
                f"{_ms(first)} {_ms(second)}  {turns:>6.1f} {decisions:>6.1f} "
                f"{wall:>7}")

    def games(self) -> str:
        """Each game: its seed, the first player's result and how it ended."""
        return "\n".join(game_line(k, seed, self.names[0], r)
                         for k, (seed, r) in enumerate(zip(self.seeds, self.results)))

    def declarations(self) -> str:
        """Every declaration of the pairing, and each player's right and wrong ones in sum."""
        lines = []
        for k, result in enumerate(self.results):
            for d in result.declarations:
                verdict = "right" if d.correct else "wrong"
                lines.append(f"  game {k + 1:>3} (match game {d.game_index + 1}, round "
                             f"{d.round:>2}): {d.player} declared, {verdict}, "
                             f"{d.points} points at stake")
        for name in dict.fromkeys(self.names):
            made = [d for r in self.results for d in r.declarations if d.player == name]
            right = sum(d.correct for d in made)
            lines.append(f"  {name}: {len(made)} declarations, {right} right, "
                         f"{len(made) - right} wrong")
        return "\n".join(lines)


def game_line(index: int, seed: int, first: str, result: GameResult) -> str:
    """One game of a pairing: its number and seed, the first player's result, its ending."""
    verdict = {1.0: "won", 0.5: "drew", 0.0: "lost"}[result.score]
    return f"  game {index + 1:>3} (seed {seed}): {first} {verdict}; {result.ending}"


def _ms(times: list[float]) -> str:
    if not times:
        return f"{'-':>15}"
    return f"{statistics.mean(times) * 1000:>6.0f}/{p95(times) * 1000:>6.0f}ms"


HEADER = (f"{'game':<16} {'first':>9} v {'second':<9} {'n':>4} {'won':>4} {'drw':>3} "
          f"{'lost':>4}  {'score':>5} {'95% interval':<16} {'think 1st mean/p95':>15} "
          f"{'2nd mean/p95':>15}  {'turns':>6} {'moves':>6} {'wall':>7}")


def run_pairing(game_id: str, names: tuple[str, str], games: int, jobs: int, seed: int,
                options: Mapping[str, Any] | None = None, setup: Setup = Setup(),
                on_game: Callable[[int, GameResult], None] | None = None) -> PairingReport:
    """Play `games` games of one pairing, seats alternating, on `jobs` processes; `on_game`
    hears of each game (its index and result) as soon as it ends."""
    hear = None if on_game is None else (lambda _pairing, k, result: on_game(k, result))
    return run_pairings([(game_id, names)], games, jobs, seed, options, setup, hear)[0]


def run_pairings(pairings: Sequence[tuple[str, tuple[str, str]]], games: int | Sequence[int],
                 jobs: int, seed: int, options: Mapping[str, Any] | None = None,
                 setup: Setup = Setup(),
                 on_game: Callable[[int, int, GameResult], None] | None = None,
                 by_game: Mapping[str, Mapping[str, Any]] | None = None,
                 ) -> list[PairingReport]:
    """Play `games` games of each pairing (or a count for each), seats alternating, all on one
    pool of `jobs` processes (so a table keeps every core busy), with `options` or, where it
    names the game, `by_game`'s options; `on_game` hears of each game (its pairing's index,
    its own index and result) as soon as it ends. A pairing's wall time runs until its last
    game ended."""
    counts = [games] * len(pairings) if isinstance(games, int) else list(games)
    tasks = [((p, k), (game_id, names, seed + k, k % 2,
                       (by_game or {}).get(game_id, options), setup))
             for p, (game_id, names) in enumerate(pairings) for k in range(counts[p])]
    start = time.perf_counter()
    results: list[list[GameResult | None]] = [[None] * n for n in counts]
    ended = [0.0] * len(pairings)
    with contextlib.ExitStack() as stack:
        finished: Iterable[tuple[Any, GameResult]]
        if jobs <= 1:
            finished = map(_play_numbered, tasks)
        else:
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(jobs))
            finished = pool.imap_unordered(_play_numbered, tasks, chunksize=1)
        for (p, k), result in finished:
            results[p][k] = result
            ended[p] = time.perf_counter() - start
            if on_game is not None:
                on_game(p, k, result)
    return [PairingReport(game_id, names, [r for r in results[p] if r is not None], ended[p],
                          tuple(seed + k for k in range(counts[p])))
            for p, (game_id, names) in enumerate(pairings)]


def parse_setting(text: str) -> tuple[str, Any]:
    """`NAME=VALUE` (argparse type): a game option, its value a whole number or true/false."""
    name, equals, value = text.partition("=")
    if not (name and equals and value):
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def main(argv: list[str] | None = None,
         lengths: Callable[[argparse.ArgumentParser, argparse.Namespace, Setup,
                            list[str] | None], int] | None = None) -> int:
    """Run one pairing, or the level table, and print the results; with --lengths, `lengths`
    (the lengths tool's `run`) makes its table."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.arena",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", help=f"game id ({', '.join(GAMES)})")
    parser.add_argument("first", nargs="?", type=check_player, help="a player (see above)")
    parser.add_argument("second", nargs="?", type=check_player, help="a player (see above)")
    parser.add_argument("--games", type=int, default=None,
                        help="games per pairing (default 20; with --lengths 40)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--table", action="store_true",
                        help="every game: the levels apart, each against greedy, the predictor "
                             "or uct, and Hard against random")
    parser.add_argument("--only", nargs="*", default=None,
                        help="with --table or --lengths: these games")
    parser.add_argument("--lengths", action="store_true",
                        help="every game: turns, decisions, endings and minutes at a human pace "
                             "for every pairing of random, greedy, easy, medium and hard "
                             "(game.tools.lengths); each --set applies to the games that have it")
    parser.add_argument("--hard-games", type=int, default=None, metavar="N",
                        help="with --lengths: N games for the pairings with Hard (default "
                             "--games)")
    parser.add_argument("--write", nargs="?", const="", default=None,
                        metavar="FILE",
                        help="with --lengths: keep each game's typical minutes in the lengths "
                             "file the app reads (default assets/lengths.json)")
    parser.add_argument("--hybrids", metavar="GAME",
                        help="Hard against each of its hybrids in this game "
                             "(hard-but-KIND-greedy and hard-but-KIND-random)")
    parser.add_argument("--against", type=check_player, default="hard", metavar="PLAYER",
                        help="with --hybrids: the player facing them (default hard; "
                             "hard~NAME=NUMBER tries a setting)")
    parser.add_argument("--kinds", nargs="*", default=None,
                        help="with --hybrids: only the hybrids of these kinds")
    parser.add_argument("--rules", nargs="*", default=None, choices=("greedy", "random"),
                        help="with --hybrids: only the hybrids with these rules")
    parser.add_argument("--control", action="store_true",
                        help="with --hybrids: also the player facing them against Hard on the "
                             "same seeds, the spread of a row where no decision differs")
    parser.add_argument("--set", type=parse_setting, action="append", default=[],
                        metavar="NAME=VALUE",
                        help="a game option for every game played (moriarty: games=1 plays "
                             "one-game matches)")
    parser.add_argument("--time-factor", type=float, default=1.0,
                        help="uct thinks this many times as long as the level it faces")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="every bot's budget times this (quick rough runs; default 1)")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="read think times on the wall clock (default) or on the thinking "
                             "thread's processor time (cpu: a busy machine plays as a quiet one)")
    parser.add_argument("--standoff", type=int, default=0, metavar="TURNS",
                        help="end a Pulling Strings game drawn once its board has stood still "
                             "for this many whole turns (default 0: play on to the turn limit)")
    parser.add_argument("--record", default="", metavar="FOLDER",
                        help="write each game's record (JSON, a replay) to this folder")
    parser.add_argument("--detail", action="store_true",
                        help="also list each game's result and ending, and Moriarty's "
                             "declarations: who, when, right, points")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 40 if args.lengths else 20
    if args.games < 1 or args.jobs < 1 or (args.hard_games is not None and args.hard_games < 1):
        parser.error("--games and --jobs must be at least 1")
    if not (args.time_factor > 0 and args.scale > 0):
        parser.error("--time-factor and --scale must be more than 0")
    if args.standoff < 0:
        parser.error("--standoff must be 0 (off) or a number of turns")
    setup = Setup(args.scale, args.time_factor, args.clock, args.standoff, args.record)
    if args.lengths:
        if lengths is None:  # the table lives in game.tools.lengths, which imports this module
            parser.error("--lengths is the lengths tool's: python -m game.arena --lengths")
        return lengths(parser, args, setup, argv)
    if args.hybrids:
        if args.hybrids not in KINDS:
            parser.error(f"no hybrids in {args.hybrids!r} (games with hybrids: "
                         f"{', '.join(KINDS)})")
        named = [(n, parse_hybrid(n)) for n in hybrid_names(args.hybrids)]
        wanted = [n for n, parts in named if parts is not None
                  and (args.kinds is None or parts[0] in args.kinds)
                  and (args.rules is None or parts[1] in args.rules)]
        if not wanted:
            parser.error(f"no such hybrids (kinds in {args.hybrids}: "
                         f"{', '.join(KINDS[args.hybrids])})")
        if args.control:  # first, so it reads as the row the others stand beside
            wanted.insert(0, "hard")
        pairings = [(args.hybrids, (args.against, name)) for name in wanted]
    elif args.table:
        pairings = table_pairings(args.only or GAMES)
    elif args.game and args.first and args.second:
        pairings = [(args.game, (args.first, args.second))]
    else:
        parser.error("name a game and two players, or use --table")
    unknown = [g for g, _ in pairings if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games: {', '.join(GAMES)})")
    options = dict(args.set) or None
    print(HEADER, flush=True)
    try:
        if args.hybrids:  # one pool for the whole table
            reports = run_pairings(pairings, args.games, args.jobs, args.seed, options, setup,
                                   _progress_of(pairings, args.seed, args.games))
            for report in reports:
                print_report(report, args.detail)
        else:
            for game_id, names in pairings:
                report = run_pairing(game_id, names, args.games, args.jobs, args.seed, options,
                                     setup, _progress(game_id, names[0], args.seed, args.games))
                print_report(report, args.detail)
    except GameError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 1
    return 0


def print_report(report: PairingReport, detail: bool) -> None:
    """A pairing's row; with `detail`, each game and every Moriarty declaration too."""
    print(report.line(), flush=True)
    if detail:
        print(report.games(), flush=True)
        if report.game_id == "moriarty":
            print(report.declarations(), flush=True)


def _progress_of(pairings: Sequence[tuple[str, tuple[str, str]]], seed: int, games: int):
    """Each game's line on stderr as it ends, named by its pairing."""
    done = []

    def report(pairing: int, index: int, result: GameResult) -> None:
        done.append(index)
        game_id, names = pairings[pairing]
        line = game_line(index, seed + index, names[0], result).strip()
        print(f"  [{game_id} {names[0]} v {names[1]} {len(done)}/{games * len(pairings)}] "
              f"{line}", file=sys.stderr, flush=True)
    return report


def _progress(game_id: str, first: str, seed: int, games: int):
    """Each game's line on stderr as it ends, so a run cut short still tells what it played."""
    done = []

    def report(index: int, result: GameResult) -> None:
        done.append(index)
        line = game_line(index, seed + index, first, result).strip()
        print(f"  [{game_id} {len(done)}/{games}] {line}", file=sys.stderr, flush=True)
    return report


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
