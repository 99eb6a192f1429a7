"""Atacama components (T1) and board geometry.

A field is ``(col, row)`` with ``col`` 0..8 for the columns ``a``..``i`` (left
to right) and ``row`` 0..8 for the rows ``1``..``9`` (bottom to top), so ``a9``
is ``(0, 8)``, the top-left field, and ``i1`` is ``(8, 0)``.  The nine
sub-boards lie on the slots ``(slot_row, slot_col)`` of a 3x3 arrangement, slot
row 0 at the top; slots are also numbered ``3 * slot_row + slot_col``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..text import Text

_DATA = json.loads(resources.files(__package__).joinpath("data/atacama_boards.json").read_text("utf-8"))

Field = tuple[int, int]
Ore = tuple[str, int]  # ("G" | "S" | "C", value 1..5)

LETTERS = "ABCDEFGHI"
COLUMNS = "abcdefghi"
SIZE = 9
ORES = ("G", "S", "C")
ORE_NAMES = {"G": Text("gold"), "S": Text("silver"), "C": Text("copper")}

# T1: each sub-board's fields, top row first, left to right, letter at the top right.
BOARDS: dict[str, tuple[tuple[Ore, ...], ...]] = {
    letter: tuple(tuple((cell[0], int(cell[1:])) for cell in row) for row in rows)
    for letter, rows in _DATA["boards"].items()
}

# T1 basic layout: A B C / D E F / G H I, slot by slot.
BASIC_SLOTS: tuple[str, ...] = tuple(LETTERS)

# T5 build-up: the slots the drawn sub-boards are laid on, in draw order; three per stage.
BUILDUP_SLOTS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (0, 1),
    (1, 0),  # stage 1: the triangle
    (0, 2),
    (1, 1),
    (2, 0),  # stage 2: the diagonal
    (1, 2),
    (2, 1),
    (2, 2),
)  # stage 3: the rest
STAGE_TURNS = 6  # stages 1 and 2 last six turns each (T5)
STAGES = 3

# T2: the two mining rights, each as the sign of each ore.
RIGHTS: dict[str, dict[str, int]] = {
    "turquoise": {"G": 1, "S": 1, "C": -1},  # no copper
    "orange": {"G": 1, "S": -1, "C": 1},  # no silver
}
AXES = ("cols", "rows")
AXIS_WORDS = {"cols": Text("columns"), "rows": Text("rows")}
COLOUR_WORDS = {"turquoise": Text("turquoise"), "orange": Text("orange")}
# T5: buying an axis buys its right of the basic game.
AXIS_COLOUR = {"cols": "turquoise", "rows": "orange"}

# T3/T6/T7: (base-colour, other-colour) towers per player.
TOWERS = {(2, False): (14, 0), (2, True): (11, 3), (4, False): (7, 0), (4, True): (6, 1)}
# T3/T7: the right of each seat, (axis, colour).
SEAT_RIGHTS = {
    2: (("cols", "turquoise"), ("rows", "orange")),
    4: (("cols", "turquoise"), ("rows", "orange"), ("cols", "orange"), ("rows", "turquoise")),
}
THRESHOLD = 4  # T4: towers a line needs to score

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
ALL_FIELDS: tuple[Field, ...] = tuple((c, r) for c in range(SIZE) for r in range(SIZE))


def name(field: Field) -> str:
    """``(4, 4)`` -> ``e5``."""
    return f"{COLUMNS[field[0]]}{field[1] + 1}"


FIELD_NAMES: dict[Field, str] = {f: name(f) for f in ALL_FIELDS}
FIELD_BY_NAME: dict[str, Field] = {v: k for k, v in FIELD_NAMES.items()}


def parse_field(text: str) -> Field | None:
    """``e5`` -> ``(4, 4)``; None when ``text`` names no field."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "123456789":
        return None
    return (COLUMNS.index(text[0]), int(text[1]) - 1)


def on_board(field: Field) -> bool:
    return 0 <= field[0] < SIZE and 0 <= field[1] < SIZE


def _neighbours(field: Field) -> tuple[Field, ...]:
    c, r = field
    return tuple((c + dc, r + dr) for dc, dr in DIRECTIONS if on_board((c + dc, r + dr)))


NEIGHBOURS: dict[Field, tuple[Field, ...]] = {f: _neighbours(f) for f in ALL_FIELDS}
# T3: the fields a tower takes or blocks (its own and its neighbours)
BLOCKS: dict[Field, frozenset[Field]] = {f: frozenset((f, *NEIGHBOURS[f])) for f in ALL_FIELDS}


def neighbours(field: Field) -> tuple[Field, ...]:
    """The fields sharing an edge with ``field`` (T1), across sub-board edges."""
    return NEIGHBOURS[field]


def slot_of(field: Field) -> int:
    """Slot number (``3 * slot_row + slot_col``) of the sub-board holding ``field``."""
    top = SIZE - 1 - field[1]
    return 3 * (top // 3) + field[0] // 3


def ore_of(letter: str, field: Field) -> Ore:
    """The ore of ``field`` when sub-board ``letter`` lies on its slot."""
    top = SIZE - 1 - field[1]
    return BOARDS[letter][top % 3][field[0] % 3]


@lru_cache(maxsize=1024)
def ore_map(slots: tuple[str | None, ...]) -> dict[Field, Ore]:
    """The ore of every field on a laid sub-board, for ``slots`` (letter or None per slot).
    Cached and shared: do not modify the result."""
    ores: dict[Field, Ore] = {}
    for slot, letter in enumerate(slots):
        if letter is not None:
            for f in slot_fields(slot):
                ores[f] = ore_of(letter, f)
    return ores


def slot_fields(slot: int) -> list[Field]:
    sr, sc = divmod(slot, 3)
    return [(3 * sc + dc, SIZE - 1 - (3 * sr + dr)) for dr in range(3) for dc in range(3)]


def line_fields(axis: str, index: int) -> list[Field]:
    """Fields of column ``index`` (``cols``) or row ``index`` (``rows``)."""
    if axis == "cols":
        return [(index, r) for r in range(SIZE)]
    return [(c, index) for c in range(SIZE)]


def line_name(axis: str, index: int) -> Text:
    """``column e`` or ``row 5``, in words."""
    if axis == "cols":
        return Text("column {column}", column=COLUMNS[index])
    return Text("row {row}", row=index + 1)


def stage_slots(stage: int) -> tuple[int, ...]:
    """Slot numbers laid at the start of build-up ``stage`` (1..3)."""
    return tuple(3 * r + c for r, c in BUILDUP_SLOTS[3 * (stage - 1) : 3 * stage])
