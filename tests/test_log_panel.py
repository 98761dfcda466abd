"""The side panel's move log shows the latest whole entries that fit, never one cut at the top."""
from __future__ import annotations

from hypothesis import given, strategies as st

from scenes.play.parts.play_view import latest_entries

ENTRIES = st.lists(st.lists(st.text("ab", min_size=1, max_size=3), min_size=1, max_size=4),
                   max_size=12)


@given(ENTRIES, st.integers(0, 20))
def test_the_log_shows_a_tail_of_whole_entries_within_its_room(entries, room):
    shown = [line for entry in latest_entries(entries, room) for line in entry]
    assert len(shown) <= room
    whole = [line for entry in entries for line in entry]
    assert shown == whole[len(whole) - len(shown):]  # the latest lines, in order
    last = entries[-1] if entries else []
    if len(last) > room:  # the last entry alone overflows: as much of its end as fits
        assert shown == (last[-room:] if room else [])
        return
    starts, total = set(), 0
    for entry in reversed(entries):
        total += len(entry)
        starts.add(total)
    assert len(shown) in starts | {0}  # begins at an entry's first line
    fits_one_more = any(len(shown) < n <= room for n in starts)
    assert not fits_one_more  # and leaves out no earlier entry that would fit


def test_a_long_entry_above_is_left_out_rather_than_cut():
    entries = [["1. Eks pivot 1, Oh take 2,", "   Eks pass"], ["2. Oh end"]]
    assert latest_entries(entries, 2) == [["2. Oh end"]]
    assert latest_entries(entries, 3) == entries


@given(ENTRIES, st.integers(0, 200), st.integers(1, 20), st.integers(0, 8))
def test_the_log_s_entries_and_the_gaps_between_them_fit_their_room(entries, room, step, gap):
    """Drawn lines `step` apart with a `gap` between entries, the entries shown fit."""
    shown = latest_entries(entries, room, step, gap)
    if shown and shown[0] is not entries[len(entries) - len(shown)]:  # the last, cut
        assert len(shown) == 1 and len(shown[0]) * step <= room
        return
    assert sum(len(e) for e in shown) * step + max(0, len(shown) - 1) * gap <= room
    assert shown == entries[len(entries) - len(shown):]
