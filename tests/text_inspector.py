"""Where every piece of text lands on screen, and at what size (tests only).

While `inspecting()` is active, fonts render onto surfaces that remember their text, and each
blit, scale or rotation carries that memory along; so after a frame is drawn onto an `InkSurface`
its `inks` say, for each text: its words, its pixel size as shown (a label rendered large and
scaled down counts at its shown size), the height of its capitals as shown (a rendered "H" of its
font), its tight rectangle on screen, and whether any of it was cut off (by the surface's edge, a
clip or a blit's area).
"""
from __future__ import annotations

import contextlib
import dataclasses

import pygame


@dataclasses.dataclass(frozen=True)
class Ink:
    """One text as shown: its words, its pixel size, where it is, and whether it was cut."""

    text: str
    px: float  # the height of its line of text as shown (a font's "Hg"), in pixels
    rect: pygame.Rect  # the tight box of its drawn pixels
    cut: bool = False
    scaled: bool = False  # part of a picture drawn at one size and shown at another
    cap: float = 0.0  # the height of its font's capital "H" as shown, in pixels
    colour: tuple = ()  # the colour it was rendered in (RGB)
    contrast: float | None = None  # with what is behind it (measured_contrast), once measured


class InkSurface(pygame.Surface):
    """A surface that remembers the text drawn onto it."""

    @property
    def inks(self) -> list[Ink]:
        """The text on this surface (made by pygame itself, it starts with none)."""
        return self.__dict__.setdefault("_inks", [])

    @inks.setter
    def inks(self, value: list[Ink]) -> None:
        self.__dict__["_inks"] = value

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        inks = getattr(source, "inks", ())
        if inks:
            if isinstance(dest, pygame.Rect) or len(dest) == 4:
                origin = pygame.Rect(dest).topleft
            else:
                origin = (int(dest[0]), int(dest[1]))
            window = pygame.Rect(area) if area is not None else source.get_rect()
            shown = self.get_clip().clip(pygame.Rect(origin, window.size))
            for ink in inks:
                moved = ink.rect.move(origin[0] - window.left, origin[1] - window.top)
                cut = ink.cut or not shown.contains(moved)
                # the same words drawn again in the same place replace the first (a redraw)
                self.inks = [old for old in self.inks if (old.text, old.rect) != (ink.text, moved)]
                self.inks.append(dataclasses.replace(ink, rect=moved, cut=cut))
        return rect

    def fill(self, color, rect=None, special_flags=0):
        area = self.get_rect() if rect is None else pygame.Rect(rect)
        if not special_flags:  # paint over: the text beneath is gone
            self.inks = [ink for ink in self.inks if not area.contains(ink.rect)]
        return super().fill(color, rect, special_flags)

    def copy(self):
        return _inked(super().copy(), self.inks)

    def convert_alpha(self, *args):
        return _inked(super().convert_alpha(*args), self.inks)

    def convert(self, *args):
        return _inked(super().convert(*args), self.inks)


def _inked(surface: pygame.Surface, inks, fx: float = 1.0, fy: float = 1.0) -> pygame.Surface:
    """`surface` as an InkSurface carrying `inks` scaled by (fx, fy)."""
    if not inks:
        return surface
    twin = InkSurface(surface.get_size(), surface.get_flags(), surface)
    pygame.Surface.blit(twin, surface, (0, 0), None, pygame.BLEND_RGBA_MAX if
                        surface.get_flags() & pygame.SRCALPHA else 0)
    twin.inks = [dataclasses.replace(
        ink, px=ink.px * fy, rect=pygame.Rect(round(ink.rect.x * fx), round(ink.rect.y * fy),
                                              max(1, round(ink.rect.w * fx)),
                                              max(1, round(ink.rect.h * fy))),
        scaled=ink.scaled or (fx, fy) != (1.0, 1.0), cap=ink.cap * fy) for ink in inks]
    return twin


class InkFont(pygame.font.Font):
    """A font whose rendered text remembers its words and its height (a line's, in pixels)."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        image = super().render(text, antialias, color, bgcolor, wraplength)
        if not str(text).strip():
            return image
        box = image.get_bounding_rect()
        height = self.size("Hg")[1]
        cap = super().render("H", True, (255, 255, 255)).get_bounding_rect().height
        colour = tuple(pygame.Color(color))[:3]
        return _inked(image, [Ink(str(text), height, box, cap=cap, colour=colour)]) \
            if box.width else image


def luminance(colour) -> float:
    """A colour's relative luminance (WCAG 2)."""
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The contrast ratio of two colours (WCAG 2: 1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def measured_contrast(ink: Ink, written, bare, share: float = 0.1) -> float | None:
    """The contrast of a text's colour with what is behind its glyphs: the frame drawn without
    words (`bare`, an RGB array) where the frame with them (`written`) differs inside its box;
    the contrast that all but `share` of those pixels reach (an edge of a shape beneath may
    cross a letter). None when no pixel of it shows."""
    import numpy as np
    box = ink.rect.clip(pygame.Rect(0, 0, written.shape[0], written.shape[1]))
    if not box.width or not box.height:
        return None
    here = (slice(box.left, box.right), slice(box.top, box.bottom))
    mask = np.any(written[here] != bare[here], axis=2)
    if not mask.any():
        return None
    behind = bare[here][mask].astype(float) / 255
    behind = np.where(behind <= 0.03928, behind / 12.92, ((behind + 0.055) / 1.055) ** 2.4)
    lum = behind @ np.array([0.2126, 0.7152, 0.0722])
    mine = luminance(ink.colour)
    ratios = (np.maximum(lum, mine) + 0.05) / (np.minimum(lum, mine) + 0.05)
    return float(np.quantile(ratios, share))


@contextlib.contextmanager
def inspecting():
    """Fonts, surfaces and scaling that keep track of text (fonts made before are forgotten)."""
    saved = (pygame.font.Font, pygame.Surface, pygame.transform.smoothscale,
             pygame.transform.scale, pygame.transform.rotozoom, pygame.transform.rotate)
    font, surface, smoothscale, scale, rotozoom, rotate = saved

    def scaled(original):
        def wrapper(source, size, *args, **kwargs):
            result = original(source, size, *args, **kwargs)
            w, h = source.get_size()
            return _inked(result, getattr(source, "inks", ()), size[0] / max(1, w),
                          size[1] / max(1, h))
        return wrapper

    def zoomed(source, angle, zoom):
        result = rotozoom(source, angle, zoom)
        return _inked(result, getattr(source, "inks", ()), zoom, zoom)

    def turned(source, angle):
        return _inked(rotate(source, angle), getattr(source, "inks", ()))

    pygame.font.Font, pygame.Surface = InkFont, InkSurface
    pygame.transform.smoothscale, pygame.transform.scale = scaled(smoothscale), scaled(scale)
    pygame.transform.rotozoom, pygame.transform.rotate = zoomed, turned
    try:
        yield
    finally:
        (pygame.font.Font, pygame.Surface, pygame.transform.smoothscale,
         pygame.transform.scale, pygame.transform.rotozoom, pygame.transform.rotate) = saved


INK_STEP = 16  # how far (in any channel) a pixel must change to be a word's ink, not noise


def screen(driver, written: bool):
    """The whole frame (every scene on the stack), drawn with or without its words."""
    app = driver.app
    with contextlib.nullcontext() if written else app.theme.pictures():
        app._relayout()
        surface = pygame.Surface(app.screen.get_size())
        for scene in app.stack.scenes:
            scene.draw(surface)
    app._relayout()
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)


def marks_on_words(driver, show) -> str:
    """Where a mark drawn over the frame (a lesson's brackets, a hint's ghost and badges: on
    with show(True), off with show(False)) touches the ink of a word (grown by a pixel): ''
    when it touches none. The frame is drawn with its words first, as the app draws it."""
    import numpy as np
    show(True)
    screen(driver, True)
    show(False)
    written, bare = screen(driver, True), screen(driver, False)
    show(True)
    marked = screen(driver, False)
    show(False)
    words = np.abs(written - bare).max(axis=2) > INK_STEP
    grown = words.copy()
    grown[1:] |= words[:-1]
    grown[:-1] |= words[1:]
    grown[:, 1:] |= words[:, :-1]
    grown[:, :-1] |= words[:, 1:]
    hit = np.any(marked != bare, axis=2) & grown
    if not hit.any():
        return ""
    ys, xs = np.nonzero(hit)
    return f"{int(hit.sum())} pixels between ({xs.min()}, {ys.min()}) and ({xs.max()}, {ys.max()})"
