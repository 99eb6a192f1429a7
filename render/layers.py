"""Drawn once, pasted afterwards: the parts of a board image that do not change from one turn to the next.

A coordinate gutter, a legend, a line's value badge are drawn many times with
the same pixels.  :func:`layer` (at fixed places in the image) and
:func:`stamp` (anywhere) draw them once onto a canvas of the flat colour that
lies under them, keep the pixels that changed and paste those afterwards.  On a
ground of that colour the result is the same, pixel for pixel, as drawing
anew: what a drawing blends (antialiased text, sprites) it blends with the
same colour.  The callers guarantee that ground and that their drawing stays
inside the boxes they name; ``tests/render/test_static_layers.py`` compares
every game's images with and without the cache.

:func:`overlay` caches drawing of another kind: opaque strokes (Pillow's
lines, ellipses and rectangles are not antialiased, so every pixel they touch
takes their colour whatever lay under it).  Those it pastes over anything, a
grid over the polygons filled before it, with the same pixels as drawing anew.

The cache key must hold everything the drawing depends on: sizes, options, and
the words as said in the reader's language.  It is bounded in bytes
(:data:`BUDGET`), least recently used first out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
BUDGET = 24 * 1024 * 1024  # bytes of cached pixels (patch and mask), all games together
UNDRAWN: RGB = (1, 2, 3)  # an overlay's canvas: a colour no renderer draws, so each drawn pixel differs from it


@dataclass(frozen=True)
class _Piece:
    box: Box
    patch: Image.Image  # RGB
    mask: Image.Image  # 1: set where the drawing changed the ground (a "1" mask pastes six times faster than "L")

    @property
    def bytes(self) -> int:
        return self.patch.width * self.patch.height * 4


class _Cache:
    def __init__(self, budget: int):
        self.budget, self.used = budget, 0
        self.entries: OrderedDict[Hashable, tuple[_Piece, ...]] = OrderedDict()
        self.enabled = True
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> tuple[_Piece, ...] | None:
        pieces = self.entries.get(key)
        if pieces is not None:
            self.entries.move_to_end(key)
            self.hits += 1
        return pieces

    def put(self, key: Hashable, pieces: tuple[_Piece, ...]) -> None:
        self.misses += 1
        size = sum(p.bytes for p in pieces)
        if size > self.budget:
            return
        self.entries[key] = pieces
        self.used += size
        while self.used > self.budget:
            _, old = self.entries.popitem(last=False)
            self.used -= sum(p.bytes for p in old)

    def clear(self) -> None:
        self.entries.clear()
        self.used = self.hits = self.misses = 0


CACHE = _Cache(BUDGET)


@contextmanager
def uncached():
    """Draw everything anew inside the block (tests compare the two ways)."""
    before = CACHE.enabled
    CACHE.enabled = False
    try:
        yield
    finally:
        CACHE.enabled = before


def _changed(patch: Image.Image, ground: RGB) -> Image.Image:
    """A mode "1" mask, set where ``patch`` differs from the flat ``ground`` in any channel.  The
    mask is all or nothing, so mode "1" loses nothing, and Pillow pastes through it six times
    faster than through an "L" mask, which it blends pixel by pixel even where it is 0 or 255."""
    r, g, b = ImageChops.difference(patch, Image.new("RGB", patch.size, ground)).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0, "1")


def _cut(canvas: Image.Image, boxes: Iterable[Box], ground: RGB, shift: tuple[int, int] = (0, 0)) -> tuple[_Piece, ...]:
    pieces = []
    for box in boxes:
        patch = canvas.crop(box)
        pieces.append(
            _Piece(
                (box[0] + shift[0], box[1] + shift[1], box[2] + shift[0], box[3] + shift[1]),
                patch,
                _changed(patch, ground),
            )
        )
    return tuple(pieces)


def _paste(img: Image.Image, pieces: tuple[_Piece, ...], offset: tuple[int, int] = (0, 0)) -> None:
    for p in pieces:
        img.paste(p.patch, (p.box[0] + offset[0], p.box[1] + offset[1]), p.mask)


def layer(
    img: Image.Image,
    key: Hashable,
    boxes: list[Box],
    ground: RGB,
    draw: Callable[[Image.Image, ImageDraw.ImageDraw], None],
) -> None:
    """``draw(img, ImageDraw.Draw(img))``, which draws only inside ``boxes`` on a
    ``ground``-coloured part of the image, done once per ``key`` and image size."""
    if not CACHE.enabled:
        draw(img, ImageDraw.Draw(img))
        return
    full_key = ("layer", key, img.size, tuple(boxes), ground)
    pieces = CACHE.get(full_key)
    if pieces is None:
        canvas = Image.new("RGB", img.size, ground)
        draw(canvas, ImageDraw.Draw(canvas))
        pieces = _cut(canvas, boxes, ground)
        CACHE.put(full_key, pieces)
    _paste(img, pieces)


def stamp(
    img: Image.Image,
    key: Hashable,
    centre: tuple[float, float],
    half: tuple[int, int],
    ground: RGB,
    draw: Callable[[Image.Image, ImageDraw.ImageDraw, tuple[float, float]], None],
) -> None:
    """``draw(img, ImageDraw.Draw(img), centre)``, which draws only within ``half``
    px of ``centre`` on a ``ground``-coloured part of the image, done once per
    ``key`` and position of ``centre`` within a pixel pair and pasted anywhere."""
    if not CACHE.enabled:
        draw(img, ImageDraw.Draw(img), centre)
        return
    # an even offset: Python's round() rounds halves to even, so only an even shift
    # moves every rounded coordinate by exactly the shift
    ox = (int(centre[0]) - half[0] - 2) & ~1
    oy = (int(centre[1]) - half[1] - 2) & ~1
    local = (centre[0] - ox, centre[1] - oy)
    full_key = ("stamp", key, local, half, ground)
    pieces = CACHE.get(full_key)
    if pieces is None:
        size = (2 * half[0] + 6, 2 * half[1] + 6)
        canvas = Image.new("RGB", size, ground)
        draw(canvas, ImageDraw.Draw(canvas), local)
        pieces = _cut(canvas, [(0, 0, *size)], ground)
        CACHE.put(full_key, pieces)
    _paste(img, pieces, (ox, oy))


def overlay(img: Image.Image, key: Hashable, boxes: list[Box], draw: Callable[[ImageDraw.ImageDraw], None]) -> None:
    """``draw(ImageDraw.Draw(img))``, which draws only opaque strokes inside ``boxes``, done
    once per ``key`` and image size and pasted over whatever lies there."""
    if not CACHE.enabled:
        draw(ImageDraw.Draw(img))
        return
    full_key = ("overlay", key, img.size, tuple(boxes))
    pieces = CACHE.get(full_key)
    if pieces is None:
        canvas = Image.new("RGB", img.size, UNDRAWN)
        draw(ImageDraw.Draw(canvas))
        pieces = _cut(canvas, boxes, UNDRAWN)
        CACHE.put(full_key, pieces)
    _paste(img, pieces)
