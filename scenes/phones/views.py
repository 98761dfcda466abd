"""What a phone draws of its game: a plain `view` object built from one seat's observation.

pygame-free and network-free: `phone_message` (scenes/play/parts/play_phones.py) adds the view
to what a seat's phone is told, and the page (assets/phone/phone.html) draws it as a small
board. A view holds only what `state.observe(seat)` holds, so no secret of the other seat can
reach it; where a spot on the board stands for one of the seat's legal moves it carries that
move's text (`move`), so a tap there picks the same choice as its button.
"""
from __future__ import annotations

from typing import Any

from game.core import State

Json = dict[str, Any]


def phone_view(seen: State, seat: int, legal: set[str]) -> Json | None:
    """The board a seat's phone draws (None for a game without one); `legal` holds the texts
    of the moves the phone offers now."""
    game_id = getattr(seen, "game_id", "")
    if game_id == "pulling_strings":
        return pulling_strings_view(seen, seat, legal)
    if game_id == "moriarty":
        return moriarty_view(seen, seat, legal)
    return None


def pulling_strings_view(seen: Any, seat: int, legal: set[str]) -> Json:
    """The 5x5 web: stacks, homes, broken strings and each string end's letter where it is."""
    from game.rules.pulling_strings import END_INFO, HOME_MARKS, HOMES, SIZE

    ends = []
    for end, (string, (drow, dcol)) in sorted(END_INFO.items()):
        row, col = (-1 if drow < 0 else SIZE, string) if string < SIZE else \
            (string - SIZE, -1 if dcol < 0 else SIZE)
        ends.append({"end": end, "row": row, "col": col, "broken": seen.is_broken(end),
                     "move": end if end in legal else ""})
    own = seen.pending[seat]
    return {
        "kind": "pulling_strings",
        "size": SIZE,
        "stacks": list(seen.stacks),
        "homes": [{"row": r, "col": c, "seat": owner, "mark": HOME_MARKS[owner]}
                  for owner in (0, 1) for r, c in HOMES[owner]],
        "broken": [string for string in range(2 * SIZE) if seen.broken >> string & 1],
        "ends": ends,
        "you": seat,
        "pulled": str(own) if own is not None else "",
    }


def moriarty_view(seen: Any, seat: int, legal: set[str]) -> Json:
    """The eight columns (rows 0-9, South's side at the bottom as on the big screen): each
    token's colour and row, the Pivot, the active tokens and this seat's own."""
    from game.rules.moriarty import COLOURS, COLUMNS, START_ROWS, PickPivot, Take

    actives = list(seen.actives(seen.pivot)) if seen.pivot is not None else []
    columns = []
    for column in range(COLUMNS):
        colour = seen.colours[column]
        picks = [str(move) for move in (PickPivot(column), Take(column)) if str(move) in legal]
        columns.append({
            "colour": COLOURS[colour] if colour is not None else "",
            "row": seen.rows[column] if colour is not None else START_ROWS[column],
            "pivot": column == seen.pivot,
            "active": column in actives,
            "yours": seen.tokens[seat] == column,
            "move": picks[0] if picks else "",
        })
    bonus = seen.bonus[seat]
    return {
        "kind": "moriarty",
        "columns": columns,
        "rows": 10,
        "south": seen.seat_name(seen.south),
        "north": seen.seat_name(seen.north),
        "you_south": seat == seen.south,
        "bonus": COLOURS[bonus] if bonus is not None else "",
    }
