"""The reveal belongs to the big screen: a phone learns a secret turn's result only when the big
screen reveals it (its countdown's end); meanwhile it is told to watch the big screen. Checked
on generated games played on both phones, at every message a phone is sent."""
from __future__ import annotations

import random
import time

from hypothesis import HealthCheck, given, settings, strategies as st

from game.core import NodeKind
from scenes.play.parts.setup import GameSetup
from scenes.play.play import PlayScene
from tests.support import carries, examples


class Listener:
    """A phones' server that records what each phone is told, and when."""

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.told: list[tuple[int, dict, bool, object]] = []

    def publish(self, seat: int, message: dict) -> None:
        turns = self.play.turns
        self.told.append((seat, message, turns.countdown is not None, turns.shown_state()))

    def poll(self) -> list:
        return []

    def stop(self) -> None:
        pass


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # one app, many games
@given(game_id=st.sampled_from(["pulling_strings", "moriarty"]), seed=st.integers(0, 500))
def test_no_phone_hears_a_result_before_the_big_screen_reveals_it(driver, game_id, seed):
    options = {"games": 1, "round_limit": 3} if game_id == "moriarty" else {}
    play = PlayScene(driver.app, setup=GameSetup(game_id, options, seed, phones=True))
    listener = Listener(play)
    play.phones.server = listener  # heard in process: no network needed here
    play.layout((1280, 720))
    rng = random.Random(seed)
    countdowns = 0
    for _ in range(3000):
        if play.turns.match.state.is_terminal and not play.turns.busy:
            break
        play.update(0.05)
        if play.turns.hold is not None:
            play.acknowledge()
        turns = play.turns
        state = play.turns.match.state
        if turns.busy or turns.hold is not None or state.kind is NodeKind.CHANCE:
            countdowns += turns.countdown is not None
            continue
        for seat in state.awaiting:
            play.commit(seat, rng.choice(state.legal_moves(seat)))
            break
    assert listener.told
    for seat, message, counting, shown in listener.told:
        words = play.turns.words
        assert message["status"] == words.status(shown.observe(seat))
        if counting:  # the reveal is still to come: the state before both were in
            carries(message["prompt"], "Both have chosen", "big screen")
            assert message["moves"] == [] and carries(message["locked"], "big screen")
            assert shown.kind is NodeKind.SIMULTANEOUS and not shown.is_terminal
            assert not message["prompt"].startswith("Game over")
    assert countdowns > 0  # reveals did count down while phones were listening


def test_the_phones_offer_continue_and_at_the_end_rematch(driver):
    import json

    from scenes.play.results import ResultsScene
    from scenes.screens.menu import MainMenu
    from tests.phone_client import Phone, start_phones_game
    play = start_phones_game(driver, "pulling_strings", {"turn_limit": 4}, 3)
    phones = [Phone(play.phones.server, seat) for seat in (0, 1)]
    rng, continued = random.Random(3), 0
    try:
        driver.until(lambda: driver.top is play, 10)
        for _ in range(4000):
            driver.frames(dt=0.05)
            time.sleep(0.002)  # let the server's thread answer
            if isinstance(driver.top, ResultsScene):
                break
            for phone in phones:
                told = phone.drain()
                if told is None:
                    continue
                actions = [a["action"] for a in told["actions"]]
                if actions == ["continue"] and play.turns.hold is not None:
                    phone.socket.send(json.dumps({"type": "action", "action": "continue",
                                                  "seq": told["seq"]}))
                    continued += 1
                elif told["moves"]:
                    phone.lock_in(rng.choice(told["moves"])["move"])
        assert isinstance(driver.top, ResultsScene) and continued > 0  # held, then continued
        end = driver.until(lambda: (phones[1].drain() or {}).get("actions") and phones[1].state,
                           10, dt=0.05)
        assert [a["action"] for a in end["actions"]] == ["rematch", "menu"]
        phones[1].socket.send(json.dumps({"type": "action", "action": "rematch",
                                          "seq": end["seq"]}))
        driver.until(lambda: driver.play_scene() is not play, 10)
        again = driver.play_scene()
        assert again.turns.setup.game_id == "pulling_strings" and again.turns.setup.phones
    finally:
        driver.app.stack.reset(MainMenu(driver.app))
        driver.frames(2)
