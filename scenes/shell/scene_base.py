"""SceneBase: the lifecycle every screen follows (enter, exit, pause, resume, events, update,
draw), all the App and the stack need of a screen; Scene (scene.py) adds the App itself."""
from __future__ import annotations

import pygame


class SceneBase:
    """One screen of the app, as the stack runs it. `draw` never changes state; all times are
    seconds.

    `opaque` says whether the scenes beneath are hidden (an overlay sets it False and is drawn
    over them); `modal` says whether events stop here; `redraws_own_input` says the scene asks
    (`app.invalidate(rect)`) for the parts a key, click or pointer move changed on it, so the
    App need not redraw the whole window for each one; `route` is the name the App made it by,
    if any. Screens derive from Scene, which adds `app`; this base names no App, so the App
    (which runs scenes) and Scene (which reaches the App) import no circle.
    """

    opaque = True
    modal = True
    redraws_own_input = False
    route: str | None = None

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped or replaced."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when the scene above this one is popped."""

    def layout(self, size: tuple[int, int]) -> None:
        """Lay out for a window of this size (called on enter and on every resize)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one input event; True if it was consumed."""
        return False

    def hover_key(self):
        """What the mouse is over, as far as drawing goes: the frame is redrawn when it changes."""
        group = getattr(self, "group", None)  # most scenes keep their buttons in a ButtonGroup
        return None if group is None else group.hover

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def update_covered(self, dt: float) -> None:
        """What must go on while another screen covers this one (none by default): work
        others wait on, such as a server's messages; the scene itself stays frozen."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto the window surface."""

    def rescue(self) -> str | None:
        """After an error anywhere: keep what can be kept (a game is saved); a line saying so."""
        return None
