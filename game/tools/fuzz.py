"""Rules fuzzer: long random playouts with random options, every invariant checked at every step.

    python -m game.tools.fuzz --minutes 10               # the five games, equal time each
    python -m game.tools.fuzz --games 200 --seed 7 --games-only strands synch
    python -m game.tools.fuzz --replay /tmp/quintet-fuzz/strands-123.json

Each failure is written as a game record (the moves up to the fault; the error, the seed and an
entry that failed to apply in its meta) to the --out folder; --replay runs the checks along it
again. The exit status is 1 when anything failed.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from game.core import GameError, Move, NodeKind
from game.record import AGREEMENT, CHANCE, Entry, Record, load_record
from game.registry import GAMES, get_game
from game.rules import moriarty
from game.spec import GameSpec
from game.tools.invariants import CheckedGame, play_through

DEFAULT_OUT = Path(tempfile.gettempdir()) / "quintet-fuzz"
PATIENCE = (0.0, 0.5, 0.9, 0.98)  # how often a game's player passes over moves that end play
HASTY: Mapping[str, tuple[type, ...]] = MappingProxyType({
    "moriarty": (moriarty.EndGame, moriarty.Declare),  # they end a game of the match at once
})


@dataclasses.dataclass
class Tally:
    """One game's fuzzing so far: games, transitions, seconds, and the failures' record files."""

    games: int = 0
    transitions: int = 0
    seconds: float = 0.0
    failures: list[str] = dataclasses.field(default_factory=list)


def random_options(spec: GameSpec, rng: random.Random) -> dict[str, Any]:
    """Options for one game: every option drawn from its choices or its range, edges often."""
    chosen: dict[str, Any] = {}
    for option in spec.options:
        if option.choices:
            chosen[option.name] = rng.choice(option.choices)
        elif isinstance(option.default, bool):
            chosen[option.name] = rng.random() < 0.5
        else:
            low, high = option.minimum, option.maximum
            assert low is not None and high is not None  # a number option has both bounds
            edges = (low, low + 1, option.default, high)
            chosen[option.name] = rng.choice(edges) if rng.random() < 0.5 else \
                rng.randint(low, high)
    return dict(spec.resolve_options(chosen))


class PatientPicker:
    """Random choices that, with some patience, pass over moves ending the game (or a game of
    a match), so that random play also reaches long games, limits and crowded boards."""

    def __init__(self, rng: random.Random, game: CheckedGame, patience: float) -> None:
        self.rng, self.game, self.patience = rng, game, patience

    def __call__(self, items: Sequence) -> Any:
        """One of the items: uniformly, or a sampled move that does not end play if patient."""
        state = self.game.state
        if self.rng.random() >= self.patience or state.kind is not NodeKind.DECISION or \
                not isinstance(items[0], Move):
            return self.rng.choice(items)
        seat, hasty = state.actors[0], HASTY.get(state.game_id, ())
        for move in self.rng.sample(items, min(8, len(items))):
            if not isinstance(move, hasty) and not state.apply(move, seat).state.is_terminal:
                return move
        return self.rng.choice(items)


def game_seed(run_seed: int, game_id: str, index: int) -> int:
    """The seed of a run's index-th game of this game, from which its options and moves follow."""
    return random.Random(f"{run_seed}:{game_id}:{index}").randrange(2**31)


def fuzz_game(game_id: str, seed: int, out: Path) -> tuple[int, str | None]:
    """Play one random game under every check: (transitions, a failure's line or None)."""
    rng = random.Random(seed)
    options = random_options(get_game(game_id), rng)
    patience = rng.choice(PATIENCE)
    game = None
    try:
        game = CheckedGame(game_id, options, seed)
        play_through(game, PatientPicker(rng, game, patience))
    except Exception as error:  # any fault of the engine or of a check is a finding
        record = failure_record(game_id, options, seed, game, error, patience)
        path = write_record(record, out)
        return (len(game.entries) if game else 0), f"seed {seed}: {_first_line(error)}\n" \
                                                    f"      reproduce: {path}"
    return len(game.entries), None


def failure_record(game_id: str, options: Mapping[str, Any], seed: int,
                   game: CheckedGame | None, error: BaseException,
                   patience: float) -> Record:
    """The record that reproduces a failure: its moves, and the error and any unapplied entry."""
    found = {"seed": seed, "patience": patience, "error": f"{type(error).__name__}: {error}",
             "traceback": traceback.format_exception(error)[-3:]}
    if game is not None and game.attempt is not None:
        found["next"] = str(game.attempt)
    if game is None:
        return Record(game_id, options, seed, (), None, {"fuzz": found})
    return game.record({"fuzz": found})


def write_record(record: Record, out: Path) -> Path:
    """Write a failure's record as `<game>-<seed>.json` in the folder; its path."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{record.game}-{record.seed}.json"
    path.write_text(record.dumps() + "\n", encoding="utf-8")
    return path


def replay(path: Path) -> str | None:
    """Run every check along a recorded game (and its unapplied entry); the failure, or None."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    record = load_record(data)
    game = CheckedGame(record.game, record.options, record.seed)
    following = data.get("meta", {}).get("fuzz", {}).get("next")
    entries = list(record.entries) + ([Entry.parse(following)] if following else [])
    try:
        for entry in entries:
            if entry.actor == CHANCE:
                game.chance(record.spec.parse_chance(entry.text))
            elif entry.actor == AGREEMENT:
                game.agree_draw()
            else:
                game.play(record.spec.parse_move(entry.text), int(entry.actor))
    except Exception as error:  # the reproduction: report what the fuzzer found
        return f"{type(error).__name__}: {error}"
    return None


def run(game_ids: list[str], run_seed: int, out: Path, games: int | None = None,
        minutes: float | None = None, progress: float = 60.0) -> dict[str, Tally]:
    """Fuzz these games: `games` of each, or equal time each for `minutes`; the tallies."""
    if games is None and minutes is None:
        raise ValueError("fuzz a number of games or for some minutes")
    tallies = {game_id: Tally() for game_id in game_ids}
    start = last = time.perf_counter()
    try:
        while True:
            if games is not None:
                waiting = [g for g in game_ids if tallies[g].games < games]
                if not waiting:
                    break
            elif time.perf_counter() - start >= (minutes or 0.0) * 60:
                break
            else:
                waiting = game_ids
            game_id = min(waiting, key=lambda g: tallies[g].seconds)
            tally = tallies[game_id]
            began = time.perf_counter()
            transitions, failure = fuzz_game(game_id, game_seed(run_seed, game_id, tally.games),
                                             out)
            tally.seconds += time.perf_counter() - began
            tally.games += 1
            tally.transitions += transitions
            if failure:
                tally.failures.append(failure)
                print(f"FAIL {game_id} {failure}", flush=True)
            if time.perf_counter() - last >= progress:
                last = time.perf_counter()
                done = sum(t.games for t in tallies.values())
                print(f"[{(last - start) / 60:.1f} min] {done} games", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the figures so far", flush=True)
    return tallies


def report(tallies: Mapping[str, Tally]) -> str:
    """The table of games, transitions, time and failures per game, then each failure."""
    lines = [f"{'game':<17}{'games':>8}{'transitions':>13}{'seconds':>9}{'failures':>10}"]
    for game_id, tally in tallies.items():
        lines.append(f"{game_id:<17}{tally.games:>8}{tally.transitions:>13,}"
                     f"{tally.seconds:>9.1f}{len(tally.failures):>10}")
    for game_id, tally in tallies.items():
        lines.extend(f"  {game_id} {failure}" for failure in tally.failures)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Fuzz the rules (or replay failure records) and print the figures; 1 if anything failed."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.fuzz",
                                     description=__doc__.split("\n")[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, help="run this long, equal time per game "
                                                      "(default 5)")
    length.add_argument("--games", type=int, help="play this many games of each game")
    parser.add_argument("--seed", type=int, help="the run's seed (default: a random one, shown)")
    parser.add_argument("--games-only", nargs="+", metavar="GAME", choices=list(GAMES),
                        help=f"fuzz only these games ({', '.join(GAMES)})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder for failure records (default {DEFAULT_OUT})")
    parser.add_argument("--replay", nargs="+", type=Path, metavar="RECORD",
                        help="run the checks along these failure records instead")
    args = parser.parse_args(argv)
    if args.replay:
        return _replay_all(args.replay)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.minutes is not None and args.minutes <= 0:
        parser.error("--minutes must be positive")
    minutes = None if args.games else args.minutes or 5.0
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game_ids = list(dict.fromkeys(args.games_only or GAMES))
    plan = f"{args.games} games each" if args.games else f"{minutes:g} minutes"
    print(f"fuzzing {', '.join(game_ids)}: {plan}, seed {seed}, failures to {args.out}",
          flush=True)
    began = time.perf_counter()
    tallies = run(game_ids, seed, args.out, games=args.games, minutes=minutes)
    print(report(tallies))
    failures = sum(len(t.failures) for t in tallies.values())
    print(f"{sum(t.games for t in tallies.values())} games, "
          f"{sum(t.transitions for t in tallies.values()):,} transitions in "
          f"{time.perf_counter() - began:.0f} s: {failures or 'no'} failures")
    return 1 if failures else 0


def _replay_all(paths: list[Path]) -> int:
    failed = 0
    for path in paths:
        try:
            found = replay(path)
        except (OSError, ValueError, GameError) as error:
            found = f"cannot replay: {error}"
        failed += found is not None
        print(f"{path}: {found or 'every check holds'}")
    return 1 if failed else 0


def _first_line(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}"
    return text.splitlines()[0][:300]


if __name__ == "__main__":
    sys.exit(main())
