"""Shared helpers for the tests: seeded random playouts through the public API, waiting for a
condition to a deadline (never a fixed sleep), a process's processor time, and drawing checks."""
from __future__ import annotations

import os
import random
import time
from pathlib import Path

from game.tools.bench import random_step
from game.spec import GameSpec


def playout(spec: GameSpec, seed: int, options=None, max_steps: int = 20_000):
    """Every (state, step) of one random game, by joint moves at simultaneous nodes."""
    rng = random.Random(seed)
    state = spec.new_game(options)
    path = []
    for _ in range(max_steps):
        if state.is_terminal:
            return path
        step = random_step(state, rng)
        path.append((state, step))
        state = step.state
    raise AssertionError(f"{spec.id} seed {seed}: no end within {max_steps} steps")


# Hypothesis profiles (tests/conftest.py loads the one HYPOTHESIS_PROFILE names): "dev", a
# developer's default, tries a quarter of each property test's examples (at least 3); "ci", which
# .ci/run selects, tries them all.
PROFILES = {"dev": 4, "ci": 1}


def hypothesis_profile() -> str:
    """The profile this run uses: $HYPOTHESIS_PROFILE, "dev" if unset."""
    name = os.environ.get("HYPOTHESIS_PROFILE", "dev")
    if name not in PROFILES:
        raise ValueError(f"HYPOTHESIS_PROFILE={name!r}: not one of {sorted(PROFILES)}")
    return name


def examples(ci: int) -> int:
    """How many examples a property test tries: `ci` under the "ci" profile, a share of them
    under "dev"."""
    return max(min(ci, 3), ci // PROFILES[hypothesis_profile()])


UNDRAWN = (255, 0, 255)  # a colour no board paints: what a draw left of it, it did not draw


def drawn_picture(board, surface, view) -> bytes:
    """Draw a view on a surface cleared to UNDRAWN; the board's area as bytes, after checking
    that the draw covered most of that area (a board that draws nothing fails here)."""
    import pygame
    surface.fill(UNDRAWN)
    board.draw(surface, view)
    area = board.area.clip(surface.get_rect())
    assert area.width > 0 and area.height > 0, f"the board has no area on screen: {board.area}"
    picture = surface.subsurface(area)
    left = pygame.mask.from_threshold(picture, UNDRAWN, (1, 1, 1, 255)).count()
    assert left < area.width * area.height // 2, f"the board left {left} pixels undrawn"
    return pygame.image.tobytes(picture, "RGB")


def wait_until(ready, limit: float = 30.0, what: str = "the condition", pause: float = 0.005):
    """Call `ready()` until it gives a true value, and return that value; fail after `limit`
    seconds. A slow machine waits longer, and is never wrong for it: the limit is far above what
    the wait takes on a quiet one."""
    deadline = time.monotonic() + limit
    while True:
        value = ready()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {limit} s")
        time.sleep(pause)


def cpu_seconds(pid: int) -> float | None:
    """The processor time (user and system) a process has used so far, from /proc; None where
    there is no /proc (not Linux) or no such process."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_work(pid: int, seconds: float = 0.05, limit: float = 60.0) -> None:
    """Wait until a process has used `seconds` more processor time than now: it is working (a
    search under way), not merely started. Where /proc is missing, returns at once."""
    start = cpu_seconds(pid)
    if start is None:
        return
    wait_until(lambda: (cpu_seconds(pid) or 0.0) - start >= seconds, limit,
               f"process {pid} using {seconds} s of processor time", pause=0.01)


def warmed_up(worker, level):
    """A bots' worker once its process is up and has answered a request at `level` (its
    start-up work done, so the processor time it uses next is a search's)."""
    from game.match import Match
    match = Match("strands", seed=99)
    ticket = worker.request("warm-up", "strands", level, 1, match.observe(0), 0)
    assert wait_until(worker.poll, 30.0, "an answer from the bots' process")[0] == ticket
    return worker


def start_xvfb(display: str, size: tuple[int, int] = (1280, 720), limit: float = 30.0):
    """A private Xvfb X server on `display` (":150"), once it takes connections: its process."""
    import subprocess
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
    try:
        wait_until(lambda: socket.exists() or server.poll() is not None, limit,
                   f"Xvfb listening on {display}", pause=0.02)
        assert server.poll() is None, f"Xvfb on {display} ended with {server.returncode}"
    except BaseException:
        server.kill()
        server.wait()
        raise
    return server


def carries(text: str, *parts: str, without: tuple[str, ...] = ()) -> str:
    """Check that a sentence carries each of `parts` (a seat's name, a move, a number: what it
    must say, in whatever words around them) and none of `without` (a secret); the sentence.
    A part that starts or ends with a letter or digit must stand as a word there ("6" is not
    found in "16")."""
    import re

    def found(part: str) -> bool:
        before = r"(?<!\w)" if part[:1].isalnum() else ""
        after = r"(?!\w)" if part[-1:].isalnum() else ""
        return re.search(before + re.escape(part) + after, text) is not None

    missing = [part for part in parts if not found(part)]
    shown = [part for part in without if found(part)]
    assert not missing and not shown, f"{text!r}: missing {missing}, shows {shown}"
    return text


def one_turn_logged(lines: list[str], eks: str = "c", oh: str = "h") -> bool:
    """Check that a Pulling Strings log holds one turn, the first: Eks's pull, then Oh's."""
    import re
    assert len(lines) == 1, lines
    pattern = rf"^1\D.*\bEks\b\D*?\b{eks}\b.*\bOh\b\D*?\b{oh}\b"
    assert re.search(pattern, lines[0]), (lines[0], eks, oh)
    return True
