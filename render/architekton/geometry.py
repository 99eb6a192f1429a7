"""Sizes, terrain colours and where each square of an Architekton board lies.

The board is cut to the occupied squares plus one empty square all round, so
:func:`layout` depends on the tiles; cell sizes are multiples of
:data:`CELL_STEP`, so that tile sprites are reused from one turn to the next.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.architekton import tiles as T

from .. import common as C

# ------------------------------------------------------------------ sizes
CELL_MAX = 120  # px per square on a small board
CELL_MIN = 48  # ... and the least on a sprawling one (the image widens instead)
CELL_STEP = 8  # cell sizes are multiples of this, so tile sprites get reused
BOARD_TARGET = 1120  # px the board may take along its longer side
MIN_WIDTH = 1000
MIN_HEIGHT = 800
MARGIN = 1  # empty squares around the occupied area
MIN_SQUARES = 5  # the board shows at least 5 x 5 squares
HEADER = 88
TITLE = C.TITLE
PAD = 24

# ---------------------------------------------------------------- terrains
TERRAIN_COLOURS: dict[str, C.RGB] = {
    "E": (196, 140, 88),  # earth: sandy brown, dotted
    "M": (190, 224, 112),  # meadow: light yellow-green, grass tufts
    "W": (96, 170, 226),  # water: blue, waves
    "F": (44, 116, 62),  # forest: dark green, trees
}
TERRAIN_PATTERN: dict[str, C.RGB] = {
    "E": (150, 100, 58),
    "M": (120, 170, 60),
    "W": (214, 236, 250),
    "F": (24, 76, 38),
}
SQUARE_EMPTY: C.RGB = (243, 238, 228)
SQUARE_EMPTY_ODD: C.RGB = (236, 230, 218)  # building squares (x+y odd), a faint chequer
SQUARE_FRONTIER: C.RGB = (226, 218, 202)
CREAM: C.RGB = (251, 248, 241)
GROUT: C.RGB = (70, 62, 52)


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class BoardLayout:
    """Where the board lies in the image; ``box`` gives a square's pixels."""

    xmin: int
    xmax: int
    ymin: int
    ymax: int
    cell: int
    left: int
    top: int
    width: int  # of the whole image

    @property
    def cols(self) -> int:
        return self.xmax - self.xmin + 1

    @property
    def rows(self) -> int:
        return self.ymax - self.ymin + 1

    @property
    def right(self) -> int:
        return self.left + self.cols * self.cell

    @property
    def bottom(self) -> int:
        return self.top + self.rows * self.cell

    @property
    def label_size(self) -> int:
        return max(20, min(28, int(self.cell * 0.3)))

    @property
    def gutter(self) -> int:
        return int(self.label_size * 1.9)

    def box(self, square: T.Square) -> C.Box:
        x0 = self.left + (square[0] - self.xmin) * self.cell
        y0 = self.top + (self.ymax - square[1]) * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def centre(self, square: T.Square) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(square)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def squares(self):
        for y in range(self.ymax, self.ymin - 1, -1):
            for x in range(self.xmin, self.xmax + 1):
                yield (x, y)


def _grow(lo: int, hi: int, least: int) -> tuple[int, int]:
    missing = least - (hi - lo + 1)
    if missing > 0:
        lo -= missing // 2
        hi += missing - missing // 2
    return lo, hi


def layout(state) -> BoardLayout:
    """The board geometry for ``state`` (also used by tests to find squares)."""
    xs = [x for x, _ in state.tiles] or [0]
    ys = [y for _, y in state.tiles] or [0]
    xmin, xmax = _grow(min(xs) - MARGIN, max(xs) + MARGIN, MIN_SQUARES)
    ymin, ymax = _grow(min(ys) - MARGIN, max(ys) + MARGIN, MIN_SQUARES)
    cols, rows = xmax - xmin + 1, ymax - ymin + 1
    cell = min(CELL_MAX, BOARD_TARGET // max(cols, rows))
    cell = max(CELL_MIN, cell // CELL_STEP * CELL_STEP)
    probe = BoardLayout(xmin, xmax, ymin, ymax, cell, 0, 0, 0)
    width = max(MIN_WIDTH, cols * cell + 2 * probe.gutter + 2 * PAD)
    left = (width - cols * cell) // 2
    return BoardLayout(xmin, xmax, ymin, ymax, cell, left, HEADER + probe.gutter, width)


def _frontier(tiles) -> set[T.Square]:
    """Empty squares next to a tile: where the next tiles can go (A4.3)."""
    return {n for sq in tiles for n in T.neighbours(sq) if n not in tiles}
