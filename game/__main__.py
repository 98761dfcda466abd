"""`python -m game` starts the Quintet app: it hands over to the app's own command
(`scenes.main`, run by name as `python -m scenes.main` would be), so the engine package imports
nothing of the app."""
import runpy

runpy.run_module("scenes.main", run_name="__main__", alter_sys=True)
