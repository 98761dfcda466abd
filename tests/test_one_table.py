"""One place per game: the registry's table names every part of each game, and every part it
names exists and is the kind of thing it should be."""
from __future__ import annotations

import importlib

import pygame

from game.bots.knowledge import Knowledge
from game.figures import figures_from_json
from game.lesson import lesson_from_json
from game.registry import GAMES, PARTS
from game.words.base import Narrator
from scenes.boards import board_class
from scenes.boards.base import Board
from scenes.shell.assets import asset_path


def test_every_game_has_every_part_from_the_one_table():
    assert list(PARTS) == list(GAMES)
    for game_id, parts in PARTS.items():
        spec = importlib.import_module(parts.rules).GAME
        assert spec.id == game_id
        assert isinstance(importlib.import_module(parts.knowledge).GameKnowledge(), Knowledge)
        assert issubclass(importlib.import_module(parts.narrator).NARRATOR, Narrator)
        board = board_class(game_id)
        assert issubclass(board, Board) and board is not Board
        lesson = lesson_from_json(asset_path(*parts.lesson.split("/")).read_text("utf-8"))
        assert lesson.game == game_id
        assert figures_from_json(asset_path(*parts.figures.split("/")).read_text("utf-8"))
        assert asset_path(*parts.rules_text.split("/")).read_text("utf-8").strip()


def test_a_game_without_a_board_fails_loudly(monkeypatch):
    import dataclasses

    import pytest
    from game import registry
    broken = dict(registry.PARTS)
    broken["strands"] = dataclasses.replace(broken["strands"], board="scenes.boards.nowhere")
    monkeypatch.setattr(registry, "PARTS", broken)
    monkeypatch.setattr("scenes.boards.PARTS", broken)
    with pytest.raises(ImportError):
        board_class("strands")
    pygame.quit()
