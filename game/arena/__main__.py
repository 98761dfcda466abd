"""`python -m game.arena`: the bot arena's command, kept short (the tool is `game.tools.arena`)."""
import multiprocessing
import sys

if __name__ == "__main__":
    from game.tools.lengths import main  # the arena's command, --lengths and all

    multiprocessing.freeze_support()
    sys.exit(main())
