"""`python -m game.arena`: the bot arena's command (the tool is `game.tools.arena`). A research
tool, like game.tools: neither the wheel nor the executable carries it."""
