"""Review benchmark: how long a game's look back takes to work out, as the app does it.

    python -m game.tools.bench_review                 # every game, a 100-decision game each
    python -m game.tools.bench_review --decisions 60 strands

For each game it plays a game of random legal moves (never ending it early: no Moriarty
declared, no Moriarty game ended) until that many decisions are made (trying further seeds for a
game that lasts so long; Strands' board fills in at most 91), then
times `ReviewRun` (worker processes, as the review screen starts it) from start to the last
value, and prints the decisions, positions valued, seconds and the three biggest swings. The
goal: at most 30 s for a 100-decision game.
"""
from __future__ import annotations

import argparse
import random
import time

from game.core import NodeKind
from game.match import Match
from game.record import Record
from game.registry import GAMES
from game.review import JOBS, SAMPLES, ReviewRun, swings

GOAL_SECONDS = 30.0


def calm_game(game_id: str, decisions: int, seed: int) -> Record:
    """A record of up to `decisions` random decisions that never ends the game by choice."""
    rng = random.Random(seed)
    match = Match(game_id, None, seed)
    made = 0
    while made < decisions and not match.state.is_terminal:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        for seat in state.awaiting:
            legal = state.legal_moves(seat)
            calm = [m for m in legal if not str(m).startswith(("end", "moriarty"))] or legal
            match.play(rng.choice(calm), seat)
            made += 1
            if match.state.kind is not NodeKind.SIMULTANEOUS:
                break
    return match.record()


def main(argv: list[str] | None = None) -> int:
    """Time the review of one game per game named (all by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], default=[])
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args(argv)
    print(f"review: {SAMPLES} playouts a position, {JOBS} worker processes; "
          f"goal {GOAL_SECONDS:.0f} s for a 100-decision game")
    slowest = 0.0
    for game_id in arguments.games or list(GAMES):
        for seed in range(arguments.seed, arguments.seed + 50):  # a game that lasts, if any
            record = calm_game(game_id, arguments.decisions, seed)
            decisions = sum(1 for entry in record.entries if entry.actor in (0, 1))
            if decisions >= arguments.decisions:
                break
        started = time.perf_counter()
        run = ReviewRun(record)
        while not run.done:
            time.sleep(0.01)
        seconds = time.perf_counter() - started
        slowest = max(slowest, seconds)
        if run.error:
            print(f"{game_id:16} failed: {run.error}")
            return 1
        top = ", ".join(f"entry {s.index} {s.change:+.2f}" for s in swings(record,
                                                                            run.values()))
        print(f"{game_id:16} {decisions:4} decisions {len(run.values()):4} positions "
              f"{seconds:6.1f} s   swings: {top}")
    print(f"slowest {slowest:.1f} s: {'within' if slowest <= GOAL_SECONDS else 'OVER'} the goal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
