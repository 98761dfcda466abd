"""The type checker: mypy finds no error in game/, and no error in scenes/ beyond the baseline.

mypy runs as configured in pyproject.toml ([tool.mypy]). The baseline, tests/mypy_baseline.txt,
counts the errors scenes/ still has, keyed by file and message (no line numbers, so moving code
does not break it). A new key or a higher count fails; fixing errors only makes the baseline
stale, and writing it again locks the gain in:

    python3 tests/test_types.py --write-baseline
"""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "mypy_baseline.txt"
DOCS = ROOT / "docs" / "developers.md"
COUNTS = re.compile(r"^TYPE COUNTS: .*$", re.M)  # the line of docs/developers.md with the counts
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?")
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: (?P<message>.*)$")
REFRESH = "python3 tests/test_types.py --write-baseline"


def run_mypy() -> list[tuple[str, str]]:
    """Every error mypy reports for the project, as (file, message without line numbers)."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary",
                             "--hide-error-context", "--no-pretty"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    if result.returncode not in (0, 1):  # 2: mypy itself failed (bad configuration, a crash)
        raise RuntimeError(f"mypy failed:\n{result.stdout}\n{result.stderr}")
    errors = []
    for line in result.stdout.splitlines():
        match = ERROR.match(line)
        if match:
            errors.append((match["path"].replace("\\", "/"), normalise(match["message"])))
    return errors


def normalise(message: str) -> str:
    """A message without the line numbers some messages quote (`defined on line 12`)."""
    return re.sub(r"\bline \d+", "line N", message.strip())


def keyed(errors: list[tuple[str, str]]) -> Counter[str]:
    """Errors counted by `file: message`."""
    return Counter(f"{path}: {message}" for path, message in errors)


def read_baseline() -> Counter[str]:
    """The baseline's counts by key (lines `COUNT<TAB>KEY`)."""
    counts: Counter[str] = Counter()
    for line in BASELINE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            count, key = line.split("\t", 1)
            counts[key] = int(count)
    return counts


def write_baseline(counts: Counter[str]) -> None:
    """Write the baseline for these counts, sorted by key."""
    lines = ["# mypy errors scenes/ may still have, by file and message: this list may only "
             "shrink.",
             f"# {sum(counts.values())} errors. Tests: tests/test_types.py. Written by: {REFRESH}"]
    lines += [f"{counts[key]}\t{key}" for key in sorted(counts)]
    BASELINE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def ignores(folder: str) -> tuple[int, int]:
    """The `# type: ignore` comments in a folder's Python files: all, and those naming no code."""
    found = [m for path in sorted((ROOT / folder).rglob("*.py"))
             for m in IGNORE.finditer(path.read_text(encoding="utf-8"))]
    return len(found), sum(m["codes"] is None for m in found)


def counts_line(baseline: int) -> str:
    """The line of docs/developers.md that gives the counts, for this baseline's total."""
    (game, game_bare), (scenes, scenes_bare) = ignores("game"), ignores("scenes")
    return (f"TYPE COUNTS: {baseline} mypy errors in the scenes/ baseline; {game + scenes} "
            f"`# type: ignore` ({game} in game/, {scenes} in scenes/), "
            f"{game_bare + scenes_bare} naming no error code.")


def write_counts() -> None:
    """Write the counts line of docs/developers.md from the baseline and the source."""
    text = DOCS.read_text(encoding="utf-8")
    DOCS.write_text(COUNTS.sub(counts_line(sum(read_baseline().values())), text, count=1),
                    encoding="utf-8")


def test_the_developers_guide_gives_the_counts_the_check_finds():
    line = COUNTS.search(DOCS.read_text(encoding="utf-8"))
    assert line, "docs/developers.md has no TYPE COUNTS line"
    assert line[0] == counts_line(sum(read_baseline().values())), (
        f"docs/developers.md's counts are stale; write them again with {REFRESH}")


def test_the_engine_has_no_type_errors_and_the_app_none_beyond_the_baseline():
    errors = run_mypy()
    engine = [f"{path}: {message}" for path, message in errors if not path.startswith("scenes/")]
    assert not engine, "mypy errors outside scenes/ (there must be none):\n" + "\n".join(engine)
    now = keyed([(path, message) for path, message in errors if path.startswith("scenes/")])
    allowed = read_baseline()
    new = [f"{now[key]} (baseline {allowed[key]})\t{key}" for key in sorted(now)
           if now[key] > allowed[key]]
    assert not new, ("new mypy errors in scenes/ (fix them; only if one must stay, write the "
                     f"baseline again: {REFRESH}):\n" + "\n".join(new))
    if sum(now.values()) < sum(allowed.values()):
        print(f"scenes/ has {sum(now.values())} mypy errors, the baseline "
              f"{sum(allowed.values())}: lock the gain in with {REFRESH}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-baseline"]:
        sys.exit(f"usage: {REFRESH}")
    found = run_mypy()
    outside = [f"{path}: {message}" for path, message in found if not path.startswith("scenes/")]
    write_baseline(keyed([(p, m) for p, m in found if p.startswith("scenes/")]))
    write_counts()
    print(f"{BASELINE.relative_to(ROOT)}: {sum(read_baseline().values())} errors in scenes/")
    if outside:
        print(f"and {len(outside)} outside scenes/, which the test does not allow:")
        print("\n".join(outside))
