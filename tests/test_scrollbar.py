"""A scrollbar's thumb: inside its track, as long as the share shown, at the top and the foot
at the list's two ends, and none when everything shows."""
from __future__ import annotations

import pygame
from hypothesis import given, strategies as st

from scenes.shell.widgets import scroll_at, scrollbar_thumb


@given(st.integers(20, 600), st.integers(1, 400), st.integers(1, 400), st.data())
def test_the_thumb_sits_in_its_track_in_proportion(height, shown, total, data):
    track = pygame.Rect(10, 30, 6, height)
    first = data.draw(st.integers(0, max(0, total - shown)))
    thumb = scrollbar_thumb(track, first, shown, total)
    if total <= shown:
        assert thumb is None
        return
    assert thumb is not None and track.contains(thumb)
    assert thumb.height >= min(track.height, 2 * track.width)
    assert abs(thumb.height - max(2 * track.width, track.height * shown / total)) <= 1 \
        or thumb.height == track.height
    if first == 0:
        assert thumb.top == track.top
    if first == total - shown:
        assert thumb.bottom == track.bottom
    later = scrollbar_thumb(track, min(first + 1, total - shown), shown, total)
    assert later.top >= thumb.top  # further down the list, further down the track


@given(st.integers(10, 600), st.integers(1, 500), st.integers(-50, 700))
def test_a_click_on_the_track_asks_for_that_part_of_the_list(height, limit, y):
    track = pygame.Rect(10, 30, 6, height)
    asked = scroll_at(track, track.top + y, limit)
    assert 0 <= asked <= limit
    assert scroll_at(track, track.top, limit) == 0 and scroll_at(track, track.bottom, limit) \
        == limit
    assert scroll_at(track, track.top + y + 1, limit) >= asked  # lower asks for more
