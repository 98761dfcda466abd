"""Test-wide set-up: no display and no sound card are needed (SDL's dummy drivers)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
