"""Hostile files for the reliability tests: each kind of file Quintet keeps (settings, saves,
records, statistics), damaged in each class of way a careful tester tries (shape, text, size,
links), put on disk, and the app walked through every screen that reads them."""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any, Callable

import pygame
from hypothesis import strategies as st

from game.match import Match, RandomPlayer, play_out
from scenes.routes import ROUTES
from scenes.shell.app import App
from scenes.store import records, saves, settings, stats
from scenes.store.data_folder import DataFolder
from scenes.store.plain_text import printable
from scenes.store.records import record_meta
from scenes.store.saves import SavedGame
from scenes.store.settings import Settings, SettingsStore
from scenes.store.storage import MAX_DEPTH

KINDS = ("settings", "save", "record", "stats")
LIMITS = {"settings": settings.SIZE_LIMIT, "save": saves.SIZE_LIMIT,
          "record": records.SIZE_LIMIT, "stats": stats.SIZE_LIMIT}
SAVE_ID = "20240101-120000-strands-abc123"
DT = 1 / 60


def _valid_docs() -> dict[str, dict]:
    match = Match("strands", {"side": 5}, seed=2)
    match.play("c3")
    save = SavedGame(SAVE_ID, match.record(), ("human", "human"), "2024-01-01T12:00:00",
                     "2024-01-01T12:05:00").to_json()
    finished = Match("strands", {"side": 5}, seed=3)
    play_out(finished, [RandomPlayer(1), RandomPlayer(2)])
    record = finished.record(record_meta(("human", "bot:hard"), "2024-01-01T10:00:00",
                                         ended="2024-01-01T10:20:00")).to_json()
    return {
        "settings": {"format": settings.FORMAT, "version": settings.VERSION,
                     **dataclasses.asdict(Settings(volume=0.25, kiosk_idle_seconds=60))},
        "save": save,
        "record": record,
        "stats": {"format": stats.STATS_FORMAT, "version": stats.STATS_VERSION,
                  "games": {"strands": {"hard": {"won": 2, "lost": 1, "drawn": 0},
                                        "hot-seat": {"seat0": 1, "seat1": 0, "drawn": 1}}}},
    }


VALID = _valid_docs()


@dataclasses.dataclass(frozen=True)
class Case:
    """One hostile file: its kind, what was done to it, its bytes (None: a folder in its place),
    its name (saves and records; empty: the usual one), and whether the app must name it."""

    kind: str
    label: str
    content: bytes | None
    name: bytes = b""
    must_name: bool | None = True  # True: a message names it; False: it loads; None: either

    def __repr__(self) -> str:  # hypothesis prints cases that fail: keep them readable
        size = "a folder" if self.content is None else f"{len(self.content)} bytes"
        return f"Case({self.kind}, {self.label}, {size}, name={self.name[:40]!r})"


# ---- where each kind lives ---------------------------------------------------------------------
def config_dir(root: Path) -> Path:
    """The test's config folder."""
    return root / "config"


def data_root(root: Path) -> Path:
    """The test's data folder."""
    return root / "data"


def file_path(root: Path, case: Case) -> Path:
    """Where the case's file goes."""
    if case.kind == "settings":
        return config_dir(root) / "settings.json"
    if case.kind == "stats":
        return data_root(root) / "stats.json"
    folder = data_root(root) / ("saves" if case.kind == "save" else "records")
    name = case.name or (f"{SAVE_ID}.json" if case.kind == "save" else "game.json").encode()
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + name))


def install(root: Path, case: Case) -> Path:
    """Put the case's file on disk; its path."""
    path = file_path(root, case)
    path.parent.mkdir(parents=True, exist_ok=True)
    data_root(root).mkdir(parents=True, exist_ok=True)
    if case.content is None:
        path.mkdir()
        (path / "inside.txt").write_text("a folder where a file should be")
    else:
        path.write_bytes(case.content)
    return path


# ---- building hostile JSON ---------------------------------------------------------------------
def node_paths(doc: Any, path: tuple = ()) -> list[tuple]:
    """Every position in a document: () for the whole, then keys and indices, depth first."""
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += node_paths(value, path + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            found += node_paths(value, path + (index,))
    return found


def placed(doc: Any, path: tuple, value: Any) -> Any:
    """A copy of `doc` with `value` at `path`."""
    if not path:
        return value
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[path[0]] = placed(doc[path[0]], path[1:], value)
    return copy


def spliced(doc: Any, path: tuple, raw: str) -> bytes:
    """The document as JSON with raw text (not itself JSON-encodable) at `path`."""
    marker = "@@hostile@@"
    text = json.dumps(placed(doc, path, marker), indent=1)
    return text.replace(json.dumps(marker), raw, 1).encode("utf-8")


def paths_of(kind: str, keep=lambda value: True) -> st.SearchStrategy[tuple]:
    """A position in the kind's valid document (whose value passes `keep`)."""
    doc = VALID[kind]
    choices = [p for p in node_paths(doc) if keep(value_at(doc, p))]
    return st.sampled_from(choices)


def value_at(doc: Any, path: tuple) -> Any:
    """The value at a position."""
    for step in path:
        doc = doc[step]
    return doc


def valid_bytes(kind: str) -> bytes:
    """The kind's valid document as a file."""
    return json.dumps(VALID[kind], indent=1).encode("utf-8")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False,
                                                                       allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=10)


# ---- class 1: shape ----------------------------------------------------------------------------
@st.composite
def deep(draw, kind: str) -> Case:
    depth = draw(st.integers(MAX_DEPTH + 1, 30_000))
    opener = draw(st.sampled_from("[{"))
    raw = "[" * depth + "]" * depth if opener == "[" else '{"a": ' * depth + "0" + "}" * depth
    path = draw(paths_of(kind))
    return Case(kind, f"nested {depth} deep at {path}", spliced(VALID[kind], path, raw))


@st.composite
def numbers(draw, kind: str) -> Case:
    refused = ["NaN", "-NaN", "Infinity", "-Infinity", "1e999", "-1e400", "9" * 5000]
    legal = [str(10**4000), "1e308", "-0.0", "123456789012345678901234567890", "5e-324"]
    token = draw(st.sampled_from(refused + legal))
    path = draw(paths_of(kind))
    if token == "-NaN":
        token = "-NaN"  # not JSON at all: a damaged file
    return Case(kind, f"the number {token[:12]} at {path}", spliced(VALID[kind], path, token),
                must_name=True if token in refused else None)


@st.composite
def wrong_types(draw, kind: str) -> Case:
    path = draw(paths_of(kind))
    value = draw(JSON_VALUES)
    return Case(kind, f"{value!r:.40} at {path}",
                json.dumps(placed(VALID[kind], path, value)).encode(), must_name=None)


@st.composite
def duplicate_keys(draw, kind: str) -> Case:
    path = draw(paths_of(kind, lambda value: isinstance(value, dict)))
    obj = value_at(VALID[kind], path) or {"a": 1}
    key = draw(st.sampled_from(sorted(obj)))
    again = draw(JSON_VALUES)
    items = list(obj.items()) + [(key, again)]
    raw = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in items) + "}"
    return Case(kind, f"key {key!r} twice at {path}", spliced(VALID[kind], path, raw))


@st.composite
def long_strings(draw, kind: str) -> Case:
    length = draw(st.integers(10_000, 600_000))
    text = draw(st.text(min_size=1, max_size=8)) * length
    text = text[:length]
    path = draw(paths_of(kind))
    as_key = draw(st.booleans()) and isinstance(value_at(VALID[kind], path), dict)
    if as_key:
        doc = placed(VALID[kind], path, {**value_at(VALID[kind], path), text: 1})
    else:
        doc = placed(VALID[kind], path, text)
    return Case(kind, f"a string of {length} at {path}", json.dumps(doc).encode(),
                must_name=None)


@st.composite
def bom(draw, kind: str) -> Case:
    rest = draw(st.sampled_from(["valid", "damaged"]))
    body = valid_bytes(kind) if rest == "valid" else b'{"format": '
    return Case(kind, f"a byte-order mark, then {rest}", b"\xef\xbb\xbf" + body,
                must_name=rest == "damaged")


@st.composite
def empty_cut_or_noise(draw, kind: str) -> Case:
    whole = valid_bytes(kind)
    how = draw(st.sampled_from(["empty", "blank", "cut", "noise", "folder"]))
    if how == "empty":
        return Case(kind, "empty", b"")
    if how == "blank":
        return Case(kind, "only spaces", draw(st.sampled_from([b" ", b"\n\n", b"\t \r\n"])))
    if how == "cut":
        cut = draw(st.integers(0, len(whole) - 1))
        return Case(kind, f"cut at byte {cut}", whole[:cut])
    if how == "folder":
        return Case(kind, "a folder where the file should be", None)
    noise = draw(st.binary(min_size=1, max_size=300))
    return Case(kind, "random bytes", noise, must_name=None)


def shapes(kind: str) -> st.SearchStrategy[Case]:
    """Class 1: any JSON shape at all, and files that are not JSON."""
    return st.one_of(deep(kind), numbers(kind), wrong_types(kind), duplicate_keys(kind),
                     long_strings(kind), bom(kind), empty_cut_or_noise(kind))


# ---- class 2: text -----------------------------------------------------------------------------
NASTY_TEXT = st.lists(st.one_of(
    st.sampled_from(["\x00", "\x1b[31m", "\x7f", "\x85", "\u202e", "\u200f", "\u2066", "\ufeff",
                     "\u2028", "\n", "\t", "\r", "\u0301", "\U0001f600"]),
    st.characters(categories=["Cs", "Cc", "Cf"]),
    st.characters()), min_size=1, max_size=60).map("".join)
ODD_NAME_PARTS = [b"\xff", b"\xfe\xfd", b"\xc3", "\u202e".encode(), "\u200f".encode(), b"\n",
                  b"\t", b" ", b"-", b"..", b"\x1b[31m", b"con", "\U0001f600".encode(), b"%s",
                  b"'", b'"', b"\\"]


@st.composite
def nasty_strings(draw, kind: str) -> Case:
    doc = VALID[kind]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(paths_of(kind, lambda value: isinstance(value, (str, dict))))
        target = value_at(doc, path)
        text = draw(NASTY_TEXT)
        if isinstance(target, dict):
            doc = placed(doc, path, {**target, text: draw(NASTY_TEXT)})
        else:
            doc = placed(doc, path, text)
    return Case(kind, "control characters, surrogates or direction marks in strings",
                json.dumps(doc).encode(), must_name=None)


@st.composite
def not_utf8(draw, kind: str) -> Case:
    path = draw(paths_of(kind, lambda value: isinstance(value, str)))
    raw = b'"' + draw(st.sampled_from([b"\xff\xfe", b"caf\xe9", b"\xed\xa0\x80", b"\xc3"])) + b'"'
    return Case(kind, f"bytes that are not UTF-8 at {path}",
                spliced(VALID[kind], path, "@@raw@@").replace(b"@@raw@@", raw))


@st.composite
def odd_names(draw, kind: str) -> Case:
    parts = draw(st.lists(st.sampled_from(ODD_NAME_PARTS) | st.binary(min_size=1, max_size=8),
                          min_size=1, max_size=12))
    stem = b"".join(parts).replace(b"/", b"_").replace(b"\x00", b"_")
    if draw(st.booleans()):
        stem = (stem * (200 // len(stem) + 1))[:draw(st.integers(100, 250))]
    name = stem[:250] + b".json"
    content = draw(st.sampled_from(["valid", "damaged"]))
    body = valid_bytes(kind) if content == "valid" else b"{\x00 damaged"
    # A valid file under an odd name has nothing wrong to name: a record is listed and a save
    # continues (both checked by the visit); a damaged one must be named.
    return Case(kind, f"an odd file name, {content}", body, name=name,
                must_name=None if content == "valid" else True)


def texts(kind: str) -> st.SearchStrategy[Case]:
    """Class 2: strings a screen shows, and (saves, records) the files' own names."""
    strategies = [nasty_strings(kind), not_utf8(kind)]
    if kind in ("save", "record"):
        strategies.append(odd_names(kind))
    return st.one_of(*strategies)


# ---- class 3: size -----------------------------------------------------------------------------
@st.composite
def oversized(draw, kind: str) -> Case:
    limit = LIMITS[kind]
    size = draw(st.integers(limit + 1, limit + 200_000))
    base = len(json.dumps({**VALID[kind], "padding": ""}).encode())
    doc = {**VALID[kind], "padding": "x" * max(0, size - base)}
    return Case(kind, f"{size} bytes of valid JSON", json.dumps(doc).encode())


def sizes(kind: str) -> st.SearchStrategy[Case]:
    """Class 3: files over the kind's limit (far larger ones are made sparse by `Giant`)."""
    return oversized(kind)


@dataclasses.dataclass(frozen=True)
class Giant:
    """A file far larger than any real one, made sparse on disk (instant, and costs no space)."""

    kind: str
    size: int

    def install(self, root: Path) -> Path:
        """Put it on disk: a valid start, then nothing but zeros up to its size."""
        path = file_path(root, Case(self.kind, "giant", b""))
        path.parent.mkdir(parents=True, exist_ok=True)
        data_root(root).mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            out.write(valid_bytes(self.kind)[:-1] + b', "padding": "')
            out.truncate(self.size)
        return path


# ---- class 4: links ----------------------------------------------------------------------------
LINKS = ("to a good file elsewhere", "to itself", "in a loop of two", "to nothing",
         "to a folder", "to a device", "through a chain of links")


def make_link(root: Path, path: Path, how: str, kind: str) -> bool | None:
    """Make `path` a symbolic link of the given sort; whether the app must name it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data_root(root).mkdir(parents=True, exist_ok=True)
    elsewhere = root / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    if how == "to a good file elsewhere":
        target = elsewhere / f"real-{kind}.json"
        target.write_bytes(valid_bytes(kind))
        os.symlink(target, path)
        return False
    if how == "to itself":
        os.symlink(path, path)
        return True
    if how == "in a loop of two":
        other = elsewhere / "loop"
        os.symlink(path, other)
        os.symlink(other, path)
        return True
    if how == "to nothing":
        os.symlink(elsewhere / "not-there.json", path)
        return kind in ("save", "record")  # settings and statistics are made there instead
    if how == "to a folder":
        os.symlink(elsewhere, path)
        return True
    if how == "to a device":
        os.symlink("/dev/zero", path)
        return True
    chain = elsewhere / "real-chained.json"
    chain.write_bytes(valid_bytes(kind))
    for step in range(5):
        link = elsewhere / f"chain-{step}"
        os.symlink(chain, link)
        chain = link
    os.symlink(chain, path)
    return False


# ---- the app, walked through every screen that reads a file -------------------------------------
@dataclasses.dataclass
class Visit:
    """What the app showed on a walk through its screens (messages made printable)."""

    messages: list[str]
    menu_reached: bool
    records_listed: int


def run_until(app: App, ready: Callable[[], bool], limit: float = 60.0) -> None:
    """Frames until `ready()` (the records screen reads in the background)."""
    import time
    deadline = time.monotonic() + limit
    while not ready():
        assert time.monotonic() < deadline, "the screen never finished its work"
        app.tick(DT)
        time.sleep(0.001)


def visit(root: Path, writes: Callable[[App], list[str]] | None = None) -> Visit:
    """Start the app on the root's config and data folders and go everywhere files are read:
    the main menu (and Continue, when offered), Records (opening every file), Stats; then
    `writes`, if given. Any exception escapes to the test: a crash."""
    app = App((800, 500), store=SettingsStore(config_dir(root) / "settings.json"),
              fullscreen=False, kiosk=False, routes=ROUTES, data=DataFolder(data_root(root)))
    app.reraise_errors = True
    try:
        shown: list[str] = []
        app.stack.push(app.first_scene())
        app.tick(DT)
        menu_reached = app.stack.top is not None and app.stack.top.route == "menu"
        menu = app.stack.top
        if getattr(menu, "saved", None) is not None:
            menu.continue_game()
            app.tick(DT)
            app.tick(DT)
            app.reset("menu")
            app.tick(DT)
        app.go("records")
        app.tick(DT)
        scene = app.stack.top
        run_until(app, lambda: scene.reading is None)
        listed = len(scene.rows)
        for index, row in enumerate(scene.rows):
            if row.problem:
                shown.append(f"{printable(row.summary.path.name)}: {row.problem}")
            scene.select(index)
            scene.replay(row)
            run_until(app, lambda: scene.opening is None)
            app.tick(DT)
            if scene.message:
                shown.append(scene.message)
            if app.stack.top is not scene:
                app.stack.pop()
                app.tick(DT)
        app.stack.pop()
        app.go("stats")
        app.tick(DT)
        shown += list(app.stack.top.messages)
        app.tick(DT)
        if writes is not None:
            shown += writes(app)
            app.tick(DT)
        app.keeper.writer.flush(30)  # the settings are written in the background
        app.keeper.poll()
        shown += list(app.notices)
        return Visit([printable(m, 10_000) for m in shown], menu_reached, listed)
    finally:
        app.close_bots()
        pygame.display.quit()


def every_write(app: App) -> list[str]:
    """Each kind of write the app makes, as its screens make them: messages of what failed."""
    messages = []
    app.settings.volume = 0.5
    app.settings_changed()
    finished = Match("strands", {"side": 5}, seed=3)
    play_out(finished, [RandomPlayer(1), RandomPlayer(2)])
    messages += app.data.stats().count("strands", ("human", "bot:hard"),
                                       finished.state.outcome)
    started = Match("strands", {"side": 5}, seed=2)
    started.play("c3")
    for write in (lambda: app.data.saves().write(SavedGame(SAVE_ID, started.record(),
                                                           ("human", "human"), "")),
                  lambda: app.data.records().add(finished.record(), "finished")):
        try:
            write()
        except OSError as error:  # as the play screen takes it: said, and play goes on
            messages.append(f"could not write: {error}")
    return messages


def files_with(root: Path, content: bytes) -> list[Path]:
    """Every regular file under root (links not followed) holding exactly these bytes."""
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            if not path.is_symlink() and path.is_file() and path.stat().st_size == len(content) \
                    and path.read_bytes() == content:
                found.append(path)
    return found


def named(visit_: Visit, path: Path) -> bool:
    """True if a message names this file."""
    name = printable(os.fsdecode(os.fsencode(path.name)))
    return any(name in message for message in visit_.messages)
