"""Bot-vs-bot tournaments: win rates with 95% intervals, think times and game lengths.

    python -m game.tools.arena strands hard medium --games 40      # one pairing, seats alternating
    python -m game.tools.arena tug_of_war medium random --games 100 --jobs 2
    python -m game.tools.arena --table --games 40                  # the level table, all five games

Players are "easy", "medium", "hard" or "random". Each game of a pairing gets its own seed, and
the first player takes seat 0 in even-numbered games and seat 1 in odd ones. A player's score
counts a draw as half a win; the interval is Wilson's 95% score interval on that share.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any, Mapping, Sequence

from game.bots import LEVEL_NAMES, make_bot
from game.bots.history import History
from game.core import GameError
from game.match import Match, RandomPlayer
from game.registry import GAMES

PLAYERS = LEVEL_NAMES + ("random",)
TABLE = (("hard", "medium"), ("medium", "easy"), ("hard", "random"))
# Games that could run on without end get a limit in the arena (a drawn game, per RULES.md).
ARENA_OPTIONS: Mapping[str, Mapping[str, Any]] = {"pulling_strings": {"turn_limit": 200}}


@dataclasses.dataclass
class GameResult:
    """One arena game from the first player's side: 1 win, 0.5 draw, 0 loss, and timings."""

    score: float
    decisions: int
    turns: int
    think: tuple[list[float], list[float]]  # seconds per decision, first player then second


def _player(name: str, game_id: str, seed: int):
    return RandomPlayer(seed) if name == "random" else make_bot(game_id, name, seed)


def play_game(game_id: str, names: tuple[str, str], seed: int, first_seat: int,
              options: Mapping[str, Any] | None = None) -> GameResult:
    """Play one game between two named players, the first taking `first_seat`."""
    match = Match(game_id, {**ARENA_OPTIONS.get(game_id, {}), **(options or {})}, seed)
    seats = (first_seat, 1 - first_seat)
    players = {seats[k]: _player(names[k], game_id, seed * 2 + k) for k in (0, 1)}
    think: tuple[list[float], list[float]] = ([], [])
    history = History()
    decisions = 0
    while not match.state.is_terminal:
        state = match.state
        if state.awaiting == ():
            match.resolve_chance()
            continue
        for seat in state.awaiting:
            before = match.state
            start = time.perf_counter()
            player = players[seat]
            if names[seats.index(seat)] == "random":
                move = player.choose(match.observe(seat), seat)
            else:
                move = player.choose(match.observe(seat), seat, history.entries)
            think[seats.index(seat)].append(time.perf_counter() - start)
            match.play(move, seat)
            history.add(before, seat, move)
            decisions += 1
    winner = match.state.outcome.winner
    score = 0.5 if winner is None else (1.0 if winner == first_seat else 0.0)
    return GameResult(score, decisions, match.state.turn, think)


def _play_task(task: tuple) -> GameResult:
    return play_game(*task)


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
    elapsed: float

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
        return (f"{self.game_id:<16} {self.names[0]:>6} v {self.names[1]:<6} {n:>4} "
                f"{wins:>4} {draws:>3} {n - wins - draws:>4}  {score / n:>5.1%} "
                f"[{low:>5.1%}, {high:>5.1%}]  "
                f"{_ms(first)} {_ms(second)}  {turns:>6.1f} {decisions:>6.1f} "
                f"{self.elapsed:>6.0f}s")


def _ms(times: list[float]) -> str:
    if not times:
        return f"{'-':>15}"
    return f"{statistics.mean(times) * 1000:>6.0f}/{p95(times) * 1000:>6.0f}ms"


HEADER = (f"{'game':<16} {'first':>6} v {'second':<6} {'n':>4} {'won':>4} {'drw':>3} "
          f"{'lost':>4}  {'score':>5} {'95% interval':<16} {'think 1st mean/p95':>15} "
          f"{'2nd mean/p95':>15}  {'turns':>6} {'moves':>6} {'wall':>7}")


def run_pairing(game_id: str, names: tuple[str, str], games: int, jobs: int, seed: int,
                options: Mapping[str, Any] | None = None) -> PairingReport:
    """Play `games` games of one pairing, seats alternating, on `jobs` processes."""
    tasks = [(game_id, names, seed + k, k % 2, options) for k in range(games)]
    start = time.perf_counter()
    if jobs <= 1:
        results = [_play_task(task) for task in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play_task, tasks, chunksize=1)
    return PairingReport(game_id, names, results, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Run one pairing, or the level table, and print the results."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.arena",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", help=f"game id ({', '.join(GAMES)})")
    parser.add_argument("first", nargs="?", choices=PLAYERS)
    parser.add_argument("second", nargs="?", choices=PLAYERS)
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--table", action="store_true",
                        help="every game: hard v medium, medium v easy, hard v random")
    parser.add_argument("--only", nargs="*", default=None, help="with --table: these games")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if args.table:
        pairings = [(g, pair) for g in (args.only or GAMES) for pair in TABLE]
    elif args.game and args.first and args.second:
        pairings = [(args.game, (args.first, args.second))]
    else:
        parser.error("name a game and two players, or use --table")
    unknown = [g for g, _ in pairings if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games: {', '.join(GAMES)})")
    print(HEADER, flush=True)
    try:
        for game_id, names in pairings:
            report = run_pairing(game_id, names, args.games, args.jobs, args.seed)
            print(report.line(), flush=True)
    except GameError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
