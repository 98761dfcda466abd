"""The `quintet` command line: --version, --help with the games, --game with --vs, one-line
complaints with status 2, no pygame banner, and a first frame without the engine loaded."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import LEVEL_NAMES
from game.registry import GAMES
from scenes import main as quintet_main
from scenes.main import parse_args
from scenes.shell.about import pyproject_version, quintet_version
from tests.support import examples

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
OPTIONS = ("--help", "--version", "--size", "--fullscreen", "--kiosk", "--game", "--vs",
           "--install-desktop", "--uninstall-desktop", "--seconds", "--screenshot",
           "--report-first-frame", "--self-test")


def _quintet(*args: str, tmp_path: Path, module: str = "game") -> subprocess.CompletedProcess:
    """Run `python -m game ARGS` (or another module) headless with its own folders."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(tmp_path / "config"),
               QUINTET_DATA_DIR=str(tmp_path / "data"), QUINTET_LOG_DIR=str(tmp_path / "log"))
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # the app itself must hide the banner
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("module", ["game", "scenes.main"])
def test_version_prints_the_projects_version(tmp_path, module):
    result = _quintet("--version", tmp_path=tmp_path, module=module)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"quintet {VERSION}\n", "")


def test_help_lists_every_game_and_level_without_a_banner(tmp_path):
    result = _quintet("--help", tmp_path=tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: quintet")
    for game_id, spec in GAMES.items():
        assert any(line.split() == [game_id, *spec.title.split()]
                   for line in result.stdout.splitlines()), game_id
    assert f"computer levels (for --vs): {', '.join(LEVEL_NAMES)}" in result.stdout


def test_the_app_runs_without_printing_pygames_banner(tmp_path):
    result = _quintet("--seconds", "0.3", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("args, words", [
    (["--game", "chess"], "argument --game: 'chess' is not one of pulling_strings"),
    (["--vs", "hard"], "--vs needs --game"),
    (["--game", "strands", "--vs", "godlike"], "'godlike' is not one of easy, medium, hard"),
    (["--size", "10x10"], "at least"),
    (["--full"], "unrecognized arguments: --full"),  # no abbreviations: one spelling only
    (["--self-test", "soon"], "'soon' is not a number of seconds"),
    (["--install-desktop", "--uninstall-desktop"], "cannot be given together"),
])
def test_a_bad_argument_gets_one_line_naming_it_and_status_2(capsys, args, words):
    with pytest.raises(SystemExit) as stop:
        parse_args(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err
    assert err.startswith("quintet: ") and err.endswith("(see quintet --help)\n")


_WORDS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


@settings(max_examples=examples(60), deadline=None)
@given(args=st.one_of(
    st.lists(_WORDS.map(lambda word: "--" + word).filter(
        lambda arg: arg.split("=")[0] not in OPTIONS),
             min_size=1, max_size=3),  # options that do not exist
    _WORDS.filter(lambda word: not word.startswith("-")).map(lambda word: [word]),  # strays
    _WORDS.filter(lambda word: word not in GAMES).map(lambda word: ["--game", word]),
    _WORDS.filter(lambda word: word not in LEVEL_NAMES).map(
        lambda word: ["--game", "synch", "--vs", word]),
    _WORDS.map(lambda word: ["--size", word + "x"]),
))
def test_any_bad_command_line_gets_exactly_one_line_and_status_2(args):
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as stop, redirect_stdout(out), redirect_stderr(err):
        parse_args(args)
    assert stop.value.code == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("quintet: "), args


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_game_with_vs_starts_that_game_against_the_computer(monkeypatch, tmp_path, level):
    for name in ("CONFIG", "LOG"):
        monkeypatch.setenv(f"QUINTET_{name}_DIR", str(tmp_path / name))
    started = {}

    def run(app, seconds, screenshot, report):
        scene = app.stack.top
        started.update(route=scene.route, game=scene.spec.id, controllers=scene.turns.controllers,
                       setup=app.play_setup)

    from scenes.shell.app import App
    monkeypatch.setattr(App, "run", run)
    assert quintet_main.main(["--game", "tug_of_war", "--vs", level, "--size", "800x500"]) == 0
    assert started == {"route": "play", "game": "tug_of_war",
                       "controllers": ("human", f"bot:{level}"),
                       "setup": {"opponent": f"bot:{level}", "seat": 0}}


def test_game_alone_is_still_hot_seat(monkeypatch, tmp_path):
    monkeypatch.setenv("QUINTET_CONFIG_DIR", str(tmp_path / "config"))
    seen = []
    from scenes.shell.app import App
    monkeypatch.setattr(App, "run", lambda app, *rest: seen.append(app.stack.top.turns.controllers))
    assert quintet_main.main(["--game", "strands", "--size", "800x500"]) == 0
    assert seen == [("human", "human")]


def test_the_version_comes_from_quintets_pyproject_only(tmp_path, monkeypatch):
    assert quintet_version() == VERSION
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "something-else"\nversion = "9.9"\n')
    assert pyproject_version(other) is None
    other.write_text("not toml [")
    assert pyproject_version(other) is None
    bundle = tmp_path / "bundle"  # a frozen build reads the pyproject.toml it bundles
    bundle.mkdir()
    (bundle / "pyproject.toml").write_text('[project]\nname = "quintet"\nversion = "7.1.2"\n')
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert quintet_version() == "7.1.2"


def test_the_first_frame_needs_no_engine_when_no_game_is_saved(tmp_path):
    """The engine (every game's rules) loads after the menu shows, unless a save needs it."""
    code = ("import sys; from scenes.main import main; main(['--seconds', '0.1']); "
            "print(sorted(m for m in sys.modules if m == 'game' or m.startswith('game.')))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(tmp_path / "c"), QUINTET_DATA_DIR=str(tmp_path / "d"),
               QUINTET_LOG_DIR=str(tmp_path / "l"))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def test_the_settings_screen_shows_the_version(driver, monkeypatch):
    from scenes.shell.theme import Theme
    drawn = []
    original = Theme.blit_text
    monkeypatch.setattr(Theme, "blit_text", lambda self, surface, text, *rest, **kw: (
        drawn.append(text), original(self, surface, text, *rest, **kw))[1])
    driver.app.reset("settings")
    driver.app.stack.apply_changes()
    driver.frames(2)
    assert f"Quintet {VERSION}" in drawn


def test_no_arguments_mean_what_the_parser_says_and_load_no_argparse():
    """A double-click (no arguments) skips argparse, with the very defaults the parser gives."""
    from scenes import command_line
    from scenes.main import NO_ARGUMENTS
    assert vars(command_line.parse_args([])) == NO_ARGUMENTS
    code = ("import sys; from scenes.main import parse_args; args = parse_args([]); "
            "print('argparse' in sys.modules, args.game, args.size)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "None", "None"]
