"""Engine benchmark: random full games per second and state transitions per second, per game.

    python -m game.tools.bench                  # every game, best of 3 runs of 2 seconds each
    python -m game.tools.bench --seconds 5 strands
    python -m game.tools.bench --profile strands   # where the time goes (cProfile, top 15)

A transition is one `apply`, `apply_joint` or `apply_chance`; every choice is drawn uniformly
from `legal_moves` (chance by its exact probabilities), which is what a search's playouts do.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pickle
import platform
import pstats
import random
import sys
import time

from game.core import NodeKind, State, Step
from game.match import sample_chance
from game.registry import GAMES, get_game


def random_step(state: State, rng: random.Random) -> Step:
    """One uniformly random transition (chance by its probabilities, both seats at once)."""
    kind = state.kind
    if kind is NodeKind.CHANCE:
        return state.apply_chance(sample_chance(state, rng))
    if kind is NodeKind.SIMULTANEOUS:
        return state.apply_joint(rng.choice(state.legal_moves(0)),
                                 rng.choice(state.legal_moves(1)))
    return state.apply(rng.choice(state.legal_moves(state.actors[0])))


def random_game(state: State, rng: random.Random) -> int:
    """Play one game to its end with uniformly random choices; the number of transitions."""
    transitions = 0
    while state.kind is not NodeKind.TERMINAL:
        state = random_step(state, rng).state
        transitions += 1
    return transitions


def measure(game_id: str, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """(games, transitions, elapsed seconds) of random play for about `seconds`."""
    spec = get_game(game_id)
    rng = random.Random(seed)
    initial = spec.new_game()
    games = transitions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        transitions += random_game(initial, rng)
        games += 1
    return games, transitions, elapsed


def state_bytes(game_id: str, seed: int = 0) -> int:
    """Pickled size of a state halfway through a random game (what a bot worker is sent)."""
    rng = random.Random(seed)
    state = get_game(game_id).new_game()
    length = random_game(state, random.Random(seed))
    for _ in range(length // 2):
        state = random_step(state, rng).state
        if state.is_terminal:
            break
    return len(pickle.dumps(state))


def profile(game_id: str, seconds: float) -> str:
    """cProfile's top 15 functions by own time for random play of one game."""
    profiler = cProfile.Profile()
    profiler.enable()
    measure(game_id, seconds)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Print the benchmark table (or a profile) for the chosen games."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"game ids (default: all of {', '.join(GAMES)})")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs per game; the fastest is shown, like timeit (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile instead of timing")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games: {', '.join(GAMES)})")
    games = args.games or list(GAMES)
    if args.profile:
        for game_id in games:
            print(f"== {game_id}\n{profile(game_id, args.seconds)}")
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, uniformly random play, "
          f"best of {args.repeat} runs of {args.seconds:g} s per game")
    print(f"{'game':<17}{'games/s':>10}{'transitions/s':>15}{'transitions/game':>18}"
          f"{'state bytes':>13}")
    for game_id in games:
        runs = [measure(game_id, args.seconds, seed) for seed in range(args.repeat)]
        played, transitions, elapsed = max(runs, key=lambda run: run[1] / run[2])
        print(f"{game_id:<17}{played / elapsed:>10.1f}{transitions / elapsed:>15,.0f}"
              f"{transitions / played:>18.1f}{state_bytes(game_id):>13,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
