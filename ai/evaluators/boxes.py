"""Tactori and FEM: the smallest polygon (R5) is a box of four bridges around the
2x2 cells between four fields two apart.  How far each player is from closing
such boxes steers the search towards polygons long before one scores."""
from __future__ import annotations

# own sides of a box (no side of another player) -> worth, superlinear: the
# fourth side closes a polygon
WORTH = (0.0, 0.15, 0.5, 1.5)


_BOXES: dict[int, tuple] = {}


def boxes(geo) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The four bridge places (end fields, smaller first) of every box on the board."""
    if geo.n not in _BOXES:
        _BOXES[geo.n] = _boxes(geo)
    return _BOXES[geo.n]


def _boxes(geo) -> tuple[tuple[tuple[int, int], ...], ...]:
    out = []
    n = geo.n
    for x in range(n - 2):
        for y in range(n - 2):
            a, b, c, d = geo.at(x, y), geo.at(x + 2, y), geo.at(x, y + 2), geo.at(x + 2, y + 2)
            out.append(tuple(tuple(sorted(p)) for p in ((a, b), (b, d), (c, d), (a, c))))
    return tuple(out)


def potential(state) -> list[float]:
    bridges = state.board.bridges
    out = [0.0] * state.players
    for box in boxes(state.geo):
        owners = [bridges[k][0] for k in box if k in bridges]
        if owners and len(set(owners)) == 1 and len(owners) < 4:
            out[owners[0]] += WORTH[len(owners)]
    return out
