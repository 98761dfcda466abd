"""`python -m scenes.tools.screenshot`: the README's picture of the game, drawn by the real app.

It plays a bot-vs-bot game on the real play screen, headless (SDL's dummy drivers, temporary
settings, saves and logs, never yours), until a number of moves are on the board and the board is
calm, then saves the window as a PNG (docs/screenshot.png by default), so the picture stays
current with the app.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "docs" / "screenshot.png"
USER_FOLDERS = ("QUINTET_CONFIG_DIR", "QUINTET_DATA_DIR", "QUINTET_LOG_DIR")
DT = 1 / 60


def parse_size(text: str) -> tuple[int, int]:
    """A window size written as WIDTHxHEIGHT."""
    width, _, height = text.partition("x")
    return int(width), int(height)


def take(out: Path, game_id: str, moves: int, size: tuple[int, int], seed: int,
         limit: float = 120.0) -> int:
    """Play `game_id` bot against bot until `moves` moves are played, save the window; moves."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from scenes.play.play import PlayScene
    from scenes.routes import ROUTES
    from scenes.screens.menu import MainMenu
    from scenes.shell.app import App

    with tempfile.TemporaryDirectory(prefix="quintet-screenshot-") as folder:
        for name in USER_FOLDERS:
            os.environ[name] = str(Path(folder) / name.lower())
        app = App(size, fullscreen=False, routes=ROUTES)
        try:
            app.settings.animation_speed = 4.0
            app.settings.muted = True
            scene = PlayScene(app, game_id, seed=seed, controllers=("bot:medium", "bot:medium"))
            app.stack.reset(MainMenu(app))
            app.stack.push(scene)
            app.stack.apply_changes()
            deadline = time.monotonic() + limit
            played = 0
            while played < moves and scene.turns.match.state.outcome is None:
                if time.monotonic() > deadline:
                    raise SystemExit(f"screenshot: only {played} moves in {limit:.0f} s")
                app.tick(DT)
                time.sleep(0.002)
                played = sum(1 for entry in scene.turns.match.entries if entry.actor in (0, 1))
            for _ in range(240):  # let the last move's animation finish
                app.tick(DT)
            out.parent.mkdir(parents=True, exist_ok=True)
            screen = pygame.display.get_surface()
            assert screen is not None, "no window to save"
            pygame.image.save(screen, str(out))
        finally:
            app.close_bots()
            pygame.quit()
    return played


def main(argv: list[str] | None = None) -> int:
    """Save a screenshot of a game in progress; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.screenshot",
                                     description="Save a picture of a game in progress.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="PNG file to write")
    parser.add_argument("--game", default="strands", help="game id (default strands)")
    parser.add_argument("--moves", type=int, default=30, help="moves to play first")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT")
    parser.add_argument("--seed", type=int, default=3)
    options = parser.parse_args(argv)
    played = take(options.out, options.game, options.moves, options.size, options.seed)
    print(f"{options.out}: {options.game} after {played} moves, {options.size[0]}x"
          f"{options.size[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
