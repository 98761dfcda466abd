"""Stands in for PyInstaller's run-time hook for multiprocessing, and does nothing at launch.

PyInstaller's hook imports multiprocessing at every launch of the frozen app (some 20 ms before
the first frame), so that a process multiprocessing starts, the executable run again, becomes
what it was started as. Quintet's entry script does that instead, looking at the command line
first and importing multiprocessing only in such a process (packaging/quintet_entry.py); the
app loads multiprocessing when it first starts the bots' worker, after its first frame.
build.spec puts this folder first among the hook folders, so PyInstaller skips its own hook;
the frozen self-test proves the worker still starts.
"""
