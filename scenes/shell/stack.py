"""SceneStack: push, pop and replace scenes; changes take effect at the end of the frame."""
from __future__ import annotations

from typing import Callable

import pygame

from scenes.shell.scene_base import SceneBase


class SceneStack:
    """The scenes on screen, bottom to top; only the top one (and modal-less ones) gets input."""

    def __init__(self) -> None:
        self.scenes: list[SceneBase] = []
        self._queued: list[Callable[[], None]] = []
        self.size = (0, 0)

    @property
    def top(self) -> SceneBase | None:
        """The scene on top, or None."""
        return self.scenes[-1] if self.scenes else None

    def shows(self, scene: SceneBase) -> bool:
        """True when the scene is on screen: in the stack, with no opaque scene above it (a
        covered scene is drawn again, whole, when it is uncovered)."""
        if scene not in self.scenes:
            return False
        return not any(above.opaque for above in self.scenes[self.scenes.index(scene) + 1:])

    def push(self, scene: SceneBase) -> None:
        """Put a scene on top (at the end of this frame)."""
        self._queued.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Remove the top scene (at the end of this frame)."""
        self._queued.append(self._pop)

    def replace(self, scene: SceneBase) -> None:
        """Swap the top scene for another (at the end of this frame)."""
        def swap() -> None:
            self._pop(resume=False)
            self._push(scene)
        self._queued.append(swap)

    def reset(self, scene: SceneBase) -> None:
        """Clear the stack and start again from this scene (at the end of this frame)."""
        def apply() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)
        self._queued.append(apply)

    def restart(self, scene: SceneBase) -> list[Exception]:
        """After an error: drop every scene and pending change now, then show this scene.

        Each dropped scene's `exit` still runs (it cancels a bot's search), but one that fails
        cannot stop the others from going; the errors of those that failed are returned.
        """
        self._queued.clear()
        scenes, self.scenes = self.scenes, []
        failures = []
        for old in reversed(scenes):
            try:
                old.exit()
            except Exception as error:  # already recovering: note it and go on
                failures.append(error)
        self._push(scene)
        return failures

    def apply_changes(self) -> bool:
        """Carry out the queued pushes and pops; True if there were any."""
        changed = bool(self._queued)
        while self._queued:
            self._queued.pop(0)()
        return changed

    def _push(self, scene: SceneBase) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.scenes:
            self.scenes[-1].resume()

    def layout(self, size: tuple[int, int]) -> None:
        """Lay out every scene for a new window size."""
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Offer an event to the scenes from the top down, until one consumes it or is modal."""
        for scene in reversed(self.scenes):
            if scene.handle_event(event) or scene.modal:
                return

    def update(self, dt: float) -> None:
        """Update the top scene; a scene beneath an overlay waits, frozen, but for its
        `update_covered` (a game's phones are still heard)."""
        for scene in self.scenes[:-1]:
            scene.update_covered(dt)
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upwards."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
