"""Where a hybrid's rule and Hard decide alike: at each decision of one kind in recorded arena
games (`arena --record`), Hard's choice beside the rule's. A hybrid row can stray from Hard
against Hard only at the decisions where they differ, so a row at Hard-v-Hard's spread says
either that they rarely differ or that their differences cost little.

    python -m game.tools.agreement RECORDS end                 # Moriarty's ending, greedy rule
    python -m game.tools.agreement RECORDS pivot --limit 50 --rule random --only slide-greedy

For a kind offered beside another choice (Moriarty's ending and declaring) it compares whether
each takes the option; for the others, the move where Hard's choice is of that kind. Hard is
asked afresh at full budget (`--scale`), so expect a second or two a decision.
"""
from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from typing import Iterator, Sequence

from game.core import Move
from game.record import Record
from game.tools.arena import Setup, make_player
from game.tools.arena_records import decisions, read_records
from game.tools.hybrids import KINDS, OPTIONS, RULES, Hybrid, decision_kinds


@dataclasses.dataclass(frozen=True)
class Compared:
    """One decision of the kind: what Hard chose and what the rule chose there."""

    game: str  # the record's file name
    seat: int
    hard: Move | bool  # for an option kind, whether the option is taken
    rule: Move | bool

    @property
    def same(self) -> bool:
        """True when the rule decided as Hard did."""
        return self.hard == self.rule


def compare_record(name: str, record: Record, kind: str, rule: str, setup: Setup,
                   seed: int = 0) -> Iterator[Compared]:
    """Hard's choice and the rule's at each decision of `kind` in one record."""
    for index, (state, seat, _, history) in enumerate(decisions(record)):
        observation = state.observe(seat)
        kinds = decision_kinds(observation, seat)
        own = kinds.get(kind)
        if not own:
            continue
        hard = make_player("hard", "hard", record.game, seed + index, setup)
        hybrid = make_player(f"hard-but-{kind}-{rule}", "hard", record.game, seed + index, setup)
        assert isinstance(hybrid, Hybrid)
        chosen = hard.choose(observation, seat, history)
        if kind in OPTIONS and len(kinds) > 1:
            yield Compared(name, seat, chosen in own,
                           hybrid.takes_option(observation, seat, history))
        elif chosen in own:  # Hard did not take an option offered beside it
            yield Compared(name, seat, chosen, hybrid.rule_move(observation, seat, history, own))


def summary(kind: str, rule: str, compared: Sequence[Compared], games: int) -> str:
    """The tally, in words."""
    same = sum(c.same for c in compared)
    line = (f"{kind} ({rule} rule): {len(compared)} decisions in {games} games, "
            f"the same {same}, different {len(compared) - same}")
    if kind in OPTIONS:
        ways = Counter((c.hard, c.rule) for c in compared if not c.same)
        line += (f" (the rule declines where Hard takes {ways[(True, False)]}, takes where "
                 f"Hard declines {ways[(False, True)]})")
    return line


def main(argv: list[str] | None = None) -> int:
    """Compare Hard and a rule over a folder of records; print the tally."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.agreement",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="a folder of arena records (arena --record)")
    parser.add_argument("kind", help="a kind of decision (see game/tools/hybrids.py KINDS)")
    parser.add_argument("--rule", choices=RULES, default="greedy")
    parser.add_argument("--only", default="", help="records whose file name contains this")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many decisions")
    parser.add_argument("--scale", type=float, default=1.0, help="Hard's budget, times this")
    parser.add_argument("--detail", action="store_true", help="also list each difference")
    args = parser.parse_args(argv)
    known = sorted({k for kinds in KINDS.values() for k in kinds})
    if args.kind not in known:
        parser.error(f"no kind {args.kind!r} (kinds: {', '.join(known)})")
    setup = Setup(scale=args.scale, clock="cpu")
    compared: list[Compared] = []
    games = 0
    for path, record in read_records(args.folder):
        if args.only not in path.name:
            continue
        games += 1
        for found in compare_record(path.name, record, args.kind, args.rule, setup):
            compared.append(found)
            if args.detail and not found.same:
                print(f"  {found.game} seat {found.seat}: Hard {found.hard}, rule {found.rule}",
                      flush=True)
            if args.limit and len(compared) >= args.limit:
                break
        if args.limit and len(compared) >= args.limit:
            break
    print(summary(args.kind, args.rule, compared, games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
