"""The executable's parts: the self-test (run from source), build.spec, icons, the .desktop file.

CI also builds the executable with PyInstaller and runs its self-test (.ci/run); these tests keep
the parts honest without a build.
"""
from __future__ import annotations

import configparser
import importlib.util
import os
import pkgutil
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.registry import GAMES
from scenes.boards import BOARD_MODULES
from scenes.shell.synth import EFFECTS
from scenes.tools import bench_startup
from scenes.tools.selftest import ICON_MAGIC, SelfTestFailure, check_assets

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
    code = ("import sys; from scenes.tools.selftest import run_self_test; "
            "sys.exit(run_self_test(5, 1.0))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "timed out" in result.stderr


def _run_spec(monkeypatch, platform: str) -> dict:
    """Execute build.spec as PyInstaller would, with recording stand-ins; what it made, by kind."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [
        info.name for info in pkgutil.walk_packages(
            importlib.import_module(package).__path__, package + ".")]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
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


def test_the_spec_builds_a_windowed_quintet_with_every_asset_and_board(monkeypatch):
    made = _run_spec(monkeypatch, "linux")
    exe, analysis = made["EXE"], made["Analysis"]
    assert exe.kwargs["name"] == "Quintet" and exe.kwargs["console"] is False
    assert made["COLLECT"].kwargs["name"] == "Quintet"  # one folder: dist/Quintet/Quintet
    assert "BUNDLE" not in made
    bundled = set()
    for source, target in analysis.kwargs["datas"]:
        source = Path(source)
        files = [p for p in source.rglob("*") if p.is_file()] if source.is_dir() else [source]
        base = source if source.is_dir() else source.parent
        bundled |= {(Path(target) / p.relative_to(base)).as_posix() for p in files}
    expected = {f"assets/sounds/{name}.wav" for name in EFFECTS}
    expected |= {f"assets/rules/{game_id}.md" for game_id in GAMES}
    expected |= {f"assets/icons/{name}" for name in ICON_MAGIC} | {"assets/LICENSES"}
    assert expected <= bundled
    assert set(BOARD_MODULES.values()) <= set(analysis.kwargs["hiddenimports"])
    assert tuple(analysis.kwargs["excludes"]) == bench_startup.FLOOR_EXCLUDES
    entry = Path(analysis.args[0][0])
    assert entry.is_file() and "freeze_support()" in entry.read_text()


@pytest.mark.parametrize("platform, suffix", [("win32", ".ico"), ("darwin", ".icns")])
def test_the_spec_gives_each_platform_its_icon_and_macos_a_bundle(monkeypatch, platform, suffix):
    made = _run_spec(monkeypatch, platform)
    icon = Path(made["EXE"].kwargs["icon"])
    assert icon.suffix == suffix and icon.is_file()
    if platform == "darwin":
        assert made["BUNDLE"].kwargs["name"] == "Quintet.app"
        assert Path(made["BUNDLE"].kwargs["icon"]).is_file()
    else:
        assert "BUNDLE" not in made


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


def test_the_linux_desktop_file_launches_quintet_with_its_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "quintet.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Quintet"
    assert desktop["Exec"] == "Quintet" and desktop["Terminal"] == "false"
    assert (ASSETS / "icons" / f"{desktop['Icon']}.png").is_file()
