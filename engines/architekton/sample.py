"""One random legal move for playouts, without listing every placement.

A candidate placement is drawn uniformly from the tiles of the stock, the empty
squares next to a tile (kept up to date by the state) and, for buildings, the
distinct rotations and the houses a full supply would move; it is kept if a
side matches (A4), else another one is drawn.  Kept candidates are uniform over
the placements of ``legal_moves()``; after ``TRIES`` misses (few or no fitting
placements, e.g. when only ``discard`` is left) the move is drawn from
``legal_moves()`` itself, which is uniform too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import tiles as T

if TYPE_CHECKING:
    from .state import ArchitektonState

TRIES = 48
SIDES = T.SIDES


def sample_move(state: ArchitektonState, rng: random.Random) -> str:
    if state.result is not None:
        return rng.choice(state.legal_moves())
    if state.pending is not None:
        return ("keep", "remove")[rng.randrange(2)]
    tiles = state.tiles
    building_squares, landscape_squares = state.frontier()
    terrains = sorted({t for t in state.stock if t not in T.BUILDINGS})
    seat = state.turn_player
    sources = sorted(state.house_squares(seat)) if state.supply[seat] == 0 else [None]
    n_land = len(terrains) * len(landscape_squares)
    per_rotation = len(building_squares) * len(sources)
    buildings = []  # (building, its distinct rotations)
    total = n_land
    for b in sorted(t for t in state.stock if t in T.BUILDINGS):
        rotations = T.distinct_rotations(b)
        buildings.append((b, rotations))
        total += len(rotations) * per_rotation
    if total:
        for _ in range(TRIES):
            i = rng.randrange(total)
            if i < n_land:
                which, j = divmod(i, len(landscape_squares))
                terrain = terrains[which]
                x, y = landscape_squares[j]
                # A4: a neighbouring building shows this terrain towards the square
                t = tiles.get((x, y + 1))
                if not (t and SIDES[t[1]][t[2]][2] == terrain):
                    t = tiles.get((x + 1, y))
                    if not (t and SIDES[t[1]][t[2]][3] == terrain):
                        t = tiles.get((x, y - 1))
                        if not (t and SIDES[t[1]][t[2]][0] == terrain):
                            t = tiles.get((x - 1, y))
                            if not (t and SIDES[t[1]][t[2]][1] == terrain):
                                continue
                return f"{terrain}@{x},{y}"
            i -= n_land
            for b, rotations in buildings:  # noqa: B007 (b: the building chosen, after the break)
                n = len(rotations) * per_rotation
                if i < n:
                    break
                i -= n
            r, i = divmod(i, per_rotation)
            r = rotations[r]
            j, k = divmod(i, len(sources))
            x, y = building_squares[j]
            sides = SIDES[b][r]
            # A4: a side shows the terrain of the neighbouring landscape
            t = tiles.get((x, y + 1))
            if not (t and t[1] == sides[0]):
                t = tiles.get((x + 1, y))
                if not (t and t[1] == sides[1]):
                    t = tiles.get((x, y - 1))
                    if not (t and t[1] == sides[2]):
                        t = tiles.get((x - 1, y))
                        if not (t and t[1] == sides[3]):
                            continue
            source = sources[k]
            if source is None:
                return f"{b}@{x},{y}r{r}"
            return f"{b}@{x},{y}r{r} from {source[0]},{source[1]}"
    return rng.choice(state.legal_moves())
