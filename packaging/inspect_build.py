"""What a folder build needs and weighs: its glibc floor and its largest parts.

    python3 packaging/inspect_build.py [dist/Quintet]

The glibc floor is the newest GLIBC_x.y symbol version any ELF file of the build asks for (read
from each file's .gnu.version_r section, with the standard library only): the build starts on a
Linux whose glibc is at least that. The largest parts are the files and folders that make up
most of the build's size, so the next person sees where the megabytes go.
"""
from __future__ import annotations

import argparse
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUILD = ROOT / "dist" / "Quintet"
ELF_MAGIC = b"\x7fELF"
SHT_GNU_VERNEED = 0x6FFFFFFE


def needed_versions(path: Path) -> set[str]:
    """The symbol versions an ELF file asks of the libraries it links to (GLIBC_2.34...)."""
    data = path.read_bytes()
    if data[:4] != ELF_MAGIC or data[4] != 2:  # 64-bit ELF only (the builds are x86-64)
        return set()
    endian = "<" if data[5] == 1 else ">"
    shoff, = struct.unpack_from(endian + "Q", data, 0x28)
    shentsize, shnum = struct.unpack_from(endian + "HH", data, 0x3A)
    sections = [struct.unpack_from(endian + "IIQQQQIIQQ", data, shoff + i * shentsize)
                for i in range(shnum)]
    versions = set()
    for _, kind, _, _, offset, _, link, info, _, _ in sections:
        if kind != SHT_GNU_VERNEED:
            continue
        strings = sections[link][4]
        entry = offset
        for _ in range(info):
            _, _, _, aux, following = struct.unpack_from(endian + "HHIII", data, entry)
            aux_at = entry + aux
            while True:
                _, _, _, name, aux_next = struct.unpack_from(endian + "IHHII", data, aux_at)
                end = data.index(b"\0", strings + name)
                versions.add(data[strings + name:end].decode("ascii", "replace"))
                if not aux_next:
                    break
                aux_at += aux_next
            if not following:
                break
            entry += following
    return versions


def version_key(version: str) -> tuple[int, ...]:
    """GLIBC_2.34 -> (2, 34), for comparing."""
    return tuple(int(part) for part in re.findall(r"\d+", version))


def glibc_needs(build: Path) -> dict[str, str]:
    """Each ELF file of the build (path in the build) -> the newest glibc version it asks for."""
    needs = {}
    for path in sorted(build.rglob("*")):
        if path.is_file() and not path.is_symlink():
            glibc = [v for v in needed_versions(path) if v.startswith("GLIBC_")]
            if glibc:
                needs[path.relative_to(build).as_posix()] = max(glibc, key=version_key)
    return needs


def glibc_floor(build: Path) -> str:
    """The oldest glibc the build runs on, e.g. "2.35" (the newest version any file asks for)."""
    needs = glibc_needs(build)
    if not needs:
        raise ValueError(f"no ELF file in {build} asks for a glibc version")
    return max(needs.values(), key=version_key).removeprefix("GLIBC_")


def size_of(path: Path) -> int:
    """Bytes in a file or a folder (links not followed or counted)."""
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def largest_parts(build: Path, count: int = 12) -> list[tuple[str, int]]:
    """The build's largest parts: each top-level file or folder of its bundle, the assets'
    folders one by one, as (path in the build, bytes), largest first."""
    inside = build / "_internal" if (build / "_internal").is_dir() else build
    parts = [p for p in inside.iterdir() if p.name != "assets"]
    parts += list((inside / "assets").iterdir()) if (inside / "assets").is_dir() else []
    parts += [p for p in build.iterdir() if p != inside]
    sized = [(p.relative_to(build).as_posix(), size_of(p)) for p in parts]
    return sorted(sized, key=lambda item: -item[1])[:count]


def report(build: Path, count: int = 12) -> str:
    """The build's size, largest parts and glibc floor, as printed lines."""
    total = size_of(build)
    files = sum(1 for p in build.rglob("*") if p.is_file())
    lines = [f"{build}: {total / 1e6:.2f} MB in {files} files; largest parts:"]
    lines += [f"  {size / 1e6:6.2f} MB  {name}" for name, size in largest_parts(build, count)]
    if sys.platform.startswith("linux"):
        needs = glibc_needs(build)
        floor = glibc_floor(build)
        setters = sorted(name for name, version in needs.items()
                         if version == f"GLIBC_{floor}")
        lines.append(f"glibc floor: {floor} (asked for by {', '.join(setters)})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print a build's size, largest parts and glibc floor; the exit status."""
    parser = argparse.ArgumentParser(prog="python3 packaging/inspect_build.py",
                                     description="A folder build's glibc floor and largest parts.")
    parser.add_argument("build", nargs="?", type=Path, default=DEFAULT_BUILD)
    parser.add_argument("--top", type=int, default=12, help="how many parts to list")
    parser.add_argument("--glibc", action="store_true", help="print only the glibc floor")
    options = parser.parse_args(argv)
    print(glibc_floor(options.build) if options.glibc else report(options.build, options.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
