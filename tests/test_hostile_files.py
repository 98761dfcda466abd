"""Every kind of file (settings, saves, records, statistics) damaged in every class of way: the
app reaches the main menu, names the file and its problem, keeps the file's bytes, and carries
on. Cases are generated (tests/hostile.py); QUINTET_HOSTILE_EXAMPLES sets how many per test."""
from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenes.store import storage
from scenes.store.settings import SettingsStore
from scenes.store.stats import StatsFile
from tests.hostile import (KINDS, LIMITS, LINKS, Case, Giant, config_dir, data_root, every_write,
                           file_path, files_with, install, make_link, named, shapes, sizes,
                           texts, valid_bytes, visit)
from tests.support import examples

EXAMPLES = int(os.environ.get("QUINTET_HOSTILE_EXAMPLES", examples(30)))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example])


def survives(case: Case) -> None:
    """Put the case on disk, walk the app through it, and check what the issue asks."""
    with tempfile.TemporaryDirectory(prefix="quintet-hostile-") as folder:
        root = Path(folder)
        path = install(root, case)
        seen = visit(root)
        assert seen.menu_reached, case
        if case.must_name is True:
            assert named(seen, path), (case, seen.messages)
        elif case.must_name is False:
            assert not named(seen, path), (case, seen.messages)
        if case.content is None:
            assert any(p.name == "inside.txt" for p in root.rglob("inside.txt")), case
        else:
            assert files_with(root, case.content), f"{case}: the file's bytes are gone"


@FUZZ
@given(st.sampled_from(KINDS).flatmap(shapes))
def test_any_shape_of_file_is_named_kept_and_survived(case):
    survives(case)


@FUZZ
@given(st.sampled_from(KINDS).flatmap(texts))
def test_any_text_in_a_file_or_its_name_is_shown_safely(case):
    survives(case)


@FUZZ
@given(st.sampled_from(KINDS).flatmap(sizes))
def test_a_file_over_its_size_limit_is_refused_by_size(case):
    survives(case)


@settings(FUZZ, max_examples=max(8, EXAMPLES // 3))
@given(st.sampled_from(KINDS), st.integers(2, 60))
def test_a_giant_file_is_refused_unread(kind, megabytes):
    giant = Giant(kind, megabytes * 1_000_000)
    with tempfile.TemporaryDirectory(prefix="quintet-giant-") as folder:
        root = Path(folder)
        path = giant.install(root)
        with open(path, "rb") as start:
            head = start.read(200)
        seen = visit(root)
        assert seen.menu_reached and named(seen, path), seen.messages
        assert any("far larger than any real one" in m and "not read" in m
                   for m in seen.messages), seen.messages
        kept = [p for p in root.rglob("*") if p.is_file() and p.stat().st_size == giant.size]
        assert len(kept) == 1
        with open(kept[0], "rb") as start:
            assert start.read(200) == head


@FUZZ
@given(st.sampled_from(KINDS), st.sampled_from(LINKS))
def test_a_symbolic_link_is_written_through_or_named(kind, how):
    with tempfile.TemporaryDirectory(prefix="quintet-links-") as folder:
        root = Path(folder)
        path = file_path(root, Case(kind, how, b""))
        must_name = make_link(root, path, how, kind)
        seen = visit(root, writes=every_write)
        assert seen.menu_reached
        if must_name:
            assert named(seen, path), (kind, how, seen.messages)
        else:
            assert not any("could not" in m.lower() for m in seen.messages), seen.messages
        if not must_name:  # a good link (or one to a file not made yet) stays a link
            assert path.is_symlink(), "the link was replaced by a regular file"
            if kind == "settings":
                loaded = SettingsStore(path)
                assert loaded.load().volume == 0.5 and loaded.messages == []
            if kind == "stats":
                games, messages = StatsFile(data_root(root)).load()
                assert messages == [] and sum(games["strands"]["hard"].values()) >= 1
        if how in ("to itself", "in a loop of two"):
            assert os.path.lexists(path) and path.is_symlink()  # left as it was
        assert (root / "elsewhere").is_dir()  # what a link points to is never moved away


FAULTS = ("unreadable file", "read-only folder", "full disk")


def _inject(patch: pytest.MonkeyPatch, fault: str, path: Path) -> None:
    """Make the system refuse as the fault would (for root too, whom permissions never stop)."""
    folder = str(path.parent)
    if fault == "unreadable file":
        real_open = open

        def refusing_open(file, *args, **kwargs):
            if os.fspath(file) == os.fspath(path):
                raise PermissionError(errno.EACCES, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)
        patch.setattr(storage, "open", refusing_open, raising=False)
    elif fault == "read-only folder":
        real_os_open, real_replace, real_rename = os.open, os.replace, Path.rename

        def inside(target) -> bool:
            return os.path.dirname(os.path.abspath(os.fspath(target))) == folder

        def os_open(target, flags, *args, **kwargs):
            if flags & os.O_CREAT and inside(target):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(target))
            return real_os_open(target, flags, *args, **kwargs)

        def replace(source, target, *args, **kwargs):
            if inside(target) or inside(source):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(target))
            return real_replace(source, target, *args, **kwargs)

        def rename(self, target):
            if inside(self):
                raise PermissionError(errno.EACCES, "Permission denied", str(self))
            return real_rename(self, target)
        patch.setattr(storage.os, "open", os_open)
        patch.setattr(storage.os, "replace", replace)
        patch.setattr(Path, "rename", rename)
    else:
        def full(_handle):
            raise OSError(errno.ENOSPC, "No space left on device")
        patch.setattr(storage.os, "fsync", full)


@FUZZ
@given(st.sampled_from(KINDS), st.sampled_from(FAULTS), st.sampled_from(["valid", "damaged"]))
def test_a_refusing_disk_is_said_and_the_old_file_stays(kind, fault, content):
    body = valid_bytes(kind) if content == "valid" else b'{"format": "cut sh'
    with tempfile.TemporaryDirectory(prefix="quintet-faults-") as folder, \
            pytest.MonkeyPatch.context() as patch:
        root = Path(folder)
        case = Case(kind, fault, body)
        path = install(root, case)
        _inject(patch, fault, path)
        seen = visit(root, writes=every_write)
        patch.undo()
        assert seen.menu_reached
        assert files_with(root, body), "the old file is gone"
        if fault == "unreadable file" or content == "damaged":
            assert named(seen, path), seen.messages
        if fault != "unreadable file":
            assert any("could not" in m.lower() or "not saved" in m.lower() or "not counted"
                       in m.lower() for m in seen.messages), seen.messages
        if fault == "read-only folder":
            assert path.read_bytes() == body  # nothing moved, nothing written over it


# ---- named examples of each class --------------------------------------------------------------
def test_a_thousand_levels_deep_never_reach_a_recursion_error(tmp_path):
    for kind in KINDS:
        depth = 20_000  # 40 kB: under every size limit, so the parser meets it
        path = install(tmp_path / kind, Case(kind, "deep", b"[" * depth + b"]" * depth))
        seen = visit(tmp_path / kind)
        assert any("nested far too deeply" in m for m in seen.messages) and named(seen, path)


def test_non_finite_and_duplicate_values_are_named(tmp_path):
    for number in ("NaN", "Infinity", "-Infinity", "1e999"):
        path = tmp_path / f"{number}.json"
        path.write_text('{"volume": %s}' % number)
        with pytest.raises(storage.FileProblem, match="number"):
            storage.read_json(path, 1000)
    path = tmp_path / "twice.json"
    path.write_text('{"volume": 0.5, "volume": 0.9}')
    with pytest.raises(storage.FileProblem, match="has the key 'volume' twice"):
        storage.read_json(path, 1000)


def test_a_byte_order_mark_before_good_settings_is_no_harm(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.3}).encode())
    store = SettingsStore(path)
    assert store.load().volume == 0.3 and store.messages == []


def test_a_folder_in_place_of_settings_is_moved_aside_and_settings_save_again(tmp_path):
    path = config_dir(tmp_path) / "settings.json"
    path.mkdir(parents=True)
    store = SettingsStore(path)
    store.load()
    assert "is a folder, not a file" in store.messages[0] and "kept as settings.json.bad-" in \
        store.messages[0]
    assert store.save(store.load()) and path.is_file()


def test_a_bad_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("{damaged")
    monkeypatch.setattr(storage, "move_aside", lambda _path: None)
    store = SettingsStore(path)
    store.load()
    assert "left as it is, and nothing is saved over it" in store.messages[0]
    assert not store.save(store.load()) and path.read_text() == "{damaged"
    assert "Settings are not saved" in store.messages[-1]


def test_a_read_only_settings_file_is_not_replaced(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.2}))
    monkeypatch.setattr(storage.os, "access", lambda target, mode: Path(target) != path)
    store = SettingsStore(path)
    settings_ = store.load()
    settings_.volume = 0.9
    assert not store.save(settings_) and "read-only" in store.messages[-1]
    assert json.loads(path.read_text()) == {"volume": 0.2}


def test_limits_are_far_above_any_real_file():
    for kind, limit in LIMITS.items():
        assert limit >= 50 * len(valid_bytes(kind)), kind
