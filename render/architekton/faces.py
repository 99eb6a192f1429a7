"""The tiles' faces: terrain textures, landscape and building tiles, where a house stands.

Each terrain has a colour, a texture and a letter, so the terrains differ by
more than colour.  Faces are cached per size: the same tile recurs on a board
and from one render to the next.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.architekton import tiles as T

from .. import common as C
from .geometry import CREAM, GROUT, TERRAIN_COLOURS, TERRAIN_PATTERN


@lru_cache(maxsize=64)
def _texture(terrain: str, size: int) -> Image.Image:
    """A square of ``terrain``: its colour with a pattern, so that the
    terrains differ by more than colour."""
    img = Image.new("RGB", (size, size), TERRAIN_COLOURS[terrain])
    draw = ImageDraw.Draw(img)
    ink = TERRAIN_PATTERN[terrain]
    step = max(8, size // 5)
    lw = max(1, size // 60)
    for row, y in enumerate(range(step // 2, size + step, step)):
        offset = (step // 2) * (row % 2)
        for x in range(step // 2 - offset, size + step, step):
            if terrain == "E":
                r = max(1, size // 55)
                draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
            elif terrain == "M":
                a = max(2, size // 30)
                draw.line([(x - a, y - a), (x, y + a // 2), (x + a, y - a)], fill=ink, width=lw)
            elif terrain == "F":
                a = max(2, size // 26)
                draw.polygon([(x, y - a - a // 2), (x + a, y + a // 2), (x - a, y + a // 2)], fill=ink)
        if terrain == "W" and row % 2 == 0:
            amp, wave = max(1, size // 45), max(6, size // 6)
            pts = [(x, y + (amp if (x // (wave // 2)) % 2 else -amp)) for x in range(0, size + wave, wave // 2)]
            draw.line(pts, fill=ink, width=lw, joint="curve")
    return img


@lru_cache(maxsize=32)
def _triangle_masks(size: int) -> tuple[Image.Image, ...]:
    """Masks of the four triangles N, E, S, W of a square."""
    c = size / 2
    corners = [(0, 0), (size, 0), (size, size), (0, size)]
    masks = []
    for d in range(4):
        mask = Image.new("L", (size, size), 0)
        ImageDraw.Draw(mask).polygon([corners[d], corners[(d + 1) % 4], (c, c)], fill=255)
        masks.append(mask)
    return tuple(masks)


def _band(size: int) -> int:
    return max(9, round(size * 0.23))


@lru_cache(maxsize=128)
def landscape_face(terrain: str, size: int) -> Image.Image:
    img = _texture(terrain, size).copy()
    C.outlined_text(img, (size / 2, size / 2), terrain, max(12, int(size * 0.42)))
    ImageDraw.Draw(img).rectangle((0, 0, size - 1, size - 1), outline=GROUT, width=1)
    return img


@lru_cache(maxsize=512)
def building_face(building: str, rotation: int, size: int, caption: bool = True) -> Image.Image:
    """A building tile: the terrain of each side as a triangle with its letter,
    a cream centre for the house and, with ``caption``, ``B07 r2`` below it."""
    img = Image.new("RGB", (size, size), CREAM)
    masks = _triangle_masks(size)
    for d in range(4):
        img.paste(_texture(T.side(building, rotation, d), size), (0, 0), masks[d])
    draw = ImageDraw.Draw(img)
    band = _band(size)
    draw.line([(0, 0), (size, size)], fill=GROUT, width=1)
    draw.line([(0, size), (size, 0)], fill=GROUT, width=1)
    draw.rounded_rectangle(
        (band, band, size - 1 - band, size - 1 - band), max(2, size // 16), fill=CREAM, outline=GROUT, width=1
    )
    letter = max(9, int(band * 0.88))
    half = band / 2 + 0.5
    spots = [(size / 2, half), (size - half, size / 2), (size / 2, size - half), (half, size / 2)]
    for d, spot in enumerate(spots):
        C.outlined_text(img, spot, T.side(building, rotation, d), letter)
    if caption:
        inner = size - 2 * band
        C.draw_text(
            img,
            (size / 2, band + inner * 0.83),
            f"{building} r{rotation}",
            max(9, int(size * 0.125)),
            C.INK,
            anchor="mm",
        )
    draw.rectangle((0, 0, size - 1, size - 1), outline=GROUT, width=1)
    return img


def _house_geometry(box: C.Box) -> tuple[tuple[float, float], int]:
    size = box[2] - box[0]
    band = _band(size)
    inner = size - 2 * band
    return (box[0] + size / 2, box[1] + band + inner * 0.37), int(inner * 0.62)
