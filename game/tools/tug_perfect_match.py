"""Perfect Tug of War against other players: scores with Wilson 95% intervals, on one process.

    python -m game.tools.tug_perfect_match hard medium easy greedy random --games 40
    python -m game.tools.tug_perfect_match perfect --games 400     # self-play: Yellow's share

Seats alternate (the perfect player is Yellow in even-numbered games); each game has its own
seed. Every decision of the other player is valued exactly: the line reports the chance to win
it gave away in a game (the sum over its decisions of best value minus chosen value) and how
many decisions a game cost anything. Against "perfect" the score is how often Yellow won, which
should approach the solved first-player chance.
"""
from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time

from game.bots import Bot, knowledge_for
from game.bots.history import History
from game.bots.perfect_tug import PerfectTugPlayer
from game.core import NodeKind
from game.match import Match, RandomPlayer
from game.rules.tug_of_war import TugOfWarState
from game.tools.arena import p95, wilson

GAME_ID = "tug_of_war"


def make_player(name: str, seed: int):
    """'perfect', 'random', 'greedy' (game/tools/opponents.py) or a search bot's level (its
    search, even for 'hard', which in the app plays Perfect)."""
    if name == "perfect":
        return PerfectTugPlayer(seed)
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        from game.tools.opponents import Greedy
        return Greedy(seed)
    knowledge = knowledge_for(GAME_ID)
    return Bot(knowledge, knowledge.levels()[name], seed)


@dataclasses.dataclass
class GameRecord:
    """One game: the winning seat, and per seat its think times and what each decision cost."""

    winner: int
    think: tuple[list[float], list[float]]
    losses: tuple[list[float], list[float]]  # exact win chance given away, decision by decision


def play_game(names: tuple[str, str], seed: int, judge: PerfectTugPlayer) -> GameRecord:
    """One game, names[0] as Yellow; `judge` values every decision exactly."""
    match = Match(GAME_ID, seed=seed)
    players = [make_player(name, seed * 2 + seat) for seat, name in enumerate(names)]
    record = GameRecord(-1, ([], []), ([], []))
    history = History()
    while not match.state.is_terminal:
        state = match.state
        assert isinstance(state, TugOfWarState)
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        seat = state.to_move
        observation = state.observe(seat)  # what match.observe(seat) gives
        start = time.perf_counter()
        if names[seat] == "random":
            move = players[seat].choose(observation, seat)
        else:
            move = players[seat].choose(observation, seat, history.entries)
        record.think[seat].append(time.perf_counter() - start)
        values = judge.move_values(observation, seat)
        record.losses[seat].append(max(values.values()) - values[move])
        match.play(move, seat)
        history.add(state, seat, move)
    outcome = match.state.outcome
    assert outcome is not None and outcome.winner is not None  # over, and Tug of War never draws
    record.winner = outcome.winner
    return record


def run(opponent: str, games: int, seed: int) -> str:
    """Perfect against one opponent, seats alternating: one report line."""
    start = time.perf_counter()
    judge = PerfectTugPlayer()
    wins = 0
    times: tuple[list[float], list[float]] = ([], [])
    lost: list[float] = []  # the opponent's exact win chance given away, per game
    mistakes = 0
    for k in range(games):
        perfect_seat = k % 2
        names = ("perfect", opponent) if perfect_seat == 0 else (opponent, "perfect")
        record = play_game(names, seed + k, judge)
        wins += record.winner == 0 if opponent == "perfect" else record.winner == perfect_seat
        print(f"  game {k + 1}: {names[0]} (Yellow) v {names[1]} (Red): "
              f"{('Yellow', 'Red')[record.winner]} won", file=sys.stderr, flush=True)
        times[0].extend(record.think[perfect_seat])
        times[1].extend(record.think[1 - perfect_seat])
        lost.append(sum(record.losses[1 - perfect_seat]))
        mistakes += sum(loss > 1e-6 for loss in record.losses[1 - perfect_seat])
    low, high = wilson(wins, games)
    who = "Yellow's share" if opponent == "perfect" else "perfect's score"
    return (f"perfect v {opponent:<7} {games:>4} games  {who} {wins}/{games} = "
            f"{wins / games:6.1%} [{low:6.1%}, {high:6.1%}]  {opponent} gives away "
            f"{statistics.mean(lost):.3f} a game in {mistakes / games:.1f} mistakes  "
            f"think ms mean/p95 {_ms(times[0])} v {_ms(times[1])}  "
            f"{time.perf_counter() - start:.0f}s")


def _ms(times: list[float]) -> str:
    if not times:
        return "-"
    return f"{statistics.mean(times) * 1000:.0f}/{p95(times) * 1000:.0f}"


def main(argv: list[str] | None = None) -> int:
    """Play Perfect against each named opponent and print a line per opponent."""
    parser = argparse.ArgumentParser(prog="python -m game.tools.tug_perfect_match",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("opponents", nargs="+",
                        choices=("perfect", "random", "greedy", "easy", "medium", "hard"))
    parser.add_argument("--games", type=int, default=40, help="games per opponent (40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    args = parser.parse_args(argv)
    for opponent in args.opponents:
        print(run(opponent, args.games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
