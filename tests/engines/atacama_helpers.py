"""Builders and independent checks shared by the Atacama engine tests.

The ores are read from the component data file here and looked up with the
rules of T1 directly (column letter, row number, sub-board slot), and the
scores are recounted from T2/T4/T6, independently of the engine's own geometry
and scoring helpers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from state_checks import assert_refused

from engines import InvalidMove, Record, get_game, replay
from engines.atacama.state import AtacamaState

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"  # the rules' example records and component data
EXAMPLES = FIXTURES / "examples"
DATA_FILE = ROOT / "engines/atacama/data/atacama_boards.json"
BOARDS: dict[str, list[list[str]]] = json.loads(DATA_FILE.read_text("utf-8"))["boards"]
BASIC = list("ABCDEFGHI")
COLS = "abcdefghi"
NAMES2 = ["ann", "bob"]
NAMES4 = ["ann", "bob", "cy", "dee"]

# T2: signs of each ore under each right.
SIGNS = {"turquoise": {"G": 1, "S": 1, "C": -1}, "orange": {"G": 1, "S": -1, "C": 1}}


# ------------------------------------------------------------------ geometry
def ore(field: str, slots: list[str | None] | None = None) -> str:
    """T1: the ore of ``field`` (``e5``) when ``slots`` (9 letters, row by row
    from the top left) are laid; ``G2`` etc., or None on an unlaid slot."""
    return _ore(field, tuple(BASIC if slots is None else slots))


@cache
def _ore(field: str, slots: tuple[str | None, ...]) -> str:
    col = COLS.index(field[0])
    from_top = 9 - int(field[1:])  # row 9 is the top row
    letter = slots[(from_top // 3) * 3 + col // 3]
    if letter is None:
        return None
    return BOARDS[letter][from_top % 3][col % 3]


def field_xy(field: str) -> tuple[int, int]:
    return (COLS.index(field[0]), int(field[1:]) - 1)


def all_fields() -> list[str]:
    return list(ALL_FIELDS)


ALL_FIELDS = tuple(f"{c}{r}" for c in COLS for r in range(1, 10))


@cache
def neighbours(field: str) -> tuple[str, ...]:
    c, r = COLS.index(field[0]), int(field[1:])
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if 0 <= c + dc < 9 and 1 <= r + dr <= 9:
            out.append(f"{COLS[c + dc]}{r + dr}")
    return tuple(out)


# --------------------------------------------------------------------- builders
def new_match(players: int = 2, seed: int = 0, setup: dict | None = None, **options) -> AtacamaState:
    return get_game("atacama").setup(players, seed, setup, options)


def make_state(
    towers: dict[str, Any] | None = None,
    *,
    players: int = 2,
    buildup: bool = False,
    tactics: bool = False,
    slots: list[str | None] | None = None,
    pile: list[str] | None = None,
    supply: list[list[int]] | None = None,
    rights: list | None = None,
    turn: int = 0,
    turns: int = 0,
    bought: list[int] | None = None,
) -> AtacamaState:
    """A position from its parts.

    ``towers`` maps fields to a seat or ``(seat, other_colour)``; omitted
    ``supply`` is the T3/T6/T7 start supply minus the towers of each seat on
    the board (base towers first); omitted ``rights`` are those of T3/T7 (the
    build-up game: none yet).  The position is built directly: it need not be
    reachable by legal play.
    """
    s = AtacamaState(players, buildup, tactics)
    if slots is not None:
        s.slots = list(slots)
    elif buildup:
        s.slots = [None] * 9
    s.pile = list(pile or [])
    s.towers = {}
    for field, owner in (towers or {}).items():
        seat, other = owner if isinstance(owner, tuple) else (owner, False)
        s.towers[field_xy(field)] = (seat, other)
    if supply is None:
        base, other = {(2, False): (14, 0), (2, True): (11, 3), (4, False): (7, 0), (4, True): (6, 1)}[
            (players, tactics)
        ]
        supply = []
        for seat in range(players):
            mine = [o for (p, o) in s.towers.values() if p == seat]
            supply.append([base - sum(1 for o in mine if not o), other - sum(1 for o in mine if o)])
    s.supply = [list(x) for x in supply]
    if rights is not None:
        s.rights = [tuple(r) if r else None for r in rights]
    if bought is not None:
        s.bought = list(bought)
    s.turn, s.turns = turn, turns
    return s


def record_for(moves: list[str], players: int = 2, seed: int = 0, setup: dict | None = None, **options) -> Record:
    names = NAMES2 if players == 2 else NAMES4[:players]
    return Record("atacama", list(names), seed, dict(options), dict(setup or {}), list(moves))


def play_all(state: AtacamaState, moves: Iterable[str]) -> list[str]:
    return [state.play(m) for m in moves]


# ---------------------------------------------------------------------- checks
def roundtrip(state: AtacamaState) -> AtacamaState:
    """``from_json(to_json())`` through JSON text."""
    return AtacamaState.from_json(json.loads(json.dumps(state.to_json())))


def assert_invalid(state: AtacamaState, move: str, *words: str) -> Exception:
    return assert_refused(state, move, *words, error=InvalidMove)


def recount(state: AtacamaState) -> list[int]:
    """T4/T6 scores recounted from the towers, the laid sub-boards and the
    rights, without the engine's scoring code."""
    towers = {f"{COLS[c]}{r + 1}": t for (c, r), t in state.towers.items()}
    scores = []
    for right in state.rights:
        if right is None:
            scores.append(0)
            continue
        axis, colour = right
        total = 0
        for i in range(9):
            if axis == "cols":
                line = [f"{COLS[i]}{r}" for r in range(1, 10)]
            else:
                line = [f"{c}{i + 1}" for c in COLS]
            held = [f for f in line if f in towers]
            if len(held) < 4:
                continue
            for f in held:
                kind = ore(f, state.slots)
                total += SIGNS[colour][kind[0]] * int(kind[1:]) * (2 if towers[f][1] else 1)
        scores.append(total)
    return scores


def free_fields(state: AtacamaState) -> list[str]:
    """T3/T5 recomputed: laid, empty, no occupied neighbour."""
    occupied = {f"{COLS[c]}{r + 1}" for (c, r) in state.towers}
    return sorted(
        f
        for f in all_fields()
        if ore(f, state.slots) is not None and f not in occupied and not any(n in occupied for n in neighbours(f))
    )


def replayed(moves: list[str], players: int = 2, seed: int = 0, setup: dict | None = None, **options) -> AtacamaState:
    return replay(record_for(moves, players, seed, setup, **options))
