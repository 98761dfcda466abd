"""The one-file build's unpacked folders: a killed Quintet's is removed at the next start; a
running Quintet's, another app's and a half-unpacked one are left alone."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.store.unpacked import (DOOMED_PREFIX, LOCK_NAME, claim, is_left_over, sweep,
                                   unpacked_folder)
from tests.support import examples

ROOT = Path(__file__).resolve().parent.parent
# what a folder in the temporary folder can be, and whether a sweep must remove it
KINDS = {
    "dead": True,  # a Quintet's, its lock file free: the Quintet was killed
    "doomed": True,  # renamed by a sweep that was cut short
    "live": False,  # a running Quintet's: its lock is held
    "foreign": False,  # another one-file app's: no lock file of ours
    "unpacking": False,  # a Quintet still unpacking: no lock file yet, files coming
    "other": False,  # any other folder in the temporary folder
}


def _make(parent: Path, index: int, kind: str, held: list) -> Path:
    """A folder of this kind under `parent` (a live one's lock goes into `held`)."""
    name = {"doomed": f"{DOOMED_PREFIX}_MEI{index:04d}", "other": f"cache-{index}"}.get(
        kind, f"_MEI{index:04d}")
    folder = parent / name
    (folder / "assets").mkdir(parents=True)
    (folder / "assets" / "sound.wav").write_bytes(b"RIFF")
    if kind in ("dead", "doomed", "live"):
        (folder / LOCK_NAME).write_bytes(b"")
    if kind == "foreign":
        (folder / "other-app.lock").write_bytes(b"")
    if kind == "live":
        held.append(claim(folder))
    return folder


@settings(max_examples=examples(40), deadline=None)
@given(kinds=st.lists(st.sampled_from(sorted(KINDS)), max_size=8))
def test_a_sweep_removes_exactly_the_killed_quintets_folders(tmp_path_factory, kinds):
    parent = tmp_path_factory.mktemp("tmp")
    held: list = []
    own = _make(parent, 9999, "live", held)  # this Quintet's own folder
    folders = [_make(parent, index, kind, held) for index, kind in enumerate(kinds)]
    try:
        removed = sweep(parent, own)
    finally:
        for handle in held:
            handle.close()
    for folder, kind in zip(folders, kinds):
        assert folder.exists() is not KINDS[kind], (kind, folder.name)
    assert own.exists()
    expected = {folder.name.removeprefix(DOOMED_PREFIX) for folder, kind in zip(folders, kinds)
                if KINDS[kind]}
    assert {path.name for path in removed} == expected
    assert not list(parent.glob(DOOMED_PREFIX + "*"))


def test_the_lock_is_free_once_its_holder_closes_it(tmp_path):
    folder = tmp_path / "_MEI1234"
    folder.mkdir()
    handle = claim(folder)
    assert handle is not None and not is_left_over(folder)
    assert claim(folder) is None  # no second claim while the first holds it
    handle.close()
    assert is_left_over(folder)


def test_a_killed_process_leaves_its_folder_to_the_next_sweep(tmp_path):
    """A real kill: a process claims its folder and is killed; the lock dies with it."""
    parent = tmp_path / "tmp"
    folder = parent / "_MEIkilled"
    folder.mkdir(parents=True)
    code = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from scenes.store.unpacked import claim
        handle = claim(Path({str(folder)!r}))
        print("claimed" if handle else "refused", flush=True)
        time.sleep(60)
    """)
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                               text=True)
    try:
        assert process.stdout.readline().strip() == "claimed"
        assert sweep(parent) == [] and folder.exists()  # running: kept
    finally:
        process.kill()
        process.wait(timeout=30)
        process.stdout.close()
    assert sweep(parent) == [folder] and not folder.exists()


def test_only_the_one_file_builds_own_folder_counts_as_unpacked(monkeypatch, tmp_path):
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert unpacked_folder() is None  # from source
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "Quintet" / "_internal"), raising=False)
    assert unpacked_folder() is None  # the one-folder build
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "_MEI12345"))
    assert unpacked_folder() == tmp_path / "_MEI12345"
