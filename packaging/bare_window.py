"""The start-up floor: a bare pygame-ce window that shows one frame and says how long it took.

`python -m scenes.tools.bench_startup` builds this with PyInstaller the way build.spec builds
Quintet and times both, so the app's start-up is compared with what pygame-ce itself costs.
"""
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as Quintet: no banner

import pygame  # noqa: E402


def main() -> int:
    """Open a window, present one frame, report seconds since QUINTET_LAUNCHED_AT (and the
    processor time used), close."""
    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    screen.fill((24, 28, 38))
    pygame.display.flip()
    launched = float(os.environ.get("QUINTET_LAUNCHED_AT", "nan"))
    print(f"first-frame {time.time() - launched:.4f} {time.process_time():.4f}", flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
