"""The app shell: window and frame loop, scene stack, Scene base, theme, widgets, sound, kiosk mode."""
