"""The GitHub workflow cannot run here: its syntax and shape are checked instead (it parses as
YAML, every job builds a release folder with the pinned versions, Linux on the oldest runner,
each step is a `uses` or a `run`, expressions are closed), and it says it is untested."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

WORKFLOW = Path(__file__).resolve().parent.parent / ".github" / "workflows" / "build.yml"


def load() -> dict:
    """The workflow as data (PyYAML reads the key `on` as True)."""
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_parses_and_every_step_uses_or_runs_something():
    workflow = load()
    assert workflow["name"] and workflow[True]  # the `on:` triggers
    for name, job in workflow["jobs"].items():
        assert job["runs-on"] and job["steps"], name
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), step
            assert set(step) <= {"name", "uses", "run", "with", "env", "if", "timeout-minutes",
                                 "shell", "id", "continue-on-error"}, step


def test_expressions_are_closed_and_name_known_contexts():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert text.count("${{") == text.count("}}")
    for expression in re.findall(r"\$\{\{(.*?)\}\}", text):
        for word in re.findall(r"\b([a-z]+)\.", expression):
            assert word in {"matrix", "runner", "github", "env", "steps", "secrets"}, expression


def test_linux_builds_on_the_oldest_runner_and_every_system_makes_a_release_folder():
    job = load()["jobs"]["release"]
    systems = job["strategy"]["matrix"]["os"]
    assert "ubuntu-22.04" in systems and {"windows-latest", "macos-latest"} <= set(systems)
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "-c packaging/constraints.txt" in runs
    assert runs.count("packaging/release.py") >= 2  # Linux from the commit; the others too
    upload = next(step for step in job["steps"] if "upload-artifact" in step.get("uses", ""))
    assert upload["with"]["path"] == "release/"


def test_the_workflow_says_it_is_untested():
    assert WORKFLOW.read_text(encoding="utf-8").startswith("# UNTESTED")
