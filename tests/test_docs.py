"""The docs stay true: every path the README and docs/ name exists, the layout tree of
docs/developers.md names only files that are there, every command they show runs a module that
exists with options it accepts, and the docs' install lines are the README's (which
tests/test_readme_commands.py runs as written)."""
from __future__ import annotations

import functools
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
# the first parts of a path that mean "in this repository" (others are the player's folders,
# build output, the release's contents...)
REPO_ROOTS = ("game/", "scenes/", "assets/", "packaging/", "tests/", "docs/", ".ci/",
              ".github/")
REPO_FILES = ("LICENSE", "CHANGELOG.md", "THIRD_PARTY_NOTICES", "build.spec", "pyproject.toml",
              "README.md")
OUR_PACKAGES = ("game", "scenes")
FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def doc_ids():
    """Test ids: the docs' paths from the root."""
    return [str(doc.relative_to(ROOT)) for doc in DOCS]


def exists(path: str) -> bool:
    """Whether a path named by a doc (with <placeholders> standing for any name) exists."""
    pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
    return any(ROOT.glob(pattern)) if "*" in pattern else (ROOT / pattern).exists()


def named_paths(text: str) -> list[str]:
    """The repository paths a doc names in `code` spans and in its code blocks' words."""
    words = re.findall(r"`([^`\s]+)`", FENCE.sub("", text))
    for block in FENCE.findall(text):
        words += block.split()
    found = []
    for word in words:
        word = word.strip("()`,;:'\"").removeprefix("./")
        if word.startswith(REPO_ROOTS) or word in REPO_FILES:
            found.append(word)
    return found


@pytest.mark.parametrize("doc", DOCS, ids=doc_ids())
def test_every_path_a_doc_names_exists(doc):
    text = doc.read_text(encoding="utf-8")
    missing = sorted({path for path in named_paths(text) if not exists(path)})
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    missing += [link for link in links
                if "://" not in link and not (doc.parent / link).exists()]
    assert not missing, f"{doc.name} names what is not there: {missing}"


def layout_tree() -> list[tuple[int, str]]:
    """The paths the layout tree of docs/developers.md names, with their line numbers."""
    text = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")
    block = next(b for b in FENCE.findall(text.split("## Layout", 1)[1]))
    paths: list[tuple[int, str]] = []
    folders: list[str] = []  # the folder open at each depth
    for number, line in enumerate(block.splitlines(), 1):
        match = re.match(r"( *)(\S+(?:, \S+)*)", line)
        if not match or len(match.group(1)) >= 20:  # a description's continuation
            continue
        depth = len(match.group(1)) // 2
        del folders[depth:]
        names = [name.strip() for name in match.group(2).split(",")]
        parent = "".join(folders)
        for name in names:
            paths.append((number, parent + name))
        if len(names) == 1 and names[0].endswith("/"):
            folders.append(names[0])
    return paths


def test_the_layout_tree_names_only_what_exists():
    paths = layout_tree()
    assert len(paths) > 100
    missing = [(line, path) for line, path in paths if not exists(path)]
    assert not missing, f"the layout tree names what is not there: {missing}"


def doc_commands() -> list[tuple[str, str]]:
    """Each `python -m` command line in the docs' code blocks: (module, the line)."""
    found = []
    for doc in DOCS:
        for block in FENCE.findall(doc.read_text(encoding="utf-8")):
            for line in block.splitlines():
                for part in line.split("&&"):
                    match = re.search(r"python3? -m ([\w.]+)(.*)", part)
                    if match and match.group(1).split(".")[0] in OUR_PACKAGES:
                        found.append((match.group(1), match.group(2).split("#")[0]))
    return found


@functools.cache
def help_text(module: str) -> str:
    """What `python -m module --help` prints."""
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, timeout=120,
                          capture_output=True, text=True,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.returncode == 0, f"{module} --help: {done.stderr[-1500:]}"
    return done.stdout


def test_every_command_in_the_docs_runs_a_module_with_options_it_takes():
    commands = doc_commands()
    assert len(commands) > 15
    for module, arguments in commands:
        assert importlib.util.find_spec(module) is not None, f"no module {module}"
        for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", arguments):
            assert option in help_text(module), f"{module} takes no {option}"


def doc_scripts() -> list[tuple[str, str]]:
    """Each `python packaging/<tool>.py` command in the docs: (the script, its arguments)."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        prose = FENCE.sub("", text)
        for block in FENCE.findall(text) + re.findall(r"`([^`]+)`", prose):
            for match in re.finditer(r"python3? (packaging/\w+\.py)([^`\n&]*)", block):
                found.append((match.group(1), match.group(2).split("#")[0]))
    return found


def test_every_packaging_tool_the_docs_run_takes_the_options_they_give():
    scripts = doc_scripts()
    assert {"packaging/release.py", "packaging/notices.py"} <= {s for s, _ in scripts}
    for script, arguments in scripts:
        assert (ROOT / script).is_file(), script
        options = re.findall(r"(?<![\w-])(--[a-z][\w-]*)", arguments)
        if not options:
            continue
        assert "argparse" in (ROOT / script).read_text(encoding="utf-8"), script
        done = subprocess.run([sys.executable, script, "--help"], cwd=ROOT, timeout=60,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        for option in options:
            assert option in done.stdout, f"{script} takes no {option}"


def test_the_docs_install_lines_are_the_readmes():
    install = re.compile(r"```\n(python3 -m venv [^\n]*)\n```")
    readme = set(install.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    assert len(readme) == 2
    for doc in DOCS:
        lines = set(install.findall(doc.read_text(encoding="utf-8")))
        assert lines <= readme, f"{doc.name} installs another way than the README: {lines}"


def test_the_readmes_picture_is_made_by_the_screenshot_tool(tmp_path):
    """The tool that draws docs/screenshot.png still works, and the picture is what it draws
    now: a fresh render differs in at most 0.5% of its pixels (the fonts' antialiasing, a dot
    of the thinking dots), so a change of any screen it shows fails here until the picture is
    made again (`python -m scenes.tools.screenshot`; issue 65: it showed "1. Black g8")."""
    import numpy as np
    import pygame
    out = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "scenes.tools.screenshot", "--out", str(out)],
                          cwd=ROOT, timeout=300, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert out.read_bytes().startswith(b"\x89PNG") and out.stat().st_size > 10_000
    assert "docs/screenshot.png" in (ROOT / "README.md").read_text(encoding="utf-8")
    fresh, kept = (pygame.surfarray.array3d(pygame.image.load(str(path))).astype(int)
                   for path in (out, ROOT / "docs" / "screenshot.png"))
    assert fresh.shape == kept.shape, "docs/screenshot.png is not the size the tool draws"
    changed = float((np.abs(fresh - kept).max(axis=2) > 40).mean())
    assert changed <= 0.005, f"docs/screenshot.png is stale: {changed:.1%} of it differs from " \
        "a fresh render (python -m scenes.tools.screenshot writes it again)"
