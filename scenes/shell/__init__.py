"""The app shell: frame loop, scene stack, Scene base, theme, widgets, sound, kiosk mode."""
