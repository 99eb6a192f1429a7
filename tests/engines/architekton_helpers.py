"""Builders and checks shared by the Architekton engine tests.

Positions are built directly on :class:`ArchitektonState` so that every rule of
``architekton.md`` can be set up precisely.  The tile sides are read from the
component data file and turned with the rule of A2 here, independently of the
engine's own geometry helpers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engines import Record, get_game, replay
from engines.architekton.state import ArchitektonState

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"  # the rules' example records and component data
EXAMPLES = FIXTURES / "examples"

_DATA = json.loads((ROOT / "engines/architekton/data/architekton_tiles.json").read_text("utf-8"))
SIDES: dict[str, list[str]] = _DATA["buildings"]
BUILDING_IDS = sorted(SIDES)
TERRAINS = "EMWF"
LANDSCAPE_SET = [t for t in TERRAINS for _ in range(6)]
TOTAL_TILES = 46
TOTAL_CHIPS = 8
HOUSES = 12

N, E, S, W = range(4)
STEP = {N: (0, 1), E: (1, 0), S: (0, -1), W: (-1, 0)}


def facing(building: str, rotation: int, direction: int) -> str:
    """A2: the side of ``building`` at ``rotation`` that faces ``direction``."""
    return SIDES[building][(direction - rotation) % 4]


def step(square, direction):
    dx, dy = STEP[direction]
    return (square[0] + dx, square[1] + dy)


def other_terrain(terrain: str) -> str:
    """Some terrain different from ``terrain``."""
    return "M" if terrain != "M" else "E"


# --------------------------------------------------------------------- builders
def make_state(
    board: dict | None = None,
    houses: dict | None = None,
    stock: Iterable[str] = (),
    *,
    supply=None,
    chips=(1, 1),
    bank=None,
    piles=None,
    reserves=None,
    turn_player=0,
    first=0,
    placement=0,
    turns=(0, 0),
    discarded=(),
    last_round_target=None,
) -> ArchitektonState:
    """A position from its parts.

    ``board`` maps squares to a terrain letter (landscape) or ``(id, rotation)``
    (building); ``houses`` maps building squares to seats.  Omitted ``supply``
    is 12 minus the houses on the board; omitted ``bank`` makes the chips add up
    to 8; a pile or reserve not given (per kind) is filled with the tiles not
    used elsewhere (up to 4 per kind in the reserve, the rest in the pile), so
    that when nothing is given the 46 tiles are conserved.
    """
    board = dict(board or {})
    houses = dict(houses or {})
    stock = list(stock)
    s = ArchitektonState()
    s.tiles = {}
    for sq, t in board.items():
        if isinstance(t, str):
            assert (sq[0] + sq[1]) % 2 == 0, f"landscape on odd square {sq}"
            s.tiles[sq] = ("L", t)
        else:
            assert (sq[0] + sq[1]) % 2 == 1, f"building on even square {sq}"
            s.tiles[sq] = ("B", t[0], t[1])
    for sq in houses:
        assert s.tiles[sq][0] == "B"
    s.houses = houses
    if supply is None:
        supply = [HOUSES - sum(1 for v in houses.values() if v == p) for p in (0, 1)]
    s.supply = list(supply)
    s.chips = list(chips)
    s.bank = TOTAL_CHIPS - sum(chips) if bank is None else bank
    s.stock = stock
    s.discarded = list(discarded)
    used = [t[1] for t in s.tiles.values()] + stock + list(discarded)
    for given in (piles, reserves):
        for tiles in (given or {}).values():
            used += list(tiles)
    count = Counter(used)
    left = {
        "B": [b for b in BUILDING_IDS if not count[b]],
        "L": [t for t in TERRAINS for _ in range(max(0, 6 - count[t]))],
    }
    s.reserves, s.piles = {}, {}
    for kind in ("B", "L"):
        if reserves is not None and kind in reserves:
            s.reserves[kind] = list(reserves[kind])
        else:
            s.reserves[kind], left[kind] = left[kind][:4], left[kind][4:]
        if piles is not None and kind in piles:
            s.piles[kind] = list(piles[kind])
        else:
            s.piles[kind] = left[kind]
    s.first, s.turn_player, s.placement = first, turn_player, placement
    s.turns = list(turns)
    s.last_round_target = last_round_target
    return s


def surround(board: dict, square, terrains: str | dict) -> dict:
    """Put landscapes around ``square``: ``terrains`` is a 4-letter string
    (N, E, S, W; ``.`` leaves a side empty) or a dict direction -> letter."""
    if isinstance(terrains, str):
        terrains = {d: t for d, t in enumerate(terrains) if t != "."}
    for d, t in terrains.items():
        board[step(square, d)] = t
    return board


def new_match(seed: int = 0, setup: dict | None = None) -> ArchitektonState:
    return get_game("architekton").setup(2, seed, setup)


def record_for(moves: list[str], seed: int = 0, setup: dict | None = None) -> Record:
    return Record("architekton", ["ann", "bob"], seed, {}, dict(setup or {}), list(moves))


def play_all(state: ArchitektonState, moves: Iterable[str]) -> list[str]:
    return [state.play(m) for m in moves]


# ---------------------------------------------------------------------- checks
def assert_accepted(state: ArchitektonState, move: str, canonical: str | None = None) -> str:
    result = state.play(move)
    if canonical is not None:
        assert result == canonical
    return result


def tile_census(state: ArchitektonState) -> Counter:
    """Every tile where it lies: board + stock + piles + reserves + discarded."""
    c: Counter = Counter()
    for t in state.tiles.values():
        c[t[1]] += 1
    for t in state.stock + state.discarded:
        c[t] += 1
    for pile in (*state.piles.values(), *state.reserves.values()):
        for t in pile:
            c[t] += 1
    return c


def assert_conserved(state: ArchitektonState, houses_total=(HOUSES, HOUSES)) -> None:
    census = tile_census(state)
    assert sum(census.values()) == TOTAL_TILES
    assert census == Counter(BUILDING_IDS) + Counter(LANDSCAPE_SET)
    assert sum(state.chips) + state.bank == TOTAL_CHIPS
    assert min(state.chips) >= 0 and state.bank >= 0
    for p in (0, 1):
        on_board = sum(1 for v in state.houses.values() if v == p)
        assert state.supply[p] + on_board == houses_total[p]
        assert state.supply[p] >= 0
    for sq in state.houses:
        assert state.tiles[sq][0] == "B", "a house stands on a landscape"


def roundtrip(state: ArchitektonState) -> ArchitektonState:
    """``from_json(to_json())`` through JSON text."""
    return ArchitektonState.from_json(json.loads(json.dumps(state.to_json())))


def replayed(moves: list[str], seed: int = 0, setup: dict | None = None) -> ArchitektonState:
    return replay(record_for(moves, seed, setup))


def play_first(state: ArchitektonState, decision: str = "remove") -> str:
    """Play the first legal move in sorted order (buildings sort first); decide ``decision``."""
    legal = state.legal_moves()
    move = decision if legal == ["keep", "remove"] else legal[0]
    return state.play(move)


def summary_of(state: ArchitektonState, ply: int = 0) -> dict[str, Any]:
    from engines.cli import summary

    return summary("architekton", ply, state, legal=True)
