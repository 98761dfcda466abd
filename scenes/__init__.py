"""Quintet's pygame front end, in rooms by role: shell, store, boards, screens, play, kiosk."""
