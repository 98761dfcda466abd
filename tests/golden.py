"""The narrators' golden sentences: the exact words each game's narrator (game/words/) says over
seeded games, kept in tests/golden_words.json, so a change of wording shows as one reviewed diff
here rather than as failures scattered over tests of behaviour (those check what a sentence must
carry: the seat, the move, the number, no secret).

    python -m tests.golden --update   # write the file again after an intended change of wording
    python -m tests.golden            # say which games' words differ from the file (exit 1)

tests/test_golden.py compares each game's words with the file.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from game.core import NodeKind
from game.registry import GAMES
from game.tools.bench import sample_chance
from game.words import narrator_for

GOLDEN = Path(__file__).resolve().parent / "golden_words.json"
# per game: (seed, options) of the games whose words are kept, and how many steps of each
GAMES_KEPT: dict[str, tuple[tuple[int, dict | None], ...]] = {
    "pulling_strings": ((1, None), (6, None)),
    "moriarty": ((1, {"games": 1}), (2, None)),
    "strands": ((1, {"side": 5}), (3, None)),
    "synch": ((1, None), (4, {"move_limit": 40})),
    "tug_of_war": ((1, None), (5, None)),
}
STEPS = 14  # the first steps of each game, and its last two


def _step_words(words, state, rng: random.Random) -> tuple[list[str], object]:
    """One random step's sentences: each seat's prompt and move, the chance, what happened and
    the status after; the next state."""
    lines: list[str] = []
    if state.kind is NodeKind.CHANCE:
        outcome = sample_chance(state, rng)
        lines.append(f"chance: {words.chance_text(str(outcome), state)}")
        step = state.apply_chance(outcome)
    else:
        moves = {seat: rng.choice(state.legal_moves(seat)) for seat in state.awaiting}
        for seat, move in moves.items():
            lines.append(f"prompt {seat}: {words.prompt(state, seat)}")
            lines.append(f"choice {seat}: {words.choice_words(move, state)}")
            lines.append(f"log {seat}: {words.log_text(move, seat, state)}")
        if state.kind is NodeKind.SIMULTANEOUS:
            step = state.apply_joint(moves[0], moves[1])
        else:
            (seat, move), = moves.items()
            step = state.apply(move, seat)
    lines.append(f"describe: {words.describe(state, step.events, step.state)}")
    lines += [f"status: {line}" for line in words.status(step.state)]
    lines += [f"secret {seat}: {words.secret_words(step.state, seat)}" for seat in (0, 1)
              if words.has_secret(step.state, seat)]
    return lines, step.state


def game_words(game_id: str) -> list[str]:
    """Every kept sentence of one game's narrator, in order."""
    spec = GAMES[game_id]
    found: list[str] = []
    for seed, options in GAMES_KEPT[game_id]:
        rng = random.Random(seed)
        state = spec.new_game(options)
        words = narrator_for(game_id, options)
        found.append(f"== seed {seed}, options {json.dumps(options, sort_keys=True)}")
        steps: list[list[str]] = []
        status: list[str] = []
        while not state.is_terminal and len(steps) < 5000:
            lines, state = _step_words(words, state, rng)
            now = [line for line in lines if line.startswith(("status: ", "secret "))]
            steps.append([line for line in lines if line not in status])  # those when they change
            status = now
        kept = steps if len(steps) <= STEPS + 2 else steps[:STEPS] + [["..."]] + steps[-2:]
        found += [line for lines in kept for line in lines]
        if state.is_terminal:
            found.append(f"result: {words.result_words(state)}")
    return found


def all_words() -> dict[str, list[str]]:
    """Every game's kept sentences, by game id."""
    return {game_id: game_words(game_id) for game_id in GAMES_KEPT}


def stored() -> dict[str, list[str]]:
    """The golden file's sentences, by game id (empty if there is no file)."""
    return json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}


def write() -> None:
    """Write the golden file from the narrators as they are now."""
    GOLDEN.write_text(json.dumps(all_words(), indent=1, ensure_ascii=False) + "\n",
                      encoding="utf-8")


def main(argv: list[str]) -> int:
    """--update writes the file; otherwise report the games whose words differ (1 if any)."""
    if argv == ["--update"]:
        write()
        print(f"wrote {GOLDEN}")
        return 0
    if argv:
        print(__doc__)
        return 0 if argv in (["-h"], ["--help"]) else 2
    kept, now = stored(), all_words()
    differ = [game_id for game_id in now if kept.get(game_id) != now[game_id]]
    for game_id in differ:
        print(f"{game_id}: the words differ from {GOLDEN.name}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
