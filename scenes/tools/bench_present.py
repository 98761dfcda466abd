"""Present benchmark: `python -m scenes.tools.bench_present`.

How long handing a frame to the window takes, by each way SDL offers, in a bare pygame window
(no app): the window's framebuffer as SDL chooses it (on X11 an OpenGL texture composited whole
on every present), the X server's own framebuffer (SDL_FRAMEBUFFER_ACCELERATION=0: only the
rectangles given are sent), and SDL's renderer with a streaming texture, per render driver
(the changed rectangle uploaded, the whole texture drawn, then presented). Each is timed for the
whole window, for a board-sized area and for a token-sized one, on the wall clock and in this
process's processor time. The App presents the way scenes/shell/present.py says; this is the
measurement behind that choice. Run it on a desktop or under Xvfb:
`xvfb-run -a -s "-screen 0 1920x1080x24" python -m scenes.tools.bench_present`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Callable

FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def areas(size: tuple[int, int]) -> dict[str, tuple[int, int, int, int]]:
    """The rectangles timed: the whole window, the play screen's board, a moving token."""
    width, height = size
    return {"whole": (0, 0, width, height),
            "board": (width // 100, height // 10, int(width * 0.72), int(height * 0.7)),
            "token": (width // 3, height // 3, width // 10, width // 10)}


def timed(present: Callable[[int], None], frames: int) -> tuple[float, float]:
    """Median wall-clock and processor seconds of `present(index)` over `frames` calls."""
    wall, cpu = [], []
    for index in range(frames):
        started, used = time.perf_counter(), time.process_time()
        present(index)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
    return statistics.median(wall), statistics.median(cpu)


def window_surface(size, hint: str | None, frames: int) -> dict[str, tuple[float, float]]:
    """`pygame.display.update(rect)` of each area, with SDL's framebuffer hint as given."""
    import pygame
    if hint is None:
        os.environ.pop(FRAMEBUFFER_HINT, None)
    else:
        os.environ[FRAMEBUFFER_HINT] = hint
    pygame.display.init()  # SDL reads the hint when the window's surface is first made
    screen = pygame.display.set_mode(size)
    results = {}
    for name, rect in areas(size).items():
        def present(index: int, rect=rect) -> None:
            screen.fill((index % 200, 40, 60), rect)
            pygame.display.update(rect)
        results[name] = timed(present, frames)
    pygame.display.quit()
    return results


def renderer(size, driver: int, frames: int) -> dict[str, tuple[float, float]]:
    """SDL's renderer: upload the area to a streaming texture, draw it, present."""
    import pygame
    from pygame._sdl2 import video
    pygame.display.init()
    window = video.Window("bench", size=size)
    render = video.Renderer(window, index=driver)
    texture = video.Texture(render, size, streaming=True)
    canvas = pygame.Surface(size)
    results = {}
    for name, rect in areas(size).items():
        def present(index: int, rect=pygame.Rect(rect)) -> None:
            canvas.fill((index % 200, 40, 60), rect)
            texture.update(canvas.subsurface(rect), rect)
            render.blit(texture)
            render.present()
        results[name] = timed(present, frames)
    del texture, render
    window.destroy()
    pygame.display.quit()
    return results


def main(argv=None) -> int:
    """Print the present times of every way, for each window size asked."""
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_present",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--size", nargs="+", default=["1920x1080", "1280x720"],
                        help="window sizes, WIDTHxHEIGHT")
    parser.add_argument("--frames", type=int, default=60, help="presents timed per case")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from pygame._sdl2 import video
    pygame.display.init()
    print(f"video driver: {pygame.display.get_driver()}; load average "
          f"{' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    drivers = [info.name for info in video.get_drivers()]
    pygame.display.quit()
    print("median ms per present, wall clock / processor time")
    for size in args.size:
        width, height = (int(v) for v in size.split("x"))
        ways = {"window, SDL's choice": window_surface((width, height), None, args.frames),
                "window, X server's own": window_surface((width, height), "0", args.frames)}
        for index, name in enumerate(drivers):
            try:
                ways[f"renderer {name}"] = renderer((width, height), index, args.frames)
            except pygame.error as error:
                print(f"renderer {name}: {error}")
        print(f"\n{f'{width}x{height}':24}" + "".join(f"{name:>16}" for name in areas((1, 1))))
        for way, results in ways.items():
            print(f"{way:24}" + "".join(f"{wall * 1000:8.2f} /{cpu * 1000:6.2f}"
                                        for wall, cpu in results.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
