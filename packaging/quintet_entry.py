"""The packaged app's entry point: a bots' worker process branches off before anything loads."""
import multiprocessing
import sys

if __name__ == "__main__":
    # In the frozen app the bots' "spawn" worker is this executable started again: it must turn
    # into the worker here, before the app (pygame, scenes, the window) is imported for nothing.
    multiprocessing.freeze_support()
    from scenes.main import main
    sys.exit(main())
