"""Solve Tug of War exactly: every turn start's chance to win, both sides playing optimally.

    python -m game.tools.solve_tug_of_war                  # writes assets/solved/tug_of_war.bin
    python -m game.tools.solve_tug_of_war --athletes 4 --faces 3 --out /tmp/small.bin

A turn-start position is the mover's athletes and the other's (1-18 each) and both teams (one of
56 multisets of three dice each): 18 x 18 x 56 x 56 = 1,016,064 positions from the mover's side.
Its value is the expectation over the 56 common rolls of the best the turn can do: re-roll a
common die (one per 6 among the team dice, before any pairing), then pair dice. Pairing order
does not matter (a removal changes no die and no athlete of one's own), so a turn ends in a set
of removals (any number up to the most the dice allow) and at most one exchange; the position
after it is the other side's turn start. Exchanges add athletes, so the game can return to a
position: no ordering by progress exists, and the values are found by value iteration
(Gauss-Seidel over the other side's team) to a residual below --tolerance.

Needs numpy, for this tool only (the Perfect player reads the table with the standard library):
a sweep takes the best of 16,366 kinds of turn ending for every athlete count and opposing team,
about 300 million values, which numpy does in 2-5 s; the solve needs about 64 sweeps (5 minutes
on a busy core), where pure Python would take hours.

Result (64 sweeps, residual 8e-11): Yellow, who sets up first, wins 51.74% of games with optimal
play by both; the side that takes the first turn wins 79%. The table is 2.97 MB.
"""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import sys
import time
from array import array
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.bots.tug_table import (
    TABLE_FILE, Layout, TugTable, red_start_value, reroll_choices, reroll_value,
    roll_probabilities, setup_values,
)

if TYPE_CHECKING:
    import numpy

TEAM_DICE = 3  # so at most 3 removals and at most 3 re-rolls a turn


def max_removals(commons: tuple[int, ...], team: tuple[int, ...]) -> int:
    """The most pairings of a common die with a team die it equals or beats, one to one."""
    best = 0
    for order in itertools.permutations(commons):
        best = max(best, sum(c >= t for c, t in zip(order, team)))
    return best


def turn_endings(team: tuple[int, ...], roll: tuple[int, ...]) -> list[tuple]:
    """How a turn with these team dice and common dice can end, best removals for each choice.

    Each ending is (most removals, exchange's rise in value or None for no exchange, team after).
    """
    endings: set[tuple[int, int | None, tuple[int, ...]]] = {(max_removals(roll, team), None, team)}
    for common in set(roll):
        for old in set(team):
            if common != old:
                commons, kept = list(roll), list(team)
                commons.remove(common)
                kept.remove(old)
                endings.add((max_removals(tuple(commons), tuple(kept)), common - old,
                             tuple(sorted(kept + [common]))))
    return sorted(endings, key=lambda e: (e[1] is not None, e[1] or 0, e[0], e[2]))


def within_turn_nodes(team: tuple[int, ...], roll: tuple[int, ...]) -> int:
    """Distinct pairing steps of one turn (free dice, team, exchange used, removals so far)."""
    start = (roll, team, team, False, 0)
    seen, stack = {start}, [start]
    while stack:
        commons, free, whole, exchanged, removed = stack.pop()
        for c in set(commons):
            for t in set(free):
                rest_c, rest_t = list(commons), list(free)
                rest_c.remove(c)
                rest_t.remove(t)
                nexts = []
                if c >= t:
                    nexts.append((tuple(rest_c), tuple(rest_t), whole, exchanged, removed + 1))
                if c != t and not exchanged:
                    after = list(whole)
                    after.remove(t)
                    nexts.append((tuple(rest_c), tuple(rest_t), tuple(sorted(after + [c])),
                                  True, removed))
                for node in nexts:
                    if node not in seen:
                        seen.add(node)
                        stack.append(node)
    return len(seen)


@dataclasses.dataclass
class Solution:
    """A solved game: values[a_me-1, a_opp-1, my team, their team], and how it went."""

    layout: Layout
    values: numpy.ndarray  # float64
    sweeps: int
    residual: float
    seconds: float

    def turn_value(self, mine: int, theirs: int, my_team, their_team) -> float:
        """The mover's chance to win from a turn start."""
        if theirs <= 0:
            return 1.0
        index = self.layout.team_index
        return float(self.values[mine - 1, theirs - 1, index[tuple(sorted(my_team))],
                                 index[tuple(sorted(their_team))]])

    def table(self) -> TugTable:
        """The table to ship: float32 values and Yellow's setup values."""
        import numpy as np
        values = array("f", self.values.astype(np.float32).tobytes())
        setup = array("f", setup_values(self.turn_value, self.layout.faces,
                                          self.layout.athletes))
        return TugTable(self.layout, values, setup)


class Solver:
    """Value iteration over turn starts, with every turn's endings and re-rolls precomputed."""

    def __init__(self, athletes: int = 18, faces: int = 6) -> None:
        import numpy as np
        self.np = np
        self.layout = layout = Layout(athletes, faces)
        teams = layout.teams
        n, t = athletes, len(teams)
        probabilities = roll_probabilities(faces)
        self.roll_p = np.array([probabilities[roll] for roll in teams])  # rolls are multisets too
        # How an ending moves my athletes: variant 0 keeps them (no exchange); variant k > 0 is
        # an exchange rising by rises[k]. Row n of a block stands for "not allowed".
        exchanges = [d for d in range(1 - faces, faces) if d]
        self.rises: list[int | None] = [None, *exchanges]
        mine = np.arange(1, n + 1)
        self.slots = [mine - 1]
        for rise in exchanges:
            on_rope = np.minimum(n, mine + 1 + rise)
            self.slots.append(np.where(on_rope >= 1, on_rope - 1, n))
        variant = {rise: k for k, rise in enumerate(self.rises)}
        # Each (team, roll) pair's endings as rows of the blocks of `sweep`. The pairs are sorted
        # by how many endings they have, most first: the pairs with a k-th ending are a prefix,
        # and the best ending is found layer by layer with no padding.
        endings = [[(removals * t + layout.team_index[after]) * len(self.rises) + variant[rise]
                    for removals, rise, after in turn_endings(team, roll)]
                   for team in teams for roll in teams]
        order = sorted(range(len(endings)), key=lambda i: -len(endings[i]))
        self.layers = [np.array([endings[i][k] for i in order if len(endings[i]) > k],
                                dtype=np.intp) for k in range(len(endings[order[0]]))]
        self.unorder = np.argsort(order)
        self.endings = sum(map(len, endings))
        # Re-rolling the die in slot i of an ascending roll: the chances of each roll after it.
        reroll = np.zeros((t, 3, t))
        for c, roll in enumerate(teams):
            for slot in range(3):
                for face in range(1, faces + 1):
                    after = tuple(sorted(roll[:slot] + (face,) + roll[slot + 1:]))
                    reroll[c, slot, layout.team_index[after]] += 1 / faces
        self.reroll = np.ascontiguousarray(reroll.transpose(2, 1, 0).reshape(t, 3 * t))
        self.sixes = np.array([team.count(faces) for team in teams])

    def sweep(self, values) -> float:
        """One Gauss-Seidel sweep in place; the largest change of any value."""
        np = self.np
        n, t = self.layout.athletes, len(self.layout.teams)
        change = 0.0
        g = np.empty((TEAM_DICE + 1, t, n + 1, n))
        g[:, :, n, :] = -1.0  # an exchange that would empty the rope: never chosen
        blocks = np.empty((TEAM_DICE + 1, t, len(self.rises), n, n))
        for theirs in range(t):
            # After my turn the other side moves with my team as theirs: my chance is 1 - that.
            left = 1.0 - values[:, :, theirs, :].transpose(2, 1, 0)  # [my team, mine, theirs]
            g[0, :, :n, :] = left
            for r in range(1, TEAM_DICE + 1):  # up to r removals: the best of 0..r
                g[r, :, :n, :r] = 1.0  # removing their last athlete wins
                np.maximum(g[r - 1, :, :n, r:], left[:, :, :n - r], out=g[r, :, :n, r:])
            for k, slots in enumerate(self.slots):
                blocks[:, :, k] = g[:, :, slots, :]
            flat = blocks.reshape(-1, n * n)
            acted = np.take(flat, self.layers[0], axis=0)
            for layer in self.layers[1:]:
                np.maximum(acted[:len(layer)], np.take(flat, layer, axis=0),
                           out=acted[:len(layer)])
            acted = np.take(acted, self.unorder, axis=0)  # [team x roll, athletes]
            acted = np.ascontiguousarray(acted.reshape(t, t, n * n).transpose(0, 2, 1))
            best = self._with_rerolls(acted)  # [team, athletes, roll]
            new = (best @ self.roll_p).reshape(t, n, n).transpose(1, 2, 0)
            old = values[:, :, :, theirs]
            change = max(change, float(np.abs(new - old).max()))
            values[:, :, :, theirs] = new
        return change

    def _with_rerolls(self, acted):
        """The value after each roll when the team's 6s allow re-rolling common dice first."""
        np = self.np
        t = len(self.layout.teams)
        best = acted.copy()
        which = np.nonzero(self.sixes >= 1)[0]
        current = acted[which]
        for level in range(1, TEAM_DICE + 1):
            if not len(which):
                break
            # With `level` re-rolls left: act on this roll, or re-roll one die and go on.
            options = current @ self.reroll  # [.., slot x roll]
            rerolled = np.maximum(np.maximum(options[..., :t], options[..., t:2 * t]),
                                  options[..., 2 * t:])
            current = np.maximum(acted[which], rerolled)
            best[which] = current  # final for teams with `level` sixes; more sixes go on
            more = self.sixes[which] > level
            which, current = which[more], current[more]
        return best

    def solve(self, tolerance: float = 1e-9, max_sweeps: int = 1000,
              progress: Callable[[int, float, float], None] | None = None) -> Solution:
        """Sweep until no value changes by more than `tolerance`."""
        np = self.np
        n, t = self.layout.athletes, len(self.layout.teams)
        values = np.full((n, n, t, t), 0.5)
        start = time.perf_counter()
        residual, sweeps = 1.0, 0
        while residual > tolerance and sweeps < max_sweeps:
            residual = self.sweep(values)
            sweeps += 1
            if progress:
                progress(sweeps, residual, time.perf_counter() - start)
        return Solution(self.layout, values, sweeps, residual, time.perf_counter() - start)


def state_counts(layout: Layout) -> dict[str, int]:
    """How many states the solve covers: turn starts, and what lies inside a turn."""
    n, t = layout.athletes, len(layout.teams)
    rolls = len(layout.teams)
    rolled = sum((team.count(layout.faces) + 1) * rolls for team in layout.teams)
    steps = sum(within_turn_nodes(team, roll) for team in layout.teams for roll in layout.teams)
    return {
        "turn starts (mover's view; x2 for whose turn)": layout.size,
        "turn starts x common roll x re-rolls left": rolled * n * n * t,
        "turn starts x common roll x pairing step": steps * n * n * t,
    }


def chosen_teams(roll: tuple[int, ...], value_of, faces: int) -> dict[tuple[int, ...], float]:
    """The final teams an optimal setup choice leads to from a roll, with their chances."""
    choice = max(reroll_choices(roll), key=lambda c: reroll_value(roll, c, value_of, faces))
    kept = list(roll)
    for die in choice:
        kept.remove(die)
    if not choice:
        return {roll: 1.0}
    return {tuple(sorted(kept + list(new))): p
            for new, p in roll_probabilities(faces, len(choice)).items()}


def first_turn_chance(table: TugTable) -> float:
    """How often the side that takes the first turn wins, both setting up and playing optimally."""
    faces, athletes = table.layout.faces, table.layout.athletes
    rolls = roll_probabilities(faces)
    total = 0.0
    for roll, p in rolls.items():
        for yellow, q in chosen_teams(roll, table.yellow_setup_value, faces).items():
            def red_value(red: tuple[int, ...]) -> float:
                return red_start_value(table.value, yellow, red, athletes)
            for red_roll, p_red in rolls.items():
                for red, q_red in chosen_teams(red_roll, red_value, faces).items():
                    y, r = min(athletes, sum(yellow)), min(athletes, sum(red))
                    starter = table.value(r, y, red, yellow) if r < y else \
                        table.value(y, r, yellow, red)
                    total += p * q * p_red * q_red * starter
    return total


def default_out() -> Path:
    """The shipped table's place in this source tree."""
    return Path(__file__).resolve().parent.parent.parent / "assets" / "solved" / TABLE_FILE


def main(argv: list[str] | None = None) -> int:
    """Solve, print how it went and Yellow's chance from the start, and write the table."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.solve_tug_of_war",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--athletes", type=int, default=18, help="athletes a side (18)")
    parser.add_argument("--faces", type=int, default=6, help="faces of a die (6)")
    parser.add_argument("--tolerance", type=float, default=1e-10,
                        help="stop when no value changes more in a sweep (1e-10)")
    parser.add_argument("--max-sweeps", type=int, default=500)
    parser.add_argument("--out", type=Path, default=None,
                        help=f"where to write the table (default {default_out()})")
    args = parser.parse_args(argv)
    full_game = (args.athletes, args.faces) == (18, 6)
    if args.out is None and not full_game:
        parser.error("a variant's table needs --out (the default place is the real game's)")
    # One core: the solve is memory-bound, and the machine is shared.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("solve_tug_of_war needs numpy: python3 -m pip install numpy", file=sys.stderr)
        return 2
    layout = Layout(args.athletes, args.faces)
    start = time.perf_counter()
    solver = Solver(args.athletes, args.faces)
    counts = state_counts(layout)
    counts["(team, roll) pairs x distinct turn endings"] = solver.endings
    for label, count in counts.items():
        print(f"{label:<52} {count:>14,}")
    print(f"set-up in {time.perf_counter() - start:.1f}s; sweeping to a residual of "
          f"{args.tolerance:g}", flush=True)

    def progress(sweep: int, residual: float, seconds: float) -> None:
        if sweep % 5 == 0 or residual <= args.tolerance:
            print(f"  sweep {sweep:>4}  residual {residual:.3e}  {seconds:>6.1f}s", flush=True)

    solution = solver.solve(args.tolerance, args.max_sweeps, progress)
    table = solution.table()
    out = args.out or default_out()
    out.parent.mkdir(parents=True, exist_ok=True)
    data = table.to_bytes()
    out.write_bytes(data)
    converged = "converged" if solution.residual <= args.tolerance else "NOT converged"
    print(f"{solution.sweeps} sweeps, residual {solution.residual:.2e} ({converged}), "
          f"{solution.seconds:.0f}s solving, {time.perf_counter() - start:.0f}s in all")
    print(f"Yellow (sets up first) wins with optimal play by both: "
          f"{table.yellow_start_value:.6f}")
    print(f"the side that takes the first turn wins: {first_turn_chance(table):.6f}")
    print(f"table: {out} ({len(data):,} bytes)")
    return 0 if solution.residual <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
