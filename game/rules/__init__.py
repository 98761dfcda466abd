"""One module per game: its rules in plain words, its moves, events and state."""
