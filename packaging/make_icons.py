"""Draw Quintet's icon with pygame and write it as PNG, Windows .ico and macOS .icns.

    python3 packaging/make_icons.py        # rewrites assets/icons/quintet.{png,ico,icns}

The icon is the five of a die (a quincunx: five games, five discs) in the app's own palette on
its dark panel. Each size is drawn large and smoothly scaled down, so edges are antialiased;
.ico and .icns hold PNG images (Windows Vista and later, macOS 10.7 and later read them), so no
imaging library beyond pygame is needed.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "assets" / "icons"
PNG_SIZE = 256  # the PNG the app and the Linux .desktop file use
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns PNG entries: (type code, pixel size); the "@2x" codes are the retina variants.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
              (b"ic14", 512))
SUPERSAMPLE = 4  # drawn this many times larger, then scaled down


def draw_icon(size: int):
    """The icon as a pygame Surface with alpha, `size` pixels square."""
    import pygame

    from scenes.shell import theme

    big = size * SUPERSAMPLE if size < 512 else size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # small icons get a fuller tile and larger discs, so they still read at 16 pixels
    margin = round(big * (0.03 if size <= 32 else 0.06))
    tile = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    radius = tile.width // 5
    pygame.draw.rect(canvas, theme.PANEL_EDGE, tile, border_radius=radius)
    pygame.draw.rect(canvas, theme.BACKGROUND, tile.inflate(-big // 22, -big // 22),
                     border_radius=radius - big // 44)
    colours = (theme.ORANGE, theme.SKY, theme.GREEN, theme.VERMILION, theme.YELLOW)
    spread = tile.width * 0.27
    disc = tile.width * (0.155 if size <= 32 else 0.135)
    centre = tile.center
    spots = ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0))
    for (dx, dy), colour in zip(spots, colours):
        x, y = centre[0] + dx * spread, centre[1] + dy * spread
        shade = tuple(int(c * 0.72) for c in colour)
        pygame.draw.circle(canvas, shade, (x, y + disc * 0.08), disc)
        pygame.draw.circle(canvas, colour, (x, y), disc * 0.94)
        if size > 32:  # a soft highlight, lost at the smallest sizes anyway
            light = tuple(min(255, c + (255 - c) // 2) for c in colour)
            pygame.draw.circle(canvas, light, (x - disc * 0.3, y - disc * 0.32), disc * 0.22)
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(size: int) -> bytes:
    """The icon at `size` pixels as PNG file bytes."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding these PNG images (by pixel size)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        png = images[size]
        side = 0 if size >= 256 else size  # 0 stands for 256 in an icon directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns holding these PNG images (by pixel size) under their type codes."""
    body = b"".join(code + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for code, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path = ICON_DIR) -> list[Path]:
    """Draw every size and write quintet.png, quintet.ico and quintet.icns; the paths written."""
    sizes = sorted({PNG_SIZE, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    images = {size: png_bytes(size) for size in sizes}
    folder.mkdir(parents=True, exist_ok=True)
    files = {"quintet.png": images[PNG_SIZE],
             "quintet.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
             "quintet.icns": icns_bytes(images)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return [folder / name for name in files]


def main() -> int:
    """Rewrite the icon files and say where they went."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script: reach the scenes package
    for path in write_icons():
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
