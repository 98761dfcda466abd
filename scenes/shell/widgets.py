"""Buttons and a keyboard-and-mouse button group, panels and wrapped text."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

import pygame

from scenes.shell import theme as th

# the fills of buttons and toggles (worked out once: every button asks every frame)
BUTTON_FILL, BUTTON_HOVERED = th.shade(th.PANEL, 1.25), th.shade(th.PANEL, 1.3)
PRIMARY_HOVERED, SEGMENT_FILL = th.shade(th.PRIMARY, 1.2), th.shade(th.PANEL, 1.15)


@dataclasses.dataclass
class Button:
    """A labelled clickable rectangle; `value` says what it does."""

    label: str
    value: Any
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hint: str = ""  # the key that presses it (Esc, Ctrl+Z, R: a key cap on focus or hover), or
    # a short second line of words (draw_button tells them apart: is_key)
    primary: bool = False  # the screen's main action (Lock in): filled in th.PRIMARY to stand
    # out, never in the picked look (th.STATES), which says "this choice is picked"


def draw_button(surface: pygame.Surface, theme: th.Theme, button: Button, *,
                focused: bool = False, hovered: bool = False, size: th.Size = th.LABEL,
                selected: bool = False) -> None:
    """A rounded button in the looks of its states (th.STATES): under the mouse it brightens in
    a white ring; the keyboard's focus is a yellow ring further out; picked, it is yellow. The
    main action (button.primary) is filled in th.PRIMARY, with no state's look of its own.
    A second line of words (button.hint) shows under the label; the key that presses the
    button shows only on focus or hover, as a key cap under the label (draw_key_cap), and never
    where the screen has no keyboard (theme.key_hints off: a touch kiosk)."""
    draw_button_frame(surface, theme, button, focused=focused, hovered=hovered, selected=selected)
    colour = ink(button, selected)
    filled = selected or (button.primary and button.enabled)
    lit = hovered and button.enabled  # on the brighter fill a dim key would vanish
    words, key = hint_words(button), key_of(button)
    cap = key if key and getattr(theme, "key_hints", True) and (focused or hovered) \
        and button.enabled else ""
    label_h, hint_h = theme.line(size), theme.line(th.CAPTION)
    two_lines = label_h + hint_h <= button.rect.height - 2 * theme.px(3)
    if (words or cap) and two_lines:
        top = button.rect.centery - (label_h + hint_h) // 2  # both lines, centred together
        theme.blit_text(surface, button.label, size, (button.rect.centerx, top), colour,
                        "midtop")
        if words:
            shown = fitted(theme, words, th.CAPTION, button.rect.width - 2 * theme.px(8))
            theme.blit_text(surface, shown, th.CAPTION, (button.rect.centerx, top + label_h),
                            colour if filled or lit else th.SOFT if button.enabled else th.DIM,
                            "midtop")
        else:
            draw_key_cap(surface, theme, cap, (button.rect.centerx, top + label_h + hint_h // 2),
                         button.rect.width - 2 * theme.px(8))
    else:  # nothing under it, or no room for a second line: the label alone
        theme.blit_text(surface, button.label, size, button.rect.center, colour, "center")


KEY_NAMES = frozenset({"Esc", "Enter", "Space", "Tab", "Home", "End", "Left", "Right", "Up",
                       "Down", "Backspace", "Delete", "PgUp", "PgDn", "any key"}
                      | {f"F{n}" for n in range(1, 13)})
MODIFIERS = frozenset({"Ctrl", "Alt", "Shift", "Cmd"})


def is_key(text: str) -> bool:
    """True when the text names a key a player presses (Esc, F1, R, ?, Ctrl+Z), not words."""
    if text in KEY_NAMES:
        return True
    *mods, last = text.split("+") if len(text) > 1 else [text]
    if mods:
        return all(mod in MODIFIERS for mod in mods) and is_key(last)
    return len(last) == 1 and last.isprintable() and not last.isspace()


def typed(button: Button) -> bool:
    """True when a button's hint is the text a player types for its move (a board's
    Choice.key: "keep", "edge south"): a typed command is typed, never shown on the button."""
    return bool(button.hint) and getattr(button.value, "key", None) == button.hint


def key_of(button: Button) -> str:
    """The key that presses a button (its hint, when that names a key), or ""."""
    return button.hint if button.hint and not typed(button) and is_key(button.hint) else ""


def hint_words(button: Button) -> str:
    """A button's second line of words (its hint, when that is neither a key nor a typed move)."""
    return "" if not button.hint or typed(button) or is_key(button.hint) else button.hint


def key_cap(theme: th.Theme, key: str) -> pygame.Rect:
    """The size of a key's cap: its name in caption type on a small rounded key."""
    text = theme.text(key, th.CAPTION)
    return pygame.Rect(0, 0, text.get_width() + theme.px(12), theme.line(th.CAPTION))


def draw_key_cap(surface: pygame.Surface, theme: th.Theme, key: str, centre,
                 room: int) -> None:
    """A key's cap centred on a point: a dark key with a light rim and its name (nothing if it
    is wider than `room` pixels): on any button's fill, hovered, picked or the main action's."""
    cap = key_cap(theme, key)
    if cap.width > room:
        return
    cap.center = (round(centre[0]), round(centre[1]))
    radius = theme.px(5)
    pygame.draw.rect(surface, th.BACKGROUND, cap, border_radius=radius)
    pygame.draw.rect(surface, th.DIM, cap, max(1, theme.px(1)), border_radius=radius)
    theme.blit_text(surface, key, th.CAPTION, cap.center, th.TEXT, "center")


def fitted(theme: th.Theme, text: str, size: th.Size, width: int) -> str:
    """The text, cut short with an ellipsis if it is wider than `width` pixels at `size`."""
    if theme.text(text, size).get_width() <= width:
        return text
    while len(text) > 1 and theme.text(text + "\u2026", size).get_width() > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def button_shape(theme: th.Theme, rect: pygame.Rect) -> th.Rounded:
    """A button's shape, round which its looks (th.STATES) are drawn."""
    return th.Rounded(rect, theme.px(10))


def draw_button_frame(surface: pygame.Surface, theme: th.Theme, button: Button, *,
                      focused: bool = False, hovered: bool = False,
                      selected: bool = False) -> None:
    """A button's body without its words: its fill (yellow when picked, th.PRIMARY for the main
    action, brighter under the mouse), its edge, and the looks of its states (th.STATES)."""
    radius = theme.px(10)
    live = button.enabled
    fill = BUTTON_FILL if live else th.PANEL
    if hovered and live:
        fill = BUTTON_HOVERED  # white words on it keep a contrast of 4.5 (WCAG AA)
    if button.primary and live:
        fill = PRIMARY_HOVERED if hovered else th.PRIMARY
    if selected:
        fill = th.ACCENT
    pygame.draw.rect(surface, fill, button.rect, border_radius=radius)
    pygame.draw.rect(surface, th.PANEL_EDGE, button.rect, theme.px(2), border_radius=radius)
    th.draw_choice(surface, theme, button_shape(theme, button.rect), hovered=hovered and live,
                   focused=focused and live, legal=False, picked=selected)


def ink(button: Button, selected: bool = False) -> tuple:
    """The colour of a button's words: dark on a picked one's yellow or the main action's fill,
    dim when it is off."""
    if selected:
        return th.PICKED_INK
    if button.primary and button.enabled:
        return th.PRIMARY_INK
    return th.TEXT if button.enabled else th.DIM


def draw_step(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, sign: str, *,
              live: bool = True, hovered: bool = False) -> None:
    """One side of a "- value +" stepper, alike on every screen: a small button (dimmed where
    the value is at its end) in the hover look under the mouse."""
    pygame.draw.rect(surface, th.BACKGROUND, rect, border_radius=theme.px(8))  # on any row
    pygame.draw.rect(surface, th.PANEL_EDGE, rect, max(1, theme.px(1)), border_radius=theme.px(8))
    th.draw_choice(surface, theme, rect, hovered=hovered and live, legal=False)
    theme.blit_text(surface, sign, th.NUMBER, rect.center, th.TEXT if live else th.DIM, "center")


def draw_segment(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, label: str,
                 size: th.Size, *, picked: bool = False, hovered: bool = False) -> None:
    """One choice of a segmented toggle, alike on every screen: the picked one yellow with dark
    words in the picked look, the one under the mouse in the hover look."""
    fill = th.ACCENT if picked else SEGMENT_FILL
    pygame.draw.rect(surface, fill, rect, border_radius=theme.px(8))
    th.draw_choice(surface, theme, rect, hovered=hovered, legal=False, picked=picked)
    theme.blit_text(surface, label, size, rect.center, th.PICKED_INK if picked else th.TEXT,
                    "center")


class ButtonGroup:
    """Buttons chosen by click, or by arrows/Tab and Enter; calls `on_choose(value)`."""

    def __init__(self, buttons: Sequence[Button], on_choose: Callable[[Any], None],
                 columns: int = 1) -> None:
        self.buttons = list(buttons)
        self.on_choose = on_choose
        self.columns = columns
        self.focus: int | None = None
        self.hover: int | None = None

    def hot(self, index: int) -> bool:
        """True when this button is hovered or focused."""
        return index in (self.focus, self.hover)

    def looks(self, index: int) -> dict[str, bool]:
        """draw_button's keywords for this button: focused (keyboard) and hovered (mouse)."""
        return {"focused": index == self.focus, "hovered": index == self.hover}

    def index_at(self, pos) -> int | None:
        """The button under a point, if any."""
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return index
        return None

    def _move_focus(self, step: int) -> None:
        count = len(self.buttons)
        if not count:
            return
        index = (self.focus if self.focus is not None else (-1 if step > 0 else 0))
        for _ in range(count):
            index = (index + step) % count
            if self.buttons[index].enabled:
                self.focus = index
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hover, click, arrows, Tab, Enter and Space; True if the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None and self.buttons[index].enabled:
                self.focus = index
                self.on_choose(self.buttons[index].value)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        across = self.columns > 1
        if event.key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_DOWN,):
            self._move_focus(self.columns)
        elif event.key in (pygame.K_UP,):
            self._move_focus(-self.columns)
        elif event.key == pygame.K_RIGHT and across:
            self._move_focus(1)
        elif event.key == pygame.K_LEFT and across:
            self._move_focus(-1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is None:
                self._move_focus(1)
                return True
            if self.buttons[self.focus].enabled:
                self.on_choose(self.buttons[self.focus].value)
        else:
            return False
        return True

    def handle_with_escape(self, event: pygame.event.Event, on_escape: Callable[[], Any],
                           modal: bool = True) -> bool:
        """Escape calls `on_escape`, anything else goes to the buttons; True if the event was
        used (always, for a modal screen that lets nothing through)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            on_escape()
            return True
        return self.handle_event(event) or modal

    def draw(self, surface: pygame.Surface, theme: th.Theme, size: th.Size = th.LABEL,
             selected: Callable[[Any], bool] = lambda value: False) -> None:
        """Draw every button."""
        for index, button in enumerate(self.buttons):
            draw_button(surface, theme, button, **self.looks(index), size=size,
                        selected=selected(button.value))


def stack_rects(area: pygame.Rect, count: int, height: int, gap: int) -> list[pygame.Rect]:
    """`count` rects of this height stacked and centred in `area`."""
    total = count * height + (count - 1) * gap
    top = area.centery - total // 2
    return [pygame.Rect(area.x, top + i * (height + gap), area.width, height) for i in range(count)]


def grid_rects(area: pygame.Rect, count: int, columns: int, gap: int,
               aspect: float | None = None) -> list[pygame.Rect]:
    """`count` rects in a grid of `columns` filling `area` (cells of a fixed aspect if given)."""
    rows = max(1, -(-count // columns))
    width = (area.width - gap * (columns - 1)) // columns
    height = (area.height - gap * (rows - 1)) // rows
    if aspect:
        height = min(height, int(width / aspect))
        width = min(width, int(height * aspect))
    total_w = columns * width + (columns - 1) * gap
    total_h = rows * height + (rows - 1) * gap
    left = area.centerx - total_w // 2
    top = area.centery - total_h // 2
    return [pygame.Rect(left + (i % columns) * (width + gap), top + (i // columns) * (height + gap),
                        width, height) for i in range(count)]


def draw_panel(surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect,
               colour=th.PANEL) -> None:
    """A rounded panel."""
    pygame.draw.rect(surface, colour, rect, border_radius=theme.px(12))
    pygame.draw.rect(surface, th.PANEL_EDGE, rect, theme.px(2), border_radius=theme.px(12))


def draw_paragraphs(surface: pygame.Surface, theme: th.Theme, text: str, rect: pygame.Rect,
                    size: th.Size = th.BODY, colour=th.TEXT, line_gap: float = 1.3) -> int:
    """Wrapped text in a rect, top-down; returns the height used."""
    y = rect.top
    step = paragraph_step(theme, size, line_gap)
    for line in theme.wrap(text, size, rect.width):
        if y + step > rect.bottom + step // 2:
            break
        theme.blit_text(surface, line, size, (rect.left, y), colour)
        y += step
    return y - rect.top


def paragraph_step(theme: th.Theme, size: th.Size, line_gap: float = 1.3) -> int:
    """Pixels from one wrapped line to the next (never less than a line of text)."""
    return max(theme.px(th.role_of(size).size * line_gap), theme.line(size) + 1)


def scrollbar_thumb(track: pygame.Rect, first: float, shown: float, total: float,
                    ) -> pygame.Rect | None:
    """Where a scrollbar's thumb sits in `track` when `shown` of `total` (rows, pixels...)
    show from `first` on; None when everything shows (no bar then)."""
    if total <= shown or total <= 0:
        return None
    height = max(track.width * 2, round(track.height * shown / total))
    height = min(height, track.height)
    top = track.top + round((track.height - height) * first / (total - shown))
    return pygame.Rect(track.left, min(top, track.bottom - height), track.width, height)


def scroll_at(track: pygame.Rect, y: int, limit: float) -> int:
    """The scroll a click at height `y` on a scrollbar's track asks for, out of 0..`limit`:
    that part of the list (the top of the track is its start, the foot its end)."""
    share = (y - track.top) / max(1, track.height)
    return round(max(0.0, min(1.0, share)) * limit)


def draw_scrollbar(surface: pygame.Surface, track: pygame.Rect, first: float, shown: float,
                   total: float) -> None:
    """A slim scrollbar (a track and its thumb) when not everything shows: there is more."""
    thumb = scrollbar_thumb(track, first, shown, total)
    if thumb is None:
        return
    radius = track.width // 2
    pygame.draw.rect(surface, th.PANEL_EDGE, track, border_radius=radius)
    pygame.draw.rect(surface, th.DIM, thumb, border_radius=radius)


def veil_mask(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    """A mask that dims a rounded rect of `size` by `alpha` when blitted with BLEND_RGB_MULT,
    leaving what lies outside its corners as it was."""
    keep = 255 - alpha
    mask = pygame.Surface(size)
    mask.fill((255, 255, 255))
    pygame.draw.rect(mask, (keep, keep, keep), mask.get_rect(), border_radius=radius)
    return mask


def draw_veil(surface: pygame.Surface, alpha: int, area: pygame.Rect | None = None) -> None:
    """Dim everything beneath an overlay (or just `area`)."""
    keep = 255 - alpha  # multiplying in place: no full-window surface allocated per frame
    surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_RGB_MULT)
