"""The Atacama board: the 9x9 fields, the towers and what every line is worth.

Layout, top to bottom: a status line (whose turn / the result), the board with
its coordinates (columns ``a``..``i`` above and below, rows ``1``..``9`` left
and right), the running value of every column under the board and of every row
to its right, one strip per player who scores that axis (greyed while the line
holds fewer than four towers, T4), then a panel with the players and a legend.

Every field shows its ore as a letter and its value (``G3``), on a tinted
ground, so the ores differ by more than colour.  Towers are the players'
markers (colour + shape, ``render.common``); an other-colour tower (T6) carries
a black ``x2`` badge.  Fields where no tower may go any more are faded, the
last move is framed in yellow, and in the build-up game the slots not laid yet
are hatched with the stage that lays them.

The drawing is split by what it draws: :mod:`.geometry` (sizes, colours, where
a field lies), :mod:`.fields` (ore grounds, labels, the empty board),
:mod:`.towers`, :mod:`.board` (the board in its layers and the coordinates),
:mod:`.margins` (the line values beside the board), :mod:`.header` (the status
band) and :mod:`.panel` (player cards and legend).  This module puts them
together.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .. import common as C
from .board import _axes, _board, _board_letters
from .fields import board_base, field_face, ore_ground, ore_label, stage_labels, unlaid_face
from .geometry import (
    AXIS_SIZE,
    CARD_H,
    CELL,
    COORD,
    GRID,
    HEADER,
    LEGEND_ROW,
    ORE_COLOURS,
    ORE_INK,
    PAD,
    PILL_H,
    PILL_W,
    RIGHT_COLOURS,
    STRIP,
    SUB,
    SUB_EDGE,
    TEXT,
    TITLE,
    TOWER,
    UNLAID,
    UNLAID_HATCH,
    Layout,
    layout,
    scorers,
)
from .header import _alert, _header, _last_words, _status
from .margins import _margins
from .panel import _card_lines, _panel
from .towers import tower

# The names code and tests took from ``render.atacama`` when it was one module.
__all__ = [
    "AXIS_SIZE",
    "CARD_H",
    "CELL",
    "COORD",
    "GRID",
    "HEADER",
    "LEGEND_ROW",
    "ORE_COLOURS",
    "ORE_INK",
    "PAD",
    "PILL_H",
    "PILL_W",
    "RIGHT_COLOURS",
    "STRIP",
    "SUB",
    "SUB_EDGE",
    "TEXT",
    "TITLE",
    "TOWER",
    "UNLAID",
    "UNLAID_HATCH",
    "Layout",
    "_alert",
    "_axes",
    "_board",
    "_board_letters",
    "_card_lines",
    "_last_words",
    "_status",
    "board_base",
    "field_face",
    "layout",
    "ore_ground",
    "ore_label",
    "render",
    "scorers",
    "stage_labels",
    "tower",
    "unlaid_face",
]


def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    """The position as an image; the words on it are said with ``say`` (English by default)."""
    said = C.sayer(say)
    lay = layout(state)
    letters = C.player_letters(names, state.players)
    img = Image.new("RGB", (lay.width, lay.height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    _header(img, draw, state, names, letters, lay, said)
    _board(img, draw, state, lay, letters, said)
    _margins(img, draw, state, lay, letters, said)
    _panel(img, draw, state, names, letters, perspective, lay, said)
    return img
