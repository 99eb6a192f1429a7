"""Sizes, colours and where each field, strip and card of an Atacama image lies.

Everything that places something asks :class:`Layout`; how many scorer strips
the board gets (under it for the columns, right of it for the rows) depends on
who holds which right, see :func:`scorers`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.atacama import boards as B

from .. import common as C

# ------------------------------------------------------------------ sizes
CELL = 92
PAD = 24
HEADER = 88
TITLE = C.TITLE
COORD = 36  # px of the coordinate gutters
AXIS_SIZE = 28  # font size of the coordinates
PILL_W = 66  # a line's value badge
PILL_H = 38
STRIP = 42  # px per scorer strip (under the board / right of it)
CARD_H = 118
TEXT = 22
SUB = 4  # px of the sub-board borders
LEGEND_ROW = 36
TOWER = int(CELL * 0.6)  # px of a tower marker

ORE_COLOURS: dict[str, C.RGB] = {
    "G": (246, 206, 84),  # gold: warm yellow
    "S": (205, 213, 222),  # silver: cool grey
    "C": (206, 122, 78),  # copper: reddish brown
}
ORE_INK: dict[str, C.RGB] = {"G": (92, 64, 0), "S": (40, 52, 66), "C": (60, 22, 4)}
GRID: C.RGB = (120, 108, 90)
SUB_EDGE: C.RGB = (52, 44, 36)
UNLAID: C.RGB = (222, 212, 192)
UNLAID_HATCH: C.RGB = (200, 186, 160)
# The rulebook's turquoise and orange, dark enough to stay apart from the seat colours (one seat
# is orange, one bluish green) and the ores, also for protanopes and deuteranopes (tests/render/test_colours.py).
RIGHT_COLOURS: dict[str, C.RGB] = {"turquoise": (20, 90, 95), "orange": (170, 62, 0)}


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Layout:
    """Where things lie in the image; ``box`` gives a field's pixels."""

    cols_strips: int  # scorer strips under the board
    rows_strips: int  # ... and right of it
    cards: int

    @property
    def left(self) -> int:
        return PAD + COORD

    @property
    def top(self) -> int:
        return HEADER + 14 + COORD

    @property
    def right(self) -> int:
        return self.left + 9 * CELL

    @property
    def bottom(self) -> int:
        return self.top + 9 * CELL

    @property
    def width(self) -> int:
        return self.right + COORD + max(1, self.rows_strips) * STRIP * 2 - 12 + PAD

    @property
    def strips_top(self) -> int:
        return self.bottom + COORD

    @property
    def panel_top(self) -> int:
        return self.strips_top + max(1, self.cols_strips) * STRIP + 14

    @property
    def height(self) -> int:
        rows = (self.cards + 1) // 2
        return self.panel_top + 16 + rows * (CARD_H + 14) + 3 * LEGEND_ROW + PAD

    def box(self, field: B.Field) -> C.Box:
        x0 = self.left + field[0] * CELL
        y0 = self.top + (8 - field[1]) * CELL
        return (x0, y0, x0 + CELL, y0 + CELL)

    def centre(self, field: B.Field) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(field)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def tower_centre(self, field: B.Field) -> tuple[float, float]:
        """Where a tower stands on ``field``: low and right, clear of the ore label."""
        cx, cy = self.centre(field)
        return (cx + 8, cy + 12)

    def col_pill(self, k: int, col: int) -> tuple[float, float]:
        """Centre of column ``col``'s value badge in the k-th strip under the board."""
        return (self.left + (col + 0.5) * CELL, self.strip_y(k))

    def row_pill(self, k: int, row: int) -> tuple[float, float]:
        """Centre of row ``row``'s value badge (0 = row 1) in the k-th strip right of the board."""
        return (self.strip_x(k), self.top + (8 - row + 0.5) * CELL)

    def strip_x(self, k: int) -> float:
        """Centre x of the k-th row-scorer strip right of the board."""
        return self.right + COORD + STRIP + k * 2 * STRIP - 6

    def strip_y(self, k: int) -> float:
        """Centre y of the k-th column-scorer strip under the board."""
        return self.strips_top + (k + 0.5) * STRIP


def scorers(state, axis: str) -> list[tuple[int | None, str]]:
    """Who scores the lines of ``axis``: ``(seat, right colour)``; while the
    build-up rights are open, ``(None, colour)`` for the right to be bought."""
    if getattr(state, "rights_open", False):
        return [(None, B.AXIS_COLOUR[axis])]
    return [(seat, right[1]) for seat, right in enumerate(state.rights) if right and right[0] == axis]


def layout(state) -> Layout:
    return Layout(len(scorers(state, "cols")), len(scorers(state, "rows")), state.players)
