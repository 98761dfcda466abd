"""The play screen, its hand-off and results, and the replay of a finished game."""
