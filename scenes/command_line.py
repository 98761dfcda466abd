"""The `quintet` command line: its options, checked, with a one-line complaint for a bad one.

Only the standard library loads here, so `--version`, `--help` and a mistyped argument answer
at once; a launch with no arguments (a double-click) does not load argparse at all
(scenes/main.py takes NO_ARGUMENTS instead: tests/test_command_line.py keeps the two alike).
"""
from __future__ import annotations

import argparse
from typing import NoReturn, Sequence

EXIT_USAGE = 2


class QuintetParser(argparse.ArgumentParser):
    """argparse with a one-line complaint: a bad argument is named, and the exit status is 2."""

    def error(self, message: str) -> NoReturn:
        """Say what is wrong in one line (no usage block) and exit with status 2."""
        line = " ".join(message.split())
        self.exit(EXIT_USAGE, f"{self.prog}: {line} (see {self.prog} --help)\n")


class _SayAndExit(argparse.Action):
    """An option that takes no value, prints something and exits (as argparse's --help does)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)


class HelpWithGames(_SayAndExit):
    """-h/--help: the usual help, then the games and computer levels (the engine loads only now)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace, values,
                 option_string=None) -> NoReturn:
        from game.bots import LEVEL_NAMES
        from game.registry import GAMES
        width = max(len(game_id) for game_id in GAMES)
        games = "\n".join(f"  {game_id:{width}}  {spec.title}" for game_id, spec in GAMES.items())
        parser.epilog = (f"games (for --game):\n{games}\n\ncomputer levels (for --vs): "
                         f"{', '.join(LEVEL_NAMES)}")
        parser.print_help()
        parser.exit()


class ShowVersion(_SayAndExit):
    """--version: print "quintet <version>" and exit (read only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace, values,
                 option_string=None) -> NoReturn:
        from scenes.shell.about import quintet_version
        print(f"{parser.prog} {quintet_version()}")
        parser.exit()


def _size(text: str) -> tuple[int, int]:
    from scenes.shell.app import (
        MIN_SIZE,  # pygame loads here: the app is about to start anyway
    )
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1] or width > 10000 or height > 10000:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return width, height


def _game_id(text: str) -> str:
    from game.registry import (
        GAMES,  # only when asked: the rules load after the first frame
    )
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(GAMES)}")
    return text


def _level(text: str) -> str:
    from game.bots import LEVEL_NAMES
    if text not in LEVEL_NAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(LEVEL_NAMES)}")
    return text


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: give more than 0 and less than 3600 seconds")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of `quintet` (a bad one exits with status 2 and a one-line message)."""
    parser = QuintetParser(prog="quintet", description="Five little two-player games.",
                           formatter_class=argparse.RawDescriptionHelpFormatter,
                           allow_abbrev=False, add_help=False)
    parser.add_argument("-h", "--help", action=HelpWithGames,
                        help="show this help, the games and the computer levels, and exit")
    parser.add_argument("--version", action=ShowVersion, help="show the version and exit")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1280x720 (default)")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    parser.add_argument("--kiosk", action="store_true",
                        help="run the self-running demo for game nights (fullscreen unless "
                             "--size is given; the settings name the keys that leave it)")
    parser.add_argument("--game", type=_game_id, metavar="ID",
                        help="start a game of this game at once (hot-seat, or see --vs)")
    parser.add_argument("--vs", type=_level, metavar="LEVEL",
                        help="with --game: play it against the computer at this level "
                             "(listed below); you take the first seat")
    parser.add_argument("--install-desktop", action="store_true",
                        help="Linux: put Quintet in the applications menu with its icon, "
                             "starting this Quintet, and exit")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="Linux: take Quintet out of the applications menu again, and exit")
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)  # tests: run, then stop
    parser.add_argument("--screenshot", help=argparse.SUPPRESS)  # tests: save the last frame here
    parser.add_argument("--report-first-frame", action="store_true",
                        help=argparse.SUPPRESS)  # benchmark: print seconds from launch
    parser.add_argument("--self-test", nargs="?", type=_seconds, const=3.0, metavar="SECONDS",
                        help="check this build: load every asset and module, show the screens, "
                             "watch bots play each game SECONDS (3), then exit")
    args = parser.parse_args(argv)
    if args.vs and not args.game:
        parser.error("--vs needs --game ID: the game to play against the computer")
    if args.install_desktop and args.uninstall_desktop:
        parser.error("--install-desktop and --uninstall-desktop cannot be given together")
    return args
