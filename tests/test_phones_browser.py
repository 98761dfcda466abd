"""Two phone pages in a real headless Chromium play whole games against the app under test.

Debian's chromium and chromium-driver (CI installs them: .ci/run), driven by selenium; the app
runs headless in this process and its phones' server listens on 127.0.0.1. Each page is a phone
with its own browser profile: it scans nothing, it opens its seat's address, and a person's taps
are clicks on the page's buttons (a choice, then Lock in). The big screen's Continue after a
reveal is pressed here, as a player at the screen would.
"""
from __future__ import annotations

import os
import random
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pygame
import pytest

from scenes.play.handoff import HandoffScene
from scenes.play.results import ResultsScene
from scenes.screens.menu import MainMenu
from tests.phone_client import start_phones_game
from tests.support import carries

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=390,844")
GAME_LIMIT = 300.0  # seconds a whole game may take here (a generous bound, not a timing test)


@pytest.fixture
def browsers():
    """A factory of headless Chromium sessions, each a phone with a profile of its own."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        if os.environ.get("CI"):
            pytest.fail("CI must install chromium and chromium-driver (see .ci/run)")
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opened, folders = [], []

    def open_browser():
        folder = tempfile.mkdtemp(prefix="quintet-phone-")
        folders.append(folder)
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in FLAGS + (f"--user-data-dir={folder}",):
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        opened.append(browser)
        return browser

    yield open_browser
    for browser in opened:
        browser.quit()
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


class PagePlayer(threading.Thread):
    """Taps through the phone pages: a random choice, then Lock in, until both say Game over."""

    def __init__(self, pages, seed: int) -> None:
        super().__init__(daemon=True)
        self.pages = pages
        self.rng = random.Random(seed)
        self.locked = [0, 0]
        self.secret_words: list[set[str]] = [set(), set()]
        self.finished = False
        self.failure: BaseException | None = None
        self.stop = False

    def run(self) -> None:
        try:
            while not self.stop and not self.finished:
                over = [self._turn(index) for index in range(2)]
                self.finished = all(over)
                time.sleep(0.05)
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            self.failure = error

    def _turn(self, index: int) -> bool:
        """Look at one page; tap a choice and lock it in if it offers any. True at game over."""
        from selenium.common.exceptions import (
            ElementNotInteractableException, StaleElementReferenceException,
        )
        from selenium.webdriver.common.by import By
        page = self.pages[index]
        try:
            if page.find_element(By.ID, "prompt").text.startswith("Game over"):
                return True
            secret = page.find_element(By.ID, "secret")
            if secret.is_displayed():
                self.secret_words[index].add(secret.text)
            choices = page.find_elements(By.CSS_SELECTOR, "#choices button")
            if not choices:
                return False
            self.rng.choice(choices).click()
            lock = page.find_element(By.ID, "lock")
            if lock.is_enabled():
                lock.click()
                self.locked[index] += 1
        except (StaleElementReferenceException, ElementNotInteractableException):
            pass  # the page was redrawn by a new message: look again
        return False


def play_in_browsers(driver, browsers, game_id: str, options: dict, seed: int):
    """A whole hot-seat game on two phone pages; (the play scene, the page player)."""
    play = start_phones_game(driver, game_id, options, seed)
    pages = [browsers(), browsers()]
    for seat, page in enumerate(pages):
        page.get(play.phones.url(seat))
    player = PagePlayer(pages, seed)
    player.start()
    deadline = time.monotonic() + GAME_LIMIT
    try:
        while not (player.finished and isinstance(driver.top, ResultsScene)):
            assert player.failure is None, player.failure
            assert time.monotonic() < deadline, "the game on the phone pages did not finish"
            assert not isinstance(driver.top, HandoffScene)
            driver.frames(dt=0.05)
            if driver.top is play and play.turns.hold is not None:
                driver.key(pygame.K_SPACE, " ")  # Continue, on the big screen
            time.sleep(0.01)
    finally:
        player.stop = True
        player.join(10)
    return play, player


@pytest.mark.parametrize("game_id, options", [("pulling_strings", {"turn_limit": 30}),
                                              ("moriarty", {"games": 1, "round_limit": 3})])
def test_two_phone_pages_in_chromium_play_a_whole_game(driver, browsers, game_id, options):
    play, player = play_in_browsers(driver, browsers, game_id, options, seed=11)
    assert play.turns.match.state.is_terminal
    assert all(player.locked)  # both pages locked choices in
    if game_id == "moriarty":  # each page showed its own Bonus Colour, never the other's
        own = {entry.actor: entry.text[-1] for entry in play.turns.match.entries
               if entry.text.startswith("bonus")}
        names = {"O": "orange", "B": "blue", "G": "green", "P": "pink"}
        for seat in (0, 1):
            (secret,) = player.secret_words[seat]
            carries(secret, "Only you", "Bonus Colour", names[own[seat]],
                    without=tuple(set(names.values()) - {names[own[seat]]}))
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)


def waiting(driver, page):
    """until(ready, limit): run the app's frames until `ready()` (the page's text if never)."""
    from selenium.webdriver.common.by import By

    def until(ready, limit: float = 20.0) -> None:
        deadline = time.monotonic() + limit
        while not ready():
            assert time.monotonic() < deadline, page.find_element(By.TAG_NAME, "body").text
            driver.frames(dt=0.05)
            time.sleep(0.02)
    return until


def text_of(page, element_id: str) -> str:
    """The text of an element of the page."""
    from selenium.webdriver.common.by import By
    return page.find_element(By.ID, element_id).text


def test_a_second_page_on_a_claimed_seat_is_told_so_and_may_ask_the_big_screen(driver, browsers):
    from selenium.webdriver.common.by import By
    play = start_phones_game(driver, "moriarty", None, seed=2)
    first, second = browsers(), browsers()
    first.get(play.phones.url(0))
    waiting(driver, first)(lambda: play.phones.claimed(0))
    second.get(play.phones.url(0))  # the same code, on a phone without the seat's key
    until = waiting(driver, second)
    until(lambda: "seat is on another phone" in text_of(second, "refusedText"))
    assert "Eks's seat: let this new phone in?" in text_of(second, "refusedText")
    assert "Cannot reach" not in text_of(second, "link")  # not the words of a network fault
    assert text_of(second, "prompt") == ""  # it was told nothing of the seat
    assert text_of(first, "link") == "Connected"
    second.find_element(By.ID, "ask").click()  # "Ask for Eks's seat"
    until(lambda: play.phones.asking(0) and getattr(driver.top, "route", "") == "phones")
    driver.frames(2)  # the question shows on the big screen
    assert "Look at the big screen" in text_of(second, "refusedText")
    driver.click(driver.top.group.buttons[4].rect.center)  # No
    until(lambda: "said no" in text_of(second, "refusedText"))
    assert text_of(first, "link") == "Connected"
    second.find_element(By.ID, "ask").click()  # again; this time the big screen says yes
    until(lambda: play.phones.asking(0))
    driver.frames(2)
    driver.click(driver.top.group.buttons[3].rect.center)  # Let it in
    until(lambda: text_of(second, "link") == "Connected" and text_of(second, "prompt") != "")
    waiting(driver, first)(lambda: "moved to another phone" in text_of(first, "link"))
    second.refresh()  # the new phone keeps its new key
    until(lambda: text_of(second, "link") == "Connected")
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)


def test_a_seat_is_joined_by_typing_its_code(driver, browsers):
    from selenium.webdriver.common.by import By
    play = start_phones_game(driver, "pulling_strings", None, seed=3)
    page = browsers()
    page.get(play.phones.address())
    box = page.find_element(By.ID, "code")
    box.send_keys("zzz zzz")
    box.submit()
    assert "No seat has that code" in text_of(page, "note")
    code = play.phones.code(1)
    box = page.find_element(By.ID, "code")
    box.send_keys(code[:3].lower() + " " + code[3:])  # as a person types it, read aloud
    box.submit()
    waiting(driver, page)(lambda: play.phones.claimed(1) and text_of(page, "link") == "Connected")
    assert text_of(page, "who") == "You are Oh"
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)


def test_a_page_that_drops_or_reloads_comes_back_to_its_seat(driver, browsers):
    from selenium.webdriver.common.by import By
    play = start_phones_game(driver, "pulling_strings", None, seed=2)
    page = browsers()
    page.get(play.phones.url(0))
    until = waiting(driver, page)

    def offered() -> bool:
        return bool(page.find_elements(By.CSS_SELECTOR, "#choices button"))

    until(lambda: play.phones.claimed(0) and offered())
    driver.key(pygame.K_ESCAPE)  # Done: the other player's code can wait
    page.execute_script("socket.close();")  # the network went for a moment
    until(lambda: page.find_element(By.ID, "link").text == "Reconnecting...", 5)
    until(lambda: page.find_element(By.ID, "link").text == "Connected" and offered())
    page.refresh()  # a reload keeps the seat: the page kept the key the seat was claimed with
    until(lambda: page.find_element(By.ID, "link").text == "Connected" and offered())
    page.find_elements(By.CSS_SELECTOR, "#choices button")[2].click()
    page.find_element(By.ID, "lock").click()
    until(lambda: play.turns.match.state.pending[0] is not None)
    assert page.find_element(By.ID, "prompt").text == "Locked in: c"
    play.phones.release(0)  # and when the seat goes back to the big screen, the page says so
    until(lambda: "back on the big screen" in page.find_element(By.ID, "link").text)
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)


FITS = """
const box = (el) => el.getBoundingClientRect();
const shown = [...document.querySelectorAll('#choices button, #lock')].filter(
    (el) => el.offsetParent !== null);
const out = shown.filter((el) => box(el).bottom > innerHeight + 0.5 || box(el).right > innerWidth
                                 || box(el).left < 0);
return [innerWidth, innerHeight, shown.length, out.map((el) => el.textContent)];
"""


def phone_sized(page) -> None:
    """Make the page a phone of 360 by 640 CSS pixels (screenshots of that size)."""
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True})


@pytest.mark.parametrize("game_id, options", [("pulling_strings", {"turn_limit": 12}),
                                              ("moriarty", {"games": 1, "round_limit": 3})])
def test_every_choice_fits_a_phone_of_360_by_640_with_its_board(driver, browsers, game_id,
                                                                 options, tmp_path):
    """Each kind of choice on a 360x640 phone: every button and Lock in on screen without
    scrolling, the board drawn; a screenshot of each (QUINTET_PHONE_SHOTS: where to keep them)."""
    from selenium.webdriver.common.by import By
    shots = Path(os.environ.get("QUINTET_PHONE_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    play = start_phones_game(driver, game_id, options, seed=5)
    pages = [browsers(), browsers()]
    for seat, page in enumerate(pages):
        phone_sized(page)
        page.get(play.phones.url(seat))
    rng, seen, deadline = random.Random(5), {}, time.monotonic() + GAME_LIMIT
    while not isinstance(driver.top, ResultsScene):
        assert time.monotonic() < deadline, "the game on the phone pages did not finish"
        driver.frames(dt=0.05)
        if driver.top is play and play.turns.hold is not None:
            driver.key(pygame.K_SPACE, " ")
        for seat, page in enumerate(pages):
            choices = page.find_elements(By.CSS_SELECTOR, "#choices button")
            if not choices or page.find_element(By.ID, "lock").is_displayed() is False:
                continue
            kinds = tuple(g.text for g in page.find_elements(By.CSS_SELECTOR, "#choices .group"))
            kind = kinds[:1] or (choices[0].text,)
            first = kind not in seen
            try:
                (choices[0] if first else rng.choice(choices)).click()
                if first:
                    width, height, count, out = page.execute_script(FITS)
                    assert (width, height) == (360, 640)
                    assert not out, f"{kind}: off a 360x640 screen: {out}"
                    assert page.find_element(By.ID, "board").is_displayed()
                    name = f"{game_id}-{len(seen) + 1:02d}-seat{seat}.png"
                    page.save_screenshot(str(shots / name))
                    seen[kind] = name
                page.find_element(By.ID, "lock").click()
            except Exception:  # noqa: BLE001 - redrawn by a new message meanwhile: look again
                if first:
                    seen.pop(kind, None)
                    raise
        time.sleep(0.01)
    assert len(seen) >= (1 if game_id == "pulling_strings" else 5), seen
    driver.app.stack.reset(MainMenu(driver.app))
    driver.frames(2)
