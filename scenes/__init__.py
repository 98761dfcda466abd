"""Quintet's pygame front end, in rooms by role: shell, store, boards, screens, play, kiosk."""
import os

# pygame prints a banner on import unless told not to; every way in (the `quintet` command,
# `python -m game`, the frozen app, the tools) imports this package before pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
