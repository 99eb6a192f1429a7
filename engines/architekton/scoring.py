"""Architekton scoring helpers: diagonal groups (A9) and enclosure checks (A5)."""

from __future__ import annotations

from collections.abc import Mapping

from .tiles import DIAGONALS, Square, neighbours


def largest_diagonal_group(squares: set[Square]) -> int:
    """Size of the largest group of ``squares`` connected through diagonal neighbours."""
    best = 0
    seen: set[Square] = set()
    for start in squares:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            x, y = stack.pop()
            size += 1
            for dx, dy in DIAGONALS:
                nxt = (x + dx, y + dy)
                if nxt in squares and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        best = max(best, size)
    return best


def landscape_neighbours(tiles: Mapping[Square, object], square: Square) -> int:
    return sum(1 for n in neighbours(square) if n in tiles)
