"""Arena rows counted from kept records (`arena --record`), so a run stopped early, or a
pairing played over several runs, still makes a row: won, drawn, lost, the interval, think
times (from records that keep them) and, with --detail, each game and declaration.

    python -m game.tools.tally /tmp/runs/place.rec /tmp/runs/place2.rec --detail

A record names its pairing and the first player's seat in `meta`; an older one is read by its
file name, and one of a player against itself counts from seat 0's side. Wall time is not
kept, so a tallied row shows "-" for it.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Callable, Sequence

from game.core import GameError
from game.record import Record, RecordError, load_record
from game.tools.arena import (HEADER, Declaration, GameResult, PairingReport,
                              declarations_in, file_safe, print_report)

GameKey = tuple[str, tuple[str, str]]  # a game id and its pairing


def first_seat_of(record: Record, stem: str) -> int:
    """The seat of the pairing's first player: kept in `meta`, or read from the file name
    `GAME-FIRST-v-SECOND-SEED` (seat 0 where both seats hold the same player)."""
    kept = record.meta.get("first_seat")
    if kept in (0, 1):
        return int(kept)
    players = record.meta.get("players", ("?", "?"))
    first = stem[len(record.game) + 1:].rsplit("-", 1)[0].split("-v-", 1)[0]
    return 1 if file_safe(str(players[0])) != first == file_safe(str(players[1])) else 0


def think_by_seat(kept: object) -> tuple[list[float], list[float]]:
    """The think times a record's meta keeps, seat by seat (none, if it keeps no such thing)."""
    def seconds(times: object) -> list[float] | None:
        if not isinstance(times, list):
            return None
        ok = all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in times)
        return [float(t) for t in times] if ok else None
    if isinstance(kept, list) and len(kept) == 2:
        first, second = seconds(kept[0]), seconds(kept[1])
        if first is not None and second is not None:
            return first, second
    return [], []


def result_of(record: Record, stem: str) -> tuple[GameKey, int, GameResult]:
    """A recorded game as the arena counted it: its pairing, seed and result from the first
    player's side."""
    kept = record.meta.get("players", ("?", "?"))
    if not isinstance(kept, (list, tuple)) or len(kept) != 2:
        raise RecordError("meta: players must name both seats")
    players = [str(p) for p in kept]
    first = first_seat_of(record, stem)
    names = (players[first], players[1 - first])
    state = record.initial_state()
    decisions = 0
    declared: list[Declaration] = []
    for entry, step in record.replay():
        if isinstance(entry.actor, int):
            decisions += 1
            declared.extend(declarations_in(state, step.events, players[entry.actor]))
        state = step.state
    outcome = state.outcome
    if outcome is None:
        raise RecordError("the game is not finished")
    winner = outcome.winner
    score = 0.5 if winner is None else float(winner == first)
    by_seat = think_by_seat(record.meta.get("think"))
    think = (by_seat[first], by_seat[1 - first])
    ending = str(record.meta.get("ending") or outcome.reason)
    return (record.game, names), record.seed or 0, GameResult(score, decisions, state.turn, think,
                                                         tuple(declared), ending)


def tally(folders: Sequence[str | Path],
          warn: Callable[[Path, str], None] | None = None) -> list[PairingReport]:
    """Every pairing recorded in `folders`, its games in seed order; a file that does not read
    as a finished arena game is passed to `warn` (path, reason) and left out."""
    games: dict[GameKey, list[tuple[int, GameResult]]] = defaultdict(list)
    for folder in folders:
        for path in sorted(Path(folder).glob("*.json")):
            try:
                record = load_record(path.read_text(encoding="utf-8"))
                key, seed, result = result_of(record, path.stem)
            except (OSError, UnicodeDecodeError, GameError) as error:
                if warn is not None:
                    warn(path, str(error))
                continue
            games[key].append((seed, result))
    reports = []
    for (game_id, names), played in games.items():
        played.sort(key=lambda pair: pair[0])
        reports.append(PairingReport(game_id, names, [r for _, r in played], None,
                                     tuple(seed for seed, _ in played)))
    return reports


def main(argv: list[str] | None = None) -> int:
    """Print a row for each pairing recorded in the folders."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.tally",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of arena records (--record)")
    parser.add_argument("--detail", action="store_true",
                        help="also each game, and every Moriarty declaration")
    args = parser.parse_args(argv)
    missing = [f for f in args.folders if not Path(f).is_dir()]
    if missing:
        parser.error(f"no such folder: {', '.join(missing)}")

    def warn(path: Path, reason: str) -> None:
        print(f"skipped {path}: {reason}", file=sys.stderr)

    reports = tally(args.folders, warn)
    if not reports:
        print(f"no arena records in {', '.join(args.folders)}", file=sys.stderr)
        return 1
    print(HEADER)
    for report in reports:
        print_report(report, args.detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
