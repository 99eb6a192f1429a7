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
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engines.text import Joined, Text

from . import common as C

COLUMNS = "abcdefghi"

# ------------------------------------------------------------------ sizes
BOARD = 920            # px of the board square (both games)
EDGE = 0.6             # margin round the outer grid points, in spacings
PAD = 20
COORD = 34             # coordinate gutters
HEADER = 88
TITLE = C.TITLE
CARD_H = 128
CARD_GAP = 14
LEGEND_ROW = 36
LEGEND_TEXT = 19
SS = 4                 # supersampling of the sprites

BOARD_FILL: C.RGB = (240, 231, 211)
BOARD_EDGE: C.RGB = (150, 132, 104)
GRID: C.RGB = (186, 170, 142)
DOT: C.RGB = (140, 124, 98)
CENTRE_FILL: C.RGB = (250, 214, 150)
CENTRE_EDGE: C.RGB = (150, 96, 20)
INVALID_FILL: C.RGB = (190, 190, 190)
MORE_FILL: C.RGB = (168, 160, 148)     # the lowest towers of a very tall stack, merged
MAX_RINGS = 5                         # bands of lower towers drawn round a stack


# ------------------------------------------------------------------ layout
@dataclass(frozen=True)
class Layout:
    """Where things lie in the image; :meth:`point` gives a field's pixel."""

    n: int                 # grid points per side (9 or 5)
    players: int
    legend_rows: int

    @property
    def spacing(self) -> float:
        return BOARD / (self.n - 1 + 2 * EDGE)

    @property
    def left(self) -> int:
        return PAD + COORD

    @property
    def top(self) -> int:
        return HEADER + 12 + COORD

    @property
    def right(self) -> int:
        return self.left + BOARD

    @property
    def bottom(self) -> int:
        return self.top + BOARD

    @property
    def width(self) -> int:
        return self.right + COORD + PAD

    @property
    def panel_top(self) -> int:
        return self.bottom + COORD + 8

    @property
    def height(self) -> int:
        rows = (self.players + 1) // 2
        return self.panel_top + 16 + rows * (CARD_H + CARD_GAP) + self.legend_rows * LEGEND_ROW + PAD

    # piece sizes, scaled with the spacing (the 5x5 board has roomier points)
    @property
    def radius(self) -> int:
        """Outer radius of a stack."""
        return int(min(0.37 * self.spacing, 56))

    @property
    def bridge(self) -> int:
        """Width of a bridge's coloured core."""
        return int(min(0.15 * self.spacing, 22))

    @property
    def badge(self) -> int:
        """Size of a bridge's floor badge."""
        return int(min(0.33 * self.spacing, 44))

    @property
    def ring(self) -> int:
        """Radius of the last-move ring round a stack."""
        return self.radius + max(11, self.radius // 4)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Pixel of grid coordinates (column x, row y, both from 0; fractions allowed)."""
        s = self.spacing
        return (self.left + (EDGE + x) * s, self.top + (EDGE + self.n - 1 - y) * s)

    def point(self, name: str) -> tuple[float, float]:
        """Pixel centre of the field ``name`` (``"e5"``)."""
        x, y = field_xy(name)
        return self.xy(x, y)

    def cell_centre(self, name: str) -> tuple[float, float]:
        """Centre of the cell named by its lower-left field."""
        x, y = field_xy(name)
        return self.xy(x + 0.5, y + 0.5)


def field_xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def layout(state) -> Layout:
    data = _data(state)
    return Layout(data["size"], data["players"], _legend_rows(data))


def _legend_rows(data) -> int:
    return 3 if data["options"].get("centre") else 2


def _data(state) -> dict:
    return state if isinstance(state, dict) else state.to_json()


# ---------------------------------------------------------------- sprites
@lru_cache(maxsize=1024)
def stack_sprite(owners: tuple[int, ...], radius: int) -> Image.Image:
    """A stack from above: one ring per tower, the bottom one outside; the top
    tower is its owner's marker with the height of the stack (RGBA, square)."""
    n = len(owners)
    size = 2 * radius + 4
    big = size * SS
    c = big / 2
    R = radius * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if n == 1:
        hole = R
    else:
        # one band per lower tower, the bottom one outside; past MAX_RINGS the
        # lowest towers merge into one grey band (the height still says how many)
        lower: list[int | None] = list(owners[:-1])
        if len(lower) > MAX_RINGS:
            lower = [None] + lower[-(MAX_RINGS - 1):]
        hole = max(0.62 * R, R - len(lower) * 0.22 * R)
        ring = (R - hole) / len(lower)
        edge = max(1.0 * SS, min(ring * 0.2, 1.6 * SS))
        for i, owner in enumerate(lower):
            r = R - i * ring
            draw.ellipse((c - r, c - r, c + r, c + r), fill=C.INK)
            r -= edge
            fill = MORE_FILL if owner is None else C.player_style(owner).colour
            draw.ellipse((c - r, c - r, c + r, c + r), fill=fill)
        r = hole
        draw.ellipse((c - r, c - r, c + r, c + r), fill=C.INK)
        r -= edge
        draw.ellipse((c - r, c - r, c + r, c + r), fill=C.WHITE)
        hole = r
    img = img.resize((size, size), Image.LANCZOS)
    top = owners[-1]
    style = C.player_style(top)
    hole_px = hole / SS
    scale = {"circle": 2.0, "square": 1.68, "triangle": 2.0, "diamond": 2.04}[style.shape]
    if n > 1:
        scale = {"circle": 2.04, "square": 1.66, "triangle": 1.96, "diamond": 2.04}[style.shape]
    msize = int(round(hole_px * scale))
    mark = C.marker(top, msize)
    dy = msize * 0.05 if style.shape == "triangle" else 0
    C.paste_centred(img, mark, (size / 2, size / 2 + dy))
    text = str(n)
    factor = {"circle": 0.5, "square": 0.56, "triangle": 0.36, "diamond": 0.4}[style.shape]
    if n > 1:
        factor = {"circle": 0.6, "square": 0.66, "triangle": 0.48, "diamond": 0.5}[style.shape]
    if n >= 10:
        factor *= 0.8
    ty = size / 2 + dy + (msize * 0.1 if style.shape == "triangle" else 0)
    fs = max(12, int(msize * factor))
    C.draw_text(img, (size / 2, ty), text, fs, style.ink, stroke=1, stroke_fill=style.ink)
    return img


@lru_cache(maxsize=256)
def floor_badge(seat: int, floor: int, size: int) -> Image.Image:
    """A bridge's floor: a white disc in a rim of the owner's colour, with the digit."""
    style = C.player_style(seat)
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pad = SS // 2
    draw.ellipse((pad, pad, big - pad, big - pad), fill=C.INK)
    inset = pad + max(SS, big // 18)
    draw.ellipse((inset, inset, big - inset, big - inset), fill=style.colour)
    inset += max(2 * SS, big // 9)
    draw.ellipse((inset, inset, big - inset, big - inset), fill=C.WHITE)
    img = img.resize((size, size), Image.LANCZOS)
    text = str(floor)
    fs = max(11, int(size * (0.56 if floor < 10 else 0.44)))
    C.draw_text(img, (size / 2, size / 2), text, fs, C.INK, stroke=1, stroke_fill=C.INK)
    return img


@lru_cache(maxsize=16)
def ring_sprite(radius: int, dashed: bool) -> Image.Image:
    """The last-move ring: yellow between dark edges; dashed for the origin of a move."""
    width = max(9, radius // 4)
    size = 2 * (radius + width) + 4
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c = big / 2
    r_out = (radius + width / 2) * SS
    w = width * SS
    e = max(SS, w // 4)
    if not dashed:
        draw.ellipse((c - r_out, c - r_out, c + r_out, c + r_out), outline=C.INK, width=w)
        r = r_out - e
        draw.ellipse((c - r, c - r, c + r, c + r), outline=C.HIGHLIGHT, width=w - 2 * e)
    else:
        steps = 16
        for k in range(steps):
            a0 = k * 360 / steps
            a1 = a0 + 360 / steps * 0.6
            box = (c - r_out, c - r_out, c + r_out, c + r_out)
            draw.arc(box, a0, a1, fill=C.INK, width=w)
            r = r_out - e
            draw.arc((c - r, c - r, c + r, c + r), a0 + 2, a1 - 2, fill=C.HIGHLIGHT, width=w - 2 * e)
    return img.resize((size, size), Image.LANCZOS)


def _hatch(draw: ImageDraw.ImageDraw, seat: int, w: int, h: int, fill, width: int, step: int,
           ox: int = 0, oy: int = 0) -> None:
    """The seat's hatching on a ``w`` x ``h`` image whose top left lies at
    (``ox``, ``oy``) on the board, so that patches of the same seat line up:
    / for seat 0, \\ for seat 1, a cross for seat 2, dots for seat 3."""
    kind = seat % 4
    if kind in (0, 2):       # lines x + y = k * step (board coordinates)
        st = step if kind == 0 else int(step * 1.6)
        for c in range(-((ox + oy) % st), w + h + st, st):
            draw.line([(c, 0), (c - h, h)], fill=fill, width=width)
    if kind in (1, 2):       # lines x - y = k * step
        st = step if kind == 1 else int(step * 1.6)
        for c in range(-((ox - oy) % st) - (h // st + 2) * st, w + st, st):
            draw.line([(c, 0), (c + h, h)], fill=fill, width=width)
    if kind == 3:            # dots in staggered rows
        r = width * 0.9 + 0.5
        for row in range(oy // step - 1, (oy + h) // step + 2):
            y = step // 2 + row * step - oy
            shift = (row % 2) * (step // 2)
            for col in range((ox - shift) // step - 1, (ox + w) // step + 2):
                x = step // 2 + shift + col * step - ox
                draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


@lru_cache(maxsize=64)
def polygon_fill(seat: int, valid: bool, strong: bool, w: int, h: int, ox: int = 0,
                 oy: int = 0) -> tuple[Image.Image, Image.Image]:
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


# ------------------------------------------------------------------ render
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


def _last(data) -> dict:
    """The parts of the last turn to highlight (empty values when there is none)."""
    last = data.get("last") or {}
    return {
        "kind": last.get("kind"),
        "from": last.get("from"),
        "to": last.get("to"),
        "chased": list(last.get("chased") or []),
        "bridges": {tuple(sorted(b)) for b in last.get("bridges") or []},
        "ghosts": [tuple(b) for b in (last.get("relocated") or [])] + (
            [tuple(last["removed"])] if last.get("removed") else []),
    }


def _board(img: Image.Image, draw: ImageDraw.ImageDraw, data, lay: Layout, say=str) -> None:
    n, s = lay.n, lay.spacing
    draw.rectangle((lay.left, lay.top, lay.right - 1, lay.bottom - 1), fill=BOARD_FILL, outline=BOARD_EDGE,
                   width=3)
    centre = bool(data["options"].get("centre")) and n == 9
    if centre:
        x0, y0 = lay.xy(3 - 0.42, 5 + 0.42)
        x1, y1 = lay.xy(5 + 0.42, 3 - 0.42)
        draw.rounded_rectangle((x0, y0, x1, y1), int(s * 0.3), fill=CENTRE_FILL)
    last = _last(data)
    loop_cells = {tuple(p["cells"]) for p in data.get("loop") or []}
    _polygon_fills(img, data, lay, loop_cells)
    # the grid: unit segments and points
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
        C.dashed_rect(draw, (x0, y0, x1, y1), CENTRE_EDGE, 4, 12)
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


def _band(draw, p, q, width: int, colour, edge, e: int = 3) -> None:
    """A straight band from ``p`` to ``q``: ``colour`` between two ``edge`` lines ``e`` px wide."""
    h = width / 2
    (x0, y0), (x1, y1) = sorted([p, q])
    draw.rectangle((x0 - h, y0 - h, x1 + h, y1 + h), fill=edge)
    draw.rectangle((x0 - h + e, y0 - h + e, x1 + h - e, y1 + h - e), fill=colour)


def _ghost(draw, p, q, width: int) -> None:
    """A bridge that was taken up: a dashed outline of where it lay."""
    (x0, y0), (x1, y1) = sorted([p, q])
    h = width / 2 + 2
    box = (x0 - h, y0 - h, x1 + h, y1 + h)
    draw.rectangle(box, fill=C.WHITE)
    C.dashed_rect(draw, box, C.INK, 4, 10)


def _bridges(img: Image.Image, draw: ImageDraw.ImageDraw, data, lay: Layout) -> None:
    """Bridges, lower floors first.  Where a bridge crosses an earlier one at its
    midpoint (and no stack stands there to cover the crossing), the earlier one
    gets a gap on both sides of it, so that the crossing reads as over / under."""
    core, edge, gap = lay.bridge, 3, 5
    h = core / 2 + edge + gap
    mids = [b["mid"] for b in data["bridges"] if b["mid"] not in data["stacks"]]
    patches = {}          # crossing point -> the board under it, before any bridge
    for m in {m for m in mids if mids.count(m) > 1}:
        x, y = lay.point(m)
        box = (int(round(x - h)), int(round(y - h)), int(round(x + h)), int(round(y + h)))
        patches[m] = (box, img.crop(box))
    drawn: set[str] = set()
    for b in sorted(data["bridges"], key=lambda b: (b["floor"], b["from"], b["to"])):
        if b["mid"] in patches:
            if b["mid"] in drawn:
                box, patch = patches[b["mid"]]
                img.paste(patch, box[:2])
            drawn.add(b["mid"])
        _band(draw, lay.point(b["from"]), lay.point(b["to"]), core + 2 * edge,
              C.player_style(b["owner"]).colour, C.INK, edge)


def _badge_pos(b, lay: Layout) -> tuple[float, float]:
    """Where a bridge's floor badge goes: the middle of its first unit segment
    (no other bridge can lie there, R2)."""
    (x0, y0), (x1, y1) = lay.point(b["from"]), lay.point(b["mid"])
    return ((x0 + x1) / 2, (y0 + y1) / 2)


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
    draw.polygon([inner_tip, (ib[0] - hy * s2, ib[1] + hx * s2), (ib[0] + hy * s2, ib[1] - hx * s2)],
                 fill=C.HIGHLIGHT)


def chased_box(lay: Layout, target: str, count: int) -> C.Box:
    """Where the chased towers are shown: a small box in the cell up and right
    of the target (down / left at the board's edges), clear of bridges and stacks."""
    x, y = field_xy(target)
    px, py = lay.point(target)
    size = chased_size(lay)
    w = count * (size + 4) + 8
    h = size + 10
    off = 0.42 * lay.spacing          # clear of the last-move ring, also diagonally
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


# ---------------------------------------------------------------- polygons
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
        fill, alpha = polygon_fill(seat, poly.get("valid", True), strong, w, h,
                                   box[0] - lay.left, box[1] - lay.top)
        img.paste(fill, box[:2], ImageChops.multiply(mask, alpha))


def _label_spot(region: list[str], taken: set[tuple[float, float]], busy_points: set[tuple[int, int]],
                busy_segments: set[frozenset]) -> tuple[float, float]:
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
        draw.line([(centre[0] - width / 2 + 5, centre[1] + h), (centre[0] + width / 2 - 5, centre[1] - h)],
                  fill=C.ALERT, width=4)
    return box


# -------------------------------------------------------------------- axes
def _axes(img: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, centre: bool) -> None:
    """Coordinates on all four sides; with a centre variation d..f and 4..6 are tinted."""
    size = 26 if lay.n == 9 else 30
    g = COORD / 2
    if centre:
        h = COORD / 2 - 2
        a, b = lay.xy(3 - 0.42, 5 + 0.42), lay.xy(5 + 0.42, 3 - 0.42)
        for box in ((a[0], lay.top - g - h, b[0], lay.top - g + h),
                    (a[0], lay.bottom + g - h, b[0], lay.bottom + g + h),
                    (lay.left - g - h, a[1], lay.left - g + h, b[1]),
                    (lay.right + g - h, a[1], lay.right + g + h, b[1])):
            draw.rounded_rectangle(box, 8, fill=CENTRE_FILL, outline=CENTRE_EDGE, width=2)
    for i in range(lay.n):
        x, _ = lay.xy(i, 0)
        C.draw_text(img, (x, lay.top - g), COLUMNS[i], size, C.INK)
        C.draw_text(img, (x, lay.bottom + g), COLUMNS[i], size, C.INK)
        _, y = lay.xy(0, i)
        C.draw_text(img, (lay.left - g, y), str(i + 1), size, C.INK)
        C.draw_text(img, (lay.right + g, y), str(i + 1), size, C.INK)


# ------------------------------------------------------------------ header
def _name(names: list[str], seat: int, width: int = 420) -> str:
    return C.fit_text(C.player_name(names, seat), TITLE, width)


def _list(items: list[str]) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cy`` (a Text when it needs a word)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return Text("{names} and {last}", names=Joined(items[:-1], ", "), last=items[-1])


def _resigned(gone: list[str]) -> Text:
    if len(gone) == 1:
        return Text("{player} resigned", player=gone[0])
    return Text("{players} resigned", players=_list(gone))


def _tally(names: list[str], scores, dropped) -> Joined:
    """``ann 3 · bob 0 · ...``: the points of every player still in."""
    return Joined([Joined([C.player_name(names, s), p], " ") for s, p in enumerate(scores) if s not in dropped],
                  " · ")


def _status(data, names: list[str]) -> tuple[int | None, str, str]:
    """(seat to show a marker for, the status line, a detail line or ""), as Texts."""
    result = data["result"]
    fem = data["game"] == "tactori-fem"
    players = data["players"]
    if result is not None:
        winners, end, scores = result["winners"], result["end"], result["scores"]
        if players == 2 and not fem:
            tally = f"{scores[0]} : {scores[1]}"
        else:
            tally = _tally(names, scores, data["dropped"])
        draw_ = len(winners) > 1
        if end == "resign":
            gone = [C.player_name(names, s) for s in range(players) if s not in winners]
            if players > 2:
                gone = [C.player_name(names, s) for s in data["dropped"]]
            return winners[0], Text("{player} wins", player=_name(names, winners[0])), _resigned(gone)
        if fem:
            if end == "loop":
                return winners[0], Text("{player} wins", player=_name(names, winners[0])), \
                    Text("closed a loop of bridges")
            if end == "stuck":
                loser = C.player_name(names, 1 - winners[0])
                return winners[0], Text("{player} wins", player=_name(names, winners[0])), \
                    Text("{player} had no legal turn", player=loser)
            return None, Text("Draw"), Text("the same position for the third time")
        why = Text("final scoring after the last round") if end == "normal" else \
            Text("the same position for the third time: scored")
        if draw_:
            if players == 2:
                return None, Text("Draw {score}", score=tally), why
            return (None, Text("Draw: {players}", players=_list([C.player_name(names, s) for s in winners])),
                    Joined([why, tally], " · "))
        if players == 2:
            return winners[0], Text("{player} wins {score}", player=_name(names, winners[0]), score=tally), why
        return winners[0], Text("{player} wins", player=_name(names, winners[0])), Joined([why, tally], " · ")
    seat = data["to_move"]
    countdown = data.get("countdown")
    detail = _last_words(data, names)
    if countdown:
        rest = _list([C.player_name(names, s) for s in countdown])
        if len(countdown) == 1:
            left = Text("last round: {player} plays once more", player=rest)
        else:
            left = Text("last round: {players} play once more", players=rest)
        detail = Joined([left, detail], " · ") if detail else left
    if not detail:
        detail = Text("place a tower, move one, or lay bridges")
    return seat, Text("{player} to move", player=_name(names, seat)), detail


def _last_words(data, names: list[str]) -> str:
    """The last turn in words (a Text), or ""."""
    last = data.get("last")
    if not last:
        return ""
    who = C.player_name(names, last["seat"])
    if last["kind"] == "pass":
        return Text("last: {player} passed", player=who)
    return Text("last: {player} {move}", player=who, move=last["move"])


def _alert(state, data) -> str:
    """A word for the header's alert badge (a Text), or ""."""
    if data["result"] is not None:
        return ""
    if data["game"] == "tactori" and data.get("countdown"):
        return Text("LAST ROUND")
    legal = getattr(state, "legal_moves", None)
    if legal is not None and legal() == ["pass"]:
        return Text("MUST PASS")
    return ""


def _header(img, draw, state, data, names, letters, lay: Layout, say=str) -> None:
    width = lay.width
    seat, title, detail = _status(data, names)
    title, detail = say(title), say(detail)
    x = C.header_band(img, draw, width, HEADER, PAD, seat, letters[seat] if seat is not None else "")
    cy = HEADER / 2
    right = width - PAD
    alert = _alert(state, data)
    if alert:
        box = C.pill(img, (right, cy - 14), say(alert), 20, C.ALERT, anchor="rm")
        right_top = box[0] - 14
    else:
        right_top = right
    if data["result"] is None:
        turn = Text("Turn {number}", number=data['ply'] + 1)
    else:
        turn = Text("{count} turns", count=data['ply'])
    box = C.draw_text(img, (right_top, cy - 14), say(turn), 24, C.MUTED, anchor="rm")
    title_right = box[0] - 16
    C.draw_text(img, (x, cy - 14), C.fit_text(title, TITLE, title_right - x), TITLE, C.INK, anchor="lm",
                stroke=1, stroke_fill=C.INK)
    options = say(options_text(data))
    detail_right = right
    if options:
        box = C.draw_text(img, (right, cy + 22), options, 18, C.MUTED, anchor="rm")
        detail_right = box[0] - 16
    if detail:
        C.draw_text(img, (x, cy + 22), C.fit_text(detail, 21, detail_right - x), 21, C.INK, anchor="lm")


def options_text(data) -> str:
    """The options in play, for the header: ``chase · centre 2``, ``stacks · chase`` (Texts)."""
    opts = data["options"]
    words = []
    if opts.get("stacks"):
        words.append(Text("stacks"))
    if opts.get("chase"):
        words.append(Text("chase"))
    if opts.get("centre"):
        words.append(Text("centre {variant}", variant=opts['centre']))
    return Joined(words, " · ")


# ------------------------------------------------------------------- panel
def _panel(img, draw, data, names, letters, perspective, lay: Layout, say=str) -> None:
    top = lay.panel_top
    draw.rectangle((0, top, lay.width, lay.height), fill=C.PANEL)
    draw.line([(0, top), (lay.width, top)], fill=C.FAINT, width=2)
    w = (lay.width - 2 * PAD - CARD_GAP) // 2
    y = top + 16
    for seat in range(data["players"]):
        row, col = divmod(seat, 2)
        x0 = PAD + col * (w + CARD_GAP)
        y0 = y + row * (CARD_H + CARD_GAP)
        _card(img, draw, data, names, letters, perspective, seat, (x0, y0, x0 + w, y0 + CARD_H), say)
    rows = (data["players"] + 1) // 2
    _legend(img, draw, data, y + rows * (CARD_H + CARD_GAP) - 4, lay, say)


def _card(img, draw, data, names, letters, perspective, seat: int, box, say=str) -> None:
    style = C.player_style(seat)
    x0, y0, x1, y1 = box
    result = data["result"]
    fem = data["game"] == "tactori-fem"
    out = seat in data["dropped"]
    winner = result is not None and seat in result["winners"]
    to_move = result is None and seat == data["to_move"]
    draw.rounded_rectangle(box, 14, fill=C.shade(style.colour, 1.82), outline=style.colour,
                           width=5 if (to_move or (winner and len(result["winners"]) == 1)) else 2)
    C.draw_marker(img, (x0 + 32, y0 + 30), 40, seat, letters[seat])
    tag = C.card_tag(out=out, winners=result["winners"] if result else None, seat=seat, to_move=to_move)
    score = None if fem else (result["scores"] if result is not None else data["scores"])[seat]
    room = C.card_title(img, box, seat, names, perspective, tag, score, say=say) - (x0 + 16)
    for i, line in enumerate(card_lines(data, seat)):
        C.draw_text(img, (x0 + 16, y0 + 70 + i * 28), C.fit_text(say(line), 20, room), 20, C.INK, anchor="lm")
    if out:
        C.veil(img, (x0 + 6, y0 + 52, x1 - 6, y1 - 6), C.shade(style.colour, 1.82), 110)


def _supplies(towers: int, bridges: int) -> Text:
    if towers == 1:
        if bridges == 1:
            return Text("{towers} tower · {bridges} bridge left", towers=towers, bridges=bridges)
        return Text("{towers} tower · {bridges} bridges left", towers=towers, bridges=bridges)
    if bridges == 1:
        return Text("{towers} towers · {bridges} bridge left", towers=towers, bridges=bridges)
    return Text("{towers} towers · {bridges} bridges left", towers=towers, bridges=bridges)


def card_lines(data, seat: int) -> list[str]:
    """A player's supplies and polygons, in words (Texts)."""
    first = _supplies(data["towers"][seat], data["bridge_supply"][seat])
    polys = (data.get("polygons") or [[]] * data["players"])[seat]
    if data["game"] == "tactori-fem":
        laid = sum(1 for b in data["bridges"] if b["owner"] == seat)
        if polys:
            second = Text("closed a loop")
        elif laid == 1:
            second = Text("{count} bridge on the board", count=laid)
        else:
            second = Text("{count} bridges on the board", count=laid)
        return [first, second]
    if seat in data["dropped"]:
        return [first, Text("resigned: scores nothing")]
    valid = [p["points"] for p in polys if p.get("valid", True)]
    off = len(polys) - len(valid)
    if not polys:
        second = Text("no polygon yet")
    else:
        if not valid:
            second = Text("polygons: none")
        elif len(valid) == 1:
            second = Text("polygon: {points}", points=valid[0])
        else:
            second = Text("polygons: {points}", points=" + ".join(map(str, valid)))
        if off:
            second = Joined([second, Text("{count} off centre", count=off)], " · ")
    return [first, second]


def _legend(img, draw, data, y: int, lay: Layout, say=str) -> None:
    fem = data["game"] == "tactori-fem"
    room = lay.width - 2 * PAD
    cy = y + LEGEND_ROW / 2
    x = PAD
    words = say(Text("stack from above: rings = towers below, outer = bottom; number = height"))
    t = C.fit_size([words], LEGEND_TEXT, room, 40)
    C.paste_centred(img, stack_sprite((1, 0, 0), 16), (x + 17, cy))
    box = C.draw_text(img, (x + 40, cy), C.fit_text(words, t, room - 40), t, C.INK, anchor="lm")
    cy += LEGEND_ROW
    x = PAD
    # bridge (64 px) and words, 18 px, swatch (36 px) and words, [badge (48 px) and words,] 18 px, ring (34 px)
    # and words
    if fem:
        words = [say(Text("bridge, number = floor")), say(Text("closed loop: wins")), say(Text("last turn"))]
    else:
        words = [say(Text("bridge, number = floor")), say(Text("polygon")), say(Text("its points")),
                 say(Text("last turn"))]
    t = C.fit_size(words, LEGEND_TEXT, room, 64 + 18 + 36 + 18 + 34 + (0 if fem else 48))
    draw.rectangle((x, int(cy - 5), x + 56, int(cy + 5)), fill=C.INK)
    draw.rectangle((x + 2, int(cy - 3), x + 54, int(cy + 3)), fill=C.player_style(0).colour)
    C.paste_centred(img, floor_badge(0, 2, 26), (x + 28, cy))
    box = C.draw_text(img, (x + 64, cy), words[0], t, C.INK, anchor="lm")
    x = box[2] + 18
    sw = 30
    fill, alpha = polygon_fill(0, True, fem, sw, sw)
    swatch = Image.new("RGB", (sw, sw), BOARD_FILL)
    swatch.paste(fill, (0, 0), alpha)
    img.paste(swatch, (x, int(cy - sw / 2)))
    draw.rectangle((x, int(cy - sw / 2), x + sw - 1, int(cy + sw / 2) - 1), outline=C.INK)
    box = C.draw_text(img, (x + sw + 6, cy), words[1], t, C.INK, anchor="lm")
    if not fem:
        label = _points_label(img, draw, (box[2] + 26, cy), 0, "7", True, 17)
        box = C.draw_text(img, (label[2] + 6, cy), words[2], t, C.INK, anchor="lm")
    x = box[2] + 18
    C.paste_centred(img, ring_sprite(11, False), (x + 15, cy))
    box = C.draw_text(img, (x + 34, cy), words[-1], t, C.INK, anchor="lm")
    if data["options"].get("centre") and not fem:
        cy += LEGEND_ROW
        x = PAD
        variant = data["options"]["centre"]
        # centre swatch (38 px), words, 18 px, struck-out badge (~56 px + 8 px), words
        words = [say(Text("centre d4-f6 (variation {variant})", variant=variant)),
                 say(Text("not linked to the centre: scores 0"))]
        t = C.fit_size(words, LEGEND_TEXT, room, 38 + 18 + 64)
        draw.rounded_rectangle((x, int(cy - 13), x + 30, int(cy + 13)), 6, fill=CENTRE_FILL)
        C.dashed_rect(draw, (x, int(cy - 13), x + 30, int(cy + 13)), CENTRE_EDGE, 2, 5)
        box = C.draw_text(img, (x + 38, cy), words[0], t, C.INK, anchor="lm")
        x = box[2] + 18
        label = _points_label(img, draw, (x + 40, cy), 0, "7", False, 16)
        C.draw_text(img, (label[2] + 8, cy), words[1], t, C.INK, anchor="lm")
