"""The towers: the players' markers, with a black ``x2`` badge on an other-colour tower (T6)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .. import common as C


@lru_cache(maxsize=32)
def tower(seat: int, other: bool, letter: str, size: int) -> Image.Image:
    """A tower: the seat's marker (RGBA, ``size`` square); an other-colour
    tower (T6) carries a black ``x2`` badge over its bottom-left."""
    img = C.marker(seat, size, letter).copy()
    if other:
        canvas = Image.new("RGBA", img.size, (0, 0, 0, 0))
        canvas.paste(img, (0, 0))
        draw = ImageDraw.Draw(canvas)
        bw, bh = int(size * 0.6), int(size * 0.4)
        box = (0, size - bh, bw, size - 1)
        draw.rounded_rectangle(box, bh // 2, fill=C.INK, outline=C.WHITE, width=2)
        C.draw_text(
            canvas,
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
            "x2",
            int(bh * 0.66),
            C.WHITE,
            stroke=1,
            stroke_fill=C.WHITE,
        )
        img = canvas
    return img
