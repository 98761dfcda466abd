"""THIRD_PARTY_NOTICES from what a folder build bundles: every shared library and Python package in
it, each with its licence and licence text.

    python3 packaging/notices.py write [dist/Quintet]   rewrite THIRD_PARTY_NOTICES from the build
    python3 packaging/notices.py check [dist/Quintet]   fail (status 1) naming what the build
                                                        bundles that THIRD_PARTY_NOTICES lacks

Run it with the Python the build was made with (the project's .venv): a Python package's licence
comes from its installed dist-info; Python's, pygame-ce's and the libraries' texts from
packaging/licenses/ (see its README.md). Every file of the build is accounted for: Quintet's own
(its code, assets and licences), Python's, a package's (by its installed RECORD, or its top-level
name), or a shared library matched in LIBRARIES below; a file that is none of these stops the tool,
so a new library cannot slip into a build without a notice. THIRD_PARTY_NOTICES is committed and
bundled by build.spec; `check` (in .ci/run, the release command and tests/test_notices.py) fails
when a build bundles something it does not name.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib.metadata as metadata
import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENSES = ROOT / "packaging" / "licenses"
NOTICES = ROOT / "THIRD_PARTY_NOTICES"
DEFAULT_BUILD = ROOT / "dist" / "Quintet"
RULE = "-" * 100
SHARED = re.compile(r"\.(so(\.[\d.]+)?|dylib|dll|pyd)$")
EXTENSION = re.compile(r"\.(cpython-\d+[^.]*\.so|abi3\.so|pyd)$|\.so$")
OURS = ("game", "scenes", "quintet_entry", "quintet_rth_multiprocessing", "assets",
        "pyproject.toml", "LICENSE", "THIRD_PARTY_NOTICES")
PYINSTALLER_MODULES = ("pyimod", "pyiboot", "pyi_rth_", "_pyi_rth_utils")


@dataclasses.dataclass(frozen=True)
class Library:
    """A native library bundled in the build, and where its licence text is kept."""

    name: str
    licence: str
    source: str
    text: str  # a file under packaging/licenses


# native libraries by their name's stem (without "lib", version and the wheel's hash)
LIBRARIES: dict[str, Library] = {
    "SDL2": Library("SDL2", "Zlib", "https://libsdl.org", "SDL2.txt"),
    "SDL2_image": Library("SDL2_image", "Zlib", "https://github.com/libsdl-org/SDL_image",
                          "SDL2_image.txt"),
    "SDL2_mixer": Library("SDL2_mixer", "Zlib", "https://github.com/libsdl-org/SDL_mixer",
                          "SDL2_mixer.txt"),
    "SDL2_ttf": Library("SDL2_ttf", "Zlib", "https://github.com/libsdl-org/SDL_ttf",
                        "SDL2_ttf.txt"),
    "FLAC": Library("libFLAC", "BSD-3-Clause", "https://xiph.org/flac/", "FLAC.txt"),
    "fluidsynth": Library("FluidSynth", "LGPL-2.1-or-later", "https://www.fluidsynth.org",
                          "fluidsynth.txt"),
    "mpg123": Library("mpg123", "LGPL-2.1-only", "https://www.mpg123.de", "mpg123.txt"),
    "ogg": Library("libogg", "BSD-3-Clause", "https://xiph.org/ogg/", "ogg.txt"),
    "opus": Library("Opus", "BSD-3-Clause", "https://opus-codec.org", "opus.txt"),
    "opusfile": Library("opusfile", "BSD-3-Clause", "https://opus-codec.org", "opusfile.txt"),
    "sndfile": Library("libsndfile", "LGPL-2.1-or-later", "https://libsndfile.github.io/",
                       "sndfile.txt"),
    "vorbis": Library("libvorbis", "BSD-3-Clause", "https://xiph.org/vorbis/", "vorbis.txt"),
    "vorbisenc": Library("libvorbis", "BSD-3-Clause", "https://xiph.org/vorbis/",
                         "vorbis.txt"),
    "vorbisfile": Library("libvorbis", "BSD-3-Clause", "https://xiph.org/vorbis/",
                          "vorbis.txt"),
    "wavpack": Library("WavPack", "BSD-3-Clause", "https://www.wavpack.com", "wavpack.txt"),
    "xmp": Library("libxmp", "LGPL-2.1-or-later (MIT from libxmp 4.6)",
                   "https://xmp.sourceforge.net", "xmp.txt"),
    "freetype": Library("FreeType", "FTL OR GPL-2.0-or-later", "https://freetype.org",
                        "freetype.txt"),
    "harfbuzz": Library("HarfBuzz", "MIT-Modern-Variant", "https://harfbuzz.github.io",
                        "harfbuzz.txt"),
    "jpeg": Library("libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib",
                    "https://libjpeg-turbo.org", "libjpeg-turbo.txt"),
    "png16": Library("libpng", "Libpng-2.0", "http://www.libpng.org", "libpng.txt"),
    "tiff": Library("LibTIFF", "libtiff", "https://libtiff.gitlab.io/libtiff/", "libtiff.txt"),
    "webp": Library("libwebp", "BSD-3-Clause", "https://chromium.googlesource.com/webm/libwebp",
                    "libwebp.txt"),
    "webpdemux": Library("libwebp", "BSD-3-Clause",
                         "https://chromium.googlesource.com/webm/libwebp", "libwebp.txt"),
    "sharpyuv": Library("libwebp", "BSD-3-Clause",
                        "https://chromium.googlesource.com/webm/libwebp", "libwebp.txt"),
    "brotlicommon": Library("Brotli", "MIT", "https://github.com/google/brotli", "brotli.txt"),
    "brotlidec": Library("Brotli", "MIT", "https://github.com/google/brotli", "brotli.txt"),
    "z": Library("zlib", "Zlib", "https://zlib.net", "zlib.txt"),
    "zlib1": Library("zlib", "Zlib", "https://zlib.net", "zlib.txt"),
    "ffi": Library("libffi", "MIT", "https://sourceware.org/libffi/", "libffi.txt"),
    "uuid": Library("libuuid (util-linux)", "BSD-3-Clause",
                    "https://github.com/util-linux/util-linux", "libuuid.txt"),
}
PYTHON = "Python"
PYGAME = "pygame-ce"
# texts kept here for packages whose wheel carries none (pygame-ce's names its licence only), and
# what else a package brings (pygame-ce's default font)
PACKAGE_TEXTS = {PYGAME: ("pygame-ce.txt", "FreeFont.txt")}
PACKAGE_LICENCES = {PYGAME: "LGPL-2.1-or-later"}  # its metadata says "LGPL v2.1"


def library_stem(name: str) -> str:
    """A library file's name without "lib", its version, extension and the wheel's hash."""
    stem = re.sub(r"^lib", "", name)
    stem = re.split(r"\.(so|dylib|dll)\b", stem)[0]
    stem = re.sub(r"-[0-9a-f]{8}(\.\d+)?$", "", stem)  # auditwheel's hash
    stem = re.sub(r"(-\d+(\.\d+)*)+$", "", stem)  # a version after a dash: SDL2-2, webp-7
    return re.sub(r"\.\d+(\.\d+)*$", "", stem)


def is_python_library(name: str) -> bool:
    """libpython3.11.so.1.0, python311.dll, Python (macOS framework)."""
    return re.match(r"^(lib)?python3\.?\d+", name, re.I) is not None or name == "Python"


@dataclasses.dataclass
class Bundle:
    """What a folder build holds, sorted by whose it is."""

    libraries: dict[str, list[str]]  # library key -> its files (paths in the build)
    packages: dict[str, list[str]]  # distribution name -> its files and modules
    python: list[str]  # Python's own files (the library, extension modules, the stdlib zip)
    pyinstaller: list[str]  # the bootloader (the executable) and its run-time modules
    ours: list[str]
    unknown: list[str]


def internal(build: Path) -> Path:
    """The folder holding the bundled files (PyInstaller 6's _internal, or the build itself)."""
    return build / "_internal" if (build / "_internal").is_dir() else build


def distributions_by_file() -> dict[str, str]:
    """Every installed file (a path relative to site-packages) -> its distribution's name."""
    owners = {}
    for dist in metadata.distributions():
        for file in dist.files or ():
            owners[str(file).replace("\\", "/")] = dist.metadata["Name"]
    return owners


def archived_modules(executable: Path) -> list[str]:
    """The Python modules inside the executable's archive (its PYZ) and its scripts."""
    from PyInstaller.archive.readers import CArchiveReader
    archive = CArchiveReader(str(executable))
    names = [name for name, entry in archive.toc.items() if entry[-1] in "msS"]
    for name, entry in archive.toc.items():
        if entry[-1] == "z":
            names += list(archive.open_embedded_archive(name).toc)
    return names


def executable_of(build: Path) -> Path:
    """The app's executable in a folder build."""
    for name in ("Quintet", "Quintet.exe"):
        if (build / name).is_file():
            return build / name
    raise SystemExit(f"notices: no Quintet executable in {build}")


def survey(build: Path) -> Bundle:
    """Sort every file and module of a folder build by whose it is."""
    inside = internal(build)
    owners = distributions_by_file()
    top_owner = {top: dists[0] for top, dists in metadata.packages_distributions().items()}
    stdlib = set(sys.stdlib_module_names)
    bundle = Bundle({}, {}, [], [executable_of(build).name], [], [])
    for path in sorted(inside.rglob("*")):
        if path.is_dir():
            continue
        rel = path.relative_to(inside).as_posix()
        top = rel.split("/")[0]
        name = path.name
        if path.is_symlink():  # a link to a library kept elsewhere in the build
            continue
        if top in OURS:
            bundle.ours.append(rel)
        elif top == "base_library.zip" or top.startswith("python3") or is_python_library(name):
            bundle.python.append(rel)
        elif SHARED.search(name) and library_stem(name) in LIBRARIES:
            bundle.libraries.setdefault(library_stem(name), []).append(rel)
        elif rel in owners:
            bundle.packages.setdefault(owners[rel], []).append(rel)
        elif top.endswith(".dist-info"):
            dist = metadata.distribution(top.rsplit("-", 1)[0])
            bundle.packages.setdefault(dist.metadata["Name"], []).append(rel)
        elif top in top_owner:
            bundle.packages.setdefault(top_owner[top], []).append(rel)
        else:
            bundle.unknown.append(rel)
    for module in archived_modules(executable_of(build)):
        top = module.split(".")[0]
        if top in OURS:
            continue
        if top.startswith(PYINSTALLER_MODULES):
            bundle.pyinstaller.append(module)
        elif top in stdlib or top.startswith("_sysconfigdata") or top == "__future__":
            bundle.python.append(f"{module} (module)")
        elif top in top_owner:
            bundle.packages.setdefault(top_owner[top], []).append(f"{module} (module)")
        else:
            bundle.unknown.append(f"{module} (module)")
    return bundle


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """A distribution's licence texts from its dist-info: (file name, text)."""
    texts = []
    for file in dist.files or ():
        parts = str(file).replace("\\", "/").split("/")
        if parts[0].endswith(".dist-info") and re.match(
                r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", parts[-1], re.I):
            texts.append(("/".join(parts[1:]), file.read_text(encoding="utf-8")))
    return texts


def licence_of(dist: metadata.Distribution) -> str:
    """A distribution's licence as its metadata states it."""
    meta = dist.metadata
    if meta["Name"] in PACKAGE_LICENCES:
        return PACKAGE_LICENCES[meta["Name"]]
    stated = meta.get("License-Expression") or (meta.get("License") or "").split("\n")[0]
    if not stated or len(stated) > 60:
        classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or ()
                       if c.startswith("License ::")]
        stated = "; ".join(classifiers) or stated[:60]
    return stated.strip()


def shared_files(files: list[str]) -> list[str]:
    """The shared libraries among files, Python extension modules aside."""
    return [f for f in files if SHARED.search(f) and not EXTENSION.search(f.split("/")[-1])]


def extension_count(files: list[str]) -> int:
    """How many Python extension modules are among files."""
    return sum(1 for f in files if EXTENSION.search(f.split("/")[-1]) and "/" in f)


def render(build: Path, lenient: bool = False) -> str:
    """The text of THIRD_PARTY_NOTICES for this build (`lenient`: files no notice covers are
    listed as such instead of stopping: for the Windows and macOS builds, whose libraries have
    other names and are not all recorded yet)."""
    bundle = survey(build)
    if bundle.unknown and not lenient:
        raise SystemExit("notices: the build bundles what no notice covers (add it to "
                         "packaging/notices.py LIBRARIES with its licence text in "
                         "packaging/licenses/):\n  " + "\n  ".join(bundle.unknown))
    sections: list[tuple[str, str, list[str], list[tuple[str, str]]]] = []
    python_files = shared_files(bundle.python)
    sections.append((
        f"{PYTHON} {platform.python_version()}", "PSF-2.0",
        [f"file: {f}" for f in python_files]
        + ["also: the extension modules in python3*/lib-dynload, and the standard library's "
           "modules in the executable and base_library.zip",
           "source: https://www.python.org"],
        [("Python's LICENSE", (LICENSES / "Python.txt").read_text(encoding="utf-8"))]))
    pyinstaller = metadata.distribution("pyinstaller")
    sections.append((
        f"PyInstaller bootloader {pyinstaller.version}",
        "GPL-2.0-or-later WITH PyInstaller's bootloader exception",
        [f"file: {bundle.pyinstaller[0]} (the bootloader, and PyInstaller's start-up modules)",
         f"package: pyinstaller {pyinstaller.version}", "source: https://pyinstaller.org"],
        licence_files(pyinstaller)))
    for name in sorted(bundle.packages, key=str.lower):
        dist = metadata.distribution(name)
        files = bundle.packages[name]
        lines = [f"package: {name} {dist.version}"]
        lines += [f"file: {f}" for f in shared_files(files)]
        if extension_count(files):
            lines.append("also: its extension modules")
        vendored = sorted({key for key, lib_files in bundle.libraries.items()
                           if any(f.startswith(f"{top}.libs/")
                                  for f in lib_files for top in (name, name.replace("-", "_")))})
        if vendored:
            lines.append("brings: " + ", ".join(sorted({LIBRARIES[k].name for k in vendored}))
                         + " (below)")
        url = dist.metadata.get("Home-page") or next(
            (u.split(", ", 1)[-1] for u in dist.metadata.get_all("Project-URL") or ()), "")
        if url:
            lines.append(f"source: {url}")
        texts = [(text, (LICENSES / text).read_text(encoding="utf-8"))
                 for text in PACKAGE_TEXTS.get(name, ())] or licence_files(dist)
        if not texts:
            raise SystemExit(f"notices: {name} carries no licence text: add one to "
                             f"packaging/licenses/ and PACKAGE_TEXTS")
        sections.append((f"{name} {dist.version}", licence_of(dist), lines, texts))
    by_library: dict[Library, list[str]] = {}
    for key, files in bundle.libraries.items():
        by_library.setdefault(LIBRARIES[key], []).extend(files)
    for library in sorted(by_library, key=lambda lib: lib.name.lower()):
        files = sorted(by_library[library])
        origin = ("vendored in pygame-ce's wheel" if any(".libs/" in f for f in files)
                  else "from the system where the build was made")
        sections.append((library.name, library.licence,
                         [f"file: {f}" for f in files] + [f"origin: {origin}",
                                                          f"source: {library.source}"],
                         [(library.text, (LICENSES / library.text).read_text(encoding="utf-8"))]))
    if bundle.unknown:
        sections.append(("Bundled, licence not yet recorded here", "see each project",
                         [f"file: {f}" for f in bundle.unknown],
                         [("note", "These files are in the build, but packaging/notices.py does "
                                   "not know them yet: their licences are their projects' own.")]))
    common = sorted((LICENSES / "common").iterdir())
    out = [
        "Third-party notices for Quintet",
        "===============================",
        "",
        "Quintet's own code is under the MIT licence (LICENSE) and its own assets under CC BY 4.0",
        "(assets/LICENSES). The packaged app also bundles the software below, each under its own",
        "licence; this file lists every shared library and Python package in the folder build,",
        "with its licence text. It is written by packaging/notices.py from what the build holds",
        f"(made on {platform.system()} {platform.machine()}); the one-file build bundles the same.",
        "The LGPL libraries (pygame-ce, FluidSynth, mpg123, libsndfile, libxmp) are unmodified",
        "shared libraries in the folder build's _internal folder, which a user may replace with",
        "their own builds; their sources are at the addresses given. A licence text taken from",
        "Debian's packaging of a library may mention /usr/share/common-licenses/NAME: those texts",
        "are at the end of this file.",
        "",
        "Contents:",
    ]
    out += [f"  {number:2}. {title} ({licence})"
            for number, (title, licence, _, _) in enumerate(sections, 1)]
    out.append(f"  {len(sections) + 1:2}. Common licence texts: "
               + ", ".join(path.name for path in common))
    for number, (title, licence, lines, texts) in enumerate(sections, 1):
        out += ["", RULE, f"{number}. {title}", f"licence: {licence}"] + lines
        for text_name, text in texts:
            out += ["", f"--- {text_name} ---", text.rstrip()]
    out += ["", RULE, f"{len(sections) + 1}. Common licence texts"]
    for path in common:
        out += ["", f"--- {path.name} ---", path.read_text(encoding="utf-8").rstrip()]
    return "\n".join(line.rstrip() for line in "\n".join(out).split("\n")) + "\n"


def required(build: Path) -> list[str]:
    """The lines THIRD_PARTY_NOTICES must hold for this build: each shared library's `file:` and
    each package's `package:` line, and nothing unaccounted for."""
    bundle = survey(build)
    needed = [f"file: {f}" for f in bundle.unknown]  # only a lenient notices file lists them
    needed += [f"file: {f}" for f in shared_files(bundle.python)]
    needed += [f"file: {f}" for files in bundle.libraries.values() for f in files]
    for name, files in bundle.packages.items():
        needed.append(f"package: {name} {metadata.version(name)}")
        needed += [f"file: {f}" for f in shared_files(files)]
    return sorted(needed)


def lacking(build: Path, notices: Path = NOTICES) -> list[str]:
    """What the build bundles that the notices do not name."""
    text = notices.read_text(encoding="utf-8") if notices.exists() else ""
    lines = {line.strip().split(" (")[0] for line in text.splitlines()}
    return [item for item in required(build) if item not in lines]


def main(argv: list[str] | None = None) -> int:
    """Write or check THIRD_PARTY_NOTICES; the exit status."""
    parser = argparse.ArgumentParser(prog="python3 packaging/notices.py",
                                     description="Write or check THIRD_PARTY_NOTICES.")
    parser.add_argument("action", choices=("write", "check"))
    parser.add_argument("build", nargs="?", type=Path, default=DEFAULT_BUILD,
                        help="a folder build (default dist/Quintet)")
    parser.add_argument("--notices", type=Path, default=NOTICES)
    parser.add_argument("--lenient", action="store_true",
                        help="write: list files no notice covers instead of stopping")
    options = parser.parse_args(argv)
    if options.action == "write":
        options.notices.write_text(render(options.build, options.lenient), encoding="utf-8")
        print(f"{options.notices}: {options.notices.stat().st_size / 1000:.0f} kB")
        return 0
    missing = lacking(options.build, options.notices)
    if missing:
        print(f"{options.notices} lacks what {options.build} bundles (run `python3 "
              f"packaging/notices.py write` with the build's Python):\n  " + "\n  ".join(missing))
        return 1
    print(f"{options.notices}: names everything {options.build} bundles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
