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
ACCENT = YELLOW  # legal and picked choices, the keyboard's focus (see STATES)
PRIMARY = GREEN  # a screen's main action (Lock in) is a filled button of its own: an emphasis,
# not a state, so never the yellow of a pick or the focus (STATES)
PRIMARY_INK = BACKGROUND  # words on the main action's fill (5:1 on green)
GUIDE = (110, 231, 183)  # a lesson's guide to the step it asks for: never the focus's yellow
WARNING = (255, 140, 120)
SEAT_COLOURS = (ORANGE, SKY)
MIN_TEXT_PX = 12  # the height of the smallest line of text on screen, at any window size
MIN_CAP_PX = 9  # the height of the smallest capital letter ("H" as rendered), at any window size
MIN_SIZE_HINT = 17  # the smallest font size meeting both with the shipped face (searched from)
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
        self.looks: dict[tuple, pygame.Surface] = {}  # a choice's drawn states (draw_states)
        self.look_margin = self._look_margin()  # how far they reach, badge and all
        self._sized: dict[Size, tuple[int, str]] = {}  # a size's pixels and weight, now
        self._lines: dict[Size, int] = {}  # a size's line height, now
        self._min_size: int | None = None
        self.unwritten = False  # while True, text takes its room but is not drawn (pictures)
        self.key_hints = True  # keyboard hints under buttons (a touch kiosk has no keyboard)

    def set_window(self, size: tuple[int, int]) -> None:
        """Scale type to the window: 1.0 at 1280x720."""
        self.scale = max(0.55, min(size[0] / 1280, size[1] / 720, 2.5))
        # type shrinks less than the layout does, so small windows stay readable
        self.text_scale = max(self.scale, 0.78)
        self._sized.clear()
        self._lines.clear()
        self.look_margin = self._look_margin()

    def _look_margin(self) -> int:
        return self.px(REACH) + max(5, self.px(TICK)) + 4

    def px(self, value: float) -> int:
        """A length in design pixels (at 1280x720) scaled to the window."""
        return max(1, round(value * self.scale))

    def min_font_size(self) -> int:
        """The smallest font size whose capitals are MIN_CAP_PX and lines MIN_TEXT_PX high."""
        if self._min_size is None:
            size = MIN_SIZE_HINT  # where the shipped face's answer lies: two fonts opened, not ten
            while size > 1 and self._readable_at(size - 1):
                size -= 1
            while not self._readable_at(size):
                size += 1
            self._min_size = size
        return self._min_size

    def _readable_at(self, size: int) -> bool:
        font = self._open(size, "semibold")
        return font.size("Hg")[1] >= MIN_TEXT_PX and cap_height(font) >= MIN_CAP_PX

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
        return self._size_of(size)[0]

    def role_font(self, size: Size) -> pygame.font.Font:
        """The font a design size or role is drawn in at this window size."""
        return self.font(*self._size_of(size))

    def _size_of(self, size: Size) -> tuple[int, str]:
        """A size's pixels and weight at this window size, worked out once (every text drawn
        asks)."""
        sized = self._sized.get(size)
        if sized is None:
            role = role_of(size)
            px = max(self.min_font_size(), round(type_size(role.size) * self.text_scale))
            sized = self._sized[size] = (px, role.weight)
        return sized

    def line(self, size: Size) -> int:
        """The height in pixels of a line of text at `size` design pixels (or a role)."""
        height = self._lines.get(size)
        if height is None:
            height = self._lines[size] = self.role_font(size).size("Hg")[1]
        return height

    def text(self, text: str, size: Size, colour=TEXT) -> pygame.Surface:
        """Rendered text at `size` design pixels or in a role (cached: a frame draws most of
        its words again, so a word already rendered at this scale costs one lookup)."""
        key = (text, size, tuple(colour), self.text_scale)
        surface = self._texts.get(key)
        if surface is not None and not self.unwritten:
            self._texts.move_to_end(key)
            return surface
        font = self.font(*self._size_of(size))
        if self.unwritten:
            return font.render(printable(text), True, colour)
        surface = font.render(printable(text), True, colour)
        self._texts[key] = surface
        if len(self._texts) > self.CACHE_SIZE:
            self._texts.popitem(last=False)
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


def draw_guide(surface: pygame.Surface, theme: Theme, shape) -> None:
    """A lesson's guide round the choice it asks for: corner brackets in their own colour, a
    shape and a colour no focus ring has, so it never looks like the keyboard's focus. They
    follow the choice's shape (a hexagon's six corners, a circle's four arcs) and stay within
    REACH of it, where a layout writes no words."""
    shape = as_shape(shape)
    width, edge = max(3, theme.px(GUIDE_BAND[1] - GUIDE_BAND[0])), max(1, theme.px(1))
    grow = theme.px(GUIDE_BAND[0]) + width / 2  # the middle of the brackets' band
    for colour, extra in ((BACKGROUND, edge), (GUIDE, 0)):  # a dark edge: seen on any ground
        if isinstance(shape, Circle):
            inner = shape.radius + grow - width / 2 - extra
            outer = shape.radius + grow + width / 2 + extra
            for k in range(4):
                middle = math.pi / 4 + k * math.pi / 2
                turn = [middle - 0.4 - extra / outer + 0.8 * i / 8 for i in range(9)]
                turn[-1] = middle + 0.4 + extra / outer
                x, y = shape.centre
                pygame.draw.polygon(surface, colour, [
                    (x + r * math.cos(a), y + r * math.sin(a))
                    for r, angles in ((outer, turn), (inner, turn[::-1])) for a in angles])
            continue
        corners = shape.corners(grow) if isinstance(shape, Hexagon) else \
            outline(shape, grow)
        count = len(corners)
        side = min(math.dist(corners[i], corners[(i + 1) % count]) for i in range(count))
        arm = max(theme.px(10), side / 3) if count == 4 else side / 3
        for i, corner in enumerate(corners):
            for other in (corners[i - 1], corners[(i + 1) % count]):
                p = arm / max(1.0, math.dist(corner, other))
                start = _along(corner, other, -extra / max(1.0, math.dist(corner, other)))
                end = _along(corner, other, p + extra / max(1.0, math.dist(corner, other)))
                pygame.draw.line(surface, colour, start, end, width + 2 * extra)
            pygame.draw.circle(surface, colour, (round(corner[0]), round(corner[1])),
                               (width + 1) // 2 + extra)


GUIDE_BAND = (3, 7)  # design pixels outside a choice's edge: where the lesson's brackets lie


# ---- the looks of a choice's states: written once, drawn the same in every game and screen ---
# A choice (a board's spot, a button, a stepper's side) shows each state it is in by a band
# round its shape: a Rect, a Circle or a Hexagon (a hex cell gets hex rings). Each state has its
# own band, colour and pattern (STATES), so any states together stay readable:
#   hint ghost  an orchid ring on the edge (the Hard bot's turn): a colour no seat of any game
#               owns (HINT_COLOUR); no fill, which would dim the words on a choice
#   picked      a solid yellow band round a dark line on the edge, a yellow tick badge at its
#               top right (and a yellow ground with dark ink where the choice draws its own
#               ground): picked on the way to a move, or the current value of a setting
#   legal       a thin yellow ring on the edge
#   hover       the mouse: a thicker white ring on the edge, in place of the legal ring
#   focus       the keyboard: a thick yellow ring outside everything, parted by a dark gap
# A layout keeps text at least REACH design pixels from any choice's shape: rings never cover
# words. A seat's last move is no state of a choice but the seat's own mark (draw_seat_badge).
FOCUS, HOVER, LEGAL, PICKED, HINT = "focus", "hover", "legal", "picked", "hint"
HINT_COLOUR = (255, 140, 255)  # orchid: no seat's colour in any game, CIE76 distance at least 72
# from each (Oh's sky blue and white the nearest), and 3.1:1 or more on every board's ground
HINT_DISTANCE = 60  # the least CIE76 distance the hint's colour keeps from any seat's mark
PICKED_INK = BACKGROUND  # words and marks on a picked choice's yellow ground


@dataclasses.dataclass(frozen=True)
class Look:
    """One state's look: a band from `inner` to `outer` design pixels outside the shape's edge
    (negative: inside), its colour, dashed or solid, and the alpha of a fill inside (0: none)."""

    colour: tuple[int, int, int]
    inner: float
    outer: float
    dashed: bool = False
    fill: int = 0


STATES: dict[str, tuple[Look, ...]] = {
    HINT: (Look(HINT_COLOUR, 2, 5),),  # clear of the shape: words inside keep their room
    PICKED: (Look(BACKGROUND, 0, 1.5), Look(ACCENT, 1.5, 5)),  # a dark line: seen on yellow
    LEGAL: (Look(ACCENT, 0, 2),),
    HOVER: (Look(TEXT, 0, 4),),
    FOCUS: (Look(BACKGROUND, 4, 6), Look(ACCENT, 6, 10)),
}
ORDER = (HINT, PICKED, LEGAL, HOVER, FOCUS)  # drawn in this order: the later on top
TICK = 6  # design pixels: the radius of the picked look's badge
REACH = 10  # design pixels: how far outside a choice's shape its looks can reach


@dataclasses.dataclass(frozen=True)
class Circle:
    """A round choice: its centre and radius in pixels."""

    centre: tuple[float, float]
    radius: float


@dataclasses.dataclass(frozen=True)
class Hexagon:
    """A pointy-topped hexagonal choice: its centre and its radius (centre to corner)."""

    centre: tuple[float, float]
    radius: float

    def corners(self, grow: float = 0.0) -> list[tuple[float, float]]:
        """The corners of the hexagon whose edges lie `grow` pixels outside this one's."""
        size = self.radius + grow * 2 / math.sqrt(3)
        return [(self.centre[0] + size * math.cos(math.radians(60 * k - 30)),
                 self.centre[1] + size * math.sin(math.radians(60 * k - 30))) for k in range(6)]


@dataclasses.dataclass(frozen=True)
class Rounded:
    """A rectangular choice with corners of its own radius in pixels (a pill: half its height);
    a plain Rect's corners are the theme's 8 design pixels."""

    rect: pygame.Rect
    radius: int


Shape = pygame.Rect | Rounded | Circle | Hexagon


def as_shape(shape) -> Shape:
    """A Rect, Circle or Hexagon as it is; a (centre, radius) pair as a Circle."""
    if isinstance(shape, (pygame.Rect, Rounded, Circle, Hexagon)):
        return shape
    centre, radius = shape
    return Circle((float(centre[0]), float(centre[1])), float(radius))


def shape_bounds(shape: Shape, grow: float = 0.0) -> pygame.Rect:
    """The box round a shape grown by `grow` pixels."""
    if isinstance(shape, (pygame.Rect, Rounded)):
        return _rect(shape).inflate(round(2 * grow), round(2 * grow))
    size = shape.radius + grow * (2 / math.sqrt(3) if isinstance(shape, Hexagon) else 1)
    x, y = shape.centre
    return pygame.Rect(math.floor(x - size), math.floor(y - size), math.ceil(2 * size) + 1,
                       math.ceil(2 * size) + 1)


def _fill(surface: pygame.Surface, theme: Theme, shape: Shape, colour, grow: float) -> None:
    """The shape grown by `grow` pixels, filled (an alpha colour on an alpha surface blends)."""
    if isinstance(shape, (pygame.Rect, Rounded)):
        rect = _rect(shape).inflate(round(2 * grow), round(2 * grow))
        corner = shape.radius if isinstance(shape, Rounded) else \
            min(theme.px(8), min(shape.size) // 4)
        pygame.draw.rect(surface, colour, rect, border_radius=max(0, corner + round(grow)))
    elif isinstance(shape, Circle):
        pygame.draw.circle(surface, colour, (round(shape.centre[0]), round(shape.centre[1])),
                           max(1, round(shape.radius + grow)))
    else:
        pygame.draw.polygon(surface, colour, shape.corners(grow))


def _band(surface: pygame.Surface, theme: Theme, shape: Shape, colour, inner: float,
          outer: float) -> None:
    """A solid band between `inner` and `outer` pixels outside the shape's edge."""
    box = shape_bounds(shape, outer + 2)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    moved = _moved(shape, -box.left, -box.top)
    _fill(layer, theme, moved, (*colour, 255), outer)
    _fill(layer, theme, moved, (0, 0, 0, 0), inner)
    surface.blit(layer, box)


def _rect(shape: pygame.Rect | Rounded) -> pygame.Rect:
    return shape.rect if isinstance(shape, Rounded) else shape


def _moved(shape: Shape, dx: int, dy: int) -> Shape:
    if isinstance(shape, pygame.Rect):
        return shape.move(dx, dy)
    if isinstance(shape, Rounded):
        return Rounded(shape.rect.move(dx, dy), shape.radius)
    return dataclasses.replace(shape, centre=(shape.centre[0] + dx, shape.centre[1] + dy))


def outline(shape: Shape, grow: float) -> list[tuple[float, float]]:
    """Points round the shape's edge moved `grow` pixels out, as a closed line."""
    if isinstance(shape, Hexagon):
        return shape.corners(grow)
    if isinstance(shape, Circle):
        r, steps = shape.radius + grow, max(12, round(shape.radius + grow))
        return [(shape.centre[0] + r * math.cos(2 * math.pi * k / steps),
                 shape.centre[1] + r * math.sin(2 * math.pi * k / steps)) for k in range(steps)]
    rect = _rect(shape).inflate(round(2 * grow), round(2 * grow))
    return [rect.topleft, (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1),
            (rect.left, rect.bottom - 1)]


def _dashes(surface: pygame.Surface, theme: Theme, shape: Shape, colour, inner: float,
            outer: float) -> None:
    """A dashed line along the shape's edge, between `inner` and `outer` pixels outside it."""
    points = outline(shape, (inner + outer) / 2)
    width = max(2, round(outer - inner))
    dash, gap = max(4, theme.px(7)), max(3, theme.px(5))
    travelled = 0.0
    for a, b in zip(points, points[1:] + points[:1]):
        length = math.dist(a, b)
        at = 0.0
        while at < length:
            phase = (travelled + at) % (dash + gap)
            step = min(length - at, (dash - phase) if phase < dash else (dash + gap - phase))
            if phase < dash:
                p, q = at / length, (at + step) / length
                pygame.draw.line(surface, colour, _along(a, b, p), _along(a, b, q), width)
            at += max(step, 0.5)
        travelled += length


def _along(a, b, p: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def draw_state(surface: pygame.Surface, theme: Theme, shape, state: str,
               tick: bool = True) -> None:
    """Draw one state's look (STATES) round a choice's shape: a Rect, Rounded, Circle, Hexagon
    or a (centre, radius) pair (the picked look's tick badge unless told not to)."""
    shape = as_shape(shape)
    for look in STATES[state]:
        inner, outer = look.inner * theme.scale, max(look.inner * theme.scale + 1,
                                                     look.outer * theme.scale)
        inner, outer = round(inner), max(round(inner) + 1, round(outer))
        if look.fill:
            box = shape_bounds(shape, 1)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            _fill(layer, theme, _moved(shape, -box.left, -box.top), (*look.colour, look.fill), 0)
            surface.blit(layer, box)
        if look.dashed:
            _dashes(surface, theme, shape, look.colour, inner, outer)
        else:
            _band(surface, theme, shape, look.colour, inner, outer)
    if state == PICKED and tick:
        draw_tick(surface, theme, shape)


def draw_tick(surface: pygame.Surface, theme: Theme, shape) -> None:
    """The picked look's badge: a yellow disc with a dark tick on the shape's top-right edge."""
    shape = as_shape(shape)
    grow = theme.scale * (STATES[PICKED][-1].inner + STATES[PICKED][-1].outer) / 2
    if isinstance(shape, (Circle, Hexagon)):  # found about the origin: the same spot wherever
        # the shape is (a look's picture draws it moved), then rounded half up, never to even
        x, y = max(outline(dataclasses.replace(shape, centre=(0.0, 0.0)), grow),
                   key=lambda point: point[0] - point[1])
        x, y = x + shape.centre[0], y + shape.centre[1]
    else:
        x, y = max(outline(shape, grow), key=lambda point: point[0] - point[1])
    radius = max(5, theme.px(TICK))
    centre = (math.floor(x + 0.5), math.floor(y + 0.5))
    pygame.draw.circle(surface, BACKGROUND, centre, radius + max(1, theme.px(1.5)))
    pygame.draw.circle(surface, ACCENT, centre, radius)
    size, width = radius * 0.55, max(2, round(radius / 3.5))
    pygame.draw.lines(surface, PICKED_INK, False, [
        (x - size, y), (x - size * 0.3, y + size * 0.7), (x + size, y - size * 0.6)], width)


def draw_states(surface: pygame.Surface, theme: Theme, shape, states) -> None:
    """Draw every state a choice is in, in ORDER (hover or picked stands in for legal), the
    picked look's tick badge over the rest.

    Every look but the hint's is solid colour, so a choice's looks are drawn once into a
    picture of their own and blitted after (a board draws the same rings every frame)."""
    states = set(states)
    if not states:
        return
    if states & {HOVER, PICKED}:
        states.discard(LEGAL)
    if HINT not in states:
        shape = as_shape(shape)
        box = shape_bounds(shape, theme.look_margin)
        key = (_shape_key(shape, box), frozenset(states), theme.scale)
        picture = theme.looks.get(key)
        if picture is None:
            if len(theme.looks) > 500:  # a bound: a resize leaves the old scale's behind
                theme.looks.clear()
            picture = pygame.Surface(box.size, pygame.SRCALPHA)
            _draw_looks(picture, theme, _moved(shape, -box.left, -box.top), states)
            theme.looks[key] = picture
        surface.blit(picture, box)
        return
    _draw_looks(surface, theme, shape, states)


def _shape_key(shape: Shape, box: pygame.Rect) -> tuple:
    """A shape's geometry relative to its box: the same key draws the same looks."""
    if isinstance(shape, pygame.Rect):
        return ("rect", shape.left - box.left, shape.top - box.top, shape.w, shape.h)
    if isinstance(shape, Rounded):
        rect = shape.rect
        return ("rounded", rect.left - box.left, rect.top - box.top, rect.w, rect.h,
                shape.radius)
    return (type(shape).__name__, shape.radius, shape.centre[0] - box.left,
            shape.centre[1] - box.top)


def _draw_looks(surface: pygame.Surface, theme: Theme, shape, states: set[str]) -> None:
    for state in ORDER:
        if state in states:
            draw_state(surface, theme, shape, state, tick=False)
    if PICKED in states:
        draw_tick(surface, theme, shape)


def draw_choice(surface: pygame.Surface, theme: Theme, shape, *, hovered: bool = False,
                focused: bool = False, legal: bool = True, picked: bool = False) -> None:
    """A choice's states by keyword (a board's View.looks gives them): see STATES."""
    flags = {HOVER: hovered, FOCUS: focused, LEGAL: legal, PICKED: picked}
    draw_states(surface, theme, shape, [state for state, on in flags.items() if on])


def reach(theme: Theme) -> int:
    """How far in pixels a choice's looks can reach outside its shape (keep words beyond)."""
    return theme.px(REACH) + 1


# ---- a seat's last move: its own mark, in its own colour ----------------------------------------
# Each board marks each seat's last turn with that seat's mark: a badge (a disc in the seat's
# colour, rimmed dark, carrying its X, its O or its letter) beside the spot, never a ring round it,
# so it cannot read as a legal, hovered, focused, picked or hinted choice, and never over words.
BADGE = 7  # design pixels: the radius of a seat's last-move badge
SEAT_MARKS = ("X", "O")  # a seat's mark where the game gives it none of its own


def draw_seat_badge(surface: pygame.Surface, theme: Theme, centre, colour, mark: str,
                    radius: float | None = None) -> None:
    """A seat's last-move badge: a disc in its colour, rimmed dark, with its mark in dark ink
    (X: two bars, O: a ring, else the letter), `radius` pixels across the disc (else BADGE)."""
    r = radius if radius is not None else max(6, theme.px(BADGE))
    x, y = round(centre[0]), round(centre[1])
    rim = max(1, theme.px(1.5))
    pygame.draw.circle(surface, BACKGROUND, (x, y), round(r) + rim)
    pygame.draw.circle(surface, colour, (x, y), round(r))
    ink, size = BACKGROUND, r * 0.52
    width = max(2, round(r * 0.3))
    if mark == "X":
        for slope in (-1, 1):
            pygame.draw.line(surface, ink, (x - size, y - slope * size),
                             (x + size, y + slope * size), width)
    elif mark == "O":
        pygame.draw.circle(surface, ink, (x, y), max(2, round(size * 1.05)), width)
    else:
        picture = theme.font(max(1, round(r * 1.5))).render(mark, True, ink)
        surface.blit(picture, picture.get_rect(center=(x, y)))
