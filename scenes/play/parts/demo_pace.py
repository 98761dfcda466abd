"""DemoPace: keeps a bot-vs-bot demo lively (the kiosk's show, never a game a person plays).

In Pulling Strings two bots sometimes both pull strings that carry no stack, or pull stacks into
the edge, and nothing on the board moves. After such a turn, a demo bot's pull that could not
move anything is swapped for the pull that moves a stack and does best for that bot, one turn
ahead on average over the other's possible pulls (from its own observation only: the other's
sealed pull stays unknown). So a demo never shows two still turns in a row while some pull
could move a stack. Other games are left as they are.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

from game.bots import knowledge_for
from game.core import Event, Move, State
from game.rules.pulling_strings import (
    Pull,
    PullingStringsState,
    PullsRevealed,
    StackMoved,
    StackSplit,
    StringBroken,
    moves_a_stack,
)

MOVING = (StackMoved, StackSplit, StringBroken)  # what shows on the board as a change


class DemoPace:
    """Counts the demo's still turns and steers a bot's dead pull after one."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.still = 0  # turns in a row in which nothing on the board moved
        self.knowledge = knowledge_for(game_id) if game_id == "pulling_strings" else None

    def note(self, events: Sequence[Event]) -> None:
        """A resolved turn's events: did anything move?"""
        if any(isinstance(e, MOVING) for e in events):
            self.still = 0
        elif any(isinstance(e, PullsRevealed) for e in events):
            self.still += 1

    def pick(self, observation: State, seat: int, move: Move) -> Move:
        """The bot's move, or after a still turn a pull that moves a stack instead."""
        knowledge = self.knowledge
        if knowledge is None or self.still == 0 or not isinstance(move, Pull) \
                or not isinstance(observation, PullingStringsState):
            return move
        stacks = observation.stacks
        if moves_a_stack(stacks, move.end):
            return move
        legal = observation.legal_moves(seat)
        live = [pull for pull in legal
                if isinstance(pull, Pull) and moves_a_stack(stacks, pull.end)]
        if not live:
            return move
        clean = dataclasses.replace(observation, pending=(None, None))  # the other's pull unknown
        replies = clean.legal_moves(1 - seat)
        return max(live, key=lambda pull: (self._value(clean, seat, pull, replies), pull.end))

    def _value(self, state: PullingStringsState, seat: int, pull: Pull,
               replies: Sequence[Move]) -> float:
        """This seat's mean result one turn ahead, over the other's pulls."""
        total = 0.0
        for reply in replies:
            pair = (pull, reply) if seat == 0 else (reply, pull)
            after = state.apply_joint(*pair).state
            if after.outcome is not None:
                winner = after.outcome.winner
                value = 0.5 if winner is None else float(winner == 0)
            elif self.knowledge is not None:
                value = self.knowledge.evaluate(after)
            else:
                value = 0.5
            total += value if seat == 0 else 1 - value
        return total / max(1, len(replies))
