"""Game cards: one per game with its picture, pitch and typical length, for the game select and the
quick start."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lengths import card_length
from game.registry import GAMES
from scenes.boards import board_class
from scenes.boards.base import View, board_picture
from scenes.shell import theme as th
from scenes.shell.assets import game_lengths
from scenes.shell.scene import Scene
from scenes.shell.widgets import (
    Button, ButtonGroup, draw_button, draw_paragraphs, grid_rects, paragraph_step,
)

if TYPE_CHECKING:  # the App runs screens and never imports them
    from scenes.shell.app import App

LEARN_LABEL = "Learn (L)"
LEARN_SIZE = th.LABEL * 0.8  # a small button on a card: a label a step or two down
BACK_SIZE = th.LABEL * 1.12  # the screen's Back, as the game select's Start and Back
CARD_TITLE = th.HEADING  # a game's name on its card
PITCH = th.BODY * 0.9  # what the game is, under its picture
LENGTH = th.CAPTION  # how long a game takes ("about 10 minutes"), at the card's foot


def game_picture(app: App, game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A position of the game drawn by its own board as in play, shrunk to fit its card."""
    spec = GAMES[game_id]
    options = spec.resolve_options()
    board = board_class(game_id)(spec, options, app.theme)
    examples = board.examples()  # a worked example's position shows more than an empty board
    state = examples[0].start if examples else spec.new_game(options)
    return board_picture(board, View(state=state.observe_public(), seat=None, chooser=None),
                         size, th.PANEL)


class GameCards(Scene):
    """Five game cards and Back in a 3-by-2 grid, by mouse or arrows and Enter."""

    offers_learn = False  # a Learn button on each card (L learns the focused card's game)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ids = list(GAMES)
        self.group = ButtonGroup([Button(GAMES[g].title, g) for g in self.ids]
                                 + [Button("Back", "back", hint="Esc")], self._choose, columns=3)
        self.group.focus = 0
        self.pictures: dict[str, pygame.Surface] = {}
        self.learn_rects: dict[str, pygame.Rect] = {}
        self.learn_hover: str | None = None
        self.lengths = game_lengths()  # a small file, read once as the screen opens

    def learn(self, game_id: str) -> None:
        """A guided first game of this game (where cards offer it)."""
        self.app.sound.play("click")
        self.app.go("learn", game_id=game_id)

    def _choose(self, value: str) -> None:
        """What a card (or Back) leads to: each screen built on the cards says."""
        raise NotImplementedError

    def layout(self, size: tuple[int, int]) -> None:
        """A 3-by-2 grid of cards (the sixth cell is Back)."""
        theme = self.app.theme
        area = pygame.Rect(theme.px(30), theme.px(100), size[0] - theme.px(60),
                           size[1] - theme.px(130))
        rects = grid_rects(area, 6, 3, theme.px(20), aspect=1.25)
        for button, rect in zip(self.group.buttons, rects):
            button.rect = rect
        back = self.group.buttons[-1]
        back.rect = pygame.Rect(0, 0, rects[-1].width * 2 // 3, theme.px(72))
        back.rect.center = rects[-1].center
        self.pictures = {}
        self.learn_rects = {}
        if self.offers_learn:  # a row of its own under the pitch: it covers no picture
            for button in self.group.buttons[:-1]:
                learn = self.card_parts(button)[2]  # offered: never None here
                if learn is not None:
                    self.learn_rects[button.value] = learn

    def card_parts(self, button: Button) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
        """Where a card's picture, pitch and Learn button (if offered) go, top to bottom."""
        theme = self.app.theme
        rect = button.rect
        pad = theme.px(12)
        pitch = theme.wrap(GAMES[button.value].pitch, PITCH, rect.width - 2 * pad)
        text_h = len(pitch) * paragraph_step(theme, PITCH, 1.2)  # the pitch, whole
        learn = None
        bottom = rect.bottom - pad // 2
        if self.offers_learn:
            learn = pygame.Rect(0, 0, theme.text(LEARN_LABEL, LEARN_SIZE).get_width()
                                + theme.px(24), theme.line(LEARN_SIZE) + theme.px(10))
            learn.bottomright = (rect.right - pad, rect.bottom - pad // 2)
            bottom = learn.top - theme.px(4)
        elif button.value in self.lengths:  # the length's row of its own
            bottom -= theme.line(LENGTH) + theme.px(4)
        text_rect = pygame.Rect(rect.left + pad, bottom - text_h, rect.width - 2 * pad, text_h)
        top = rect.top + pad + max(theme.px(34), theme.line(CARD_TITLE))  # under the name
        pic_rect = pygame.Rect(rect.left + pad, top, rect.width - 2 * pad,
                               text_rect.top - pad // 2 - top)
        return pic_rect, text_rect, learn

    def length_rect(self, button: Button) -> pygame.Rect | None:
        """Where a card's typical length goes: left of its Learn button, or a row of its own
        under the pitch (None when the game's length is not known)."""
        if button.value not in self.lengths:
            return None
        theme = self.app.theme
        rect, pad = button.rect, theme.px(12)
        learn = self.card_parts(button)[2]
        height = theme.line(LENGTH)
        right = rect.right - pad if learn is None else learn.left - theme.px(8)
        bottom = rect.bottom - pad // 2 if learn is None else learn.centery + height // 2
        return pygame.Rect(rect.left + pad, bottom - height, right - rect.left - pad, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Cards by mouse or arrows and Enter (L: learn the focused card's game); Escape goes
        back."""
        if self.learn_rects:
            if event.type == pygame.MOUSEMOTION:
                self.learn_hover = self._learn_at(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                game_id = self._learn_at(event.pos)
                if game_id is not None:
                    self.learn(game_id)
                    return True
            focus = self.group.focus
            if event.type == pygame.KEYDOWN and event.key == pygame.K_l and focus is not None \
                    and focus < len(self.ids):
                self.learn(self.ids[focus])
                return True
        return self.group.handle_with_escape(event, self.go_back, modal=False)

    def _learn_at(self, pos) -> str | None:
        for game_id, rect in self.learn_rects.items():
            if rect.collidepoint(pos):
                return game_id
        return None

    def go_back(self) -> None:
        """Escape and Back: the screen before."""
        self.app.stack.pop()

    def _picture(self, game_id: str, size: tuple[int, int]) -> pygame.Surface:
        picture = self.pictures.get(game_id)
        if picture is None or picture.get_size() != size:
            picture = self.pictures[game_id] = game_picture(self.app, game_id, size)
        return picture

    def draw(self, surface: pygame.Surface) -> None:
        """Title and cards: name, picture, one line of what the game is."""
        theme = self.app.theme
        surface.fill(th.BACKGROUND)
        theme.blit_text(surface, "Choose a game", th.TITLE,
                        (surface.get_width() // 2, theme.px(52)),
                        th.TEXT, "center")
        for index, button in enumerate(self.group.buttons[:-1]):
            rect = button.rect
            looks = self.group.looks(index)
            fill = th.shade(th.PANEL, 1.2) if looks["hovered"] else th.PANEL
            pygame.draw.rect(surface, fill, rect, border_radius=theme.px(14))
            pygame.draw.rect(surface, th.PANEL_EDGE, rect, theme.px(2),
                             border_radius=theme.px(14))
            th.draw_choice(surface, theme, th.Rounded(rect, theme.px(14)), legal=False,
                           hovered=looks["hovered"], focused=looks["focused"])
            theme.blit_text(surface, button.label, CARD_TITLE,
                            (rect.centerx, rect.top + theme.px(12)), th.TEXT, "midtop")
            pic_rect, text_rect, _ = self.card_parts(button)
            if pic_rect.width > 10 and pic_rect.height > 10:
                surface.blit(self._picture(button.value, pic_rect.size), pic_rect)
            draw_paragraphs(surface, theme, GAMES[button.value].pitch, text_rect, PITCH, th.DIM,
                            1.2)
            length = self.length_rect(button)
            if length is not None:
                theme.blit_text(surface, card_length(button.value, self.lengths[button.value]),
                                LENGTH, length.midleft, th.TEXT, "midleft")
        for game_id, rect in self.learn_rects.items():
            draw_button(surface, theme, Button(LEARN_LABEL, game_id, rect),
                        hovered=game_id == self.learn_hover, size=LEARN_SIZE)
        back = self.group.buttons[-1]
        draw_button(surface, theme, back, **self.group.looks(len(self.ids)), size=BACK_SIZE)
