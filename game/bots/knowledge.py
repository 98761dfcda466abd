"""What the search knows of a game beyond its rules: playouts, evaluation, hidden information.

`Knowledge` is the generic default: uniformly random playouts to the end of the game. Each game
may subclass it (`game/bots/games/<game>.py`) to cut playouts short with an evaluation, to play
them with a cheaper or better policy, to leave transpositions out of the tree, or to fill in what
the bot cannot see (`worlds`).
"""
from __future__ import annotations

import bisect
import random
from typing import Generic, Sequence

from game.bots.levels import Level, default_levels
from game.bots.rulings import RULINGS, avoiding_rulings
from game.core import SEALED, History, Move, NodeKind, State, StateT


def terminal_value(state: State) -> float:
    """Seat 0's result of a finished game: 1 win, 0.5 draw, 0 loss."""
    outcome = state.outcome
    assert outcome is not None  # only asked of finished games
    winner = outcome.winner
    return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


def squash(advantage: float, scale: float) -> float:
    """Map seat 0's advantage (any size) to a value in (0, 1); `scale` is a clear lead."""
    x = advantage / scale
    return 0.5 + 0.5 * x / (1.0 + abs(x))


class Knowledge(Generic[StateT]):
    """Game knowledge for the search; the defaults know nothing but the rules."""

    playout_depth = 1000  # transitions a playout may run before the evaluation is asked
    uses_history = False  # True if `worlds` reads the public history (send it to the bot)
    prior_visits = 8.0  # how many search visits the evaluation of a secret turn's cell is worth
    search_plies = 0  # above 0: search every line this deep (DepthSearch) where `searches_all`
    deepening_step = 1  # plies DepthSearch adds each time it deepens
    rave = 0.0  # above 0: blend all-moves-as-first values into selection; the visits at which
    # a move's own mean and its AMAF mean weigh about equally (needs `amaf_key`, `amaf_playout`)
    reading = 0.0  # above 0: at secret turns, play on a model of the opponent (`reading.py`),
    # followed at most this much (a level's setting)
    model_in_tree = 0.0  # above 0: the search expects that model of the opponent below the root
    contempt = 0.0  # above 0: a draw by a house ruling against stalls is worth this much less
    # than half to the seat the bot chooses for (`root_seat`): it plays on for the win it
    # expects rather than let the game stall into a draw at an even score
    root_seat: int | None = None  # the seat the bot is choosing for now (the bot sets it)

    @property
    def weighs_moves(self) -> bool:
        """True if `doubt` may say more than 0.0 in a world known for sure."""
        return False

    def adopt(self, traits: Sequence[tuple[str, float]]) -> None:
        """Take on a level's settings for this knowledge (names of its class attributes)."""
        for name, value in traits:
            if not hasattr(type(self), name):
                raise ValueError(f"{type(self).__name__} has no setting {name!r}")
            setattr(self, name, value)

    def levels(self) -> dict[str, Level]:
        """This game's Easy, Medium and Hard (search budgets sized to its speed)."""
        return default_levels()

    # ---- the tree ---------------------------------------------------------------------------
    def candidate_moves(self, state: StateT, seat: int, previous: Move | None) -> Sequence[Move]:
        """The moves the tree considers for `seat` (`previous`: this seat's move just before)."""
        return state.legal_moves(seat)

    def root_moves(self, state: StateT, seat: int, previous: Move | None) -> Sequence[Move]:
        """The moves considered at the root, where the bot itself chooses: all legal moves,
        but for a player behind none that lets a house ruling end the game against it."""
        return avoiding_rulings(state, seat, state.legal_moves(seat))

    def rule_move(self, state: StateT, seat: int, rng: random.Random) -> Move | None:
        """A move this level makes here by a rule, without searching; None: search."""
        return None

    def plies_from(self, root: StateT) -> int:
        """How deep a depth search from `root` goes: `search_plies`."""
        return self.search_plies

    def searches_all(self, state: StateT) -> bool:
        """True to search every line from `state` to `search_plies` instead of sampling."""
        return self.search_plies > 0

    def order_moves(self, state: StateT, seat: int, moves: list[Move],
                    rng: random.Random) -> None:
        """Order untried moves in place (the tree tries the end of the list first): shuffled."""
        rng.shuffle(moves)

    def doubt(self, move: Move, worlds: Sequence[tuple[float, StateT]], seat: int,
              history: History[StateT] = ()) -> float | None:
        """For a bot unsure of the world: how much better than the rest `move` must look before
        it is played (for moves scored exactly while the others are estimates), or None when the
        worlds give too little confidence to play it at all."""
        return 0.0

    def secret_mix(self, state: StateT, seat: int = 0, history: History[StateT] = ()) -> float:
        """The share of `seat`'s secret choice here made uniformly at random, whatever it is
        worth, given the public history (none by default)."""
        return 0.0

    def secret_cost(self, state: StateT, seat: int, move: Move,
                    history: History[StateT] = ()) -> float:
        """What `seat`'s secret choice `move` gives away to a reader of its play, as value
        taken off every cell of its row (nothing by default)."""
        return 0.0

    # ---- leaves -------------------------------------------------------------------------------
    def playout_value(self, state: StateT, rng: random.Random) -> float:
        """Seat 0's expected result from `state`: a playout, then the evaluation if unfinished."""
        for _ in range(self.playout_depth):
            kind = state.kind
            if kind is NodeKind.TERMINAL:
                return self.terminal(state)
            if kind is NodeKind.CHANCE:
                outcomes, running = state.chance_cumulative()
                pick = min(bisect.bisect_right(running, rng.random()), len(outcomes) - 1)
                state = state.apply_chance(outcomes[pick]).state
            elif kind is NodeKind.SIMULTANEOUS:
                state = state.apply_joint(self.playout_move(state, 0, rng),
                                          self.playout_move(state, 1, rng)).state
            else:
                state = state.apply(self.playout_move(state, state.actors[0], rng)).state
        if state.kind is NodeKind.TERMINAL:
            return self.terminal(state)
        return self.evaluate(state)

    def amaf_key(self, state: StateT, move: Move) -> int | None:
        """For RAVE: the index in `amaf_playout`'s owners that says who played `move`."""
        raise NotImplementedError(f"{type(self).__name__} does not support RAVE")

    def amaf_playout(self, state: StateT, rng: random.Random) -> tuple[float, Sequence[int]]:
        """For RAVE: a playout's value for seat 0 and, per key, 1 + the seat that played it
        there (0 if no one did)."""
        raise NotImplementedError(f"{type(self).__name__} does not support RAVE")

    def playout_move(self, state: StateT, seat: int, rng: random.Random) -> Move:
        """The move a playout makes for `seat`; uniformly random by default."""
        return rng.choice(state.legal_moves(seat))

    def evaluate(self, state: StateT) -> float:
        """Seat 0's expected result of an unfinished position; a coin toss by default."""
        return 0.5

    def leaf_value(self, state: StateT) -> float:
        """Seat 0's value of a position where a depth-limited search stops; the evaluation."""
        return self.value(state)

    def reading_value(self, state: StateT) -> float:
        """Seat 0's value of a state as a simple player would judge it, for reading how the
        opponent chooses (`reading.py`), from public positions: the evaluation by default."""
        return self.value(state)

    def value(self, state: StateT) -> float:
        """Seat 0's value of any position without search: the result, or the evaluation."""
        return self.terminal(state) if state.kind is NodeKind.TERMINAL else self.evaluate(state)

    def terminal(self, state: StateT) -> float:
        """Seat 0's value of a finished game: its result, but a draw by a ruling against stalls
        is worth `contempt` less than half to the seat the bot chooses for."""
        value = terminal_value(state)
        outcome = state.outcome
        if value != 0.5 or not self.contempt or self.root_seat is None or outcome is None \
                or outcome.ending not in RULINGS:
            return value
        return 0.5 - self.contempt if self.root_seat == 0 else 0.5 + self.contempt

    # ---- hidden information ---------------------------------------------------------------------
    def worlds(self, observation: StateT, seat: int, history: History[StateT] = (),
               ) -> list[tuple[float, StateT]]:
        """Full states consistent with what `seat` observes, with their probabilities.

        By default the only secret is a sealed simultaneous choice; the other seat might as well
        not have chosen yet, so the world is the observation with that choice reopened.
        """
        return [(1.0, unseal(observation))]

    def public_worlds(self, view: StateT) -> list[tuple[float, StateT]]:
        """Full states consistent with what an onlooker sees (sealed choices reopened), with
        their probabilities, for valuing a position without its secrets (a game's review)."""
        return [(1.0, unseal(view))]

    def exact_value(self, view: StateT) -> float | None:
        """Seat 0's exact chance in a position an onlooker sees, where the game is solved (the
        review plots it instead of playouts); None where it is not."""
        return None

    def shares_tree(self, worlds: Sequence[tuple[float, StateT]]) -> bool:
        """True when the worlds differ only in what positions are worth, not in the moves
        anyone may make, so one depth search can value them all (`in_world`)."""
        return False

    def in_world(self, state: StateT, world: StateT) -> StateT:
        """`state` as it is in `world` (for worlds that share the tree)."""
        return state

    def leaf_values(self, state: StateT, worlds: Sequence[tuple[float, StateT]]) -> list[float]:
        """`leaf_value` of `state` in each of the worlds that share its tree."""
        return [self.leaf_value(self.in_world(state, world)) for _, world in worlds]


def unseal(observation: StateT) -> StateT:
    """The observation with any sealed choice of the other seat reopened (not yet chosen)."""
    pending = getattr(observation, "pending", (None, None))
    if SEALED not in pending:
        return observation
    return observation.replace(pending=tuple(None if p is SEALED else p for p in pending))
