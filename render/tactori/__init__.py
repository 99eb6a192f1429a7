"""The Tactori (9x9) and Tactori FEM (5x5) board: towers, bridges, polygons, the last turn.

Layout, top to bottom: a status line (whose turn / the result), the board seen
from above with its coordinates (columns ``a``.. above and below, rows ``1``..
left and right), then a panel with one card per player and a legend.

The fields are the grid points.  A stack is drawn as concentric rings, one per
tower, the bottom tower outside; the top tower is its owner's marker (colour
and shape, ``render.common``) carrying the height of the stack.  A bridge is a
thick line in its owner's colour from end to end, with a white badge in a rim
of his colour giving its floor; bridges are drawn in floor order, so a
higher bridge passes over a lower one where they cross, with a gap cut into the
lower one.  Polygons are hatched in their owner's colour, with a direction of
hatching per seat, and labelled with their points; polygons that do not score
under a centre variation are greyed and their points struck out.  The centre
block d4..f6 is tinted when a centre variation is on.  In FEM the winning loop
is outlined.  The last turn is yellow between dark edges: a ring round the
placed or moved tower, a dashed ring and an arrow from its origin, a glow along
new bridges, dashed ghosts where bridges were taken up, crossed-out markers for
chased towers.

The renderer reads the state's JSON (``engines/tactori/README.md``), so it
draws exactly what the engine reports (polygons, validity, the loop).

The drawing is split by what it draws: :mod:`.geometry` (sizes, colours, where
a field lies), :mod:`.sprites` (stacks, floor badges, the last-move ring),
:mod:`.board` (the board square in its layers, the last turn, the coordinates),
:mod:`.bridges`, :mod:`.polygons`, :mod:`.header` (the status band) and
:mod:`.panel` (player cards and legend).  This module puts them together.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .. import common as C
from .board import _axes, _badge_pos, _board, chased_box
from .geometry import BOARD_FILL, CARD_GAP, CARD_H, CENTRE_FILL, COORD, PAD, Layout, _data, _legend_rows, layout
from .header import _alert, _header, _status, options_text
from .panel import _panel, card_lines
from .sprites import stack_sprite

# The names code and tests took from ``render.tactori`` when it was one module.
__all__ = [
    "BOARD_FILL",
    "CARD_GAP",
    "CARD_H",
    "CENTRE_FILL",
    "COORD",
    "PAD",
    "Layout",
    "_alert",
    "_badge_pos",
    "_status",
    "card_lines",
    "chased_box",
    "layout",
    "options_text",
    "render",
    "stack_sprite",
]


def render(state, names: list[str], *, perspective: int | None = None, say: C.Say = str) -> Image.Image:
    """The position as an image; the words on it are said with ``say`` (English by default)."""
    said = C.sayer(say)
    data = _data(state)
    lay = Layout(data["size"], data["players"], _legend_rows(data))
    letters = C.player_letters(names, data["players"])
    img = Image.new("RGB", (lay.width, lay.height), C.BACKGROUND)
    draw = ImageDraw.Draw(img)
    _header(img, draw, state, data, names, letters, lay, said)
    _board(img, draw, data, lay, said)
    _axes(img, draw, lay, bool(data["options"].get("centre")) and lay.n == 9)
    _panel(img, draw, data, names, letters, perspective, lay, said)
    return img
