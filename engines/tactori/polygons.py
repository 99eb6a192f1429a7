"""Polygons and their points (R5) and the centre variations (R6).

Looked at from above, a player's bridges cover unit segments of the grid.  The
cells (unit squares) fall into regions: two cells are in the same region when
one can walk between them without crossing a covered segment; the board's
border leads to the outside unless covered.  Every region not connected to the
outside is a polygon.  Its filled shape is the region plus every cell it
encloses; its sides are the covered segments on the border of the filled
shape.  It scores, once for every distinct bridge covering at least one side,
that bridge's floor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .board import Board, Key
from .geometry import Geometry

CENTRE_LOW, CENTRE_HIGH = 3, 5  # columns/rows d..f, 4..6 of the 9x9 board (R6)


@dataclass
class Polygon:
    region: list[int]  # cells of the region
    cells: list[int]  # filled shape: region + enclosed cells
    sides: list[int]  # segment ids on the border of the filled shape
    bridges: list[Key]  # distinct bridges covering a side
    points: int  # sum of those bridges' floors
    towers: list[tuple[int, int]] = field(default_factory=list)  # (field, floor) at the ends on its sides
    valid: bool = True

    def to_json(self, geo: Geometry) -> dict[str, Any]:
        names = geo.names
        return {
            "cells": [geo.cell_names[c] for c in self.cells],
            "region": [geo.cell_names[c] for c in self.region],
            "sides": [geo.seg_name(s) for s in self.sides],
            "bridges": [[names[a], names[b]] for a, b in self.bridges],
            "points": self.points,
            "valid": self.valid,
        }


def regions(geo: Geometry, covered: Sequence[object]) -> list[list[int]]:
    """The regions not connected to the outside, each a sorted cell list.

    ``covered`` answers ``covered[s]`` truthy for a covered segment ``s``.
    """
    comp = [-1] * geo.ncell
    inner: list[list[int]] = []
    edges = geo.cell_edges
    for start in range(geo.ncell):
        if comp[start] >= 0:
            continue
        comp[start] = start
        stack: list[int] = [start]
        cells: list[int] = []
        outside = False
        while stack:
            c = stack.pop()
            cells.append(c)
            for nb, s in edges[c]:
                if covered[s]:
                    continue
                if nb < 0:
                    outside = True
                elif comp[nb] < 0:
                    comp[nb] = start
                    stack.append(nb)
        if not outside:
            inner.append(sorted(cells))
    return inner


def has_polygon(geo: Geometry, covered: Sequence[object]) -> bool:
    return bool(regions(geo, covered))


def filled_shape(geo: Geometry, region: list[int]) -> list[int]:
    """The region plus every cell it encloses (cells the outside cannot reach around it)."""
    inside = set(region)
    reached = [False] * geo.ncell
    stack = [c for c in geo.border_cells if c not in inside]
    for c in stack:
        reached[c] = True
    while stack:
        c = stack.pop()
        for nb, _ in geo.cell_edges[c]:
            if nb >= 0 and not reached[nb] and nb not in inside:
                reached[nb] = True
                stack.append(nb)
    return [c for c in range(geo.ncell) if not reached[c]]


def border(geo: Geometry, cells: list[int]) -> list[int]:
    filled = set(cells)
    return sorted({s for c in cells for nb, s in geo.cell_edges[c] if nb not in filled})


def polygons_of(board: Board, seat: int) -> list[Polygon]:
    """R5: every polygon of ``seat`` with its sides and points (sorted by cells)."""
    geo = board.geo
    mine = [key for key, (owner, _) in board.bridges.items() if owner == seat]
    if len(mine) < 4:
        return []  # a closed region needs covered segments on four different grid lines
    covered: list[Key | None] = [None] * geo.nseg
    for key in mine:
        for s in geo.places[key].segs:
            covered[s] = key
    out: list[Polygon] = []
    for region in regions(geo, covered):
        cells = filled_shape(geo, region)
        sides = border(geo, cells)
        # every side is covered (the region does not reach the outside), so no None is left out
        bridges = sorted({bridge for bridge in (covered[s] for s in sides) if bridge is not None})
        points = sum(board.bridges[k][1] for k in bridges)
        side_points: set[int] = set()
        for s in sides:
            ends = geo.seg_ends[s]
            assert ends is not None, s  # a side is a segment of the grid
            side_points.update(ends)
        towers = sorted({(end, board.bridges[k][1]) for k in bridges for end in k if end in side_points})
        out.append(Polygon(region, cells, sides, bridges, points, towers))
    out.sort(key=lambda p: p.cells)
    return out


def in_centre(geo: Geometry, i: int) -> bool:
    x, y = geo.xy(i)
    return CENTRE_LOW <= x <= CENTRE_HIGH and CENTRE_LOW <= y <= CENTRE_HIGH


def mark_centre_v1(board: Board, seat: int, polys: list[Polygon]) -> None:
    """R6 variation 1: a polygon is valid when one of its side bridges is in a group of
    bridges (joined when they share any grid point) with a bridge end on a centre field."""
    geo = board.geo
    mine = board.own_bridges(seat)
    parent = {k: k for k in mine}

    def find(k: Key) -> Key:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    by_point: dict[int, Key] = {}
    for k in mine:
        for p in (k[0], geo.places[k].mid, k[1]):
            if p in by_point:
                parent[find(k)] = find(by_point[p])
            else:
                by_point[p] = k
    anchored = {find(k) for k in mine if in_centre(geo, k[0]) or in_centre(geo, k[1])}
    for poly in polys:
        poly.valid = any(find(k) in anchored for k in poly.bridges)


def mark_centre_v2(board: Board, seat: int, polys: list[Polygon]) -> None:
    """R6 variation 2: valid when one of its towers stands on a centre field, or when it
    shares a tower (the same tower: field and floor) with a valid polygon."""
    geo = board.geo
    for poly in polys:
        poly.valid = any(in_centre(geo, f) for f, _ in poly.towers)
    changed = True
    while changed:
        changed = False
        valid_towers = {t for p in polys if p.valid for t in p.towers}
        for poly in polys:
            if not poly.valid and any(t in valid_towers for t in poly.towers):
                poly.valid = changed = True
