"""Statistics: games won, lost and drawn, per game and per opponent, in `<data folder>/stats.json`.

Against a bot the counts are the person's: won, lost, drawn. In hot-seat play both players are
people, so the counts are by side: how often each seat won, and the draws. Kiosk demos (bot
against bot) are never counted.

    {"format": "quintet-stats", "version": 1,
     "games": {"strands": {"hard": {"won": 2, "lost": 5, "drawn": 0},
                           "hot-seat": {"seat0": 3, "seat1": 1, "drawn": 0}}},
     "hinted": {"strands": 2}}

"hinted" counts, per game, the games of those finished with a hint asked for. "filed" names the
last games counted (their save ids), so a game filed again after a fault is never counted twice.

A file with bad parts keeps its good counts; the file itself is moved aside with a message.
A bad file that cannot be moved aside (a link that loops, a file the system will not rename) is
left as it is, and counting goes on in a fresh file beside it, `stats-fresh.json`, which is read
and written from then on while the bad one stays (the player is told each time it is met).
A copy of Quintet that does not own the data folder (`read_only` says why) counts nothing and
moves nothing.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.core import Outcome
from game.registry import GAMES
from scenes.store.controllers import HOT_SEAT, OPPONENTS, human_seats, opponent_key
from scenes.store.plain_text import brief, printable
from scenes.store.saves import ID_PATTERN
from scenes.store.storage import (FileProblem, check_header, data_dir, keep_bad_file,
                                  nothing_there, read_json, write_json)

STATS_FORMAT = "quintet-stats"
STATS_VERSION = 1
BOT_COUNTS = ("won", "lost", "drawn")
SEAT_COUNTS = ("seat0", "seat1", "drawn")
FRESH_NAME = "stats-fresh.json"  # counting goes on here while stats.json cannot be moved aside
SIZE_LIMIT = 256_000  # bytes: a full statistics file is about 3,000
MAX_COUNT = 10**9  # more games than anyone plays: a larger count is damage
FILED_KEPT = 50  # the last games counted, by save id (filing again must not count again)

Counts = dict[str, int]


def count_names(opponent: str) -> tuple[str, ...]:
    """The counts kept against an opponent."""
    return SEAT_COUNTS if opponent == HOT_SEAT else BOT_COUNTS


def tally(outcome: Outcome, controllers: Sequence[str]) -> tuple[str, str] | None:
    """(opponent, count name) that a finished game adds to, or None if it is not counted."""
    opponent = opponent_key(controllers)
    if opponent is None:
        return None
    if outcome.winner is None:
        return opponent, "drawn"
    if opponent == HOT_SEAT:
        return opponent, f"seat{outcome.winner}"
    person = human_seats(controllers)[0]
    return opponent, "won" if outcome.winner == person else "lost"


class StatsFile:
    """Loads, checks, counts into and saves the statistics file."""

    def __init__(self, root: Path | None = None, read_only: str = "") -> None:
        self.path = (root or data_dir()) / "stats.json"
        self.read_only = read_only  # why nothing may be written (empty: it may)
        self._fresh = False  # counting in the fresh file: the bad one could not be moved aside

    def load(self) -> tuple[dict[str, dict[str, Counts]], list[str]]:
        """The counts by game and opponent (what is usable), and messages about the rest."""
        if nothing_there(self.path):
            return {}, []
        try:
            data = read_json(self.path, SIZE_LIMIT)
            data = check_header(self.path, data, "statistics file", STATS_FORMAT, STATS_VERSION)
        except FileProblem as problem:
            fresh = self._fresh
            message = self._keep(problem, "counting starts again")
            return self._load_fresh([message]) if self._fresh and not fresh else ({}, [message])
        games, problems = read_games(data.get("games"))
        if not problems:
            return games, []
        bad_parts = FileProblem(self.path, "has bad parts (" + "; ".join(problems[:3])
                                + (f"; {len(problems) - 3} more" if len(problems) > 3 else "")
                                + ")")
        hinted, fresh = self.hinted(), self._fresh
        messages = [self._keep(bad_parts, "the good counts are kept")]
        if self._fresh and not fresh and not nothing_there(self.path):
            return self._load_fresh(messages)  # counted there since: its counts are the ones
        return games, messages + ([] if self.read_only else
                                  self._write(games, hinted, self.filed()))

    def _keep(self, problem: FileProblem, instead: str) -> str:
        message = keep_bad_file("Statistics file", problem, instead, move=not self.read_only)
        if os.path.lexists(self.path) and not self.read_only:
            if self._fresh:  # the fresh file is bad too and stuck: nothing is saved over it
                self.read_only = "the bad statistics file could not be moved out of the way"
            else:
                self._fresh = True
                self.path = self.path.with_name(FRESH_NAME)
                message += f" Counting goes on in a fresh file, {FRESH_NAME}."
        return message

    def _load_fresh(self, messages: list[str]) -> tuple[dict[str, dict[str, Counts]], list[str]]:
        """After the bad file could not be moved aside: the fresh file's counts, if it has
        any, and every message."""
        if not self._fresh:
            return {}, messages
        games, more = self.load()
        return games, messages + more

    def count(self, game_id: str, controllers: Sequence[str], outcome: Outcome,
              hinted: bool = False) -> list[str]:
        """Add a finished game to the counts (and to the games with hints, if it had any) and
        save them; messages about anything that failed."""
        return self.add_game(game_id, controllers, outcome, hinted)[1]

    def add_game(self, game_id: str, controllers: Sequence[str], outcome: Outcome,
                 hinted: bool = False, key: str = "") -> tuple[bool, list[str]]:
        """As `count`, and whether the game is now counted on disk (True for a game that is
        never counted, such as a demo). A game with a `key` (its save id) already counted is
        not counted again."""
        where = tally(outcome, controllers)
        if where is None:
            return True, []
        games, messages = self.load()
        filed = self.filed()
        if key and key in filed:
            return True, messages
        if key:
            filed = (filed + [key])[-FILED_KEPT:]
        opponent, name = where
        cell = games.setdefault(game_id, {}).setdefault(
            opponent, {n: 0 for n in count_names(opponent)})
        cell[name] += 1
        hints = self.hinted()
        if hinted:
            hints[game_id] = hints.get(game_id, 0) + 1
        failed = self._write(games, hints, filed)
        return not failed, messages + failed

    def reset(self) -> list[str]:
        """Start counting again from nothing (the player asked); messages if it failed."""
        if self.read_only:
            return [f"The statistics were not reset: {self.read_only}."]
        return self._write({})

    def hinted(self) -> Counts:
        """Per game, how many finished games had hints (what cannot be read counts as none)."""
        if nothing_there(self.path):
            return {}
        try:
            data = read_json(self.path, SIZE_LIMIT)
        except FileProblem:
            return {}
        part = data.get("hinted") if isinstance(data, Mapping) else None
        if not isinstance(part, Mapping):
            return {}
        return {game_id: number for game_id, number in part.items()
                if game_id in GAMES and isinstance(number, int) and not isinstance(number, bool)
                and 0 < number < MAX_COUNT}

    def filed(self) -> list[str]:
        """The save ids of the last games counted (what cannot be read counts as none)."""
        if nothing_there(self.path):
            return []
        try:
            data = read_json(self.path, SIZE_LIMIT)
        except FileProblem:
            return []
        part = data.get("filed") if isinstance(data, Mapping) else None
        if not isinstance(part, list):
            return []
        return [key for key in part if isinstance(key, str) and ID_PATTERN.fullmatch(key)]

    def _write(self, games: dict[str, dict[str, Counts]], hinted: Counts | None = None,
               filed: list[str] | None = None) -> list[str]:
        if self.read_only:
            return [f"The game was not counted in the statistics: {self.read_only}."]
        payload: dict[str, Any] = {"format": STATS_FORMAT, "version": STATS_VERSION,
                                   "games": games}
        if hinted:
            payload["hinted"] = hinted
        if filed:
            payload["filed"] = filed
        try:
            write_json(self.path, payload)
        except OSError as error:
            return [f"Could not save the statistics to {printable(str(self.path))}: "
                    f"{error.strerror or error}"]
        return []


def read_games(value: Any) -> tuple[dict[str, dict[str, Counts]], list[str]]:
    """The usable counts in a file's "games" part, and what was wrong with the rest."""
    if value is None:
        return {}, []
    if not isinstance(value, Mapping):
        return {}, [f"games is {type(value).__name__}, not an object"]
    games: dict[str, dict[str, Counts]] = {}
    problems = []
    for game_id, opponents in value.items():
        if game_id not in GAMES:
            problems.append(f"unknown game {brief(game_id)}")
            continue
        if not isinstance(opponents, Mapping):
            problems.append(f"{game_id} is not an object")
            continue
        for opponent, counts in opponents.items():
            cell, trouble = read_counts(opponent, counts)
            if trouble:
                problems.append(f"{game_id}/{printable(opponent, 40)}: {trouble}")
            if cell is not None:
                games.setdefault(game_id, {})[opponent] = cell
    return games, problems


def read_counts(opponent: str, counts: Any) -> tuple[Counts | None, str]:
    """One opponent's counts (bad numbers become 0) and what was wrong, if anything."""
    if opponent not in OPPONENTS:
        return None, "not an opponent (hot-seat, easy, medium or hard)"
    if not isinstance(counts, Mapping):
        return None, "not an object"
    cell, bad = {}, []
    for name in count_names(opponent):
        number = counts.get(name, 0)
        if isinstance(number, int) and not isinstance(number, bool) and 0 <= number < MAX_COUNT:
            cell[name] = number
        else:
            cell[name] = 0
            bad.append(f"{name} {brief(number)} is not a count")
    extra = sorted(set(counts) - set(cell))
    if extra:
        bad.append(f"{brief(extra[0])} is not one of {', '.join(count_names(opponent))}")
    return cell, ", ".join(bad)
