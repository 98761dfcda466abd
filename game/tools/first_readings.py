"""Where a Moriarty reading would first name a colour: in recorded arena games (`arena --record`),
each seat's belief in the other's Bonus Colour, read as a level reads it after each public
choice of the other's, and the first time it reaches the declaring belief in a game, right or
wrong. Readings with a setting changed (`hard~choice_denier=0.6`) read the same games.

    python -m game.tools.first_readings RECORDS
    python -m game.tools.first_readings RECORDS --readers hard hard~choice_denier=0.6 --games 1

The games end where they ended (a declaration stops the reading there), so a reading that
would reach the belief only later is not counted. For each reader it prints, per player read,
the seats read and how often the reading first reached the belief in the right colour and in a
wrong one, and with `--detail` each such first time (game, round, belief).
"""
from __future__ import annotations

import argparse
import dataclasses
from collections import defaultdict
from typing import Iterator, Sequence

from game.bots.games.moriarty import GameKnowledge
from game.bots.games.moriarty_colour import COLOURS, reveals_colour
from game.rules.moriarty import MoriartyState
from game.tools.arena import check_player, make_player
from game.tools.arena_records import RecordedGame, read_folder

THRESHOLD = 0.98  # Hard's declare_confidence


@dataclasses.dataclass(frozen=True)
class FirstReading:
    """The first time a seat's reading of the other reached the belief in a game."""

    game: str  # the record's file name
    read: str  # the player read
    game_index: int
    round: int
    belief: float
    right: bool


def reader_knowledge(reader: str) -> GameKnowledge:
    """Moriarty's knowledge at the level `reader` names ("hard~choice_denier=0.6": Hard with
    that setting changed); ValueError names what is wrong with the name."""
    try:
        player = make_player(check_player(reader), "hard", "moriarty", 0)
    except argparse.ArgumentTypeError as error:
        raise ValueError(str(error)) from None
    knowledge = getattr(player, "knowledge", None)
    if not isinstance(knowledge, GameKnowledge):
        raise ValueError(f"{reader!r} is no level of the bots, so it has no reading")
    return knowledge


def first_readings(game: RecordedGame, reader: str, games: int,
                   threshold: float = THRESHOLD) -> Iterator[FirstReading | str]:
    """Per seat and game of the match (the first `games`): the reading's first time at the
    belief, or the name of the player read where it never got there."""
    knowledge = reader_knowledge(reader)
    final = game.final
    assert isinstance(final, MoriartyState)
    shown = {scored.game_index: scored.bonus for scored in final.history}
    for seat in (0, 1):
        other = 1 - seat
        reached: set[int] = set()
        played: set[int] = set()
        for index, (public, who, move) in enumerate(game.history):
            assert isinstance(public, MoriartyState)
            if public.game_index >= games:
                break
            played.add(public.game_index)
            if who != other or public.game_index in reached or not reveals_colour(public, move):
                continue
            belief = knowledge.belief(public, seat, game.history[:index + 1])
            top = max(range(COLOURS), key=belief.__getitem__)
            if belief[top] >= threshold:
                reached.add(public.game_index)
                truth = shown.get(public.game_index, final.bonus)
                yield FirstReading(game.path.name, game.players[other], public.game_index,
                                   public.rounds, belief[top], top == truth[other])
        for _ in played - reached:
            yield game.players[other]


def summary(found: Sequence[FirstReading | str]) -> list[str]:
    """Per player read: seats, and first readings right and wrong."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for item in found:
        name = item if isinstance(item, str) else item.read
        rows[name][0] += 1
        if not isinstance(item, str):
            rows[name][1 if item.right else 2] += 1
    return [f"  {name:>28}: {seats:>3} seats read, first at {THRESHOLD}: right {right}, "
            f"wrong {wrong}" for name, (seats, right, wrong) in sorted(rows.items())]


def main(argv: list[str] | None = None) -> int:
    """Command line: read the records with each reader and print."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.first_readings",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", help="folders of Moriarty arena records")
    parser.add_argument("--readers", nargs="+", default=["hard"],
                        help="levels to read as, settings changed with ~NAME=NUMBER")
    parser.add_argument("--games", type=int, default=3,
                        help="read only the first this many games of each match (default 3)")
    parser.add_argument("--detail", action="store_true", help="also list each first reading")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        for reader in args.readers:
            reader_knowledge(reader)
    except ValueError as error:
        parser.error(str(error))
    recorded = [game for folder in args.folders for game in read_folder(folder)]
    if not recorded:
        parser.error("no records in those folders")
    for reader in args.readers:
        found = [item for game in recorded
                 for item in first_readings(game, reader, args.games)]
        print(f"{reader} over {len(recorded)} records:")
        print("\n".join(summary(found)))
        if args.detail:
            for item in found:
                if not isinstance(item, str):
                    print(f"    {item.game}: {item.read} game {item.game_index + 1} round "
                          f"{item.round}, belief {item.belief:.3f}, "
                          f"{'right' if item.right else 'wrong'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
