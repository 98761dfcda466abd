"""The packaged app's entry point, and where a process multiprocessing starts branches off.

The bots think in a "spawn" worker process, which in the frozen app is this executable run
again (`--multiprocessing-fork name=value ...`), with a resource tracker beside it on Linux and
macOS (`-c "from multiprocessing.resource_tracker import main;main(N)"`). Such a process becomes
what it was started as here, before the app loads; only then is multiprocessing imported, so the
app's own launch does not pay for it (packaging/hooks stops PyInstaller's hook importing it).
"""
import sys

TRACKER = "from multiprocessing.resource_tracker import main;main("


def become_multiprocessing_child(args: list[str]) -> bool:
    """If multiprocessing started this process, run what it was started for; whether it did."""
    if args[:1] == ["--multiprocessing-fork"]:
        from multiprocessing import spawn

        options = {}
        for arg in args[1:]:
            name, _, value = arg.partition("=")
            options[name] = None if value == "None" else int(value)
        spawn.spawn_main(**options)  # the worker's whole life
        return True
    if "-c" in args[:-1]:
        code = args[args.index("-c") + 1]
        if code.startswith(TRACKER) and code.endswith(")") and code[len(TRACKER):-1].isdigit():
            from multiprocessing.resource_tracker import main as track

            track(int(code[len(TRACKER):-1]))
            return True
    return False


if __name__ == "__main__":
    if become_multiprocessing_child(sys.argv[1:]):
        sys.exit()
    from scenes.main import main
    sys.exit(main())
