"""Colours, sizes and cached text rendering shared by every scene.

Text is set in Inter (assets/fonts, SIL Open Font License) in three weights, Medium, SemiBold and
Bold, at sizes from one type scale (TYPE_SCALE): a size asked for in design pixels is the nearest
step of the scale. Screens ask for a named role (TITLE, HEADING, NUMBER, BODY, CAPTION: a size and
a weight) rather than a literal size; a bare number is that size in SemiBold. A design
size is what pygame's own default font was drawn at when the layouts were made; that font's em
is 0.6875 of its size, so a face is opened at that share of the design size (EM_PER_SIZE) and
text keeps the room the layouts give it. The face's hinting keeps its letters' advances (the
default font's TrueType hints widened narrow letters by up to a third at small sizes: the gap in
"St rings"). If the font file is missing or cannot be read, pygame's default font stands in and
the log says so.

Any text may reach the screen from a file (a record's name, a message quoting a bad value), so
text is drawn through `printable`: control characters, lone surrogates and direction marks show
as escapes instead of failing to render or turning the line around, and a line is cut to length.
"""
from __future__ import annotations

import contextlib
import dataclasses
import logging
import math
from collections import OrderedDict
from collections.abc import Iterator

import pygame

from scenes.shell.assets import asset_path
from scenes.store.plain_text import LINE_LIMIT, printable

log = logging.getLogger("quintet")

# Okabe & Ito's palette, safe for the common forms of colour blindness; pieces also carry
# shapes, letters or numerals so colour is never the only cue.
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILION = (213, 94, 0)
PURPLE = (204, 121, 167)

BACKGROUND = (24, 28, 38)
PANEL = (36, 42, 56)
PANEL_EDGE = (58, 66, 84)
BOARD = (46, 53, 70)
TEXT = (236, 239, 244)
DIM = (150, 160, 178)
SOFT = (214, 219, 227)  # secondary words on a lighter fill (a button, a lit pill), where DIM
# would fall to 2.4:1; this keeps 4.5:1 on a button
ACCENT = YELLOW  # legal choices, focus
GUIDE = (110, 231, 183)  # a lesson's guide to the step it asks for: never the focus's yellow
WARNING = (255, 140, 120)
SEAT_COLOURS = (ORANGE, SKY)
MIN_TEXT_PX = 12  # the height of the smallest line of text on screen, at any window size
MIN_CAP_PX = 9  # the height of the smallest capital letter ("H" as rendered), at any window size
FONT_FILE = ("fonts", "Inter-SemiBold.otf")  # the face of bare sizes, and the fallback
WEIGHT_FILES = {"medium": ("fonts", "Inter-Medium.otf"), "semibold": FONT_FILE,
                "bold": ("fonts", "Inter-Bold.otf")}
EM_PER_SIZE = 0.6875  # the em of pygame's default font at a size: what design sizes mean
# The type scale in design pixels: six steps to an octave (each about 12% above the last),
# through 16; every text is drawn at one of these (then scaled with the window).
TYPE_STEPS_PER_OCTAVE = 6
TYPE_SCALE = tuple(16 * 2 ** (step / TYPE_STEPS_PER_OCTAVE) for step in range(-6, 19))


@dataclasses.dataclass(frozen=True)
class Role:
    """A named kind of text: its design size (a step of the type scale) and its weight."""

    size: float
    weight: str = "semibold"

    def __mul__(self, factor: float) -> "Role":
        return Role(self.size * factor, self.weight)


# The roles, largest first: a screen's name, a panel's or a section's heading, a figure that
# counts (scores, values), running words, and the small print beneath a control.
DISPLAY = Role(84, "bold")  # the app's own name, on the main menu
TITLE = Role(40, "bold")
HEADING = Role(24, "bold")
NUMBER = Role(24, "semibold")
LABEL = Role(22, "semibold")  # a control's own words (a button, a row's name)
BODY = Role(18, "medium")
CAPTION = Role(15, "medium")
ROLES = {"display": DISPLAY, "title": TITLE, "heading": HEADING, "number": NUMBER, "label": LABEL,
         "body": BODY, "caption": CAPTION}
Size = float | Role  # a design size in SemiBold, or a role


def role_of(size: Size) -> Role:
    """The role a size asks for (a bare number: that size in SemiBold)."""
    return size if isinstance(size, Role) else Role(float(size))


def type_size(size: float) -> float:
    """The step of the type scale nearest to a design size (by ratio)."""
    if size <= TYPE_SCALE[0]:
        return TYPE_SCALE[0]
    step = round(TYPE_STEPS_PER_OCTAVE * math.log2(size / 16))
    return TYPE_SCALE[max(0, min(len(TYPE_SCALE) - 1, step + 6))]


def typeface(weight: str = "semibold") -> tuple[str | None, float]:
    """A weight's file of the shipped face and its em per design size; the SemiBold face if that
    weight's file is missing, or pygame's default font (None, 1.0) with a line in the log if the
    face cannot be loaded at all."""
    path = asset_path(*WEIGHT_FILES.get(weight, FONT_FILE))
    try:
        pygame.font.Font(str(path), 12).render("Hg", True, TEXT)  # a damaged file fails here
    except (OSError, pygame.error) as error:
        if weight != "semibold":
            return typeface("semibold")
        log.warning("the typeface %s could not be loaded (%s); using pygame's default font",
                    path.name, error)
        return None, 1.0
    return str(path), EM_PER_SIZE


def cap_height(font: pygame.font.Font) -> int:
    """The height in pixels of a capital "H" as this font renders it."""
    return font.render("H", True, TEXT).get_bounding_rect().height


class _Unwritten(pygame.font.Font):
    """A font that sets no ink: words keep their room in a picture too small to read them."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        """A clear surface of the size the words would take."""
        return pygame.Surface(self.size(str(text) or " "), pygame.SRCALPHA)


class Theme:
    """Fonts by size and weight and a bounded cache of rendered text, scaled to the window."""

    CACHE_SIZE = 600

    def __init__(self) -> None:
        self._faces: dict[str, tuple[str | None, float]] = {}  # weight -> (path, em per size)
        self.scale = 1.0
        self.text_scale = 1.0
        self._fonts: dict[tuple[int, str, bool], pygame.font.Font] = {}
        self._texts: OrderedDict = OrderedDict()
        self._min_size: int | None = None
        self.unwritten = False  # while True, text takes its room but is not drawn (pictures)
        self.key_hints = True  # keyboard hints under buttons (a touch kiosk has no keyboard)

    def set_window(self, size: tuple[int, int]) -> None:
        """Scale type to the window: 1.0 at 1280x720."""
        self.scale = max(0.55, min(size[0] / 1280, size[1] / 720, 2.5))
        # type shrinks less than the layout does, so small windows stay readable
        self.text_scale = max(self.scale, 0.78)

    def px(self, value: float) -> int:
        """A length in design pixels (at 1280x720) scaled to the window."""
        return max(1, round(value * self.scale))

    def min_font_size(self) -> int:
        """The smallest font size whose capitals are MIN_CAP_PX and lines MIN_TEXT_PX high."""
        if self._min_size is None:
            size = 8
            while True:
                font = self._open(size, "semibold")
                if font.size("Hg")[1] >= MIN_TEXT_PX and cap_height(font) >= MIN_CAP_PX:
                    break
                size += 1
            self._min_size = size
        return self._min_size

    @property
    def face(self) -> tuple[str | None, float]:
        """The SemiBold face's file (None: pygame's default) and its em per size, found once."""
        return self.face_of("semibold")

    def face_of(self, weight: str) -> tuple[str | None, float]:
        """A weight's face file (None: pygame's default) and its em per size, found once."""
        face = self._faces.get(weight)
        if face is None:
            face = self._faces[weight] = typeface(weight)
        return face

    def _open(self, size: int, weight: str, unwritten: bool = False) -> pygame.font.Font:
        path, em = self.face_of(weight)
        kind = _Unwritten if unwritten else pygame.font.Font
        font = kind(path, max(1, round(size * em)))
        if path is None and weight == "bold":
            font.bold = True  # pygame's default font has no bold face: a drawn-wider one
        return font

    def font(self, size: int, weight: str = "semibold") -> pygame.font.Font:
        """The font at this size and weight (never smaller than MIN_CAP_PX capitals)."""
        size = max(self.min_font_size(), size)
        key = (size, weight, self.unwritten)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = self._open(size, weight, self.unwritten)
        return font

    def text_px(self, size: Size) -> int:
        """A design size's (or role's) step of the type scale, scaled to the window (with a
        floor for small windows)."""
        return max(self.min_font_size(), round(type_size(role_of(size).size) * self.text_scale))

    def role_font(self, size: Size) -> pygame.font.Font:
        """The font a design size or role is drawn in at this window size."""
        return self.font(self.text_px(size), role_of(size).weight)

    def line(self, size: Size) -> int:
        """The height in pixels of a line of text at `size` design pixels (or a role)."""
        return self.role_font(size).size("Hg")[1]

    def text(self, text: str, size: Size, colour=TEXT) -> pygame.Surface:
        """Rendered text at `size` design pixels or in a role (cached)."""
        font = self.role_font(size)
        if self.unwritten:
            return font.render(printable(text), True, colour)
        key = (text, self.text_px(size), role_of(size).weight, tuple(colour))
        surface = self._texts.get(key)
        if surface is None:
            surface = font.render(printable(text), True, colour)
            self._texts[key] = surface
            if len(self._texts) > self.CACHE_SIZE:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surface

    @contextlib.contextmanager
    def pictures(self) -> Iterator[None]:
        """While open, text keeps its room but sets no ink: for a board shrunk to a picture,
        whose words would be too small to read."""
        before, self.unwritten = self.unwritten, True
        try:
            yield
        finally:
            self.unwritten = before

    def blit_text(self, surface: pygame.Surface, text: str, size: Size, pos, colour=TEXT,
                  anchor: str = "topleft") -> pygame.Rect:
        """Draw text with one of its rect's anchors (topleft, center, midright...) at pos."""
        image = self.text(text, size, colour)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, size: Size, width: int) -> list[str]:
        """Split text into lines that fit `width` pixels at `size`."""
        font = self.role_font(size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words, line = printable(paragraph, 4 * LINE_LIMIT).split(" "), ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


def shade(colour, factor: float):
    """A colour darkened (factor < 1) or lightened (factor > 1)."""
    if factor <= 1:
        return tuple(max(0, int(c * factor)) for c in colour[:3])
    return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in colour[:3])


def mix(a, b, p: float):
    """The colour a fraction p of the way from a to b."""
    return tuple(int(a[i] + (b[i] - a[i]) * p) for i in range(3))


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, strong: bool) -> None:
    """A plain ring around a choice: thin for a legal one, thick for one being shown."""
    width = theme.px(4 if strong else 2)
    pygame.draw.rect(surface, ACCENT, rect.inflate(width * 2, width * 2), width,
                     border_radius=theme.px(8))


def draw_guide(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """A lesson's guide round the choice it asks for: four corner brackets in their own colour,
    a shape and a colour no focus ring has, so it never looks like the keyboard's focus."""
    width, edge = max(3, theme.px(4)), max(2, theme.px(2))
    box = rect.inflate(2 * theme.px(8), 2 * theme.px(8))
    arm = max(theme.px(12), min(box.width, box.height) // 3)
    for colour, grow in ((BACKGROUND, edge), (GUIDE, 0)):  # a dark edge: seen on any ground
        for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            x = box.right - arm if sx else box.left
            y = box.bottom - width if sy else box.top
            pygame.draw.rect(surface, colour, pygame.Rect(x, y, arm, width).inflate(grow, grow))
            x = box.right - width if sx else box.left
            y = box.bottom - arm if sy else box.top
            pygame.draw.rect(surface, colour, pygame.Rect(x, y, width, arm).inflate(grow, grow))


def draw_choice(surface: pygame.Surface, theme: Theme, shape, *, hovered: bool = False,
                focused: bool = False, legal: bool = True) -> None:
    """How a clickable thing shows what the mouse and the keyboard are on, never alike.

    `shape` is a Rect or a (centre, radius) circle. A legal choice has a thin yellow ring; under
    the mouse (hover) that ring turns white and thicker; the keyboard's focus adds a thick yellow
    ring outside, parted from the choice by a dark gap."""
    thin, thick, gap = max(1, theme.px(2)), max(3, theme.px(4)), max(2, theme.px(3))

    def ring(grow: int, colour, width: int) -> None:
        if isinstance(shape, pygame.Rect):
            pygame.draw.rect(surface, colour, shape.inflate(2 * grow, 2 * grow), width,
                             border_radius=theme.px(8))
        else:
            centre, radius = shape
            pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])),
                               round(radius + grow), width)

    edge = 0  # how far outside the choice its rings reach so far
    if hovered:
        edge = thick
        ring(edge, TEXT, thick)
    elif legal:
        edge = thin
        ring(edge, ACCENT, thin)
    if focused:
        ring(edge + gap, BACKGROUND, gap)
        ring(edge + gap + thick, ACCENT, thick)
