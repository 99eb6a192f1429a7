"""The Architekton board: the city, the last turn, the stock and the standing.

Layout, top to bottom: a status line (whose turn / the result), the board with
coordinates on all four sides (north up, ``x`` to the right, ``y`` upwards, as
in the notation), and a panel with the open stock, the players and a legend.
The board is cut to the occupied squares plus one empty square all round, so
every square a tile could go to is visible; those frontier squares carry their
coordinates.  Terrains have a colour, a texture and a letter each; houses have
their owner's colour and shape.

The drawing is split by what it draws: :mod:`.geometry` (sizes, colours, where
a square lies), :mod:`.faces` (terrain textures and tile faces), :mod:`.board`
(the board in its layers and the coordinates), :mod:`.header` (the status band)
and :mod:`.panel` (stock, player cards and legend).  This module puts them
together.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .. import common as C
from .board import _axes, _board, _scrutinised
from .faces import _band, _house_geometry, _texture, building_face, landscape_face
from .geometry import (
    BOARD_TARGET,
    CELL_MAX,
    CELL_MIN,
    CELL_STEP,
    CREAM,
    GROUT,
    HEADER,
    MARGIN,
    MIN_HEIGHT,
    MIN_SQUARES,
    MIN_WIDTH,
    PAD,
    SQUARE_EMPTY,
    SQUARE_EMPTY_ODD,
    SQUARE_FRONTIER,
    TERRAIN_COLOURS,
    TERRAIN_PATTERN,
    TITLE,
    BoardLayout,
    _frontier,
    layout,
)
from .header import _header, _status
from .panel import STOCK_B, STOCK_L, TEXT, _Panel

# The names code and tests took from ``render.architekton`` when it was one module.
__all__ = [
    "BOARD_TARGET",
    "CELL_MAX",
    "CELL_MIN",
    "CELL_STEP",
    "CREAM",
    "GROUT",
    "HEADER",
    "MARGIN",
    "MIN_HEIGHT",
    "MIN_SQUARES",
    "MIN_WIDTH",
    "PAD",
    "SQUARE_EMPTY",
    "SQUARE_EMPTY_ODD",
    "SQUARE_FRONTIER",
    "STOCK_B",
    "STOCK_L",
    "TERRAIN_COLOURS",
    "TERRAIN_PATTERN",
    "TEXT",
    "TITLE",
    "BoardLayout",
    "_Panel",
    "_axes",
    "_band",
    "_board",
    "_frontier",
    "_house_geometry",
    "_scrutinised",
    "_status",
    "_texture",
    "building_face",
    "landscape_face",
    "layout",
    "render",
]


def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    """The position as an image; the words on it are said with ``say`` (English by default)."""
    said = C.sayer(say)
    lay = layout(state)
    letters = C.player_letters(names, 2)
    panel = _Panel(state, names, letters, perspective, lay.width, said)
    height = max(MIN_HEIGHT, lay.bottom + lay.gutter + panel.height)
    img = Image.new("RGB", (lay.width, height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    _header(img, draw, state, names, letters, lay.width, said)
    _board(img, draw, state, lay, letters)
    panel.draw(img, draw, height - panel.height)
    return img
