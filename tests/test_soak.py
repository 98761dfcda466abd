"""The soak command runs the kiosk with visitors on an accelerated clock and reports figures."""
from __future__ import annotations

import io

import pygame

from scenes.tools import soak


def test_a_short_soak_has_visitors_games_and_no_errors(monkeypatch, tmp_path):
    for name in ("CONFIG", "DATA", "LOG"):  # the soak points these at its own folder
        monkeypatch.setenv(f"QUINTET_{name}_DIR", str(tmp_path / name))
    out = io.StringIO()
    try:
        errors = soak.soak(hours=0.5, step=0.1, visitor_minutes=4.0, think_scale=0.05, seed=3,
                           out=out)
    finally:
        pygame.quit()
    report = out.getvalue()
    assert errors == 0, report
    summary = report.strip().splitlines()[-2]
    assert "simulated 0.5 h" in summary and "0 errors" in summary
    visitors = int(summary.split(" visitors")[0].rsplit(" ", 1)[1])
    games = int(summary.split(" demo games")[0].rsplit(" ", 1)[1])
    assert visitors >= 1 and games >= 2, report


def test_resident_memory_is_read():
    assert 1 < soak.rss_mb() < 100_000


def test_bad_arguments_are_refused(capsys):
    import pytest
    with pytest.raises(SystemExit):
        soak.main(["--hours", "-1"])
    assert "--hours" in capsys.readouterr().err
