"""The play screen's rules of play, driven on the pygame-free TurnLoop at engine speed: who
chooses, hand-offs before secret choices, sealed choices, the countdown and reveal, results
held until seen, bots and phones."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import NodeKind
from game.registry import GAMES
from scenes.play.parts.setup import GameSetup
from scenes.play.parts.turns import BotTurn, Finished, Handoff, TurnLoop
from scenes.shell.anim import Timeline
from tests.support import carries, examples, one_turn_logged

ROOT = Path(__file__).resolve().parent.parent


class SteadyBoard:
    """A board without pygame whose every step takes 0.3 seconds to show."""

    def animate(self, before, events, after) -> Timeline:
        timeline = Timeline()
        timeline.add("step", 0.3)
        return timeline

    def settled(self, before, events, after):
        return after


def loop_for(game_id: str, controllers=("human", "human"), seed: int = 1, **options):
    """A turn loop whose steps each take 0.3 seconds to show."""
    return TurnLoop(GameSetup(game_id, options, seed, tuple(controllers)), SteadyBoard())


def settle(loop: TurnLoop):
    """Run the loop until it waits on someone: what it asks for then."""
    for _ in range(10_000):
        if loop.busy:
            loop.tick(0.5)
            continue
        if loop.hold is not None:
            loop.acknowledge()
            continue
        asked = loop.advance()
        if asked is not None or (not loop.busy and loop.hold is None):
            return asked
    raise AssertionError("the loop never waited")


def test_a_secret_turn_hot_seat_hand_off_seal_countdown_reveal():
    loop = loop_for("pulling_strings")
    assert settle(loop) == Handoff(0) and loop.chooser is None
    loop.hand_off()
    assert loop.handoff_open and loop.take_sounds() == ["handoff"]
    loop.handed_over(0)
    assert loop.chooser == 0 and loop.viewer == 0 and loop.secret_turn()
    done = loop.commit(0, GAMES["pulling_strings"].parse_move("c"))
    assert done.sealed and loop.log.lines() == []
    carries(loop.caption, "Eks has chosen", "secret", without=("c",))  # not which string
    assert settle(loop) == Handoff(1)
    loop.hand_off()
    loop.handed_over(1)
    done = loop.commit(1, GAMES["pulling_strings"].parse_move("h"))
    assert done.countdown and loop.busy and loop.chooser is None and loop.private_seat is None
    assert loop.log.lines() == []  # both choices show only at the reveal
    loop.tick(2.0)  # the countdown ends: the reveal shows
    assert loop.animation is not None and loop.log.lines() == []  # the log waits for it
    ended = loop.tick(1.0)
    assert ended is not None and loop.caption.startswith("Eks pulled c, Oh pulled h")
    assert one_turn_logged(loop.log.lines())  # shown: now the log says it, as the caption
    assert loop.hold is not None and "pass to Eks" in loop.hold.prompt  # seen before passing
    assert loop.advance() is None or loop.hold is not None
    loop.acknowledge()
    assert loop.advance() == Handoff(0)


def test_against_the_computer_the_bot_chooses_first_and_the_person_sees_their_own_view():
    loop = loop_for("moriarty", ("human", "bot:easy"))
    assert loop.viewer == 0 and loop.bot_seats() == (1,)
    for _ in range(200):
        asked = settle(loop)
        if isinstance(asked, BotTurn):
            state = loop.match.state
            loop.commit(asked.seat, random.Random(1).choice(state.legal_moves(asked.seat)))
            continue
        assert asked is None
        if loop.match.state.kind is NodeKind.SIMULTANEOUS:
            break
        seat = loop.chooser
        loop.commit(seat, loop.match.state.legal_moves(seat)[0])
    state = loop.match.state
    assert state.kind is NodeKind.SIMULTANEOUS and loop.chooser == 0
    assert state.pending[1] is not None  # the computer's secret is sealed in first
    assert loop.observation() == state.observe(0)  # and never shown to the person


def test_seats_on_phones_get_no_hand_off():
    loop = loop_for("pulling_strings")
    loop.phone_seats |= {0, 1}
    assert settle(loop) is None and loop.chooser is None  # both choose on their phones
    loop.commit(0, GAMES["pulling_strings"].parse_move("a"))
    assert settle(loop) is None and not loop.handoff_open


@settings(max_examples=examples(25), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       bots=st.sampled_from([("human", "human"), ("human", "bot:easy"), ("bot:easy", "human")]))
def test_random_play_keeps_the_rules_of_play(game_id, seed, bots):
    loop, rng = loop_for(game_id, bots, seed), random.Random(seed)
    finished = 0
    for _ in range(400):
        asked = settle(loop)
        state = loop.match.state
        if isinstance(asked, Finished):
            finished += 1
            assert settle(loop) is None  # the results are asked for once
            break
        if isinstance(asked, Handoff):
            assert loop.needs_privacy(asked.seat) and loop.chooser is None
            loop.hand_off()
            assert loop.observation() == state.observe_public()  # nothing private under it
            loop.handed_over(asked.seat)
            continue
        seat = asked.seat if isinstance(asked, BotTurn) else loop.chooser
        assert seat is not None and seat in state.awaiting
        if loop.hot_seat and state.kind is NodeKind.SIMULTANEOUS:
            assert loop.private_seat == seat  # a secret is chosen only in private
        if state.kind is NodeKind.SIMULTANEOUS and loop.viewer is not None:
            assert loop.observation() == state.observe(loop.viewer)
        logged = loop.log.lines()
        done = loop.commit(seat, rng.choice(state.legal_moves(seat)))
        if done.sealed:  # a sealed choice joins the log only at its reveal
            assert loop.log.lines() == logged and loop.chooser != seat
        if done.countdown:
            assert loop.busy and loop.chooser is None and loop.log.lines() == logged
    assert finished == 1 or not loop.match.state.is_terminal


def test_the_turn_loop_needs_no_pygame():
    script = ("import sys; sys.modules['pygame'] = None\n"
              "import scenes.play.parts.turns, scenes.play.parts.setup\n"
              "assert not any(n.startswith('pygame') for n in sys.modules if sys.modules[n])\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
