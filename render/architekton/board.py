"""The board in its layers: empty and frontier squares, tiles and houses, removed
buildings, the last turn's frames, enclosed buildings to pay for, the coordinates."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.architekton import tiles as T

from .. import common as C
from .. import layers
from .faces import _band, _house_geometry, building_face, landscape_face
from .geometry import SQUARE_EMPTY, SQUARE_EMPTY_ODD, SQUARE_FRONTIER, BoardLayout, _frontier


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: BoardLayout, letters: list[str]) -> None:
    cell = lay.cell
    frontier = _frontier(state.tiles) if state.outcome() is None else set()
    coord_size = max(12, int(cell * 0.24))
    for sq in lay.squares():
        if sq in state.tiles:
            continue
        x0, y0, x1, y1 = lay.box(sq)
        box = (x0, y0, x1 - 1, y1 - 1)
        if sq in frontier:
            draw.rectangle(box, fill=SQUARE_FRONTIER, outline=C.FAINT)
            C.draw_text(img, lay.centre(sq), f"{C.signed(sq[0])},{C.signed(sq[1])}", coord_size, C.MUTED)
        else:
            draw.rectangle(box, fill=SQUARE_EMPTY_ODD if T.is_building_square(sq) else SQUARE_EMPTY, outline=C.FAINT)

    for sq, tile in state.tiles.items():
        box = lay.box(sq)
        face = landscape_face(tile[1], cell) if tile[0] == "L" else building_face(tile[1], tile[2], cell)
        img.paste(face, box[:2])
        if sq in state.houses:
            centre, size = _house_geometry(box)
            seat = state.houses[sq]
            C.draw_marker(img, centre, size, seat, letters[seat])

    if state.final:
        for x, y in state.final.get("removed", []):
            box = lay.box((x, y))
            C.veil(img, box, C.WHITE, 165)
            inset, w = cell * 0.16, max(3, cell // 14)
            draw.line([(box[0] + inset, box[1] + inset), (box[2] - inset, box[3] - inset)], fill=C.INK, width=w)
            draw.line([(box[0] + inset, box[3] - inset), (box[2] - inset, box[1] + inset)], fill=C.INK, width=w)

    frame = max(6, cell // 11)
    badge = max(14, int(cell * 0.22))
    for order, sq in enumerate(state.turn_squares, start=1):
        # the frame straddles the square's edge, so it hides little of the tile's side letters
        x0, y0, x1, y1 = lay.box(sq)
        h = frame // 2
        C.bold_frame(draw, (x0 - h, y0 - h, x1 + h, y1 + h), frame)
        if len(state.turn_squares) > 1:
            cx, cy = x0 + h + badge * 0.5, y0 + h + badge * 0.5
            draw.ellipse((cx - badge / 2, cy - badge / 2, cx + badge / 2, cy + badge / 2), fill=C.INK)
            C.draw_text(img, (cx, cy), str(order), int(badge * 0.7), C.HIGHLIGHT)

    for sq, mark in _scrutinised(state):
        _scrutiny(img, draw, state, lay, sq, mark)

    _axes(img, lay)


def _scrutinised(state) -> list[tuple[T.Square, str]]:
    """Enclosed buildings to point at: the pending keep/remove decision (``?``)
    or, after an early end, the enclosure its owner could not pay for (``!``)."""
    if state.pending is not None:
        return [(tuple(state.pending), "?")]
    if state.outcome() is not None and state.outcome().end == "early":
        return [(tuple(e["square"]), "!") for e in state.events if e.get("type") == "bankrupt"]
    return []


def _mismatch_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    mx, my = centre
    draw.ellipse((mx - r, my - r, mx + r, my + r), fill=C.ALERT, outline=C.WHITE, width=2)
    a, w = r * 0.45, max(2, int(r) // 4)
    draw.line([(mx - a, my - a), (mx + a, my + a)], fill=C.WHITE, width=w)
    draw.line([(mx - a, my + a), (mx + a, my - a)], fill=C.WHITE, width=w)


def _scrutiny(img: Image.Image, draw: ImageDraw.ImageDraw, state, lay: BoardLayout, sq: T.Square, mark: str) -> None:
    """An enclosed building whose owner must pay (A5): a dashed frame round its
    house, ``mark`` in a badge, and a cross on each side that does not match."""
    cell = lay.cell
    box = lay.box(sq)
    band = _band(cell)
    inner = (box[0] + band, box[1] + band, box[2] - band, box[3] - band)
    C.dashed_frame(draw, inner, max(3, cell // 24), C.ALERT, max(4, cell // 14))
    badge = max(14, int(cell * 0.2))
    C.pill(img, (inner[2] + badge * 0.3, inner[1] - badge * 0.1), mark, badge, C.ALERT, anchor="mm")
    _, building, rotation = state.tiles[sq]
    r = max(8, int(cell * 0.12))
    cx, cy = lay.centre(sq)
    for d, (dx, dy) in enumerate(T.DIRECTIONS):
        neighbour = state.tiles.get((sq[0] + dx, sq[1] + dy))
        if neighbour is None or neighbour[1] == T.side(building, rotation, d):
            continue
        # on the shared edge, pushed a little into the landscape
        _mismatch_mark(draw, (cx + dx * (cell / 2 + r * 0.6), cy - dy * (cell / 2 + r * 0.6)), r)


def _axes(img: Image.Image, lay: BoardLayout) -> None:
    """Coordinates in the four gutters round the board, drawn once per stretch of the city shown."""
    g = lay.gutter
    gutters = [
        (lay.left - g, lay.top - g, lay.right + g, lay.top),
        (lay.left - g, lay.bottom, lay.right + g, lay.bottom + g),
        (lay.left - g, lay.top, lay.left, lay.bottom),
        (lay.right, lay.top, lay.right + g, lay.bottom),
    ]
    layers.layer(img, ("architekton axes", lay), gutters, C.BACKGROUND, lambda canvas, _: _draw_axes(canvas, lay))


def _draw_axes(img: Image.Image, lay: BoardLayout) -> None:
    size, g = lay.label_size, lay.gutter
    for x in range(lay.xmin, lay.xmax + 1):
        cx = lay.left + (x - lay.xmin + 0.5) * lay.cell
        C.draw_text(img, (cx, lay.top - g / 2), C.signed(x), size, C.INK, stroke=1, stroke_fill=C.INK)
        C.draw_text(img, (cx, lay.bottom + g / 2), C.signed(x), size, C.INK, stroke=1, stroke_fill=C.INK)
    for y in range(lay.ymin, lay.ymax + 1):
        cy = lay.top + (lay.ymax - y + 0.5) * lay.cell
        C.draw_text(img, (lay.left - g / 2, cy), C.signed(y), size, C.INK, stroke=1, stroke_fill=C.INK)
        C.draw_text(img, (lay.right + g / 2, cy), C.signed(y), size, C.INK, stroke=1, stroke_fill=C.INK)
    C.draw_text(img, (lay.left - g / 2, lay.top - g / 2), "y", size - 2, C.MUTED)
    C.draw_text(img, (lay.right + g / 2, lay.bottom + g / 2), "x", size - 2, C.MUTED)
