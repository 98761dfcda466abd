"""The release's promises: THIRD_PARTY_NOTICES names everything the build bundles (a test fails
when it does not), the README states the glibc floor the bundled libraries' symbol versions set,
the versions are pinned, and the release command's archive and notes are what it says.

The checks of a real build use dist/Quintet when it is there (.ci/run builds it after the tests,
and runs `packaging/notices.py check` and the floor's check on it too); without a build, the floor
is worked out from the very files the build takes (pygame-ce's wheel, this Python's library and
extension modules, the system's zlib, libffi and libuuid)."""
from __future__ import annotations

import importlib.metadata as metadata
import importlib.util
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "dist" / "Quintet"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the glibc floor is Linux's")


def tool(name: str):
    """A packaging/ tool as a module (packaging/ is no package: the library owns that name)."""
    spec = importlib.util.spec_from_file_location(f"quintet_{name}",
                                                  ROOT / "packaging" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


notices = tool("notices")
inspect_build = tool("inspect_build")
release = tool("release")


def needs_build():
    """The folder build (skip without one)."""
    if not (BUILD / "_internal").is_dir():
        pytest.skip("no folder build in dist/Quintet (.ci/run checks it after building)")
    return BUILD


# ---- the notices -------------------------------------------------------------------------------
def test_the_notices_name_everything_the_build_bundles():
    assert notices.lacking(needs_build()) == []


def test_a_library_the_notices_lack_fails_the_check(tmp_path):
    build = needs_build()
    copy = tmp_path / "Quintet"
    subprocess.run(["cp", "-al", str(build), str(copy)], check=True)  # links: no 30 MB copy
    shutil.copy(BUILD / "_internal" / "libz.so.1", copy / "_internal" / "libmystery.so.2")
    lacking = notices.lacking(copy)
    assert lacking == ["file: libmystery.so.2"]
    with pytest.raises(SystemExit, match="libmystery"):
        notices.render(copy)
    # and a notice taken out of the file is missed too
    text = (ROOT / "THIRD_PARTY_NOTICES").read_text(encoding="utf-8")
    cut = tmp_path / "NOTICES"
    cut.write_text(text.replace("package: websockets", "package: somebody"), encoding="utf-8")
    assert any(item.startswith("package: websockets") for item in notices.lacking(build, cut))


def test_the_notices_as_written_now_are_the_committed_ones():
    """Written again from the build, the notices come out as committed (when the build was
    made with the pinned versions and this Python: otherwise only the check above applies)."""
    build = needs_build()
    pins = release.pinned()
    if release.unpinned(pins):
        pytest.skip("this environment is not the pinned one")
    committed = (ROOT / "THIRD_PARTY_NOTICES").read_text(encoding="utf-8")
    if f"Python {sys.version.split()[0]}" not in committed:
        pytest.skip("the notices were written with another Python")
    assert notices.render(build) == committed


@pytest.mark.parametrize("name, stem", [
    ("libSDL2-2-50d19f93.0.so.0.3200.10", "SDL2"), ("libSDL2_mixer-2-6719e6f6.0.so.0.800.2",
                                                     "SDL2_mixer"),
    ("libpng16-fefdc88d.so.16.58.0", "png16"), ("libz.so.1", "z"), ("SDL2.dll", "SDL2"),
    ("libwebp-7.dll", "webp"), ("libfreetype.6.dylib", "freetype"), ("zlib1.dll", "zlib1"),
])
def test_library_names_are_known_by_their_stem(name, stem):
    assert notices.library_stem(name) == stem
    assert stem in notices.LIBRARIES


def test_every_library_notice_has_its_licence_text():
    for library in notices.LIBRARIES.values():
        assert (notices.LICENSES / library.text).stat().st_size > 300, library.text


# ---- the glibc floor ---------------------------------------------------------------------------
def build_sources() -> list[Path]:
    """The ELF files a Linux build bundles, where the build takes them from."""
    site = Path(metadata.distribution("pygame-ce").locate_file(""))
    files = list((site / "pygame_ce.libs").glob("*.so*")) + list((site / "pygame").glob("*.so"))
    files += list((site / "websockets").glob("*.so"))
    libdir = Path(sysconfig.get_config_var("LIBDIR") or "")
    files += list(libdir.glob("libpython3*.so*"))
    files += list(Path(sysconfig.get_path("platstdlib"), "lib-dynload").glob("*.so"))
    for name in ("libz.so.1", "libffi.so.8", "libuuid.so.1"):
        files += [p for p in (Path("/lib/x86_64-linux-gnu") / name,
                              Path("/usr/lib/x86_64-linux-gnu") / name) if p.exists()][:1]
    return files


@linux_only
def test_the_readme_states_the_glibc_floor_the_bundled_libraries_set():
    if (BUILD / "_internal").is_dir():
        floor = inspect_build.glibc_floor(BUILD)
    else:
        versions = [v for path in build_sources() for v in inspect_build.needed_versions(path)
                    if v.startswith("GLIBC_")]
        floor = max(versions, key=inspect_build.version_key).removeprefix("GLIBC_")
    assert release.readme_floor() == floor, f"the build needs glibc {floor}"


@linux_only
def test_symbol_versions_are_read_as_readelf_reads_them():
    if shutil.which("readelf") is None:
        pytest.skip("no readelf")
    library = Path(sys.executable)
    listed = subprocess.run(["readelf", "-V", "--wide", str(library)], capture_output=True,
                            text=True).stdout
    names = set(re.findall(r"Name: (GLIBC_[\d.]+)", listed))
    assert {v for v in inspect_build.needed_versions(library) if v.startswith("GLIBC_")} == names


def test_the_largest_parts_are_listed_largest_first(tmp_path):
    build = tmp_path / "Quintet"
    (build / "_internal" / "assets" / "solved").mkdir(parents=True)
    (build / "_internal" / "assets" / "solved" / "t.bin").write_bytes(b"x" * 3000)
    (build / "_internal" / "libbig.so").write_bytes(b"x" * 5000)
    (build / "Quintet").write_bytes(b"x" * 100)
    assert inspect_build.largest_parts(build, 3) == [
        ("_internal/libbig.so", 5000), ("_internal/assets/solved", 3000), ("Quintet", 100)]


# ---- the pins ----------------------------------------------------------------------------------
def test_every_dependency_is_pinned_and_installed_as_pinned():
    pins = release.pinned()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    for requirement in wanted:
        name = release.normalise(re.split(r"[<>=!~\[ ]", requirement)[0])
        assert name in pins, f"{name} is not pinned in packaging/constraints.txt"
    for dist in metadata.distributions():
        name = release.normalise(dist.metadata["Name"])
        if name in pins:
            assert dist.version == pins[name], f"{name} {dist.version}, pinned {pins[name]}"


# ---- the release command -----------------------------------------------------------------------
def test_the_release_notes_are_the_changelogs_section_for_the_version():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    section = release.changelog_section(version)
    assert section and "## " not in section
    with pytest.raises(SystemExit):
        release.changelog_section("0.0.0-never")


def test_the_archive_is_the_same_byte_for_byte_whenever_it_is_packed(tmp_path):
    folder = tmp_path / "Quintet"
    (folder / "_internal").mkdir(parents=True)
    (folder / "Quintet").write_bytes(b"\x7fELF app")
    (folder / "Quintet").chmod(0o755)
    (folder / "_internal" / "libz.so.1.2").write_bytes(b"zlib")
    (folder / "_internal" / "libz.so.1").symlink_to("libz.so.1.2")
    extras = {"LICENSE": b"MIT", "install-desktop.sh": b"#!/bin/sh\n"}
    release.pack_tar(folder, extras, tmp_path / "one.tar.gz", 1_700_000_000)
    (folder / "Quintet").touch()  # a later time on disk changes nothing
    release.pack_tar(folder, extras, tmp_path / "two.tar.gz", 1_700_000_000)
    assert (tmp_path / "one.tar.gz").read_bytes() == (tmp_path / "two.tar.gz").read_bytes()
    import tarfile
    with tarfile.open(tmp_path / "one.tar.gz") as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert members["Quintet/install-desktop.sh"].mode == 0o755
    assert members["Quintet/Quintet"].mode == 0o755
    assert members["Quintet/_internal/libz.so.1"].issym()
    assert {m.uid for m in members.values()} == {0}


def test_the_desktop_installer_runs_the_app_beside_it():
    script = (ROOT / "packaging" / "install-desktop.sh").read_text(encoding="utf-8")
    assert 'cd "$(dirname "$0")"' in script and "./Quintet --install-desktop" in script
    assert (ROOT / "packaging" / "install-desktop.sh").stat().st_mode & 0o111
