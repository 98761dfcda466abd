"""How well a Moriarty slide reading names a player's Bonus Colour, and how often it would name
a wrong one, against players who slide as Hard does and players who slide to tell.

    python -m game.tools.read_slides --matches 6 --jobs 2 --shares 0 0.05
    python -m game.tools.read_slides --against hard-but-pivot-greedy --readings choices learnt
    python -m game.tools.read_slides --shares 0.05 --readings learnt beliefs
    python -m game.tools.read_slides --shares 0.05 --readings sharp drifting --drifters 0.33 0.6

Plays three-game matches of Hard against Hard, greedy, Medium and the predictor (or the pivot
hybrid; the bots never declare, so each game runs its length; budgets x0.1), then reads each
player's revealed slides as Hard's reading does, once per pretending share
(`ColourReader.slide_kinds`; 0 is the telling reading alone) and reading: the slides alone,
with the pivots and takes too (`choices`, `ColourReader.choice_evidence`), or with those learnt
from the match's scored games (`learnt`, `ColourReader.choice_kinds`, the same pretending
share), or learnt and read beside what the player believed of the other's colour (`beliefs`,
`ColourReader.beliefs_held`, a denier's share `DENIER`), with a teller read as sharp as Hard
reads one (`sharp`: Hard's reading), or so and beside a *drifter* too, a hider who makes each
choice as a teller of some colour (`drifting`, `--drifters` shares). It prints per kind of
player and game of the match: the mean belief in the true colour after each slide, and how
often the belief first reached the declaring threshold in the right colour and in a wrong one (a
seat may reach it once a game).
"""
from __future__ import annotations

import argparse
import multiprocessing
import time
from collections import defaultdict
from typing import Any, Sequence

from game.bots.games.moriarty_colour import COLOURS, ColourReader, reveals_colour
from game.bots.history import History
from game.match import Match
from game.rules.moriarty import Slide
from game.tools.arena import Setup, make_player

OPPONENTS = ("hard", "greedy", "medium", "predictor")
HYBRIDS = ("hard-but-pivot-greedy",)  # opponents to ask for by name
READINGS = ("slides", "choices", "learnt", "beliefs", "sharp", "drifting")
LEARNING = READINGS[2:]  # the readings that learn from scored games
BELIEVING = READINGS[3:]  # the readings beside what the player believed
SHARP = READINGS[4:]  # the readings of a sharp teller
DENIER = 0.33  # the `beliefs` reading's denier share (Hard's `choice_denier`)
SHARPNESS = 8.0  # the `sharp` reading's (Hard's `choice_sharpness`)
DRIFTER = 0.33  # the `drifting` reading's drifter share (`choice_drifter`) unless told
SILENT = "~declare_confidence=2"  # a bot that never declares
SCALE = 0.1
THRESHOLD = 0.98  # Hard's declare_confidence

Played = tuple[tuple, tuple[tuple[int, int], ...], dict[int, str]]  # history, colours, kinds


def play_match(opponent: str, seed: int, options: dict[str, Any] | None = None) -> Played:
    """One match of Hard against `opponent`, seats by seed, nobody declaring: the public
    history, each game's Bonus Colours by seat, and each seat's kind of player."""
    names = ("hard" + SILENT, opponent + ("" if opponent in ("greedy", "predictor") else SILENT))
    first = seed % 2
    seats = (first, 1 - first)
    setup = Setup(scale=SCALE, clock="cpu")
    match = Match("moriarty", options or {"games": 3}, seed)
    players = {seats[k]: make_player(names[k], names[1 - k], "moriarty", seed * 2 + k, setup)
               for k in (0, 1)}
    history = History()
    while not match.state.is_terminal:
        if match.state.awaiting == ():
            match.resolve_chance()
            continue
        for seat in match.state.awaiting:
            before = match.state
            move = players[seat].choose(match.observe(seat), seat, history.entries)
            match.play(move, seat)
            history.add(before, seat, move)
    colours = tuple(scored.bonus for scored in match.state.history)  # type: ignore[attr-defined]
    return history.entries, colours, {seats[k]: names[k].split("~")[0] for k in (0, 1)}


def _play(job: tuple[str, int]) -> Played:
    return play_match(*job)


# (kind of player, game) -> [belief in the true colour summed, slides, seats, right, wrong]
Tally = dict[tuple[str, int], list[float]]


def tally(played: Sequence[Played], share: float, threshold: float = THRESHOLD,
          reading: str = "slides", drifter: float = DRIFTER) -> Tally:
    """Each player's slides read with this pretending share and reading (`READINGS`), as the
    other would read them."""
    reader = ColourReader()
    found: Tally = defaultdict(lambda: [0.0, 0, 0, 0, 0])
    for entries, colours, kinds in played:
        for player in (0, 1):
            reached: set[int] = set()
            games: set[int] = set()
            for index, (public, who, move) in enumerate(entries):
                if who != player or not isinstance(move, Slide) or \
                        not reveals_colour(public, move):
                    continue
                game = public.game_index
                truth = colours[game][player]
                belief = reader.belief(entries[:index + 1], 1 - player, public, wary=True,
                                       slides=True, pretender=share,
                                       choices=reading != "slides",
                                       choice_pretender=share if reading in LEARNING else 0.0,
                                       choice_denier=DENIER if reading in BELIEVING else 0.0,
                                       choice_sharpness=SHARPNESS if reading in SHARP else 0.0,
                                       choice_drifter=drifter if reading == "drifting" else 0.0)
                row = found[kinds[player], game]
                row[0] += belief[truth]
                row[1] += 1
                if game not in games:
                    games.add(game)
                    row[2] += 1
                top = max(range(COLOURS), key=belief.__getitem__)
                if game not in reached and belief[top] >= threshold:
                    reached.add(game)
                    row[3 if top == truth else 4] += 1
    return found


def report(found: Tally, share: float, reading: str = "slides") -> list[str]:
    """Lines of the table for one pretending share and reading."""
    named = "" if reading == "slides" else f", {reading}"
    lines = [f"pretending share {share:g}{named}:"]
    for kind, game in sorted(found):
        total, slides, seats, right, wrong = found[kind, game]
        lines.append(f"  {kind:>9} game {game + 1}: {int(seats):>3} seats, {int(slides):>4} slides,"
                     f" mean belief in the true colour {total / max(1, slides):.2f},"
                     f" reached {THRESHOLD}: right {int(right)}, wrong {int(wrong)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line: play, read and print."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.read_slides",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per opponent (default 6)")
    parser.add_argument("--jobs", type=int, default=2, help="matches played at once")
    parser.add_argument("--seed", type=int, default=101, help="seed of the first match")
    parser.add_argument("--shares", type=float, nargs="+", default=[0.0, 0.05],
                        help="pretending shares to read with (default 0 0.05)")
    parser.add_argument("--against", nargs="+", default=list(OPPONENTS),
                        choices=OPPONENTS + HYBRIDS,
                        help="opponents of Hard (default the first four)")
    parser.add_argument("--readings", nargs="+", default=["slides"], choices=READINGS,
                        help="readings to read with (default slides)")
    parser.add_argument("--drifters", type=float, nargs="+", default=[DRIFTER],
                        help=f"drifter shares of the drifting reading (default {DRIFTER})")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.jobs < 1 or not all(0.0 <= s < 1.0 for s in args.shares) \
            or not all(0.0 <= d < 1.0 - DENIER for d in args.drifters):
        parser.error("--matches and --jobs must be at least 1, each share in [0, 1) and each"
                     f" drifter share in [0, {1.0 - DENIER:g})")
    start = time.perf_counter()
    jobs = [(name, seed) for seed in range(args.seed, args.seed + args.matches)
            for name in args.against]
    if args.jobs == 1:
        played = [_play(job) for job in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            played = pool.map(_play, jobs, chunksize=1)
    print(f"{len(played)} matches in {time.perf_counter() - start:.0f}s (budgets x{SCALE})")
    for reading in args.readings:
        for share in args.shares:
            for drifter in args.drifters if reading == "drifting" else [DRIFTER]:
                named = f"drifting {drifter:g}" if reading == "drifting" else reading
                found = tally(played, share, reading=reading, drifter=drifter)
                print("\n".join(report(found, share, named)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
