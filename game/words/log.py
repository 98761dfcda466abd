"""The public move log: whole turns in the game's notation, with sealed choices held back."""
from __future__ import annotations

from typing import Iterator

from game.core import ChoiceSealed, Move, State, Step
from game.record import AGREEMENT, CHANCE, Entry
from game.words.base import Narrator
from game.last_moves import LastMoves


class MoveLog:
    """Lines like `3. Eks c, Oh h`; a sealed choice joins the log only when it is revealed."""

    def __init__(self, joiner: str = " ") -> None:
        self.joiner = joiner  # between one seat's decisions in a row (the narrator chooses)
        self.turns: list[tuple[int, list[str]]] = []
        self._sealed: list[tuple[int, int, str]] = []  # (turn, seat, text) not yet revealed

    def _add(self, turn: int, text: str, name: str | None) -> None:
        if not self.turns or self.turns[-1][0] != turn:
            self.turns.append((turn, []))
        parts = self.turns[-1][1]
        if name and parts and parts[-1].startswith(name + " "):
            parts[-1] = f"{parts[-1]}{self.joiner}{text}"  # one seat's decisions in a row
        else:
            parts.append(f"{name} {text}" if name else text)

    def seal(self, before: State, seat: int, text: str) -> None:
        """A secret choice was committed: remember it, show nothing yet."""
        self._sealed.append((before.turn, seat, text))

    def add(self, before: State, seat: int | None, text: str) -> None:
        """A decision, a resolved simultaneous choice or a chance outcome (seat None)."""
        entries = self._sealed + ([(before.turn, seat, text)] if seat is not None else [])
        self._sealed = []
        if seat is None:
            self._add(before.turn, text, None)
            return
        for turn, who, what in sorted(entries, key=lambda e: e[1]):
            self._add(turn, what, before.seat_name(who))

    def last_turn(self) -> int | None:
        """The number of the log's last line (None while it is empty)."""
        return self.turns[-1][0] if self.turns else None

    def lines(self) -> list[str]:
        """The log so far, one line per turn."""
        return [f"{turn}. " + ", ".join(parts) for turn, parts in self.turns]


def replay_into(log: MoveLog, words: Narrator, record, last: LastMoves | None = None,
                ) -> Iterator[tuple[State, Entry, Step, Move | None]]:
    """Replay a record, writing the log (and each seat's last turn) as play would have; each
    entry with its state before."""
    spec = record.spec
    state = record.initial_state()
    for entry, step in record.replay():
        move = None
        if entry.actor == CHANCE:
            log.add(state, None, words.chance_text(entry.text, state))
        elif entry.actor == AGREEMENT:
            log.add(state, None, words.agreement_text())
        else:
            move = spec.parse_move(entry.text)
            text = words.log_text(move, entry.actor, state)
            sealed = any(isinstance(event, ChoiceSealed) for event in step.events)
            (log.seal if sealed else log.add)(state, entry.actor, text)
            if last is not None:
                (last.seal if sealed else last.add)(state, entry.actor, move)
        yield state, entry, step, move
        state = step.state
