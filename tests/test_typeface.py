"""A real typeface (issue 16, point 16): Inter ships in assets/fonts with its licence and draws
every text, kerned and without the widened letters that split "St rings"; sizes come from one
type scale; a missing font file falls back to pygame's default font with a line in the log."""
from __future__ import annotations

import logging

import pygame
import pytest
from hypothesis import given, strategies as st

from scenes.shell import theme as th
from scenes.shell.assets import asset_path

WORDS = "Pulling Strings Left/Right Tug of War AVAWAY Moriarty To Yellow"


@pytest.fixture
def theme():
    pygame.font.init()
    made = th.Theme()
    yield made
    pygame.font.quit()


def test_the_typeface_and_its_licence_ship_and_are_recorded():
    assert asset_path(*th.FONT_FILE).is_file()
    licence = asset_path("fonts", "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    listed = asset_path("LICENSES").read_text()
    assert "fonts/OFL.txt" in listed
    for weight, parts in th.WEIGHT_FILES.items():
        assert asset_path(*parts).is_file(), weight
        assert parts[1] in listed.split("fonts/OFL.txt")[0], weight
    build = (asset_path().parent / "build.spec").read_text()
    assert '"fonts"' in build  # the packaged app collects the folder


def test_the_theme_draws_with_the_shipped_face(theme):
    path, em = theme.face
    assert path == str(asset_path(*th.FONT_FILE)) and em == th.EM_PER_SIZE
    assert theme.font(20).name == "Inter"


@pytest.mark.parametrize("size", range(12, 49))
def test_letters_keep_their_own_width_at_every_size(theme, size):
    """The cause of "St rings": the old face's hints widened narrow letters (t, r, i) by up to a
    third at small sizes. Every letter's advance here is within a pixel of its true width."""
    font = theme.font(size)
    big = pygame.font.Font(theme.face[0], 400)
    scale = font.get_point_size() / big.get_point_size()
    for letter in sorted(set(WORDS) - {" "}):
        hinted = font.metrics(letter)[0][4]
        true = big.metrics(letter)[0][4] * scale
        assert abs(hinted - true) <= 1.0, (letter, size, hinted, true)


def test_pairs_are_kerned(theme):
    font = theme.font(40)
    for pair in ("AV", "To", "Ya"):
        assert font.size(pair)[0] < font.size(pair[0])[0] + font.size(pair[1])[0], pair


@given(st.floats(8, 120))
def test_every_size_is_a_step_of_the_type_scale(size):
    step = th.type_size(size)
    assert step in th.TYPE_SCALE
    if th.TYPE_SCALE[0] <= size <= th.TYPE_SCALE[-1]:
        assert abs(step / size - 1) <= 0.062  # the nearest step: at most half a step away


def test_text_is_drawn_at_its_step(theme):
    for size in (17, 19, 22, 24, 26, 40):
        step = th.type_size(size)
        assert theme.text("Quintet", size).get_size() == theme.text("Quintet", step).get_size()


def test_a_missing_font_file_falls_back_with_a_message(monkeypatch, caplog, tmp_path):
    pygame.font.init()
    monkeypatch.setattr(th, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    with caplog.at_level(logging.WARNING, logger="quintet"):
        theme = th.Theme()
        image = theme.text("Pulling Strings", 24)
    assert theme.face == (None, 1.0) and image.get_width() > 50
    assert any("Inter-SemiBold.otf could not be loaded" in r.getMessage() for r in caplog.records)
    assert theme.min_font_size() >= 8 and theme.line(10) >= th.MIN_TEXT_PX


def test_a_damaged_font_file_falls_back_too(monkeypatch, tmp_path):
    pygame.font.init()
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Inter-SemiBold.otf").write_bytes(b"not a font at all")
    monkeypatch.setattr(th, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    theme = th.Theme()
    assert theme.text("Strings", 20).get_width() > 20 and theme.face == (None, 1.0)


def test_roles_have_weights_and_weights_differ(theme):
    """Issue 40, item 8: a title, a heading, a number, body text and a caption are told apart
    by size and weight; every weight of the face is Inter."""
    assert {role.weight for role in th.ROLES.values()} == set(th.WEIGHT_FILES)
    assert th.TITLE.size > th.HEADING.size > th.BODY.size > th.CAPTION.size
    widths = {}
    for weight in th.WEIGHT_FILES:
        font = theme.font(40, weight)
        assert font.name == "Inter"
        widths[weight] = font.size("Quintet 256")[0]
    assert widths["medium"] < widths["semibold"] < widths["bold"]
    title, body = theme.text("Quintet", th.TITLE), theme.text("Quintet", th.BODY)
    assert title.get_height() > body.get_height()


@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1280, 720), (2560, 1440)])
def test_no_capital_is_drawn_under_the_floor(theme, size):
    """The smallest text anywhere has capitals MIN_CAP_PX tall, measured on the rendered "H"."""
    theme.set_window(size)
    for role in (*th.ROLES.values(), 6, 10):
        assert th.cap_height(theme.role_font(role)) >= th.MIN_CAP_PX, (role, size)


def test_a_picture_s_words_take_their_room_but_no_ink(theme):
    written = theme.text("home", th.BODY)
    with theme.pictures():
        blank = theme.text("home", th.BODY)
        direct = theme.font(20).render("wins!", True, th.TEXT)
    assert blank.get_size() == written.get_size()
    assert blank.get_bounding_rect().width == 0 and direct.get_bounding_rect().width == 0
    assert theme.text("home", th.BODY).get_bounding_rect().width > 0  # written again after


def test_a_missing_weight_falls_back_to_semibold(monkeypatch, tmp_path):
    pygame.font.init()
    (tmp_path / "fonts").mkdir()
    source = asset_path(*th.FONT_FILE)
    (tmp_path / "fonts" / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(th, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    theme = th.Theme()
    assert theme.face_of("bold") == theme.face and theme.face[0] is not None
    assert theme.text("Quintet", th.TITLE).get_width() > 20
