"""Grid geometry shared by Tactori (9x9) and Tactori FEM (5x5) (R1, R2, R5).

Fields are the points of an N x N grid, indexed ``x * N + y`` (x = column,
y = row, both from 0), so that comparing indices is the canonical order of
R8/records.md: column first, then row.  Unit segments join neighbouring fields;
cells are the unit squares between them, named by their lower-left field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..text import Text

COLUMNS = "abcdefghi"


@dataclass(frozen=True)
class Place:
    """A place for a bridge: end fields ``a < b`` two apart, midpoint, and its two unit segments."""

    a: int
    b: int
    mid: int
    segs: tuple[int, int]
    text: str  # "c3e3"


class Geometry:
    """Everything about an N x N grid that does not depend on the position."""

    def __init__(self, n: int):
        self.n = n
        self.fields = range(n * n)
        self.names = [f"{COLUMNS[i // n]}{i % n + 1}" for i in self.fields]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.nseg = 2 * n * n
        # segment id -> (field, field); horizontal ids first, vertical ids from n*n on
        self.seg_ends: list[tuple[int, int] | None] = [None] * self.nseg
        for x in range(n):
            for y in range(n):
                if x < n - 1:
                    self.seg_ends[self.hseg(x, y)] = (self.at(x, y), self.at(x + 1, y))
                if y < n - 1:
                    self.seg_ends[self.vseg(x, y)] = (self.at(x, y), self.at(x, y + 1))
        # bridge places
        self.places: dict[tuple[int, int], Place] = {}
        self.partners: list[list[tuple[int, Place]]] = [[] for _ in self.fields]
        for x in range(n):
            for y in range(n):
                a = self.at(x, y)
                if x + 2 < n:
                    self._add_place(a, self.at(x + 2, y), self.at(x + 1, y), (self.hseg(x, y), self.hseg(x + 1, y)))
                if y + 2 < n:
                    self._add_place(a, self.at(x, y + 2), self.at(x, y + 1), (self.vseg(x, y), self.vseg(x, y + 1)))
        for pl in sorted(self.places.values(), key=lambda p: (p.a, p.b)):
            self.partners[pl.a].append((pl.b, pl))
            self.partners[pl.b].append((pl.a, pl))
        for lst in self.partners:
            lst.sort(key=lambda t: t[0])
        self.place_list = sorted(self.places.values(), key=lambda p: (p.a, p.b))
        self.partner_set = [frozenset(r for r, _ in lst) for lst in self.partners]
        # straight lines (Tactori moves): every other field in the same row or column
        self.lines = [[j for j in self.fields if j != i and (j // n == i // n or j % n == i % n)] for i in self.fields]
        self.others = [[j for j in self.fields if j != i] for i in self.fields]
        # cells: index cx * (n - 1) + cy; neighbours as (cell or -1 for outside, segment between)
        m = n - 1
        self.ncell = m * m
        self.cell_names = [self.names[self.at(c // m, c % m)] for c in range(self.ncell)]
        self.cell_edges: list[list[tuple[int, int]]] = []
        for c in range(self.ncell):
            cx, cy = divmod(c, m)
            edges = [
                (self.cell(cx - 1, cy), self.vseg(cx, cy)),  # left
                (self.cell(cx + 1, cy), self.vseg(cx + 1, cy)),  # right
                (self.cell(cx, cy - 1), self.hseg(cx, cy)),  # bottom
                (self.cell(cx, cy + 1), self.hseg(cx, cy + 1)),  # top
            ]
            self.cell_edges.append(edges)
        self.border_cells = [c for c in range(self.ncell) if any(nb < 0 for nb, _ in self.cell_edges[c])]

    def _add_place(self, a: int, b: int, mid: int, segs: tuple[int, int]) -> None:
        self.places[(a, b)] = Place(a, b, mid, segs, self.names[a] + self.names[b])

    # ------------------------------------------------------------- indices
    def at(self, x: int, y: int) -> int:
        return x * self.n + y

    def xy(self, i: int) -> tuple[int, int]:
        return divmod(i, self.n)

    def hseg(self, x: int, y: int) -> int:
        """Segment from (x, y) to (x + 1, y)."""
        return x * self.n + y

    def vseg(self, x: int, y: int) -> int:
        """Segment from (x, y) to (x, y + 1)."""
        return self.n * self.n + x * self.n + y

    def cell(self, cx: int, cy: int) -> int:
        m = self.n - 1
        return cx * m + cy if 0 <= cx < m and 0 <= cy < m else -1

    def seg_name(self, s: int) -> list[str]:
        ends = self.seg_ends[s]
        assert ends is not None, s  # every index below nseg is a segment
        a, b = ends
        return [self.names[a], self.names[b]]

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.n and 0 <= y < self.n

    def describe_board(self) -> Text:
        return Text("the {size}x{size} board runs from a1 to {last}", size=self.n, last=self.names[-1])

    def straight(self, a: int, b: int) -> bool:
        return a != b and (a // self.n == b // self.n or a % self.n == b % self.n)


@cache
def geometry(n: int) -> Geometry:
    return Geometry(n)
