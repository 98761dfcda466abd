"""Placings and how the placer fared with them, from recorded games (`arena --record`): each
placing by its shape, the placer's score with each shape, and each shape against the rest
within like games, so that who placed and against whom does not pass for the shape's effect.

    python -m game.tools.placings /tmp/runs/*.rec

Moriarty: South's placing, by the colours lying wholly on South's side ("pairs") and whether
each such pair flanks one Pivot column ("side by side") or not; like games share the pairing,
the player South and the game of the match. Synch: each start square, by how far in from the
grid's nearest edge it lies; like games share the pairing, the player and whether it placed
first or second. A game met in several folders counts once.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from collections import defaultdict
from pathlib import Path
from statistics import fmean
from typing import Iterable, Iterator, Sequence

from game.core import GameError
from game.record import Record, load_record
from game.rules.moriarty import COLUMNS, SETUP, SOUTH_COLUMNS, GameScored, MoriartyState
from game.rules.synch import SynchState, edge_depth


@dataclasses.dataclass(frozen=True)
class PlacedGame:
    """One placing of a scored game: its shape and how the placer did."""

    shape: str
    stratum: tuple[str, ...]  # like games: the pairing, the placer and where the game stood
    score: float  # the placer's: 1 won, 0.5 level, 0 lost
    margin: int  # the placer's points (Synch: symbols) less the other's, this game


def shape_of(state: MoriartyState) -> str:
    """The shape of the placing on South's side: how many colours lie wholly there and whether
    a pair's two columns flank one Pivot column (wrapping 8 to 1). Two pairs are both side by
    side or both apart, since the two columns one pair leaves are then placed alike."""
    pairs = []
    for colour in sorted({state.colours[c] for c in SOUTH_COLUMNS}):
        held = [c for c in SOUTH_COLUMNS if state.colours[c] == colour]
        if len(held) == 2:
            apart = (held[1] - held[0]) % COLUMNS
            pairs.append("side by side" if apart in (2, COLUMNS - 2) else "apart")
    if not pairs:
        return "no pair"
    return f"{'one pair' if len(pairs) == 1 else 'two pairs'}, {pairs[0]}"


def players_of(record: Record) -> tuple[list[str], str]:
    """The players a record names, seat by seat, and their pairing (named in sorted order)."""
    players = [str(p) for p in record.meta.get("players", ("?", "?"))]
    return players, " v ".join(sorted(players))


def start_shape(state: SynchState, seat: int) -> str:
    """How far in from the grid's nearest edge a seat's start square lies."""
    square = state.markers[seat]
    assert square is not None  # both markers are placed
    depth = edge_depth(square, state.size)
    return "on the edge" if depth == 0 else f"{depth} in from the edge"


def synch_placings(record: Record) -> Iterator[PlacedGame]:
    """Both start squares of a finished Synch record, each with how its owner did."""
    players, pairing = players_of(record)
    states = [step.state for _, step in record.replay()]
    placed = next((s for s in states if isinstance(s, SynchState) and not s.placing), None)
    outcome = states[-1].result if states else None
    if placed is None or outcome is None:
        return
    for seat in (0, 1):
        margin = int(outcome.scores[seat]) - int(outcome.scores[1 - seat])
        score = 0.5 if outcome.winner is None else float(outcome.winner == seat)
        order = "placed first" if seat == 0 else "placed second"
        yield PlacedGame(start_shape(placed, seat), (pairing, players[seat], order),
                         score, margin)


def moriarty_placings(record: Record) -> Iterator[PlacedGame]:
    """Each scored game of a Moriarty record with its placing's shape."""
    players, pairing = players_of(record)
    placed: MoriartyState | None = None
    state = record.initial_state()
    for _, step in record.replay():
        after = step.state
        if isinstance(state, MoriartyState) and state.phase == SETUP \
                and isinstance(after, MoriartyState) and after.phase != SETUP:
            placed = after
        for event in step.events:
            if isinstance(event, GameScored) and placed is not None:
                south = placed.south
                margin = event.points[south] - event.points[1 - south]
                score = 0.5 if margin == 0 else float(margin > 0)
                yield PlacedGame(shape_of(placed), (pairing, players[south],
                                                    str(event.game_index)), score, margin)
                placed = None
        state = after


PLACINGS = {"moriarty": moriarty_placings, "synch": synch_placings}


def read_games(folders: Iterable[str | Path],
               game_id: str = "moriarty") -> tuple[list[PlacedGame], list[str]]:
    """Every placing of a scored game of `game_id` in the folders (a game in several counts
    once), and the files that could not be read."""
    placings_of = PLACINGS[game_id]
    games: list[PlacedGame] = []
    skipped: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for folder in folders:
        paths = sorted(Path(folder).glob("*.json"))
        if not Path(folder).is_dir():
            skipped.append(f"{folder}: no such folder")
        for path in paths:
            try:
                record = load_record(path.read_text(encoding="utf-8"))
                moves = tuple(str(entry) for entry in record.entries)
                if record.game != game_id or moves in seen:
                    continue
                seen.add(moves)
                games.extend(list(placings_of(record)))  # all of a record, or none
            except (OSError, UnicodeDecodeError, GameError) as error:
                skipped.append(f"{path}: {error}")
    return games, skipped


def against_the_rest(games: Sequence[PlacedGame], shape: str) -> tuple[float, float, int]:
    """The placer's score with `shape` less its score with any other shape, within like games,
    weighed as each stratum can tell (n1 n2 / (n1 + n2)); the difference, its standard error
    (as for scores of spread one half) and how many games of the shape it rests on."""
    strata: dict[tuple[str, ...], tuple[list[float], list[float]]] = defaultdict(
        lambda: ([], []))
    for game in games:
        strata[game.stratum][0 if game.shape == shape else 1].append(game.score)
    weighted = weights = variance = 0.0
    used = 0
    for mine, rest in strata.values():
        if not mine or not rest:
            continue
        weight = len(mine) * len(rest) / (len(mine) + len(rest))
        weighted += weight * (fmean(mine) - fmean(rest))
        weights += weight
        variance += weight * weight * 0.25 * (1 / len(mine) + 1 / len(rest))
        used += len(mine)
    if not weights:
        return 0.0, math.inf, 0
    return weighted / weights, math.sqrt(variance) / weights, used


def report(games: Sequence[PlacedGame], placer: str = "South") -> list[str]:
    """The table: each shape's games, the placer's score and margin, and the shape against the
    rest within like games."""
    lines = [f"{placer + ' placed':24} {'games':>5} {'score':>6} {'margin':>7}   "
             f"{'v the rest, like games (se)':>28}"]
    for shape in sorted({g.shape for g in games}):
        mine = [g for g in games if g.shape == shape]
        difference, error, used = against_the_rest(games, shape)
        versus = "-" if not used else f"{difference:+.1%} ({error:.1%}) over {used}"
        lines.append(f"{shape:24} {len(mine):5d} {fmean(g.score for g in mine):6.1%} "
                     f"{fmean(g.margin for g in mine):+7.1f}   {versus:>28}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the placer's score by the shape of the placing, from record folders."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.placings",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of arena records")
    parser.add_argument("--game", choices=sorted(PLACINGS), default="moriarty",
                        help="the game whose placings to read (default moriarty)")
    args = parser.parse_args(argv)
    games, skipped = read_games(args.folders, args.game)
    for problem in skipped:
        print(f"skipped {problem}", file=sys.stderr)
    if not games:
        print(f"no finished {args.game} game in those folders", file=sys.stderr)
        return 1
    print("\n".join(report(games, "South" if args.game == "moriarty" else "The player")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
