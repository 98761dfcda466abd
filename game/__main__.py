"""`python -m game` starts the Quintet app (the one module of game/ that reaches pygame)."""
import sys

from scenes.main import main

sys.exit(main())
