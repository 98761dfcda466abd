"""Secret choices are deliberate (issue 16, point 14): at every secret (simultaneous) choice the
first click only selects, shown clearly; another click changes the selection; Lock in (a button,
or Enter) seals it. Moriarty's Peek names whose secret it shows and has Hide. Bots and the demo
play on as before."""
from __future__ import annotations

import pygame
from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.registry import GAMES
from scenes.boards.pulling_strings import End
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from tests.support import examples
from tests.test_handoff import MORIARTY_SETUP, play_moves
from tests.test_play_vs_bot import FakeWorker
from tests.ui_driver import Driver

PULLS = "abcdefghilmnorstvwxy"


def at_secret_choice(driver: Driver, game_id: str, setup=()) -> PlayScene:
    """A hot-seat game at its first secret choice, its chooser looking."""
    scene = driver.start(game_id, seed=7)
    play_moves(driver, list(setup))
    driver.to_choice()
    assert scene.turns.secret_turn()
    return scene


def first_spots(scene: PlayScene) -> list:
    """The spots that start each legal choice now (what a player may click)."""
    return sorted({path[0] for path in scene.picker.legal_paths()}, key=repr)


def click_spot(driver: Driver, spot) -> None:
    driver.click(driver.spot_pos(spot))


def test_a_click_selects_another_changes_it_and_lock_in_seals_it(driver):
    scene = at_secret_choice(driver, "pulling_strings")
    click_spot(driver, End("c"))
    assert scene.turns.match.entries == [] and scene.picker.selected == (End("c"),)
    assert scene.view().selected == (End("c"),)  # the board draws it picked
    assert "pull c" in scene.status.text and "Lock in" in scene.status.text
    assert End("h") in scene.picker.clickable()  # the others stay choices
    click_spot(driver, End("h"))
    assert scene.picker.selected == (End("h"),) and scene.turns.match.entries == []
    driver.click(driver.lock_in_button().rect.center)
    assert [e.text for e in scene.turns.match.entries] == ["h"]
    assert scene.picker.selected == () and scene.picker.pending_choice() is None


def test_the_selection_looks_different_from_no_selection(driver):
    scene = at_secret_choice(driver, "pulling_strings")
    rect = scene.board.spot_rect(End("c"))
    driver.app.invalidate()
    driver.frames()
    plain = pygame.image.tobytes(driver.app.screen.subsurface(rect), "RGB")
    click_spot(driver, End("c"))
    driver.post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    driver.app.invalidate()
    driver.frames()
    picked = pygame.image.tobytes(driver.app.screen.subsurface(rect), "RGB")
    assert plain != picked


def test_clicking_the_selected_choice_again_unselects_it(driver):
    scene = at_secret_choice(driver, "pulling_strings")
    click_spot(driver, End("c"))
    click_spot(driver, End("c"))
    assert scene.picker.selected == () and scene.picker.pending_choice() is None
    assert not any(getattr(b.value, "name", "") == "lockin" for b in scene.buttons)
    driver.key(pygame.K_RETURN)  # nothing to lock in
    assert scene.turns.match.entries == []


def test_keys_select_and_lock_in(driver):
    scene = at_secret_choice(driver, "pulling_strings")
    driver.type("c")  # typing selects, like a click
    assert scene.picker.selected == (End("c"),) and scene.turns.match.entries == []
    driver.key(pygame.K_ESCAPE)  # Escape drops the selection (the menu does not open)
    assert scene.picker.selected == () and driver.top is scene
    driver.key(pygame.K_TAB)
    focused = scene.picker.focus
    driver.key(pygame.K_RETURN)  # Enter on the focused end selects it
    assert scene.picker.selected == (focused,) and scene.turns.match.entries == []
    driver.key(pygame.K_RETURN)  # Enter again: locked in
    assert [e.text for e in scene.turns.match.entries] == [focused.letter]


def test_moriarty_bonus_colour_waits_for_lock_in(driver):
    scene = at_secret_choice(driver, "moriarty", MORIARTY_SETUP)
    spots = first_spots(scene)
    click_spot(driver, spots[0])
    click_spot(driver, spots[1])
    assert len(scene.turns.match.entries) == len(MORIARTY_SETUP)  # nothing sealed yet
    assert "as your Bonus Colour" in scene.status.text
    chosen = scene.picker.pending_choice()
    assert chosen == scene.picker.legal_paths()[(spots[1],)]
    driver.click(driver.lock_in_button().rect.center)
    assert scene.turns.match.entries[-1].text == str(chosen)


def test_slides_are_buttons_that_stay_while_one_is_selected(tmp_path):
    from scenes.boards.moriarty import AWAY_CHOICE, TOWARD_CHOICE
    driver = Driver(tmp_path)
    try:
        scene = driver.start("moriarty", seed=7)
        for _ in range(200):
            driver.to_choice()
            state = scene.turns.match.state
            if state.kind is NodeKind.SIMULTANEOUS and state.phase != "bonus":
                break
            legal = [m for m in state.legal_moves(scene.turns.chooser)
                     if not str(m).startswith(("end", "moriarty"))]
            driver.choose_by_keys(legal[0])
        before = len(scene.turns.match.entries)
        driver.click(driver.spot_pos(TOWARD_CHOICE))
        values = [b.value for b in scene.buttons]
        assert TOWARD_CHOICE in values and AWAY_CHOICE in values
        assert "slide toward you" in scene.status.text and driver.lock_in_button()
        driver.click(driver.spot_pos(AWAY_CHOICE))
        turns = scene.turns
        assert str(scene.picker.pending_choice()) == "away" and len(turns.match.entries) == before
        driver.key(pygame.K_RETURN)
        assert scene.turns.match.entries[-1].text == "away"
    finally:
        pygame.quit()


@settings(max_examples=examples(20), deadline=None)
@given(game=st.sampled_from(["pulling_strings", "moriarty"]),
       picks=st.lists(st.integers(0, 30), min_size=1, max_size=8))
def test_any_clicks_before_lock_in_seal_only_the_last_selected(tmp_path_factory, game, picks):
    driver = Driver(tmp_path_factory.mktemp("lockin"))
    try:
        scene = at_secret_choice(driver, game, MORIARTY_SETUP if game == "moriarty" else ())
        entries = len(scene.turns.match.entries)
        spots = first_spots(scene)
        selected = None
        for pick in picks:
            spot = spots[pick % len(spots)]
            click_spot(driver, spot)
            selected = None if selected == spot else spot
            assert len(scene.turns.match.entries) == entries  # nothing sealed by a click
            assert scene.picker.selected == ((selected,) if selected is not None else ())
        if selected is None:
            assert scene.picker.pending_choice() is None
            return
        expected = scene.picker.legal_paths()[(selected,)]
        driver.click(driver.lock_in_button().rect.center)
        assert len(scene.turns.match.entries) == entries + 1
        assert scene.turns.match.entries[-1].text == str(expected)
    finally:
        pygame.quit()


def test_against_the_bot_your_pull_waits_for_lock_in_too(driver):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.stack.push(PlayScene(driver.app, "pulling_strings", seed=3,
                                    controllers=("human", "bot:easy")))
    driver.frames()
    scene = driver.play_scene()
    driver.to_choice()
    click_spot(driver, End("a"))
    assert scene.picker.pending_choice() is not None and not isinstance(driver.top, HandoffScene)
    before = len(scene.turns.match.entries)
    driver.key(pygame.K_RETURN)
    assert len(scene.turns.match.entries) == before + 1


def test_bots_and_the_demo_play_on_without_lock_in(driver):
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    driver.app.stack.push(PlayScene(driver.app, "pulling_strings", seed=3,
                                    controllers=("bot:easy", "bot:easy"), demo=True))
    driver.frames()
    scene = driver.play_scene()
    for _ in range(400):
        driver.frames(dt=0.1)
        if scene.turns.match.state.turn_number > 3:
            break
    assert scene.turns.match.state.turn_number > 3  # several pulls sealed and revealed


# ---- Peek and Hide ------------------------------------------------------------------------------
def test_peek_names_its_player_and_hide_puts_the_secret_away(driver):
    scene = driver.start("moriarty", seed=7)
    play_moves(driver, MORIARTY_SETUP + ["bonus O", "bonus B"])
    driver.settle()
    seat = scene.turns.chooser
    name = scene.turns.match.state.seat_name(seat)
    peek = next(b for b in scene.buttons if b.label.startswith("Peek"))
    assert peek.label == f"Peek: {name}" and peek.hint == f"{name}'s secret"
    texts = []
    driver.click(peek.rect.center)
    assert isinstance(driver.top, HandoffScene) and driver.top.name == name
    with driver.texts() as texts:
        driver.app.invalidate()
        driver.frames()
    assert f"{name} looks at their own secret. Everyone else, look away." in texts
    # the player who asked is at the screen: it is kept to them, not passed to them
    assert f"For {name}'s eyes only" in texts and f"Pass to {name}" not in texts
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert scene.turns.private_seat == seat and scene.view().state.bonus[seat] is not None
    hide = next(b for b in scene.buttons if b.label == "Hide")
    assert not any(b.label.startswith("Peek") for b in scene.buttons)
    driver.click(hide.rect.center)
    assert scene.turns.private_seat is None and scene.view().state.bonus == (None, None)
    assert any(b.label == f"Peek: {name}" for b in scene.buttons)
    assert not any(b.label == "Hide" for b in scene.buttons)


def test_a_choosing_hand_off_still_says_chooses(driver):
    scene = driver.start("pulling_strings", seed=7)
    driver.settle()
    assert isinstance(driver.top, HandoffScene) and not driver.top.peek
    with driver.texts() as texts:
        driver.app.invalidate()
        driver.frames()
    assert f"{scene.turns.match.state.seat_name(0)} chooses in secret. Everyone else, look away." \
        in texts
    assert f"Pass to {scene.turns.match.state.seat_name(0)}" in texts
    assert GAMES
