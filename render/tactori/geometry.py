"""Sizes, board colours and where each field of a Tactori board lies in the image.

Everything that places something asks :class:`Layout`, so the 9x9 and the 5x5
board differ only in the spacing it computes from the grid size.  The board's
colours are here because the board, its coordinates and the legend all paint
with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import common as C

COLUMNS = "abcdefghi"

# ------------------------------------------------------------------ sizes
BOARD = 920  # px of the board square (both games)
EDGE = 0.6  # margin round the outer grid points, in spacings
PAD = 20
COORD = 34  # coordinate gutters


def axis_size(n: int) -> int:
    """Font size of the coordinates on an ``n`` x ``n`` board."""
    return 26 if n == 9 else 30


HEADER = 88
CARD_H = 128
CARD_GAP = 14
LEGEND_ROW = 36

BOARD_FILL: C.RGB = (240, 231, 211)
BOARD_EDGE: C.RGB = (150, 132, 104)
GRID: C.RGB = (186, 170, 142)
DOT: C.RGB = (140, 124, 98)
CENTRE_FILL: C.RGB = (250, 214, 150)
CENTRE_EDGE: C.RGB = (150, 96, 20)


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Layout:
    """Where things lie in the image; :meth:`point` gives a field's pixel."""

    n: int  # grid points per side (9 or 5)
    players: int
    legend_rows: int

    @property
    def spacing(self) -> float:
        return BOARD / (self.n - 1 + 2 * EDGE)

    @property
    def left(self) -> int:
        return PAD + COORD

    @property
    def top(self) -> int:
        return HEADER + 12 + COORD

    @property
    def right(self) -> int:
        return self.left + BOARD

    @property
    def bottom(self) -> int:
        return self.top + BOARD

    @property
    def width(self) -> int:
        return self.right + COORD + PAD

    @property
    def panel_top(self) -> int:
        return self.bottom + COORD + 8

    @property
    def height(self) -> int:
        rows = (self.players + 1) // 2
        return self.panel_top + 16 + rows * (CARD_H + CARD_GAP) + self.legend_rows * LEGEND_ROW + PAD

    # piece sizes, scaled with the spacing (the 5x5 board has roomier points)
    @property
    def radius(self) -> int:
        """Outer radius of a stack."""
        return int(min(0.37 * self.spacing, 56))

    @property
    def bridge(self) -> int:
        """Width of a bridge's coloured core."""
        return int(min(0.15 * self.spacing, 22))

    @property
    def badge(self) -> int:
        """Size of a bridge's floor badge."""
        return int(min(0.33 * self.spacing, 44))

    @property
    def ring(self) -> int:
        """Radius of the last-move ring round a stack."""
        return self.radius + max(11, self.radius // 4)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Pixel of grid coordinates (column x, row y, both from 0; fractions allowed)."""
        s = self.spacing
        return (self.left + (EDGE + x) * s, self.top + (EDGE + self.n - 1 - y) * s)

    def point(self, name: str) -> tuple[float, float]:
        """Pixel centre of the field ``name`` (``"e5"``)."""
        x, y = field_xy(name)
        return self.xy(x, y)

    def cell_centre(self, name: str) -> tuple[float, float]:
        """Centre of the cell named by its lower-left field."""
        x, y = field_xy(name)
        return self.xy(x + 0.5, y + 0.5)


def field_xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def layout(state) -> Layout:
    data = _data(state)
    return Layout(data["size"], data["players"], _legend_rows(data))


def _legend_rows(data) -> int:
    """Two rows, one more for the centre variation and one for chase (the chased towers' entry,
    kept whether or not the last turn chased any, so that a match's boards keep one size)."""
    return 2 + bool(data["options"].get("centre")) + bool(data["options"].get("chase"))


def _data(state) -> dict:
    return state if isinstance(state, dict) else state.to_json()
