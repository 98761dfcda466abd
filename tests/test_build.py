"""The executable's parts: the self-test (run from source), build.spec, the icons.

CI also builds the executable with PyInstaller and runs its self-test (.ci/run); these tests keep
the parts honest without a build.
"""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import os
import pkgutil
import re
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.registry import GAMES, PARTS
from scenes.shell.synth import EFFECTS
from scenes.selftest import (
    ICON_MAGIC,
    RESEARCH,
    SCREENS,
    SelfTestFailure,
    app_module_names,
    check_assets,
    check_modules,
    module_names,
    research_modules,
)

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


def _env(tmp_path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                QUINTET_CONFIG_DIR=str(tmp_path / "config"))


def test_the_self_test_passes_from_source_with_a_bot_move_in_every_game(tmp_path):
    home = tmp_path / "home"  # the player's folders (settings, saves, logs) are under HOME
    home.mkdir()
    env = {name: value for name, value in _env(tmp_path).items()
           if not name.startswith(("QUINTET_", "XDG_"))}
    result = subprocess.run([sys.executable, "-m", "game", "--self-test", "1"], cwd=ROOT,
                            env=dict(env, HOME=str(home)), capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert list(home.rglob("*")) == []  # it wrote none of the player's files
    lines = result.stdout.splitlines()
    assert lines[-1] == f"self-test: {1 + len(GAMES)} passed, 0 failed"
    assert any(line.startswith(f"assets: {len(EFFECTS)} sounds") for line in lines)
    modules = len(_app_module_files()) - 2  # the top packages' __init__ load before any check
    assert f"modules: {modules} of the app's modules imported" in lines
    assert f"screens: {', '.join(SCREENS)} shown" in lines
    assert not any(line.startswith("pygame-ce ") for line in lines)  # no pygame banner
    for game_id in GAMES:
        row = next(line for line in lines if line.startswith(game_id + " "))
        assert int(row.split("bot moves")[0].split()[-1]) >= 1, row


def test_the_self_test_names_every_missing_or_broken_asset(tmp_path, monkeypatch):
    import pygame

    bundle = tmp_path / "bundle"
    shutil.copytree(ASSETS, bundle / "assets")
    (bundle / "assets" / "sounds" / "win.wav").unlink()
    (bundle / "assets" / "rules" / "synch.md").unlink()
    (bundle / "assets" / "icons" / "quintet.ico").write_bytes(b"not an icon")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)  # as a frozen app
    pygame.mixer.init()
    try:
        with pytest.raises(SelfTestFailure) as failure:
            check_assets()
    finally:
        pygame.mixer.quit()
    message = str(failure.value)
    assert "win.wav" in message and "synch.md" in message and "quintet.ico" in message
    assert "click.wav" not in message


def test_every_asset_loads_from_the_source_tree():
    import pygame

    pygame.mixer.init()
    try:
        assert check_assets()[0].startswith(f"assets: {len(EFFECTS)} sounds")
    finally:
        pygame.mixer.quit()


def test_the_watchdog_ends_a_self_test_that_runs_too_long(tmp_path):
    code = ("import sys; from scenes.selftest import run_self_test; "
            "sys.exit(run_self_test(5, 1.0))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "timed out" in result.stderr


def _run_spec(monkeypatch, platform: str, **environ: str) -> dict:
    """Execute build.spec as PyInstaller would, with recording stand-ins; what it made, by kind."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [
        info.name for info in pkgutil.walk_packages(
            importlib.import_module(package).__path__, package + ".")]
    hooks.copy_metadata = lambda package: [  # a distribution's metadata folder, as PyInstaller's
        (str(next(Path(p.locate()).parent for p in importlib.metadata.files(package)
                  if p.name == "METADATA")), f"{package}.dist-info")]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    for name in ("QUINTET_ONEFILE", "QUINTET_BUILD_FLOOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    made = {}

    def recorder(kind: str) -> type:
        def keep(self, *args, **kwargs) -> None:
            self.args, self.kwargs = args, kwargs
            self.pure = self.scripts = self.binaries = self.datas = ()
            made[kind] = self
        return type(kind, (), {"__init__": keep})

    kinds = {kind: recorder(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec = ROOT / "build.spec"
    exec(compile(spec.read_text(), str(spec), "exec"), {"SPECPATH": str(ROOT), **kinds})
    return made


def _bundled_files(analysis) -> set[str]:
    bundled = set()
    for source, target in analysis.kwargs["datas"]:
        source = Path(source)
        files = [p for p in source.rglob("*") if p.is_file()] if source.is_dir() else [source]
        base = source if source.is_dir() else source.parent
        bundled |= {(Path(target) / p.relative_to(base)).as_posix() for p in files}
    return bundled


def _app_module_files() -> list[Path]:
    """The app's source files: scenes/ and game/ without the tools (game/tools/, game/arena/,
    scenes/tools/) and __main__."""
    return [path for package in ("scenes", "game")
            for path in sorted((ROOT / package).rglob("*.py"))
            if not {"tools", "arena"} & set(path.relative_to(ROOT).parts[:-1])
            and path.name != "__main__.py"]


def test_the_spec_builds_a_windowed_stripped_quintet_with_every_asset_and_board(monkeypatch):
    made = _run_spec(monkeypatch, "linux")
    exe, analysis = made["EXE"], made["Analysis"]
    assert exe.kwargs["name"] == "Quintet" and exe.kwargs["console"] is False
    assert exe.kwargs["strip"] is True and made["COLLECT"].kwargs["strip"] is True
    assert made["COLLECT"].kwargs["name"] == "Quintet"  # one folder: dist/Quintet/Quintet
    assert "BUNDLE" not in made
    expected = {f"assets/sounds/{name}.wav" for name in EFFECTS}
    expected |= {f"assets/rules/{game_id}.md" for game_id in GAMES}
    expected |= {f"assets/lessons/{game_id}.json" for game_id in GAMES}
    expected |= {f"assets/figures/{game_id}.json" for game_id in GAMES}
    expected |= {f"assets/icons/{name}" for name in ICON_MAGIC}
    expected |= {"assets/LICENSES", "assets/solved/tug_of_war.bin", "pyproject.toml",
                 "assets/phone/phone.html", "qrcode.dist-info/LICENSE"}
    assert expected <= _bundled_files(analysis)
    hidden = analysis.kwargs["hiddenimports"]
    assert {parts.board for parts in PARTS.values()} <= set(hidden)
    assert set(app_module_names()) <= set(hidden)
    assert not research_modules(hidden)
    entry = Path(analysis.args[0][0])
    assert entry == ROOT / "packaging" / "quintet_entry.py"
    hooks = Path(analysis.kwargs["hookspath"][0])  # in place of PyInstaller's multiprocessing hook
    assert "'multiprocessing'" in (hooks / "rthooks.dat").read_text()
    assert (hooks / "rthooks" / "quintet_rth_multiprocessing.py").is_file()


def test_numpy_and_pygames_numpy_arrays_are_never_bundled(monkeypatch):
    excludes = _run_spec(monkeypatch, "linux")["Analysis"].kwargs["excludes"]
    assert {"numpy", "pygame.surfarray", "pygame.sndarray"} <= set(excludes)


def _unguarded_imports(path: Path) -> set[str]:
    """The modules a file imports, but those in a `try` that catches ImportError."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(handler.type, ast.Name) and handler.type.id in ("ImportError",
                                                                          "ModuleNotFoundError")
                for handler in node.handlers):
            guarded |= {id(inner) for statement in node.body for inner in ast.walk(statement)}
    names = set()
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_spec_leaves_out_nothing_the_app_imports(monkeypatch, platform):
    """The self-test imports every module of a build; this also sees imports inside functions."""
    excludes = _run_spec(monkeypatch, platform)["Analysis"].kwargs["excludes"]
    files = _app_module_files() + [ROOT / "packaging" / "quintet_entry.py"]
    needed = {f"{path.relative_to(ROOT)}: {name}" for path in files
              for name in _unguarded_imports(path)
              for excluded in excludes if name == excluded or name.startswith(excluded + ".")}
    assert not needed, f"build.spec excludes modules the app imports: {sorted(needed)}"


def test_the_checker_sees_an_import_inside_a_function_and_forgives_a_guarded_one(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def later():\n    import csv\n"
                      "try:\n    import tomllib.x\nexcept ImportError:\n    pass\n")
    assert _unguarded_imports(module) == {"csv"}


def test_the_one_file_build_packs_everything_into_one_executable(monkeypatch):
    made = _run_spec(monkeypatch, "linux", QUINTET_ONEFILE="1")
    exe = made["EXE"]
    assert exe.kwargs["name"] == "Quintet-onefile" and exe.kwargs["console"] is False
    assert "COLLECT" not in made and "BUNDLE" not in made
    assert len(exe.args) >= 4 and "exclude_binaries" not in exe.kwargs  # binaries and data in


def test_the_startup_floor_is_built_the_same_way_but_bare(monkeypatch):
    quintet = _run_spec(monkeypatch, "linux")
    floor = _run_spec(monkeypatch, "linux", QUINTET_BUILD_FLOOR="1")
    assert Path(floor["Analysis"].args[0][0]).name == "bare_window.py"
    assert floor["Analysis"].kwargs["excludes"] == quintet["Analysis"].kwargs["excludes"]
    assert floor["Analysis"].kwargs["datas"] == [] == floor["Analysis"].kwargs["hiddenimports"]
    options = ("console", "upx", "strip")
    assert [floor["EXE"].kwargs[o] for o in options] == \
        [quintet["EXE"].kwargs[o] for o in options]
    assert floor["COLLECT"].kwargs["name"] == "bare_window"


def _load_entry():
    spec = importlib.util.spec_from_file_location("quintet_entry",
                                                  ROOT / "packaging" / "quintet_entry.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not as __main__: the app does not start
    return module


_NOT_TRACKER = "from multiprocessing.resource_tracker import main;main(x)"


@pytest.mark.parametrize("args", [[], ["--game", "strands"], ["-c"], ["--self-test", "-c"],
                                  ["-c", "import os; os.system('x')"], ["-c", _NOT_TRACKER]])
def test_the_entry_starts_the_app_unless_multiprocessing_started_the_process(args):
    assert _load_entry().become_multiprocessing_child(args) is False


def test_the_entry_turns_a_process_multiprocessing_started_into_what_it_was_started_as(
        monkeypatch):
    import multiprocessing.resource_tracker
    import multiprocessing.spawn
    calls = []
    monkeypatch.setattr(multiprocessing.spawn, "spawn_main", lambda **kw: calls.append(kw))
    monkeypatch.setattr(multiprocessing.resource_tracker, "main", lambda fd: calls.append(fd))
    entry = _load_entry()
    assert entry.become_multiprocessing_child(
        ["--multiprocessing-fork", "tracker_fd=7", "pipe_handle=9"])  # the bots' worker
    assert entry.become_multiprocessing_child(
        ["-B", "-S", "-I", "-c", "from multiprocessing.resource_tracker import main;main(5)"])
    assert entry.become_multiprocessing_child(
        ["--multiprocessing-fork", "parent_pid=12", "pipe_handle=None"])  # as on Windows
    assert calls == [{"tracker_fd": 7, "pipe_handle": 9}, 5,
                     {"parent_pid": 12, "pipe_handle": None}]


@pytest.mark.parametrize("platform, suffix", [("win32", ".ico"), ("darwin", ".icns")])
def test_the_spec_gives_each_platform_its_icon_and_macos_a_bundle(monkeypatch, platform, suffix):
    made = _run_spec(monkeypatch, platform)
    icon = Path(made["EXE"].kwargs["icon"])
    assert icon.suffix == suffix and icon.is_file()
    assert made["EXE"].kwargs["strip"] is False  # Windows DLLs and signed macOS libraries
    if platform == "darwin":
        assert made["BUNDLE"].kwargs["name"] == "Quintet.app"
        assert Path(made["BUNDLE"].kwargs["icon"]).is_file()
    else:
        assert "BUNDLE" not in made


def test_the_installed_package_holds_every_package_of_the_tree():
    """`pip install .` (not editable) ships only the packages pyproject.toml lists: every one
    of the tree but the research tools."""
    import tomllib
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    in_tree = {".".join(path.parent.relative_to(ROOT).parts)
               for package in ("game", "scenes") for path in (ROOT / package).rglob("__init__.py")}
    assert set(listed["packages"]) == in_tree - set(RESEARCH) | {"quintet_assets"}
    assert listed["package-dir"]["quintet_assets"] == "assets"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return struct.unpack(">II", data[16:24])


def _load_icon_maker():
    path = ROOT / "packaging" / "make_icons.py"
    spec = importlib.util.spec_from_file_location("quintet_make_icons", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check_icon_files(folder: Path, maker) -> None:
    png = (folder / "quintet.png").read_bytes()
    assert _png_size(png) == (maker.PNG_SIZE, maker.PNG_SIZE)
    ico = (folder / "quintet.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(maker.ICO_SIZES))
    for index, size in enumerate(maker.ICO_SIZES):
        side, _, _, _, _, bits, length, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * index: 22 + 16 * index])
        assert (side or 256, bits) == (size, 32)
        assert _png_size(ico[offset:offset + length]) == (size, size)
    icns = (folder / "quintet.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, seen = 8, {}
    while at < len(icns):
        code, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        seen[code] = _png_size(icns[at + 8:at + length])[0]
        at += length
    assert seen == dict(maker.ICNS_TYPES)


def test_the_committed_icons_are_png_ico_and_icns_at_every_size():
    _check_icon_files(ASSETS / "icons", _load_icon_maker())


def test_the_icon_maker_draws_all_three_files(tmp_path):
    maker = _load_icon_maker()
    maker.write_icons(tmp_path)
    _check_icon_files(tmp_path, maker)


BUILT = ROOT / "build" / "build" / "PYZ-00.toc"  # PyInstaller's list of the modules it archived


def wheel_modules(names: list[str]) -> list[str]:
    """The modules (dotted) among a wheel's file names."""
    return [name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for name in names if name.endswith(".py")]


def built_modules(toc: str) -> list[str]:
    """The modules a PyInstaller build archived, from its PYZ-00.toc."""
    return re.findall(r"\(\s*'([\w.]+)',\s*'[^']*',\s*'PYMODULE'\s*\)", toc)


def test_the_tools_check_names_every_tool_and_nothing_of_the_app():
    """`research_modules` finds every module under the tools' folders and nothing else, in
    module names, a wheel's file names and a build's archive list alike."""
    found = module_names()
    tools = {".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
             for folder in ("game/tools", "game/arena", "scenes/tools")
             for path in (ROOT / folder).rglob("*.py")}
    assert set(research_modules(found)) == tools and len(tools) > 30
    assert not research_modules(app_module_names())
    assert {"scenes.selftest", "scenes.desktop"} <= set(app_module_names())  # the app's own
    assert research_modules(["game.toolsmith", "scenes.tool", "game.bots.tools_x"]) == []
    assert wheel_modules(["scenes/tools/soak.py", "scenes/tools/__init__.py", "game/x.txt"]) \
        == ["scenes.tools.soak", "scenes.tools"]
    toc = ("('PYZ-00.pyz',\n [('game.bots', '/r/game/bots/__init__.py', 'PYMODULE'),\n"
           "  ('scenes.tools.fuzz_ui',\n   '/r/scenes/tools/fuzz_ui.py',\n   'PYMODULE')])")
    assert research_modules(built_modules(toc)) == ["scenes.tools.fuzz_ui"]


def test_a_frozen_self_test_fails_when_its_bundle_holds_a_tool(monkeypatch):
    """Run from source, where the tools are there, as if frozen: the self-test names them."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(SelfTestFailure, match="carries research tools: .*scenes.tools.soak"):
        check_modules()


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_build_takes_no_research_tool(monkeypatch, platform):
    made = _run_spec(monkeypatch, platform)["Analysis"].kwargs
    taken = research_modules(made["hiddenimports"])
    assert not taken, f"the build would bundle research tools: {taken}"
    assert set(RESEARCH) <= set(made["excludes"])  # nor follow an import into them


def test_the_built_app_carries_no_research_tool():
    """The modules the last build archived (.ci/run runs this after building): the app's, and
    no tool."""
    if not BUILT.is_file():
        pytest.skip("no build here (.venv/bin/pyinstaller build.spec makes one)")
    archived = built_modules(BUILT.read_text(encoding="utf-8"))
    assert set(app_module_names()) <= set(archived)  # the list was read
    shipped = research_modules(archived)
    assert not shipped, f"the build carries research tools: {shipped}"


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.install
def test_the_wheel_carries_no_research_tool(tmp_path):
    """The wheel `pip install .` makes: the app's packages and no tool (game/tools, game/arena,
    scenes/tools), built as pip builds it, in an environment of its own, with setuptools from
    the package index."""
    import zipfile
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    [wheel] = tmp_path.glob("quintet-*.whl")
    modules = wheel_modules(zipfile.ZipFile(wheel).namelist())
    assert set(app_module_names()) <= set(modules)  # the app is there, self-test and all
    research = research_modules(modules)
    assert not research, f"the wheel carries research tools: {research[:5]}"
