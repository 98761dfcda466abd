"""How long a game goes on: turns, decisions and endings per pairing, and minutes at a human pace.

    python -m game.arena --lengths --scale 0.2 --clock cpu             # every game, 40 a pairing
    python -m game.arena --lengths --only synch --set no_claim=false   # one game, a ruling off
    python -m game.arena --lengths --write                             # and assets/lengths.json

Every pairing among Random, Greedy, Easy, Medium and Hard (fifteen, each against itself too) is
written PERSON v COMPUTER: the minutes are those of a person who plays like the first against
the computer playing the second, seats alternating. The human-pace model, at animation speed 1:

- A person takes HUMAN_SECONDS (6 s) a decision. The games are light and abstract: most
  decisions are a glance and a click (a follow-up stone in Strands, a Moriarty token placed, a
  Tug of War die kept) and some are a real weighing of two or three options (a secret pull, a
  declaration) that takes 10 to 20 s; 6 s is a considered choice on average, a pace a game
  night keeps without anyone waiting long. Minutes move almost in proportion to it.
- The computer takes its measured thinking (the think time on --clock, divided by --scale:
  what the full-budget bot of the app takes), and at least the app's BOT_PAUSE of calm board
  before its move shows. In a simultaneous turn both choose at once, so the turn takes the
  longer of the two.
- The screen then takes the app's own time over each step (`game.timings`, read by the boards
  and by `game.tools.screen_time`): a reveal's countdown, the step's animation, and
  HOLD_SECONDS (4 s) to read a summary card (a Moriarty game's scores) and click on.
- Hot-seat (both players people, one screen): every decision at HUMAN_SECONDS, HANDOFF_SECONDS
  (3 s) to pass the screen for each secret choice and a hold after each reveal.

Endings are the kinds of `game.core.Ending`: the game's own end (a win or a full count), a
backstop limit (Pulling Strings' arena turn limit of 200, Synch's move limit, Moriarty's round
limit: a match counts as ended by a limit if any of its games was), a repetition, a stall
with no claim, or a draw agreed (`--standoff`).

`--write` keeps each measured game's typical length in assets/lengths.json for the app (game
select, rules screen) and the README: the median minutes over the games of a person at Greedy's,
Easy's or Medium's strength against Medium, the level a newcomer is offered and the middle one.
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import itertools
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from game.core import Ending
from game.lengths import FORMAT, VERSION
from game.registry import GAMES
from game.timings import BOT_PAUSE
from game.core import GameError
from game.tools.arena import GameResult, PairingReport, Setup, game_line, run_pairings
from game.tools.arena import main as arena_main
from game.tools.screen_time import Shown

HUMAN_SECONDS = 6.0  # a person's considered decision (see above)
HOLD_SECONDS = 4.0  # reading a summary card, then Continue
HANDOFF_SECONDS = 3.0  # hot-seat: passing the screen and confirming who has it
LEVELS = ("random", "greedy", "easy", "medium", "hard")  # newcomer stand-ins first
PAIRINGS = tuple(itertools.combinations_with_replacement(LEVELS, 2))  # (person, computer)
TYPICAL = (("greedy", "medium"), ("easy", "medium"), ("medium", "medium"))  # the file's minutes
KINDS = (Ending.PLAY, Ending.LIMIT, Ending.REPETITION, Ending.NO_CLAIM, Ending.AGREED)
KIND_HEADS = ("play", "limit", "repet", "noclm", "agree")
LENGTHS_FILE = Path(__file__).resolve().parents[2] / "assets" / "lengths.json"


def person_seconds(shown: Sequence[Shown], think_factor: float = 1.0) -> float:
    """A game's seconds with a person (the first player) against the computer (the second):
    the person's decisions at HUMAN_SECONDS, the computer's at its thinking times
    `think_factor` (at least BOT_PAUSE), a simultaneous turn at the longer of the two, and
    the screen's own time after each step."""
    total = together = 0.0
    for step in shown:
        if step.player < 0:
            total += step.seconds
            continue
        took = HUMAN_SECONDS if step.player == 0 else max(step.think * think_factor, BOT_PAUSE)
        if step.secret:
            together = max(together, took)
            if step.sealed:
                continue
            took, together = together, 0.0
        total += took + step.seconds + (HOLD_SECONDS if step.holds else 0.0)
    return total


def hot_seat_seconds(shown: Sequence[Shown]) -> float:
    """A game's seconds between two people at one screen: every decision at HUMAN_SECONDS, a
    hand-off before each secret choice and a hold after each reveal."""
    total = 0.0
    for step in shown:
        total += step.seconds
        if step.player >= 0:
            total += HUMAN_SECONDS + (HANDOFF_SECONDS if step.secret else 0.0)
        if step.holds or (step.secret and not step.sealed):
            total += HOLD_SECONDS
    return total


def percentile(values: Sequence[float], share: float) -> float:
    """The `share` percentile (nearest rank) of some values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


@dataclasses.dataclass(frozen=True)
class Spread:
    """The median, 90th percentile and maximum of some values."""

    median: float
    p90: float
    most: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of these values (zeros for none)."""
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(float(statistics.median(values)), percentile(values, 0.9), max(values))


@dataclasses.dataclass(frozen=True)
class LengthRow:
    """One pairing's lengths: turns, decisions, endings' shares and minutes."""

    game_id: str
    names: tuple[str, str]
    games: int
    turns: Spread
    decisions: Spread
    shares: Mapping[Ending, float]  # of the games, by the kind of rule that ended them
    minutes: Spread  # a person against the computer
    hot_seat: Spread  # two people at one screen
    think: float  # both bots' thinking a game, on the arena's clock (the run's cost)
    wall: float | None

    @classmethod
    def of(cls, report: PairingReport, think_factor: float = 1.0) -> LengthRow:
        """The lengths of a played pairing (`think_factor`: its bots' think times to the
        app's)."""
        results = report.results
        n = len(results)
        shares = {kind: sum(r.kind == kind.value for r in results) / n if n else 0.0
                  for kind in Ending}
        return cls(report.game_id, report.names, n,
                   Spread.of([r.turns for r in results]),
                   Spread.of([r.decisions for r in results]), shares,
                   Spread.of([person_seconds(r.shown, think_factor) / 60 for r in results]),
                   Spread.of([hot_seat_seconds(r.shown) / 60 for r in results]),
                   statistics.mean(sum(r.think[0]) + sum(r.think[1]) for r in results)
                   if n else 0.0, report.elapsed)

    def line(self) -> str:
        """The row as the table prints it."""
        wall = "-" if self.wall is None else f"{self.wall:.0f}s"
        shares = " ".join(f"{self.shares.get(kind, 0.0):>5.0%}" for kind in KINDS)
        return (f"{self.game_id:<16} {self.names[0]:>6} v {self.names[1]:<6} {self.games:>3}  "
                f"{_spread(self.turns, '.0f')}  {_spread(self.decisions, '.0f')}  {shares}  "
                f"{_spread(self.minutes, '.1f')}  {self.hot_seat.median:>7.1f}  "
                f"{self.think:>6.1f}s {wall:>6}")


def _spread(spread: Spread, form: str) -> str:
    return " ".join(f"{value:>5{form}}" for value in (spread.median, spread.p90, spread.most))


_SPREAD = f"{'med':>5} {'p90':>5} {'max':>5}"
HEADER = (f"{'':<16} {'':>6}   {'':<6} {'':>3}  {'turns':^17}  {'decisions':^17}  "
          f"{'ended by (share of games)':^29}  {'minutes v computer':^17}  {'hotseat':>7}  "
          f"{'think':>7} {'wall':>6}\n"
          f"{'game':<16} {'person':>6} v {'comp.':<6} {'n':>3}  {_SPREAD}  {_SPREAD}  "
          + " ".join(f"{head:>5}" for head in KIND_HEADS)
          + f"  {_SPREAD}  {'median':>7}  {'a game':>7} {'':>6}")


def model_note(setup: Setup) -> str:
    """The header's words: what the minutes are and how they were reckoned."""
    return (f"Minutes: a person (playing as the first) against the computer (the second), at "
            f"{HUMAN_SECONDS:g} s a person's decision, the computer's measured thinking / "
            f"--scale {setup.scale:g} on the {setup.clock} clock (at least the app's "
            f"{BOT_PAUSE:g} s pause), the app's countdowns and animations at speed 1 and "
            f"{HOLD_SECONDS:g} s a summary card; hotseat: two people, median, "
            f"{HANDOFF_SECONDS:g} s a hand-off. Endings: share of games ended by play (a win "
            f"or the count), a backstop limit, a repetition, no claim, a draw agreed.")


def pairings_for(games: Iterable[str], pairs: Sequence[tuple[str, str]] = PAIRINGS,
                 ) -> list[tuple[str, tuple[str, str]]]:
    """Every pairing of the lengths table (or of `pairs`), game by game."""
    return [(g, pair) for g in games for pair in pairs]


def run(games: Sequence[str], count: int, jobs: int, seed: int, setup: Setup,
        options: Mapping[str, Mapping[str, Any]], hard_count: int | None = None,
        on_game=None, pairs: Sequence[tuple[str, str]] = PAIRINGS) -> list[PairingReport]:
    """Play the lengths table of these games (`count` games a pairing, `hard_count` for the
    pairings with Hard; `options` game by game) on one pool; the reports in table order."""
    pairings = pairings_for(games, pairs)
    # the costliest first, so no core waits on a long game at the end
    order = sorted(range(len(pairings)), key=lambda p: -pairings[p][1].count("hard"))
    ordered = [pairings[p] for p in order]
    counts = [count if hard_count is None or "hard" not in names else hard_count
              for _, names in ordered]
    hear = None if on_game is None else (
        lambda p, k, result: on_game(ordered[p], k, result))
    reports = run_pairings(ordered, counts, jobs, seed, None, setup, hear, options)
    by_pairing = dict(zip(order, reports))
    return [by_pairing[p] for p in range(len(pairings))]


def typical_minutes(reports: Sequence[PairingReport], think_factor: float) -> dict[str, float]:
    """Each game's typical minutes: the median over the games of its TYPICAL pairings (games
    with none of them played are left out)."""
    typical: dict[str, float] = {}
    for game_id in dict.fromkeys(report.game_id for report in reports):
        minutes = [person_seconds(r.shown, think_factor) / 60 for report in reports
                   if report.game_id == game_id and report.names in TYPICAL
                   for r in report.results]
        if minutes:
            typical[game_id] = round(float(statistics.median(minutes)), 1)
    return typical


def write_lengths(typical: Mapping[str, float], notes: Mapping[str, Mapping[str, Any]],
                  path: Path = LENGTHS_FILE) -> Path:
    """Merge these games' typical minutes, each with its note of how it was measured, into
    the lengths file, keeping the other games' entries."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        kept = data.get("games", {}) if isinstance(data, dict) else {}
    except (OSError, ValueError):
        kept = {}
    games = {g: kept[g] for g in GAMES if isinstance(kept, dict) and g in kept}
    games.update({g: {"minutes": m, **notes.get(g, {})} for g, m in typical.items()})
    text = json.dumps({"format": FORMAT, "version": VERSION,
                       "about": "each game's typical minutes, a person against Medium, from "
                                "python -m game.arena --lengths --write (game/tools/lengths.py)",
                       "games": {g: games[g] for g in GAMES if g in games}}, indent=2)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(text + "\n", encoding="utf-8")
    part.replace(path)
    return path


def measure(games: Sequence[str], count: int, jobs: int, seed: int, setup: Setup,
            settings: Mapping[str, Any], hard_count: int | None = None,
            write: Path | None = None, command: str = "", on_game=None,
            pairs: Sequence[tuple[str, str]] = PAIRINGS) -> list[LengthRow]:
    """Play and print the lengths table (each of `settings` applies to the games that have
    it); with `write`, keep the typical minutes in that lengths file."""
    options = options_by_game(games, settings)
    print(f"Lengths: {count} games a pairing"
          + (f" ({hard_count} with Hard)" if hard_count is not None else "")
          + f", --scale {setup.scale:g}, --clock {setup.clock}, seeds from {seed}"
          + "".join(f"; {g}: {', '.join(f'{k}={v}' for k, v in o.items())}"
                    for g, o in options.items() if o), flush=True)
    print(model_note(setup), flush=True)
    print(HEADER, flush=True)
    reports = run(games, count, jobs, seed, setup, options, hard_count, on_game, pairs)
    rows = [LengthRow.of(report, 1 / setup.scale) for report in reports]
    for row in rows:
        print(row.line(), flush=True)
    if write is not None:
        typical = typical_minutes(reports, 1 / setup.scale)
        today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
        notes = {g: {"command": command, "date": today,
                     "settings": {"games": count, "hard_games": hard_count or count,
                                  "scale": setup.scale, "clock": setup.clock, "seed": seed,
                                  "options": options.get(g, {}),
                                  "pairings": [" v ".join(pair) for pair in TYPICAL]}}
                 for g in typical}
        write_lengths(typical, notes, write)
        print(f"wrote {write}: " + ", ".join(f"{g} {m:g} min" for g, m in typical.items()),
              flush=True)
    return rows


def options_by_game(games: Sequence[str], settings: Mapping[str, Any]) -> dict[str, dict]:
    """Each game's options among `settings`: a setting applies to the games that have it
    (ValueError for one no game here has)."""
    known = {g: {o.name for o in GAMES[g].options} for g in games}
    unused = [name for name in settings if not any(name in k for k in known.values())]
    if unused:
        raise ValueError(f"no game here has the option {unused[0]!r}")
    return {g: {k: v for k, v in settings.items() if k in known[g]} for g in games}


def run_command(parser: argparse.ArgumentParser, args: argparse.Namespace, setup: Setup,
                argv: list[str] | None) -> int:
    """`--lengths`: the lengths table (game.tools.lengths), and with --write its file."""
    games = args.only or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games: {', '.join(GAMES)})")
    command = "python -m game.arena " + " ".join(sys.argv[1:] if argv is None else argv)
    total = sum(args.games if args.hard_games is None or "hard" not in pair else
                args.hard_games for pair in PAIRINGS) * len(games)
    done = []

    def heard(pairing: tuple, index: int, result: GameResult) -> None:
        done.append(index)
        game_id, names = pairing
        line = game_line(index, args.seed + index, names[0], result).strip()
        print(f"  [{game_id} {names[0]} v {names[1]} {len(done)}/{total}] {line} "
              f"({result.kind}, {result.turns} turns)", file=sys.stderr, flush=True)
    try:
        measure(games, args.games, args.jobs, args.seed, setup, dict(args.set),
                args.hard_games, None if args.write is None else Path(args.write or LENGTHS_FILE),
                command, heard)
    except (GameError, ValueError) as error:
        print(f"arena: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """The arena's command with its --lengths table (`python -m game.arena`)."""
    return arena_main(argv, lengths=run_command)
