"""The kiosk's screens: the self-running demo and the two-touch quick start."""
