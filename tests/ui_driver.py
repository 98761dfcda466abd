"""Drive the real app headless with posted pygame events, as a player would (tests only)."""
from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path

import pygame

from game.core import NodeKind
from scenes.boards.base import Choice
from scenes.play.handoff import HandoffScene
from scenes.play.play import PlayScene
from scenes.play.results import ResultsScene
from scenes.routes import ROUTES
from scenes.shell.app import App
from scenes.store.settings import SettingsStore

DT = 1 / 60


class Driver:
    """An App at a fixed size whose frames advance only when the test says so."""

    def __init__(self, config_dir: Path, size=(1280, 720), speed: float = 4.0,
                 kiosk: bool | None = None) -> None:
        self.app = App(size, store=SettingsStore(Path(config_dir) / "settings.json"),
                       fullscreen=False, kiosk=kiosk, routes=ROUTES)
        self.app.settings.animation_speed = speed
        self.app.settings.muted = True
        self.app.reraise_errors = True  # a test sees an error; tests of the rescue turn this off

    # ---- low level ------------------------------------------------------------------------
    def frames(self, count: int = 1, dt: float = DT) -> None:
        """Run frames (events posted so far are handled in the first)."""
        for _ in range(count):
            self.app.tick(dt)
            self.written()

    def written(self) -> None:
        """Let the app's disk writer finish what it was given, and hand back its results (the
        app itself never waits: tests do, so each frame's files are on disk after it)."""
        self.app.keeper.writer.flush(30)
        self.app.keeper.poll()

    def until(self, ready, limit: float = 30.0, dt: float = DT):
        """Run frames until `ready()` gives a true value (work in the background, such as
        reading files), and return that value; fail after `limit` seconds."""
        deadline = time.monotonic() + limit
        while not (value := ready()):
            if time.monotonic() > deadline:
                raise AssertionError(f"not ready within {limit} s")
            self.frames(dt=dt)
            time.sleep(0.001)
        return value

    def post(self, type_: int, **attributes) -> None:
        """Post one real pygame event."""
        pygame.event.post(pygame.event.Event(type_, **attributes))

    def click(self, pos) -> None:
        """Move the mouse there, press and release the left button, and run a frame."""
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames()

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        """Press and release a key, and run a frame."""
        self.post(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)
        self.post(pygame.KEYUP, key=key, unicode=unicode, mod=mod, scancode=0)
        self.frames()

    def type(self, text: str) -> None:
        """Type text one key at a time."""
        for char in text:
            code = pygame.key.key_code(char) if char != " " else pygame.K_SPACE
            self.key(code, char)

    # ---- what is on screen ----------------------------------------------------------------
    @property
    def top(self):
        """The scene on top of the stack."""
        return self.app.stack.top

    def play_scene(self) -> PlayScene:
        """The play scene (wherever it is in the stack)."""
        for scene in reversed(self.app.stack.scenes):
            if isinstance(scene, PlayScene):
                return scene
        raise AssertionError(f"no play scene on the stack: {self.app.stack.scenes}")

    def start(self, game_id: str, options=None, seed: int = 1) -> PlayScene:
        """Put a hot-seat game straight on screen."""
        from scenes.screens.menu import MainMenu
        self.app.stack.reset(MainMenu(self.app))
        self.app.stack.push(PlayScene(self.app, game_id, options, seed=seed))
        self.frames()
        return self.play_scene()

    def from_menu(self, key: int):
        """Start again at the main menu and press one of its keys; the scene on top then."""
        from scenes.screens.menu import MainMenu
        self.app.stack.reset(MainMenu(self.app))
        self.frames()
        self.key(key)
        self.frames()
        return self.top

    def settle(self, limit: int = 2000, acknowledge: bool = True) -> None:
        """Run frames until a person is needed (a choice, a hand-off or the results); a result
        held on screen is acknowledged with a key on the way, unless `acknowledge` is False."""
        for _ in range(limit):
            top = self.top
            if isinstance(top, (HandoffScene, ResultsScene)):
                return
            if isinstance(top, PlayScene) and top.turns.chooser is not None:
                return
            if isinstance(top, PlayScene) and top.turns.hold is not None:
                if not acknowledge:
                    return
                self.key(pygame.K_SPACE, " ")
                continue
            self.frames(dt=0.05)
        raise AssertionError("the game did not come to a choice")

    @contextlib.contextmanager
    def texts(self):
        """A list of every text the theme draws while the block runs."""
        drawn: list[str] = []
        theme = self.app.theme
        blit = theme.blit_text
        theme.blit_text = lambda surface, text, *a, **k: (drawn.append(text),
                                                          blit(surface, text, *a, **k))[1]
        try:
            yield drawn
        finally:
            theme.blit_text = blit

    def frame_texts(self, dt: float = DT) -> list[str]:
        """Every text of one frame, drawn in full."""
        with self.texts() as drawn:
            self.app.invalidate()
            self.frames(dt=dt)
        return drawn

    def play_calmly(self, scene: PlayScene, rng: random.Random, decisions: int) -> None:
        """Make up to `decisions` random moves, never ending a game early (no "end" of a
        Moriarty game, no Moriarty declared), confirming hand-offs; stops at the results."""
        for _ in range(decisions):
            self.to_choice()
            if scene.turns.chooser is None:
                return
            legal = scene.turns.match.state.legal_moves(scene.turns.chooser)
            keep = [m for m in legal if not str(m).startswith(("end", "moriarty"))] or legal
            self.choose_by_keys(rng.choice(keep))
        self.to_choice()

    def to_choice(self) -> None:
        """Settle, confirming a hand-off on the way, until a player can choose on the board."""
        self.settle()
        if isinstance(self.top, HandoffScene):
            self.key(pygame.K_RETURN)
            self.settle()

    def spot_pos(self, spot) -> tuple[int, int]:
        """Where to click for a spot: its board rect or its action-bar button."""
        scene = self.play_scene()
        if isinstance(spot, Choice):
            for button in scene.buttons:
                if button.value == spot:
                    return button.rect.center
            raise AssertionError(f"no button for {spot} among {[b.label for b in scene.buttons]}")
        rect = scene.board.spot_rect(spot)
        assert rect is not None, f"{spot!r} has no place on the board"
        return rect.center

    # ---- playing --------------------------------------------------------------------------
    def choose_by_clicks(self, move) -> None:
        """Make a move by clicking each spot of its path (and Lock in, for a secret choice)."""
        scene = self.play_scene()
        path = scene.board.path(move, scene.turns.match.state)
        for spot in path:
            assert spot in scene.picker.clickable(), f"{spot!r} of {move} is not clickable"
            self.click(self.spot_pos(spot))
        if scene.picker.pending_choice() is not None:
            assert scene.picker.pending_choice() == move
            self.click(self.lock_in_button().rect.center)

    def lock_in_button(self):
        """The play screen's Lock in button (a secret choice is waiting)."""
        scene = self.play_scene()
        found = [b for b in scene.buttons if getattr(b.value, "name", None) == "lockin"]
        assert found, f"no Lock in among {[b.label for b in scene.buttons]}"
        return found[0]

    def choose_by_keys(self, move) -> None:
        """Make a move by typing its text (and Enter when it is a prefix of another move)."""
        scene = self.play_scene()
        entries = len(scene.turns.match.entries)
        self.type(str(move))
        if len(scene.turns.match.entries) == entries:
            self.key(pygame.K_RETURN)

    def play_to_end(self, rng: random.Random, how: str = "clicks", limit: int = 3000):
        """Play random legal moves through the UI until the results show; the final state."""
        for _ in range(limit):
            self.settle()
            top = self.top
            if isinstance(top, ResultsScene):
                return self.play_scene().turns.match.state
            if isinstance(top, HandoffScene):
                if how == "clicks":
                    self.click(top.group.buttons[0].rect.center)
                else:
                    self.key(pygame.K_RETURN)
                continue
            scene = top
            seat = scene.turns.chooser
            state = scene.turns.match.state
            assert state.kind not in (NodeKind.CHANCE, NodeKind.TERMINAL)
            move = rng.choice(state.legal_moves(seat))
            before = len(scene.turns.match.entries)
            if how == "clicks":
                self.choose_by_clicks(move)
            else:
                self.choose_by_keys(move)
            assert len(scene.turns.match.entries) == before + 1, f"{move} was not played"
            assert scene.turns.match.entries[-1].text == str(move)
        raise AssertionError("the game did not end")
