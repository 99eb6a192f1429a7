"""Architekton components (A1) and board geometry (A2)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..text import Text

_DATA = json.loads(resources.files(__package__).joinpath("data/architekton_tiles.json").read_text("utf-8"))

TERRAINS = ("E", "M", "W", "F")
# Texts, so that a message (or the board) can say them in the reader's language.
TERRAIN_NAMES = {"E": Text("earth"), "M": Text("meadow"), "W": Text("water"), "F": Text("forest")}
BUILDINGS: dict[str, tuple[str, str, str, str]] = {k: tuple(v) for k, v in _DATA["buildings"].items()}
LANDSCAPE_COUNTS: dict[str, int] = dict(_DATA["landscapes"])
HOUSES_PER_PLAYER: int = _DATA["houses_per_player"]
CHIPS_TOTAL: int = _DATA["chips_total"]
CHIPS_AT_START: int = _DATA["chips_per_player_at_start"]
TILES_TOTAL = len(BUILDINGS) + sum(LANDSCAPE_COUNTS.values())

# N, E, S, W as (dx, dy); y grows to the north.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIRECTION_NAMES = "NESW"
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))

Square = tuple[int, int]


def side(building: str, rotation: int, direction: int) -> str:
    """Terrain of ``building`` at ``rotation`` on the side facing ``direction`` (A2)."""
    return BUILDINGS[building][(direction - rotation) % 4]


@cache
def distinct_rotations(building: str) -> tuple[int, ...]:
    """Rotations giving different side layouts, smallest representative first (A11)."""
    seen: dict[tuple[str, ...], int] = {}
    for r in range(4):
        seen.setdefault(tuple(side(building, r, d) for d in range(4)), r)
    return tuple(sorted(seen.values()))


@cache
def canonical_rotation(building: str, rotation: int) -> int:
    layout = tuple(side(building, rotation, d) for d in range(4))
    for r in range(4):
        if tuple(side(building, r, d) for d in range(4)) == layout:
            return r
    raise AssertionError("unreachable")


def is_building_square(square: Square) -> bool:
    return (square[0] + square[1]) % 2 == 1


def neighbours(square: Square) -> list[Square]:
    x, y = square
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS]


# SIDES[building][rotation][direction]: side(building, rotation, direction) as a table, for the
# hot loops of random playouts.
SIDES: dict[str, tuple[tuple[str, ...], ...]] = {
    b: tuple(tuple(side(b, r, d) for d in range(4)) for r in range(4)) for b in BUILDINGS
}
