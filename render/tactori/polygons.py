"""Polygons: a hatched fill under the grid and a points label over everything.

The fill and the label are drawn at different layers of the board (first and
last), hence two entry points.  Each seat has its own hatching as well as its
colour, so that polygons stay apart without colour vision.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engines.text import Text

from .. import common as C
from .geometry import Layout, field_xy

INVALID_FILL: C.RGB = (190, 190, 190)


def _hatch(
    draw: ImageDraw.ImageDraw, seat: int, w: int, h: int, fill, width: int, step: int, ox: int = 0, oy: int = 0
) -> None:
    """The seat's hatching on a ``w`` x ``h`` image whose top left lies at
    (``ox``, ``oy``) on the board, so that patches of the same seat line up:
    / for seat 0, \\ for seat 1, a cross for seat 2, dots for seat 3."""
    kind = seat % 4
    if kind in (0, 2):  # lines x + y = k * step (board coordinates)
        st = step if kind == 0 else int(step * 1.6)
        for c in range(-((ox + oy) % st), w + h + st, st):
            draw.line([(c, 0), (c - h, h)], fill=fill, width=width)
    if kind in (1, 2):  # lines x - y = k * step
        st = step if kind == 1 else int(step * 1.6)
        for c in range(-((ox - oy) % st) - (h // st + 2) * st, w + st, st):
            draw.line([(c, 0), (c + h, h)], fill=fill, width=width)
    if kind == 3:  # dots in staggered rows
        r = width * 0.9 + 0.5
        for row in range(oy // step - 1, (oy + h) // step + 2):
            y = step // 2 + row * step - oy
            shift = (row % 2) * (step // 2)
            for col in range((ox - shift) // step - 1, (ox + w) // step + 2):
                x = step // 2 + shift + col * step - ox
                draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


@lru_cache(maxsize=64)
def polygon_fill(
    seat: int, valid: bool, strong: bool, w: int, h: int, ox: int = 0, oy: int = 0
) -> tuple[Image.Image, Image.Image]:
    """A patch of a seat's polygon fill (RGB) and its opacity (L), ``w`` x ``h``,
    its top left at (``ox``, ``oy``) on the board (see :func:`_hatch`)."""
    style = C.player_style(seat)
    tint = C.shade(style.colour, 1.55) if valid else INVALID_FILL
    line = style.colour if valid else C.shade(style.colour, 1.25)
    img = Image.new("RGB", (w, h), tint)
    alpha = Image.new("L", (w, h), (150 if strong else 105) if valid else 80)
    step = 15
    _hatch(ImageDraw.Draw(img), seat, w, h, line, 3, step, ox, oy)
    _hatch(ImageDraw.Draw(alpha), seat, w, h, 235 if valid else 140, 3, step, ox, oy)
    return img, alpha


def _polygons(data) -> list[tuple[int, dict]]:
    return [(seat, poly) for seat, polys in enumerate(data.get("polygons") or []) for poly in polys]


def _polygon_fills(img: Image.Image, data, lay: Layout, loop_cells) -> None:
    s = lay.spacing
    for seat, poly in _polygons(data):
        cells = [field_xy(c) for c in poly["cells"]]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        x0, y0 = lay.xy(min(xs), max(ys) + 1)
        x1, y1 = lay.xy(max(xs) + 1, min(ys))
        box = (int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1)))
        w, h = box[2] - box[0], box[3] - box[1]
        mask = Image.new("L", (w, h), 0)
        md = ImageDraw.Draw(mask)
        for x, y in cells:
            cx0, cy0 = lay.xy(x, y + 1)
            md.rectangle((cx0 - box[0], cy0 - box[1], cx0 - box[0] + s, cy0 - box[1] + s), fill=255)
        strong = tuple(poly["cells"]) in loop_cells
        # the hatching is anchored to the board, so neighbouring polygons line up
        fill, alpha = polygon_fill(seat, poly.get("valid", True), strong, w, h, box[0] - lay.left, box[1] - lay.top)
        img.paste(fill, box[:2], ImageChops.multiply(mask, alpha))


def _label_spot(
    region: list[str], taken: set[tuple[float, float]], busy_points: set[tuple[int, int]], busy_segments: set[frozenset]
) -> tuple[float, float]:
    """Where a polygon's label goes, in grid coordinates: the free spot of its
    region nearest the region's middle.  Spots are the cell centres, the grid
    points inside the region without a stack or bridge, and the middles of unit
    segments inside the region that carry no bridge."""
    cells = {field_xy(c) for c in region}
    mx = sum(x for x, _ in cells) / len(cells) + 0.5
    my = sum(y for _, y in cells) / len(cells) + 0.5
    spots = [(x + 0.5, y + 0.5) for x, y in cells]
    for x, y in cells:
        # the point at the cell's top-right corner, and the segments from it down and left
        if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells and (x + 1, y + 1) not in busy_points:
            spots.append((x + 1, y + 1))
        if (x + 1, y) in cells and frozenset({(x + 1, y), (x + 1, y + 1)}) not in busy_segments:
            spots.append((x + 1, y + 0.5))
        if (x, y + 1) in cells and frozenset({(x, y + 1), (x + 1, y + 1)}) not in busy_segments:
            spots.append((x + 0.5, y + 1))
    free = [p for p in spots if p not in taken] or spots
    return min(free, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))


def _polygon_labels(img: Image.Image, draw: ImageDraw.ImageDraw, data, lay: Layout, loop_cells, say=str) -> None:
    """Each polygon's points (FEM: LOOP) in the middle of its region."""
    fem = data["game"] == "tactori-fem"
    size = 24 if lay.n == 9 else 28
    words = {True: say(Text("LOOP")), False: say(Text("closed"))}
    sizes = {True: size, False: size}
    if fem:
        # a badge no wider than a cell between the floor badges on its sides, in any language
        limit = int(lay.spacing - lay.badge)
        for loop, word in words.items():
            while sizes[loop] > 16 and C.text_width(word, sizes[loop], 1) + sizes[loop] > limit:
                sizes[loop] -= 1
    busy_points = {field_xy(f) for f in data["stacks"]}
    busy_segments: set[frozenset] = set()
    for b in data["bridges"]:
        ends = [field_xy(b["from"]), field_xy(b["mid"]), field_xy(b["to"])]
        busy_points.update(ends)
        busy_segments.add(frozenset(ends[:2]))
        busy_segments.add(frozenset(ends[1:]))
    taken: set[tuple[float, float]] = set()
    for seat, poly in sorted(_polygons(data), key=lambda sp: len(sp[1]["region"])):
        spot = _label_spot(poly["region"] or poly["cells"], taken, busy_points, busy_segments)
        taken.add(spot)
        if fem:
            loop = tuple(poly["cells"]) in loop_cells
            text, text_size = words[loop], sizes[loop]
        else:
            text, text_size = str(poly["points"]), size
        _points_label(img, draw, lay.xy(*spot), seat, text, poly.get("valid", True), text_size)


def _points_label(img, draw, centre, seat: int, text: str, valid: bool, size: int) -> C.Box:
    """A badge in the owner's colour with the points; grey and struck out when
    the polygon does not score.  Narrow enough to sit in a cell between the
    floor badges of the bridges on its sides."""
    style = C.player_style(seat)
    tw = C.text_width(text, size, 1)
    height = int(size * 1.5)
    width = max(int(height * 1.3), tw + size)
    x0, y0 = int(round(centre[0] - width / 2)), int(round(centre[1] - height / 2))
    box = (x0, y0, x0 + width, y0 + height)
    if valid:
        draw.rounded_rectangle(box, height // 2, fill=style.colour, outline=C.INK, width=2)
        ink = style.ink
    else:
        draw.rounded_rectangle(box, height // 2, fill=C.WHITE, outline=C.INK, width=2)
        ink = C.MUTED
    C.draw_text(img, centre, text, size, ink, stroke=1, stroke_fill=ink)
    if not valid:
        h = height / 2 - 3
        draw.line(
            [(centre[0] - width / 2 + 5, centre[1] + h), (centre[0] + width / 2 - 5, centre[1] - h)],
            fill=C.ALERT,
            width=4,
        )
    return box
