"""Tactori and FEM: the smallest polygon (R5) is a box of four bridges around the
2x2 cells between four fields two apart.  How far each player is from closing
such boxes steers the search towards polygons long before one scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.tactori.geometry import Geometry

if TYPE_CHECKING:
    from engines.tactori.base import TowersState

Key = tuple[int, int]  # a bridge place by its end fields, smaller first
Box = tuple[Key, ...]  # the four sides of a box
Shape = tuple[tuple[tuple[Key, tuple[int, int]], ...], tuple[int, ...]]  # (sides with their segments, corners)

# own sides of a box (no side of another player) -> worth, superlinear: the
# fourth side closes a polygon
WORTH = (0.0, 0.15, 0.5, 1.5)


_BOXES: dict[int, tuple[Box, ...]] = {}


def boxes(geo: Geometry) -> tuple[Box, ...]:
    """The four bridge places (end fields, smaller first) of every box on the board."""
    if geo.n not in _BOXES:
        _BOXES[geo.n] = _boxes(geo)
    return _BOXES[geo.n]


def _boxes(geo: Geometry) -> tuple[Box, ...]:
    out: list[Box] = []
    n = geo.n
    for x in range(n - 2):
        for y in range(n - 2):
            a, b, c, d = geo.at(x, y), geo.at(x + 2, y), geo.at(x, y + 2), geo.at(x + 2, y + 2)
            out.append(tuple((min(p), max(p)) for p in ((a, b), (b, d), (c, d), (a, c))))
    return tuple(out)


def potential(state: TowersState) -> list[float]:
    bridges = state.board.bridges
    out = [0.0] * state.players
    for box in boxes(state.geo):
        owners = [bridges[k][0] for k in box if k in bridges]
        if owners and len(set(owners)) == 1 and len(owners) < 4:
            out[owners[0]] += WORTH[len(owners)]
    return out


# own top towers on the corners of a box still open to their owner -> worth: towers two apart
# are where bridges can go, so this values placements long before a bridge is laid
CORNERS = (0.0, 0.02, 0.05, 0.1, 0.15)

_SHAPES: dict[int, tuple[Shape, ...]] = {}


def _shapes(geo: Geometry) -> tuple[Shape, ...]:
    """Per box: its four sides as (bridge key, unit segments) and its four corner fields."""
    if geo.n not in _SHAPES:
        out: list[Shape] = []
        for box in boxes(geo):
            sides = tuple((k, geo.places[k].segs) for k in box)
            corners = tuple(sorted({f for k in box for f in k}))
            out.append((sides, corners))
        _SHAPES[geo.n] = tuple(out)
    return _SHAPES[geo.n]


def readiness(state: TowersState) -> list[float]:
    """Like ``potential``, but a box counts only while it is open to its builder (a side with
    another player's bridge, or a unit segment of a side covered by a bridge other than that
    side's (R2 overlap), closes it), and own towers on the corners of open boxes count too."""
    b = state.board
    bridges, seg, stacks = b.bridges, b.seg, b.stacks
    out = [0.0] * state.players
    for sides, corners in _shapes(state.geo):
        owner: int | None = None
        laid = 0
        for key, (s1, s2) in sides:
            c1, c2 = seg[s1], seg[s2]
            if c1 is None and c2 is None:
                continue
            if c1 != key or c2 != key or owner not in (None, bridges[key][0]):
                break  # closed to everybody
            owner, laid = bridges[key][0], laid + 1
        else:
            if laid == 4:
                continue  # a polygon: in the score already
            tops = [stacks[f][-1] for f in corners if stacks[f]]
            if owner is not None:
                out[owner] += WORTH[laid] + CORNERS[tops.count(owner)]
            else:
                for seat in set(tops):
                    out[seat] += CORNERS[tops.count(seat)]
    return out
