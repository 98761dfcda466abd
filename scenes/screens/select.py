"""Choosing a game (a card per game with its picture and pitch) and then its options."""
from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

import pygame

from game.registry import GAMES
from scenes.play.parts.setup import GameSetup
from scenes.screens.parts.game_cards import GameCards
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import (
    Button,
    ButtonGroup,
    draw_button,
    draw_segment,
    draw_step,
)

if TYPE_CHECKING:  # the App runs screens and never imports them
    from scenes.shell.app import App


class GameSelect(GameCards):
    """Five cards; pick one to set its options (the first time, a guided game is offered)."""

    offers_learn = True

    def __init__(self, app: App) -> None:
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


def stepped(value: int, step: int, maximum: int | None) -> int:
    """A number one step up (step 1) or down (-1): by ones below 10, then by 5 up to 50 and by
    10 beyond, where the option reaches 100 or more (so "No limit", 0, goes up to 1, not 10)."""
    if maximum is None or maximum < 100:
        return value + step
    size = 1 if value + min(step, 0) < 10 else 5 if value + min(step, 0) < 50 else 10
    new = value + step * size
    return new - new % size if step > 0 else -(-new // size) * size


OPPONENTS = (("human", "Friend"), ("bot:easy", "Easy bot"), ("bot:medium", "Medium bot"),
             ("bot:hard", "Hard bot"))
LEVEL_WORDS = {"bot:easy": "Easy", "bot:medium": "Medium", "bot:hard": "Hard"}
SECRETS_CHOICES = ((False, "Hand-off on this screen"), (True, "Play with phones"))
SEGMENTED = {"opponent": "Opponent", "seat": "You play", "phones": "Secrets",
             "hints": "Hints"}  # rows of choices
KEYS_HINT = "Up and Down pick a row, Left and Right or a click change it, Enter starts"
KEYS_SIZE = th.CAPTION
LABEL_SIZE = th.LABEL  # a row's name, as "Opponent" and "Hints"
CHOICE_SIZE = th.LABEL * 0.9  # the words in a row's choices
EXPLAIN_SIZE = th.CAPTION  # the line under a game option's name
MAIN_BUTTON_SIZE = th.LABEL * 1.12  # Start and Back: the screen's way on, a step larger
SUBTITLE_SIZE = th.BODY * 1.1  # who plays whom, under the title


@dataclasses.dataclass(frozen=True)
class OptionWords:
    """How a game option shows on the Options screen: a short name, the line explaining it
    beneath, and its choices' words (a value missing here shows as itself)."""

    label: str
    explain: str
    choices: tuple[tuple[Any, str], ...] = ()


OPTION_WORDS = {
    ("moriarty", "games"): OptionWords("Match", "The designer's match is three games",
                                       ((3, "3 games"), (1, "1 game"))),
    ("moriarty", "round_limit"): OptionWords("Round limit",
                                             "A game nobody ends is scored after this round"),
    ("moriarty", "swap_sides"): OptionWords("Swap sides",
                                            "Players swap South and North each game",
                                            ((True, "Yes"), (False, "No"))),
    ("pulling_strings", "turn_limit"): OptionWords("Turn limit",
                                                   "The game ends drawn after this many turns"),
    ("pulling_strings", "repetition"): OptionWords(
        "Repetition", "A position's third time, or 5 still turns, ends it (house rule)",
        ((True, "On"), (False, "Off"))),
    ("strands", "side"): OptionWords("Board", "6 spaces along each side, or 5",
                                     ((6, "91 spaces"), (5, "61 spaces"))),
    ("strands", "numbering"): OptionWords("Numbers",
                                          "The standard numbers, or the same ones shuffled",
                                          (("standard", "Standard"), ("random", "Shuffled"))),
    ("synch", "size"): OptionWords("Grid", "Squares along each side of the grid"),
    ("synch", "variant"): OptionWords("Who leads",
                                      "Decider first is the main rules; the other, the "
                                      "designer's variation",
                                      (("decider-first", "Decider first"),
                                       ("directioner-first", "Directioner first"))),
    ("synch", "first_directioner"): OptionWords("First to direct",
                                                "The seat that is directioner on move 1"),
    ("synch", "no_claim"): OptionWords(
        "No claim", "2 moves a side in a row without a claim end it (house rule)",
        ((True, "On"), (False, "Off"))),
    ("synch", "move_limit"): OptionWords("Move limit",
                                         "The game ends after this many moves (at first, "
                                         "4 for each square)"),
}


def option_words(game_id: str, option) -> OptionWords:
    """An option's name, explanation and choices' words (from its help if none are written)."""
    words = OPTION_WORDS.get((game_id, option.name))
    if words is not None:
        return words
    return OptionWords(option.name.replace("_", " ").capitalize(),
                       option.help[:1].upper() + option.help[1:])


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
        self.minus: dict[int, pygame.Rect] = {}  # number rows -> their - and + buttons
        self.plus: dict[int, pygame.Rect] = {}
        self.segments: dict[int, list[tuple[pygame.Rect, Any]]] = {}  # row -> its choices
        self.segment_hover: tuple[int, int] | None = None
        self.mouse = (-1, -1)  # where the pointer is (a stepper's side under it is lit)
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
        first, second = ("human" if s == self.seat else self.opponent for s in (0, 1))
        return first, second

    def hints_on(self) -> bool:
        """Whether the game will offer hints: as chosen, else on against the computer only."""
        return self.opponent != "human" if self.hints is None else self.hints

    def _choices(self, kind: str) -> list[tuple[Any, str]]:
        if kind == "opponent":
            return [(value, label) for value, label in OPPONENTS]
        if kind == "hints":  # hot-seat, hints are for both: on only when both agree; On first,
            # as every on-off row
            return [(True, "On" if self.opponent != "human" else "On: we both agree"),
                    (False, "Off")]
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

    def row_choices(self, row: int) -> list[tuple[Any, str]] | None:
        """A row's choices as (value, words), side by side; None for a number set by - and +."""
        kind, index = self.rows[row]
        if kind != "option":
            return self._choices(kind)
        option = self.shown[index]
        values = option_values(option)
        if not values:
            return None
        words = dict(option_words(self.spec.id, option).choices)
        shown = [words.get(v) or show_value(v, option, self.spec.seat_names) for v in values]
        return [(v, text[:1].upper() + text[1:]) for v, text in zip(values, shown)]

    def row_value(self, row: int) -> Any:
        """The value a row stands at now."""
        kind, index = self.rows[row]
        return self.values[self.shown[index].name] if kind == "option" else self._current(kind)

    def pick_row(self, row: int, value: Any) -> None:
        """Set a row to one of its choices."""
        kind, index = self.rows[row]
        if kind != "option":
            self._pick(kind, value)
            return
        self.values[self.shown[index].name] = value
        self.app.sound.play("select")
        self.app.invalidate()

    def number(self, option) -> int:
        """A number option's value as the game will use it (Synch's 0 moves: 4 per square)."""
        value = self.values[option.name]
        if value == 0 and (self.spec.id, option.name) == ("synch", "move_limit"):
            return 4 * self.values["size"] ** 2
        return value

    def number_text(self, option) -> str:
        """A number option's value in figures ("256"), or what its 0 means ("No limit")."""
        value = self.number(option)
        if value == 0:
            words = show_value(value, option)
            return words[:1].upper() + words[1:]
        return str(value)

    def change(self, row: int, step: int) -> None:
        """Move row `row` to its next (step 1) or previous (step -1) value."""
        choices = self.row_choices(row)
        if choices is not None:
            values = [v for v, _ in choices]
            current = self.row_value(row)
            position = values.index(current) if current in values else 0
            self.pick_row(row, values[(position + step) % len(values)])
            return
        option = self.shown[self.rows[row][1]]
        new = stepped(self.number(option), step, option.maximum)
        if option.minimum is not None:
            new = max(option.minimum, new)
        if option.maximum is not None:
            new = min(option.maximum, new)
        self.values[option.name] = new
        self.app.sound.play("select")

    def row_label(self, row: int) -> str:
        """A row's short name."""
        kind, index = self.rows[row]
        if kind == "option":
            return option_words(self.spec.id, self.shown[index]).label
        return SEGMENTED[kind]

    # ---- layout and input ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """One row per setting: its name, then its choices side by side or - and + around a
        number; a game option's explanation on a line beneath; Start and Back at the bottom.
        Rows give up their spacing, never their words, when the window is short."""
        self.size = size
        theme = self.app.theme
        w = min(size[0] - theme.px(40), max(theme.px(760), 640))
        left = (size[0] - w) // 2
        explain_h = theme.line(EXPLAIN_SIZE)
        label_h = max(theme.line(LABEL_SIZE), theme.line(CHOICE_SIZE), theme.line(th.NUMBER))
        button_h = theme.px(72)
        top = theme.px(88) + theme.line(SUBTITLE_SIZE) // 2 + th.reach(theme)  # a focus ring
        # round the first row stays off the subtitle
        bottom = size[1] - theme.px(10) - button_h - theme.line(KEYS_SIZE) - 2 * th.reach(theme)
        options = sum(kind == "option" for kind, _ in self.rows)
        count = len(self.rows)
        control_h, gap = max(theme.px(46), label_h + theme.px(8)), theme.px(10)
        room = bottom - top - options * explain_h
        if count * (control_h + gap) - gap > room:  # short of room: less space, same words
            gap = max(2, min(gap, room // (count * 8)))
            control_h = max(label_h + 4, (room + gap) // count - gap)
        widest = max(theme.text(self.row_label(r), LABEL_SIZE).get_width() for r in range(count))
        column = max(min(theme.px(190), w // 4), min(widest + theme.px(28), int(w * 0.42)))
        self.minus, self.plus, self.segments = {}, {}, {}
        y = top
        for row, button in enumerate(self.group.buttons[:count]):
            kind, _ = self.rows[row]
            height = control_h + (explain_h if kind == "option" else 0)
            button.rect = pygame.Rect(left, y, w, height)
            inset = max(1, min(theme.px(6), (control_h - label_h) // 2))
            area = pygame.Rect(left + column, y + inset, w - column - theme.px(6),
                               control_h - 2 * inset)
            choices = self.row_choices(row)
            if choices is None:
                side = area.height
                self.minus[row] = pygame.Rect(area.right - theme.px(244), area.top, side, side)
                self.plus[row] = pygame.Rect(area.right - side, area.top, side, side)
            else:
                cell_gap = theme.px(8)
                cell_w = (area.width - cell_gap * (len(choices) - 1)) // len(choices)
                self.segments[row] = [
                    (pygame.Rect(area.left + i * (cell_w + cell_gap), area.top, cell_w,
                                 area.height), value) for i, (value, _) in enumerate(choices)]
            y += height + gap
        bw = (w - theme.px(20)) // 2
        y = max(y - gap + theme.line(KEYS_SIZE) + 2 * th.reach(theme) + theme.px(4),
                size[1] - theme.px(110))  # the keys' line, clear of the rings above and below
        y = min(y, size[1] - button_h - theme.px(6))
        self.group.buttons[-2].rect = pygame.Rect(left, y, bw, button_h)
        self.group.buttons[-1].rect = pygame.Rect(left + bw + theme.px(20), y, bw, button_h)

    def hover_key(self):
        """The hovered row or button, and the hovered choice within a row."""
        return (self.group.hover, self.segment_hover, self._step_at(self.mouse))

    def _step_at(self, pos) -> tuple[int, int] | None:
        """The stepper side (row, -1 or +1) under a point, if any."""
        for row, minus in self.minus.items():
            for rect, step in ((minus, -1), (self.plus[row], 1)):
                if rect.collidepoint(pos):
                    return row, step
        return None

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
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focus is not None \
                    and focus < len(self.rows):
                self.change(focus, 1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                on_back = focus == len(self.group.buttons) - 1
                self._choose("back" if on_back else "start")
                return True
        if event.type == pygame.MOUSEMOTION:
            self.segment_hover = self._segment_at(event.pos)
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._segment_at(event.pos)
            if hit is not None:
                row, i = hit
                self.group.focus = row
                self.pick_row(row, self.segments[row][i][1])
                self.segment_hover = self._segment_at(event.pos)
                return True
            step = self._step_at(event.pos)
            if step is not None:
                self.change(*step)
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
        theme.blit_text(surface, self.spec.title, th.TITLE,
                        (surface.get_width() // 2, theme.px(48)), th.TEXT, "center")
        theme.blit_text(surface, self.subtitle(), SUBTITLE_SIZE,
                        (surface.get_width() // 2, theme.px(86)), th.DIM, "center")
        for row in range(len(self.rows)):
            button = self.group.buttons[row]
            looks = self.group.looks(row)
            fill = th.shade(th.PANEL, 1.2) if looks["hovered"] else th.PANEL
            pygame.draw.rect(surface, fill, button.rect, border_radius=theme.px(10))
            pygame.draw.rect(surface, th.PANEL_EDGE, button.rect, theme.px(2),
                             border_radius=theme.px(10))
            th.draw_choice(surface, theme, th.Rounded(button.rect, theme.px(10)), legal=False,
                           hovered=looks["hovered"], focused=looks["focused"])
            self._draw_row(surface, row)
        for offset, button in enumerate(self.group.buttons[-2:]):
            draw_button(surface, theme, button,
                        **self.group.looks(len(self.group.buttons) - 2 + offset),
                        size=MAIN_BUTTON_SIZE)
        start = self.group.buttons[-2].rect
        theme.blit_text(surface, KEYS_HINT, KEYS_SIZE, (surface.get_width() // 2,
                        start.top - th.reach(theme) - theme.px(2)), th.DIM, "midbottom")

    def _draw_row(self, surface: pygame.Surface, row: int) -> None:
        """A row's name (and a game option's explanation beneath), then its choices or number."""
        theme = self.app.theme
        rect = self.group.buttons[row].rect
        kind, index = self.rows[row]
        control = self.segments[row][0][0] if row in self.segments else self.minus[row]
        theme.blit_text(surface, self.row_label(row), LABEL_SIZE,
                        (rect.left + theme.px(14), control.centery), th.TEXT, "midleft")
        if kind == "option":
            option = self.shown[index]
            theme.blit_text(surface, option_words(self.spec.id, option).explain, EXPLAIN_SIZE,
                            (rect.left + theme.px(14), rect.bottom - theme.px(4)), th.DIM,
                            "bottomleft")
        if row in self.segments:
            self._draw_segments(surface, row)
        else:
            self._draw_number(surface, row, self.shown[index])

    def _draw_segments(self, surface: pygame.Surface, row: int) -> None:
        theme = self.app.theme
        current = self.row_value(row)
        labels = dict(self.row_choices(row) or ())
        cells = self.segments.get(row, [])
        size = CHOICE_SIZE
        if any(theme.text(labels[v], size).get_width() > r.width - theme.px(10) for r, v in cells):
            size = th.CAPTION
        for i, (cell, value) in enumerate(cells):
            draw_segment(surface, theme, cell, labels[value], size, picked=value == current,
                         hovered=self.segment_hover == (row, i))

    def _draw_number(self, surface: pygame.Surface, row: int, option) -> None:
        theme = self.app.theme
        minus, plus = self.minus[row], self.plus[row]
        for rect, sign in ((minus, "\u2212"), (plus, "+")):  # a minus sign, as in Settings
            draw_step(surface, theme, rect, sign, hovered=rect.collidepoint(self.mouse))
        theme.blit_text(surface, self.number_text(option), th.NUMBER,
                        ((minus.right + plus.left) // 2, minus.centery), th.TEXT, "center")
