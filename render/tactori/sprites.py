"""The pieces pasted as sprites: stacks, bridges' floor badges, the last-move ring.

They are drawn :data:`SS` times larger and shrunk, so that rings and discs come
out antialiased, and cached per size, since the same stack or badge recurs on a
board and from one render to the next.  The legend pastes the same sprites, so
it shows exactly what the board shows.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .. import common as C

SS = 4  # supersampling of the sprites
MORE_FILL: C.RGB = (168, 160, 148)  # the lowest towers of a very tall stack, merged
MAX_RINGS = 5  # bands of lower towers drawn round a stack


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
    hole: float
    if n == 1:
        hole = R
    else:
        # one band per lower tower, the bottom one outside; past MAX_RINGS the
        # lowest towers merge into one grey band (the height still says how many)
        lower: list[int | None] = list(owners[:-1])
        if len(lower) > MAX_RINGS:
            lower = [None, *lower[-(MAX_RINGS - 1) :]]
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
    img = img.resize((size, size), Image.Resampling.LANCZOS)
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
    img = img.resize((size, size), Image.Resampling.LANCZOS)
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
    return img.resize((size, size), Image.Resampling.LANCZOS)
