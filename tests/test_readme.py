"""The README's and the docs' engine examples run as written, so the docs cannot drift from the
API."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]


def test_readme_python_examples_run(capsys):
    ran = 0
    for doc in DOCS:
        for block in re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            exec(compile(block, str(doc), "exec"), {})
            ran += 1
    assert ran
    assert "PullsRevealed" in capsys.readouterr().out
