"""A choice's looks are drawn once into a picture and blitted after (th.draw_states): the
picture must put exactly the pixels drawing them afresh would, for any shape, place, scale and
set of states, over any ground."""
from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.shell import theme as th
from tests.support import examples

STATES = st.sets(st.sampled_from([th.PICKED, th.LEGAL, th.HOVER, th.FOCUS]),
                 min_size=1)
SHAPES = st.one_of(
    st.builds(lambda x, y, r: th.Circle((x, y), r), st.floats(40, 160), st.floats(40, 160),
              st.floats(4, 30)),
    st.builds(lambda x, y, r: th.Hexagon((x, y), r), st.floats(40, 160), st.floats(40, 160),
              st.floats(6, 30)),
    st.builds(lambda x, y, w, h: pygame.Rect(x, y, w, h), st.integers(30, 120),
              st.integers(30, 120), st.integers(4, 60), st.integers(4, 60)),
    st.builds(lambda x, y, w, h, r: th.Rounded(pygame.Rect(x, y, w, h), r),
              st.integers(30, 120), st.integers(30, 120), st.integers(8, 60),
              st.integers(8, 60), st.integers(0, 4)))


def drawn_afresh(surface: pygame.Surface, theme: th.Theme, shape, states: set[str]) -> None:
    """The looks drawn straight onto the surface, one by one, as STATES and ORDER define them."""
    states = set(states)
    if states & {th.HOVER, th.PICKED}:
        states.discard(th.LEGAL)
    for state in th.ORDER:
        if state in states:
            th.draw_state(surface, theme, shape, state, tick=False)
    if th.PICKED in states:
        th.draw_tick(surface, theme, shape)


@settings(max_examples=examples(120), deadline=None)
@given(SHAPES, STATES, st.sampled_from([(800, 500), (1280, 720), (1920, 1080)]),
       st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)))
def test_a_looks_picture_puts_the_pixels_drawing_afresh_would(shape, states, window, ground):
    theme = th.Theme()
    theme.set_window(window)
    afresh = pygame.Surface((220, 220))
    afresh.fill(ground)
    drawn_afresh(afresh, theme, shape, states)
    for _ in range(2):  # the picture made, then the picture kept
        pictured = pygame.Surface((220, 220))
        pictured.fill(ground)
        th.draw_states(pictured, theme, shape, states)
        assert pygame.image.tobytes(pictured, "RGB") == pygame.image.tobytes(afresh, "RGB")
    assert len(theme.looks) == 1
