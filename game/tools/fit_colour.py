"""Fit the Moriarty bot's model of how a Bonus Colour shows in play, and check its belief.

    python -m game.tools.fit_colour --matches 40 --jobs 2

Plays Medium v Hard matches in which nobody declares Moriarty (so games run their full length;
budgets are scaled down to keep it quick), notes every pivot and take with the chooser's true
colour, fits the weights and noise of `likelihood` by maximum likelihood, and prints how often
the colour a belief favoured was the true one, by how strongly it was believed: the shipped
weights, then the fitted ones.
"""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import multiprocessing
import time
from collections import defaultdict
from typing import Sequence

from game.bots import Bot, knowledge_for
from game.bots.games.moriarty_colour import (
    NOISE, WEIGHTS, choice_probability, colour_features, likelihood,
)
from game.bots.history import History
from game.match import Match
from game.rules.moriarty import MoriartyState, PickPivot, Take

SCALES = {"medium": 0.3, "hard": 0.1}  # budget shares: quick, and about equally strong
Choice = tuple  # (public state, seat, move, true colour, game index)


def _bot(name: str, seed: int) -> Bot:
    knowledge = knowledge_for("moriarty")
    level = knowledge.levels()[name]
    level = dataclasses.replace(level.scaled(SCALES[name]),
                                traits=level.traits + (("declare_confidence", 2.0),))
    return Bot(knowledge, level, seed)


def play_match(seed: int) -> list[Choice]:
    """One match, Medium and Hard alternating seats by seed; its pivots and takes."""
    names = ("medium", "hard") if seed % 2 else ("hard", "medium")
    match = Match("moriarty", {}, seed)
    bots = [_bot(names[seat], seed * 2 + seat) for seat in (0, 1)]
    history, choices = History(), []
    while not match.state.is_terminal:
        state = match.state
        for seat in state.awaiting:
            before = match.state
            assert isinstance(before, MoriartyState)
            move = bots[seat].choose(match.observe(seat), seat, history.entries)
            if isinstance(move, (PickPivot, Take)):
                choices.append((before.observe_public(), seat, move, before.bonus[seat],
                                before.game_index))
            match.play(move, seat)
            history.add(before, seat, move)
    return choices


def _observations(matches: Sequence[list[Choice]]) -> list[tuple[int, list[tuple]]]:
    """Each choice as (the index chosen, the features of every option of its kind)."""
    observed = []
    for choices in matches:
        for state, _, move, colour, _ in choices:
            options = [m for m in state.legal_moves(state.actors[0]) if type(m) is type(move)]
            observed.append((options.index(move),
                             [colour_features(state, m, colour) for m in options]))
    return observed


def mean_log_likelihood(observed, weights, noise: float) -> float:
    """The mean log-probability the model gives each choice, knowing the true colour."""
    return sum(math.log(choice_probability(chosen, features, weights, noise))
               for chosen, features in observed) / len(observed)


def fit(observed) -> tuple[tuple[float, ...], float]:
    """The weights and noise that make the choices most likely (a grid, then finer steps)."""
    grid = itertools.product((0.3, 0.6, 1.0, 1.5), (0.0, 0.25, 0.5), (0.0, 0.1, 0.25, 0.5),
                             (0.0, 0.1, 0.3, 0.6))
    best = max(grid, key=lambda g: mean_log_likelihood(observed, g[:3], g[3]))
    params = list(best)
    for step in (0.1, 0.05):
        for k in range(4):
            for delta in (-step, step):
                trial = list(params)
                trial[k] = min(0.95, max(0.0, trial[k] + delta))
                if mean_log_likelihood(observed, trial[:3], trial[3]) > \
                        mean_log_likelihood(observed, params[:3], params[3]):
                    params = trial
    return tuple(params[:3]), params[3]


def calibration(matches: Sequence[list[Choice]], weights, noise: float) -> dict[int, list[int]]:
    """For each tenth of belief in the favourite colour: [times, times it was the true one]."""
    buckets: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for choices in matches:
        beliefs: dict[tuple[int, int], list[float]] = {}
        for state, seat, move, colour, game_index in choices:
            belief = beliefs.setdefault((game_index, seat), [0.25] * 4)
            for c in range(4):
                belief[c] *= likelihood(state, move, c, weights, noise)
            total = sum(belief)
            belief[:] = [p / total for p in belief]
            favourite = max(range(4), key=belief.__getitem__)
            bucket = buckets[min(9, int(belief[favourite] * 10))]
            bucket[0] += 1
            bucket[1] += favourite == colour
    return buckets


def report(label: str, matches, weights, noise: float) -> None:
    """Print a model's fit and its belief's calibration."""
    print(f"{label}: weights {tuple(round(w, 2) for w in weights)} noise {noise:.2f}, "
          f"mean log-likelihood {mean_log_likelihood(_observations(matches), weights, noise):.4f}")
    table = calibration(matches, weights, noise)
    for k in sorted(table):
        times, right = table[k]
        print(f"  belief {k / 10:.1f}-{(k + 1) / 10:.1f}: favourite right {right:>5}/{times:<5}"
              f" {right / times:6.1%}")
    high = [table[k] for k in table if k >= 7]
    if high:
        times, right = sum(t for t, _ in high), sum(r for _, r in high)
        print(f"  belief 0.7 or more: right {right}/{times} = {right / times:.1%}")


def main(argv: list[str] | None = None) -> int:
    """Command line: play, fit and print."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.fit_colour",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40, help="matches to play (default 40)")
    parser.add_argument("--jobs", type=int, default=2, help="matches played at once")
    parser.add_argument("--seed", type=int, default=500, help="seed of the first match")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.matches)
    if args.jobs == 1:
        matches = [play_match(seed) for seed in seeds]
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            matches = pool.map(play_match, seeds, chunksize=1)
    count = sum(len(m) for m in matches)
    print(f"{count} pivots and takes in {args.matches} matches, {time.perf_counter() - start:.0f}s")
    observed = _observations(matches)
    print(f"uniform guess: mean log-likelihood {mean_log_likelihood(observed, (0, 0, 0), 0):.4f}")
    report("shipped", matches, WEIGHTS, NOISE)
    weights, noise = fit(observed)
    report("fitted", matches, weights, noise)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
