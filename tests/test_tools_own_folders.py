"""Every developer tool that starts the app (in this process or another) runs it in folders of
its own, never the player's: a tool's run once left saves in ~/.local/share/Quintet."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "scenes" / "tools"
STARTS_THE_APP = re.compile(r"\bApp\(|scenes\.main import main")
KEEPS_ITS_OWN = re.compile(r"\bown_folders\(|USER_FOLDERS")


def tools_without_own_folders(folder: Path = TOOLS) -> list[str]:
    """The tools that start the app but never point its folders elsewhere."""
    return sorted(path.name for path in folder.glob("*.py")
                  if STARTS_THE_APP.search(text := path.read_text(encoding="utf-8"))
                  and not KEEPS_ITS_OWN.search(text))


def test_every_tool_that_starts_the_app_keeps_to_folders_of_its_own():
    found = [path.name for path in TOOLS.glob("*.py")
             if STARTS_THE_APP.search(path.read_text(encoding="utf-8"))]
    assert len(found) >= 6  # the check reads the tools it is for
    assert not tools_without_own_folders()


def test_the_check_finds_a_tool_that_would_write_into_the_players_folders(tmp_path):
    (tmp_path / "careless.py").write_text("app = App((800, 500))\n")
    (tmp_path / "careful.py").write_text("with own_folders():\n    app = App((800, 500))\n")
    assert tools_without_own_folders(tmp_path) == ["careless.py"]
