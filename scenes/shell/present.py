"""Presenting a frame: which parts of the window to redraw and hand over, and how SDL shows them.

The App collects the rectangles that changed in a frame (`App.invalidate`); `plan_regions`
turns them into the few regions to redraw and present, or None for the whole window (a new
layout, a new screen, or changes covering most of it). Each region is handed to the window on
its own (`pygame.display.update(regions)`), so a token sliding across a tenth of the board
costs a tenth of a full present.

That holds only where SDL hands the window's rectangles to the display as they are. On X11,
SDL's default is to upload the window's pixels to an OpenGL texture and composite all of it on
every present, whatever changed: 12-14 ms a frame at 1920x1080 on a machine without a graphics
card (Mesa's software OpenGL), where handing the X server the changed rectangles (MIT-SHM)
costs 0.7 ms for the whole window and a tenth of that for a moving token
(`python -m scenes.tools.bench_present` measures both). `prefer_direct_framebuffer` asks SDL
for the X server's own path there; other systems keep SDL's choice (Windows already takes the
direct path; macOS and Wayland have no other).
"""
from __future__ import annotations

import os

import pygame

FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"  # SDL's hint: "0" presents without a texture
DIRECT_DRIVERS = ("x11",)  # the video drivers whose own framebuffer presents only rectangles
FULL_SHARE = 0.8  # changes covering this share of the window redraw and present all of it


def prefer_direct_framebuffer() -> bool:
    """Before the window opens (SDL's video started): on X11, present rectangles straight to
    the X server, unless the player's environment already says otherwise; True if asked."""
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return False
    if driver not in DIRECT_DRIVERS:
        return False
    os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    return os.environ[FRAMEBUFFER_HINT] == "0"


def plan_regions(dirty: list[pygame.Rect], window: pygame.Rect) -> list[pygame.Rect] | None:
    """The regions to redraw and present for these changed rectangles: each cut to the window,
    empty ones dropped, overlapping ones merged; None when the whole window should go."""
    regions: list[pygame.Rect] = []
    for rect in dirty:
        rect = rect.clip(window)
        if rect.width <= 0 or rect.height <= 0:
            continue
        merged = True
        while merged:  # a grown region may now overlap another: merge until none does
            merged = False
            for index, region in enumerate(regions):
                union = region.union(rect)
                if _area(union) <= _area(region) + _area(rect):  # no wasted pixels to speak of
                    rect = union
                    del regions[index]
                    merged = True
                    break
        regions.append(rect)
    if sum(_area(region) for region in regions) >= FULL_SHARE * _area(window):
        return None
    return regions


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
