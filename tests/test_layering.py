"""The one layering rule: every module of game/ imports without pygame."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import importlib, pkgutil, sys
sys.modules['pygame'] = None  # makes 'import pygame' raise ImportError
import game
# game/__main__.py launches the app (scenes/), so it alone may reach pygame
names = [m.name for m in pkgutil.walk_packages(game.__path__, 'game.')
         if not m.name.endswith('__main__')]
for name in names:
    importlib.import_module(name)
assert not any(n == 'pygame' or n.startswith('pygame.') for n in sys.modules if sys.modules[n])
print(len(names))
"""


def test_every_game_module_imports_with_pygame_unimportable():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) >= 10  # the package really was walked
