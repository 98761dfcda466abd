"""Every screen by name: the one module that knows them all, handed to the App by its builder.

A screen asks the shell for the next one by name (`app.go("results", play=self)`), so no screen
imports another. Each route imports its screen only when first asked for: the main menu shows
before the play screen, the boards and the bots are loaded.
"""
from __future__ import annotations

from types import MappingProxyType

from scenes.shell.app import Route


def _menu(app, **arguments):
    from scenes.screens.menu import MainMenu
    return MainMenu(app, **arguments)


def _pause(app, **arguments):
    from scenes.screens.menu import PauseScene
    return PauseScene(app, **arguments)


def _select(app, **arguments):
    from scenes.screens.select import GameSelect
    return GameSelect(app, **arguments)


def _rules(app, **arguments):
    from scenes.screens.rules_view import RulesScene
    return RulesScene(app, **arguments)


def _settings(app, **arguments):
    from scenes.screens.settings_view import SettingsScene
    return SettingsScene(app, **arguments)


def _about(app, **arguments):
    from scenes.screens.about_view import AboutScene
    return AboutScene(app, **arguments)


def _stats(app, **arguments):
    from scenes.screens.stats_view import StatsScene
    return StatsScene(app, **arguments)


def _records(app, **arguments):
    from scenes.screens.records_view import RecordsScene
    return RecordsScene(app, **arguments)


def _confirm(app, **arguments):
    from scenes.screens.dialog import ConfirmScene
    return ConfirmScene(app, **arguments)


def _error(app, **arguments):
    from scenes.screens.error_view import ErrorScene
    return ErrorScene(app, **arguments)


def _play(app, **arguments):
    from scenes.play.play import PlayScene
    return PlayScene(app, **arguments)


def _learn(app, **arguments):
    from scenes.play.play import PlayScene
    return PlayScene.learn(app, **arguments)


def _continue(app, **arguments):
    from scenes.play.play import PlayScene
    return PlayScene.from_save(app, **arguments)


def _handoff(app, **arguments):
    from scenes.play.handoff import HandoffScene
    return HandoffScene(app, **arguments)


def _phones(app, **arguments):
    from scenes.play.phones_view import PhonesScene
    return PhonesScene(app, **arguments)


def _results(app, **arguments):
    from scenes.play.results import ResultsScene
    return ResultsScene(app, **arguments)


def _replay(app, **arguments):
    from scenes.play.replay import ReplayScene
    return ReplayScene(app, **arguments)


def _review(app, **arguments):
    from scenes.play.review import ReviewScene
    return ReviewScene(app, **arguments)


def _demo(app, **arguments):
    from scenes.kiosk.attract import AttractScene
    return AttractScene(app, **arguments)


def _still_playing(app, **arguments):
    from scenes.kiosk.still_playing import StillPlayingScene
    return StillPlayingScene(app, **arguments)


def _quickstart(app, **arguments):
    from scenes.kiosk.quickstart import QuickStartScene
    return QuickStartScene(app, **arguments)


ROUTES: MappingProxyType[str, Route] = MappingProxyType({
    "menu": _menu,  # the main menu
    "pause": _pause,  # over a game: play=
    "select": _select,  # the game cards, then a game's options
    "rules": _rules,  # game_id= (None: every game)
    "settings": _settings,
    "about": _about,  # the version and licences, from Settings: tab= ("licence", "notices")
    "stats": _stats,
    "records": _records,
    "confirm": _confirm,  # a yes/no question: title=, question=, yes=, no=, on_yes=, on_no=
    "error": _error,  # after a rescued error: details=
    "play": _play,  # a new game: setup= (a GameSetup: the game, options, seed, seats,
    # level, demo, hints, phones; scenes/play/parts/setup.py)
    "learn": _learn,  # a guided first game (a lesson, then play on against Easy): game_id=
    "continue": _continue,  # a saved game carried on: saved=
    "handoff": _handoff,  # "Pass to <name>": name=, on_ready=, play=
    "phones": _phones,  # the phones' codes over a game: play=, auto_close=
    "results": _results,  # over a finished game: play=
    "replay": _replay,  # a game record stepped both ways: record=, name=, book= (worked out),
    # start= (the position shown first)
    "review": _review,  # a look back at a record: record=, name=, book=, on_pick= (a replay's)
    "demo": _demo,  # the kiosk's self-running demo: kiosk=
    "quickstart": _quickstart,  # the kiosk's two-touch start
    "still_playing": _still_playing,  # the kiosk's "Still playing?" countdown: kiosk=
})
