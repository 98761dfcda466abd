"""The phones' screen over a game: a QR code per seat to scan, or a short address and a code
to type, who is connected, a phone asking for its seat back, and the way back to the big
screen for a seat."""
from __future__ import annotations

import pygame

from game.words import phones_screen as says
from scenes.phones.qr import qr_surface
from scenes.shell import theme as th
from scenes.shell.scene import Scene
from scenes.shell.widgets import Button, ButtonGroup, draw_button, draw_panel, draw_veil

CONNECTED = th.mix(th.GREEN, th.TEXT, 0.2)  # green words: 5.2:1 on a panel (th.GREEN: 4.2)
AUTO_CLOSE = 1.5  # seconds the screen stays once every phone has connected (opened at start)
# a seat's code, a number typed on a phone held away from the screen: larger than a score
CODE_SIZE = th.NUMBER * 1.4


def spaced(code: str) -> str:
    """A join code as it is read aloud: in two halves ('ACD 479')."""
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}".strip()


class PhonesScene(Scene):
    """Over the game: each seat's code and address, its phone's state, and 'Use this screen'."""

    opaque = False

    def __init__(self, app, play, auto_close: bool = True) -> None:
        super().__init__(app)
        self.play = play
        self.phones = play.phones
        self.auto_close = auto_close  # shown at the start: it goes once both phones are in
        self.all_in_since: float | None = None
        self.clock = 0.0
        names = play.turns.match.state.seat_names
        self.group = ButtonGroup([Button(says.use_this_screen(names[0]), ("release", 0)),
                                  Button(says.use_this_screen(names[1]), ("release", 1)),
                                  Button("Done", "done", hint="Enter"),
                                  Button("Let it in", ("let", 0), enabled=False),
                                  Button("No", ("refuse", 0), enabled=False),
                                  Button("Let it in", ("let", 1), enabled=False),
                                  Button("No", ("refuse", 1), enabled=False)], self._choose)
        self.group.focus = 2
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.columns: list[pygame.Rect] = []
        self._codes: dict[str, pygame.Surface] = {}
        self._seen: tuple | None = None

    def _choose(self, value) -> None:
        if value == "done":
            self.app.stack.pop()
            return
        if not self.phones.on_phone(value[1]):
            return
        if value[0] in ("let", "refuse"):
            self.phones.answer(value[1], value[0] == "let")
            self.app.sound.play("click")
            self.app.invalidate()
            return
        self.phones.release(value[1])
        self.app.sound.play("click")
        if not self.phones.active:
            self.app.stack.pop()
        self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """A wide panel: a column per seat, Done beneath."""
        theme = self.app.theme
        pad = theme.px(20)
        w = min(size[0] - 2 * pad, theme.px(940))
        h = min(size[1] - 2 * pad, theme.px(640))
        self.panel = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        button_h = theme.px(52)
        done = self.group.buttons[2]
        done.rect = pygame.Rect(0, 0, theme.px(200), button_h)
        done.rect.midbottom = (self.panel.centerx, self.panel.bottom - pad)
        top = self.panel.top + theme.px(96)
        col_w = (w - 3 * pad) // 2
        self.columns = []
        for seat in (0, 1):
            column = pygame.Rect(self.panel.left + pad + seat * (col_w + pad), top, col_w,
                                 done.rect.top - pad - top)
            self.columns.append(column)
            button = self.group.buttons[seat]
            button.rect = pygame.Rect(column.left, column.bottom - button_h, column.width,
                                      button_h)
            half = (column.width - pad) // 2
            for index, left in ((3 + 2 * seat, column.left),
                                (4 + 2 * seat, column.right - half)):
                self.group.buttons[index].rect = pygame.Rect(
                    left, button.rect.top - pad - button_h, half, button_h)

    def update(self, dt: float) -> None:
        """Close once both phones are in (the game beneath keeps them told: its
        `update_covered`)."""
        self.clock += dt
        seats = sorted(self.phones.seats)
        for seat in (0, 1):
            asking = self.phones.asking(seat)
            self.group.buttons[seat].enabled = not asking
            for index in (3 + 2 * seat, 4 + 2 * seat):
                self.group.buttons[index].enabled = asking
        seen = tuple((self.phones.url(s), self.phones.claimed(s), self.phones.connected(s),
                      self.phones.asking(s), self.phones.code(s)) for s in seats)
        if seen != self._seen:
            self._seen = seen
            self.app.invalidate()
        if not self.auto_close or not seats:
            return
        if all(claimed and connected and not asking
               for _, claimed, connected, asking, _ in seen):
            if self.all_in_since is None:
                self.all_in_since = self.clock
            elif self.clock - self.all_in_since >= AUTO_CLOSE or any(
                    self.phones.has_locked(seat) for seat in seats):
                self.app.stack.pop()  # a choice is in: the game goes on at once
        else:
            self.all_in_since = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons; Escape closes."""
        return self.group.handle_with_escape(event, self.app.stack.pop)

    def _code(self, url: str, most: int) -> pygame.Surface:
        key = f"{most}:{url}"
        if key not in self._codes:
            self._codes = {key: qr_surface(url, most)} | {
                k: v for k, v in self._codes.items() if url not in k}
        return self._codes[key]

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game; a code, an address and a state per seat."""
        theme = self.app.theme
        draw_veil(surface, 170)
        draw_panel(surface, theme, self.panel)
        theme.blit_text(surface, says.TITLE, th.TITLE,
                        (self.panel.centerx, self.panel.top + theme.px(32)), th.TEXT, "center")
        server = self.phones.server
        note = says.note(server.error if server is not None else None,
                         server is not None and server.host == "127.0.0.1"
                         and self.phones.host is None)
        for i, line in enumerate(theme.wrap(note, th.BODY, self.panel.width - theme.px(40))[:2]):
            theme.blit_text(surface, line, th.BODY, (self.panel.centerx,
                            self.panel.top + theme.px(62 + 22 * i)), th.DIM, "center")
        for seat, column in enumerate(self.columns):
            self._draw_seat(surface, seat, column)
        for index, button in enumerate(self.group.buttons):
            seat = index if index < 2 else (index - 3) // 2
            shown = button.enabled and self.phones.on_phone(seat) if index > 2 else (
                index == 2 or self.phones.on_phone(index))
            if shown:
                draw_button(surface, theme, button, **self.group.looks(index), size=th.LABEL)

    def _draw_seat(self, surface: pygame.Surface, seat: int, column: pygame.Rect) -> None:
        theme = self.app.theme
        state = self.play.turns.match.state
        colour = self.play.board.seat_colours[seat]
        y = column.top
        theme.blit_text(surface, state.seat_name(seat), th.HEADING, (column.centerx, y), colour,
                        "midtop")
        y += theme.px(36)
        button_top = self.group.buttons[seat].rect.top
        if not self.phones.on_phone(seat):
            theme.blit_text(surface, says.ON_THIS_SCREEN, th.BODY,
                            (column.centerx, y + theme.px(20)), th.DIM, "midtop")
            return
        url, address = self.phones.url(seat), self.phones.address()
        claimed, connected = self.phones.claimed(seat), self.phones.connected(seat)
        typed = spaced(self.phones.code(seat))
        where = (address or "").removeprefix("http://")
        if self.phones.asking(seat):
            name = state.seat_name(seat)
            lines = [(says.let_in_question(name), th.LABEL, th.ACCENT)] + [
                (line, th.BODY, th.TEXT)
                for line in theme.wrap(says.let_in_details(name), th.BODY, column.width)]
            for text, size, tint in lines:
                theme.blit_text(surface, text, size, (column.centerx, y), tint, "midtop")
                y += theme.line(size) + theme.px(4)
            return
        if claimed:
            words = says.phone_state(connected)
            area = pygame.Rect(column.left, y, column.width, button_top - y)
            theme.blit_text(surface, words, th.LABEL, area.center,
                            CONNECTED if connected else th.WARNING, "center")
            theme.blit_text(surface, says.new_phone(where, typed), th.CAPTION,
                            (column.centerx, area.centery + theme.px(30)), th.DIM, "midtop")
            return
        if url is None:
            theme.blit_text(surface, says.STARTING, th.BODY, (column.centerx, y + theme.px(20)),
                            th.DIM, "midtop")
            return
        line_h, code_h = theme.line(th.BODY), theme.line(CODE_SIZE)
        room = button_top - theme.px(14) - 2 * line_h - code_h - theme.px(8) - y
        code = self._code(url, max(60, min(room, column.width)))
        surface.blit(code, code.get_rect(midtop=(column.centerx, y)))
        y += code.get_height() + theme.px(8)
        theme.blit_text(surface, says.open_address(where), th.BODY, (column.centerx, y), th.TEXT,
                        "midtop")
        y += line_h
        theme.blit_text(surface, says.TYPE_THE_CODE, th.BODY, (column.centerx, y), th.DIM,
                        "midtop")
        y += line_h
        theme.blit_text(surface, typed, CODE_SIZE, (column.centerx, y), colour, "midtop")
