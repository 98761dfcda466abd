"""Presenting only what changed (issue 66): what the window shows after generated play is what a
full redraw draws (no stale pixel), at several window sizes; an animation presents only part of
the window; the regions planned; the frame-rate cap; the X11 framebuffer hint."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.registry import GAMES
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.shell.present import FULL_SHARE, plan_regions
from scenes.store.settings import FRAME_RATES, Settings
from tests.support import UNDRAWN, examples
from tests.ui_driver import DT, Driver

SIZES = [(640, 400), (1280, 720), (1920, 1080), (1000, 760)]


class Window:
    """What the window shows: the display surface's pixels as each present handed them over
    (a part never presented since the window opened or changed size shows UNDRAWN)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: pygame.Surface | None = None
        self.presents: list[list[pygame.Rect] | None] = []  # None: the whole window
        flip, update = pygame.display.flip, pygame.display.update

        def on_flip():
            self.take(None)
            return flip()

        def on_update(rects=None):
            self.take(rects)
            return update() if rects is None else update(rects)

        monkeypatch.setattr(pygame.display, "flip", on_flip)
        monkeypatch.setattr(pygame.display, "update", on_update)

    def take(self, rects) -> None:
        """Copy the presented parts of the display surface."""
        screen = pygame.display.get_surface()
        if self.shown is None or self.shown.get_size() != screen.get_size():
            self.shown = pygame.Surface(screen.get_size())
            self.shown.fill(UNDRAWN)  # a resized window holds nothing of ours until presented
        if rects is None:
            self.presents.append(None)
            self.shown.blit(screen, (0, 0))
            return
        rects = [pygame.Rect(rects)] if isinstance(rects, (pygame.Rect, tuple)) and \
            len(rects) == 4 and not isinstance(rects[0], (tuple, pygame.Rect)) else \
            [pygame.Rect(rect) for rect in rects]
        self.presents.append(rects)
        for rect in rects:
            self.shown.blit(screen, rect.topleft, rect)

    def stale(self, app) -> pygame.Rect | None:
        """Where the window differs from a full redraw of the screens now (None: nowhere)."""
        full = pygame.Surface(app.screen.get_size())
        app.stack.draw(full)
        assert self.shown is not None, "nothing was ever presented"
        if self.shown.get_size() != full.get_size():
            return full.get_rect()
        if pygame.image.tobytes(self.shown, "RGB") == pygame.image.tobytes(full, "RGB"):
            return None
        same = pygame.mask.from_threshold(self.shown, (0, 0, 0), (1, 1, 1, 255), full)
        same.invert()
        rects = same.get_bounding_rects()
        return rects[0].unionall(rects[1:])


def checked_frame(driver: Driver, window: Window) -> pygame.Rect | None:
    """Run one frame and say where the window is stale just after it (None: nowhere); then
    hand back the disk writer's results, which the next frame draws (Driver.frames takes them
    after its frame, where the app takes them at the start of the next)."""
    driver.app.tick(DT)
    stale = window.stale(driver.app)
    driver.written()
    return stale


def step(driver: Driver, rng: random.Random, action: str) -> None:
    """One generated action of a player at the table, then a few frames."""
    app = driver.app
    top = driver.top
    width, height = app.screen.get_size()
    if action == "move" and isinstance(top, PlayScene) and top.turns.chooser is not None:
        state = top.turns.match.state
        top.input.choose(rng.choice(state.legal_moves(top.turns.chooser)))
    elif action == "move" and isinstance(top, PlayScene) and top.turns.hold is not None:
        top.acknowledge()
    elif action == "move" and isinstance(top, HandoffScene):
        driver.post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    elif action == "hover":
        pos = (rng.randrange(width), rng.randrange(height))
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    elif action == "spot" and isinstance(top, PlayScene):  # a click on the board: a selection
        spots = [spot for spot in top.picker.clickable() if top.board.spot_rect(spot)]
        if spots:
            pos = top.board.spot_rect(rng.choice(sorted(spots, key=repr))).center
            driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif action == "pause":  # the pause menu over the game, or back from it
        driver.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0)
    elif action == "focus":
        driver.post(pygame.KEYDOWN, key=pygame.K_TAB, unicode="\t", mod=0, scancode=0)
    elif action == "button":  # the pause menu's and a dialog's buttons: overlays come and go
        allowed = PAUSE_BUTTONS if type(top).__name__ == "PauseScene" else DIALOG_BUTTONS
        group = getattr(top, "group", None)
        buttons = [b for b in group.buttons if b.enabled and b.value in allowed] if group else []
        if buttons:
            pos = rng.choice(buttons).rect.center
            driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif action == "resize":
        width, height = rng.choice(SIZES)
        driver.post(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))


ACTIONS = ["move", "move", "move", "hover", "spot", "pause", "button", "button", "focus", "resize"]
# buttons clicked: none that starts a process, a server or another program, or quits
PAUSE_BUTTONS = ("resume", "undo", "rules", "settings", "menu")
DIALOG_BUTTONS = (True, False, "back", "resume")


@settings(max_examples=examples(24), suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), size=st.sampled_from(SIZES),
       seed=st.integers(0, 10**6),
       actions=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(1, 40)), min_size=4,
                        max_size=14))
def test_the_window_shows_what_a_full_redraw_draws_after_generated_play(
        tmp_path_factory, game_id, size, seed, actions):
    driver = Driver(tmp_path_factory.mktemp("config"), size=size, speed=1.0)
    with pytest.MonkeyPatch.context() as patch:
        window = Window(patch)
        rng = random.Random(seed)
        driver.start(game_id, seed=seed)
        for number, (action, frames) in enumerate(actions):
            step(driver, rng, action)
            for frame in range(frames):
                stale = checked_frame(driver, window)
                assert stale is None, (f"{game_id} at {size}: after action {number} ({action}) "
                                       f"and {frame + 1} frames, the window is stale at {stale}")
        assert window.presents and window.presents[0] is None  # the first present is whole
        pygame.quit()


def test_overlays_and_the_screens_behind_them_leave_no_stale_pixel(tmp_path):
    """The pause menu over a game, the rules (their figures animate a part of the window) and
    the settings from it, back, resume; hovering all the way; checked after every frame."""
    driver = Driver(tmp_path, size=(1280, 720), speed=1.0)
    with pytest.MonkeyPatch.context() as patch:
        window = Window(patch)
        rng = random.Random(2)
        scene = driver.start("pulling_strings", seed=2)
        shown = set()

        def frames(count: int) -> None:
            for _ in range(count):
                step(driver, rng, "hover")
                stale = checked_frame(driver, window)
                shown.add(type(driver.top).__name__)
                assert stale is None, f"stale under {driver.top} at {stale}"

        def press(value) -> None:
            button = next(b for b in driver.top.group.buttons if b.value == value)
            driver.click(button.rect.center)
            frames(20)

        for _ in range(2):
            step(driver, rng, "move")
            frames(30)
        for value in ("rules", "settings"):
            step(driver, rng, "pause")
            frames(5)
            press(value)
            press("back") if value == "settings" else step(driver, rng, "pause")  # Esc: back
            frames(10)
            press("resume")
        assert {"PlayScene", "PauseScene", "RulesScene", "SettingsScene"} <= shown, shown
        assert driver.top is scene or isinstance(driver.top, HandoffScene)  # resumed
    pygame.quit()


@pytest.mark.parametrize("game_id", ["tug_of_war", "moriarty"])
def test_a_game_against_the_computer_leaves_no_stale_pixel(tmp_path, game_id):
    """The computer thinking (its dots come and go in the top bar alone), then its moves and
    the person's, hovering all the way; checked after every frame."""
    from tests.test_play_vs_bot import TINY, FakeWorker, start_vs
    driver = Driver(tmp_path, size=(1280, 720), speed=2.0)
    with pytest.MonkeyPatch.context() as patch:
        window = Window(patch)
        worker = FakeWorker(hold=True)
        scene = start_vs(driver, game_id, ("human", "bot:easy"), worker, seed=3, level=TINY)
        rng = random.Random(3)
        partial = 0
        for frame in range(240):
            worker.hold = frame % 80 < 50  # thinking for a while, then answering
            if frame % 7 == 0:
                step(driver, rng, "hover")
            if frame % 30 == 0:
                step(driver, rng, "move")
            before = len(window.presents)
            stale = checked_frame(driver, window)
            partial += any(rects is not None for rects in window.presents[before:])
            assert stale is None, f"stale at frame {frame}: {stale}"
        assert worker.requests and scene.turns.match.entries  # the computer was asked, moves made
        assert partial  # some frames presented only a part of the window
    pygame.quit()


def test_an_animation_presents_only_the_part_of_the_window_that_moves(tmp_path, monkeypatch):
    driver = Driver(tmp_path, size=(1920, 1080), speed=1.0)
    try:
        window = Window(monkeypatch)
        scene = driver.start("synch", seed=3)
        driver.settle()
        driver.frames(3)
        window.presents.clear()
        state = scene.turns.match.state
        scene.input.choose(state.legal_moves(scene.turns.chooser)[0])
        driver.frames(30)  # the move's animation runs (at speed 1, for more than half a second)
        partial = [rects for rects in window.presents[1:] if rects is not None]
        assert partial, f"every frame of the animation presented the whole window: " \
                        f"{window.presents}"
        area = max(sum(r.width * r.height for r in rects) for rects in partial)
        assert area <= FULL_SHARE * 1920 * 1080
        assert window.stale(driver.app) is None
    finally:
        pygame.quit()


def test_a_window_resized_without_a_resize_event_is_laid_out_and_drawn_anew(tmp_path,
                                                                          monkeypatch):
    driver = Driver(tmp_path, size=(1280, 720))
    try:
        window = Window(monkeypatch)
        scene = driver.start("moriarty", seed=4)
        driver.frames(3)
        pygame.display.set_mode((900, 560), pygame.RESIZABLE)  # as SDL does, with no event
        window.presents.clear()
        driver.frames()
        assert driver.app.stack.size == (900, 560) and scene.rects["side"].right < 900
        assert window.presents == [None] and window.stale(driver.app) is None
    finally:
        pygame.quit()


def test_pointing_at_the_board_redraws_a_part_and_a_window_shown_again_all(tmp_path,
                                                                          monkeypatch):
    """A screen that redraws what its own input changed (the flag, set here for the test) is
    not redrawn whole for a pointer move; an exposed window always is."""
    driver = Driver(tmp_path, size=(1280, 720))
    try:
        window = Window(monkeypatch)
        monkeypatch.setattr(PlayScene, "redraws_own_input", True)
        scene = driver.start("strands", seed=5)
        driver.settle()
        driver.frames(3)
        spots = sorted((s for s in scene.picker.clickable() if scene.board.spot_rect(s)), key=repr)
        window.presents.clear()
        for spot in spots[:3]:  # the pointer over one spot, then another: its ring moves
            pos = scene.board.spot_rect(spot).center
            driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            checked_frame(driver, window)
            assert scene.picker.hover == spot
        assert window.presents and None not in window.presents  # never the whole window
        assert window.stale(driver.app) is None
        window.presents.clear()
        driver.post(pygame.WINDOWEXPOSED)  # uncovered: the X server kept none of its pixels
        driver.frames()
        assert window.presents == [None]
    finally:
        pygame.quit()


def test_picks_and_pointing_redraw_neither_the_top_bar_nor_the_side_panel(tmp_path,
                                                                          monkeypatch):
    """A pick or a pointer move on the board changes nothing in the top bar or the side panel
    (both are drawn over the board's edges): no frame presents them, and none leaves the
    window stale."""
    driver = Driver(tmp_path, size=(1280, 720))
    try:
        window = Window(monkeypatch)
        scene = driver.start("pulling_strings", seed=5)
        driver.settle()
        driver.key(pygame.K_RETURN)  # past the hand-off: Eks picks
        driver.settle()
        driver.frames(3)
        spots = sorted((s for s in scene.picker.clickable() if scene.board.spot_rect(s)), key=repr)
        assert len(spots) == 20
        window.presents.clear()
        for spot in spots[:4]:
            pos = scene.board.spot_rect(spot).center
            driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            assert checked_frame(driver, window) is None
            driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            assert checked_frame(driver, window) is None
            assert scene.picker.selected == (spot,)
        assert window.presents and None not in window.presents
        kept = [scene.rects["top"], scene.rects["side"]]
        assert not [r for rects in window.presents for r in rects if r.collidelist(kept) >= 0]
    finally:
        pygame.quit()


def test_a_screen_asks_for_a_redraw_only_while_it_shows(tmp_path, monkeypatch):
    """The main menu's news (its saves read) under a game presents nothing; on top, all."""
    driver = Driver(tmp_path, size=(1280, 720))
    try:
        window = Window(monkeypatch)
        driver.start("strands", seed=5)
        driver.settle()
        driver.frames(3)
        menu = driver.app.stack.scenes[0]
        window.presents.clear()
        menu.redraw()
        driver.frames(2)
        assert window.presents == []
        driver.app.stack.pop()
        driver.frames(2)
        window.presents.clear()
        menu.redraw()
        driver.frames()
        assert window.presents == [None]
    finally:
        pygame.quit()


def test_a_screen_covered_by_an_opaque_one_is_not_shown():
    from scenes.shell.scene_base import SceneBase
    from scenes.shell.stack import SceneStack

    class Overlay(SceneBase):
        opaque = False
    stack, under, game, overlay = SceneStack(), SceneBase(), SceneBase(), Overlay()
    for scene in (under, game, overlay):
        stack.push(scene)
    stack.apply_changes()
    assert [stack.shows(s) for s in (under, game, overlay, SceneBase())] == \
        [False, True, True, False]


def test_frames_with_nothing_new_present_nothing(tmp_path, monkeypatch):
    driver = Driver(tmp_path, size=(1280, 720))
    try:
        window = Window(monkeypatch)
        driver.start("strands", seed=5)
        driver.settle()
        driver.frames(5)
        window.presents.clear()
        driver.frames(30)
        assert window.presents == []
    finally:
        pygame.quit()


@given(rects=st.lists(st.tuples(st.integers(-200, 1400), st.integers(-200, 900),
                                st.integers(0, 700), st.integers(0, 500)), max_size=8))
@settings(max_examples=examples(200))
def test_the_regions_planned_cover_every_change_inside_the_window(rects):
    window = pygame.Rect(0, 0, 1280, 720)
    dirty = [pygame.Rect(rect) for rect in rects]
    regions = plan_regions(dirty, window)
    if regions is None:  # the whole window: only when the changes cover much of it
        assert sum(r.clip(window).width * r.clip(window).height for r in dirty) >= \
            FULL_SHARE * window.width * window.height
        return
    for rect in dirty:
        inside = rect.clip(window)
        if inside.width and inside.height:  # each change lies in one region whole
            assert any(region.contains(inside) for region in regions), (inside, regions)
    assert all(window.contains(region) and region.width and region.height
               for region in regions)
    assert sum(r.width * r.height for r in regions) < FULL_SHARE * window.width * window.height


def test_a_change_and_one_inside_it_are_one_region():
    window = pygame.Rect(0, 0, 1280, 720)
    board, token = pygame.Rect(10, 60, 800, 500), pygame.Rect(100, 100, 40, 40)
    far = pygame.Rect(1200, 10, 20, 20)
    assert plan_regions([board, token], window) == [board]
    assert sorted(map(tuple, plan_regions([token, far], window))) == \
        sorted([tuple(token), tuple(far)])
    assert plan_regions([pygame.Rect(-50, -50, 10, 10)], window) == []
    assert plan_regions([window], window) is None


def test_the_present_benchmark_times_every_area_inside_the_window(monkeypatch):
    from scenes.tools.bench_present import areas, window_surface
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")  # put back after the test
    for size in [(640, 400), (1920, 1080)]:
        found = areas(size)
        window = pygame.Rect((0, 0), size)
        assert found["whole"] == tuple(window)
        assert all(window.contains(rect) for rect in found.values())
        assert pygame.Rect(found["token"]).width < pygame.Rect(found["board"]).width
    times = window_surface((320, 200), "0", 3)
    assert set(times) == {"whole", "board", "token"}
    assert all(wall >= 0 and cpu >= 0 for wall, cpu in times.values())


class FakeClock:
    """A clock that records the frame-rate cap each frame asks for, and never sleeps."""

    def __init__(self) -> None:
        self.caps: list[int] = []

    def tick(self, cap: int = 0) -> int:
        """Record the cap; a frame took 16 ms."""
        self.caps.append(cap)
        return 16


@pytest.mark.parametrize("rate", FRAME_RATES)
def test_the_frame_loop_is_capped_at_the_settings_frame_rate(tmp_path, rate):
    driver = Driver(tmp_path)
    driver.app.settings.frame_rate = rate
    driver.app.clock = clock = FakeClock()
    driver.app.run(seconds=0.05)  # quits pygame at the end
    assert clock.caps[0] == 0 and len(clock.caps) > 1  # the first frame shows at once
    assert set(clock.caps[1:]) == {rate}


@pytest.mark.parametrize("value", [45, 0, "60", None, True, 60.5])
def test_a_frame_rate_not_offered_is_replaced_by_the_default(value):
    settings = Settings(frame_rate=value)
    problems = settings.check()
    assert settings.frame_rate == Settings().frame_rate == 60
    assert any("frame_rate" in problem for problem in problems)
    assert Settings(frame_rate=30).check() == []


def test_the_settings_screen_steps_the_frame_rate_and_saves_it(driver, tmp_path):
    import json

    from scenes.screens.settings_view import SettingsScene
    driver.app.stack.push(SettingsScene(driver.app))
    driver.frames()
    scene = driver.top
    scene.group.focus = [button.value for button in scene.group.buttons].index("fps")
    driver.key(pygame.K_LEFT)
    assert driver.app.settings.frame_rate == 30
    driver.key(pygame.K_LEFT)  # at its end: stays
    assert driver.app.settings.frame_rate == 30
    driver.written()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["frame_rate"] == 30
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings.frame_rate == 60


def test_an_x11_window_presents_straight_to_the_x_server(xvfb, tmp_path):
    """Under X11 the App asks SDL for the X server's own framebuffer (rectangles, no texture of
    the whole window); a player's own setting of the hint is kept."""
    script = ("import os; from scenes.routes import ROUTES; from scenes.shell.app import App; "
              "app = App((640, 400), routes=ROUTES); "
              "print(os.environ.get('SDL_FRAMEBUFFER_ACCELERATION'))")
    env = dict(os.environ, DISPLAY=xvfb[0], SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(tmp_path / "config"), QUINTET_DATA_DIR=str(tmp_path / "data"))
    env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    shown = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, timeout=120)
    assert shown.stdout.split()[-1:] == ["0"], shown.stderr
    kept = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=dict(env, SDL_FRAMEBUFFER_ACCELERATION="1"), timeout=120)
    assert kept.stdout.split()[-1:] == ["1"], kept.stderr
