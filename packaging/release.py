"""The release command: everything a release needs, built into one folder.

    .venv/bin/python packaging/release.py [--out dist/release]

Run it with the project's .venv installed from the pins (`.venv/bin/pip install -c
packaging/constraints.txt -e ".[build]"`): it refuses an environment whose versions differ from
packaging/constraints.txt. It builds a commit (HEAD, or `--commit v0.1.0`), exported to
build/release, so edits not committed never ship (`--worktree` builds the working tree instead,
marked as such), and writes, into the output folder (default dist/release, emptied first):

  Quintet-<version>-<platform>.tar.gz     the folder build as Quintet/, with LICENSE,
                                          THIRD_PARTY_NOTICES, install-desktop.sh and README.txt
                                          (a .zip on Windows and macOS, with Quintet.app there)
  Quintet-<version>-<platform>-onefile    the one-file build (.exe on Windows)
  RELEASE_NOTES.md                        CHANGELOG.md's section for the version, the downloads,
                                          the glibc floor and what it was built from
  SHA256SUMS                              `sha256sum -c SHA256SUMS` checks the downloads

On the way it checks that THIRD_PARTY_NOTICES names everything the folder build bundles, builds
the folder twice and compares them file by file (the same sizes: pinned and reproducible), runs
both builds' self-tests headless (`--no-self-test` skips them), and on Linux works out the glibc
floor from the bundled libraries' symbol versions and fails if the README promises an older one.
The archive is reproducible too: its entries sorted, dated the commit's time, owned by root.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata as metadata
import importlib.util
import io
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "packaging" / "constraints.txt"
INSTALLER = ROOT / "packaging" / "install-desktop.sh"
TOP = "Quintet"  # the folder a download unpacks to
SELF_TEST_SECONDS = "1"


def load_tool(name: str):
    """A sibling tool (packaging/ is no package: the `packaging` library owns that name)."""
    spec = importlib.util.spec_from_file_location(f"quintet_{name}", ROOT / "packaging" /
                                                  f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def platform_tag() -> str:
    """linux-x86_64, windows-x86_64, macos-arm64..."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform,
                                                         sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower()
    return f"{system}-{ {'amd64': 'x86_64', 'aarch64': 'arm64'}.get(machine, machine)}"


def pinned(path: Path = CONSTRAINTS) -> dict[str, str]:
    """The exact versions packaging/constraints.txt pins, by normalised name."""
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[normalise(name)] = version.strip()
    return pins


def normalise(name: str) -> str:
    """A distribution name as pip compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def unpinned(pins: dict[str, str]) -> list[str]:
    """Installed distributions whose version differs from the pins (the build's tools first)."""
    wrong = []
    for name in ("pyinstaller", "pygame-ce", "websockets", "qrcode", "platformdirs"):
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name} is not installed (pinned {pins.get(name)})")
            continue
        if pins.get(name) != have:
            wrong.append(f"{name} {have} (pinned {pins.get(name)})")
    for dist in metadata.distributions():
        name = normalise(dist.metadata["Name"])
        if name in pins and pins[name] != dist.version and name not in " ".join(wrong):
            wrong.append(f"{name} {dist.version} (pinned {pins[name]})")
    return wrong


def changelog_section(version: str, changelog: Path = ROOT / "CHANGELOG.md") -> str:
    """The text under CHANGELOG.md's heading for this version (a SystemExit if there is none)."""
    text = changelog.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(version)}\b.*?\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        raise SystemExit(f"release: CHANGELOG.md has no section '## {version}'")
    return match.group(1).strip()


def readme_floor(readme: Path = ROOT / "README.md") -> str | None:
    """The glibc version the README promises the Linux builds need ("glibc 2.35 or newer")."""
    match = re.search(r"glibc (\d+\.\d+) or newer", readme.read_text(encoding="utf-8"))
    return match.group(1) if match else None


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run a command, echoed; a failure ends the release."""
    print("$", " ".join(command), flush=True)
    done = subprocess.run(command, cwd=cwd, env=env)
    if done.returncode:
        raise SystemExit(f"release: {command[0]} failed with status {done.returncode}")


def export_source(into: Path, worktree: bool, ref: str = "HEAD") -> str:
    """The tree to build, copied to `into`; what it is (a commit, or the working tree)."""
    commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() or "unknown"
    if worktree:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], cwd=ROOT, capture_output=True, text=True)
        for name in filter(None, listed.stdout.split("\0")):
            if (ROOT / name).is_file():
                (into / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, into / name)
        return f"the working tree at {commit} (not committed)"
    archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return f"commit {commit}"


def commit_time(ref: str = "HEAD") -> int:
    """The commit's time (seconds since 1970), which the archive's entries are dated."""
    out = subprocess.run(["git", "log", "-1", "--format=%ct", ref], cwd=ROOT,
                         capture_output=True, text=True).stdout.strip()
    return int(out) if out.isdigit() else 0


def build(source: Path, dist: Path, work: Path, onefile: bool = False, epoch: int = 0) -> None:
    """One PyInstaller build of source/build.spec into dist."""
    # PyInstaller orders base_library.zip by a set's order: a fixed hash seed fixes it, and
    # SOURCE_DATE_EPOCH its timestamps (Windows'), so two releases of one commit are the same
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONHASHSEED="0",
               SOURCE_DATE_EPOCH=str(epoch or commit_time()))
    env.pop("QUINTET_BUILD_FLOOR", None)
    env["QUINTET_ONEFILE"] = "1" if onefile else "0"
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(dist), "--workpath", str(work), str(source / "build.spec")],
        cwd=source, env=env)


def file_sizes(folder: Path) -> list[tuple[str, int]]:
    """Every file of a folder with its size, sorted."""
    return sorted((p.relative_to(folder).as_posix(), p.stat().st_size)
                  for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def self_test(executable: Path, scratch: Path) -> None:
    """The build's own self-test, headless, with throwaway settings, saves and logs."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_CONFIG_DIR=str(scratch / "config"), QUINTET_DATA_DIR=str(scratch / "data"),
               QUINTET_LOG_DIR=str(scratch / "log"), TMPDIR=str(scratch))
    run([str(executable), "--self-test", SELF_TEST_SECONDS], cwd=scratch, env=env)


def readme_txt(version: str, floor: str | None) -> str:
    """The few lines a download carries about itself."""
    needs = f"x86-64 Linux with glibc {floor} or newer" if floor else platform_tag()
    return (f"Quintet {version}: five little two-player games on one computer.\n\n"
            f"Run {TOP}/Quintet (it needs {needs}; no Python).\n"
            f"{TOP}/install-desktop.sh puts it in the applications menu (Linux);\n"
            f"{TOP}/Quintet --uninstall-desktop takes it out again.\n\n"
            "The code is under the MIT licence (LICENSE); the assets under CC BY 4.0; what the\n"
            "app bundles from others is in THIRD_PARTY_NOTICES (in the app: Settings, About).\n")


def pack_tar(folder: Path, extras: dict[str, bytes], out: Path, mtime: int) -> None:
    """folder (and extra files beside it) as a reproducible .tar.gz under TOP/."""
    def info(name: str, path: Path | None = None, size: int = 0, mode: int = 0o644):
        entry = tarfile.TarInfo(f"{TOP}/{name}" if name else TOP)
        entry.mtime, entry.uid, entry.gid, entry.uname, entry.gname = mtime, 0, 0, "", ""
        entry.mode, entry.size = mode, size
        if path is not None and path.is_symlink():
            entry.type, entry.linkname, entry.size = tarfile.SYMTYPE, os.readlink(path), 0
        elif path is not None and path.is_dir():
            entry.type, entry.mode, entry.size = tarfile.DIRTYPE, 0o755, 0
        return entry

    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                               filename="") as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as tar:
        tar.addfile(info("", folder))
        entries = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*")}
        names = sorted(set(entries) | set(extras))
        for name in names:
            if name in extras:
                data = extras[name]
                mode = 0o755 if name.endswith(".sh") else 0o644
                tar.addfile(info(name, None, len(data), mode), io.BytesIO(data))
                continue
            path = entries[name]
            if path.is_file() and not path.is_symlink():
                mode = 0o755 if os.access(path, os.X_OK) else 0o644
                with open(path, "rb") as handle:
                    tar.addfile(info(name, path, path.stat().st_size, mode), handle)
            else:
                tar.addfile(info(name, path))


def pack_zip(folders: list[Path], extras: dict[str, bytes], out: Path, mtime: int) -> None:
    """Folders (and extra files) as a .zip under TOP/, for Windows and macOS."""
    stamp = max(mtime, 315532800)  # zip dates start in 1980
    date = tuple(time.gmtime(stamp))[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        files = []
        for folder in folders:
            for path in folder.rglob("*"):
                if path.is_file():
                    files.append((f"{TOP}/{folder.name}/{path.relative_to(folder).as_posix()}"
                                  if len(folders) > 1 else
                                  f"{TOP}/{path.relative_to(folder).as_posix()}", path))
        for name, path in sorted(files):
            entry = zipfile.ZipInfo(name, date)
            entry.external_attr = (0o755 if os.access(path, os.X_OK) else 0o644) << 16
            archive.writestr(entry, path.read_bytes(), zipfile.ZIP_DEFLATED)
        for name, data in sorted(extras.items()):
            archive.writestr(zipfile.ZipInfo(f"{TOP}/{name}", date), data, zipfile.ZIP_DEFLATED)


def sha256(path: Path) -> str:
    """A file's SHA-256, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def release_notes(version: str, what: str, downloads: list[Path], floor: str | None,
                  source: Path) -> str:
    """RELEASE_NOTES.md: the changelog's section, the downloads, the floor, the pins."""
    lines = [f"# Quintet {version}", "", changelog_section(version, source / "CHANGELOG.md"), "",
             "## Downloads", "", "| file | size |", "|---|---|"]
    lines += [f"| `{path.name}` | {path.stat().st_size / 1e6:.1f} MB |" for path in downloads]
    lines += ["", "Check them with `sha256sum -c SHA256SUMS`."]
    if floor:
        lines += ["", f"The Linux builds need an x86-64 Linux with glibc {floor} or newer (the "
                      "newest symbol version their bundled libraries ask for)."]
    lines += ["", f"Built from {what} with Python {platform.python_version()}, PyInstaller "
                  f"{metadata.version('pyinstaller')} and pygame-ce {metadata.version('pygame-ce')}"
                  " (every version pinned in packaging/constraints.txt). The code is under the "
                  "MIT licence, the assets under CC BY 4.0, and every bundled library's licence "
                  "is in THIRD_PARTY_NOTICES, inside each build."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Build a release into one folder; the exit status."""
    parser = argparse.ArgumentParser(prog="python packaging/release.py",
                                     description="Build everything a release needs into one "
                                                 "folder.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "release",
                        help="the release folder (default dist/release; emptied first)")
    parser.add_argument("--commit", default="HEAD",
                        help="the commit (or tag) to build (default HEAD)")
    parser.add_argument("--worktree", action="store_true",
                        help="build the working tree, not a commit (for trying the command out)")
    parser.add_argument("--no-self-test", action="store_true",
                        help="skip the builds' self-tests")
    parser.add_argument("--no-second-build", action="store_true",
                        help="skip building the folder again to compare")
    options = parser.parse_args(argv)
    wrong = unpinned(pinned())
    if wrong:
        raise SystemExit("release: this environment is not the pinned one (install with `pip "
                         "install -c packaging/constraints.txt -e \".[build]\"`):\n  "
                         + "\n  ".join(wrong))
    notices = load_tool("notices")
    inspect = load_tool("inspect_build")
    tag = platform_tag()
    # a fixed place to build in (PyInstaller records its paths in the build): two releases of
    # one commit on one machine come out the same, byte for byte
    scratch = ROOT / "build" / "release"
    shutil.rmtree(scratch, ignore_errors=True)
    try:
        source = scratch / "source"
        source.mkdir(parents=True)
        what = export_source(source, options.worktree, options.commit)
        epoch = commit_time(options.commit)
        version = tomllib.loads((source / "pyproject.toml").read_text())["project"]["version"]
        changelog_section(version, source / "CHANGELOG.md")  # before the builds, not after
        print(f"Quintet {version} for {tag}, from {what}", flush=True)
        dist, work = scratch / "dist", scratch / "work"
        build(source, dist, work, epoch=epoch)
        folder = dist / TOP
        missing = notices.lacking(folder, source / "THIRD_PARTY_NOTICES")
        if missing:
            raise SystemExit("release: THIRD_PARTY_NOTICES lacks what the build bundles (run "
                             "`python3 packaging/notices.py write` and commit):\n  "
                             + "\n  ".join(missing))
        print(inspect.report(folder), flush=True)
        floor = inspect.glibc_floor(folder) if sys.platform.startswith("linux") else None
        promised = readme_floor(source / "README.md")
        if floor and (promised is None or
                      inspect.version_key(floor) > inspect.version_key(promised)):
            raise SystemExit(f"release: the build needs glibc {floor}, but the README says "
                             f"{promised}: fix the README (or build on an older system)")
        if not options.no_second_build:
            first = file_sizes(folder)
            shutil.move(folder, scratch / "first")
            build(source, dist, work, epoch=epoch)
            second = file_sizes(folder)
            if first != second:
                changed = sorted(set(first) ^ set(second))[:10]
                raise SystemExit(f"release: two builds of one tree differ: {changed}")
            print(f"a second build: the same {len(first)} files, each the same size", flush=True)
        build(source, dist, work, onefile=True, epoch=epoch)
        onefile = next(p for p in dist.iterdir() if p.name.startswith(f"{TOP}-onefile"))
        if not options.no_self_test:
            executable = next(p for p in (folder / "Quintet", folder / "Quintet.exe")
                              if p.exists())
            self_test(executable, scratch)
            self_test(onefile, scratch)
        out = options.out
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        extras = {"LICENSE": (source / "LICENSE").read_bytes(),
                  "THIRD_PARTY_NOTICES": (source / "THIRD_PARTY_NOTICES").read_bytes(),
                  "README.txt": readme_txt(version, floor).encode()}
        mtime = epoch
        if sys.platform.startswith("linux"):
            extras["install-desktop.sh"] = (source / "packaging" / INSTALLER.name).read_bytes()
            archive = out / f"Quintet-{version}-{tag}.tar.gz"
            pack_tar(folder, extras, archive, mtime)
        else:
            app = dist / f"{TOP}.app"
            archive = out / f"Quintet-{version}-{tag}.zip"
            pack_zip([folder, app] if app.exists() else [folder], extras, archive, mtime)
        single = out / f"Quintet-{version}-{tag}-onefile{onefile.suffix}"
        shutil.copy2(onefile, single)
        downloads = [archive, single]
        (out / "RELEASE_NOTES.md").write_text(
            release_notes(version, what, downloads, floor, source), encoding="utf-8")
        sums = "".join(f"{sha256(p)}  {p.name}\n" for p in downloads)
        (out / "SHA256SUMS").write_text(sums, encoding="utf-8")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"\nthe release, in {out}:")
    for path in sorted(out.iterdir()):
        print(f"  {path.stat().st_size:>12,}  {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
