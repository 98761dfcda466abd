"""Choosing a game (a card per game with its picture and pitch) and then its options."""
from __future__ import annotations

import random
from typing import Any

import pygame

from game.registry import GAMES
from scenes.play.parts.setup import GameSetup
from scenes.screens.parts.game_cards import GameCards
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_button


class GameSelect(GameCards):
    """Five cards; pick one to set its options (the first time, a guided game is offered)."""

    offers_learn = True

    def __init__(self, app) -> None:
        super().__init__(app)
        games, _ = app.data.stats().load()  # a small file, read once as the screen opens
        self.played = {game_id for game_id, counts in games.items()
                       if any(sum(c.values()) for c in counts.values())}

    def _choose(self, value: str) -> None:
        self.app.sound.play("click")
        if value == "back":
            self.go_back()
        elif self.first_time(value):
            title = GAMES[value].title
            self.app.go("confirm", title=f"New to {title}?",
                        question="A guided first game teaches it move by move.",
                        yes="Learn it", no="Just play", on_yes=lambda: self.learn(value),
                        on_no=lambda: self.app.stack.push(OptionsScene(self.app, value)))
        else:
            self.app.stack.push(OptionsScene(self.app, value))

    def first_time(self, game_id: str) -> bool:
        """True (once a session) when no game of this one has been finished here yet."""
        offered = self.app.lessons_offered
        if game_id in self.played or game_id in offered:
            return False
        offered.add(game_id)
        return True


def option_values(option) -> list[Any]:
    """The values an option can be cycled through (None when it is a free number)."""
    if option.choices:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [True, False]
    return []


def show_value(value: Any, option=None, seat_names=None) -> str:
    """An option value in words (a seat option shows the seat's name)."""
    if option is not None and "seat" in option.help and seat_names and value in (0, 1) \
            and not isinstance(value, bool):
        return seat_names[value]
    if option is not None and value == 0 and "(0: " in option.help:
        return option.help.split("(0: ", 1)[1].rstrip(")")  # what 0 stands for, in the help
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


OPPONENTS = (("human", "Friend"), ("bot:easy", "Easy bot"), ("bot:medium", "Medium bot"),
             ("bot:hard", "Hard bot"))
LEVEL_WORDS = {"bot:easy": "Easy", "bot:medium": "Medium", "bot:hard": "Hard"}
SECRETS_CHOICES = ((False, "Hand-off on this screen"), (True, "Play with phones"))
SEGMENTED = {"opponent": "Opponent", "seat": "You play", "phones": "Secrets",
             "hints": "Hints"}  # rows of choices
KEYS_HINT = "Up and Down pick a row, Left and Right or a click change it, Enter starts"
KEYS_SIZE = 17


class OptionsScene(Scene):
    """Who plays (a friend or the computer, and which seat) and the game's settings, then Start."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.spec = GAMES[game_id]
        self.values = dict(self.spec.resolve_options())
        self.shown = [o for o in self.spec.options if o.name != "seed"]
        setup = getattr(app, "play_setup", {})  # the last choice of this session, if any
        self.opponent = setup.get("opponent", "human")
        self.seat = setup.get("seat", 0)  # the person's seat when playing the computer
        self.hints: bool | None = None  # None: on against the computer, off hot-seat
        self.phones = setup.get("phones", False)  # hot-seat secrets on each player's phone
        self.rows: list[tuple[str, int]] = []
        self.group = ButtonGroup([], self._choose)
        self._build_rows()
        self.group.focus = len(self.rows)
        self.minus: list[pygame.Rect] = []
        self.plus: list[pygame.Rect] = []
        self.segments: dict[int, list[tuple[pygame.Rect, Any]]] = {}  # row -> its choices
        self.segment_hover: tuple[int, int] | None = None
        self.size = (0, 0)

    # ---- rows -------------------------------------------------------------------------------
    def _build_rows(self) -> None:
        """Opponent, the person's seat (against the computer) or where secrets are chosen
        (hot-seat, in games with secret choices), hints, then the game's options."""
        self.rows = [("opponent", 0)]
        if self.opponent != "human":
            self.rows.append(("seat", 0))
        elif self.spec.secret_choices:
            self.rows.append(("phones", 0))
        self.rows.append(("hints", 0))
        self.rows += [("option", i) for i in range(len(self.shown))]
        self.group.buttons = ([Button(kind, ("row", r)) for r, (kind, _) in enumerate(self.rows)]
                              + [Button("Start", "start", hint="Enter"),
                                 Button("Back", "back", hint="Esc")])

    def controllers(self) -> tuple[str, str]:
        """The seats' controllers as chosen: two people, or a person and the computer."""
        if self.opponent == "human":
            return ("human", "human")
        return tuple("human" if s == self.seat else self.opponent for s in (0, 1))  # type: ignore

    def hints_on(self) -> bool:
        """Whether the game will offer hints: as chosen, else on against the computer only."""
        return self.opponent != "human" if self.hints is None else self.hints

    def _choices(self, kind: str) -> list[tuple[Any, str]]:
        if kind == "opponent":
            return [(value, label) for value, label in OPPONENTS]
        if kind == "hints":  # hot-seat, hints are for both: on only when both agree
            return [(True, "On"), (False, "Off")] if self.opponent != "human" \
                else [(False, "Off"), (True, "On: we both agree")]
        if kind == "phones":
            return list(SECRETS_CHOICES)
        return [(s, self.spec.seat_names[s]) for s in (0, 1)]

    def _current(self, kind: str) -> Any:
        return {"opponent": self.opponent, "seat": self.seat, "hints": self.hints_on(),
                "phones": self.phones}[kind]

    def _pick(self, kind: str, value: Any) -> None:
        if kind == "opponent":
            before = len(self.rows)
            if (value == "human") != (self.opponent == "human"):
                self.hints = None  # hot-seat and the computer have their own defaults
            self.opponent = value
            self._build_rows()
            if self.group.focus:  # the rows below the seat row move when it comes or goes
                self.group.focus += len(self.rows) - before
            self.layout(self.size)
        elif kind == "hints":
            self.hints = value
        elif kind == "phones":
            self.phones = value
        else:
            self.seat = value
        self.app.sound.play("select")
        self.app.invalidate()

    def _choose(self, value: Any) -> None:
        if value == "start":
            self.app.sound.play("click")
            if self.values.get("numbering") == "random":  # a fresh shuffle every game
                option = self.spec.option("seed")
                self.values["seed"] = random.randint(option.minimum or 0, option.maximum or 10**6)
            self.app.play_setup = {"opponent": self.opponent, "seat": self.seat,
                                   "phones": self.phones}
            phones = self.phones and self.opponent == "human" and self.spec.secret_choices
            self.app.replace("play", setup=GameSetup(self.spec.id, self.values,
                                                     controllers=self.controllers(),
                                                     hints=self.hints_on(), phones=phones))
        elif value == "back":
            self.app.stack.pop()
        else:
            self.change(value[1], 1)

    def change(self, row: int, step: int) -> None:
        """Move row `row` to its next (step 1) or previous (step -1) value."""
        kind, index = self.rows[row]
        if kind in SEGMENTED:
            values = [v for v, _ in self._choices(kind)]
            current = self._current(kind)
            self._pick(kind, values[(values.index(current) + step) % len(values)])
            return
        option = self.shown[index]
        values = option_values(option)
        current = self.values[option.name]
        if values:
            position = values.index(current) if current in values else 0
            self.values[option.name] = values[(position + step) % len(values)]
        else:
            big = 10 if option.maximum is not None and option.maximum >= 100 else 1
            new = current + step * big
            if option.minimum is not None:
                new = max(option.minimum, new)
            if option.maximum is not None:
                new = min(option.maximum, new)
            self.values[option.name] = new
        self.app.sound.play("select")

    # ---- layout and input ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """One row per setting: choices side by side, or - and + buttons; Start and Back beneath."""
        self.size = size
        theme = self.app.theme
        w = min(size[0] - theme.px(40), theme.px(760))
        left = (size[0] - w) // 2
        row_h, gap = theme.px(58), theme.px(10)
        y = theme.px(120)
        self.minus, self.plus, self.segments = [], [], {}
        side = row_h - theme.px(12)
        for row, button in enumerate(self.group.buttons[:len(self.rows)]):
            kind, _ = self.rows[row]
            button.rect = pygame.Rect(left, y, w, row_h)
            self.minus.append(pygame.Rect(button.rect.right - theme.px(250), y + theme.px(6),
                                          side, side))
            self.plus.append(pygame.Rect(button.rect.right - theme.px(6) - side, y + theme.px(6),
                                         side, side))
            if kind in SEGMENTED:
                choices = self._choices(kind)
                area = pygame.Rect(left + min(theme.px(190), w // 4), y + theme.px(6), 0,
                                   row_h - theme.px(12))
                area.width = button.rect.right - theme.px(6) - area.left
                cell_gap = theme.px(8)
                cell_w = (area.width - cell_gap * (len(choices) - 1)) // len(choices)
                self.segments[row] = [
                    (pygame.Rect(area.left + i * (cell_w + cell_gap), area.top, cell_w,
                                 area.height), value) for i, (value, _) in enumerate(choices)]
            y += row_h + gap
        bw = (w - theme.px(20)) // 2
        y = max(y + theme.text_px(KEYS_SIZE) + theme.px(24), size[1] - theme.px(110))
        self.group.buttons[-2].rect = pygame.Rect(left, y, bw, theme.px(72))
        self.group.buttons[-1].rect = pygame.Rect(left + bw + theme.px(20), y, bw, theme.px(72))

    def hover_key(self):
        """The hovered row or button, and the hovered choice within a row."""
        return (self.group.hover, self.segment_hover)

    def _segment_at(self, pos) -> tuple[int, int] | None:
        for row, cells in self.segments.items():
            for i, (rect, _) in enumerate(cells):
                if rect.collidepoint(pos):
                    return row, i
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Choices and - and + by click, or Left/Right on the focused row; Enter starts from
        any row (on the focused Back button it goes back)."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return True
            focus = self.group.focus
            on_row = focus is not None and focus < len(self.rows)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and on_row:
                self.change(focus, 1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                on_back = focus == len(self.group.buttons) - 1
                self._choose("back" if on_back else "start")
                return True
        if event.type == pygame.MOUSEMOTION:
            self.segment_hover = self._segment_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._segment_at(event.pos)
            if hit is not None:
                row, i = hit
                self.group.focus = row
                self._pick(self.rows[row][0], self.segments[row][i][1])
                self.segment_hover = self._segment_at(event.pos)
                return True
            for row, (minus, plus) in enumerate(zip(self.minus, self.plus)):
                if self.rows[row][0] != "option":
                    continue
                if minus.collidepoint(event.pos):
                    self.change(row, -1)
                    return True
                if plus.collidepoint(event.pos):
                    self.change(row, 1)
                    return True
        return self.group.handle_event(event)

    # ---- drawing ------------------------------------------------------------------------------
    def subtitle(self) -> str:
        """Who plays whom, in a line."""
        if self.opponent == "human" and self.phones and self.spec.secret_choices:
            return "Hot-seat: secret choices on each player's own phone"
        if self.opponent == "human":
            return "Hot-seat: two players share this screen"
        you = self.spec.seat_names[self.seat]
        them = self.spec.seat_names[1 - self.seat]
        return f"You play {you}; the computer ({LEVEL_WORDS[self.opponent]}) plays {them}"

    def draw(self, surface: pygame.Surface) -> None:
        """Who plays, the options with their current values and what they mean."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, self.spec.title, 40, (surface.get_width() // 2, theme.px(48)),
                        th.TEXT, "center")
        theme.blit_text(surface, self.subtitle(), 20,
                        (surface.get_width() // 2, theme.px(86)), th.DIM, "center")
        for row, (kind, index) in enumerate(self.rows):
            button = self.group.buttons[row]
            looks = self.group.looks(row)
            fill = th.shade(th.PANEL, 1.2) if looks["hovered"] else th.PANEL
            pygame.draw.rect(surface, fill, button.rect, border_radius=theme.px(10))
            pygame.draw.rect(surface, th.TEXT if looks["hovered"] else th.PANEL_EDGE,
                             button.rect, theme.px(2), border_radius=theme.px(10))
            if looks["focused"]:  # the keyboard's row: a ring outside it, unlike the mouse's
                th.draw_choice(surface, theme, button.rect, focused=True, legal=False)
            if kind == "option":
                self._draw_option(surface, row, self.shown[index])
            else:
                self._draw_segments(surface, row, kind)
        for offset, button in enumerate(self.group.buttons[-2:]):
            draw_button(surface, theme, button,
                        **self.group.looks(len(self.group.buttons) - 2 + offset), size=26)
        start = self.group.buttons[-2].rect
        theme.blit_text(surface, KEYS_HINT, KEYS_SIZE, (surface.get_width() // 2,
                        start.top - theme.px(10)), th.DIM, "midbottom")

    def _draw_segments(self, surface: pygame.Surface, row: int, kind: str) -> None:
        theme = self.app.theme
        rect = self.group.buttons[row].rect
        label = SEGMENTED[kind]
        theme.blit_text(surface, label, 22, (rect.left + theme.px(14), rect.centery), th.TEXT,
                        "midleft")
        current = self._current(kind)
        labels = dict(self._choices(kind))
        cells = self.segments.get(row, [])
        size = 20
        while size > 14 and any(theme.text(labels[v], size).get_width() > r.width - theme.px(10)
                                for r, v in cells):
            size -= 2
        for i, (cell, value) in enumerate(cells):
            picked = value == current
            hover = self.segment_hover == (row, i)
            fill = th.mix(th.shade(th.PANEL, 1.25), th.ACCENT, 0.35) if picked \
                else th.shade(th.PANEL, 1.3 if hover else 1.15)
            pygame.draw.rect(surface, fill, cell, border_radius=theme.px(8))
            # Picked: a bar under the word, never a ring (a yellow ring is the keyboard's focus);
            # under the mouse: a white edge, as on every button.
            if picked:
                inset = theme.px(12)
                height = max(2, theme.px(3))
                bar = pygame.Rect(cell.left + inset, cell.bottom - max(2, theme.px(4)) - height,
                                  cell.width - 2 * inset, height)
                pygame.draw.rect(surface, th.ACCENT, bar, border_radius=theme.px(2))
            if hover:
                pygame.draw.rect(surface, th.TEXT, cell, theme.px(2), border_radius=theme.px(8))
            theme.blit_text(surface, labels[value], size, cell.center,
                            th.TEXT if picked else th.DIM, "center")

    def _draw_option(self, surface: pygame.Surface, row: int, option) -> None:
        theme = self.app.theme
        button = self.group.buttons[row]
        label = option.help[:1].upper() + option.help[1:]
        text_w = self.minus[row].left - button.rect.left - theme.px(24)
        lines = theme.wrap(label, 18, text_w)[:2]
        y = button.rect.centery - theme.px(11) * len(lines)
        for line in lines:
            theme.blit_text(surface, line, 18, (button.rect.left + theme.px(14), y), th.TEXT)
            y += theme.px(22)
        for rect, sign in ((self.minus[row], "-"), (self.plus[row], "+")):
            pygame.draw.rect(surface, th.shade(th.PANEL, 1.3), rect, border_radius=theme.px(8))
            theme.blit_text(surface, sign, 28, rect.center, th.TEXT, "center")
        middle = (self.minus[row].right + self.plus[row].left) // 2
        value = self.values[option.name]
        shown = show_value(value, option, self.spec.seat_names)
        theme.blit_text(surface, shown, 24 if len(shown) < 9 else 18,
                        (middle, button.rect.centery), th.ACCENT, "center")
