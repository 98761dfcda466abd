"""Nothing clipped or overlapping, from 800x500 to 2560x1440: every text on the play screens and
the screens around a game lies whole inside the window and inside its panel, overlaps no other
text, and is at least 12 px at any size (tests/text_inspector.py finds the text)."""
from __future__ import annotations

import contextlib
import dataclasses
import random
import time

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core import NodeKind
from game.match import Match
from game.registry import GAMES
from scenes.play.play import PlayScene
from scenes.screens.select import OptionsScene
from scenes.shell.theme import MIN_CAP_PX, MIN_TEXT_PX
from tests.support import examples
from tests.test_play_vs_bot import FakeWorker
from tests.text_inspector import Ink, InkSurface, inspecting, marks_on_words, measured_contrast
from tests.ui_driver import Driver

SIZES = st.tuples(st.integers(800, 2560), st.integers(500, 1440)).filter(
    lambda size: 1.2 <= size[0] / size[1] <= 2.4)  # windows from small to fullscreen
NAMED_SIZES = [(800, 500), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]
MIN_CONTRAST = 4.5  # WCAG's AA for text: every word with what is behind it
FIRST_ON_SMALL = (720, 450)  # the first window on an 800x500 display (90% of it each way)
CONTROLLERS = [("human", "human"), ("human", "bot:easy"), ("bot:easy", "human")]


@contextlib.contextmanager
def window(folder, size, speed: float = 4.0):
    """A headless app at this window size (closed afterwards)."""
    driver = Driver(folder, size=size, speed=speed)
    try:
        yield driver
    finally:
        pygame.quit()


def inks_of(driver: Driver, scenes=None) -> list[Ink]:
    """The text of one frame: every scene on the stack drawn (or just `scenes`), each with its
    contrast with what is behind it (the same frame drawn without words, after it: what a frame
    places by what it first drew, a hint's badges, stays put)."""
    app = driver.app
    with inspecting():
        app.theme._fonts.clear()
        app.theme._texts.clear()
        app._relayout()  # layers and sprites made at layout are made again, their text seen
        surface = InkSurface(app.screen.get_size())
        for scene in scenes or app.stack.scenes:
            scene.draw(surface)
    app.theme._fonts.clear()
    app.theme._texts.clear()
    with app.theme.pictures():
        app._relayout()
        bare = pygame.Surface(app.screen.get_size())
        for scene in scenes or app.stack.scenes:
            scene.draw(bare)
    app._relayout()
    written, behind = pygame.surfarray.array3d(surface), pygame.surfarray.array3d(bare)
    return [dataclasses.replace(ink, contrast=measured_contrast(ink, written, behind))
            for ink in surface.inks]


def problems(inks: list[Ink], size, panels=(), contrast: bool = True) -> list[str]:
    """What is wrong: text cut off, outside the window or its panel, overlapping, too small,
    too faint on what is behind it (unless not `contrast`)."""
    window = pygame.Rect((0, 0), size)
    found = [] if inks else ["no text found"]
    for ink in inks:
        if ink.cut or not window.contains(ink.rect):
            found.append(f"{ink.text!r} is cut off")
        if ink.px < MIN_TEXT_PX - 0.5:
            found.append(f"{ink.text!r} is {ink.px:.1f} px")
        if ink.cap < MIN_CAP_PX - (0.25 if ink.scaled else 0):  # (a shrunk picture rounds)
            found.append(f"{ink.text!r} has capitals {ink.cap:.1f} px tall")
        if contrast and ink.contrast is not None and ink.contrast < MIN_CONTRAST:
            found.append(f"{ink.text!r} has a contrast of {ink.contrast:.2f}:1 at {ink.rect}")
        for panel in panels:
            if panel.colliderect(ink.rect) and not panel.contains(ink.rect):
                found.append(f"{ink.text!r} spills out of its panel {panel}")
    for i, a in enumerate(inks):
        for b in inks[i + 1:]:
            if a.rect.colliderect(b.rect):
                found.append(f"{a.text!r} overlaps {b.text!r}")
    return found


def check(inks: list[Ink], size, panels=()) -> None:
    """Whole, inside the window and its panel, no overlaps, big enough to read and 4.5:1 with
    what is behind it (issue 65 found Settings' "Off" at 2.4:1)."""
    found = problems(inks, size, panels)
    assert not found, "\n".join(found)


def position(game_id: str, seed: int, decisions: int) -> Match:
    """A random game played by the engine for up to `decisions` decisions, not yet over."""
    rng = random.Random(seed)
    match = Match(game_id, None, seed)
    for _ in range(decisions):
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        legal = state.legal_moves(seat)
        keep = [m for m in legal if not str(m).startswith(("end", "moriarty"))] or legal
        before = match
        match.play(rng.choice(keep), seat)
        if match.state.is_terminal:
            return before if before is not match else Match(game_id, None, seed)
    return match


def play_screen(driver: Driver, match: Match, controllers) -> PlayScene:
    """A game at this position on screen, waiting for a person (hand-offs confirmed)."""
    driver.app.bot_worker = FakeWorker()
    driver.app.stack.reset(driver.app.make("menu"))
    scene = PlayScene(driver.app, match.spec.id, match.options, seed=match.seed,
                      controllers=controllers)
    driver.app.stack.push(scene)
    scene.turns.restore(match.record())
    driver.settle()
    if driver.top is not scene:
        driver.key(pygame.K_RETURN)
        driver.settle()
    return scene


def board_panels(scene: PlayScene) -> list[pygame.Rect]:
    """The play screen's parts and the board's own panels."""
    return [scene.rects[name] for name in ("top", "side", "bottom", "board")] + \
        list(scene.board.panels()) + [button.rect for button in scene.buttons]


def play_problems(driver: Driver, scene: PlayScene, size) -> list[str]:
    """What is wrong with the text of the play screen as it stands."""
    inks = inks_of(driver)
    panels = board_panels(scene)
    found = problems(inks, size, panels)
    return found + [f"{ink.text!r} is outside the play screen's parts" for ink in inks
                    if not any(p.contains(ink.rect) for p in panels[:4])]


def check_play(driver: Driver, scene: PlayScene, size) -> None:
    found = play_problems(driver, scene, size)
    assert not found, "\n".join(found)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=SIZES, game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000),
       decisions=st.integers(0, 40), controllers=st.sampled_from(CONTROLLERS))
def test_play_screens_fit_every_window(tmp_path_factory, size, game_id, seed, decisions,
                                       controllers):
    with window(tmp_path_factory.mktemp("fit"), size=size, speed=8.0) as driver:
        scene = play_screen(driver, position(game_id, seed, decisions), controllers)
        check_play(driver, scene, size)


@pytest.mark.parametrize("size", NAMED_SIZES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_fits_the_named_sizes(tmp_path, size, game_id):
    with window(tmp_path, size=size, speed=8.0) as driver:
        scene = play_screen(driver, position(game_id, 3, 12), ("human", "bot:easy"))
        check_play(driver, scene, size)


@pytest.mark.parametrize("size", [*NAMED_SIZES, FIRST_ON_SMALL])
def test_the_options_screens_fit(tmp_path, size):
    with window(tmp_path, size=size) as driver:
        for game_id in GAMES:
            for opponent in ("human", "bot:hard"):
                driver.app.play_setup = {"opponent": opponent, "seat": 0}
                driver.app.stack.reset(driver.app.make("menu"))
                driver.app.stack.push(OptionsScene(driver.app, game_id))
                driver.frames()
                check(inks_of(driver, [driver.top]), size)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("game_id", ["pulling_strings", "moriarty"])
def test_the_countdown_shows_over_the_play_clear_of_the_board_s_panels(tmp_path, size, game_id):
    with window(tmp_path, size=size, speed=1.0) as driver:
        match = position(game_id, 5, 0 if game_id == "pulling_strings" else 13)
        while match.state.kind is not NodeKind.SIMULTANEOUS:
            state = match.state
            match.play(state.legal_moves(state.awaiting[0])[0], state.awaiting[0])
        scene = play_screen(driver, match, ("human", "human"))
        for seat in (0, 1):
            if seat:
                driver.key(pygame.K_RETURN)  # the hand-off to the second player
                driver.settle()
            driver.choose_by_keys(scene.turns.match.state.legal_moves(seat)[0])
        assert scene.turns.countdown is not None
        inks = inks_of(driver)
        beat = max(inks, key=lambda ink: ink.px)
        assert beat.text == "3"
        assert scene.board.stage().contains(beat.rect)
        for panel in scene.board.panels():
            assert not panel.colliderect(beat.rect), f"the countdown is over {panel}"


@pytest.mark.parametrize("size", NAMED_SIZES)
def test_moriarty_s_summary_card_fits(tmp_path, size):
    from game.rules.moriarty import GameScored
    from game.words.moriarty import game_summary
    with window(tmp_path, size=size) as driver:
        scene = play_screen(driver, position("moriarty", 2, 14), ("human", "bot:easy"))
        state = scene.turns.match.state
        games = tuple(GameScored(i, (i % 4, 3 - i % 4), (40 + i, 3 * i), (40, 50),
                                 "Eks declared Moriarty and was wrong: Oh scores all the points")
                      for i in range(2))
        summary = game_summary(state.replace(history=games[:1], games=3), games[1])
        with inspecting():
            driver.app.theme._fonts.clear()
            driver.app.theme._texts.clear()
            surface = InkSurface(size)
            scene.board.draw_summary(surface, summary)
        driver.app.theme._fonts.clear()
        driver.app.theme._texts.clear()
        card = scene.board.summary_rect(summary)
        check(surface.inks, size, [card])
        shown = " ".join(ink.text for ink in surface.inks)
        assert "The match so far" in shown and "Game 2:" in shown  # nothing left out


@pytest.mark.parametrize("size", [*NAMED_SIZES, FIRST_ON_SMALL])
def test_the_screens_around_a_game_fit(tmp_path, size):
    with window(tmp_path, size=size, speed=8.0) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.frames()
        check(inks_of(driver, [driver.top]), size)  # the main menu
        driver.app.go("select")
        driver.frames()
        # the game cards (each card's picture is a shrunken board, drawn without its words)
        check(inks_of(driver, [driver.top]), size)
        scene = driver.start("pulling_strings", {"turn_limit": 2}, seed=3)
        driver.frames()
        assert driver.top.route == "handoff"
        check(inks_of(driver, [driver.top]), size)
        driver.key(pygame.K_ESCAPE)
        check(inks_of(driver, [driver.top]), size)  # the pause menu over the hand-off
        driver.key(pygame.K_ESCAPE)
        driver.play_to_end(random.Random(3))
        results = driver.top
        assert results.route == "results" and scene.turns.match.state.is_terminal
        check(inks_of(driver, [results]), size, [results.panel])


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (2560, 1440), FIRST_ON_SMALL])
def test_settings_records_stats_their_questions_and_still_playing_fit(tmp_path, size):
    """The screens of issue 16's point 13 and 15: switches and steppers, the delete and reset
    questions over their screens, and the kiosk's "Still playing?" card."""
    from tests.test_settings_feel import write_record, write_save
    with window(tmp_path, size=size) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("settings")
        driver.frames()
        check(inks_of(driver, [driver.top]), size)
        write_record(1)
        write_save(2)
        driver.app.go("records")
        driver.frames()
        records = driver.top
        driver.until(lambda: records.reading is None)
        panel = records.panel_rect
        assert all(panel.left <= button.rect.left and button.rect.right <= panel.right
                   for button in records.group.buttons), "the buttons stick out past the list"
        driver.key(pygame.K_DELETE)  # the game in progress, listed first
        check([ink for ink in inks_of(driver, [records]) if ink.rect.bottom < records.list_rect.top
               or ink.rect.top > records.list_rect.bottom], size)  # the list is checked elsewhere
        check(inks_of(driver, [driver.top]), size, [driver.top.panel])
        driver.key(pygame.K_ESCAPE)
        driver.app.go("stats")
        driver.frames()
        check(inks_of(driver, [driver.top]), size)
        driver.key(pygame.K_r)
        check(inks_of(driver, [driver.top]), size, [driver.top.panel])
    with window(tmp_path, size=size) as driver:
        from scenes.kiosk.still_playing import StillPlayingScene
        from scenes.shell.kiosk import Kiosk
        driver.app.stack.reset(driver.app.make("menu"))
        driver.frames()
        kiosk = Kiosk(driver.app)
        kiosk.idle = kiosk.idle_seconds - 5
        driver.app.stack.push(StillPlayingScene(driver.app, kiosk))
        driver.frames()
        check(inks_of(driver, [driver.top]), size, [driver.top.panel])


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_rules_scroll_hint_has_its_own_line(tmp_path, size):
    """The hint under scrolling rules never lies over the rules' text (it did at 800x500)."""
    with window(tmp_path, size=size) as driver:
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("rules", game_id="moriarty")
        driver.frames()
        theme, drawn = driver.app.theme, []
        blit = theme.blit_text

        def record(surface, text, *args, **kwargs):
            rect = blit(surface, text, *args, **kwargs)
            drawn.append((text, rect, surface.get_clip()))
            return rect

        theme.blit_text = record
        try:
            driver.top.draw(driver.app.screen)
        finally:
            theme.blit_text = blit
        hint = next(rect for text, rect, _ in drawn if text.startswith("scroll:"))
        body = [clip.clip(rect) for text, rect, clip in drawn
                if clip != driver.app.screen.get_rect() and not text.startswith("scroll:")]
        assert body and not any(hint.colliderect(rect) for rect in body if rect.height)


@pytest.mark.parametrize("size", NAMED_SIZES)
def test_the_phones_codes_and_who_has_locked_in_fit(tmp_path, size):
    from tests.phone_client import Phone, start_phones_game
    with window(tmp_path, size=size) as driver:
        scene = start_phones_game(driver, "moriarty")
        codes = driver.top
        driver.frames()
        check(inks_of(driver, [codes]), size, [codes.panel])  # both codes and addresses
        phone = Phone(scene.phones.server, 0)
        driver.until(lambda: scene.phones.claimed(0))
        check(inks_of(driver, [codes]), size, [codes.panel])  # one in, one code
        try:
            other = Phone(scene.phones.server, 1)
            driver.until(lambda: driver.top is scene, 10)
            deadline = time.monotonic() + 30
            while scene.turns.match.state.kind is not NodeKind.SIMULTANEOUS:  # South places its
                assert time.monotonic() < deadline  # tokens on its phone, to the Bonus Colours
                driver.frames(dt=0.05)
                time.sleep(0.002)
                for each in (phone, other):
                    if (each.drain() or {}).get("moves"):
                        each.lock_in(each.state["moves"][0]["move"])
            driver.until(lambda: (phone.drain() or {}).get("moves"), 10)
            phone.lock_in("bonus B")
            driver.until(lambda: scene.turns.match.state.pending[0] is not None, 10)
            driver.frames()
            assert "Eks has locked in" in scene.phones.waiting_text(scene.turns.match.state)
            check_play(driver, scene, size)
        finally:
            driver.app.stack.reset(driver.app.make("menu"))
            driver.frames(2)


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=SIZES)
def test_each_card_s_learn_button_covers_neither_picture_nor_pitch(tmp_path_factory, size):
    """The Learn button has a row of its own on its card, at any window size."""
    with window(tmp_path_factory.mktemp("cards"), size=size) as driver:
        driver.app.bot_worker = FakeWorker()
        driver.app.stack.reset(driver.app.make("menu"))
        driver.frames()
        driver.app.go("select")
        driver.frames()
        cards = driver.top
        for button in cards.group.buttons[:-1]:
            picture, pitch, learn = cards.card_parts(button)
            assert learn == cards.learn_rects[button.value]
            assert button.rect.contains(learn) and button.rect.contains(pitch)
            assert picture.height > 0 and picture.top > button.rect.top
            assert not learn.colliderect(picture) and not learn.colliderect(pitch)
            assert not pitch.colliderect(picture)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (2560, 1440), FIRST_ON_SMALL])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_review_and_its_small_board_fit(tmp_path, size, game_id, monkeypatch):
    """The look back at a game: its graph, swings and the small board, whose shrunk picture
    writes no words too small to read (issue 40: "home" and "wins!" were 5 px tall)."""
    from tests.test_review import QuickRun, calm_game
    monkeypatch.setattr("scenes.play.review.ReviewRun", QuickRun)
    with window(tmp_path, size=size) as driver:
        driver.app.bot_worker = FakeWorker()
        driver.app.stack.reset(driver.app.make("menu"))
        driver.app.go("review", record=calm_game(game_id, 30, 3))
        driver.frames(5)
        assert driver.top.route == "review"
        check(inks_of(driver, [driver.top]), size)


@pytest.mark.parametrize("size", [(800, 500), FIRST_ON_SMALL])
def test_the_rules_and_about_screens_write_no_small_capitals(tmp_path, size):
    """Their text scrolls (so a line may be cut at the panel's edge), but none is too small or
    faint (4.5:1), and their figures, shrunk boards, write no words."""
    with window(tmp_path, size=size) as driver:
        for route, arguments in [("about", {}), *(("rules", {"game_id": g}) for g in GAMES)]:
            driver.app.stack.reset(driver.app.make("menu"))
            driver.app.go(route, **arguments)
            driver.frames(3)
            inks = inks_of(driver, [driver.top])
            assert inks, route
            small = [f"{ink.text!r}: {ink.cap:.1f} px" for ink in inks if ink.cap < MIN_CAP_PX]
            assert not small, f"{route} {arguments}: " + ", ".join(small)
            faint = [f"{ink.text!r}: {ink.contrast:.2f}:1" for ink in inks
                     if ink.contrast is not None and ink.contrast < MIN_CONTRAST]
            assert not faint, f"{route} {arguments}: " + ", ".join(faint)
            if route == "about":  # its summary's lines stood on each other at 800x500
                check([ink for ink in inks if not ink.cut], size)


SMALL = [(800, 500), FIRST_ON_SMALL]
# what the chooser's screen may show over a position: a hint (its ghost, badges and words), the
# first pick of a move, the mouse over a spot of one
LOOKS = ["plain", "hint", "pick", "hover"]


def whole_turn(scene: PlayScene, seat: int, move, pick: int) -> tuple:
    """A turn that starts with `move` and goes on as long as the turn does (Strands' stones, a
    Tug of War turn's pairings), its later steps picked by `pick`: what a hint shows."""
    from game.bots.hints import turn_goes_on
    observation = scene.turns.match.state.observe(seat)
    if observation.kind is not NodeKind.DECISION:  # a secret choice: one move, the turn's own
        return (move,)
    plan, step = [move], observation.apply(move, seat).state
    while len(plan) < 6 and step.kind is NodeKind.DECISION and \
            turn_goes_on(scene.spec.id, observation, step, seat):
        legal = step.legal_moves(seat)
        plan.append(legal[pick % len(legal)])
        step = step.apply(plan[-1], seat).state
    return tuple(plan)


def show_look(driver: Driver, scene: PlayScene, look: str, pick: int) -> None:
    """Put the play screen in a look: a hint shown (its ghost, badges and words), the first
    pick of a move made, or the mouse over a spot of one."""
    seat = scene.turns.chooser
    if seat is None or look == "plain":
        return
    state = scene.turns.match.state
    legal = state.legal_moves(seat)
    move = legal[pick % len(legal)]
    if look == "hint":
        hints = scene.hints
        plan = whole_turn(scene, seat, move, pick)
        hints.hint = hints._hint(state, seat, state.observe(seat), plan)
        scene.status.say(hints.words(hints.hint))
    else:
        spot = scene.board.path(move, state)[0]
        if look == "pick":
            driver.click(driver.spot_pos(spot))
        else:
            driver.post(pygame.MOUSEMOTION, pos=driver.spot_pos(spot), rel=(1, 1), buttons=(0,) * 3)
    driver.frames(2)


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.sampled_from(SMALL), game_id=st.sampled_from(sorted(GAMES)),
       seed=st.integers(0, 1000), decisions=st.integers(0, 60),
       controllers=st.sampled_from(CONTROLLERS), look=st.sampled_from(LOOKS),
       pick=st.integers(0, 99))
def test_every_look_of_a_game_reads_in_a_small_window(tmp_path_factory, size, game_id, seed,
                                                      decisions, controllers, look, pick):
    """Issue 65: at 800x500 and 720x450, with a hint shown, a pick made or the mouse over a
    spot, every word has capitals of 9 px, a contrast of 4.5:1 with what is behind it, and
    lies whole in its part of the screen; a hint's ghost and badges cover no word."""
    with window(tmp_path_factory.mktemp("looks"), size=size, speed=8.0) as driver:
        scene = play_screen(driver, position(game_id, seed, decisions), controllers)
        show_look(driver, scene, look, pick)
        if driver.top is scene:
            check_play(driver, scene, size)
            hint = scene.hints.hint
            if hint is not None:
                covered = marks_on_words(driver, lambda on: setattr(
                    scene.hints, "hint", hint if on else None))
                assert not covered, f"the hint's ghost covers words: {covered}"


def test_the_contrast_measure_finds_grey_on_blue():
    """The measure itself: Strands' old coordinates (grey on a space's blue) fall short."""
    from tests.text_inspector import contrast
    assert contrast((169, 172, 175), (60, 92, 120)) < MIN_CONTRAST <= contrast(th_text(),
                                                                               (60, 92, 120))


def th_text():
    """The theme's text colour."""
    from scenes.shell import theme
    return theme.TEXT
