"""Bridges: bands in their owners' colours, the higher over the lower.

Only the bands are drawn here; :mod:`.board` pastes their floor badges after
the stacks, so that nothing covers them.  :func:`_band` also
draws the board's other straight bands (the loop, the last turn's glow).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .. import common as C
from .geometry import Layout


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
    patches = {}  # crossing point -> the board under it, before any bridge
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
        _band(
            draw,
            lay.point(b["from"]),
            lay.point(b["to"]),
            core + 2 * edge,
            C.player_style(b["owner"]).colour,
            C.INK,
            edge,
        )


def _badge_pos(b, lay: Layout) -> tuple[float, float]:
    """Where a bridge's floor badge goes: the middle of its first unit segment
    (no other bridge can lie there, R2)."""
    (x0, y0), (x1, y1) = lay.point(b["from"]), lay.point(b["mid"])
    return ((x0 + x1) / 2, (y0 + y1) / 2)
