"""Quintet's pygame front end: scenes, boards, animation (the desktop app; not built yet)."""
