"""A QR code drawn into a pygame surface (the qrcode library makes the modules)."""
from __future__ import annotations

from typing import Any

import pygame

QUIET_ZONE = 4  # modules of white around the code, as the standard asks
DARK = (16, 18, 24)
LIGHT = (255, 255, 255)


def qr_modules(text: str) -> list[list[bool]]:
    """The code's dark (True) and light modules, row by row, without the quiet zone."""
    import qrcode  # loaded with the phones, never at start-up

    code: qrcode.QRCode[Any] = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(text)
    code.make(fit=True)
    return code.get_matrix()


def qr_surface(text: str, most: int) -> pygame.Surface:
    """The code for `text` at whole pixels per module, at most `most` pixels square."""
    modules = qr_modules(text)
    count = len(modules) + 2 * QUIET_ZONE
    scale = max(1, most // count)
    surface = pygame.Surface((count * scale, count * scale))
    surface.fill(LIGHT)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, ((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale,
                                    scale, scale))
    return surface
