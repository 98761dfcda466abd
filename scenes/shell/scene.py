"""Scene: a screen of the app, the lifecycle (scene_base.py) and the App it reaches."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.shell.scene_base import SceneBase

if TYPE_CHECKING:  # the App runs scenes as SceneBase and never imports this module
    from scenes.shell.app import App


class Scene(SceneBase):
    """One screen of the app; `app` is the App (scenes/shell/app.py), which holds the settings,
    sound, theme and stack, and shows other screens by name."""

    def __init__(self, app: App) -> None:
        self.app = app

    def redraw(self, rect: pygame.Rect | None = None) -> None:
        """Ask for this screen (or a part of it) to be drawn again, for news that may arrive
        while another screen covers it (a disk read's answer): nothing then, as a covered screen
        is drawn whole when it is uncovered."""
        if self.app.stack.shows(self):
            self.app.invalidate(rect)
