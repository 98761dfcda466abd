"""The public move log: whole turns in plain words (or the game's notation), with sealed choices
held back until they are revealed."""
from __future__ import annotations

import dataclasses
from typing import Iterator, cast

from game.core import ChoiceSealed, Move, State, Step
from game.last_moves import LastMoves
from game.record import AGREEMENT, CHANCE, Entry, Record
from game.words.base import Narrator, capital


@dataclasses.dataclass(frozen=True)
class Said:
    """One item of a turn's line: who (None for chance or both), in words and in notation."""

    seat: int | None
    words: str
    notation: str


class MoveLog:
    """Lines like `3. Eks pulls c; Oh pulls h` (notation: `3. Eks c, Oh h`); a sealed choice
    joins the log only when it is revealed."""

    def __init__(self, words: Narrator[State]) -> None:
        self.words = words
        self.turns: list[tuple[int, list[list[Said]]]] = []  # per turn, runs of one seat's items
        self._sealed: list[tuple[int, int, Said]] = []  # (turn, seat, item) not yet revealed
        self._written: dict[bool, list[str]] = {}  # lines already written, by notation or not

    def _put(self, turn: int, said: Said) -> None:
        self._written.clear()  # the side panel asks for the lines each time it is drawn
        if not self.turns or self.turns[-1][0] != turn:
            self.turns.append((turn, []))
        runs = self.turns[-1][1]
        if said.seat is not None and runs and runs[-1][0].seat == said.seat:
            runs[-1].append(said)  # one seat's decisions in a row
        else:
            runs.append([said])

    def _said(self, before: State, seat: int, move: Move) -> Said:
        return Said(seat, self.words.log_text(move, seat, before),
                    self.words.notation_text(move, seat, before))

    def seal(self, before: State, seat: int, move: Move) -> None:
        """A secret choice was committed: remember it, show nothing yet."""
        self._sealed.append((before.turn, seat, self._said(before, seat, move)))

    def add(self, before: State, seat: int, move: Move) -> None:
        """A decision (with any sealed choice it reveals)."""
        entries = self._sealed + [(before.turn, seat, self._said(before, seat, move))]
        self._sealed = []
        for turn, _, said in sorted(entries, key=lambda e: e[1]):
            self._put(turn, said)

    def chance(self, before: State, outcome: str) -> None:
        """A chance outcome (its record text), as the narrator says it."""
        self._put(before.turn, Said(None, self.words.chance_text(outcome, before),
                                    f"[{outcome}]"))

    def note(self, before: State, words: str, notation: str) -> None:
        """Something both players did together (a draw agreed)."""
        self._put(before.turn, Said(None, words, notation))

    def last_turn(self) -> int | None:
        """The number of the log's last line (None while it is empty)."""
        return self.turns[-1][0] if self.turns else None

    def lines(self, notation: bool = False) -> list[str]:
        """The log so far, one line per turn: in words, or in the game's notation."""
        if notation not in self._written:
            self._written[notation] = [
                f"{turn}. " + (self._notation(runs) if notation else self._words(runs))
                for turn, runs in self.turns]
        return list(self._written[notation])

    def _words(self, runs: list[list[Said]]) -> str:
        parts = []
        for run in runs:
            phrase = self.words.join_run([said.words for said in run])
            seat = run[0].seat
            parts.append(phrase if seat is None else f"{self.words.seat_name(seat)} {phrase}")
        return capital("; ".join(parts))

    def _notation(self, runs: list[list[Said]]) -> str:
        parts = []
        for run in runs:
            text = " ".join(said.notation for said in run)
            seat = run[0].seat
            parts.append(text if seat is None else f"{self.words.seat_name(seat)} {text}")
        return ", ".join(parts)


def replay_into(log: MoveLog, record: Record, last: LastMoves | None = None,
                ) -> Iterator[tuple[State, Entry, Step[State], Move | None]]:
    """Replay a record, writing the log (and each seat's last turn) as play would have; each
    entry with its state before."""
    spec = record.spec
    state = record.initial_state()
    for entry, step in record.replay():
        move = None
        if entry.actor == CHANCE:
            log.chance(state, entry.text)
        elif entry.actor == AGREEMENT:
            log.note(state, log.words.agreement_text(), "draw")
        else:
            move = spec.parse_move(entry.text)
            sealed = any(isinstance(event, ChoiceSealed) for event in step.events)
            seat = cast(int, entry.actor)  # neither chance nor an agreement: a seat
            (log.seal if sealed else log.add)(state, seat, move)
            if last is not None:
                (last.seal if sealed else last.add)(state, seat, move)
        yield state, entry, step, move
        state = step.state
