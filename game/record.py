"""Game records: the game, its options, the chance seed and every decision as text, in JSON.

A record's move list holds entries `<actor>:<text>`: `0:c` and `1:h` are seats' moves (at a
simultaneous node each seat's commit is its own entry), `*:135` a chance outcome, `=:draw` a draw
both players agreed to. Replaying the entries from the initial state reproduces every state.
Loading checks everything and says what is wrong and where (`moves[12] '1:zz': ...`).
"""
from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from game.core import GameError, NodeKind, Outcome, State, Step
from game.registry import get_game
from game.spec import GameSpec

FORMAT = "quintet-record"
VERSION = 1
CHANCE, AGREEMENT = "*", "="
KEYS = frozenset({"format", "version", "game", "options", "seed", "moves", "result", "meta"})


class RecordError(GameError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclasses.dataclass(frozen=True)
class Entry:
    """One recorded decision: who made it (a seat, `*` for chance, `=` for both) and its text."""

    actor: int | str
    text: str

    def __str__(self) -> str:
        return f"{self.actor}:{self.text}"

    @classmethod
    def parse(cls, item: Any) -> "Entry":
        """Read an entry such as `0:c` or `*:135`."""
        if not isinstance(item, str) or ":" not in item:
            raise GameError(f"{item!r} is not an entry like '0:c' or '*:135'")
        actor, text = item.split(":", 1)
        if actor in ("0", "1"):
            return cls(int(actor), text)
        if actor in (CHANCE, AGREEMENT):
            return cls(actor, text)
        raise GameError(f"{actor!r} is not an actor (0, 1, {CHANCE} or {AGREEMENT})")


def apply_entry(spec: GameSpec, state: State, entry: Entry) -> Step[State]:
    """Apply one recorded entry to a state; GameError if it does not fit there."""
    if entry.actor == CHANCE:
        if state.kind is not NodeKind.CHANCE:
            raise GameError("a chance outcome where no chance is pending")
        return state.apply_chance(spec.parse_chance(entry.text))
    if entry.actor == AGREEMENT:
        if entry.text != "draw":
            raise GameError(f"{entry.text!r} is not an agreement (only 'draw')")
        return state.agree_draw()
    if not isinstance(entry.actor, int):
        raise GameError(f"{entry.actor!r} is not an actor (0, 1, {CHANCE} or {AGREEMENT})")
    return state.apply(spec.parse_move(entry.text), entry.actor)


@dataclasses.dataclass(frozen=True)
class Record:
    """A whole game, or a game so far, as data."""

    game: str
    options: Mapping[str, Any]
    seed: int | None
    entries: tuple[Entry, ...]
    result: Outcome | None = None
    meta: Mapping[str, Any] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    @property
    def spec(self) -> GameSpec:
        """The game this record is of."""
        return get_game(self.game)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        data = {
            "format": FORMAT, "version": VERSION, "game": self.game,
            "options": dict(self.options), "seed": self.seed,
            "moves": [str(e) for e in self.entries],
        }
        if self.result is not None:
            data["result"] = self.result.to_json()
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), indent=1)

    def replay(self) -> Iterator[tuple[Entry, Step[State]]]:
        """Each entry with the step it makes, from the initial state on."""
        state = self.initial_state()
        for index, entry in enumerate(self.entries):
            try:
                step = apply_entry(self.spec, state, entry)
            except GameError as error:
                raise RecordError(f"moves[{index}] {str(entry)!r}: {error}") from None
            yield entry, step
            state = step.state

    def initial_state(self) -> State:
        """The state before the first entry."""
        return self.spec.start(self.spec.resolve_options(self.options))

    def final_state(self) -> State:
        """The state after the last entry."""
        state = self.initial_state()
        for _, step in self.replay():
            state = step.state
        return state


def load_record(source: str | bytes | Mapping[str, Any]) -> Record:
    """Read and check a record from JSON text or a parsed dict; RecordError says what is wrong."""
    data = source
    if isinstance(source, (str, bytes)):
        try:
            data = json.loads(source)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise RecordError(f"not JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, found {data.get('format')!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"version: expected a whole number, found {version!r}")
    if version > VERSION:
        raise RecordError(f"version: {version} is newer than this Quintet reads ({VERSION})")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise RecordError(f"{unknown[0]}: not a field of a record")
    try:
        spec = get_game(data.get("game"))  # type: ignore[arg-type]
    except GameError as error:
        raise RecordError(f"game: {error}") from None
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("options: must be an object")
    try:
        options = spec.resolve_recorded(options)
    except GameError as error:
        raise RecordError(f"options: {error}") from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"seed: expected a whole number or null, found {seed!r}")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves: must be a list of entries like '0:c'")
    entries = []
    for index, item in enumerate(moves):
        try:
            entries.append(Entry.parse(item))
        except GameError as error:
            raise RecordError(f"moves[{index}]: {error}") from None
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("meta: must be an object")
    record = Record(spec.id, options, seed, tuple(entries), None, MappingProxyType(dict(meta)))
    final = record.final_state()  # replays every entry, raising RecordError where one fails
    if "result" in data:
        claimed = data["result"]
        actual = final.outcome.to_json() if final.outcome else None
        if claimed != actual:
            raise RecordError(f"result: the record says {claimed!r} but the moves give {actual!r}")
    return dataclasses.replace(record, result=final.outcome)


def turn_log(record: Record) -> list[str]:
    """The game as numbered whole turns in its own notation, e.g. `3. Eks c, Oh h`."""
    lines: list[str] = []
    names = record.spec.seat_names
    state = record.initial_state()
    current: int | None = None
    parts: list[tuple[str, str]] = []
    for entry, step in record.replay():
        if state.turn != current and parts:
            lines.append(_turn_line(current, parts))
            parts = []
        current = state.turn
        if entry.actor == CHANCE:
            parts.append((CHANCE, f"[{entry.text}]"))
        elif entry.actor == AGREEMENT:
            parts.append((AGREEMENT, "draw agreed"))
        elif parts and parts[-1][0] == names[int(entry.actor)]:
            parts[-1] = (parts[-1][0], f"{parts[-1][1]} {entry.text}")
        else:
            name = names[int(entry.actor)]
            parts.append((name, f"{name} {entry.text}"))
        state = step.state
    if parts:
        lines.append(_turn_line(current, parts))
    return lines


def _turn_line(turn: int | None, parts: list[tuple[str, str]]) -> str:
    return f"{turn}. " + ", ".join(text for _, text in parts)
