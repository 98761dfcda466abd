"""Issue 37, item 4: the app runs without its bots' worker process, says why, offers hot-seat."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.screens.dialog import ConfirmScene
from scenes.shell.bot_process import BotProcess
from tests.support import carries
from tests.test_play_vs_bot import start_vs

ROOT = Path(__file__).resolve().parent.parent


class RefusingWorker:
    """A worker whose process cannot start, as with /dev/shm full."""

    def start(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    request = start

    def close(self) -> None:
        """Nothing to stop."""


def test_no_worker_says_why_and_offers_hot_seat(driver):
    scene = start_vs(driver, "strands", ("human", "bot:easy"), BotProcess(RefusingWorker),
                     {"side": 5})
    move = scene.turns.match.state.legal_moves(0)[0]
    driver.settle()
    driver.choose_by_keys(move)
    driver.frames(5)
    dialog = driver.top
    assert isinstance(dialog, ConfirmScene) and carries(dialog.title, "computer", "cannot start")
    assert "No space left on device" in dialog.question and "hot-seat" in dialog.question
    driver.click(dialog.group.buttons[0].rect.center)  # Play hot-seat
    driver.frames(3)
    assert scene.turns.hot_seat and scene.turns.controllers == ("human", "human")
    driver.settle()
    seat = scene.turns.chooser
    assert seat == 1  # the second seat is a person's now
    driver.choose_by_keys(scene.turns.match.state.legal_moves(seat)[0])
    assert len(scene.turns.match.entries) == 2


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0,
                    reason="needs root and unshare for a private, full /dev/shm")
def test_with_dev_shm_full_quintet_vs_easy_opens_and_says_why(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               QUINTET_DATA_DIR=str(tmp_path / "data"), QUINTET_CONFIG_DIR=str(tmp_path / "c"),
               QUINTET_LOG_DIR=str(tmp_path / "log"), PYTHONPATH=str(ROOT))
    script = ("mount -t tmpfs -o size=4k tmpfs /dev/shm && "
              "(dd if=/dev/zero of=/dev/shm/filler bs=4k count=4 2>/dev/null; true) && "
              f"exec {sys.executable} -m game --game strands --vs easy --seconds 4")
    run = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    if "mount" in run.stderr and run.returncode != 0 and "Quintet" not in run.stderr:
        pytest.skip(f"a private /dev/shm cannot be mounted here: {run.stderr[-300:]}")
    assert run.returncode == 0, run.stderr[-3000:]
    log = (tmp_path / "log" / "quintet.log").read_text()
    assert "the computer player cannot start" in log, log[-2000:]
    assert "Quintet could not start" not in log


def teardown_module():
    pygame.quit()
