"""The board square in its layers, the last turn's marks and the coordinates.

:func:`_board` fixes the order of the layers: polygon fills, the grid, the loop
and the last turn's bands, bridges, the move arrow, stacks and their rings,
floor badges, polygon labels.  The order decides what hides what: the numbers
come last so that nothing covers them.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .. import common as C
from .. import layers
from .bridges import _badge_pos, _band, _bridges, _ghost
from .geometry import (
    BOARD_EDGE,
    BOARD_FILL,
    CENTRE_EDGE,
    CENTRE_FILL,
    COLUMNS,
    COORD,
    DOT,
    GRID,
    Layout,
    axis_size,
    field_xy,
)
from .polygons import _polygon_fills, _polygon_labels
from .sprites import floor_badge, ring_sprite, stack_sprite


def _last(data) -> dict:
    """The parts of the last turn to highlight (empty values when there is none)."""
    last = data.get("last") or {}
    return {
        "kind": last.get("kind"),
        "from": last.get("from"),
        "to": last.get("to"),
        "chased": list(last.get("chased") or []),
        "bridges": {tuple(sorted(b)) for b in last.get("bridges") or []},
        "ghosts": [tuple(b) for b in (last.get("relocated") or [])]
        + ([tuple(last["removed"])] if last.get("removed") else []),
    }


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, data, lay: Layout, say=str) -> None:
    n, s = lay.n, lay.spacing
    draw.rectangle((lay.left, lay.top, lay.right - 1, lay.bottom - 1), fill=BOARD_FILL, outline=BOARD_EDGE, width=3)
    centre = bool(data["options"].get("centre")) and n == 9
    if centre:
        x0, y0 = lay.xy(3 - 0.42, 5 + 0.42)
        x1, y1 = lay.xy(5 + 0.42, 3 - 0.42)
        draw.rounded_rectangle((x0, y0, x1, y1), int(s * 0.3), fill=CENTRE_FILL)
    last = _last(data)
    loop_cells = {tuple(p["cells"]) for p in data.get("loop") or []}
    _polygon_fills(img, data, lay, loop_cells)
    _grid(img, lay, centre)
    # the loop (FEM): a band round its sides, under the bridges
    for poly in data.get("loop") or []:
        for a, b in poly["sides"]:
            _band(draw, lay.point(a), lay.point(b), lay.bridge + 40, C.ALERT, C.INK, 3)
    # the last turn's bridges: a yellow glow; bridges taken up: dashed ghosts
    for a, b in last["ghosts"]:
        _ghost(draw, lay.point(a), lay.point(b), lay.bridge)
    for a, b in sorted(last["bridges"]):
        _band(draw, lay.point(a), lay.point(b), lay.bridge + 24, C.HIGHLIGHT, C.INK, 3)
    _bridges(img, draw, data, lay)
    _move_arrow(img, draw, last, lay)
    # stacks
    if last["from"] and last["from"] != last["to"]:
        C.paste_centred(img, ring_sprite(lay.ring, True), lay.point(last["from"]))
    for name, owners in data["stacks"].items():
        C.paste_centred(img, stack_sprite(tuple(owners), lay.radius), lay.point(name))
    if last["to"]:
        C.paste_centred(img, ring_sprite(lay.ring, False), lay.point(last["to"]))
    if last["chased"]:
        _chased(img, draw, last, lay)
    # labels last, so nothing covers them
    for b in data["bridges"]:
        C.paste_centred(img, floor_badge(b["owner"], b["floor"], lay.badge), _badge_pos(b, lay))
    _polygon_labels(img, draw, data, lay, loop_cells, say)


def _move_arrow(img: Image.Image, draw: ImageDraw.ImageDraw, last, lay: Layout) -> None:
    """An arrow from the origin to the target of a move, bowed to the side so
    that it does not hide the bridges along the line."""
    if last["kind"] != "move" or not last["from"] or not last["to"]:
        return
    p, q = lay.point(last["from"]), lay.point(last["to"])
    dx, dy = q[0] - p[0], q[1] - p[1]
    dist = math.hypot(dx, dy)
    if dist < 1:
        return
    ux, uy = dx / dist, dy / dist
    nx, ny = -uy, ux
    bow = min(0.45 * lay.spacing, 0.3 * dist)
    start = lay.ring + 6
    stop = lay.ring + 4
    ctrl = ((p[0] + q[0]) / 2 + nx * bow * 2, (p[1] + q[1]) / 2 + ny * bow * 2)
    pts = []
    for k in range(41):
        t = k / 40
        x = (1 - t) ** 2 * p[0] + 2 * (1 - t) * t * ctrl[0] + t * t * q[0]
        y = (1 - t) ** 2 * p[1] + 2 * (1 - t) * t * ctrl[1] + t * t * q[1]
        pts.append((x, y))
    pts = [pt for pt in pts if math.dist(pt, p) > start and math.dist(pt, q) > stop + 14]
    if len(pts) < 2:
        return
    tip_base = pts[-1]
    # the head points from the curve's end to the target ring
    hx, hy = q[0] - tip_base[0], q[1] - tip_base[1]
    hl = math.hypot(hx, hy)
    hx, hy = hx / hl, hy / hl
    tip = (q[0] - hx * stop, q[1] - hy * stop)
    w = 12 if lay.n == 9 else 15
    draw.line(pts, fill=C.INK, width=w, joint="curve")
    draw.line(pts, fill=C.HIGHLIGHT, width=w - 6, joint="curve")
    size = w * 1.6
    back = (tip[0] - hx * size * 1.3, tip[1] - hy * size * 1.3)
    head = [tip, (back[0] - hy * size, back[1] + hx * size), (back[0] + hy * size, back[1] - hx * size)]
    draw.polygon(head, fill=C.INK)
    inner_tip = (tip[0] - hx * 5, tip[1] - hy * 5)
    ib = (back[0] + hx * 2.5, back[1] + hy * 2.5)
    s2 = size - 5.5
    draw.polygon([inner_tip, (ib[0] - hy * s2, ib[1] + hx * s2), (ib[0] + hy * s2, ib[1] - hx * s2)], fill=C.HIGHLIGHT)


def chased_box(lay: Layout, target: str, count: int) -> C.Box:
    """Where the chased towers are shown: a small box in the cell up and right
    of the target (down / left at the board's edges), clear of bridges and stacks."""
    x, y = field_xy(target)
    px, py = lay.point(target)
    size = chased_size(lay)
    w = count * (size + 4) + 8
    h = size + 10
    off = 0.42 * lay.spacing  # clear of the last-move ring, also diagonally
    x0 = px + off if x < lay.n - 1 else px - off - w
    y1 = py - off if y < lay.n - 1 else py + off + h
    return (int(x0), int(y1 - h), int(x0 + w), int(y1))


def chased_size(lay: Layout) -> int:
    return max(28, int(lay.radius * 0.9))


def _chased(img: Image.Image, draw: ImageDraw.ImageDraw, last, lay: Layout) -> None:
    """The chased towers (back in their owners' supplies), crossed out, beside the target."""
    owners = last["chased"]
    box = chased_box(lay, last["to"], len(owners))
    size = chased_size(lay)
    draw.rounded_rectangle(box, 8, fill=C.WHITE, outline=C.INK, width=2)
    cy = (box[1] + box[3]) / 2
    for i, owner in enumerate(owners):
        cx = box[0] + 6 + i * (size + 4) + size / 2
        C.draw_marker(img, (cx, cy), size, owner)
        h = size * 0.45
        draw.line([(cx - h, cy + h), (cx + h, cy - h)], fill=C.WHITE, width=7)
        draw.line([(cx - h, cy + h), (cx + h, cy - h)], fill=C.ALERT, width=3)


def _grid(img: Image.Image, lay: Layout, centre: bool) -> None:
    """The grid's lines and points, and the centre's dashed edge: the same on every board of a size,
    drawn once and pasted over the polygons filled before them (a strip round each line)."""
    n = lay.n
    d = 4 if n == 9 else 6  # a point's radius, wider than a line: the strips hold the points
    strips = []
    for i in range(n):
        (x, _), (_, y) = lay.xy(i, 0), lay.xy(0, i)
        strips.append((int(x) - d - 2, lay.top, int(x) + d + 3, lay.bottom))
        strips.append((lay.left, int(y) - d - 2, lay.right, int(y) + d + 3))
    if centre:
        (x0, y0), (x1, y1) = lay.xy(3 - 0.42, 5 + 0.42), lay.xy(5 + 0.42, 3 - 0.42)
        strips.append((int(x0) - 4, int(y0) - 4, int(x1) + 5, int(y1) + 5))
    layers.overlay(
        img, ("tactori grid", n, lay.left, lay.top, centre), strips, lambda pen: _draw_grid(pen, lay, centre)
    )


def _draw_grid(draw: ImageDraw.ImageDraw, lay: Layout, centre: bool) -> None:
    n = lay.n
    gw = 2 if n == 9 else 3
    for i in range(n):
        xa, ya = lay.xy(i, 0)
        xb, yb = lay.xy(i, n - 1)
        draw.line([(xa, ya), (xb, yb)], fill=GRID, width=gw)
        xa, ya = lay.xy(0, i)
        xb, yb = lay.xy(n - 1, i)
        draw.line([(xa, ya), (xb, yb)], fill=GRID, width=gw)
    d = 4 if n == 9 else 6
    for x in range(n):
        for y in range(n):
            px, py = lay.xy(x, y)
            draw.ellipse((px - d, py - d, px + d, py + d), fill=DOT)
    if centre:
        x0, y0 = lay.xy(3 - 0.42, 5 + 0.42)
        x1, y1 = lay.xy(5 + 0.42, 3 - 0.42)
        C.dashed_rect(draw, (x0, y0, x1, y1), CENTRE_EDGE, 4, 12)


def _axes(img: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, centre: bool) -> None:
    """Coordinates on all four sides, drawn once per board size and centre variation."""
    gutters = [
        (lay.left, lay.top - COORD, lay.right, lay.top),
        (lay.left, lay.bottom, lay.right, lay.bottom + COORD),
        (lay.left - COORD, lay.top, lay.left, lay.bottom),
        (lay.right, lay.top, lay.right + COORD, lay.bottom),
    ]
    layers.layer(
        img,
        ("tactori axes", lay.n, lay.left, lay.top, centre),
        gutters,
        C.BACKGROUND,
        lambda canvas, pen: _draw_axes(canvas, pen, lay, centre),
    )


def _draw_axes(img: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, centre: bool) -> None:
    """Coordinates on all four sides; with a centre variation d..f and 4..6 are tinted."""
    size = axis_size(lay.n)
    g = COORD / 2
    if centre:
        h = COORD / 2 - 2
        a, b = lay.xy(3 - 0.42, 5 + 0.42), lay.xy(5 + 0.42, 3 - 0.42)
        for box in (
            (a[0], lay.top - g - h, b[0], lay.top - g + h),
            (a[0], lay.bottom + g - h, b[0], lay.bottom + g + h),
            (lay.left - g - h, a[1], lay.left - g + h, b[1]),
            (lay.right + g - h, a[1], lay.right + g + h, b[1]),
        ):
            # Fill only: an outline hugging the digits made 6 and 5 read like 8 and b on a phone.
            draw.rounded_rectangle(box, 8, fill=CENTRE_FILL)
    for i in range(lay.n):
        x, _ = lay.xy(i, 0)
        C.draw_text(img, (x, lay.top - g), COLUMNS[i], size, C.INK)
        C.draw_text(img, (x, lay.bottom + g), COLUMNS[i], size, C.INK)
        _, y = lay.xy(0, i)
        C.draw_text(img, (lay.left - g, y), str(i + 1), size, C.INK)
        C.draw_text(img, (lay.right + g, y), str(i + 1), size, C.INK)
