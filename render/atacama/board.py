"""The board in its layers: fields, faded fields, sub-board letters, towers, the last move, coordinates.

:func:`_board` fixes the order: the cached empty board first, then the veils
over fields no tower may take, the letters, the towers and the last move's
frame, the coordinates last.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.atacama import boards as B

from .. import common as C
from .. import layers
from .fields import board_base, fade_field, faded_base, stage_labels
from .geometry import AXIS_SIZE, CELL, COORD, SUB, SUB_EDGE, TOWER, Layout
from .towers import tower

SUB_TAB = 28  # px of a sub-board letter's tab


def sub_board_tab(draw: ImageDraw.ImageDraw, img: Image.Image, corner: tuple[int, int], letter: str) -> None:
    """A sub-board's letter (T1) on a tab that grows out of its frame's top right ``corner`` (inside
    the frame): square where it meets the frame, rounded only towards the fields.  A seat's initial
    sits on a free-standing marker (circle, square, triangle, diamond), so the two do not read alike."""
    x1, y0 = corner
    box = (x1 - SUB_TAB, y0, x1 - 1, y0 + SUB_TAB - 1)
    draw.rounded_rectangle(box, 12, fill=SUB_EDGE, corners=(False, False, False, True))
    C.draw_text(img, ((box[0] + box[2]) / 2 + 1, (box[1] + box[3]) / 2 - 1), letter, 19, C.WHITE)


def _board_letters(img: Image.Image, draw: ImageDraw.ImageDraw, slots, lay: Layout) -> None:
    """Each laid sub-board's letter at its top right (T1), on a tab of its frame."""
    for slot, letter in enumerate(slots):
        if letter is None:
            continue
        sr, sc = divmod(slot, 3)
        x1, y0 = lay.left + (sc + 1) * 3 * CELL, lay.top + sr * 3 * CELL
        sub_board_tab(draw, img, (x1 - SUB, y0 + SUB), letter)


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: Layout, letters: list[str], say=str) -> None:
    slots = tuple(state.slots)
    labels = stage_labels(say) if None in slots else None
    img.paste(board_base(slots, labels), (lay.left, lay.top))
    if state.outcome() is None:
        # fields where no tower may go any more are faded; their labels stay sharp
        free = set(state.free_fields())
        faded = faded_base(slots, labels) if layers.CACHE.enabled else None
        for f, (ore, value) in state.ores.items():
            if f not in free and f not in state.towers:
                x0, y0, x1, y1 = lay.box(f)
                if faded is not None:
                    # the same field of the board faded whole, drawn once per board
                    img.paste(faded.crop((x0 - lay.left, y0 - lay.top, x1 - lay.left, y1 - lay.top)), (x0, y0))
                    continue
                fade_field(img, (x0, y0, x1, y1), ore, value)
    _board_letters(img, draw, state.slots, lay)
    for f, (seat, other) in state.towers.items():
        C.paste_centred(img, tower(seat, other, letters[seat], TOWER), lay.tower_centre(f))
    last = state.last_field
    if last is not None:
        x0, y0, x1, y1 = lay.box(last)
        frame = 8
        h = frame // 2
        C.bold_frame(draw, (x0 - h, y0 - h, x1 + h, y1 + h), frame)
    if last is not None and not (0 < last[0] < 8 and 0 < last[1] < 8):
        _draw_axes(img, lay)  # the frame reaches into a gutter, under the letters' descenders
    else:
        _axes(img, lay)


def _axes(img: Image.Image, lay: Layout) -> None:
    """The coordinates in the four gutters round the board, drawn once per layout."""
    gutters = [
        (lay.left, lay.top - COORD, lay.right, lay.top),
        (lay.left, lay.bottom, lay.right, lay.bottom + COORD),
        (lay.left - COORD, lay.top, lay.left, lay.bottom),
        (lay.right, lay.top, lay.right + COORD, lay.bottom),
    ]
    layers.layer(
        img, ("atacama axes", lay.left, lay.top), gutters, C.BACKGROUND, lambda canvas, _: _draw_axes(canvas, lay)
    )


def _draw_axes(img: Image.Image, lay: Layout) -> None:
    # no stroke: it would melt the dot of the i into its stem
    size = AXIS_SIZE
    g = COORD / 2
    for c in range(9):
        cx = lay.left + (c + 0.5) * CELL
        C.draw_text(img, (cx, lay.top - g), B.COLUMNS[c], size, C.INK)
        C.draw_text(img, (cx, lay.bottom + g), B.COLUMNS[c], size, C.INK)
    for r in range(9):
        cy = lay.top + (8 - r + 0.5) * CELL
        C.draw_text(img, (lay.left - g, cy), str(r + 1), size, C.INK)
        C.draw_text(img, (lay.right + g, cy), str(r + 1), size, C.INK)
